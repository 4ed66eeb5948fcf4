"""Greedy's turn plans (agents/turn_plan.py): in a game whose turn is several decisions, one ply is one turn.

The toy game: each turn its seat first chooses ``cash`` (a point now) or ``invest`` (nothing now); after ``invest``
it chooses ``build`` (three points) or ``rest``, after ``cash`` another ``cash`` or ``rest``, and the turn ends. A
one-decision greedy cashes twice (two points); a greedy that plans the turn invests and builds (three). Each seat
plays ``rounds`` turns. With ``paperwork``, ``invest`` is followed by a forced step (``rest``, the only legal
action) before ``build`` or ``rest``. With ``fidget``, the turn may also begin with either of two ``fidget`` moves
(nothing now, then ``cash`` or ``rest``): two lines to one position, listed before ``invest``.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import make_agent
from meeple.agents.turn_plan import best_turn, ranked_turns, ranked_turns_in_worlds
from meeple.core import Action, ChanceScript, Result, State

from .helpers import ToyGame

CASH, INVEST, BUILD, REST, FIDGET, FIDGET_TOO = (
    Action(i, t) for i, t in enumerate(("cash", "invest", "build", "rest", "fidget", "fidget too"))
)
ACTIONS = (CASH, INVEST, BUILD, REST, FIDGET, FIDGET_TOO)


class Builder(ToyGame):
    actions = ACTIONS
    name = "builder"
    title = "Builder"
    min_players = 2
    max_players = 2
    options = {"rounds": 3, "paperwork": False, "fidget": False}
    num_actions = 6
    lookahead = 4

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> BuilderState:
        s = BuilderState.__new__(BuilderState)
        s.init_base(self, players, seed, options, script)
        s.points, s.turn, s.step, s.turns = [0, 0], 0, 0, 0
        s.determinized = 0
        return s

    def evaluate(self, state: State) -> list[float]:
        return [float(x) for x in state.points]  # type: ignore[attr-defined]


class BuilderState(State):
    __slots__ = ("determinized", "points", "step", "turn", "turns")
    points: list[int]
    turn: int
    step: int  # 0: cash or invest; 1: build or rest (after invest); 2: cash or rest (after cash); 3: paperwork
    turns: int
    determinized: int

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.turns >= 2 * self.opts["rounds"]

    def generate_legal(self) -> list[Action]:
        if self.step == 3:
            return [REST]
        if self.step == 0 and self.opts["fidget"]:
            return [CASH, FIDGET, FIDGET_TOO, INVEST]
        return [CASH, INVEST] if self.step == 0 else [BUILD, REST] if self.step == 1 else [CASH, REST]

    def do(self, action: Action) -> None:
        self.points[self.turn] += 3 if action is BUILD else 1 if action is CASH else 0
        if self.step == 0:
            self.step = 2 if action in (CASH, FIDGET, FIDGET_TOO) else 3 if self.opts["paperwork"] else 1
        elif self.step == 3:
            self.step = 1
        else:
            self.step, self.turn, self.turns = 0, self.turn if self.opts.get("solo") else 1 - self.turn, self.turns + 1

    def clone(self) -> BuilderState:
        s = BuilderState.__new__(BuilderState)
        self.copy_base_into(s)
        s.points, s.turn, s.step, s.turns, s.determinized = list(self.points), self.turn, self.step, self.turns, 0
        return s

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        a, b = self.points
        return Result((a, b), (1, 1) if a == b else (1, 2) if a > b else (2, 1))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "turn": self.turn, "step": self.step, "turns": self.turns}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), **self.observation(None)}

    def determinize(self, seat: int | None, seed: int) -> BuilderState:
        self.determinized += 1
        s = self.clone()
        s.rng = self.reseeded(seed)
        return s


BUILDER = Builder()


class SoloBuilder(Builder):
    """Seat 0 plays every turn, as the human does in a solo game whose built-in opponent moves inside ``apply``."""

    name = "solo-builder"
    options = {**Builder.options, "solo": True}

    def turn_number(self, state: State) -> int | None:
        return state.turns  # type: ignore[attr-defined]


class SoloBuilderUntold(SoloBuilder):
    """The same game without saying where its turns end."""

    def turn_number(self, state: State) -> int | None:
        return None


def test_a_one_decision_greedy_cashes_and_a_turn_planning_greedy_invests():
    state = BUILDER.new_game(players=2, seed=1)
    assert str(make_agent("greedy", seed=1, lookahead=0).act(state)) == "cash"
    assert str(make_agent("greedy", seed=1).act(state)) == "invest"  # the game's lookahead: one ply is one turn


def test_the_beam_keeps_a_move_whose_worth_shows_later_only_when_wide_enough():
    state = BUILDER.new_game(players=2, seed=1)
    assert [str(a) for a in best_turn(state, 0, limit=4, width=2)] == ["invest", "build"]
    assert [str(a) for a in best_turn(state, 0, limit=4, width=1)] == ["cash", "cash"]  # invest scored 0 < 1: dropped
    assert [str(a) for a in best_turn(state, 0, limit=1, width=2)] == ["cash"]  # the limit stops the plan
    assert state.points == [0, 0] and state.step == 0  # the search works on clones


def test_the_beam_keeps_one_line_per_position_so_alike_lines_do_not_crowd_out_a_better_turn():
    state = BUILDER.new_game(players=2, seed=1, fidget=True)
    # Step one keeps cash (1) and three lines scoring 0: fidget and fidget too reach one position (cash or rest
    # next), invest another (build or rest next). A beam of 3 without the position check holds cash and both
    # fidgets, and never sees the build.
    assert [str(a) for a in best_turn(state, 0, limit=4, width=3)] == ["invest", "build"]
    assert [str(a) for a in best_turn(state, 0, limit=4, width=2)] == ["cash", "cash"]
    # Ended turns too: cash then rest, and fidget then cash, both leave one point and the other seat to move.
    ranked = [(value, [str(a) for a in line]) for value, line in ranked_turns(state, 0, limit=4, width=3)]
    assert ranked == [(3.0, ["invest", "build"]), (2.0, ["cash", "cash"]), (1.0, ["cash", "rest"])]


def test_the_beam_can_keep_a_partial_turn_for_every_first_decision():
    """A first decision whose partial turns all rank below another's is cut before its turn is whole (``invest``
    scores 0 against ``cash``'s 1 in a beam of one); ``every_first`` keeps its best partial turn beyond the width,
    so the turn it leads to (``build``, three points) is found, alone or planned in several worlds."""
    state = BUILDER.new_game(players=2, seed=1)
    turns = [[str(a) for a in line] for _, line in ranked_turns(state, 0, limit=4, width=1, every_first=True)]
    assert turns[0] == ["invest", "build"] and ["cash", "cash"] in turns
    assert [str(a) for a in ranked_turns(state, 0, limit=4, width=1)[0][1]] == ["cash", "cash"]
    worlds = [state.determinize(0, seed) for seed in (1, 2)]
    assert [str(a) for a in ranked_turns_in_worlds(worlds, 0, 4, 1, every_first=True)[0][1]] == ["invest", "build"]
    assert [str(a) for a in ranked_turns_in_worlds(worlds, 0, 4, 1)[0][1]] == ["cash", "cash"]


def test_greedy_keeps_every_first_decision_by_default_only_in_a_game_with_one_seat():
    from meeple.agents.greedy import GreedyAgent

    duel = BUILDER.new_game(players=2, seed=1)

    class OneSeat:  # all the setting reads of a state: its seat count
        num_players = 1

    agent = make_agent("greedy", seed=1)
    assert isinstance(agent, GreedyAgent)
    assert agent.every_first_for(OneSeat()) is True  # type: ignore[arg-type]
    assert agent.every_first_for(duel) is False
    assert make_agent("greedy:every_first=false", seed=1).every_first_for(OneSeat()) is False  # type: ignore[attr-defined, arg-type]
    assert make_agent("greedy:every_first=true", seed=1).every_first_for(duel) is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="every_first"):
        make_agent("greedy:every_first=2", seed=1)


def test_greedy_plays_its_plan_without_planning_again_and_wins():
    state = BUILDER.new_game(players=2, seed=1)
    planner, cashier = make_agent("greedy", seed=1), make_agent("greedy", seed=2, lookahead=0)
    plans = 0
    while not state.is_over:
        bot = planner if state.current_player == 0 else cashier
        before = state.determinized
        state.apply(bot.act(state))
        plans += state.determinized - before if bot is planner else 0
    assert state.points == [9, 6]
    assert plans == 3  # one plan per turn: the "build" step follows it


def test_greedy_plans_again_when_the_game_left_its_plan():
    state = BUILDER.new_game(players=2, seed=1)
    bot = make_agent("greedy", seed=1)
    assert str(bot.act(state)) == "invest"  # the plan continues with "build" after "invest"
    state.apply(CASH)  # ... but the seat's next decision is a different one
    assert str(bot.act(state)) == "cash"  # planned afresh: a second point beats resting
    assert bot.plan.steps == []


@pytest.mark.parametrize("kwargs", [{"lookahead": -1}, {"lookahead": 1.5}, {"lookahead": True}, {"beam": 0}, {"beam": "2"}])
def test_greedy_rejects_a_bad_lookahead_or_beam(kwargs):
    with pytest.raises(ValueError, match=r"greedy: (lookahead|beam)"):
        make_agent("greedy", seed=1, **kwargs)


def test_mcts_searches_whole_turns_where_the_game_sets_a_lookahead():
    state = BUILDER.new_game(players=2, seed=1)
    bot = make_agent("mcts:iterations=30", seed=4)
    assert str(bot.act(state)) == "invest"
    assert bot.last_iterations == 30  # type: ignore[attr-defined]
    state.apply(INVEST)
    assert str(bot.act(state)) == "build" and bot.last_iterations == 0  # type: ignore[attr-defined]  # the turn played out


def test_turn_search_is_reproducible_under_an_iteration_budget_and_plays_legal_moves():
    def game(seed: int) -> list[str]:
        state = BUILDER.new_game(players=2, seed=1, rounds=4)
        bots = [make_agent("mcts:iterations=12", seed=seed), make_agent("greedy", seed=seed, lookahead=0)]
        out = []
        while not state.is_over:
            action = bots[state.current_player].act(state)
            assert action in state.legal_actions()
            out.append(str(action))
            state.apply(action)
        return out

    first = game(3)
    assert first == game(3)
    assert first[::4].count("invest") == 4  # each of the searcher's turns invests


def test_after_a_forced_step_mcts_keeps_its_turn_and_greedy_plans_again():
    """A step with one legal action is played without thought. For mcts it is still a step of the chosen turn, so
    the next decision follows the turn instead of searching again; greedy plans again from the position reached,
    which is cheap and finds what its first beam cut."""
    state = BUILDER.new_game(players=2, seed=1, paperwork=True)
    planner, searcher = make_agent("greedy", seed=1), make_agent("mcts:iterations=20", seed=1)
    thoughts = {planner: 0, searcher: 0}
    while not state.is_over:
        bot = planner if state.current_player == 0 else searcher
        before = state.determinized
        action = bot.act(state)
        thoughts[bot] += state.determinized - before
        state.apply(action)
    assert state.points == [9, 9]  # both invest, file the paperwork and build every turn
    assert thoughts[planner] == 6  # a plan before the forced step and one after it, each turn
    assert thoughts[searcher] == 3 * 20  # one search a turn: 20 iterations, each in a sampled world


def test_a_turn_plan_ends_where_the_game_says_its_turn_ends_when_one_seat_moves_twice_running():
    world = SoloBuilder().new_game(2, seed=1)
    lines = ranked_turns(world, 0, 4, 4)
    assert [a.text for a in lines[0][1]] == ["invest", "build"]
    assert all(len(line) == 2 for _, line in lines)  # each a whole turn, none running on into the next
    assert lines[0][0] == 3.0  # judged where the turn ends, not after two turns' points


def test_a_game_that_does_not_say_where_turns_end_gets_plans_that_run_on_into_the_next_turn():
    """What Game.turn_number is for: the seat to move never changes, so only the turn count shows the end."""
    lines = ranked_turns(SoloBuilderUntold().new_game(2, seed=1), 0, 4, 4)
    assert len(lines[0][1]) == 4
