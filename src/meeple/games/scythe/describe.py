"""What one Scythe decision did, in game terms, for one viewer (``Game.describe``; meeple.core.events).

One decision may set off a chain inside ``apply``: a bottom action paid without a choice, its coins and recruit
bonuses, stars, the end of the turn and, in a solo game, the whole Automa turn. So the events are read from the
decision itself (its headline) and from what changed between the state before and the state after: units that
moved or appeared, resources on hexes, tracks, mats, stars, a combat revealed, an encounter drawn.

Hidden information (views.py): another seat's coin total, combat-card values, objectives in hand, the decks and the
face-down Factory cards. Events tell changes, never totals of coins; cards drawn are counted for others and named
only to their owner; a dial and the cards tucked behind it are told to others only as "chosen" until the reveal,
whose values are public (§8.3).

Marks name what the board views carry as ``data-mark``: ``hex:<col,row>``; ``unit:<side>:<kind>:<col,row>``
(kind character, mech or worker; the Automa is side 1); ``mat:<side>:<spot>`` with spot ``section:<0-4>``,
``top:<slot>``, ``bottom:<action>``, ``mech:<0-3>``, ``structure:<name>``, ``recruit:<action>``, ``bonus:<name>``,
``star:<kind>``; ``seat:<side>``; ``encounter:<card>``, ``factory:<card>``, ``objective:<card>``, ``automa:card``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.events import Event, counts, term

from . import actions as A
from . import data as D
from .data import CHAR, HOME, NUM_SPACES, SPACE_NAMES, UNIT_SLOTS, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

_R = len(D.RESOURCES)
KINDS = ("character", "mech", "worker")
#: The Automa's six move procedures (automa_cards.json), as terms.
AUTOMA_MOVES = ("move_worker", "move_mech", "move_character", "encounter_or_factory", "attack_combat_unit", "attack_worker")
STAR_TERMS = tuple(f"star_{k}" for k in (*D.STAR_KINDS, "tracker"))


def unit_kind(slot: int) -> str:
    return "character" if slot == CHAR else "mech" if slot < WORKER0 else "worker"


def hex_name(h: int) -> str:
    return SPACE_NAMES[h]


def hex_mark(h: int) -> str:
    return f"hex:{SPACE_NAMES[h]}"


def unit_mark(side: int, slot: int, h: int) -> str:
    return f"unit:{side}:{unit_kind(slot)}:{SPACE_NAMES[h]}"


def mat_mark(side: int, spot: str) -> str:
    return f"mat:{side}:{spot}"


def ability_term(faction: int, m: int) -> str:
    """A mech ability as a term word: its name in lower case, spaces as ``_`` (People's Army: ``peoples_army``)."""
    return D.MECH_ABILITIES[faction][m].lower().replace("'", "").replace(" ", "_")


def faction_ability_term(faction: int) -> str:
    return D.FACTION_ABILITY[faction].lower().replace(" ", "_")


def gain_counts(pairs: Iterable[tuple[str, int]]) -> dict[str, Any]:
    return counts({t: a for t, a in pairs})


class _Teller:
    """Collects the events of one decision; remembers which changes the headline already told."""

    def __init__(self, before: ScytheState, action: A.ScytheAction, after: ScytheState, viewer: int | None) -> None:
        self.b, self.a, self.act, self.viewer = before, after, action, viewer
        self.seat: int = before.current_player  # type: ignore[assignment]
        self.events: list[Event] = []
        self.units_told: set[tuple[int, int]] = set()
        self.res_told = [0] * (NUM_SPACES * _R)
        self.spent: dict[int, list[int]] = {}  # per side, card values that left its hand in this decision (a reveal)

    # -- helpers -------------------------------------------------------------------------------------------------

    def who(self, side: int) -> dict[str, Any]:
        return {"seat": side} if side < self.b.num_players else term("automa")

    def add(self, kind: str, side: int | None, marks: Iterable[str] = (), **params: Any) -> None:
        if side is not None and side >= self.b.num_players and "player" not in params:
            params["player"] = term("automa")
        seat_marks = [f"seat:{side}"] if side is not None else []
        self.events.append(Event(f"scythe.{kind}", side, params, tuple(dict.fromkeys([*marks, *seat_marks]))))

    def told_res(self, h: int, r: int, delta: int) -> None:
        self.res_told[h * _R + r] += delta

    def res_delta(self, h: int) -> list[int]:
        b, a = self.b.res, self.a.res
        return [a[h * _R + r] - b[h * _R + r] - self.res_told[h * _R + r] for r in range(_R)]

    # -- the decision itself -------------------------------------------------------------------------------------

    def headline(self) -> None:
        b, act, seat = self.b, self.act, self.seat
        kind, phase = act.kind, b.phase
        if kind == A.SECTION:
            if act.a == A.FACTORY_SECTION:
                self.add(
                    "section_factory", seat, [mat_mark(seat, "section:4"), f"factory:{b.factory_card[seat]}"], card=b.factory_card[seat]
                )
            else:
                top = D.TOP_ACTIONS[D.MAT_TOP[b.mat[seat]][act.a]]
                self.add(
                    "section",
                    seat,
                    [mat_mark(seat, f"section:{act.a}")],
                    section=act.a + 1,
                    top=term(top),
                    bottom=term(D.BOTTOM_ACTIONS[act.a]),
                )
        elif kind == A.TOP:
            self.add("top", seat, [mat_mark(seat, f"section:{b.section}")], option=term(A.TOP_OPTIONS[act.a][0]))
        elif kind == A.NO_TOP:
            self.add("no_top", seat)
        elif kind in (A.PICK_CHAR, A.PICK_MECH, A.PICK_WORKER):
            slot = self.a.active
            h = self.a.pos[seat][slot] if slot >= 0 else act.a
            self.add(
                "pick",
                seat,
                [unit_mark(seat, slot if slot >= 0 else CHAR, h), hex_mark(h)],
                unit=term(unit_kind(slot if slot >= 0 else CHAR)),
                hex=hex_name(h),
            )
        elif kind == A.STEP:
            self.step()
        elif kind in (A.LOAD, A.UNLOAD):
            h = b.pos[seat][b.active]
            self.told_res(h, act.a, -1 if kind == A.LOAD else 1)
            self.add("load" if kind == A.LOAD else "unload", seat, [hex_mark(h)], what=term(D.RESOURCES[act.a]), hex=hex_name(h))
        elif kind in (A.LOAD_WORKER, A.UNLOAD_WORKER):
            h = b.pos[seat][b.active]
            self.add("load" if kind == A.LOAD_WORKER else "unload", seat, [hex_mark(h)], what=term("worker"), hex=hex_name(h))
        elif kind == A.STOP:
            self.unit_ends(b.active, b.pos[seat][b.active])
        elif kind == A.DONE:
            what = {"move": "move", "trade": "trade", "produce": "produce", "encounter": "encounter"}.get(phase)
            if what:
                self.add("done", seat, what=term(what))
        elif kind == A.PUT:
            r, h = act.a, act.b
            self.told_res(h, r, 1)
            self.add("put", seat, [hex_mark(h)], what=term(D.RESOURCES[r]), hex=hex_name(h))
        elif kind == A.PRODUCE_AT:
            self.produce(act.a)
        elif kind in (A.UPGRADE, A.DEPLOY, A.BUILD, A.ENLIST) and phase == "bottom" and self.a.phase == "pay":
            n = self.a.to_pay
            self.add(
                "paying",
                seat,
                [mat_mark(seat, f"bottom:{D.BOTTOM_ACTIONS[b.section]}")],
                action=term(D.BOTTOM_ACTIONS[b.section]),
                cost=counts({D.RESOURCES[b.section]: n}),
            )
        elif kind == A.BOTTOM_ONLY:
            self.add(
                "bottom_only", seat, [mat_mark(seat, f"bottom:{D.BOTTOM_ACTIONS[b.section]}")], action=term(D.BOTTOM_ACTIONS[b.section])
            )
        elif kind == A.END_TURN and phase in ("bottom", "end"):
            self.add("end_turn", seat)
        elif kind == A.PAY_CARD:
            self.add("pay_card", seat, value=act.a)
        elif kind == A.FIGHT:
            self.add("fight", seat, [hex_mark(act.a)], hex=hex_name(act.a))
        elif kind in (A.ARTILLERY, A.NO_ARTILLERY):
            other = next(q for q in b.sides() if q != seat)
            self.add("artillery" if kind == A.ARTILLERY else "no_artillery", seat, target=self.who(other))
        elif kind == A.DIAL:
            if self.viewer == seat:
                self.add("dial_own", seat, dial=act.a)
            else:
                self.add("dial_hidden", seat)
        elif kind == A.CARDS:
            if self.viewer == seat:
                chosen = [v for v, k in zip(reversed(D.CARD_VALUES), reversed(A.CARD_SETS[act.a]), strict=True) for _ in range(k)]
                self.add("cards_own", seat, cards={"list": chosen} if chosen else term("no_cards"))
            else:
                self.add("cards_hidden", seat)
        elif kind in (A.RETREAT_HOME, A.RETREAT):
            to = HOME[b.faction[seat]] if kind == A.RETREAT_HOME else act.a
            self.add("retreat", seat, [hex_mark(b.combat_at), hex_mark(to)], hex=hex_name(b.combat_at), to=hex_name(to))
            for slot in range(UNIT_SLOTS):
                if b.pos[seat][slot] == b.combat_at:
                    self.units_told.add((seat, slot))
        elif kind == A.OPTION and phase == "encounter":
            card = b.encounter_card
            cost, gain = D.ENCOUNTER_OPTIONS[card][act.a]
            self.add(
                "option", seat, [f"encounter:{card}", hex_mark(b.pos[seat][CHAR])],
                card=card, option="ABC"[act.a], cost=gain_counts(cost), gain=gain_counts(gain),
            )  # fmt: skip
        elif kind == A.OPTION:
            t, amount = D.FACTORY_TOP[b.factory_card[seat]][1][act.a]
            self.add("factory_choice", seat, [f"factory:{b.factory_card[seat]}"], gain=counts({t: amount}))
        elif kind == A.FACTORY_TOP:
            card = b.factory_card[seat]
            cost, gain, _ = D.FACTORY_TOP[card]
            self.add("factory_top", seat, [f"factory:{card}"], card=card, cost=gain_counts(cost), gain=gain_counts(gain))
        elif kind == A.FACTORY_MOVE:
            self.add("factory_move", seat, [f"factory:{b.factory_card[seat]}"])
        elif kind == A.KEEP_FACTORY:
            self.add("factory", seat, [f"factory:{act.a}", hex_mark(D.FACTORY)], card=act.a)
        elif kind == A.REVEAL:
            self.add(
                "objective", seat, [f"objective:{act.a}", mat_mark(seat, "star:objective")], card=act.a, name=term(f"objective_{act.a}")
            )

    def step(self) -> None:
        b, a, seat = self.b, self.a, self.seat
        slot = b.active
        frm, to = b.pos[seat][slot], self.act.a
        cargo = {r: k for r, k in zip(D.RESOURCES, b.cargo, strict=True) if k}
        if b.cargo_workers:
            cargo["worker"] = len(b.cargo_workers)
        self.units_told.add((seat, slot))
        for w in b.cargo_workers:
            self.units_told.add((seat, w))
        marks = [hex_mark(frm), hex_mark(to), unit_mark(seat, slot, to)]
        params: dict[str, Any] = {"unit": term(unit_kind(slot)), "from": hex_name(frm), "to": hex_name(to)}
        if cargo:
            params["cargo"] = counts(cargo)
        self.add("step_carrying" if cargo else "step", seat, marks, **params)
        if a.active != slot and a.pos[seat][slot] == to:  # the step ended the unit's move: it drops what it carries
            for r in range(_R):
                self.told_res(to, r, b.cargo[r])

    def unit_ends(self, slot: int, h: int) -> None:
        b, seat = self.b, self.seat
        for r in range(_R):
            self.told_res(h, r, b.cargo[r])
        dropped = {r: k for r, k in zip(D.RESOURCES, b.cargo, strict=True) if k}
        if b.cargo_workers:
            dropped["worker"] = len(b.cargo_workers)
        params: dict[str, Any] = {"unit": term(unit_kind(slot)), "hex": hex_name(h)}
        if dropped:
            params["cargo"] = counts(dropped)
        self.add("stop_dropping" if dropped else "stop", seat, [hex_mark(h), unit_mark(seat, slot, h)], **params)

    def produce(self, h: int) -> None:
        b, a, seat = self.b, self.a, self.seat
        got = {}
        delta = self.res_delta(h)
        for r in range(_R):
            if delta[r] > 0:
                got[D.RESOURCES[r]] = delta[r]
                self.told_res(h, r, delta[r])
        new = [s for s in range(WORKER0, UNIT_SLOTS) if b.pos[seat][s] < 0 and a.pos[seat][s] == h]
        if new:
            got["worker"] = len(new)
            self.units_told.update((seat, s) for s in new)
        self.add("produce", seat, [hex_mark(h)], hex=hex_name(h), gain=counts(got))

    # -- what changed --------------------------------------------------------------------------------------------

    def combat(self) -> None:
        b, a = self.b, self.a
        if a.combat_at >= 0 and a.combat_at != b.combat_at:
            att, dfn = a.sides()
            self.add("combat_start", att, [hex_mark(a.combat_at), f"seat:{dfn}"], hex=hex_name(a.combat_at), defender=self.who(dfn))
        lc = a.last_combat
        if not lc:
            return
        was_open = b.combat_at >= 0 and b.cstage < 4 and (a.cstage == 4 or a.combat_at != b.combat_at)
        if lc == b.last_combat and not was_open:
            return
        h, att, dfn, ad, ac, dd, dc, winner = lc
        for role, side in enumerate((att, dfn)):
            shown = self.revealed_cards(role, (ac, dc)[role])
            if isinstance(shown, dict):
                self.spent.setdefault(side, []).extend(shown["list"])
        self.add(
            "combat", att, [hex_mark(h), f"seat:{dfn}"],
            hex=hex_name(h), defender=self.who(dfn), winner=self.who(winner),
            attacker_dial=ad, attacker_cards=self.revealed_cards(0, ac), attacker_total=ad + ac,
            defender_dial=dd, defender_cards=self.revealed_cards(1, dc), defender_total=dd + dc,
        )  # fmt: skip

    def revealed_cards(self, role: int, total: int) -> Any:
        """The cards a side revealed (public from the reveal on), else their total when they cannot be told apart."""
        b = self.b
        cards = [v for i, v in enumerate(D.CARD_VALUES) for _ in range(b.played[role][i])] if b.combat_at >= 0 else []
        if self.act.kind == A.CARDS and b.cstage == 2 + role:
            cards += [v for i, v in enumerate(D.CARD_VALUES) for _ in range(A.CARD_SETS[self.act.a][i])]
        if b.automa is not None and b.sides()[role] >= b.num_players:
            for e in self.a.history[len(b.history) :]:
                if isinstance(e, dict) and e.get("chance") == "automa_cards":
                    cards = list(e["value"])
        if sum(cards) != total:
            return total
        return {"list": sorted(cards, reverse=True)} if cards else 0

    def units(self, sides: Iterable[int]) -> None:
        b, a = self.b, self.a
        for q in sides:
            home = HOME[b.faction[q]]
            groups: dict[tuple[str, int, int], dict[str, int]] = {}
            for slot in range(UNIT_SLOTS):
                if (q, slot) in self.units_told:
                    continue
                x, y = b.pos[q][slot], a.pos[q][slot]
                if x == y:
                    continue
                if x >= 0 and y >= 0:
                    if slot >= WORKER0 and y == home and self.fighter_arrived(q, x) >= 0:
                        what = "driven_off"
                    else:
                        what = "moved_home" if y == home else "moved"
                elif y >= 0:
                    what = "arrived"
                else:
                    what = "removed"
                key = (what, x, y)
                kinds = groups.setdefault(key, {})
                kinds[unit_kind(slot)] = kinds.get(unit_kind(slot), 0) + 1
            for (what, x, y), kinds in groups.items():
                if what == "driven_off":
                    by = self.fighter_arrived(q, x)
                    self.add("driven_off", by, [hex_mark(x), f"seat:{q}"], owner=self.who(q), count=kinds["worker"], hex=hex_name(x))
                elif what in ("moved_home", "moved"):
                    marks = [hex_mark(x), hex_mark(y), *(unit_mark(q, _slot_of(k), y) for k in kinds)]
                    self.add(what, q, marks, units=counts(kinds), **{"from": hex_name(x), "to": hex_name(y)})
                elif what == "arrived":
                    self.add(
                        "arrived", q, [hex_mark(y), *(unit_mark(q, _slot_of(k), y) for k in kinds)], units=counts(kinds), hex=hex_name(y)
                    )
                else:
                    self.add("removed", q, [hex_mark(x)], units=counts(kinds), hex=hex_name(x))

    def fighter_arrived(self, q: int, h: int) -> int:
        """The side whose character or mech came onto ``h`` in this decision (so ``q``'s workers there were driven off)."""
        for r in range(self.b.n_sides):
            if r != q and any(self.a.pos[r][s] == h != self.b.pos[r][s] for s in range(CHAR, WORKER0)):
                return r
        return -1

    def resources(self) -> None:
        b = self.b
        paying = b.phase in ("bottom", "pay") and self.act.kind in (A.PAY, A.UPGRADE, A.DEPLOY, A.BUILD, A.ENLIST, A.BOTTOM_ONLY)
        paid: dict[str, int] = {}
        paid_at: list[int] = []
        for h in range(NUM_SPACES):
            delta = self.res_delta(h)
            if not any(delta):
                continue
            up = {D.RESOURCES[r]: d for r, d in enumerate(delta) if d > 0}
            down = {D.RESOURCES[r]: -d for r, d in enumerate(delta) if d < 0}
            if down and paying:
                for k, v in down.items():
                    paid[k] = paid.get(k, 0) + v
                paid_at.append(h)
                down = {}
            if up:
                self.add("hex_gained", None, [hex_mark(h)], hex=hex_name(h), resources=counts(up))
            if down:
                self.add("hex_lost", None, [hex_mark(h)], hex=hex_name(h), resources=counts(down))
        if paid:
            self.add(
                "paid", self.seat, [hex_mark(h) for h in paid_at], resources=counts(paid), hexes={"list": [hex_name(h) for h in paid_at]}
            )

    def mats(self, q: int) -> None:
        b, a = self.b, self.a
        f = b.faction[q]
        for s in range(6):
            if b.top_cubes[q] >> s & 1 and not a.top_cubes[q] >> s & 1:
                to = next((x for x in range(4) if a.bottom_cubes[q][x] > b.bottom_cubes[q][x]), -1)
                slot = D.TOP_SLOTS[s]
                marks = [mat_mark(q, f"top:{slot}"), *([mat_mark(q, f"bottom:{D.BOTTOM_ACTIONS[to]}")] if to >= 0 else [])]
                self.add("upgraded", q, marks, slot=term(slot), bottom=term(D.BOTTOM_ACTIONS[to]) if to >= 0 else "—")
        for m in range(4):
            if a.abil[q] >> m & 1 and not b.abil[q] >> m & 1:
                slot = next((s for s in range(1, WORKER0) if b.pos[q][s] < 0 <= a.pos[q][s]), -1)
                h = a.pos[q][slot] if slot >= 0 else -1
                if slot >= 0:
                    self.units_told.add((q, slot))
                marks = [mat_mark(q, f"mech:{m}"), *([hex_mark(h), unit_mark(q, slot, h)] if h >= 0 else [])]
                self.add("deployed", q, marks, ability=term(ability_term(f, m)), hex=hex_name(h) if h >= 0 else "—")
        for s, name in enumerate(D.STRUCTURES):
            h = a.struct_hex[q][s]
            if h >= 0 and b.struct_hex[q][s] < 0:
                self.add("built", q, [mat_mark(q, f"structure:{name}"), hex_mark(h)], structure=term(name), hex=hex_name(h))
        for x in range(4):
            if a.recruits[q] >> x & 1 and not b.recruits[q] >> x & 1:
                k = next((k for k in range(4) if a.bonuses[q] >> k & 1 and not b.bonuses[q] >> k & 1), -1)
                bonus = D.RECRUIT_BONUSES[k] if k >= 0 else None
                marks = [mat_mark(q, f"recruit:{D.BOTTOM_ACTIONS[x]}"), *([mat_mark(q, f"bonus:{bonus}")] if bonus else [])]
                self.add("enlisted", q, marks, recruit=term(D.BOTTOM_ACTIONS[x]), bonus=term(f"bonus_{bonus}") if bonus else "—")

    def tracks(self, q: int) -> None:
        from .views import held

        b, a = self.b, self.a
        before = {"coins": b.coins[q], "power": b.power[q], "popularity": b.pop[q], "combat_cards": held(b, q)}
        after = {"coins": a.coins[q], "power": a.power[q], "popularity": a.pop[q], "combat_cards": held(a, q)}
        gained = {k: after[k] - before[k] for k in before if after[k] > before[k]}
        lost = {k: before[k] - after[k] for k in before if after[k] < before[k]}
        marks = [mat_mark(q, k) for k in (*gained, *lost)]
        if gained and lost:
            self.add("gain_loss", q, marks, gained=counts(gained), lost=counts(lost))
        elif gained:
            self.add("gain", q, marks, gained=counts(gained))
        elif lost:
            self.add("loss", q, marks, lost=counts(lost))
        if q == self.viewer:
            spent = self.spent.get(q, []) + ([self.act.a] if self.act.kind == A.PAY_CARD else [])
            have_b = [b.hand[q][i] + _tucked(b, q, i) - spent.count(v) for i, v in enumerate(D.CARD_VALUES)]
            have_a = [a.hand[q][i] + _tucked(a, q, i) for i in range(4)]
            new = [D.CARD_VALUES[i] for i in range(4) for _ in range(max(0, have_a[i] - have_b[i]))]
            if new:
                self.add("cards_drawn_own", q, [mat_mark(q, "combat_cards")], cards={"list": new})

    def stars(self, q: int) -> None:
        b, a = self.b, self.a
        for i, k in enumerate(a.stars[q]):
            before = b.stars[q][i] if i < len(b.stars[q]) else 0
            for _ in range(k - before):
                self.add("star", q, [mat_mark(q, f"star:{STAR_TERMS[i][5:]}")], category=term(STAR_TERMS[i]), stars=sum(a.stars[q]))

    def encounter(self) -> None:
        b, a, seat = self.b, self.a, self.seat
        if a.encounter_card >= 0 and a.encounter_card != b.encounter_card:
            h = a.pos[seat][CHAR]
            self.add("encounter", seat, [hex_mark(h), f"encounter:{a.encounter_card}"], card=a.encounter_card, hex=hex_name(h))

    def automa_turn(self) -> None:
        """The Automa's card and move procedure, told before what its turn changed (automa §4)."""
        b, a = self.b, self.a
        if a.automa is None or b.automa is None:
            return
        side = 1
        if a.automa.turns > b.automa.turns:
            card = a.automa.discard[-1] if a.automa.discard else -1
            from .automa import CARDS

            if card >= 0 and a.automa.level == "autometta" and CARDS[card]["autometta_skip"]:
                self.add("automa_skip", side, ["automa:card"], card=card)
            else:
                move = a.automa.last_move or "none"
                self.add("automa_turn", side, ["automa:card"], card=card, scheme="I" * b.automa.scheme, move=term(f"automa_{move}"))

    def automa(self) -> None:
        b, a = self.b, self.a
        if a.automa is None or b.automa is None:
            return
        side = 1
        if a.factory_card[side] >= 0 > b.factory_card[side]:
            self.add("automa_factory", side, [hex_mark(D.FACTORY)])
        self.units([side])
        self.tracks(side)
        if a.automa.cube > b.automa.cube:
            from .automa import TRACKERS

            self.add("automa_tracker", side, ["automa:tracker"], space=a.automa.cube, spaces=TRACKERS[a.automa.level]["spaces"])
        if a.automa.scheme > b.automa.scheme:
            self.add("automa_scheme", side, ["automa:card"], scheme="II")
        self.stars(side)

    def tell(self) -> list[Event]:
        self.headline()
        self.combat()
        self.encounter()
        humans = range(self.b.num_players)
        for q in humans:
            self.mats(q)
        self.automa_turn()
        self.units(humans)
        self.resources()
        for q in humans:
            self.tracks(q)
            self.stars(q)
        self.automa()
        if self.a.is_over and not self.b.is_over:
            end = self.a.ended_by
            self.add("game_end", end if end >= 0 else None, [], by=self.who(end) if end >= 0 else "—")
        return self.events


def _slot_of(kind: str) -> int:
    return {"character": CHAR, "mech": 1, "worker": WORKER0}[kind]


def _tucked(s: ScytheState, q: int, i: int) -> int:
    if s.combat_at < 0:
        return 0
    sides = s.sides()
    return sum(s.played[role][i] for role in range(2) if sides[role] == q)


def describe(before: ScytheState, action: Any, after: ScytheState, viewer: int | None) -> list[Event]:
    """The events of ``action`` (taken in ``before``, leading to ``after``) as ``viewer`` may know them."""
    if isinstance(action, str):
        action = A.read(action)
    return _Teller(before, action, after, viewer).tell()


def event_params(events: Iterable[Event]) -> list[Mapping[str, Any]]:
    """The events as dicts (what the server sends)."""
    return [e.to_dict() for e in events]
