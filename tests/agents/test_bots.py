"""The bot ladder over the game contract: legal choices only, reproducible from a seed, and no
access to hidden information (issue 6 §5). Runs on every registered game with ``Game.evaluate``."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import make_agent, parse_agent_spec
from meeple.core import State

from .helpers import Poisoned, games_with_evaluation

GAMES = games_with_evaluation()
SMALL_MCTS = "mcts:iterations=24:depth=4"
#: Decisions checked per game: enough to cross several turns, few enough to stay fast on long games.
STEPS = 60


def start(name: str, seed: int) -> State:
    game = meeple.load(name)
    return game.new_game(players=game.min_players, seed=seed)


def advance(state: State, decisions: int, seed: int) -> State:
    """Play ``decisions`` random moves, to reach states later in the game."""
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_bots_choose_only_legal_actions(name):
    state = start(name, seed=3)
    bots = [make_agent("greedy", seed=1), make_agent(SMALL_MCTS, seed=2)]
    for step in range(STEPS):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        legal = list(state.legal_actions())
        before = state.to_dict()
        action = bots[(seat + step // 7) % 2].act(state)
        assert action in legal, f"{name}: {action} is not among the legal actions"
        assert state.to_dict() == before, "choosing an action must not change the state"
        state.apply(action)


#: Bots of the ladder, of named evaluations (``Game.evaluations``; a game that lacks one skips it) and of the turn
#: search's rollouts (a game whose turn is one decision skips them).
SPECS = ["greedy", "easy", "greedy:worlds=2", SMALL_MCTS, "greedy:evaluation=fitted", "mcts:iterations=3:rollout_turns=2"]


def skip_unless_offered(name: str, spec: str) -> None:
    evaluation = parse_agent_spec(spec)[1].get("evaluation")
    if evaluation is not None and evaluation not in meeple.load(name).evaluations:
        pytest.skip(f"{name} offers no evaluation named {evaluation!r}")
    if "rollout_turns" in parse_agent_spec(spec)[1] and not meeple.load(name).lookahead:
        pytest.skip(f"a {name} turn is one decision: no turns to roll out")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_bots_are_reproducible_from_a_seed(name, spec):
    skip_unless_offered(name, spec)
    def choices(seed: int) -> list[str]:
        state = advance(start(name, seed=11), 5, seed=4)
        bot = make_agent(spec, seed=seed)
        out = []
        for _ in range(12):
            if state.is_over:
                break
            action = bot.act(state)
            out.append(str(action))
            state.apply(action)
        return out

    first = choices(seed=7)
    assert first and choices(seed=7) == first


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_bots_never_see_the_true_state(name, spec):
    """Agents get only the seat's doors (observation, determinize for that seat); the true state,
    where the hidden information lives, is poisoned: any other read fails the test."""
    skip_unless_offered(name, spec)
    state = advance(start(name, seed=5), 20, seed=5)
    bot = make_agent(spec, seed=3)
    for _ in range(10):
        if state.is_over:
            break
        poisoned = Poisoned(state)
        action = bot.act(poisoned)  # type: ignore[arg-type]
        assert action in state.legal_actions()
        if len(state.legal_actions()) > 1 and spec != "easy":  # easy's blunders pick without looking
            assert poisoned.calls, "a bot with a choice to make must look at the game through a determinization"
        state.apply(action)


def test_splendor_greedy_sees_only_determinized_blind_reserves():
    """Splendor §13: an opponent's blind reserve is hidden. Greedy's lookahead worlds come from
    determinize, so the card it scores for that reserve is resampled, not the true one."""
    game = meeple.load("splendor")
    state = game.new_game(players=2, seed=2)
    state.apply("reserve deck 3")  # seat 0 reserves a tier-3 card blind
    true_card = state.reserved[0][0]  # type: ignore[attr-defined]
    seen = set()
    original = game.evaluate

    def spy(world: State) -> list[float]:
        seen.add(world.reserved[0][0])  # type: ignore[attr-defined]
        return original(world)

    game.evaluate = spy  # type: ignore[method-assign]
    try:
        bot = make_agent("greedy", seed=1, samples=12)
        bot.act(state)
    finally:
        del game.evaluate
    assert len(seen) > 1, "the blind reserve should be resampled across determinizations"
    assert seen != {true_card}
