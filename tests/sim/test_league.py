"""The rating league (issue 20 §5): Bradley–Terry ratings match a hand-computed example; a league plays every pair."""

from __future__ import annotations

import json
import math

import pytest

from meeple.sim.league import League, run_league
from meeple.sim.rating import ELO, pairwise, ratings


def game(winner: int, loser: int) -> dict:
    return {"entrants": [winner, loser], "ranks": [1, 2]}


def test_two_entrants_three_wins_in_four_by_hand() -> None:
    """A beat B 3 times in 4; with one virtual draw the fit is 3.5 wins in 5, so p(A beats B) = 0.7 and the
    difference is 400·log10(0.7/0.3) = 147.2 points. Var(d) = 1/(5·0.7·0.3) in log-strength; each rating
    carries half of d, so its 95% half-width is 1.96·ELO·sqrt(Var(d))/2 = 166.1 points."""
    results = [game(0, 1), game(0, 1), game(0, 1), game(1, 0)]
    a, b = ratings(results, ["A", "B"])
    assert (a.label, b.label) == ("A", "B")
    assert a.rating - b.rating == pytest.approx(400 * math.log10(0.7 / 0.3), abs=1e-6)
    assert (a.rating + b.rating) / 2 == pytest.approx(1500)
    half = 1.96 * ELO * math.sqrt(1 / (5 * 0.7 * 0.3)) / 2
    assert a.high - a.rating == pytest.approx(half, abs=1e-6) and a.rating - a.low == pytest.approx(half, abs=1e-6)
    assert (a.games, a.score, b.score) == (4, 3.0, 1.0)


def test_a_cycle_rates_everyone_alike_and_ties_count_half() -> None:
    cycle = [game(0, 1), game(1, 2), game(2, 0)]
    rated = ratings(cycle, ["x", "y", "z"])
    assert max(r.rating for r in rated) - min(r.rating for r in rated) < 1e-6
    wins, games = pairwise([*cycle, {"entrants": [0, 1], "ranks": [1, 1]}], 3)
    assert (wins[0, 1], wins[1, 0], games[0, 1]) == (1.5, 0.5, 2)


def test_a_multiplayer_game_counts_every_pair_by_rank() -> None:
    wins, games = pairwise([{"entrants": [2, 0, 1], "ranks": [1, 3, 2]}], 3)
    assert wins[2, 0] == wins[2, 1] == wins[1, 0] == 1 and games.sum() == 6


def test_a_league_plays_every_pair_and_ranks_the_ladder(tmp_path) -> None:
    league = League("splendor", entrants=("random", "greedy", "easy"), games=4, seed=3)
    table = run_league(league, out=tmp_path, progress=False)
    assert len(table.results) == 3 * 4
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == ["00-random-vs-greedy.jsonl", "01-random-vs-easy.jsonl", "02-greedy-vs-easy.jsonl"]
    assert table.ratings[0].label == "greedy" and table.ratings[-1].label == "random"
    again = run_league(league, out=tmp_path, progress=False)  # resumed: nothing new is played
    assert [r.rating for r in again.ratings] == [r.rating for r in table.ratings]


def test_a_league_refuses_repeats_and_too_few_entrants() -> None:
    with pytest.raises(ValueError, match="each entrant once"):
        League("splendor", entrants=("greedy", "greedy"), games=1).check()
    with pytest.raises(ValueError, match="needs at least 3"):
        League("splendor", entrants=("greedy", "random"), games=1, players=3).check()


def test_the_tournament_command_plays_a_league_and_reports_its_ratings(tmp_path) -> None:
    from typer.testing import CliRunner

    from meeple.cli import app

    out, report = tmp_path / "league", tmp_path / "report"
    args = ["tournament", "splendor", "--league", "greedy,random", "--games", "2", "--out", str(out), "--report", str(report), "-q"]
    run = CliRunner().invoke(app, args)
    assert run.exit_code == 0, run.output
    assert "greedy" in run.output and "95% interval" in run.output
    assert (report / "ratings.png").stat().st_size > 0
    assert json.loads((report / "league.json").read_text())["games"] == 2
    both = CliRunner().invoke(app, ["tournament", "splendor", "--league", "greedy,random", "--seats", "greedy,random"])
    assert both.exit_code == 2 and "either --seats" in both.output
