"""Greedy's turn plan judged in several worlds (agents/greedy.py, ``worlds``): a turn planned in one determinized
world trusts that world's luck; its best candidates are played in fresh worlds too and the best mean wins.

The toy game: each turn its seat chooses ``safe`` (a point) or ``gamble`` (a hidden draw: two points one time in
four, else none; worth 0.5 on average), then ``end``s its turn. A plan made in one world gambles whenever that
world's draw wins; a plan judged over several worlds plays safe. Played alone (one seat, as against Scythe's
Automa) it is won with at least half the points the safe line makes.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import make_agent
from meeple.agents.greedy import DEFAULT_BEAM, DEFAULT_WORLDS, SOLO_BEAM, SOLO_WORLDS
from meeple.agents.mcts import SOLO_TURN_BEAM, TURN_BEAM
from meeple.core import Action, ChanceScript, Result, State

from .helpers import ToyGame

SAFE, GAMBLE, END = (Action(i, t) for i, t in enumerate(("safe", "gamble", "end")))
ACTIONS = (SAFE, GAMBLE, END)


class Gambler(ToyGame):
    actions = ACTIONS
    name = "gambler"
    title = "Gambler"
    min_players = 1
    max_players = 2
    options = {"rounds": 20}
    num_actions = 3
    lookahead = 2

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> GamblerState:
        s = GamblerState.__new__(GamblerState)
        s.init_base(self, players, seed, options, script)
        s.points, s.turn, s.step, s.turns, s.gambles = [0] * players, 0, 0, 0, [0] * players
        return s

    def evaluate(self, state: State) -> list[float]:
        return [float(x) for x in state.points]  # type: ignore[attr-defined]


class GamblerState(State):
    __slots__ = ("gambles", "points", "step", "turn", "turns")
    points: list[int]
    gambles: list[int]
    turn: int
    step: int
    turns: int

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.turns >= self.num_players * self.opts["rounds"]

    def generate_legal(self) -> list[Action]:
        return [SAFE, GAMBLE] if self.step == 0 else [END]

    def do(self, action: Action) -> None:
        if action is SAFE:
            self.points[self.turn] += 1
        elif action is GAMBLE:
            self.gambles[self.turn] += 1
            self.points[self.turn] += 2 if self.chance_index("draw", (0, 1, 2, 3)) == 0 else 0
        if action is END:
            self.step, self.turn, self.turns = 0, (self.turn + 1) % self.num_players, self.turns + 1
        else:
            self.step = 1

    def clone(self) -> GamblerState:
        s = GamblerState.__new__(GamblerState)
        self.copy_base_into(s)
        s.points, s.turn, s.step, s.turns, s.gambles = list(self.points), self.turn, self.step, self.turns, list(self.gambles)
        return s

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        if self.num_players == 1:
            return Result(tuple(self.points), (1,) if 2 * self.points[0] >= self.opts["rounds"] else (2,))
        a, b = self.points
        return Result((a, b), (1, 1) if a == b else (1, 2) if a > b else (2, 1))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "turn": self.turn, "step": self.step, "turns": self.turns}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), **self.observation(None), "gambles": list(self.gambles)}

    def determinize(self, seat: int | None, seed: int) -> GamblerState:
        s = self.clone()
        s.rng = self.reseeded(seed)  # the next draw is unknown: a fresh stream
        return s


GAMBLER = Gambler()


def gambles(worlds: int, seed: int) -> int:
    """How often seat 0 gambles in a game against a one-world planner."""
    state = GAMBLER.new_game(players=2, seed=seed)
    bots = [make_agent("greedy", seed=seed, worlds=worlds), make_agent("greedy", seed=seed + 1, worlds=1)]
    while not state.is_over:
        action = bots[state.current_player].act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state.gambles[0]


def solo_gambles(seed: int, **params: Any) -> int:
    """How often the one seat of a solo game gambles."""
    state = GAMBLER.new_game(players=1, seed=seed)
    bot = make_agent("greedy", seed=seed, **params)
    while not state.is_over:
        state.apply(bot.act(state))
    return state.gambles[0]


def test_a_plan_made_in_one_world_gambles_on_that_worlds_luck():
    assert sum(gambles(worlds=1, seed=s) for s in range(3)) >= 10  # about one turn in four of 60


def test_a_plan_judged_in_several_worlds_plays_the_better_mean():
    assert sum(gambles(worlds=16, seed=s) for s in range(3)) <= 3


def test_several_worlds_stay_reproducible_from_a_seed():
    assert gambles(worlds=4, seed=5) == gambles(worlds=4, seed=5)


def test_a_solo_seat_judges_wider_plans_in_several_worlds_by_default():
    """Against the game's own opponent (Scythe's Automa) the draw that follows the turn colours every candidate:
    greedy judges a solo seat's turns in ``SOLO_WORLDS`` worlds unless told otherwise, other games' in one."""
    alone = sum(solo_gambles(s) for s in range(3))
    assert alone == sum(solo_gambles(s, worlds=SOLO_WORLDS) for s in range(3))
    assert alone < sum(solo_gambles(s, worlds=1) for s in range(3))
    assert sum(gambles(worlds=DEFAULT_WORLDS, seed=s) for s in range(3)) == sum(gambles(worlds=1, seed=s) for s in range(3))
    bot = make_agent("greedy", seed=1)
    solo, duel = GAMBLER.new_game(players=1, seed=1), GAMBLER.new_game(players=2, seed=1)
    assert bot.worlds_for(solo) == SOLO_WORLDS > 1
    assert bot.worlds_for(duel) == DEFAULT_WORLDS == 1
    # The plan is wider alone too (measured in Scythe solo); what is asked for wins over either default.
    assert (bot.beam_for(solo), bot.beam_for(duel)) == (SOLO_BEAM, DEFAULT_BEAM) and SOLO_BEAM > DEFAULT_BEAM
    asked = make_agent("greedy", seed=1, worlds=2, beam=3)
    assert (asked.worlds_for(solo), asked.beam_for(solo), asked.worlds_for(duel), asked.beam_for(duel)) == (2, 3, 2, 3)


def test_more_candidates_are_scored_when_asked():
    assert make_agent("greedy", seed=1, candidates=8).candidates == 8
    with pytest.raises(ValueError, match="greedy: candidates"):
        make_agent("greedy", seed=1, candidates=0)


@pytest.mark.parametrize("worlds", [0, -1, 1.5, True, "2"])
def test_greedy_rejects_a_bad_number_of_worlds(worlds):
    with pytest.raises(ValueError, match="greedy: worlds"):
        make_agent("greedy", seed=1, worlds=worlds)


def test_mcts_finds_a_solo_seats_candidate_turns_with_greedys_solo_beam():
    """mcts's turn search takes a node's candidates from a beam as wide as greedy's in a game with one seat
    (docs/agents.md, "Scythe solo: mcts with greedy's solo beam"), 8 wide otherwise; ``beam`` and ``candidates``
    choose them: a beam one wide, or one candidate, leaves nothing to search."""
    solo, duel = GAMBLER.new_game(players=1, seed=1), GAMBLER.new_game(players=2, seed=1)
    bot = make_agent("mcts:iterations=4", seed=1)
    assert (bot.beam_for(solo), bot.beam_for(duel)) == (SOLO_TURN_BEAM, TURN_BEAM)
    assert SOLO_TURN_BEAM == SOLO_BEAM > TURN_BEAM
    assert make_agent("mcts:beam=3", seed=1).beam_for(solo) == 3
    searched = {}
    for spec in ("mcts:iterations=4", "mcts:iterations=4:beam=1", "mcts:iterations=4:candidates=1", "mcts:iterations=4:beam=2"):
        agent = make_agent(spec, seed=1)
        action = agent.act(solo)
        assert action in solo.legal_actions()
        searched[spec] = agent.last_iterations
    assert searched == {"mcts:iterations=4": 4, "mcts:iterations=4:beam=1": 0, "mcts:iterations=4:candidates=1": 0, "mcts:iterations=4:beam=2": 4}


@pytest.mark.parametrize(("option", "value"), [("beam", 0), ("beam", 1.5), ("beam", True), ("candidates", 0), ("candidates", "2")])
def test_mcts_rejects_a_bad_beam_or_number_of_candidates(option, value):
    with pytest.raises(ValueError, match=f"mcts: {option} must be a positive integer"):
        make_agent("mcts", seed=1, **{option: value})
