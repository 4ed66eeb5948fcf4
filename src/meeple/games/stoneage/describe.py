"""What one Stone Age decision did, in game terms, for one viewer (``Game.describe``; meeple.core.events).

A decision may carry a cascade of steps with it: the last placement starts the actions phase, a seat's last
location resolves without asking, feeding and a new round follow the last action. Rather than guess the cascade
from the states before and after, the decision is played again on a copy of the state before it, by a
``Narrator`` that tells each step as the rules in state.py take it, with the chance outcomes the real decision drew
(the history's new entries). The engine itself never pays for this: only ``describe`` makes a narrator.

Event kinds (catalogue ``event.stoneage.<kind>``) and their marks are listed in docs/rules/stoneage.md, "Events".
Only the extra-card effect draws a secret card: its owner is told which card, everyone else only that a card was
drawn (§12).
"""

from __future__ import annotations

from typing import Any

from meeple.core import ChanceScript, RecordError
from meeple.core.events import Event, counts, term

from . import actions as A
from .data import (
    CARD0,
    CARDS,
    CULTURE_SYMBOLS,
    DICE_FOR_ALL_ITEMS,
    FIXED,
    HUT,
    LOCATION_NAMES,
    RESOURCES,
    STACK0,
    STARVATION_PENALTY,
    TILES,
    VALUES,
)
from .state import FEED, OVER, StoneAgeState

#: The catalogue term of each board location (clay's place is the clay pit, not the resource).
PLACE_TERMS = ("hunt", "forest", "clay_pit", "quarry", "river", "toolmaker", "hut", "field")
_DIVISORS = (*VALUES, 2)
_YIELD_TERMS = (*RESOURCES, "food")


def place_mark(loc: int) -> str:
    """The board element of a location: ``place:forest``, ``slot:2`` (card place), ``stack:1`` (building stack)."""
    if loc >= STACK0:
        return f"stack:{loc - STACK0 + 1}"
    if loc >= CARD0:
        return f"slot:{loc - CARD0 + 1}"
    return f"place:{LOCATION_NAMES[loc]}"


def where(loc: int) -> dict[str, int]:
    """A card place as ``slot`` (its cost) or a building stack as ``stack``, numbered from 1."""
    return {"stack": loc - STACK0 + 1} if loc >= STACK0 else {"slot": loc - CARD0 + 1}


def card_params(cid: int) -> dict[str, Any]:
    """A civilization card as event values: its immediate effect and its bottom half."""
    card = CARDS[cid]
    bottom = term(CULTURE_SYMBOLS[card.symbol]) if card.bottom == "culture" else counts({card.bottom: card.symbol})
    return {"effect": term(card.top), "value": card.value, "bottom": bottom}


def _slots(cls: type) -> list[str]:
    return [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]


