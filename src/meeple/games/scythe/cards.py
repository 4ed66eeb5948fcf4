"""Encounters (§9), the Factory and its cards (§10) and objectives (§11), as rules methods mixed into ScytheState.

Card effects are a queue of (gain, amount) pairs from the data: immediate ones (coins, popularity, power, cards,
named resources, workers) apply at once; the ones that need a choice (resources of any kind, a free deploy, build,
enlist, upgrade or produce, the card a Factory card costs, "choose one") become small decisions in the ``gain``
phase. Free actions from cards give no bottom-action coins and no recruit bonuses (§9, §10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from . import data as D
from . import objectives
from .data import CHAR, FACTORY, IS_HOME, IS_LAKE, NUM_SPACES, PRODUCT, UNIT_SLOTS, WORKER0

if TYPE_CHECKING:
    from meeple.core import Action

ENCOUNTER, GAIN, FACTORY_PICK, END = "encounter", "gain", "factory", "end"
#: Gain types of encounters.json / factory_cards.json, plus the two the engine adds (a card cost and "choose one").
GAIN_TYPES = (
    "coins", "popularity", "power", "combat_cards", "oil", "metal", "wood", "food", "worker",
    "resources_any_combination", "deploy_mech", "build_structure", "enlist_recruit", "upgrade", "produce",
    "discard_card", "choose",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAIN_TYPES)}
_ANY, _DEPLOY, _BUILD, _ENLIST, _UPGRADE, _PRODUCE, _DISCARD, _CHOOSE = (
    G[k]
    for k in (
        "resources_any_combination",
        "deploy_mech",
        "build_structure",
        "enlist_recruit",
        "upgrade",
        "produce",
        "discard_card",
        "choose",
    )
)
CTX_ENCOUNTER, CTX_FACTORY = 0, 1
_ACT = A.ACTIONS
_R = len(D.RESOURCES)

for _card in (*D.ENCOUNTER_OPTIONS.values(), *(((c, g),) for c, g, _ in D.FACTORY_TOP.values())):
    for _cost, _gain in _card:
        for _t, _ in (*_cost, *_gain):
            if _t not in G:
                raise ValueError(f"card data names an unknown cost or gain {_t!r}")


class CardRules:
    """Methods only; the fields live in ScytheState's slots (``gains``, ``gain_kind``, ``encounter_card``...)."""

    __slots__ = ()

    # -- the gain queue -------------------------------------------------------------------------------------------------

    def start_gains(self: Any, seat: int, ctx: int, items: D.Gain) -> None:
        self.gain_ctx = ctx
        self.gains = [x for t, a in items for x in (G[t], a)]
        self.run_gains(seat)

    def run_gains(self: Any, seat: int) -> None:
        """Apply queued gains until one needs a decision (phase ``gain``) or the queue is empty."""
        while self.gains:
            t, a = self.gains[0], self.gains[1]
            del self.gains[:2]
            if t < _ANY:
                self.gain_now(seat, t, a)
                continue
            self.gain_kind, self.gain_left = t, a
            if self.gain_options(seat):
                self.phase = GAIN
                return
        self.gain_kind, self.gain_left = -1, 0
        self.check_stars(seat)
        if self.phase == "over":
            return
        if self.gain_ctx == CTX_ENCOUNTER:
            self.after_option(seat)
        else:
            self.finish_top(seat)

    def gain_now(self: Any, seat: int, t: int, a: int) -> None:
        name = GAIN_TYPES[t]
        h = self.pos[seat][CHAR]
        if name == "coins":
            self.coins[seat] += a
        elif name == "popularity":
            self.gain_popularity(seat, a)
        elif name == "power":
            self.gain_power(seat, a)
        elif name == "combat_cards":
            for _ in range(a):
                self.draw_card(seat)
        elif name == "worker":
            units = self.pos[seat]
            for slot in range(WORKER0, UNIT_SLOTS):
                if a and units[slot] < 0:
                    units[slot] = h
                    a -= 1
            self._board = None
        else:  # a named resource, on the character's territory (§9)
            self.res[h * _R + D.RESOURCES.index(name)] += a

    def gain_spaces(self: Any, seat: int) -> list[int]:
        """Where a chosen gain goes: the character's territory for encounters, else territories with your workers."""
        if self.gain_ctx == CTX_ENCOUNTER:
            h = self.pos[seat][CHAR]
            return [] if IS_HOME[h] or IS_LAKE[h] else [h]
        ctrl = self.board()[0]
        return [h for h in self.worker_territories(seat) if ctrl[h] == seat]

    def gain_options(self: Any, seat: int) -> list[Action]:
        t = self.gain_kind
        if t == _ANY:
            return [_ACT[A.PUT_BASE + r * NUM_SPACES + h] for r in range(_R) for h in self.gain_spaces(seat)]
        if t == _DEPLOY:
            free = [m for m in range(4) if not self.abil[seat] >> m & 1]
            spaces = [h for h in self.gain_spaces(seat) if not IS_LAKE[h]]
            return [_ACT[A.DEPLOY_BASE + m * NUM_SPACES + h] for m in free for h in spaces]
        if t == _BUILD:
            free = [s for s in range(4) if self.struct_hex[seat][s] < 0]
            spaces = [h for h in self.gain_spaces(seat) if not IS_LAKE[h] and self.struct_at[h] < 0]
            return [_ACT[A.BUILD_BASE + s * NUM_SPACES + h] for s in free for h in spaces]
        if t == _ENLIST:
            return self.benefits(seat, D.ENLIST)
        if t == _UPGRADE:
            return self.benefits(seat, D.UPGRADE)
        if t == _PRODUCE:
            ctrl = self.board()[0]
            room = D.WORKERS - self.workers_on_board(seat)
            return [
                _ACT[A.PRODUCE_BASE + h]
                for h in self.worker_territories(seat)
                if ctrl[h] == seat and h not in self.produced and (PRODUCT[h] >= 0 or (D.IS_VILLAGE[h] and room > 0))
            ]
        if t == _DISCARD:
            return [_ACT[A.PAY_CARD_BASE + i] for i in range(4) if self.hand[seat][i]]
        if t == _CHOOSE:
            return [_ACT[A.OPTION_BASE + i] for i in range(len(D.FACTORY_TOP[self.factory_card[seat]][1]))]
        return []

    def legal_gain(self: Any, seat: int) -> list[Action]:
        out = self.gain_options(seat)
        if self.gain_kind not in (_DISCARD, _CHOOSE):
            out.append(A.DONE_ACTION)  # §9: any part of a benefit may be taken
        return out

    def take_gain(self: Any, seat: int, a: A.ScytheAction) -> None:
        kind = a.kind
        if kind == A.DONE:
            self.gain_left = 0
        elif kind == A.OPTION:
            self.gain_left = 0
            t, amount = D.FACTORY_TOP[self.factory_card[seat]][1][a.a]
            self.gains[:0] = [G[t], amount]
        else:
            self.gain_left -= 1
            if kind == A.PUT:
                self.res[a.b * _R + a.a] += 1
            elif kind == A.DEPLOY:
                self.deploy(seat, a.a, a.b)
            elif kind == A.BUILD:
                self.build(seat, a.a, a.b)
            elif kind == A.ENLIST:
                self.enlist(seat, a.a, a.b)
            elif kind == A.UPGRADE:
                self.upgrade(seat, a.a, a.b)
            elif kind == A.PRODUCE_AT:
                self.produced.append(a.a)
                self.produce_here(seat, a.a, self.workers_at(seat, a.a))
            elif kind == A.PAY_CARD:
                i = D.CARD_VALUES.index(a.a)
                self.hand[seat][i] -= 1
                self.discard[i] += 1
        if self.gain_left > 0 and self.gain_options(seat):
            return
        self.run_gains(seat)

    # -- §9 Encounters ----------------------------------------------------------------------------------------------------

    def start_encounter(self: Any, seat: int) -> None:
        """§9: discard the token, draw a card; the player chooses one option (Polania Meander: up to two)."""
        self.tokens.remove(self.pos[seat][CHAR])
        deck = self.encounter_deck
        self.encounter_card = deck.pop(self.chance_index("encounter", deck))
        self.meander = 0
        self.phase = ENCOUNTER

    def option_payable(self: Any, seat: int, i: int) -> bool:
        cost = D.ENCOUNTER_OPTIONS[self.encounter_card][i][0]
        for t, a in cost:
            if (
                (t == "coins" and self.coins[seat] < a)
                or (t == "popularity" and self.pop[seat] < a)
                or (t == "power" and self.power[seat] < a)
            ):
                return False
        return True

    def legal_encounter(self: Any, seat: int) -> list[Action]:
        out: list[Action] = [_ACT[A.OPTION_BASE + i] for i in range(3) if not self.meander >> i & 1 and self.option_payable(seat, i)]
        if self.meander:
            out.append(A.DONE_ACTION)
        return out

    def choose_option(self: Any, seat: int, i: int) -> None:
        cost, gain = D.ENCOUNTER_OPTIONS[self.encounter_card][i]
        for t, a in cost:
            if t == "coins":
                self.coins[seat] -= a
            elif t == "popularity":
                self.gain_popularity(seat, -a)
            else:
                self.gain_power(seat, -a)
        self.meander |= 1 << i
        self.start_gains(seat, CTX_ENCOUNTER, gain)

    def after_option(self: Any, seat: int) -> None:
        """Polania Meander: a second option, paid with what the first gave."""
        if self.faction[seat] == D.POLANIA and self.meander.bit_count() == 1 and any(self.legal_encounter(seat)[:-1]):
            self.phase = ENCOUNTER
            return
        self.finish_encounter(seat)

    def finish_encounter(self: Any, seat: int) -> None:
        self.encounter_used.append(self.encounter_card)  # back to the bottom of the deck: never drawn again
        self.encounter_card = -1
        self.meander = 0
        self.resume_after(seat)

    # -- §10 The Factory -------------------------------------------------------------------------------------------------

    def offer_factory(self: Any, seat: int) -> bool:
        """§10: the character on the Factory, no card yet: look at the remaining cards and keep one."""
        if self.pos[seat][CHAR] != FACTORY or self.factory_card[seat] >= 0 or not self.factory:
            return False
        self.factory_seen |= 1 << seat
        self.phase = FACTORY_PICK
        return True

    def legal_factory_pick(self: Any) -> list[Action]:
        return [A.KEEP_FACTORY_ACTIONS[c] for c in sorted(self.factory)]

    def keep_factory(self: Any, seat: int, card: int) -> None:
        self.factory.remove(card)
        self.factory_card[seat] = card
        self.resume_after(seat)

    def can_factory_top(self: Any, seat: int) -> bool:
        cost = D.FACTORY_TOP[self.factory_card[seat]][0]
        have = {"coins": self.coins[seat], "power": self.power[seat], "popularity": self.pop[seat], "combat_cards": sum(self.hand[seat])}
        return all(have[t] >= a for t, a in cost)

    def factory_top(self: Any, seat: int) -> None:
        """§10: the Factory card's top action (no Monument, Armory or Mill bonus)."""
        cost, gain, mode = D.FACTORY_TOP[self.factory_card[seat]]
        queue: list[tuple[str, int]] = []
        for t, a in cost:
            if t == "coins":
                self.coins[seat] -= a
            elif t == "power":
                self.gain_power(seat, -a)
            elif t == "popularity":
                self.gain_popularity(seat, -a)
            else:
                queue.append(("discard_card", a))
        self.produced = []
        queue += [("choose", 1)] if mode == "choose_one" else list(gain)
        self.start_gains(seat, CTX_FACTORY, tuple(queue))

    def factory_move(self: Any, seat: int) -> None:
        """§7.4: the Factory card's bottom action: one unit, up to 2 territories (Speed: 3); then combats as usual."""
        self.moves_left = 1
        self.moved = 0
        self.bottom_move = True
        self.phase = "move"
        self.settle_move(seat)

    # -- §11 Objectives -----------------------------------------------------------------------------------------------------

    def revealable(self: Any, seat: int) -> list[Action]:
        if not self.objectives[seat]:
            return []
        if self.stars[seat][D.STAR_OBJECTIVE] >= D.OBJECTIVE_STAR_CAP and self.faction[seat] != D.SAXONY:
            return []
        return [A.REVEAL_ACTIONS[c] for c in self.objectives[seat] if objectives.met(self, seat, c)]

    def reveal_objective(self: Any, seat: int, card: int) -> None:
        """§11: a star; both cards are discarded (Saxony Dominate keeps the other and may complete it too)."""
        self.objectives[seat].remove(card)
        self.objective_done[seat].append(card)
        if self.faction[seat] != D.SAXONY:
            self.objective_discard[seat] += self.objectives[seat]
            self.objectives[seat] = []
        self.place_star(seat, D.STAR_OBJECTIVE)
