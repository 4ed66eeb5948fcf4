"""A Splendor game in progress, and its rules (§2–§13), in the order a turn happens.

State is kept flat (lists of small integers) so that clone, legal-action generation and
apply stay cheap; cards and nobles are ids into the shared tables of ``data``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core import Action, ChanceScript, Result, State
from meeple.core.serial import bools, field, int_in, int_list, ints, per_seat, read_base

from . import actions as A
from .data import (
    CARDS,
    CARDS_BY_TIER,
    COLOURS,
    DISPLAY_PER_TIER,
    GEMS_BY_PLAYERS,
    GOLD,
    GOLD_TOKENS,
    MAX_RESERVED,
    NOBLES,
    POINTS_TO_END,
    TIERS,
    TOKEN_LIMIT,
    TOKEN_NAMES,
)

# Phases of a turn: the action, then (§8) returning tokens, then (§9) choosing a noble.
ACTION, RETURNING, CHOOSING_NOBLE, OVER = "action", "return", "noble", "over"

_COST = tuple(c.cost for c in CARDS)
_TOTAL_COST = tuple(sum(c.cost) for c in CARDS)
_TIER = tuple(c.tier - 1 for c in CARDS)
_REQ = tuple(n.requires for n in NOBLES)
_SLOTS = A.DISPLAY_SLOTS
_NPAT = len(A.GOLD_PATTERNS)
_ACTIONS = A.ACTIONS


def _take_tables() -> dict[str, list[list[A.SplendorAction]]]:
    """For each take-fewer rule, the 'take different' actions legal for each set of non-empty colours."""
    tables: dict[str, list[list[A.SplendorAction]]] = {}
    for mode in ("only_when_forced", "never", "always"):
        rows = []
        for mask in range(32):
            avail = [c for c in range(5) if mask >> c & 1]
            if mode == "never":
                sizes = (3,)
            elif mode == "always":
                sizes = (3, 2, 1)
            else:
                sizes = (min(3, len(avail)),)
            rows.append([a for a in _ACTIONS if a.kind == A.TAKE and len(a.arg) in sizes and set(a.arg) <= set(avail)])  # type: ignore[arg-type]
        tables[mode] = rows
    return tables


_TAKE_DIFFERENT = _take_tables()
_PATTERN_CACHE: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def _gold_patterns(spare: int, paid: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of the extra-gold patterns that use at most ``spare`` gold and replace only tokens paid."""
    key = (spare, paid)
    hit = _PATTERN_CACHE.get(key)
    if hit is None:
        hit = _PATTERN_CACHE[key] = tuple(
            i for i, p in enumerate(A.GOLD_PATTERNS) if sum(p) <= spare and all(e <= q for e, q in zip(p, paid, strict=True))
        )
    return hit


_TAKE_SAME = [[_ACTIONS[A.TAKE_TWO_BASE + c] for c in range(5) if mask >> c & 1] for mask in range(32)]


