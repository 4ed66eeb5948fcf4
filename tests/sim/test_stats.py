"""Tournament statistics against values computed by hand on a small fixed set of results."""

from __future__ import annotations

import math

import pytest

from meeple.sim.stats import summarize, wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (3, 4, 0.3006, 0.9544),  # centre (p + z²/2n)/(1 + z²/n), half-width z/(1+z²/n)·√(p(1−p)/n + z²/4n²)
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval(wins, games, low, high):
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


@pytest.mark.parametrize("games", [1, 3, 7, 30, 101, 1000])
def test_wilson_holds_the_observed_rate_and_is_exact_at_the_ends(games):
    assert wilson(0, games)[0] == 0.0 and wilson(games, games)[1] == 1.0
    for wins in range(0, games + 1, max(1, games // 10)):
        low, high = wilson(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0


def test_wilson_without_games_and_bad_counts():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(5, 4)


def result(entrants, ranks, scores, length, think, decisions, factions):
    return {
        "entrants": entrants,
        "ranks": ranks,
        "scores": scores,
        "length": length,
        "think": think,
        "decisions": decisions,
        "details": {"factions": factions, "turns": 3},
    }


RESULTS = [
    result([0, 1], [1, 2], [15, 10], 60, [0.6, 0.1], [30, 30], ["red", "blue"]),
    result([1, 0], [1, 2], [16, 12], 70, [0.2, 0.9], [35, 35], ["blue", "red"]),
    result([0, 1], [1, 1], [15, 15], 80, [0.3, 0.3], [40, 40], ["red", "blue"]),  # a shared first place
    result([1, 0], [2, 1], [9, 17], 50, [0.1, 0.5], [25, 25], ["red", "blue"]),
]


def test_summary_matches_hand_computed_figures():
    s = summarize(RESULTS, ["A", "B"])
    a, b = s.entrants
    assert s.games == 4 and s.players == 2
    # A won games 0, 2 (shared) and 3; B won games 1 and 2 (shared).
    assert (a.win.wins, a.win.games, a.shared_wins) == (3, 4, 1)
    assert (b.win.wins, b.win.games, b.shared_wins) == (2, 4, 1)
    assert (a.win.low, a.win.high) == pytest.approx((0.3006, 0.9544), abs=1e-4)
    assert a.mean_score == pytest.approx(14.75)
    assert a.sd_score == pytest.approx(math.sqrt(12.75 / 3))
    assert b.mean_score == pytest.approx(12.5)
    assert (a.mean_rank, b.mean_rank) == pytest.approx((1.25, 1.5))
    assert a.seconds_per_decision == pytest.approx(2.3 / 130)
    assert b.seconds_per_decision == pytest.approx(0.7 / 130)
    # By seat position: A won both games at seat 0, one of two at seat 1.
    assert [(r.wins, r.games) for r in a.by_position] == [(2, 2), (1, 2)]
    assert [(r.wins, r.games) for r in b.by_position] == [(1, 2), (1, 2)]
    # Seat advantage over all entrants: seat 0 won games 0, 1, 2; seat 1 won games 2, 3.
    assert [(r.wins, r.games) for r in s.by_position] == [(3, 4), (2, 4)]
    assert (s.mean_length, s.min_length, s.max_length) == (65, 50, 80)
    assert s.sd_length == pytest.approx(math.sqrt(500 / 3))
    assert s.shared_first == 1


def test_win_rate_by_a_per_seat_category():
    """Per-seat string lists in the result details (Scythe's factions and mats) get win rates."""
    s = summarize(RESULTS, ["A", "B"])
    assert set(s.by_category) == {"factions"}
    rates = s.by_category["factions"]
    assert [(k, r.wins, r.games) for k, r in rates.items()] == [("blue", 3, 4), ("red", 2, 4)]


def test_summary_needs_results():
    with pytest.raises(ValueError, match="no finished games"):
        summarize([], ["A"])


def test_aborted_games_are_counted_and_left_out():
    aborted = {"entrants": [0, 1], "ranks": None, "scores": None, "length": 20000, "aborted": "not over after 20000 decisions"}
    s = summarize([*RESULTS, aborted], ["A", "B"])
    assert s.aborted == 1 and s.games == 4
    assert (s.entrants[0].win.wins, s.entrants[0].win.games) == (3, 4)
    with pytest.raises(ValueError, match="1 aborted"):
        summarize([aborted], ["A", "B"])