class Narrator(StoneAgeState):
    """A copy of a state that tells each step of the rules as it takes it (used by ``describe`` only)."""

    __slots__ = ("events", "feed_snap", "source", "source_mark", "viewer")

    events: list[Event]
    viewer: int | None
    source: Any  # what the pending roll is for: a location term, or the card effect
    source_mark: tuple[str, ...]
    feed_snap: tuple[int, list[int], list[int]] | None

    @classmethod
    def of(cls, state: StoneAgeState, viewer: int | None) -> Narrator:
        copy = state.clone()
        n = cls.__new__(cls)
        for name in _slots(StoneAgeState):
            setattr(n, name, getattr(copy, name))
        n.events, n.viewer, n.source, n.source_mark, n.feed_snap = [], viewer, None, (), None
        return n

    def tell(self, kind: str, seat: int | None, marks: tuple[str, ...] = (), **params: Any) -> None:
        seat_marks = () if seat is None else (f"seat:{seat}",)
        self.events.append(Event(f"stoneage.{kind}", seat, params, (*marks, *seat_marks)))

    # -- §4 placement

    def place(self, seat: int, loc: int, count: int) -> None:
        if loc >= STACK0:
            self.tell("place_building", seat, (place_mark(loc),), stack=loc - STACK0 + 1)
        elif loc >= CARD0:
            self.tell("place_card", seat, (place_mark(loc),), slot=loc - CARD0 + 1, cost=loc - CARD0 + 1)
        else:
            self.tell("place", seat, (place_mark(loc),), count=count, place=term(PLACE_TERMS[loc]))
        super().place(seat, loc, count)

    # -- §5 actions

    def resolve(self, seat: int, loc: int) -> bool:
        self.source = term(PLACE_TERMS[loc]) if loc < CARD0 else None
        self.source_mark = (place_mark(loc),)
        people = self.people[seat]
        opened = super().resolve(seat, loc)
        if loc == HUT:
            self.tell("hut" if self.people[seat] > people else "hut_full", seat, self.source_mark, people=self.people[seat])
        elif loc >= CARD0:
            verb = ("to_pay_" if opened else "cannot_pay_") + ("building" if loc >= STACK0 else "card")
            self.tell(verb, seat, self.source_mark, **where(loc))
        return opened

    def roll(self, dice: int) -> int:
        total = super().roll(dice)
        self.tell("roll", self.turn, self.source_mark, dice=dice, total=total, source=self.source)
        return total

    def add_tool(self, seat: int, value: int) -> None:
        index = next((i for i, (v, u) in enumerate(zip(self.tiles[seat], self.used[seat], strict=True)) if v == value and not u), 0)
        self.tell("tool", seat, (f"tool:{seat}:{index}",), value=value, total=self.roll_total + value)
        super().add_tool(seat, value)

    def add_one_use_tool(self, seat: int, value: int) -> None:
        self.tell("one_use_tool_added", seat, (), value=value, total=self.roll_total + value)
        super().add_one_use_tool(seat, value)

    def gain(self, seat: int) -> None:
        target = self.roll_target
        got = self.roll_total // _DIVISORS[target]
        self.tell("gain" if got else "gain_nothing", seat, self.source_mark, goods=counts({_YIELD_TERMS[target]: got}), total=self.roll_total, divisor=_DIVISORS[target])
        super().gain(seat)

    def tool_step(self, seat: int) -> None:
        before = list(self.tiles[seat])
        super().tool_step(seat)
        marks = tuple(f"tool:{seat}:{i}" for i in range(len(self.tiles[seat])))
        if self.tiles[seat] == before:
            self.tell("tools_full", seat, marks, tools={"list": before})
        else:
            self.tell("tool_step", seat, marks, tools={"list": list(self.tiles[seat])})

    def agriculture_step(self, seat: int) -> None:
        level = self.agri[seat]
        super().agriculture_step(seat)
        self.tell("agriculture" if self.agri[seat] > level else "agriculture_full", seat, ("place:field",), level=self.agri[seat])

    def pay(self, seat: int, counts_paid: tuple[int, ...]) -> bool:
        loc = self.pay_loc
        paid = counts(dict(zip(RESOURCES, counts_paid, strict=True)))
        if loc < STACK0:
            cid = self.display[loc - CARD0]
            self.tell("buy_card", seat, (place_mark(loc), f"card:{cid}"), slot=loc - CARD0 + 1, paid=paid, **card_params(cid))
            return super().pay(seat, counts_paid)
        stack = loc - STACK0
        tile = TILES[self.tops[stack]]
        points = tile.points if tile.kind == FIXED else sum(c * v for c, v in zip(counts_paid, VALUES, strict=True))
        self.tell("build", seat, (place_mark(loc), f"building:{tile.id}"), stack=stack + 1, paid=paid, points=points)
        opened = super().pay(seat, counts_paid)
        if self.tops[stack] < 0:
            self.tell("stack_empty", None, (place_mark(loc),), stack=stack + 1)
        return opened

    def card_effect(self, seat: int, card_id: int) -> bool:
        card = CARDS[card_id]
        top, value = card.top, card.value
        if top == "food":
            self.tell("card_gain", seat, (), goods=counts({"food": value}))
        elif top.startswith("resource_"):
            self.tell("card_gain", seat, (), goods=counts({top[9:]: value}))
        elif top == "points":
            self.tell("card_gain", seat, (), goods=counts({"points": value}))
        elif top == "one_use_tool":
            self.tell("one_use_tool", seat, (), value=value)
        elif top == "any_resources":
            self.tell("two_resources", seat, ())
        elif top.startswith("dice_roll_"):
            self.source, self.source_mark = term(top), ()
        secrets = len(self.secret[seat])
        opened = super().card_effect(seat, card_id)
        if top == "extra_card":
            drawn = self.secret[seat][-1] if len(self.secret[seat]) > secrets else None
            if drawn is None:
                self.tell("extra_card_none", seat, ())
            elif self.viewer == seat:
                self.tell("extra_card", seat, (f"card:{drawn}",), **card_params(drawn))
            else:
                self.tell("extra_card_hidden", seat, ())
        return opened

    def roll_faces(self, dice: int) -> list[int]:
        faces = super().roll_faces(dice)
        shown = [f + 1 for f in range(6) for _ in range(faces[f])]
        self.tell("dice_for_all", self.turn, tuple(f"die:{f}" for f in sorted(set(shown))), faces={"list": shown})
        return faces

    def take_die(self, seat: int, face: int) -> None:
        self.tell("die", seat, (f"die:{face}",), face=face, item=term(DICE_FOR_ALL_ITEMS[face - 1]))
        super().take_die(seat, face)

    def cash(self, seat: int, counts_taken: tuple[int, ...]) -> None:
        self.tell("cash", seat, (), goods=counts(dict(zip(RESOURCES, counts_taken, strict=True))))
        super().cash(seat, counts_taken)

    # -- §7 feeding: each seat's meal is told from the counts before and after, once the step is over

    def feed_from(self, index: int) -> None:
        self.feed_snap = (index, list(self.food), list(self.score))
        super().feed_from(index)
        self.tell_meals()

    def tell_meals(self) -> None:
        if self.feed_snap is None:
            return
        index, food, score = self.feed_snap
        self.feed_snap = None
        n = self.num_players
        waiting = self.turn if self.phase == FEED else None
        for i in range(index, n):
            seat = (self.start + i) % n
            need, income = self.people[seat], self.agri[seat]
            had = food[seat] + income
            if had >= need:
                self.tell("fed", seat, (), people=need, income=income, food=had - need)
                continue
            self.tell("short", seat, (), people=need, income=income, missing=need - had)
            if seat == waiting:
                return  # the seat now chooses how to cover the shortfall
            self.tell("starved", seat, (), points=score[seat] - self.score[seat])

    def feed_with(self, seat: int, resource: int) -> None:
        self.tell("feed", seat, (), goods=counts({RESOURCES[resource]: 1}), missing=self.feed_left - 1)
        super().feed_with(seat, resource)

    def starve(self, seat: int) -> None:
        points = STARVATION_PENALTY * (self.feed_left if self.per_missing_food else 1)
        self.tell("starve", seat, (), points=points, missing=self.feed_left)
        super().starve(seat)

    # -- §8 new round, §9 end

    def end_round(self) -> None:
        self.tell_meals()
        before = list(self.display)
        super().end_round()
        if self.phase == OVER:
            self.tell("game_over", None, (), reason=term(f"ended_by_{self.ended_by}"), rounds=self.round)
            return
        dealt = tuple(f"slot:{i + 1}" for i, c in enumerate(self.display) if c not in before)
        self.tell("new_round", self.start, dealt, round=self.round, start={"seat": self.start})


def describe(before: StoneAgeState, action: A.StoneAgeAction, after: StoneAgeState, viewer: int | None) -> list[Event]:
    """The events of ``action`` (played in ``before``, leading to ``after``) as ``viewer`` may know them."""
    narrator = Narrator.of(before, viewer)
    drawn = [e for e in after.history[len(before.history) :] if isinstance(e, dict) and "chance" in e]
    narrator.script = ChanceScript(drawn)
    seat = before.turn
    if action.kind == A.DECLINE:
        loc = before.pay_loc
        narrator.tell("decline_building" if loc >= STACK0 else "decline_card", seat, (place_mark(loc),), **where(loc))
    try:
        narrator.do(action)
    except RecordError:  # ``after`` did not come from ``before`` by this action: say no more than the notation
        return [Event("action", seat, {"action": str(action)})]
    return narrator.events
