"""Bot levels (issue 20 §4): easy, medium and hard are seat specs chosen by name, a game may map them to its own."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import LEVELS, GreedyAgent, LevelAgent, MctsAgent, agent_names, level_spec, make_agent


def test_every_level_is_an_agent_name_and_plays_its_spec() -> None:
    assert {"easy", "medium", "hard"} <= set(agent_names())
    assert level_spec("medium") == LEVELS["medium"] == "greedy"
    state = meeple.load("splendor").new_game(players=2, seed=2)
    bot = make_agent("easy", seed=4)
    assert isinstance(bot, LevelAgent)
    assert bot.act(state) in state.legal_actions()
    assert isinstance(bot.inner, GreedyAgent) and bot.inner.blunder == 0.5


def test_a_game_may_choose_what_a_level_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    game = meeple.load("stoneage")
    monkeypatch.setattr(type(game), "bot_levels", {"hard": "greedy:samples=2"}, raising=False)
    assert level_spec("hard", game) == "greedy:samples=2"
    assert level_spec("easy", game) == LEVELS["easy"]
    bot = make_agent("hard", seed=1)
    state = game.new_game(players=2, seed=1)
    bot.act(state)
    assert isinstance(bot.inner, GreedyAgent) and bot.inner.samples == 2


def test_a_game_may_choose_what_a_level_plays_in_a_game_with_one_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scythe's hard plays greedy against the Automa (it scores more there than mcts: docs/agents.md, "Levels"), and
    mcts between seats; the same bot follows the number of seats of the game it is handed."""
    game = meeple.load("scythe")
    assert level_spec("hard", game, players=1) == "greedy"
    assert level_spec("hard", game, players=2) == level_spec("hard", game) == LEVELS["hard"]
    assert level_spec("medium", game, players=1) == LEVELS["medium"]
    bot = make_agent("hard", seed=1)
    bot.check_game(game)
    assert isinstance(bot.inner, MctsAgent)
    solo = game.new_game(players=1, seed=3)
    assert bot.act(solo) in solo.legal_actions()
    assert isinstance(bot.inner, GreedyAgent)
    monkeypatch.setattr(type(game), "solo_bot_levels", {}, raising=False)
    assert level_spec("hard", game, players=1) == LEVELS["hard"]


def test_an_unknown_level_and_a_bad_blunder_are_refused() -> None:
    with pytest.raises(ValueError, match="no bot level"):
        level_spec("expert")
    for bad in (-0.1, 1.5, "often", True):
        with pytest.raises(ValueError, match="blunder"):
            make_agent("greedy", blunder=bad)


def test_blunder_one_plays_like_random_and_zero_like_greedy() -> None:
    """A blunder chance of 1 never consults the heuristic; 0 is plain greedy, choice for choice."""
    game = meeple.load("splendor")
    state = game.new_game(players=2, seed=9)
    rng = random.Random(1)
    for _ in range(30):
        legal = state.legal_actions()
        assert make_agent("greedy:blunder=0", seed=5).act(state) == make_agent("greedy", seed=5).act(state)
        state.apply(legal[rng.randrange(len(legal))])
    calls = []
    monkey = make_agent("greedy:blunder=1", seed=5)
    monkey.check_game = lambda g: calls.append(g)  # type: ignore[method-assign]
    monkey.act(state)
    assert calls, "the game check still runs"
