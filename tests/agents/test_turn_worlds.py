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
from meeple.agents.greedy import DEFAULT_BEAM, DEFAULT_PLAN_WORLDS, DEFAULT_WORLDS, SOLO_BEAM, SOLO_PLAN_WORLDS, SOLO_WORLDS
from meeple.agents.mcts import SOLO_TURN_BEAM, TURN_BEAM
from meeple.agents.turn_plan import ranked_turns, ranked_turns_in_worlds
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
    assert alone == sum(solo_gambles(s, worlds=SOLO_WORLDS, plan_worlds=SOLO_PLAN_WORLDS) for s in range(3))
    assert alone < sum(solo_gambles(s, worlds=1, plan_worlds=1) for s in range(3))
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
    (docs/scythe-solo.md, "Scythe solo: mcts with greedy's solo beam"), 8 wide otherwise; ``beam`` and ``candidates``
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


def test_a_plan_made_in_several_worlds_scores_each_step_by_its_mean_over_them():
    """In the one world it is made in, a plan knows the draw that follows a step: in this world the gamble wins,
    so a one-world beam ranks it first (two points). Planned in that world and 15 others, each line is scored by its
    mean over the 16, and the safe point comes first."""
    lead = GAMBLER.new_game(players=1, seed=6)
    one = ranked_turns(lead, 0, 2, 4)
    assert (one[0][0], [a.text for a in one[0][1]]) == (2.0, ["gamble", "end"])
    others = [lead.determinize(0, k) for k in range(15)]
    wins = 0
    for world in (lead, *others):
        child = world.clone()
        child.apply(GAMBLE)
        wins += child.points[0] == 2  # type: ignore[attr-defined]
    assert 1 <= wins < 16
    many = [(value, [a.text for a in line]) for value, line in ranked_turns_in_worlds([lead, *others], 0, 2, 4)]
    assert many == [(1.0, ["safe", "end"]), (2.0 * wins / 16, ["gamble", "end"])]
    assert lead.points == [0] and lead.step == 0  # type: ignore[attr-defined]  # the search works on clones


LOOK, DIG, LEAVE = (Action(i, t) for i, t in enumerate(("look", "dig", "leave")))


class Prospector(ToyGame):
    """One seat, one turn: ``look`` turns up a hidden card, gold one time in four; on gold the seat may ``dig``
    (five points) or ``leave``, on mud only ``leave``. A line that digs cannot be followed in a world of mud."""

    actions = (LOOK, DIG, LEAVE)
    name = "prospector"
    title = "Prospector"
    min_players = 1
    max_players = 1
    options: dict[str, Any] = {}
    num_actions = 3
    lookahead = 3

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> ProspectorState:
        s = ProspectorState.__new__(ProspectorState)
        s.init_base(self, players, seed, options, script)
        s.points, s.step, s.gold = 0, 0, False
        return s

    def evaluate(self, state: State) -> list[float]:
        return [float(state.points)]  # type: ignore[attr-defined]


class ProspectorState(State):
    __slots__ = ("gold", "points", "step")
    points: int
    step: int  # 0: look; 1: dig or leave (gold) or leave (mud); 2: over
    gold: bool

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return self.step == 2

    def generate_legal(self) -> list[Action]:
        return [LOOK] if self.step == 0 else [DIG, LEAVE] if self.gold else [LEAVE]

    def do(self, action: Action) -> None:
        if action is LOOK:
            self.gold = self.chance_index("card", (0, 1, 2, 3)) == 0
        self.points += 5 if action is DIG else 0
        self.step += 1

    def clone(self) -> ProspectorState:
        s = ProspectorState.__new__(ProspectorState)
        self.copy_base_into(s)
        s.points, s.step, s.gold = self.points, self.step, self.gold
        return s

    def result(self) -> Result | None:
        return Result((self.points,), (1,)) if self.is_over else None

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": self.points, "step": self.step, "gold": self.gold if self.step else None}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), **self.observation(None)}

    def determinize(self, seat: int | None, seed: int) -> ProspectorState:
        s = self.clone()
        s.rng = self.reseeded(seed)
        return s


