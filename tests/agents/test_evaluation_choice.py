"""``evaluation=NAME``: greedy and mcts score with one of the game's named evaluations (``Game.evaluations``,
docs/api.md), the game's own ``evaluate`` by default; an unknown name is refused with a clear message."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core import State

from .nim import Nim, NimState


def eager(state: State) -> list[float]:
    """Seat 0 likes few stones left (it takes three), seat 1 the opposite."""
    s: Any = state
    return [-float(s.stones), float(s.stones)]


def cautious(state: State) -> list[float]:
    """Seat 0 likes many stones left (it takes one)."""
    return [-v for v in eager(state)]


class ScoredNim(Nim):
    """Nim whose own heuristic is ``eager``, with a named ``cautious`` one."""

    name = "scored-nim"
    evaluations: ClassVar[dict[str, Any]] = {"cautious": cautious}

    def evaluate(self, state: State) -> list[float]:
        return eager(state)


def start(stones: int = 9) -> NimState:
    return ScoredNim().new_game(players=2, seed=1, stones=stones)  # type: ignore[return-value]


def test_the_default_is_the_games_evaluate():
    state = start()
    assert make_agent("greedy", seed=1).act(state).text == "take3"
    assert make_agent("greedy:evaluation=cautious", seed=1).act(state).text == "take1"


def test_mcts_scores_its_leaves_with_the_named_evaluation():
    """One-ply search (depth 0, every child at once): the leaves' values are the named heuristic's."""
    state = start()
    spec = "mcts:iterations=30:depth=0:expand=all"
    by_default = make_agent(spec, seed=1).act(state)
    by_name = make_agent(spec + ":evaluation=cautious", seed=1).act(state)
    assert (by_default.text, by_name.text) == ("take3", "take1")


@pytest.mark.parametrize("spec", ["greedy:evaluation=nonsense", "mcts:iterations=5:evaluation=nonsense"])
def test_an_unknown_evaluation_is_refused_before_any_move(spec):
    bot = make_agent(spec, seed=1)
    state = start()
    before = state.to_dict()
    with pytest.raises(ValueError, match=r"no evaluation named 'nonsense' \(it offers: cautious\)"):
        bot.check_game(state.game)
    with pytest.raises(ValueError, match="no evaluation named"):
        bot.act(state)
    assert state.to_dict() == before


@pytest.mark.parametrize("value", [3, "", True])
def test_an_evaluation_that_is_not_a_name_is_refused(value):
    with pytest.raises(ValueError, match="evaluation must be the name"):
        make_agent("greedy", seed=1, evaluation=value)
    with pytest.raises(ValueError, match="evaluation must be the name"):
        make_agent("mcts", seed=1, evaluation=value)


def test_a_game_without_named_evaluations_says_so():
    splendor = meeple.load("splendor")
    assert dict(splendor.evaluations) == {}
    with pytest.raises(ValueError, match="splendor has no evaluation named 'fitted' \\(it offers: none besides its evaluate\\)"):
        make_agent("greedy:evaluation=fitted", seed=1).check_game(splendor)


def test_a_tournament_refuses_the_unknown_name_before_playing(tmp_path):
    from typer.testing import CliRunner

    from meeple.cli import app

    out = tmp_path / "t.jsonl"
    run = CliRunner().invoke(app, ["tournament", "splendor", "--seats", "greedy:evaluation=fitted,random", "--games", "1", "--out", str(out)])
    assert run.exit_code != 0
    assert "no evaluation named 'fitted'" in run.output
    assert not out.exists()
