"""benchmarks/solo_turn_rollouts.py: a turn's candidates are played in one world and on to the end, reproducibly,
and compared within their turn start (a deal's luck cancels)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.games.scythe.fitted import AUTOMA_FEATURES, SEAT_FEATURES

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "solo_turn_rollouts.py"
_spec = importlib.util.spec_from_file_location("solo_turn_rollouts", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

#: A narrow bot: the rollouts' cost, not their quality, is what a test can afford.
FAST = "greedy:beam=2:worlds=1:plan_worlds=1"


def test_each_candidate_is_played_to_the_end_and_the_same_seed_plays_the_same() -> None:
    state = meeple.load("scythe").new_game(players=1, seed=11, automa_level="autometta")
    first = bench.play_candidates(FAST, state, random.Random(3), 3)
    again = bench.play_candidates(FAST, state, random.Random(3), 3)
    assert first == again
    assert 2 <= len(first) <= 3
    for candidate in first:
        assert len(candidate["features"]) == len(SEAT_FEATURES) + len(AUTOMA_FEATURES)
        assert candidate["margin"] == int(candidate["margin"])
    # The planner's candidates are distinct turns, so their values after the turn differ.
    assert len({c["value"] for c in first}) == len(first)
    assert not state.is_over and state.turns == 0  # the position asked about is left as it was


def test_candidates_are_compared_within_their_turn_start() -> None:
    features = len(SEAT_FEATURES) + len(AUTOMA_FEATURES)
    rows = [
        {"groups": [{"turn": 0, "candidates": [
            {"value": 10.0, "margin": 5.0, "features": [1.0] * features},
            {"value": 12.0, "margin": 9.0, "features": [3.0] * features},
        ]}]},
        {"groups": [{"turn": 4, "candidates": [
            {"value": 100.0, "margin": -40.0, "features": [0.0] * features},
            {"value": 100.0, "margin": -40.0, "features": [0.0] * features},
            {"value": 106.0, "margin": -37.0, "features": [3.0] * features},
        ]}]},
    ]  # fmt: skip
    value, margin, table, group_of = bench.centred(rows)
    assert value.tolist() == [-1.0, 1.0, -2.0, -2.0, 4.0]
    assert margin.tolist() == [-2.0, 2.0, -1.0, -1.0, 2.0]
    assert table[:, 0].tolist() == [-1.0, 1.0, -1.0, -1.0, 2.0]
    assert group_of.tolist() == [0, 0, 1, 1, 1]
    assert np.allclose(value.sum(), 0.0)


@pytest.mark.parametrize("argv", [["--seeds", "990", "1001"], ["--seeds", "5", "4"], ["--share", "0"], ["--candidates", "1"]])
def test_seeds_kept_for_measuring_and_bad_options_are_refused(argv: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "argv", ["solo_turn_rollouts.py", *argv, "--dir", str(tmp_path / "out")])
    with pytest.raises(SystemExit) as refused:
        bench.main()
    assert refused.value.code not in (0, None)
    assert not (tmp_path / "out").exists()  # refused before anything is written


def test_one_feature_at_a_time_gives_the_margins_and_the_values_slopes() -> None:
    x = np.array([-1.0, 1.0, 0.0, 0.0, -2.0, 2.0])
    margin = 3.0 * x + np.array([0.5, 0.5, -1.0, 1.0, -0.5, -0.5])
    value = -2.0 * x
    rows, slope, se, by_value = bench.contrast(x, margin, value)
    assert rows == 4
    assert slope == pytest.approx(3.0)
    assert by_value == pytest.approx(-2.0)
    assert 0 < se < 1
    assert np.isnan(bench.contrast(np.zeros(4), np.ones(4), np.ones(4))[1])  # a feature no turn changes says nothing
