"""The mcts options that steer the search with the game's heuristic: ``relative`` rewards and ``expand=all``."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import MctsAgent, make_agent
from meeple.agents.evaluation import advantage
from meeple.agents.mcts import Node, _Search

from .nim import NIM


def stoneage_placement(decisions: int = 9):
    """A Stone Age position a few placements in, with many legal moves of different worth."""
    game = meeple.load("stoneage")
    state = game.new_game(players=2, seed=3)
    bot = make_agent("greedy", seed=1)
    for _ in range(decisions):
        state.apply(bot.act(state))
    assert len(state.legal_actions()) > 5
    return state


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:relative=3", "relative must be true or false"),
        ("mcts:relative=yes", "relative must be true or false"),
        ("mcts:expand=two", "expand must be 'one' or 'all'"),
        ("mcts:expand=1", "expand must be 'one' or 'all'"),
    ],
)
def test_bad_option_values_give_clear_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec, seed=1)


def test_options_reach_the_agent():
    bot = make_agent("mcts:iterations=5:relative=true:expand=all", seed=1)
    assert isinstance(bot, MctsAgent)
    assert (bot.relative, bot.expand) == (True, "all")
    plain = make_agent("mcts", seed=1)
    assert (plain.relative, plain.expand) == (False, "one")  # type: ignore[attr-defined]


def test_expanding_all_needs_a_heuristic_even_with_full_rollouts():
    with pytest.raises(NotImplementedError, match="needs a heuristic evaluation"):
        make_agent("mcts:depth=none:expand=all", seed=1).check_game(NIM)
    make_agent("mcts:depth=none", seed=1).check_game(NIM)  # full rollouts alone need none


def test_relative_rewards_are_even_at_the_roots_lead():
    """Whatever the lead at the root, a leaf that changes nothing is worth 0.5 to every seat."""
    state = stoneage_placement()
    seat = state.current_player
    bot = make_agent("mcts:relative=true:scale=5", seed=1)
    search = _Search(bot, seat)  # type: ignore[arg-type]
    world = state.determinize(seat, 7)
    assert abs(advantage(world.game.evaluate(world), seat)) > 1  # the lead itself is not what makes it 0.5
    search.set_baseline(world)
    assert search.heuristic_rewards(world.clone()) == pytest.approx([0.5, 0.5])


def test_one_iteration_expanding_all_plays_the_best_one_ply_move():
    """After its first iteration every root child holds its one-ply value, so the choice is greedy's."""
    state = stoneage_placement()
    seat = state.current_player
    world = state.determinize(seat, 11)
    leads = {}
    for action in world.legal_actions():
        child = world.clone()
        child.apply(action)
        leads[action.id] = advantage(child.game.evaluate(child), seat)
    bot = make_agent("mcts:iterations=1:depth=0:expand=all:scale=4", seed=2)
    choice = bot.act(state)
    assert leads[choice.id] == pytest.approx(max(leads.values()))
    assert len({round(v, 6) for v in leads.values()}) > 1  # the moves do differ


def test_expanding_all_gives_every_legal_child_one_visit_and_backs_up_the_best():
    state = stoneage_placement()
    seat = state.current_player
    bot = make_agent("mcts:iterations=1:depth=0:expand=all:scale=4", seed=2)
    root = Node(seat)
    search = _Search(bot, seat)  # type: ignore[arg-type]
    legal = state.legal_actions()
    search.iterate(root, state.determinize(seat, 5))
    assert set(root.children) == {a.id for a in legal}
    assert all(child.visits == 1 for child in root.children.values())
    assert root.visits == 1


@pytest.mark.parametrize("spec", ["mcts:iterations=30:depth=0:relative=true:c=0.05", "mcts:iterations=30:depth=0:expand=all:c=0.05"])
def test_the_options_stay_reproducible_under_an_iteration_budget(spec):
    state = stoneage_placement()
    first = [make_agent(spec, seed=s).act(state).id for s in range(4)]
    again = [make_agent(spec, seed=s).act(state).id for s in range(4)]
    assert first == again
    assert all(a in {x.id for x in state.legal_actions()} for a in first)


def test_a_game_recommends_search_settings_and_a_seat_spec_overrides_them():
    """Game.mcts_settings fills the settings a spec leaves out; those the spec gives win; the built-ins are last."""
    stoneage = meeple.load("stoneage")
    state = stoneage.new_game(players=2, seed=3)
    plain = make_agent("mcts:iterations=5", seed=1)
    plain.act(state)
    assert (plain.depth, plain.relative, plain.c, plain.expand) == (0, True, 0.05, "all")
    chosen = make_agent("mcts:iterations=5:depth=4:c=0.7", seed=1)
    chosen.act(state)
    assert (chosen.depth, chosen.relative, chosen.c, chosen.expand) == (4, True, 0.7, "all")
    splendor = meeple.load("splendor")
    plain.act(splendor.new_game(players=2, seed=3))
    assert (plain.depth, plain.relative, plain.c, plain.expand) == (10, False, 0.7, "one")


def test_bad_recommended_settings_are_named_with_the_game(monkeypatch):
    splendor = meeple.load("splendor")
    monkeypatch.setattr(type(splendor), "mcts_settings", {"expand": "some"})
    with pytest.raises(ValueError, match=r"expand must be 'one' or 'all'.*splendor\.mcts_settings"):
        make_agent("mcts:iterations=5", seed=1).act(splendor.new_game(players=2, seed=3))
