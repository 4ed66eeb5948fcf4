"""Combat (§8) and the combat abilities of §14, as rules methods mixed into ScytheState.

The simultaneous secret choice is a sequence of decisions: the attacker dials, then tucks its cards (one decision
naming the whole set), then the defender does the same, then both are revealed together. Each side's choice is
always the same number of decisions (a question is skipped only for a public reason: no power, no card or no room),
so not even the length of the history tells how many cards were tucked. The committed choice lives in
``dial``/``played`` (cards leave the hand) and only its owner's observation shows it until the reveal; hand sizes
shown to others count the tucked cards as still held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from . import data as D
from .data import CHAR, GEO_NEIGHBOURS, HOME, IS_LAKE, IS_TUNNEL, UNIT_SLOTS, WORKER0

if TYPE_CHECKING:
    from meeple.core import Action

FIGHT, ABILITY, DIAL, CARDS, RETREAT = "fight", "artillery", "dial", "cards", "retreat"
_ACT = A.ACTIONS


class CombatRules:
    """Methods only; the fields live in ScytheState's slots (``combat_at``, ``defender``, ``dial``, ``played``...)."""

    __slots__ = ()

    # -- who fights --------------------------------------------------------------------------------------------------

    def sides(self: Any) -> tuple[int, int]:
        if self.automa is not None and self.automa.attacking:
            return 1, 0  # the Automa attacks the human (automa §7)
        return self.order[self.ti], self.defender

    def fighters_at(self: Any, seat: int, h: int) -> int:
        """The character and mechs of ``seat`` on ``h``."""
        return sum(1 for x in self.pos[seat][CHAR:WORKER0] if x == h)

    def card_cap(self: Any, seat: int) -> int:
        """§8.2: one card per own character/mech in the combat; Rusviet People's Army: one more with a worker there."""
        h = self.combat_at
        cap = self.fighters_at(seat, h)
        if self.faction[seat] == D.RUSVIET and self.abil[seat] >> D.COMBAT_ABILITY & 1 and h in self.pos[seat][WORKER0:]:
            cap += 1
        return cap

    # -- §8: the combats of a Move action, in the attacker's order ---------------------------------------------------

    def next_combat(self: Any, seat: int) -> bool:
        """Start the next pending combat (asking the order when several remain); False when none remains."""
        occ = self.board()[1]
        mine = 3 << 2 * seat
        self.pending_combats = [h for h in self.pending_combats if occ[h] & ~mine & 0xAAAAAAAA and occ[h] & (2 << 2 * seat)]
        if not self.pending_combats:
            return False
        if len(self.pending_combats) > 1:
            self.phase = FIGHT
            return True
        self.start_combat(seat, self.pending_combats[0])
        return True

    def legal_fights(self: Any) -> list[Action]:
        return [_ACT[A.FIGHT_BASE + h] for h in sorted(self.pending_combats)]

    def start_combat(self: Any, seat: int, h: int) -> None:
        self.pending_combats.remove(h)
        occ = self.board()[1]
        self.combat_at = h
        self.defender = next(q for q in range(len(self.pos)) if q != seat and occ[h] >> 2 * q & 2)
        self.dial = [-1, -1]
        self.played = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.run_pre_combat(0)

    def run_pre_combat(self: Any, role: int) -> None:
        """§8.1: pre-combat abilities, attacker first; Artillery is a choice, Scout and Disarm always help."""
        for r in range(role, 2):
            if self.pre_combat(r):
                return
        self.begin_choice(0)

    def pre_combat(self: Any, role: int) -> bool:
        sides = self.sides()
        p, q = sides[role], sides[1 - role]
        if not self.abil[p] >> D.COMBAT_ABILITY & 1:
            return False
        f = self.faction[p]
        if f == D.NORDIC and self.power[p] >= 1:
            self.phase = ABILITY
            self.decider = p
            self.cstage = role
            return True
        if f == D.CRIMEA:
            self.scout(p, q)
        elif f == D.SAXONY and IS_TUNNEL[self.combat_at]:
            self.gain_power(q, -2)  # Disarm
        return False

    def artillery(self: Any, fire: bool) -> None:
        """Nordic Artillery: pay 1 power, the opponent loses 2."""
        sides = self.sides()
        role = self.cstage
        if fire:
            self.gain_power(sides[role], -1)
            self.gain_power(sides[1 - role], -2)
        self.run_pre_combat(role + 1)

    def scout(self: Any, p: int, q: int) -> None:
        """Crimea Scout: steal one of the opponent's combat cards at random."""
        hand = self.hand[q]
        total = sum(hand)
        if not total:
            return

        def sample(rng: Any) -> int:
            k = rng.below(total)
            for i, c in enumerate(hand):
                if k < c:
                    return D.CARD_VALUES[i]
                k -= c
            raise AssertionError("unreachable")

        value = self.chance_value("scout", sample, lambda v: v in D.CARD_VALUES and hand[D.CARD_VALUES.index(v)] > 0)
        i = D.CARD_VALUES.index(value)
        hand[i] -= 1
        self.hand[p][i] += 1

    # -- §8.2: the secret choice -------------------------------------------------------------------------------------

    def max_dial(self: Any, seat: int) -> int:
        return min(D.MAX_DIAL, self.power[seat])

    def begin_choice(self: Any, role: int) -> None:
        p = self.sides()[role]
        if p >= self.num_players:  # the Automa: the human chooses first, then its card is drawn (automa §7 steps 1–2)
            if role == 0:
                self.begin_choice(1)
            else:
                self.automa_choose(1)
                self.reveal()
            return
        self.cstage = 2 + role
        self.decider = p
        self.choice_at[role] = len(self.history)
        if self.max_dial(p) == 0:
            self.set_dial(0)
        else:
            self.phase = DIAL

    def legal_dials(self: Any) -> list[Action]:
        return [_ACT[A.DIAL_BASE + d] for d in range(self.max_dial(self.decider) + 1)]

    def may_tuck(self: Any, seat: int) -> bool:
        """Whether there is a card choice to make: a card in hand and a unit to back it (both public)."""
        return any(self.hand[seat]) and self.card_cap(seat) > 0

    def may_tuck_before(self: Any, role: int) -> bool:
        """Whether ``role`` was asked for its cards: it had a card (in hand or tucked now) and a unit to back it."""
        p = self.sides()[role]
        return (any(self.hand[p]) or any(self.played[role])) and self.card_cap(p) > 0

    def legal_cards(self: Any) -> list[Action]:
        """Every set of cards from the hand, up to one per character/mech (People's Army: one more)."""
        hand = self.hand[self.decider]
        cap = self.card_cap(self.decider)
        return [
            _ACT[A.CARDS_BASE + i]
            for i, (a, b, c, d) in enumerate(A.CARD_SETS)
            if a + b + c + d <= cap and a <= hand[0] and b <= hand[1] and c <= hand[2] and d <= hand[3]
        ]

    def set_dial(self: Any, d: int) -> None:
        role = self.cstage - 2
        self.dial[role] = d
        if self.may_tuck(self.decider):
            self.phase = CARDS
        else:
            self.commit(role)

    def tuck(self: Any, counts: tuple[int, ...]) -> None:
        role = self.cstage - 2
        for i in range(4):
            self.hand[self.decider][i] -= counts[i]
            self.played[role][i] += counts[i]
        self.commit(role)

    def commit(self: Any, role: int) -> None:
        if role == 0:
            self.begin_choice(1)
        else:
            if self.dial[0] < 0:
                self.automa_choose(0)
            self.reveal()

    # -- §8.3–§8.6: reveal and outcome ---------------------------------------------------------------------------------

    def total(self: Any, role: int) -> int:
        return self.dial[role] + sum(D.CARD_VALUES[i] * k for i, k in enumerate(self.played[role]))

    def reveal(self: Any) -> None:
        """§8.3–§8.4: totals; ties go to the attacker; both lose their dialled power and discard their cards."""
        sides = self.sides()
        totals = (self.total(0), self.total(1))
        winner = 0 if totals[0] >= totals[1] else 1
        self.last_combat = [
            self.combat_at, sides[0], sides[1], self.dial[0], totals[0] - self.dial[0], self.dial[1], totals[1] - self.dial[1], sides[winner],
        ]  # fmt: skip
        for role in range(2):
            self.gain_power(sides[role], -self.dial[role])
            for i in range(4):
                self.discard[i] += self.played[role][i]
        self.played = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.cstage = 4
        loser = sides[1 - winner]
        lakes = self.retreat_lakes(loser)
        if lakes:
            self.phase = RETREAT
            self.decider = loser
        else:
            self.finish_combat(-1)

    def retreat_lakes(self: Any, seat: int) -> list[int]:
        """Nordic Seaworthy: lakes next to the combat with no opponent unit, where the character and mechs may retreat."""
        if self.faction[seat] != D.NORDIC or not self.abil[seat] >> D.MOVEMENT_ABILITY & 1:
            return []
        occ = self.board()[1]
        mine = 3 << 2 * seat
        return sorted(n for n in GEO_NEIGHBOURS[self.combat_at] if IS_LAKE[n] and not occ[n] & ~mine)

    def legal_retreats(self: Any) -> list[Action]:
        return [A.RETREAT_HOME_ACTION, *(A.RETREAT_ACTIONS[h] for h in self.retreat_lakes(self.decider))]

    def finish_combat(self: Any, lake: int) -> None:
        """§8.5–§8.6: the loser retreats (leaving resources), the winner's star and popularity, the loser's card."""
        h = self.combat_at
        attacker, defender, winner = self.last_combat[1], self.last_combat[2], self.last_combat[7]
        loser = defender if winner == attacker else attacker
        units = self.pos[loser]
        home = HOME[self.faction[loser]]
        workers = sum(1 for x in units[WORKER0:] if x == h)
        if loser >= self.num_players:
            self.automa_retreat(h)
        for slot in range(UNIT_SLOTS):
            if units[slot] == h:
                units[slot] = home if slot >= WORKER0 or lake < 0 else lake
        self._board = None
        self.combat_at = -1
        self.decider = -1
        self.cstage = -1
        if winner == attacker and workers:
            self.sent_back = True
            if not (self.faction[attacker] == D.POLANIA and self.abil[attacker] >> D.COMBAT_ABILITY & 1):
                self.gain_popularity(attacker, -workers)  # Camaraderie spares Polania this loss
        if self.automa is not None:
            self.automa_after_combat(winner, h)
            self.automa.attacking = False
        if winner >= self.num_players:
            self.automa_star(D.STAR_COMBAT)
        else:
            self.place_star(winner, D.STAR_COMBAT)
        if self.phase == "over":
            return
        revealed = self.last_combat[5:7] if loser == defender else self.last_combat[3:5]
        if sum(revealed) > 0:
            self.draw_card(loser)
        if attacker >= self.num_players:
            self.phase = "section"  # the Automa's turn goes on; the human's turn follows it
            self.automa_after_move()
            return
        self.resume_after(attacker)

    def place_star(self: Any, seat: int, kind: int) -> None:
        """§12: a combat or objective star, within its cap (Saxony Dominate: no cap but the 6 stars)."""
        cap = D.COMBAT_STAR_CAP if kind == D.STAR_COMBAT else D.OBJECTIVE_STAR_CAP
        st = self.stars[seat]
        if st[kind] >= cap and self.faction[seat] != D.SAXONY:
            return
        st[kind] += 1
        if sum(st) >= D.MAX_STARS:
            self.end_game(seat)

    def return_unresolved(self: Any) -> None:
        """§12: when the game ends with combats pending, the mover's units there go back where they came from."""
        seat = self.order[self.ti]
        units = self.pos[seat]
        spaces = set(self.pending_combats)
        if self.combat_at >= 0:
            spaces.add(self.combat_at)
        for slot in range(UNIT_SLOTS):
            if units[slot] in spaces and self.origin[slot] >= 0:
                units[slot] = self.origin[slot]
        self._board = None