def test_a_world_the_plan_cannot_follow_finishes_its_turn_its_own_way_and_keeps_that_score():
    game = Prospector()
    worlds = [game.new_game(players=1, seed=k) for k in range(12)]
    golds = []
    for world in worlds:
        child = world.clone()
        child.apply(LOOK)
        golds.append(child.gold)  # type: ignore[attr-defined]
    lead = golds.index(True)
    assert 0 < sum(golds) < len(worlds)
    ordered = [worlds[lead], *worlds[:lead], *worlds[lead + 1 :]]
    ranked = ranked_turns_in_worlds(ordered, 0, 3, 4)
    # The lead world's actions, dig first: gold worlds dig (5), mud worlds cannot and leave (0, the game is over
    # there: a result outweighs the heuristic by _OUTCOME_WEIGHT, the same in every world, so the ranking holds).
    assert [[a.text for a in line] for _, line in ranked] == [["look", "dig"], ["look", "leave"]]
    assert ranked[0][0] - ranked[1][0] == pytest.approx(5.0 * sum(golds) / len(worlds))


def test_greedy_plans_a_solo_seats_turns_in_two_worlds_by_default_and_in_as_many_as_asked():
    """Judged in one world only, a plan made in one world gambles about one turn in four; made in 16, it does not.
    A solo seat's turn is planned in ``SOLO_PLAN_WORLDS`` worlds by default, a turn where other seats answer after it
    in one (the two-player figures were measured so)."""
    assert sum(solo_gambles(s, worlds=1, plan_worlds=1) for s in range(3)) >= 10
    assert sum(solo_gambles(s, worlds=1, plan_worlds=16) for s in range(3)) <= 3
    assert solo_gambles(5, plan_worlds=3) == solo_gambles(5, plan_worlds=3)
    bot = make_agent("greedy", seed=1)
    solo, duel = GAMBLER.new_game(players=1, seed=1), GAMBLER.new_game(players=2, seed=1)
    assert (bot.plan_worlds_for(solo), bot.plan_worlds_for(duel)) == (SOLO_PLAN_WORLDS, DEFAULT_PLAN_WORLDS) == (2, 1)
    assert make_agent("greedy", seed=1, plan_worlds=3).plan_worlds_for(duel) == 3
    with pytest.raises(ValueError, match="greedy: plan_worlds"):
        make_agent("greedy", seed=1, plan_worlds=0)


def solo_gambles_by_mcts(seed: int, spec: str) -> int:
    """How often the one seat of a solo game gambles, played by the mcts ``spec``."""
    state = GAMBLER.new_game(players=1, seed=seed)
    bot = make_agent(spec, seed=seed)
    while not state.is_over:
        action = bot.act(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state.gambles[0]


def test_mcts_plans_its_root_candidates_in_two_worlds_alone_and_in_as_many_as_asked():
    """With one candidate there is nothing to search: the turn played is the root's best-planned one. Planned in
    one world it gambles whenever that world's draw wins (about one turn in four); planned in 16, it plays safe.
    A solo seat's root is planned in greedy's ``SOLO_PLAN_WORLDS`` by default, a two-player seat's in one."""
    one = "mcts:iterations=4:candidates=1:plan_worlds=1"
    assert sum(solo_gambles_by_mcts(s, one) for s in range(3)) >= 10
    assert sum(solo_gambles_by_mcts(s, "mcts:iterations=4:candidates=1:plan_worlds=16") for s in range(3)) <= 3
    spec = "mcts:iterations=8:plan_worlds=3"
    assert solo_gambles_by_mcts(5, spec) == solo_gambles_by_mcts(5, spec)
    bot = make_agent("mcts:iterations=4", seed=1)
    solo, duel = GAMBLER.new_game(players=1, seed=1), GAMBLER.new_game(players=2, seed=1)
    assert (bot.plan_worlds_for(solo), bot.plan_worlds_for(duel)) == (SOLO_PLAN_WORLDS, DEFAULT_PLAN_WORLDS)
    assert make_agent("mcts:plan_worlds=3", seed=1).plan_worlds_for(duel) == 3
    with pytest.raises(ValueError, match="mcts: plan_worlds"):
        make_agent("mcts", seed=1, plan_worlds=0)
