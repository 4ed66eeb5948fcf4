"""The reward modes shared by the adapters (docs/rl.md "Rewards")."""

from __future__ import annotations

import pytest

from meeple.core import Result
from meeple.envs.common import final_rewards, reward_range


def _result(scores: list[int], ranks: list[int]) -> Result:
    return Result(tuple(scores), tuple(ranks))


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ([1, 2], [1.0, -1.0]),
        ([1, 1], [0.0, 0.0]),
        ([2, 1, 3], [-0.5, 1.0, -0.5]),
        ([1, 1, 3], [0.25, 0.25, -0.5]),
        ([1, 1, 1, 1], [0.0, 0.0, 0.0, 0.0]),
        ([1, 1, 3, 4], [1 / 3, 1 / 3, -1 / 3, -1 / 3]),
        ([3, 1, 2, 4, 5], [-0.25, 1.0, -0.25, -0.25, -0.25]),
    ],
)
def test_win_rewards_are_zero_sum_and_shared_by_tied_winners(ranks: list[int], expected: list[float]) -> None:
    got = final_rewards(_result([0] * len(ranks), ranks), "win")
    assert got == pytest.approx(expected)
    assert sum(got) == pytest.approx(0.0)
    low, high = reward_range(len(ranks))
    assert all(low - 1e-12 <= r <= high for r in got)


def test_score_rewards_are_score_minus_mean() -> None:
    assert final_rewards(_result([15, 9, 12], [1, 3, 2]), "score") == pytest.approx([3.0, -3.0, 0.0])


def test_unknown_mode_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="rewards must be one of"):
        final_rewards(_result([1, 0], [1, 2]), "points")