class SplendorState(State):
    __slots__ = (
        "blind",
        "bonuses",
        "bought",
        "deadlock",
        "decks",
        "display",
        "final_round",
        "nobles",
        "nobles_won",
        "passes",
        "phase",
        "points",
        "reserved",
        "supply",
        "tokens",
        "turn",
        "turns_played",
    )  # fmt: skip

    supply: list[int]  # 6 token counts: five gems, then gold
    tokens: list[list[int]]  # per seat, 6 counts
    bonuses: list[list[int]]  # per seat, 5 counts (purchased cards by bonus colour)
    points: list[int]
    bought: list[list[int]]  # per seat, purchased card ids in order
    reserved: list[list[int]]  # per seat, reserved card ids (at most 3)
    blind: list[list[bool]]  # per seat, parallel to reserved: taken blind from a deck (hidden)
    nobles_won: list[list[int]]
    display: list[int]  # 12 slots, tier-major; -1 = empty
    decks: list[list[int]]  # per tier, the card ids not yet drawn (unordered: each draw is a chance event)
    nobles: list[int]  # revealed noble slots; -1 = taken
    turn: int  # seat whose turn it is
    phase: str
    turns_played: int  # completed turns, all seats together
    final_round: bool
    passes: int  # consecutive turns ended by PASS
    deadlock: bool

    # -- §2 Setup ---------------------------------------------------------------------------

    def setup(self, script: ChanceScript | None) -> None:
        n = self.num_players
        gems = GEMS_BY_PLAYERS[n]
        self.supply = [gems] * 5 + [GOLD_TOKENS]
        self.tokens = [[0] * 6 for _ in range(n)]
        self.bonuses = [[0] * 5 for _ in range(n)]
        self.points = [0] * n
        self.bought = [[] for _ in range(n)]
        self.reserved = [[] for _ in range(n)]
        self.blind = [[] for _ in range(n)]
        self.nobles_won = [[] for _ in range(n)]
        self.decks = [list(ids) for ids in CARDS_BY_TIER]
        self.display = [-1] * _SLOTS
        for slot in range(_SLOTS):
            self.display[slot] = self.draw(slot // DISPLAY_PER_TIER)
        pool = list(range(len(NOBLES)))
        self.nobles = []
        for _ in range(n + 1):
            self.nobles.append(pool.pop(self.chance_index("noble", pool)))
        # §2 ► ENGINE: seat 0 starts and seats play in increasing order.
        self.turn = 0
        self.phase = ACTION
        self.turns_played = 0
        self.final_round = False
        self.passes = 0
        self.deadlock = False

    def draw(self, tier: int) -> int:
        """The top card of a tier's deck (a chance event), or -1 if the deck is empty (§11)."""
        deck = self.decks[tier]
        if not deck:
            return -1
        if self.script is None:
            i = self.rng.below(len(deck))
            card = deck[i]
            self.history.append({"chance": "deal", "value": card})
        else:
            i = self.chance_index("deal", deck)
            card = deck[i]
            if _TIER[card] != tier:  # pragma: no cover - chance_index only returns deck members
                raise AssertionError("card drawn from the wrong tier")
        deck[i] = deck[-1]
        deck.pop()
        return card

    # -- whose turn -----------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # -- legal actions ---------------------------------------------------------------------------

    def generate_legal(self) -> list[Action]:
        phase = self.phase
        seat = self.turn
        if phase == RETURNING:
            held = self.tokens[seat]
            return [_ACTIONS[A.RETURN_BASE + k] for k in range(6) if held[k]]
        if phase == CHOOSING_NOBLE:
            return [_ACTIONS[A.NOBLE_BASE + i] for i in self.visiting_nobles(seat)]
        legal: list[Action] = []
        sup = self.supply
        nonempty = (sup[0] > 0) | (sup[1] > 0) << 1 | (sup[2] > 0) << 2 | (sup[3] > 0) << 3 | (sup[4] > 0) << 4
        legal += _TAKE_DIFFERENT[self.opts["take_fewer"]][nonempty]
        four = (sup[0] >= 4) | (sup[1] >= 4) << 1 | (sup[2] >= 4) << 2 | (sup[3] >= 4) << 3 | (sup[4] >= 4) << 4
        legal += _TAKE_SAME[four]
        reserved = self.reserved[seat]
        display = self.display
        if len(reserved) < MAX_RESERVED:
            legal += [_ACTIONS[A.RESERVE_BASE + s] for s in range(_SLOTS) if display[s] >= 0]
            legal += [_ACTIONS[A.RESERVE_DECK_BASE + t] for t in range(TIERS) if self.decks[t]]
        self.add_purchases(legal, seat)
        if not legal:
            # §12 ► ENGINE: PASS only when nothing else is legal.
            legal.append(A.PASS_ACTION)
        return legal

    def add_purchases(self, legal: list[Action], seat: int) -> None:
        """§7: a card is affordable iff Σ max(0, cost − bonus − tokens) ≤ gold."""
        b0, b1, b2, b3, b4 = self.bonuses[seat]
        t0, t1, t2, t3, t4, gold = self.tokens[seat]
        p0, p1, p2, p3, p4 = b0 + t0, b1 + t1, b2 + t2, b3 + t3, b4 + t4
        choose = self.opts["payment"] == "choose"
        # Σ max(0, c − p) ≥ Σc − Σp, so a card costing more than everything the seat has is skipped at once.
        budget = p0 + p1 + p2 + p3 + p4 + gold
        total = _TOTAL_COST
        sources = [(s, card) for s, card in enumerate(self.display) if card >= 0 and total[card] <= budget]
        sources += [(_SLOTS + i, card) for i, card in enumerate(self.reserved[seat])]
        for source, card in sources:
            c0, c1, c2, c3, c4 = _COST[card]
            short = (
                (c0 - p0 if c0 > p0 else 0)
                + (c1 - p1 if c1 > p1 else 0)
                + (c2 - p2 if c2 > p2 else 0)
                + (c3 - p3 if c3 > p3 else 0)
                + (c4 - p4 if c4 > p4 else 0)
            )
            if short > gold:
                continue
            base = A.BUY_BASE + source * _NPAT
            spare = gold - short
            if not (choose and spare):
                legal.append(_ACTIONS[base])
                continue
            # Gold may stand in for any coloured token the purchase would spend (§7 ► ENGINE).
            paid = (
                min(t0, c0 - b0) if c0 > b0 else 0,
                min(t1, c1 - b1) if c1 > b1 else 0,
                min(t2, c2 - b2) if c2 > b2 else 0,
                min(t3, c3 - b3) if c3 > b3 else 0,
                min(t4, c4 - b4) if c4 > b4 else 0,
            )
            legal += [_ACTIONS[base + i] for i in _gold_patterns(spare, paid)]

    def visiting_nobles(self, seat: int) -> list[int]:
        """§9: revealed noble slots whose requirement the seat's bonuses (not tokens) meet."""
        if len(self.bought[seat]) < 8:  # every noble needs 8 or 9 bonuses
            return []
        bon = self.bonuses[seat]
        out = []
        for slot, noble in enumerate(self.nobles):
            if noble >= 0:
                req = _REQ[noble]
                if bon[0] >= req[0] and bon[1] >= req[1] and bon[2] >= req[2] and bon[3] >= req[3] and bon[4] >= req[4]:
                    out.append(slot)
        return out

    def why_illegal(self, action: Action) -> str:
        kind, arg = action.kind, action.arg  # type: ignore[attr-defined]
        seat = self.turn
        if self.phase == RETURNING:
            if kind != A.RETURN:
                return f"seat {seat} must first return {sum(self.tokens[seat]) - TOKEN_LIMIT} token(s) to get down to 10 (rules §8, docs/rules/splendor.md)"
            return f"seat {seat} holds no {TOKEN_NAMES[arg]} token"
        if self.phase == CHOOSING_NOBLE:
            return "several nobles visit: choose one of them first (rules §9, docs/rules/splendor.md)"
        if kind == A.RETURN:
            return "tokens are returned only by a player holding more than 10 at the end of their turn (rules §8, docs/rules/splendor.md)"
        if kind == A.NOBLE:
            return "a noble is chosen only when several visit at the end of a turn (rules §9, docs/rules/splendor.md)"
        if kind == A.PASS:
            return "passing is allowed only when no other action is (rules §12, docs/rules/splendor.md)"
        if kind == A.TAKE:
            empty = [COLOURS[c] for c in arg if not self.supply[c]]
            if empty:
                return f"the supply has no {' or '.join(empty)} token"
            return f"taking {len(arg)} colour(s) is not allowed while more are available (option take_fewer={self.opts['take_fewer']!r})"
        if kind == A.TAKE_TWO:
            return f"taking 2 {COLOURS[arg]} needs at least 4 in the supply; it has {self.supply[arg]} (rules §5, docs/rules/splendor.md)"
        if kind in (A.RESERVE, A.RESERVE_DECK) and len(self.reserved[seat]) >= MAX_RESERVED:
            return f"seat {seat} already reserves {MAX_RESERVED} cards (rules §6, docs/rules/splendor.md)"
        if kind == A.RESERVE:
            return f"display slot {A.slot_name(arg)} is empty"
        if kind == A.RESERVE_DECK:
            return f"the tier-{arg + 1} deck is empty"
        if kind == A.BUY:
            if arg < _SLOTS and self.display[arg] < 0:
                return f"display slot {A.slot_name(arg)} is empty"
            if arg >= _SLOTS and arg - _SLOTS >= len(self.reserved[seat]):
                return f"seat {seat} has no reserved card {A.source_name(arg)}"
            if sum(action.gold):  # type: ignore[attr-defined]
                return "that payment is not possible: the extra gold must replace coloured tokens you would pay, within your gold"
            return f"seat {seat} cannot afford it, even with gold (rules §7, docs/rules/splendor.md)"
        return super().why_illegal(action)

    # -- §3–§7 The actions ------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        kind = action.kind  # type: ignore[attr-defined]
        arg = action.arg  # type: ignore[attr-defined]
        seat = self.turn
        if kind == A.TAKE:
            self.take_different(seat, arg)
        elif kind == A.TAKE_TWO:
            self.take_two_same(seat, arg)
        elif kind == A.RESERVE:
            self.reserve_face_up(seat, arg)
        elif kind == A.RESERVE_DECK:
            self.reserve_blind(seat, arg)
        elif kind == A.BUY:
            self.purchase(seat, arg, action.gold)  # type: ignore[attr-defined]
        elif kind == A.RETURN:
            self.return_token(seat, arg)
            return
        elif kind == A.NOBLE:
            self.receive_noble(seat, arg)
            self.finish_turn(passed=False)
            return
        else:
            self.end_of_turn(seat, passed=True)
            return
        self.end_of_turn(seat, passed=False)

    def take_different(self, seat: int, colours: tuple[int, ...]) -> None:
        """§4 Action A: one token of each chosen colour."""
        held = self.tokens[seat]
        for c in colours:
            self.supply[c] -= 1
            held[c] += 1

    def take_two_same(self, seat: int, colour: int) -> None:
        """§5 Action B: two tokens of a colour whose supply showed at least 4."""
        self.supply[colour] -= 2
        self.tokens[seat][colour] += 2

    def reserve_face_up(self, seat: int, slot: int) -> None:
        """§6 Action C from the display: the slot refills at once; gold if any is left."""
        self.reserved[seat].append(self.display[slot])
        self.blind[seat].append(False)
        self.display[slot] = self.draw(slot // DISPLAY_PER_TIER)
        self.take_gold(seat)

    def reserve_blind(self, seat: int, tier: int) -> None:
        """§6 Action C from a deck: the card stays hidden from the opponents."""
        self.reserved[seat].append(self.draw(tier))
        self.blind[seat].append(True)
        self.take_gold(seat)

    def take_gold(self, seat: int) -> None:
        if self.supply[GOLD]:
            self.supply[GOLD] -= 1
            self.tokens[seat][GOLD] += 1

    def purchase(self, seat: int, source: int, extra_gold: tuple[int, ...]) -> None:
        """§7 Action D: bonuses discount; gold covers the shortfall and, by choice, more."""
        if source < _SLOTS:
            card = self.display[source]
            self.display[source] = self.draw(source // DISPLAY_PER_TIER)
        else:
            i = source - _SLOTS
            card = self.reserved[seat].pop(i)
            self.blind[seat].pop(i)
        held = self.tokens[seat]
        bon = self.bonuses[seat]
        supply = self.supply
        gold_spent = 0
        cost = _COST[card]
        for c in range(5):
            need = cost[c] - bon[c]
            if need <= 0:
                continue
            coloured = min(held[c], need) - extra_gold[c]
            held[c] -= coloured
            supply[c] += coloured
            gold_spent += need - coloured
        held[GOLD] -= gold_spent
        supply[GOLD] += gold_spent
        bon[CARDS[card].bonus] += 1
        self.points[seat] += CARDS[card].points
        self.bought[seat].append(card)

    # -- §8–§10 End of turn -------------------------------------------------------------------------

    def end_of_turn(self, seat: int, passed: bool) -> None:
        if not passed and sum(self.tokens[seat]) > TOKEN_LIMIT:
            self.phase = RETURNING
            return
        self.noble_visit(seat, passed)

    def return_token(self, seat: int, kind: int) -> None:
        """§8: return one token of the player's choice; the turn goes on once they hold 10."""
        self.tokens[seat][kind] -= 1
        self.supply[kind] += 1
        if sum(self.tokens[seat]) <= TOKEN_LIMIT:
            self.noble_visit(seat, passed=False)

    def noble_visit(self, seat: int, passed: bool) -> None:
        """§9: at most one noble; automatic if one qualifies, the player's choice if several."""
        visiting = self.visiting_nobles(seat)
        if len(visiting) > 1:
            self.phase = CHOOSING_NOBLE
            return
        if visiting:
            self.receive_noble(seat, visiting[0])
        self.finish_turn(passed)

    def receive_noble(self, seat: int, slot: int) -> None:
        noble = self.nobles[slot]
        self.nobles[slot] = -1
        self.nobles_won[seat].append(noble)
        self.points[seat] += NOBLES[noble].points

    def finish_turn(self, passed: bool) -> None:
        """§10 game end (finish the round after someone reaches 15) and §12 deadlock."""
        seat = self.turn
        self.turns_played += 1
        self.passes = self.passes + 1 if passed else 0
        if self.points[seat] >= POINTS_TO_END:
            self.final_round = True
        if self.passes >= self.num_players:
            self.deadlock = True
            self.phase = OVER
        elif self.final_round and seat == self.num_players - 1:
            self.phase = OVER
        else:
            self.turn = (seat + 1) % self.num_players
            self.phase = ACTION

    def result(self) -> Result | None:
        """§10: most prestige; tie-break fewest purchased cards; a remaining tie is shared."""
        if self.phase != OVER:
            return None
        n = self.num_players
        cards = [len(b) for b in self.bought]
        keys = [(self.points[s], -cards[s]) for s in range(n)]
        # The breakdown in the rulebook's terms: prestige on development cards, then on noble tiles (§10).
        from_nobles = [sum(NOBLES[x].points for x in self.nobles_won[s]) for s in range(n)]
        breakdown = [{"cards": self.points[s] - from_nobles[s], "nobles": from_nobles[s], "total": self.points[s]} for s in range(n)]
        # The tie-breaker decided when the best score is shared and fewer cards set some of those seats ahead.
        best = max(self.points)
        tied = [s for s in range(n) if self.points[s] == best]
        decided = len(tied) > 1 and len({cards[s] for s in tied}) > 1
        return Result.from_keys(
            self.points, keys, cards=cards, ended_by_deadlock=self.deadlock, turns=self.turns_played,
            breakdown=breakdown, tiebreak="fewest_cards" if decided else None,
        )  # fmt: skip

    # -- copying and views --------------------------------------------------------------------------------

    def clone(self) -> SplendorState:
        s = SplendorState.__new__(SplendorState)
        self.copy_base_into(s)
        s.supply = self.supply.copy()
        s.tokens = [t.copy() for t in self.tokens]
        s.bonuses = [b.copy() for b in self.bonuses]
        s.points = self.points.copy()
        s.bought = [b.copy() for b in self.bought]
        s.reserved = [r.copy() for r in self.reserved]
        s.blind = [b.copy() for b in self.blind]
        s.nobles_won = [n.copy() for n in self.nobles_won]
        s.display = self.display.copy()
        s.decks = [d.copy() for d in self.decks]
        s.nobles = self.nobles.copy()
        s.turn = self.turn
        s.phase = self.phase
        s.turns_played = self.turns_played
        s.final_round = self.final_round
        s.passes = self.passes
        s.deadlock = self.deadlock
        return s

    def observation(self, seat: int | None) -> dict[str, Any]:
        """§13: deck order and opponents' blind reservations are hidden; the rest is public."""
        self.check_seat(seat)

        def card(cid: int) -> dict[str, Any] | None:
            return None if cid < 0 else CARDS[cid].to_dict()

        players = []
        for p in range(self.num_players):
            reserved = []
            for cid, blind in zip(self.reserved[p], self.blind[p], strict=True):
                if blind and p != seat:
                    reserved.append({"tier": CARDS[cid].tier, "hidden": True})
                else:
                    reserved.append({**CARDS[cid].to_dict(), "blind": blind})
            players.append(
                {
                    "tokens": dict(zip(TOKEN_NAMES, self.tokens[p], strict=True)),
                    "bonuses": dict(zip(COLOURS, self.bonuses[p], strict=True)),
                    "points": self.points[p],
                    "cards": list(self.bought[p]),
                    "nobles": list(self.nobles_won[p]),
                    "reserved": reserved,
                }
            )
        return {
            "game": "splendor",
            "seat": seat,
            "players": players,
            "current_player": self.current_player,
            "phase": self.phase,
            "supply": dict(zip(TOKEN_NAMES, self.supply, strict=True)),
            "display": [[card(self.display[t * DISPLAY_PER_TIER + i]) for i in range(DISPLAY_PER_TIER)] for t in range(TIERS)],
            "decks": [len(d) for d in self.decks],
            "nobles": [None if n < 0 else NOBLES[n].to_dict() for n in self.nobles],
            "turns_played": self.turns_played,
            "final_round": self.final_round,
            "to_return": max(0, sum(self.tokens[self.turn]) - TOKEN_LIMIT) if self.phase == RETURNING else 0,
            "passes": self.passes,
        }

    def determinize(self, seat: int | None, seed: int) -> SplendorState:
        """Resample every card ``seat`` cannot see: the decks and the opponents' blind reserves."""
        self.check_seat(seat)
        s = self.clone()
        s.rng = self.reseeded(seed)
        for tier in range(TIERS):
            spots = [
                (p, i) for p in range(s.num_players) if p != seat for i, b in enumerate(s.blind[p]) if b and _TIER[s.reserved[p][i]] == tier
            ]
            if not spots:
                continue
            old = [s.reserved[p][i] for p, i in spots]
            pool = old + s.decks[tier]
            s.rng.shuffle(pool)
            new = pool[: len(spots)]
            s.decks[tier] = pool[len(spots) :]
            for (p, i), cid in zip(spots, new, strict=True):
                s.reserved[p][i] = cid
            # Keep the determinized history consistent with its cards: the blind draws now dealt other cards.
            swap = {o: n for o, n in zip(old, new, strict=True) if o != n}
            if swap:
                s.history = [
                    {"chance": "deal", "value": swap.get(e["value"], e["value"])}
                    if isinstance(e, dict) and e.get("chance") == "deal" and e["value"] in swap
                    else e
                    for e in s.history
                ]
        s._legal = None
        return s

    # -- serialisation ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        d = self.base_dict()
        d.update(
            supply=self.supply.copy(),
            tokens=[t.copy() for t in self.tokens],
            bonuses=[b.copy() for b in self.bonuses],
            points=self.points.copy(),
            bought=[b.copy() for b in self.bought],
            reserved=[r.copy() for r in self.reserved],
            blind=[b.copy() for b in self.blind],
            nobles_won=[n.copy() for n in self.nobles_won],
            display=self.display.copy(),
            decks=[d.copy() for d in self.decks],
            nobles=self.nobles.copy(),
            turn=self.turn,
            phase=self.phase,
            turns_played=self.turns_played,
            final_round=self.final_round,
            passes=self.passes,
            deadlock=self.deadlock,
        )
        return d

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, Any]) -> SplendorState:
        s = cls.__new__(cls)
        read_base(s, game, data)
        n = s.num_players
        ncards = len(CARDS)
        s.supply = int_list(data, "supply", 6, 0, 7)
        s.tokens = [ints(v, 6, 0, 7, f"tokens[{p}]") for p, v in enumerate(per_seat(data, "tokens", n))]
        s.bonuses = [ints(v, 5, 0, 40, f"bonuses[{p}]") for p, v in enumerate(per_seat(data, "bonuses", n))]
        s.points = int_list(data, "points", n, 0, 200)
        s.bought = [ints(v, None, 0, ncards - 1, f"bought[{p}]") for p, v in enumerate(per_seat(data, "bought", n))]
        s.reserved = [ints(v, None, 0, ncards - 1, f"reserved[{p}]") for p, v in enumerate(per_seat(data, "reserved", n))]
        s.blind = [bools(v, f"blind[{p}]") for p, v in enumerate(per_seat(data, "blind", n))]
        s.nobles_won = [ints(v, None, 0, len(NOBLES) - 1, f"nobles_won[{p}]") for p, v in enumerate(per_seat(data, "nobles_won", n))]
        s.display = int_list(data, "display", A.DISPLAY_SLOTS, -1, ncards - 1)
        decks = field(data, "decks", list)
        if len(decks) != TIERS:
            raise ValueError(f"state['decks'] must have {TIERS} entries")
        s.decks = [ints(v, None, 0, ncards - 1, f"decks[{t}]") for t, v in enumerate(decks)]
        s.nobles = int_list(data, "nobles", n + 1, -1, len(NOBLES) - 1)
        s.turn = int_in(data, "turn", 0, n - 1)
        s.phase = field(data, "phase", str)
        if s.phase not in (ACTION, RETURNING, CHOOSING_NOBLE, OVER):
            raise ValueError(f"state['phase'] = {s.phase!r} is not a Splendor phase")
        s.turns_played = int_in(data, "turns_played", 0, 10**6)
        s.final_round = field(data, "final_round", bool)
        s.passes = int_in(data, "passes", 0, n)
        s.deadlock = field(data, "deadlock", bool)
        s.check_consistency()
        return s

    def check_consistency(self) -> None:
        """ValueError unless cards, tokens and nobles are conserved and every count is in range."""
        n = self.num_players
        where: dict[int, str] = {}

        def place(cid: int, what: str) -> None:
            if cid in where:
                raise ValueError(f"card {cid} is both in {where[cid]} and in {what}")
            where[cid] = what

        for t, deck in enumerate(self.decks):
            for cid in deck:
                if _TIER[cid] != t:
                    raise ValueError(f"card {cid} (tier {_TIER[cid] + 1}) is in the tier-{t + 1} deck")
                place(cid, f"deck {t + 1}")
        for slot, cid in enumerate(self.display):
            if cid >= 0:
                if _TIER[cid] != slot // DISPLAY_PER_TIER:
                    raise ValueError(f"card {cid} is in display slot {A.slot_name(slot)} of another tier")
                place(cid, f"display {A.slot_name(slot)}")
            elif self.decks[slot // DISPLAY_PER_TIER]:
                raise ValueError(f"display slot {A.slot_name(slot)} is empty while its deck is not")
        for p in range(n):
            if len(self.reserved[p]) > MAX_RESERVED or len(self.blind[p]) != len(self.reserved[p]):
                raise ValueError(f"seat {p} reserves {len(self.reserved[p])} cards (at most {MAX_RESERVED}, one blind flag each)")
            for cid in self.reserved[p]:
                place(cid, f"seat {p}'s reserve")
            for cid in self.bought[p]:
                place(cid, f"seat {p}'s cards")
            bonuses = [0] * 5
            for cid in self.bought[p]:
                bonuses[CARDS[cid].bonus] += 1
            if bonuses != self.bonuses[p]:
                raise ValueError(f"seat {p}'s bonuses {self.bonuses[p]} do not match their cards {bonuses}")
            expected = sum(CARDS[c].points for c in self.bought[p]) + sum(NOBLES[x].points for x in self.nobles_won[p])
            if expected != self.points[p]:
                raise ValueError(f"seat {p}'s points {self.points[p]} do not match their cards and nobles ({expected})")
        if len(where) != len(CARDS):
            raise ValueError(f"{len(CARDS) - len(where)} cards are missing from the state")
        gems = GEMS_BY_PLAYERS[n]
        for k in range(6):
            total = self.supply[k] + sum(t[k] for t in self.tokens)
            if total != (GOLD_TOKENS if k == GOLD else gems):
                raise ValueError(f"{TOKEN_NAMES[k]} tokens add up to {total}, not {GOLD_TOKENS if k == GOLD else gems}")
        won = [x for w in self.nobles_won for x in w]
        shown = [x for x in self.nobles if x >= 0]
        if len(set(won + shown)) != len(won + shown):
            raise ValueError("a noble is in two places")
        if len(won) + len(shown) != n + 1:
            raise ValueError(f"{len(won) + len(shown)} nobles in play, not {n + 1}")
        if self.phase == RETURNING and sum(self.tokens[self.turn]) <= TOKEN_LIMIT:
            raise ValueError("phase 'return' but the player holds no more than 10 tokens")
        if self.phase == CHOOSING_NOBLE and len(self.visiting_nobles(self.turn)) < 2:
            raise ValueError("phase 'noble' but fewer than two nobles visit")
        if self.phase != RETURNING and self.phase != OVER and any(sum(t) > TOKEN_LIMIT for t in self.tokens):
            raise ValueError("a player holds more than 10 tokens outside their token return")
