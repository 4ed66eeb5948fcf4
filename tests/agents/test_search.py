"""Search agents on a game with a known perfect play (Nim, see nim.py) and the errors for a game
without a heuristic."""

from __future__ import annotations

import pytest

from meeple.agents import MctsAgent, make_agent

from .nim import NIM


def nim(stones: int):
    return NIM.new_game(players=2, seed=1, stones=stones)


@pytest.mark.parametrize("spec", ["greedy", "mcts", "mcts:iterations=5:depth=3"])
def test_agents_that_need_a_heuristic_say_so(spec):
    bot = make_agent(spec, seed=1)
    with pytest.raises(NotImplementedError, match="needs a heuristic evaluation, and nim has none"):
        bot.check_game(NIM)
    with pytest.raises(NotImplementedError, match=r"implement Nim\.evaluate"):
        bot.act(nim(7))


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_mcts_with_full_rollouts_finds_the_winning_move(stones):
    """Perfect Nim play leaves a multiple of 4; full rollouts need no heuristic."""
    bot = make_agent("mcts:iterations=600:depth=none", seed=stones)
    bot.check_game(NIM)
    action = bot.act(nim(stones))
    assert action.id + 1 == stones % 4


def test_mcts_takes_the_last_stones():
    bot = make_agent("mcts:iterations=50:depth=none", seed=1)
    assert bot.act(nim(3)).id == 2


def test_mcts_with_a_time_budget_searches_and_chooses_legally():
    bot = make_agent("mcts:seconds=0.05:depth=none", seed=1)
    assert isinstance(bot, MctsAgent)
    state = nim(10)
    assert bot.act(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_a_finished_game_has_no_action_to_choose():
    state = nim(1)
    state.apply("take1")
    for spec in ("random", "mcts:depth=none"):
        with pytest.raises(ValueError, match="game is over"):
            make_agent(spec, seed=1).act(state)


def test_outcome_rewards_rank_the_seats_and_a_lost_solo_game_scores_zero():
    from meeple.agents.evaluation import outcome_rewards
    from meeple.core import Result

    class Finished:
        def __init__(self, ranks):
            self.ranks = ranks

        def result(self):
            return Result(tuple(0 for _ in self.ranks), self.ranks)

    assert outcome_rewards(Finished((2, 1, 3))) == [0.5, 1.0, 0.0]  # type: ignore[arg-type]
    assert outcome_rewards(Finished((1, 1))) == [1.0, 1.0]  # type: ignore[arg-type]
    assert outcome_rewards(Finished((1,))) == [1.0]  # type: ignore[arg-type]
    assert outcome_rewards(Finished((2,))) == [0.0]  # type: ignore[arg-type]
