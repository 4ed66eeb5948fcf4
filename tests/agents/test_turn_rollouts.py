"""Rollouts of the turn search (mcts ``rollout_turns``): a leaf is scored after more turns of the narrow planner.

The toy game is played by one seat, turn after turn, as in a solo game. Each turn is one decision: ``pick`` (a
point now), ``plant`` (nothing now, a tree) or, with a tree planted, ``harvest`` (three points). Planting pays
only on the next turn, so a search that scores each turn where it ends picks, and one that plays a turn more
before scoring plants. The game is won with ``target`` points.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.agents import make_agent, turn_search
from meeple.core import Action, ChanceScript, Result, State

from .helpers import ToyGame

PICK, PLANT, HARVEST = (Action(i, t) for i, t in enumerate(("pick", "plant", "harvest")))
ACTIONS = (PICK, PLANT, HARVEST)


class Orchard(ToyGame):
    actions = ACTIONS
    name = "orchard"
    title = "Orchard"
    min_players = 1
    max_players = 1
    options = {"rounds": 4, "target": 6}
    num_actions = 3
    lookahead = 2

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> OrchardState:
        s = OrchardState.__new__(OrchardState)
        s.init_base(self, players, seed, options, script)
        s.points, s.trees, s.turns = 0, 0, 0
        return s

    def evaluate(self, state: State) -> list[float]:
        return [float(state.points)]  # type: ignore[attr-defined]

    def turn_number(self, state: State) -> int | None:
        return state.turns  # type: ignore[attr-defined]


class OrchardState(State):
    __slots__ = ("points", "trees", "turns")
    points: int
    trees: int
    turns: int

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.turns >= self.opts["rounds"]

    def generate_legal(self) -> list[Action]:
        return [PICK, PLANT, HARVEST] if self.trees else [PICK, PLANT]

    def do(self, action: Action) -> None:
        if action is PICK:
            self.points += 1
        elif action is PLANT:
            self.trees += 1
        else:
            self.trees -= 1
            self.points += 3
        self.turns += 1

    def clone(self) -> OrchardState:
        s = OrchardState.__new__(OrchardState)
        self.copy_base_into(s)
        s.points, s.trees, s.turns = self.points, self.trees, self.turns
        return s

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        return Result((self.points,), (1 if self.points >= self.opts["target"] else 2,))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": self.points, "trees": self.trees, "turns": self.turns}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), **self.observation(None)}

    def determinize(self, seat: int | None, seed: int) -> OrchardState:
        s = self.clone()
        s.rng = self.reseeded(seed)
        return s


ORCHARD = Orchard()


def first_move(spec: str, **options: Any) -> str:
    return str(make_agent(spec, seed=1).act(ORCHARD.new_game(1, seed=1, **options)))


def test_a_leaf_scored_where_its_turn_ends_picks_and_one_rolled_a_turn_on_plants():
    # Two iterations: each of the two candidate turns (pick, plant) is tried once and scored.
    assert first_move("mcts:iterations=2") == "pick"
    assert first_move("mcts:iterations=2:rollout_turns=1") == "plant"  # the planner harvests the tree next turn


def test_rollouts_to_the_end_tell_turns_apart_by_the_margin_where_every_rollout_loses(monkeypatch):
    """A rollout that finishes is scored by its outcome and its final margin together: with a target no line
    reaches, wins alone score both candidates 0 and the search keeps the first-ranked one (pick)."""
    assert first_move("mcts:iterations=2:rollout_turns=none", target=100) == "plant"
    monkeypatch.setattr(turn_search, "FINISHED_OUTCOME", 1.0)
    assert first_move("mcts:iterations=2:rollout_turns=none", target=100) == "pick"


def play_orchard(spec: str, seed: int, rounds: int = 6) -> tuple[list[str], int]:
    """A whole orchard game played by ``spec``, every move checked legal: its moves and its points."""
    state = ORCHARD.new_game(1, seed=1, rounds=rounds)
    bot = make_agent(spec, seed=seed)
    out = []
    while not state.is_over:
        action = bot.act(state)
        assert action in state.legal_actions()
        out.append(str(action))
        state.apply(action)
    return out, state.points


def test_rollouts_play_whole_games_legally_and_reproducibly():
    def game(seed: int) -> list[str]:
        moves, points = play_orchard("mcts:iterations=6:rollout_turns=2", seed)
        assert points == 9  # three trees planted and harvested: the most six turns can make
        return moves

    first = game(3)
    assert first == game(3)


@pytest.mark.parametrize("value", [-1, 1.5, True, "two"])
def test_a_bad_number_of_rollout_turns_is_refused(value):
    with pytest.raises(ValueError, match="mcts: rollout_turns must be a non-negative integer or none"):
        make_agent("mcts", seed=1, rollout_turns=value)


def test_rollout_turns_are_refused_where_a_turn_is_one_decision():
    state = meeple.load("splendor").new_game(players=2, seed=1)
    with pytest.raises(ValueError, match=r"rollout_turns.*splendor.*depth"):
        make_agent("mcts:iterations=2:rollout_turns=2", seed=1).act(state)


def play_builder(first: str, second: str, rounds: int = 3) -> list[int]:
    """A whole game of test_turn_plan.py's Builder between two specs (seeds 2 and 3), every move checked legal: the
    seats' points."""
    from .test_turn_plan import BUILDER

    state = BUILDER.new_game(players=2, seed=1, rounds=rounds)
    bots = [make_agent(first, seed=2), make_agent(second, seed=3)]
    while not state.is_over:
        action = bots[state.current_player].act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return list(state.points)


def test_rollouts_between_two_seats_play_the_other_seats_turns_too():
    """With two seats a rollout turn of the searcher's follows the other's turn (test_turn_plan.py's Builder game:
    investing and building every turn is best for both)."""
    assert play_builder("mcts:iterations=6:rollout_turns=1", "mcts:iterations=6:rollout_turns=none") == [9, 9]
