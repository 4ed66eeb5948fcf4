"""The greedy agent: one-ply lookahead scored by the game's heuristic evaluation."""

from __future__ import annotations

import random

from meeple.core import Action, Game, State

from .base import Agent, register_agent
from .evaluation import advantage, outcome_rewards, require_evaluation

#: A finished game outweighs any heuristic difference: winning now beats every other move.
_OUTCOME_WEIGHT = 1e6


class GreedyAgent(Agent):
    """Tries every legal action on a determinized copy and keeps the one whose result it likes best.

    The copy comes from ``state.determinize(seat, seed)``, so the agent never sees what its seat may
    not know; a move that draws a card or rolls dice draws from that copy's reseeded chance stream.
    Each candidate is scored from the mover's seat as its evaluation minus the best opponent's
    (a finished game by its result), averaged over ``samples`` determinizations; ties are broken by
    the agent's seeded generator.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: int = 1) -> None:
        if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
            raise ValueError(f"greedy: samples must be a positive integer, got {samples!r}")
        self.rng = random.Random(seed)
        self.samples = samples

    def check_game(self, game: Game) -> None:
        require_evaluation(game, self.name)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        game = state.game
        self.check_game(game)
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = state.determinize(seat, self.rng.getrandbits(63))
            by_id = {a.id: a for a in world.legal_actions()}
            for i, action in enumerate(legal):
                twin = by_id.get(action.id)
                if twin is None:
                    raise RuntimeError(f"{game.name}: determinize changed seat {seat}'s legal actions ({action} is missing)")
                child = world.clone()
                child.apply(twin)
                totals[i] += score(child, seat)
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t == best]
        return legal[ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]


def score(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``: its heuristic lead, or its result once the game is over."""
    value = advantage(state.game.evaluate(state), seat)
    if state.is_over:
        value += _OUTCOME_WEIGHT * (outcome_rewards(state)[seat] - 0.5)
    return value


register_agent("greedy", GreedyAgent)
