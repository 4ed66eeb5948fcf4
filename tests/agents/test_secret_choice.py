"""Greedy's secret choice weighed in many worlds (agents/greedy.py, ``secret_worlds``; ``Game.secret_choice``): a
choice that chance answers as soon as it is made (Scythe solo: a fight's dial and cards against the Automa's card).

The toy game: each turn its one seat commits a stake in two decisions (a dial of 0 to 2, then a card worth 0 or 1)
and a hidden draw answers it: 0, 2, 3 or 3. A stake at least the draw wins 4 points; each unit staked costs 0.4.
On average a stake of 3 pays most (2.8 against 1.2 for 2, 0.6 for 1 and 1 for 0), but a plan made in one world
stakes just what beats that world's draw: 0 whenever the draw is 0.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import pytest

from meeple.agents import make_agent
from meeple.core import Action, ChanceScript, Result, State

from .helpers import ToyGame

DIALS = tuple(Action(i, f"dial {i}") for i in range(3))
CARDS = tuple(Action(3 + i, f"card {i}") for i in range(2))
END = Action(5, "end")
DRAWS = (0, 2, 3, 3)
WIN, COST = 4.0, 0.4


class Stakes(ToyGame):
    actions = (*DIALS, *CARDS, END)
    name = "stakes"
    title = "Stakes"
    min_players = 1
    max_players = 1
    options = {"rounds": 12}
    num_actions = 6
    lookahead = 3

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> StakesState:
        s = StakesState.__new__(StakesState)
        s.init_base(self, players, seed, options, script)
        s.points, s.step, s.dial, s.turns, s.stakes = 0.0, 0, 0, 0, []
        return s

    def secret_choice(self, observation: Mapping[str, Any]) -> Hashable | None:
        return observation["turns"] if observation["step"] < 2 and not observation["over"] else None

    def evaluate(self, state: State) -> list[float]:
        return [state.points]  # type: ignore[attr-defined]


class StakesState(State):
    __slots__ = ("dial", "points", "stakes", "step", "turns")
    points: float
    step: int
    dial: int
    turns: int
    stakes: list[int]

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.turns >= self.opts["rounds"]

    def generate_legal(self) -> list[Action]:
        return list(DIALS) if self.step == 0 else list(CARDS) if self.step == 1 else [END]

    def do(self, action: Action) -> None:
        if action in DIALS:
            self.dial, self.step = action.id, 1
        elif action in CARDS:
            stake = self.dial + action.id - 3
            self.stakes.append(stake)
            drawn = DRAWS[self.chance_index("draw", DRAWS)]
            self.points += (WIN if stake >= drawn else 0.0) - COST * stake
            self.step = 2
        else:
            self.step, self.turns = 0, self.turns + 1

    def clone(self) -> StakesState:
        s = StakesState.__new__(StakesState)
        self.copy_base_into(s)
        s.points, s.step, s.dial, s.turns, s.stakes = self.points, self.step, self.dial, self.turns, list(self.stakes)
        return s

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        return Result((self.points,), (1,) if self.points >= 2 * self.opts["rounds"] else (2,))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": self.points, "step": self.step, "dial": self.dial, "turns": self.turns, "over": self.is_over}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), **self.observation(None), "stakes": list(self.stakes)}

    def determinize(self, seat: int | None, seed: int) -> StakesState:
        s = self.clone()
        s.rng = self.reseeded(seed)  # the next draw is unknown: a fresh stream
        return s


STAKES = Stakes()


def stakes(seed: int, agent: str = "greedy", **params: Any) -> list[int]:
    """The stakes ``agent`` commits over one game."""
    state = STAKES.new_game(players=1, seed=seed)
    bot = make_agent(agent, seed=seed, **params)
    while not state.is_over:
        action = bot.act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state.stakes


ONE_WORLD = {"worlds": 1, "plan_worlds": 1}


def test_a_plan_made_in_one_world_stakes_what_beats_that_worlds_draw():
    seen = [x for seed in range(3) for x in stakes(seed, secret_worlds=0, **ONE_WORLD)]
    assert 0 in seen and seen.count(3) < len(seen)


def test_a_secret_choice_weighed_in_many_worlds_stakes_the_best_mean():
    for seed in range(3):
        assert stakes(seed, **ONE_WORLD) == [3] * 12  # the whole choice, dial 2 and card 1, in 32 worlds


def test_mcts_makes_a_secret_choice_as_greedy_does():
    assert stakes(0, "mcts", iterations=4) == [3] * 12
    assert stakes(0, "mcts", iterations=4, secret_worlds=4) == stakes(0, "mcts", iterations=4, secret_worlds=4)


def test_the_secret_choice_stays_reproducible_from_a_seed():
    assert stakes(7, secret_worlds=4, **ONE_WORLD) == stakes(7, secret_worlds=4, **ONE_WORLD)


@pytest.mark.parametrize("agent", ["greedy", "mcts"])
@pytest.mark.parametrize("bad", [-1, 1.5, True, "8"])
def test_secret_worlds_must_be_a_non_negative_count(agent: str, bad: object):
    with pytest.raises(ValueError, match="secret_worlds"):
        make_agent(agent, secret_worlds=bad)
