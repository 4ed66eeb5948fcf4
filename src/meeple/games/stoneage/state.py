"""A Stone Age game in progress, and its rules (§2–§11), in the order a round happens.

State is flat (lists of small integers) so that clone, legal-action generation and apply stay cheap. Cards and
tiles are ids into the shared tables of ``data``. Hidden order is never stored: the civilization deck and the pool
of unrevealed building tiles are unordered, and every draw from them is a chance outcome (§12), so a record
replays exactly and ``determinize`` only has to resample the secret extra cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core import Action, ChanceScript, Result, State
from meeple.core.serial import bools, field, int_in, int_list, ints, per_seat, read_base

from . import actions as A
from .data import (
    CARD0,
    CARD_SLOTS,
    CARDS,
    CLAY_PIT,
    COUNT_KINDS,
    CULTURE_SYMBOLS,
    FIELD,
    FIXED,
    FOREST,
    GATHERING,
    HUNT,
    HUT,
    LOCATION_NAMES,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    NUM_LOCATIONS,
    QUARRY,
    RESOURCE_SPOT_CAPACITY,
    RESOURCES,
    RIVER,
    SAND_KINDS,
    STACK0,
    STACK_SIZE,
    START_FOOD,
    START_PEOPLE,
    STARVATION_PENALTY,
    TILES,
    TOOL_MAKER,
    VALUES,
    VILLAGE,
)

PLACE, USE, TOOLS, PAY, DICE, FEED, CASHING, OVER = "place", "use", "tools", "pay", "dice", "feed", "cash", "over"
PHASES = (PLACE, USE, TOOLS, PAY, DICE, FEED, CASHING, OVER)

#: What a roll yields: a resource index 0..3, or FOOD for the hunting grounds.
FOOD = 4
_DIVISOR = (*VALUES, 2)
_YIELDS = (*RESOURCES, "food")
_TARGET = {HUNT: FOOD, FOREST: 0, CLAY_PIT: 1, QUARRY: 2, RIVER: 3}
_ROLL_CARD_TARGET = {"dice_roll_wood": 0, "dice_roll_clay": 1, "dice_roll_stone": 2, "dice_roll_gold": 3}
#: Most people who may share one resource location's spaces, by player count (§4.3).
_SHARERS = {2: 1, 3: 2, 4: 4}

_PLACE_LISTS = [[a for a in row if a is not None] for row in A.PLACE_BY]
_ONE_USE_CARDS = frozenset(c.id for c in CARDS if c.top == "one_use_tool")
_ANY_RES_CARDS = frozenset(c.id for c in CARDS if c.top == "any_resources")
_KINDS_PAY: dict[tuple[int, int], list[tuple[tuple[int, ...], A.StoneAgeAction]]] = {
    (n, m): [(c, a) for c, a in A.PAY_BY_SIZE[n] if sum(1 for x in c if x) == m] for n in (4, 5) for m in (1, 2, 3, 4)
}
_ANY_PAY = [pair for n in range(1, 8) for pair in A.PAY_BY_SIZE[n]]


def _affordable(options: list[tuple[tuple[int, ...], A.StoneAgeAction]], have: list[int]) -> list[Action]:
    r0, r1, r2, r3 = have
    return [a for c, a in options if c[0] <= r0 and c[1] <= r1 and c[2] <= r2 and c[3] <= r3]


def culture_points(symbols: list[int]) -> int:
    """§10.1: Σₖ (number of symbols held at least k times)²."""
    counts = [0] * len(CULTURE_SYMBOLS)
    for s in symbols:
        counts[s] += 1
    total, k = 0, 1
    while True:
        d = sum(1 for c in counts if c >= k)
        if not d:
            return total
        total += d * d
        k += 1


class StoneAgeState(State):
    __slots__ = (
        "agri", "at", "below", "buildings", "cards", "deck", "dice", "dice_buyer", "display", "ended_by", "ending",
        "feed_left", "feed_paid", "food", "home", "joker", "occ", "once", "pay_loc", "people", "phase", "pool", "res",
        "roll_dice", "roll_target", "roll_total", "round", "score", "secret", "start", "tiles", "tops", "turn", "used",
    )  # fmt: skip

    people: list[int]  # people owned (5..10)
    home: list[int]  # people not yet placed this round (placement phase)
    food: list[int]
    res: list[list[int]]  # per seat: wood, clay, stone, gold
    agri: list[int]
    score: list[int]
    tiles: list[list[int]]  # per seat: tool tile values (at most 3)
    used: list[list[bool]]  # parallel to tiles: used this round
    once: list[list[int]]  # per seat: values of unused one-use tool cards
    joker: list[int]  # per seat: unused "2 resources" cards
    cards: list[list[int]]  # per seat: civilization cards bought (public)
    secret: list[list[int]]  # per seat: cards drawn by the extra-card effect (seen only by their owner)
    buildings: list[list[int]]  # per seat: building tiles
    at: list[list[int]]  # per seat: people on each location
    occ: list[int]  # people on each location, all seats
    display: list[int]  # card slots, index 0 = slot 1 (right-most, cost 1); -1 = empty
    deck: list[int]  # civilization cards not yet drawn (unordered; each draw is a chance outcome)
    tops: list[int]  # per building stack: the face-up tile, -1 once empty
    below: list[int]  # per building stack: face-down tiles under the top one
    pool: list[int]  # building tiles never revealed (the stacks' hidden tiles and the box, unordered)
    round: int
    start: int  # start player
    turn: int  # seat deciding now (placer, actor, die picker or eater)
    phase: str
    ending: bool  # a building stack was emptied: this round is the last (§9 B)
    ended_by: str  # "", "cards" or "buildings"
    roll_total: int  # TOOLS: pips plus tools added so far
    roll_target: int  # TOOLS: resource index or FOOD
    roll_dice: int  # TOOLS: how many dice were rolled
    pay_loc: int  # PAY: the card slot or building stack being paid for
    dice: list[int]  # DICE: dice-for-all dice left, counted by face (index 0 = face 1)
    dice_buyer: int
    feed_left: int  # FEED: food still missing
    feed_paid: int  # FEED: resources paid towards it so far

    # -- §2 Setup ---------------------------------------------------------------------------------

    def setup(self, script: ChanceScript | None) -> None:
        n = self.num_players
        self.people = [START_PEOPLE] * n
        self.home = [START_PEOPLE] * n
        self.food = [START_FOOD] * n
        self.res = [[0, 0, 0, 0] for _ in range(n)]
        self.agri = [0] * n
        self.score = [0] * n
        self.tiles = [[] for _ in range(n)]
        self.used = [[] for _ in range(n)]
        self.once = [[] for _ in range(n)]
        self.joker = [0] * n
        self.cards = [[] for _ in range(n)]
        self.secret = [[] for _ in range(n)]
        self.buildings = [[] for _ in range(n)]
        self.at = [[0] * NUM_LOCATIONS for _ in range(n)]
        self.occ = [0] * NUM_LOCATIONS
        self.deck = list(range(len(CARDS)))
        self.display = [-1] * CARD_SLOTS
        for slot in range(CARD_SLOTS):  # dealt from the right-most slot
            self.display[slot] = self.draw_card("card")
        self.pool = list(range(len(TILES)))
        self.tops = [self.reveal_tile() for _ in range(n)]  # one stack of 7 per player
        self.below = [STACK_SIZE - 1] * n
        self.round = 1
        self.start = self.chance_index("start", list(range(n)))
        self.turn = self.start
        self.phase = PLACE
        self.ending = False
        self.ended_by = ""
        self.clear_pending()

    def clear_pending(self) -> None:
        self.roll_total = self.roll_target = self.roll_dice = 0
        self.pay_loc = -1
        self.dice = [0] * 6
        self.dice_buyer = -1
        self.feed_left = self.feed_paid = 0

    def draw_card(self, kind: str) -> int:
        """The top card of the civilization deck (a chance outcome), or -1 if it is empty."""
        deck = self.deck
        if not deck:
            return -1
        if self.script is None:
            i = self.rng.below(len(deck))
            self.history.append({"chance": kind, "value": deck[i]})
        else:
            i = self.chance_index(kind, deck)
        card = deck[i]
        deck[i] = deck[-1]
        deck.pop()
        return card

    def reveal_tile(self) -> int:
        """Turn up the next tile of a building stack: any tile not yet seen, uniformly (a chance outcome)."""
        pool = self.pool
        if self.script is None:
            i = self.rng.below(len(pool))
            self.history.append({"chance": "tile", "value": pool[i]})
        else:
            i = self.chance_index("tile", pool)
        tile = pool[i]
        pool[i] = pool[-1]
        pool.pop()
        return tile

    def roll(self, dice: int) -> int:
        """The sum of ``dice`` dice, recorded as one outcome."""
        if self.script is None:
            rng = self.rng
            total = 0
            for _ in range(dice):
                total += rng.next64() % 6 + 1
            self.history.append({"chance": "roll", "value": total})
            return total
        # The replay path draws the same dice from the RNG (and discards them) so a replayed state's RNG stays in step.
        return self.chance_value(
            "roll",
            lambda r: sum(r.next64() % 6 + 1 for _ in range(dice)),
            lambda v: isinstance(v, int) and not isinstance(v, bool) and dice <= v <= 6 * dice,
        )

    def roll_faces(self, dice: int) -> list[int]:
        """``dice`` dice counted by face (index 0 = face 1), recorded as one outcome."""

        def sample(rng: Any) -> list[int]:
            counts = [0] * 6
            for _ in range(dice):
                counts[rng.next64() % 6] += 1
            return counts

        def valid(v: Any) -> bool:
            return (
                isinstance(v, list)
                and len(v) == 6
                and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
                and sum(v) == dice
            )

        return list(self.chance_value("dice", sample, valid))

    # -- whose turn --------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # -- legal actions -------------------------------------------------------------------------------

    def generate_legal(self) -> list[Action]:
        phase = self.phase
        seat = self.turn
        legal: list[Action]
        if phase == PLACE:
            legal = self.placements(seat)  # type: ignore[assignment]
        elif phase == USE:
            mine = self.at[seat]
            legal = [A.USE_BY[loc] for loc in range(NUM_LOCATIONS) if mine[loc]]
        elif phase == TOOLS:
            legal = self.tool_choices(seat)
        elif phase == PAY:
            legal = self.payments(seat)
            legal.append(A.DECLINE_ACTION)
        elif phase == DICE:
            dice = self.dice
            legal = [A.DIE_BY[f + 1] for f in range(6) if dice[f]]
        elif phase == FEED:
            have = self.res[seat]
            if self.per_missing_food:  # each resource paid saves 10 points: paying part of the shortfall counts
                legal = [A.FEED_BY[r] for r in range(4) if have[r]]
                legal.append(A.STARVE_ACTION)
            else:
                legal = [A.FEED_BY[r] for r in range(4) if have[r]] if sum(have) >= self.feed_left else []
                if not self.feed_paid:
                    legal.append(A.STARVE_ACTION)
        else:  # CASHING
            return [a for _, a in A.CASH_ACTIONS]
        if self.joker[seat]:
            legal += [a for _, a in A.CASH_ACTIONS]
        return legal

    def placements(self, seat: int) -> list[A.StoneAgeAction]:
        """§4: one location where the seat has no one yet, with room, and the 2/3-player limits.

        Option ``placement="one_at_a_time"`` (seed 001, divergence #13): exactly one person per turn, and the seat
        may come back to the hunting grounds or a resource location it is already on while there is room; the
        hut still takes its pair of people in one turn.
        """
        h = self.home[seat]
        if not h:
            return []
        mine = self.at[seat]
        occ = self.occ
        n = self.num_players
        one = self.opts["placement"] == "one_at_a_time"
        out: list[A.StoneAgeAction] = []
        if one:
            out.append(_PLACE_LISTS[HUNT][0])
        elif not mine[HUNT]:
            out += _PLACE_LISTS[HUNT][:h]
        sharers = _SHARERS[n]
        at = self.at
        for loc in GATHERING:
            room = RESOURCE_SPOT_CAPACITY - occ[loc]
            if room <= 0:
                continue
            if mine[loc]:
                if one:
                    out.append(_PLACE_LISTS[loc][0])
                continue
            if one:
                room = 1
            if sharers < n and occ[loc]:
                # The seat is not there yet, so everyone there is another seat (§4.3).
                present = 0
                for p in range(n):
                    if at[p][loc]:
                        present += 1
                if present >= sharers:
                    continue
            out += _PLACE_LISTS[loc][: h if h < room else room]
        if n == 4 or (occ[TOOL_MAKER] > 0) + (occ[HUT] > 0) + (occ[FIELD] > 0) < 2:
            useless_ok = self.opts["maxed_tracks"] == "allowed"
            if not occ[TOOL_MAKER] and (useless_ok or sum(self.tiles[seat]) < 12):
                out.append(_PLACE_LISTS[TOOL_MAKER][0])
            if not occ[HUT] and h >= 2 and (self.people[seat] < MAX_PEOPLE or self.opts["full_hut"] == "allowed"):
                out.append(_PLACE_LISTS[HUT][0])
            if not occ[FIELD] and (useless_ok or self.agri[seat] < MAX_AGRICULTURE):
                out.append(_PLACE_LISTS[FIELD][0])
        display = self.display
        for slot in range(CARD_SLOTS):
            if display[slot] >= 0 and not occ[CARD0 + slot]:
                out.append(_PLACE_LISTS[CARD0 + slot][0])
        for i, top in enumerate(self.tops):
            if top >= 0 and not occ[STACK0 + i]:
                out.append(_PLACE_LISTS[STACK0 + i][0])
        return out

    def tool_choices(self, seat: int) -> list[Action]:
        tiles, used = self.tiles[seat], self.used[seat]
        values = sorted({v for v, u in zip(tiles, used, strict=True) if not u})
        out: list[Action] = [A.TOOL_BY[v] for v in values]
        out += [A.ONCE_BY[v] for v in sorted(set(self.once[seat]))]
        out.append(A.DONE_ACTION)
        return out

    def payments(self, seat: int) -> list[Action]:
        """§5.6/§5.7: every affordable way to pay for the card or building the person stands on."""
        loc = self.pay_loc
        have = self.res[seat]
        if loc < STACK0:
            return _affordable(A.PAY_BY_SIZE[loc - CARD0 + 1], have)
        tile = TILES[self.tops[loc - STACK0]]
        if tile.kind == FIXED:
            c = tile.cost
            ok = have[0] >= c[0] and have[1] >= c[1] and have[2] >= c[2] and have[3] >= c[3]
            return [A.PAY_BY_COUNTS[c]] if ok else []
        if tile.kind == COUNT_KINDS:
            return _affordable(_KINDS_PAY[tile.count, tile.kinds], have)
        return _affordable(_ANY_PAY, have)

    def why_illegal(self, action: Action) -> str:
        kind = getattr(action, "kind", None)
        if kind == A.PLACE and self.phase == PLACE:
            return self.why_not_placed(action.loc, action.count)  # type: ignore[attr-defined]
        if kind == A.PAY and self.phase == PAY:
            return "you cannot pay that: it is not the right number or kinds of resources, or you lack them (§5.6, §5.7)"
        return f"it is the {self.phase} step and seat {self.turn} to decide; this action belongs to another step"

    def why_not_placed(self, loc: int, count: int) -> str:
        """The placement rule that refuses ``count`` people on ``loc`` (docs/rules/stoneage.md, "Placement")."""
        seat, n = self.turn, self.num_players
        h, mine, occ = self.home[seat], self.at[seat], self.occ
        where = LOCATION_NAMES[loc]
        cite = "docs/rules/stoneage.md, Placement"
        one = self.opts["placement"] == "one_at_a_time"
        if count > h:
            return f"no people left: you have {h} not yet placed ({cite}: people at home; §4.1)"
        if one and count > 1:
            return f"house rule placement=one_at_a_time: exactly one person per turn ({cite}: one at a time; §4.1, seed 001)"
        if mine[loc] and not (one and loc <= RIVER):
            return f"already there: you have people on {where} this round ({cite}: once per location; §4.1)"
        if loc in GATHERING:
            room = RESOURCE_SPOT_CAPACITY - occ[loc]
            if count > room:
                return f"no room: {where} has {room} of its {RESOURCE_SPOT_CAPACITY} spaces free ({cite}: spaces; §4.2)"
            present = sum(1 for p in range(n) if p != seat and self.at[p][loc])
            if not mine[loc] and present >= _SHARERS[n]:
                return (
                    f"the {n}-player rule: at most {_SHARERS[n]} player(s) may use {where} "
                    f"({cite}: 2 and 3 players; §4.3)"
                )
        elif loc in VILLAGE:
            if occ[loc]:
                return f"no room: {where} is taken this round ({cite}: spaces; §4.2)"
            if n < 4 and (occ[TOOL_MAKER] > 0) + (occ[HUT] > 0) + (occ[FIELD] > 0) >= 2:
                return f"the {n}-player rule: only two of the tool maker, hut and field are used each round ({cite}: 2 and 3 players; §4.3)"
            if loc == HUT and self.people[seat] >= MAX_PEOPLE:
                return f"option full_hut=forbidden: you already have {MAX_PEOPLE} people ({cite}: options; §5.4 [I1])"
            return f"option maxed_tracks=forbidden: {where} would give you nothing more ({cite}: options; §5.5 [I2])"
        elif loc >= STACK0:
            stack = loc - STACK0
            if stack >= n or self.tops[stack] < 0:
                return f"no tile: {where} is empty ({cite}: card places and buildings; §4.2)"
            return f"no room: someone is on {where} this round ({cite}: spaces; §4.2)"
        elif loc >= CARD0:
            if self.display[loc - CARD0] < 0:
                return f"no card: {where} was bought this round and stays empty until the next ({cite}: card places and buildings; §5.6)"
            return f"no room: someone is on {where} this round ({cite}: spaces; §4.2)"
        return f"{where} cannot take {count} people now ({cite})"

    # -- apply -----------------------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        a: A.StoneAgeAction = action  # type: ignore[assignment]
        kind = a.kind
        seat = self.turn
        if kind == A.PLACE:
            self.place(seat, a.loc, a.count)
        elif kind == A.USE:
            if not self.resolve(seat, a.loc):
                self.continue_actions()
        elif kind == A.TOOL:
            self.add_tool(seat, a.value)
        elif kind == A.ONCE:
            self.add_one_use_tool(seat, a.value)
        elif kind == A.DONE:
            self.take_yield(seat)
        elif kind == A.PAY:
            if not self.pay(seat, a.counts):
                self.continue_actions()
        elif kind == A.DECLINE:
            self.phase = USE
            self.pay_loc = -1
            self.continue_actions()
        elif kind == A.DIE:
            self.take_die(seat, a.value)
            if not self.next_die_picker():
                self.continue_actions()
        elif kind == A.FEED:
            self.feed_with(seat, a.value)
        elif kind == A.STARVE:
            self.starve(seat)
        else:
            self.cash(seat, a.counts)

    # -- §4 Placement --------------------------------------------------------------------------------------

    def place(self, seat: int, loc: int, count: int) -> None:
        self.at[seat][loc] += count
        self.occ[loc] += count
        self.home[seat] -= count
        n = self.num_players
        for i in range(1, n + 1):  # §4.1: a player who cannot place is skipped
            q = (seat + i) % n
            if self.home[q] and (not self.at[q][HUNT] or self.placements(q)):
                self.turn = q
                return
        self.begin_actions()

    # -- §5 Actions ------------------------------------------------------------------------------------------

    def begin_actions(self) -> None:
        self.turn = self.start
        self.continue_actions()

    def continue_actions(self) -> None:
        """§5.1: the active player resolves their locations in the order they choose, then the next player."""
        n = self.num_players
        self.phase = USE
        while True:
            seat = self.turn
            mine = self.at[seat]
            left = [loc for loc in range(NUM_LOCATIONS) if mine[loc]]
            if not left:
                if (seat + 1 - self.start) % n == 0:
                    self.begin_feeding()
                    return
                self.turn = (seat + 1) % n
                continue
            if len(left) > 1:
                return
            if self.resolve(seat, left[0]):
                return

    def resolve(self, seat: int, loc: int) -> bool:
        """Use the people on ``loc``; True if that opens a decision (tools, payment, dice, cash)."""
        count = self.at[seat][loc]
        self.at[seat][loc] = 0
        self.occ[loc] -= count
        if loc <= RIVER:
            return self.start_roll(seat, count, _TARGET[loc])
        if loc == TOOL_MAKER:
            self.tool_step(seat)
        elif loc == HUT:
            if self.people[seat] < MAX_PEOPLE:  # §5.4 [I1]
                self.people[seat] += 1
        elif loc == FIELD:
            self.agriculture_step(seat)
        else:
            self.pay_loc = loc
            if self.joker[seat] or self.payments(seat):
                self.phase = PAY
                return True
            self.pay_loc = -1  # §5.6/§5.7: cannot pay, the person goes home
        return False

    def start_roll(self, seat: int, dice: int, target: int) -> bool:
        """§5.2: roll; the player then adds unused tools (a decision) or takes the yield at once.

        Option ``tools_before_roll`` (seed 001, divergence #9): the tools are added first and the dice are rolled
        on ``done`` (or once no unused tool is left).
        """
        self.roll_target = target
        self.roll_dice = dice
        has_tools = bool(self.once[seat]) or not all(self.used[seat])
        if self.opts["tools_before_roll"]:
            self.roll_total = 0
            if has_tools:
                self.phase = TOOLS
                return True
            self.roll_total = self.roll(dice)
            self.gain(seat)
            return False
        self.roll_total = self.roll(dice)
        if has_tools:
            self.phase = TOOLS
            return True
        self.gain(seat)
        return False

    def add_tool(self, seat: int, value: int) -> None:
        tiles, used = self.tiles[seat], self.used[seat]
        for i, v in enumerate(tiles):
            if v == value and not used[i]:
                used[i] = True
                break
        self.roll_total += value
        self.after_tool(seat)

    def add_one_use_tool(self, seat: int, value: int) -> None:
        self.once[seat].remove(value)
        self.roll_total += value
        self.after_tool(seat)

    def after_tool(self, seat: int) -> None:
        if not self.once[seat] and all(self.used[seat]):
            self.take_yield(seat)

    def take_yield(self, seat: int) -> None:
        if self.opts["tools_before_roll"]:
            self.roll_total += self.roll(self.roll_dice)
        self.gain(seat)
        self.continue_actions()

    def gain(self, seat: int) -> None:
        """§5.2: floor(total ÷ divisor) of the location's good."""
        target = self.roll_target
        got = self.roll_total // _DIVISOR[target]
        if target == FOOD:
            self.food[seat] += got
        else:
            self.res[seat][target] += got
        self.roll_total = self.roll_target = self.roll_dice = 0

    def tool_step(self, seat: int) -> None:
        """§6: a new value-1 tile while fewer than 3, else raise a lowest tile, an unused one first [I3]."""
        tiles, used = self.tiles[seat], self.used[seat]
        if len(tiles) < 3:
            tiles.append(1)
            used.append(False)
            return
        low = min(tiles)
        if low >= 4:
            return
        pick = -1
        for i, v in enumerate(tiles):
            if v == low and (pick < 0 or (used[pick] and not used[i])):
                pick = i
        tiles[pick] += 1

    def agriculture_step(self, seat: int) -> None:
        if self.agri[seat] < MAX_AGRICULTURE:  # [I2]
            self.agri[seat] += 1

    def pay(self, seat: int, counts: tuple[int, ...]) -> bool:
        """Pay for the card or building; True if its effect opens a decision."""
        have = self.res[seat]
        for r in range(4):
            have[r] -= counts[r]
        loc = self.pay_loc
        self.pay_loc = -1
        self.phase = USE
        if loc < STACK0:
            slot = loc - CARD0
            card = self.display[slot]
            # §5.6: the slot stays empty until the new round; option display_refill="immediate" (seed 001,
            # divergence #23) turns up the next card into the same slot at once, before the bought card's effect.
            self.display[slot] = self.draw_card("card") if self.opts["display_refill"] == "immediate" else -1
            self.cards[seat].append(card)
            return self.card_effect(seat, card)
        self.build(seat, loc - STACK0, counts)
        return False

    def card_effect(self, seat: int, card_id: int) -> bool:
        """§5.6: the top half of a civilization card, at once."""
        card = CARDS[card_id]
        top, value = card.top, card.value
        if top == "food":
            self.food[seat] += value
        elif top.startswith("resource_"):
            self.res[seat][RESOURCES.index(top[9:])] += value
        elif top == "points":
            self.score[seat] += value
        elif top == "tool":
            self.tool_step(seat)
        elif top == "agriculture":
            self.agriculture_step(seat)
        elif top == "one_use_tool":
            self.once[seat].append(value)
        elif top == "extra_card":
            extra = self.draw_card("extra")
            if extra >= 0:  # [I4]
                self.secret[seat].append(extra)
        elif top == "any_resources":
            self.joker[seat] += 1
            if self.opts["any_resources"] == "at_once":
                self.phase = CASHING
                return True
        elif top in _ROLL_CARD_TARGET:
            return self.start_roll(seat, value, _ROLL_CARD_TARGET[top])
        elif top == "dice_for_all":
            self.dice = self.roll_faces(self.num_players)
            self.dice_buyer = seat
            return self.next_die_picker()
        else:  # pragma: no cover - data.py loads only known kinds
            raise AssertionError(f"unknown card effect {top}")
        return False

    def next_die_picker(self) -> bool:
        """Dice-for-all: from the buyer clockwise, each seat takes one die; a forced pick is made for them."""
        n = self.num_players
        dice = self.dice
        while True:
            left = sum(dice)
            if not left:
                self.turn = self.dice_buyer
                self.dice_buyer = -1
                self.phase = USE
                return False
            seat = (self.dice_buyer + n - left) % n
            faces = [f for f in range(6) if dice[f]]
            if len(faces) > 1:
                self.turn = seat
                self.phase = DICE
                return True
            self.take_die(seat, faces[0] + 1)

    def take_die(self, seat: int, face: int) -> None:
        """1–4 a resource, 5 a tool step, 6 agriculture; no gain at the maximum [I6]."""
        self.dice[face - 1] -= 1
        if face <= 4:
            self.res[seat][face - 1] += 1
        elif face == 5:
            self.tool_step(seat)
        else:
            self.agriculture_step(seat)

    def build(self, seat: int, stack: int, counts: tuple[int, ...]) -> None:
        """§5.7: take the tile, score it at once, turn up the next one; an empty stack ends the game (§9 B)."""
        tile = TILES[self.tops[stack]]
        self.buildings[seat].append(tile.id)
        self.score[seat] += tile.points if tile.kind == FIXED else sum(c * v for c, v in zip(counts, VALUES, strict=True))
        if self.below[stack]:
            self.below[stack] -= 1
            self.tops[stack] = self.reveal_tile()
        else:
            self.tops[stack] = -1
            self.ending = True

    def cash(self, seat: int, counts: tuple[int, ...]) -> None:
        """§5.6 "2 resources" card [I5]: any time, or at once (option any_resources=at_once)."""
        self.joker[seat] -= 1
        have = self.res[seat]
        for r in range(4):
            have[r] += counts[r]
        if self.phase == CASHING:
            self.continue_actions()

    # -- §7 Feeding ----------------------------------------------------------------------------------------------

    def begin_feeding(self) -> None:
        self.feed_from(0)

    def feed_from(self, index: int) -> None:
        """Feed the seats from the start player on; stop at one who must choose how to cover a shortfall."""
        n = self.num_players
        for i in range(index, n):
            seat = (self.start + i) % n
            food = self.food[seat] + self.agri[seat]
            need = self.people[seat]
            if food >= need:
                self.food[seat] = food - need
                continue
            self.food[seat] = 0  # all food is handed in first
            short = need - food
            can_pay = sum(self.res[seat]) + 2 * self.joker[seat]
            if can_pay >= short or (can_pay and self.per_missing_food):
                self.phase = FEED
                self.turn = seat
                self.feed_left = short
                self.feed_paid = 0
                return
            self.score[seat] -= STARVATION_PENALTY * (short if self.per_missing_food else 1)
        self.end_round()

    @property
    def per_missing_food(self) -> bool:
        """Option ``starvation="per_missing_food"`` (seed 001, divergence #28): −10 for each food still missing."""
        return self.opts["starvation"] == "per_missing_food"

    def feed_with(self, seat: int, resource: int) -> None:
        self.res[seat][resource] -= 1
        self.feed_left -= 1
        self.feed_paid += 1
        if not self.feed_left:
            self.next_eater(seat)
        elif self.per_missing_food and not sum(self.res[seat]) and not self.joker[seat]:
            self.starve(seat)  # nothing left to pay with: the penalty for the rest is not a choice

    def starve(self, seat: int) -> None:
        """§7.4: −10 once, whatever the shortfall [I7]; with ``starvation="per_missing_food"``, −10 per food missing."""
        self.score[seat] -= STARVATION_PENALTY * (self.feed_left if self.per_missing_food else 1)
        self.next_eater(seat)

    def next_eater(self, seat: int) -> None:
        self.feed_left = self.feed_paid = 0
        self.feed_from((seat - self.start) % self.num_players + 1)

    # -- §8 New round, §9 end --------------------------------------------------------------------------------------

    def end_round(self) -> None:
        if self.ending:
            self.finish("buildings")
            return
        kept = [c for c in self.display if c >= 0]  # slide toward the cheap end
        missing = CARD_SLOTS - len(kept)
        if len(self.deck) < missing:  # §9 A: the game ends at once [I10: exactly enough goes on]
            self.display = kept + [-1] * missing
            self.finish("cards")
            return
        while len(kept) < CARD_SLOTS:
            kept.append(self.draw_card("card"))
        self.display = kept
        for u in self.used:
            for i in range(len(u)):
                u[i] = False
        n = self.num_players
        self.start = (self.start + 1) % n
        self.round += 1
        self.begin_placement()

    def begin_placement(self) -> None:
        self.phase = PLACE
        self.home = self.people.copy()
        self.turn = self.start

    def finish(self, why: str) -> None:
        """§10: add the final scoring to each running score."""
        self.ended_by = why
        for seat in range(self.num_players):
            self.score[seat] += sum(self.final_scoring(seat).values())
        self.phase = OVER
        self.clear_pending()

    def final_scoring(self, seat: int) -> dict[str, int]:
        owned = self.cards[seat] + self.secret[seat]
        symbols = [CARDS[c].symbol for c in owned if CARDS[c].bottom == "culture"]
        figures = dict.fromkeys(SAND_KINDS, 0)
        for c in owned:
            card = CARDS[c]
            if card.bottom != "culture":
                figures[card.bottom] += card.symbol
        return {
            "culture": culture_points(symbols),
            "farmers": figures["farmer"] * self.agri[seat],
            "tool_makers": figures["tool_maker"] * sum(self.tiles[seat]),
            "hut_builders": figures["hut_builder"] * len(self.buildings[seat]),
            "shamans": figures["shaman"] * self.people[seat],
            "resources": sum(self.res[seat]),
        }

    def tie_break(self, seat: int) -> int:
        """§11: agriculture + tool-tile total + people."""
        return self.agri[seat] + sum(self.tiles[seat]) + self.people[seat]

    def result(self) -> Result | None:
        """§11: highest score; ties broken by agriculture + tools + people; still tied shares the win [I8]."""
        if self.phase != OVER:
            return None
        n = self.num_players
        keys = [(self.score[s], self.tie_break(s)) for s in range(n)]
        final = [self.final_scoring(s) for s in range(n)]
        return Result.from_keys(
            self.score,
            keys,
            tie_break=[k[1] for k in keys],
            final_scoring=final,
            breakdown=[{"play": self.score[s] - sum(final[s].values()), **final[s]} for s in range(n)],
            tiebreak=self.deciding_tiebreak(keys),
            ended_by=self.ended_by,
            rounds=self.round,
        )

    @staticmethod
    def deciding_tiebreak(keys: list[tuple[int, int]]) -> str | None:
        """§11: "agriculture_tools_people" when the best score is shared and that sum split it; None otherwise."""
        best = max(k[0] for k in keys)
        tied = [k for k in keys if k[0] == best]
        if len(tied) > 1 and len({k[1] for k in tied}) > 1:
            return "agriculture_tools_people"
        return None

    # -- copying and views ---------------------------------------------------------------------------------------------

    def clone(self) -> StoneAgeState:
        s = StoneAgeState.__new__(StoneAgeState)
        self.copy_base_into(s)
        s.people = self.people.copy()
        s.home = self.home.copy()
        s.food = self.food.copy()
        s.res = [r.copy() for r in self.res]
        s.agri = self.agri.copy()
        s.score = self.score.copy()
        s.tiles = [t.copy() for t in self.tiles]
        s.used = [u.copy() for u in self.used]
        s.once = [o.copy() for o in self.once]
        s.joker = self.joker.copy()
        s.cards = [c.copy() for c in self.cards]
        s.secret = [c.copy() for c in self.secret]
        s.buildings = [b.copy() for b in self.buildings]
        s.at = [a.copy() for a in self.at]
        s.occ = self.occ.copy()
        s.display = self.display.copy()
        s.deck = self.deck.copy()
        s.tops = self.tops.copy()
        s.below = self.below.copy()
        s.pool = self.pool.copy()
        s.round = self.round
        s.start = self.start
        s.turn = self.turn
        s.phase = self.phase
        s.ending = self.ending
        s.ended_by = self.ended_by
        s.roll_total = self.roll_total
        s.roll_target = self.roll_target
        s.roll_dice = self.roll_dice
        s.pay_loc = self.pay_loc
        s.dice = self.dice.copy()
        s.dice_buyer = self.dice_buyer
        s.feed_left = self.feed_left
        s.feed_paid = self.feed_paid
        return s

    def observation(self, seat: int | None) -> dict[str, Any]:
        """§12: the deck, the stacks' hidden tiles and other seats' extra cards are hidden; the rest is public."""
        self.check_seat(seat)
        players = []
        for p in range(self.num_players):
            players.append(
                {
                    "people": self.people[p],
                    "unplaced": self.home[p] if self.phase == PLACE else 0,
                    "food": self.food[p],
                    "resources": dict(zip(RESOURCES, self.res[p], strict=True)),
                    "agriculture": self.agri[p],
                    "score": self.score[p],
                    "tools": [{"value": v, "used": u} for v, u in zip(self.tiles[p], self.used[p], strict=True)],
                    "one_use_tools": sorted(self.once[p]),
                    "two_resources_card": self.joker[p],
                    "cards": [CARDS[c].to_dict() for c in self.cards[p]],
                    "extra_cards": [CARDS[c].to_dict() for c in self.secret[p]] if p == seat else len(self.secret[p]),
                    "buildings": [TILES[t].to_dict() for t in self.buildings[p]],
                    "placed": {LOCATION_NAMES[loc]: n for loc, n in enumerate(self.at[p]) if n},
                }
            )
        return {
            "game": "stoneage",
            "seat": seat,
            "players": players,
            "current_player": self.current_player,
            "phase": self.phase,
            "round": self.round,
            "start_player": self.start,
            "display": [None if c < 0 else {**CARDS[c].to_dict(), "cost": slot + 1} for slot, c in enumerate(self.display)],
            "deck": len(self.deck),
            "stacks": [
                {"top": None if t < 0 else TILES[t].to_dict(), "size": (t >= 0) + b} for t, b in zip(self.tops, self.below, strict=True)
            ],
            "last_round": self.ending,
            "ended_by": self.ended_by,
            "roll": {
                "dice": self.roll_dice,
                "total": self.roll_total,
                "yields": _YIELDS[self.roll_target],
                "rolled": not self.opts["tools_before_roll"],  # with the house rule, "total" is the tools so far
            }
            if self.phase == TOOLS
            else None,
            "paying_for": LOCATION_NAMES[self.pay_loc] if self.phase == PAY else None,
            "dice_for_all": [f + 1 for f in range(6) for _ in range(self.dice[f])] if self.phase == DICE else None,
            "food_missing": self.feed_left if self.phase == FEED else 0,
        }

    def determinize(self, seat: int | None, seed: int) -> StoneAgeState:
        """Resample what ``seat`` cannot see: other seats' extra cards (from the unseen cards) and the future."""
        self.check_seat(seat)
        s = self.clone()
        s.rng = self.reseeded(seed)
        spots = [(p, i) for p in range(s.num_players) if p != seat for i in range(len(s.secret[p]))]
        if spots:
            old = [s.secret[p][i] for p, i in spots]
            pool = old + s.deck
            s.rng.shuffle(pool)
            for (p, i), cid in zip(spots, pool, strict=False):
                s.secret[p][i] = cid
            s.deck = pool[len(spots) :]
            new = pool[: len(spots)]
            # The secret draws in the history now name the resampled cards, so the history stays consistent.
            swap = dict(zip(old, new, strict=True))
            s.history = [
                {"chance": "extra", "value": swap.get(e["value"], e["value"])} if isinstance(e, dict) and e.get("chance") == "extra" else e
                for e in s.history
            ]
        s._legal = None
        return s

    # -- serialisation ------------------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        d = self.base_dict()
        d.update(
            people=self.people.copy(),
            home=self.home.copy(),
            food=self.food.copy(),
            resources=[r.copy() for r in self.res],
            agriculture=self.agri.copy(),
            score=self.score.copy(),
            tools=[t.copy() for t in self.tiles],
            tools_used=[u.copy() for u in self.used],
            one_use_tools=[o.copy() for o in self.once],
            two_resources=self.joker.copy(),
            cards=[c.copy() for c in self.cards],
            extra_cards=[c.copy() for c in self.secret],
            buildings=[b.copy() for b in self.buildings],
            placed=[a.copy() for a in self.at],
            display=self.display.copy(),
            deck=self.deck.copy(),
            stack_tops=self.tops.copy(),
            stack_below=self.below.copy(),
            tile_pool=self.pool.copy(),
            round=self.round,
            start=self.start,
            turn=self.turn,
            phase=self.phase,
            ending=self.ending,
            ended_by=self.ended_by,
            roll_total=self.roll_total,
            roll_target=self.roll_target,
            roll_dice=self.roll_dice,
            pay_loc=self.pay_loc,
            dice=self.dice.copy(),
            dice_buyer=self.dice_buyer,
            feed_left=self.feed_left,
            feed_paid=self.feed_paid,
        )
        return d

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, Any]) -> StoneAgeState:
        s = cls.__new__(cls)
        read_base(s, game, data)
        n = s.num_players
        nc, nt = len(CARDS), len(TILES)
        s.people = int_list(data, "people", n, START_PEOPLE, MAX_PEOPLE)
        s.home = int_list(data, "home", n, 0, MAX_PEOPLE)
        s.food = int_list(data, "food", n, 0, 10**6)
        s.res = [ints(v, 4, 0, 10**6, f"resources[{p}]") for p, v in enumerate(per_seat(data, "resources", n))]
        s.agri = int_list(data, "agriculture", n, 0, MAX_AGRICULTURE)
        s.score = int_list(data, "score", n, -(10**6), 10**6)
        s.tiles = [ints(v, None, 1, 4, f"tools[{p}]") for p, v in enumerate(per_seat(data, "tools", n))]
        s.used = [bools(v, f"tools_used[{p}]") for p, v in enumerate(per_seat(data, "tools_used", n))]
        s.once = [ints(v, None, 2, 4, f"one_use_tools[{p}]") for p, v in enumerate(per_seat(data, "one_use_tools", n))]
        s.joker = int_list(data, "two_resources", n, 0, 1)
        s.cards = [ints(v, None, 0, nc - 1, f"cards[{p}]") for p, v in enumerate(per_seat(data, "cards", n))]
        s.secret = [ints(v, None, 0, nc - 1, f"extra_cards[{p}]") for p, v in enumerate(per_seat(data, "extra_cards", n))]
        s.buildings = [ints(v, None, 0, nt - 1, f"buildings[{p}]") for p, v in enumerate(per_seat(data, "buildings", n))]
        s.at = [ints(v, NUM_LOCATIONS, 0, MAX_PEOPLE, f"placed[{p}]") for p, v in enumerate(per_seat(data, "placed", n))]
        s.occ = [sum(s.at[p][loc] for p in range(n)) for loc in range(NUM_LOCATIONS)]
        s.display = int_list(data, "display", CARD_SLOTS, -1, nc - 1)
        s.deck = int_list(data, "deck", None, 0, nc - 1)
        s.tops = int_list(data, "stack_tops", n, -1, nt - 1)
        s.below = int_list(data, "stack_below", n, 0, STACK_SIZE - 1)
        s.pool = int_list(data, "tile_pool", None, 0, nt - 1)
        s.round = int_in(data, "round", 1, 10**4)
        s.start = int_in(data, "start", 0, n - 1)
        s.turn = int_in(data, "turn", 0, n - 1)
        s.phase = field(data, "phase", str)
        if s.phase not in PHASES:
            raise ValueError(f"state['phase'] = {s.phase!r} is not a Stone Age phase ({', '.join(PHASES)})")
        s.ending = field(data, "ending", bool)
        s.ended_by = field(data, "ended_by", str)
        if s.ended_by not in ("", "cards", "buildings"):
            raise ValueError(f"state['ended_by'] = {s.ended_by!r} is not '', 'cards' or 'buildings'")
        s.roll_total = int_in(data, "roll_total", 0, 100)
        s.roll_target = int_in(data, "roll_target", 0, FOOD)
        s.roll_dice = int_in(data, "roll_dice", 0, MAX_PEOPLE)
        s.pay_loc = int_in(data, "pay_loc", -1, NUM_LOCATIONS - 1)
        s.dice = int_list(data, "dice", 6, 0, 4)
        s.dice_buyer = int_in(data, "dice_buyer", -1, n - 1)
        s.feed_left = int_in(data, "feed_left", 0, MAX_PEOPLE)
        s.feed_paid = int_in(data, "feed_paid", 0, MAX_PEOPLE)
        s.check_consistency()
        return s

    def check_consistency(self) -> None:
        """ValueError unless cards, tiles and people are conserved and every count is in range."""
        n = self.num_players
        where: dict[int, str] = {}

        def place(cid: int, what: str) -> None:
            if cid in where:
                raise ValueError(f"civilization card {cid} is both in {where[cid]} and in {what}")
            where[cid] = what

        for cid in self.deck:
            place(cid, "the deck")
        for slot, cid in enumerate(self.display):
            if cid >= 0:
                place(cid, f"card slot {slot + 1}")
        for p in range(n):
            for cid in self.cards[p]:
                place(cid, f"seat {p}'s cards")
            for cid in self.secret[p]:
                place(cid, f"seat {p}'s extra cards")
        if len(where) != len(CARDS):
            raise ValueError(f"{len(CARDS) - len(where)} civilization cards are missing from the state")
        tiles_seen: dict[int, str] = {}
        for what, ids in [("the unrevealed tiles", self.pool), ("a stack top", [t for t in self.tops if t >= 0])] + [
            (f"seat {p}'s buildings", self.buildings[p]) for p in range(n)
        ]:
            for t in ids:
                if t in tiles_seen:
                    raise ValueError(f"building tile {t} is both in {tiles_seen[t]} and in {what}")
                tiles_seen[t] = what
        if len(tiles_seen) != len(TILES):
            raise ValueError(f"{len(TILES) - len(tiles_seen)} building tiles are missing from the state")
        if sum(self.below) > len(self.pool):
            raise ValueError("the stacks hold more face-down tiles than there are unrevealed tiles")
        for i, (top, below) in enumerate(zip(self.tops, self.below, strict=True)):
            if top < 0 and below:
                raise ValueError(f"building stack {i + 1} has no top tile but {below} tiles under it")
        if sum(len(b) for b in self.buildings) + sum((t >= 0) + b for t, b in zip(self.tops, self.below, strict=True)) != STACK_SIZE * n:
            raise ValueError(f"the stacks and the buildings built do not add up to {STACK_SIZE} tiles per player")
        if (self.ending or self.ended_by == "buildings") != (-1 in self.tops):
            raise ValueError("'ending' must be set exactly when a building stack is empty")
        for p in range(n):
            tiles, used = self.tiles[p], self.used[p]
            if len(tiles) > 3 or len(used) != len(tiles):
                raise ValueError(f"seat {p} has {len(tiles)} tool tiles (at most 3, one used flag each)")
            if tiles and (max(tiles) - min(tiles) > 1 or (len(tiles) < 3 and max(tiles) > 1)):
                raise ValueError(f"seat {p}'s tool tiles {tiles} cannot come from the §6 upgrade order")
            owned_one_use = sorted(CARDS[c].value for c in self.cards[p] if c in _ONE_USE_CARDS)
            if any(self.once[p].count(v) > owned_one_use.count(v) for v in self.once[p]):
                raise ValueError(f"seat {p} holds one-use tools {self.once[p]} without their cards")
            if self.joker[p] > sum(1 for c in self.cards[p] if c in _ANY_RES_CARDS):
                raise ValueError(f"seat {p} holds a '2 resources' card they did not buy")
            if sum(self.at[p]) + self.home[p] > self.people[p]:
                raise ValueError(f"seat {p} has more people placed and at home than they own")
        for loc in GATHERING:
            if self.occ[loc] > RESOURCE_SPOT_CAPACITY:
                raise ValueError(f"{LOCATION_NAMES[loc]} holds {self.occ[loc]} people (at most 7)")
        for loc in range(TOOL_MAKER, NUM_LOCATIONS):
            if self.occ[loc] > (2 if loc == HUT else 1) or sum(1 for p in range(n) if self.at[p][loc]) > 1:
                raise ValueError(f"{LOCATION_NAMES[loc]} holds more people than it has room for")
        for i, loc in enumerate(range(STACK0, NUM_LOCATIONS)):
            if self.occ[loc] and (i >= n or self.tops[i] < 0):
                raise ValueError(f"someone stands on {LOCATION_NAMES[loc]}, which has no tile")
        phase = self.phase
        if phase == PAY and not (
            CARD0 <= self.pay_loc < NUM_LOCATIONS and (self.pay_loc >= STACK0 or self.display[self.pay_loc - CARD0] >= 0)
        ):
            raise ValueError("phase 'pay' but nothing to pay for")
        if phase == PAY and self.pay_loc >= STACK0 and (self.pay_loc - STACK0 >= n or self.tops[self.pay_loc - STACK0] < 0):
            raise ValueError("phase 'pay' for a building stack without a tile")
        if phase == TOOLS and not self.roll_dice:
            raise ValueError("phase 'tools' without a roll")
        if phase == DICE and (self.dice_buyer < 0 or not 2 <= sum(self.dice) <= n):
            raise ValueError("phase 'dice' without dice-for-all dice to pick")
        if phase == FEED and not self.feed_left:
            raise ValueError("phase 'feed' with no food missing")
        if phase == CASHING and not self.joker[self.turn]:
            raise ValueError("phase 'cash' without a '2 resources' card")
        if phase == OVER and not self.ended_by:
            raise ValueError("the game is over but 'ended_by' does not say why")
