"""The uniformly random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random

from meeple.core import Action, State

from .base import Agent, register_agent


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        return legal[self.rng.randrange(len(legal))]


register_agent("random", RandomAgent)
