"""The solo game's Automa (automa §N in docs/rules/scythe.md, cards in data/automa_cards.json), as rules methods mixed into ScytheState.

In a solo game ``num_players`` is 1 and the Automa is side 1 of every per-side list (units, power, coins, hand,
stars); ``mat`` holds only the human's mat. The Automa never decides: its turn runs inside ``apply`` right after the
human's turn, its card draws are chance events (``automa_card``, ``automa_cards``, ``automa_factory``), and when it
attacks, the human's combat choices are the only decisions asked. ``self.automa`` holds its deck and tracker.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from . import data as D
from .data import AXIAL, CHAR, FACTORY, HOME, IS_HOME, IS_LAKE, MECH0, NEIGHBOURS, NUM_SPACES, UNIT_SLOTS, WORKER0

AUTOMA = 1
_DATA = json.loads(resources.files(__package__).joinpath("data/automa_cards.json").read_text(encoding="utf-8"))
CARDS: dict[int, dict[str, Any]] = {c["id"]: c for c in _DATA["cards"]}
CARD_IDS = tuple(sorted(CARDS))
TRACKERS: dict[str, dict[str, Any]] = {t["id"]: t for t in _DATA["star_trackers"]}
LEVELS = tuple(TRACKERS)  # autometta, automa, automaszyna, ultimaszyna
SETUP = _DATA["automa_setup_by_faction"]
#: The Automa's own star kind (tracker stars), after the base game's STAR_KINDS.
STAR_TRACKER = len(D.STAR_KINDS)
#: Recruit-bonus line icon -> the bottom action whose recruit gives that ongoing bonus (§4.3).
RECRUIT_LINE = {"power": D.UPGRADE, "coins": D.DEPLOY, "popularity": D.BUILD, "combat_card": D.ENLIST}
_R = len(D.RESOURCES)
_RES_IDX = {r: i for i, r in enumerate(D.RESOURCES)}

#: §13 options (defaults first); docs/rules/scythe.md lists them.
OPTIONS: dict[str, Any] = {
    "automa_level": "automa",
    "automa_own_hex": True,  # O1
    "automa_distance": "hex",  # O2
    "automa_base_rivers": "restricted",  # O3
    "automa_gain_placement": "base",  # O4
    "automa_combat_unit": "character_first",  # O5
    "automa_power_cap": True,  # O6
    "automa_card_limit": False,  # O7
    "automa_combat_discard": "separate",  # O8
    "automa_conquest_resource": "terrain",  # O9
    "automa_resources_on_displace": True,  # O10
    "automa_stay_counts": True,  # O11
    "automa_destination": "filters",  # O12
    "automa_first": False,  # O13
    "automa_factory_cards": 3,  # O16
    "automa_attack_tokens": False,  # O14
    "automa_human_resources": "stay",  # O15
    "automa_enemy_rivers": False,  # O17
}
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "automa_level": LEVELS,
    "automa_own_hex": (True, False),
    "automa_distance": ("hex", "path"),
    "automa_base_rivers": ("restricted", "all"),
    "automa_gain_placement": ("base", "adjacent"),
    "automa_combat_unit": ("character_first", "mech_only"),
    "automa_power_cap": (True, False),
    "automa_card_limit": (False, True),
    "automa_combat_discard": ("separate", "single"),
    "automa_conquest_resource": ("terrain", "choose"),
    "automa_resources_on_displace": (True, False),
    "automa_stay_counts": (True, False),
    "automa_destination": ("filters", "priority"),
    "automa_first": (False, True),
    "automa_factory_cards": (3, 2),
    "automa_attack_tokens": (False, True),
    "automa_human_resources": ("stay", "removed"),
    "automa_enemy_rivers": (False, True),
}


class AutomaSide:
    """The Automa's deck, discards and tracker (its units, power, coins, hand and stars are side 1 of the state)."""

    __slots__ = (
        "attacking",
        "card",
        "combat_discard",
        "cube",
        "deck",
        "discard",
        "last_move",
        "level",
        "place_at",
        "place_left",
        "scheme",
        "tokens",
        "turns",
    )

    def __init__(self, level: str) -> None:
        self.level = level
        self.deck = list(CARD_IDS)  # unordered: each draw is uniform over what is left (a shuffled deck)
        self.discard: list[int] = []  # the main discard pile, face up; its last card is the top
        self.combat_discard: list[int] = []
        self.scheme = 1
        self.cube = 1
        self.card = -1  # the card of the turn in progress
        self.attacking = False  # the combat being resolved is the Automa's attack
        self.tokens = 0  # encounter tokens its character picked up
        self.turns = 0
        self.place_at = -1  # a conquered hex where the human chooses the resources placed (O9 "choose")
        self.place_left = 0
        self.last_move = ""  # the move alternative performed on its last turn ("" none), public

    def copy(self) -> AutomaSide:
        a = AutomaSide.__new__(AutomaSide)
        for k in self.__slots__:
            v = getattr(self, k)
            setattr(a, k, v.copy() if isinstance(v, list) else v)
        return a

    def to_dict(self) -> dict[str, Any]:
        return {k: (list(getattr(self, k)) if isinstance(getattr(self, k), list) else getattr(self, k)) for k in self.__slots__}

    @classmethod
    def from_dict(cls, d: Any) -> AutomaSide:
        if not isinstance(d, dict) or set(d) != set(cls.__slots__):
            raise ValueError(f"state['automa'] must be a dict with the keys {sorted(cls.__slots__)}")
        a = cls.__new__(cls)
        for k in cls.__slots__:
            setattr(a, k, d[k])
        if a.level not in LEVELS or a.scheme not in (1, 2) or not isinstance(a.attacking, bool) or not isinstance(a.last_move, str):
            raise ValueError("state['automa'] has an unknown level, scheme or attacking flag")
        for k in ("cube", "card", "tokens", "turns", "place_at", "place_left"):
            v = getattr(a, k)
            if not isinstance(v, int) or isinstance(v, bool) or v < -1:
                raise ValueError(f"state['automa']['{k}'] must be an integer")
        if not 1 <= a.cube <= TRACKERS[a.level]["spaces"]:
            raise ValueError("state['automa']['cube'] is off its star tracker")
        for k in ("deck", "discard", "combat_discard"):
            v = getattr(a, k)
            if not isinstance(v, list) or not all(isinstance(c, int) and c in CARDS for c in v):
                raise ValueError(f"state['automa']['{k}'] must list Automa card ids")
        if sorted(a.deck + a.discard + a.combat_discard) != list(CARD_IDS):
            raise ValueError("the 19 Automa cards are not conserved")
        return a


def hex_distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = AXIAL[a], AXIAL[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def path_distances(rivers_ok: bool) -> tuple[tuple[int, ...], ...]:
    """O2 option: shortest path for the Automa under a river state (no tunnels; home bases only as ends)."""
    out = []
    for src in range(NUM_SPACES):
        dist = [99] * NUM_SPACES
        dist[src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for h in frontier:
                if IS_HOME[h] and h != src:
                    continue
                for n, river in NEIGHBOURS[h]:
                    if dist[n] <= dist[h] + 1 or (not rivers_ok and (river or IS_LAKE[n])):
                        continue
                    dist[n] = dist[h] + 1
                    nxt.append(n)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


class AutomaRules:
    """Methods only; the fields live in ScytheState's slots (``automa`` and side 1 of the per-side lists)."""

    __slots__ = ()

    # -- setup (§2) -----------------------------------------------------------------------------------------

    def setup_automa(self: Any) -> None:
        f = self.faction[AUTOMA]
        self.automa = AutomaSide(self.opts["automa_level"])
        self.power.append(SETUP[D.FACTIONS[f]]["power"])
        self.pop.append(SETUP["popularity"])
        self.coins.append(SETUP["coins"])

    # -- definitions (§3) ------------------------------------------------------------------------------------------

    def rivers_ok(self: Any) -> bool:
        a = self.automa
        return not TRACKERS[a.level]["layout"][a.cube - 1].get("no_river_crossing", False)

    def automa_dist(self: Any, a: int, b: int) -> int:
        if self.opts["automa_distance"] == "path":
            return path_distances(self.rivers_ok())[a][b]
        return hex_distance(a, b)

    def adjacent_for_automa(self: Any, h: int, rivers_ok: bool) -> set[int]:
        return {n for n, river in NEIGHBOURS[h] if not IS_HOME[n] and (rivers_ok or not (river or IS_LAKE[n]))}

    def unit_neighbourhood(self: Any, h: int, rivers_ok: bool) -> set[int]:
        """§3 ⚠ O1: the unit's hex (by default) and the adjacent hexes it may reach under the river state."""
        out = self.adjacent_for_automa(h, rivers_ok)
        if self.opts["automa_own_hex"]:
            out.add(h)
        return out

    def base_neighbourhood(self: Any, rivers_ok: bool) -> set[int]:
        """§3 ⚠ O3: the hexes adjacent to the Automa's home base (river/lake rule unless ``automa_base_rivers=all``)."""
        home = HOME[self.faction[AUTOMA]]
        return self.adjacent_for_automa(home, rivers_ok or self.opts["automa_base_rivers"] == "all")

    def automa_area(self: Any, rivers_ok: bool, with_base: bool = True) -> set[int]:
        """Hexes in the neighbourhood of any Automa unit on a hex (units on the home base have none), or of the base."""
        out: set[int] = self.base_neighbourhood(rivers_ok) if with_base else set()
        for h in self.pos[AUTOMA]:
            if h >= 0 and not IS_HOME[h]:
                out |= self.unit_neighbourhood(h, rivers_ok)
        return out

    def enemy_combat_zone(self: Any) -> set[int]:
        """§3 ⚠ O17: hexes in the neighbourhood of a human character or mech (rivers ignored by default)."""
        out: set[int] = set()
        strict = self.opts["automa_enemy_rivers"]
        rivers_ok = self.rivers_ok()
        for h in self.pos[0][CHAR:WORKER0]:
            if h >= 0 and not IS_HOME[h]:
                out.add(h)
                out |= self.adjacent_for_automa(h, rivers_ok) if strict else {n for n, _ in NEIGHBOURS[h] if not IS_HOME[n]}
        return out

    def human_units(self: Any, h: int) -> tuple[int, int]:
        """(combat units, workers) of the human on ``h``."""
        units = self.pos[0]
        return sum(1 for x in units[CHAR:WORKER0] if x == h), sum(1 for x in units[WORKER0:] if x == h)

    def closest_unit(self: Any, slots: range | list[int]) -> int:
        """§5: the unit closest to the Automa's home base (on it: distance 0); ties in reading order. -1 if none."""
        home = HOME[self.faction[AUTOMA]]
        best = [(self.automa_dist(self.unit_space(s), home), self.unit_space(s), s) for s in slots if self.unit_space(s) >= 0]
        return min(best)[2] if best else -1

    def unit_space(self: Any, slot: int) -> int:
        """Where an Automa unit stands; under O5 ``mech_only`` the character off the board re-enters from its base."""
        h = self.pos[AUTOMA][slot]
        if h < 0 and slot == CHAR and self.opts["automa_combat_unit"] == "mech_only":
            return HOME[self.faction[AUTOMA]]
        return h

    def pick_destination(self: Any, valid: set[int], filters: list[Any], key: Any) -> int:
        """§5 ⚠ O12: yes/no filters (or, ``priority``, preferences), then the superlative, Factory distance, reading order."""
        cand = sorted(valid)
        for f in filters:
            kept = [h for h in cand if f(h)]
            if kept or self.opts["automa_destination"] == "filters":
                cand = kept
        if not cand:
            return -1
        return min(cand, key=lambda h: (key(h), self.automa_dist(h, FACTORY), h))

    # -- the turn (§4) ---------------------------------------------------------------------------------------------

    def draw_automa_card(self: Any, kind: str) -> int:
        a = self.automa
        if not a.deck:
            a.deck = sorted(a.discard + a.combat_discard)
            a.discard, a.combat_discard = [], []
        card = a.deck.pop(self.chance_index(kind, a.deck))
        return card

    def automa_turn(self: Any) -> None:
        """§4.1: draw, follow the active scheme (one move, the gains, the human's recruit bonus), then the tracker."""
        a = self.automa
        a.turns += 1
        card = self.draw_automa_card("automa_card")
        a.discard.append(card)
        a.card = card
        if a.level == "autometta" and CARDS[card]["autometta_skip"]:
            a.card = -1
            return
        a.last_move = ""
        side = CARDS[card]["scheme_2" if a.scheme == 2 else "scheme_1"]
        rivers_ok = self.rivers_ok()
        f = D.FACTIONS[self.faction[AUTOMA]]
        for alt in side["move"]:
            if alt.get("only_if_automa_faction") not in (None, f):
                continue
            if alt["action"] == "attack_combat_unit" and self.power[AUTOMA] < alt["min_automa_power"]:
                continue
            done = getattr(self, "automa_" + alt["action"])(rivers_ok)
            if done:
                a.last_move = alt["action"]
            if done == "combat":
                return  # the combat asks the human; automa_after_move follows it (combat.finish_combat)
            if done:
                break
        self.automa_after_move()

    def automa_after_move(self: Any) -> None:
        a = self.automa
        side = CARDS[a.card]["scheme_2" if a.scheme == 2 else "scheme_1"]
        f = D.FACTIONS[self.faction[AUTOMA]]
        for g in side["gain"]:
            if g.get("only_if_automa_faction") in (None, f):
                self.automa_gain(g["type"], g["amount"])
                if self.phase == "over":
                    return
        bonus = side["recruit_bonus"]
        if bonus is not None and self.recruits[0] >> RECRUIT_LINE[bonus] & 1:
            self.recruit_bonus(0, RECRUIT_LINE[bonus])
            self.check_stars(0)
            if self.phase == "over":
                return
        if CARDS[a.card]["advances_star_tracker"]:
            self.advance_tracker()
        a.card = -1

    def advance_tracker(self: Any) -> None:
        """§4.4: one space forward; a gold star places a star; the "II" space also switches to Scheme II."""
        a = self.automa
        tracker = TRACKERS[a.level]
        if a.cube >= tracker["spaces"]:
            return
        a.cube += 1
        space = tracker["layout"][a.cube - 1]
        if space.get("star"):
            self.automa_star(STAR_TRACKER)
            if self.phase == "over":
                return
        if space.get("scheme_2"):
            a.scheme = 2
            a.deck = list(CARD_IDS)
            a.discard, a.combat_discard = [], []

    def automa_star(self: Any, kind: int) -> None:
        """§8: the Automa's stars (tracker, power once, combat at most 2); the 6th ends the game."""
        st = self.stars[AUTOMA]
        if (kind == D.STAR_COMBAT and st[kind] >= D.COMBAT_STAR_CAP) or (kind == D.STAR_POWER and st[kind]):
            return
        st[kind] += 1
        if sum(st) >= D.MAX_STARS:
            self.end_game(AUTOMA)

    # -- gains (§6) ------------------------------------------------------------------------------------------------

    def gain_space(self: Any) -> int:
        """§6 ⚠ O4: gained units go on the home base; ``adjacent``: on the base's nearest free hex to the Factory."""
        home = HOME[self.faction[AUTOMA]]
        if self.opts["automa_gain_placement"] == "base":
            return home
        free = [h for h in self.base_neighbourhood(self.rivers_ok()) if not sum(self.human_units(h))]
        return min(free, key=lambda h: (self.automa_dist(h, FACTORY), h)) if free else home

    def automa_gain(self: Any, kind: str, amount: int) -> None:
        units = self.pos[AUTOMA]
        home = self.gain_space()
        for _ in range(amount):
            if kind == "power":
                self.gain_power(AUTOMA, 1)
                if self.power[AUTOMA] >= D.MAX_POWER:
                    self.automa_star(D.STAR_POWER)
            elif kind == "coins":
                self.coins[AUTOMA] += 1
            elif kind == "combat_card":
                self.draw_card(AUTOMA)
            elif kind == "worker":  # ⚠ O4: onto the home base
                slot = next((s for s in range(WORKER0, UNIT_SLOTS) if units[s] < 0), -1)
                if slot >= 0:
                    units[slot] = home
            elif kind == "combat_unit":  # ⚠ O5: the character from the faction mat first, else a mech
                if units[CHAR] < 0 and self.opts["automa_combat_unit"] == "character_first":
                    units[CHAR] = home
                else:
                    slot = next((s for s in range(MECH0, WORKER0) if units[s] < 0), -1)
                    if slot >= 0:
                        units[slot] = home
            if self.phase == "over":
                return
        self._board = None

    # -- the six move procedures (§5) ----------------------------------------------------------------------------------

    def automa_place(self: Any, slot: int, h: int, attack: bool) -> None:
        units = self.pos[AUTOMA]
        units[slot] = h
        self._board = None
        if self.opts["automa_human_resources"] == "removed" and not attack:
            self.res[h * _R : h * _R + _R] = [0] * _R
        if slot == CHAR and (not attack or self.opts["automa_attack_tokens"]):
            if h in self.tokens:
                self.tokens.remove(h)
                self.automa.tokens += 1
            if h == FACTORY and self.factory_card[AUTOMA] < 0 and self.factory:
                self.factory_card[AUTOMA] = self.factory.pop(self.chance_index("automa_factory", self.factory))

    def performed(self: Any, slot: int, dest: int) -> bool:
        """§4.2 ⚠ O11: a move to the unit's own hex counts as performed by default."""
        if dest < 0:
            return False
        return dest != self.pos[AUTOMA][slot] or self.opts["automa_stay_counts"]

    def automa_move_worker(self: Any, rivers_ok: bool) -> bool:
        slot = self.closest_unit(range(WORKER0, UNIT_SLOTS))
        if slot < 0:
            return False
        units = self.pos[AUTOMA]
        others = {units[s] for s in range(WORKER0, UNIT_SLOTS) if s != slot}
        valid = {h for h in self.automa_area(rivers_ok) if h not in others and not sum(self.human_units(h))}
        zone = self.enemy_combat_zone()
        counters = [units[s] for s in range(UNIT_SLOTS) if s != slot and units[s] >= 0 and not IS_HOME[units[s]]]

        def most(h: int) -> int:
            return -sum(1 for x in counters if h in self.unit_neighbourhood(x, rivers_ok))

        dest = self.pick_destination(valid, [lambda h: h not in zone], most)
        if not self.performed(slot, dest):
            return False
        self.automa_place(slot, dest, False)
        return True

    def toward_enemy(self: Any) -> Any:
        """Shortest distance to a human character or mech, those on home bases only if none is elsewhere."""
        units = [h for h in self.pos[0][CHAR:WORKER0] if h >= 0]
        targets = [h for h in units if not IS_HOME[h]] or units
        return lambda h: min((self.automa_dist(h, t) for t in targets), default=0)

    def automa_move_mech(self: Any, rivers_ok: bool) -> bool:
        slot = self.closest_unit(range(MECH0, WORKER0))
        if slot < 0:
            return False
        units = self.pos[AUTOMA]
        others = {units[s] for s in range(CHAR, WORKER0) if s != slot}
        valid = {h for h in self.automa_area(rivers_ok) if h not in others and not sum(self.human_units(h))}
        dest = self.pick_destination(valid, [], self.toward_enemy())
        if not self.performed(slot, dest):
            return False
        self.automa_place(slot, dest, False)
        return True

    def automa_move_character(self: Any, rivers_ok: bool) -> bool:
        if self.unit_space(CHAR) < 0:
            return False
        units = self.pos[AUTOMA]
        mechs = set(units[MECH0:WORKER0])
        valid = {h for h in self.automa_area(rivers_ok) if h not in mechs and not sum(self.human_units(h))}
        dest = self.pick_destination(valid, [], self.toward_enemy())
        if not self.performed(CHAR, dest):
            return False
        self.automa_place(CHAR, dest, False)
        return True

    def automa_encounter_or_factory(self: Any, rivers_ok: bool) -> bool:
        if self.unit_space(CHAR) < 0:
            return False
        units = self.pos[AUTOMA]
        goals = set(self.tokens)
        if self.factory_card[AUTOMA] < 0:
            goals.add(FACTORY)
        valid = self.automa_area(rivers_ok, with_base=False) & goals
        mechs = set(units[MECH0:WORKER0])
        dest = self.pick_destination(valid, [lambda h: not sum(self.human_units(h)), lambda h: h not in mechs], lambda h: 0)
        if not self.performed(CHAR, dest):
            return False
        self.automa_place(CHAR, dest, False)
        return True

    def automa_attack_combat_unit(self: Any, rivers_ok: bool) -> bool | str:
        slot = self.closest_unit(range(CHAR, WORKER0))
        if slot < 0:
            return False
        valid = {h for h in self.automa_area(rivers_ok) if self.human_units(h)[0]}
        dest = self.pick_destination(valid, [], lambda h: self.human_units(h)[0])
        if dest < 0:
            return False
        self.automa_place(slot, dest, True)
        self.automa.attacking = True
        self.combat_at = dest
        self.defender = 0
        self.dial = [-1, -1]
        self.played = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.run_pre_combat(0)
        return "combat"

    def automa_attack_worker(self: Any, rivers_ok: bool) -> bool:
        slot = self.closest_unit(range(CHAR, WORKER0))
        if slot < 0:
            return False
        valid = {h for h in self.automa_area(rivers_ok) if self.human_units(h)[1] and not self.human_units(h)[0]}
        dest = self.pick_destination(valid, [], lambda h: -sum(self.res[h * _R : h * _R + _R]))
        if dest < 0:
            return False
        self.automa_place(slot, dest, True)
        units = self.pos[0]
        for s in range(WORKER0, UNIT_SLOTS):
            if units[s] == dest:
                units[s] = HOME[self.faction[0]]
        self.res[dest * _R : dest * _R + _R] = [0] * _R
        self._board = None
        return True

    # -- combat (§7) -----------------------------------------------------------------------------------------------

    def automa_choose(self: Any, role: int) -> None:
        """§7 steps 2–5: draw an Automa card; its power for the Automa's power range (⚠ O6 capped) and cards (⚠ O7)."""
        a = self.automa
        card = self.draw_automa_card("automa_card")
        (a.combat_discard if self.opts["automa_combat_discard"] == "separate" else a.discard).append(card)
        combat = CARDS[card]["combat"]
        power = self.power[AUTOMA]
        rng = "0-7" if power <= 7 else "8-13" if power <= 13 else "14+"
        dial = combat["automa_power_by_range"][rng]
        if self.opts["automa_power_cap"]:
            dial = min(dial, power)
        self.dial[role] = dial
        hand = self.hand[AUTOMA]
        k = min(combat["combat_cards"], sum(hand))
        if self.opts["automa_card_limit"]:
            k = min(k, self.fighters_at(AUTOMA, self.combat_at))
        if k:
            pool = [D.CARD_VALUES[i] for i in range(4) for _ in range(hand[i])]

            def sample(rng_: Any) -> list[int]:
                rest = list(pool)
                return sorted(rest.pop(rng_.below(len(rest))) for _ in range(k))

            def valid(v: Any) -> bool:
                if not isinstance(v, list) or len(v) != k:
                    return False
                rest = list(pool)
                for x in v:
                    if x not in rest:
                        return False
                    rest.remove(x)
                return True

            for v in self.chance_value("automa_cards", sample, valid):
                i = D.CARD_VALUES.index(v)
                hand[i] -= 1
                self.played[role][i] += 1

    def automa_after_combat(self: Any, winner: int, h: int) -> None:
        """§7 steps 8–9: resources removed where the Automa wins; placed where the human conquers an Automa hex."""
        if winner == AUTOMA:
            self.res[h * _R : h * _R + _R] = [0] * _R
        elif not self.automa.attacking:
            self.conquest_resources(h)

    def conquest_resources(self: Any, h: int) -> None:
        """§7 step 9 ⚠ O9: as many resources as the main discard's top card shows, of the hex's terrain by default."""
        a = self.automa
        n = CARDS[a.discard[-1]]["resources"] if a.discard else 0
        if not n or IS_LAKE[h]:
            return
        if self.opts["automa_conquest_resource"] == "choose" and not a.place_left:  # one choice pending at a time
            a.place_at, a.place_left = h, n
            return
        r = D.PRODUCT[h]
        if r >= 0:
            self.res[h * _R + r] += n

    def automa_retreat(self: Any, h: int) -> None:
        """§7 step 7: the Automa's combat units go to its faction mat, its workers to its home base."""
        units = self.pos[AUTOMA]
        for slot in range(UNIT_SLOTS):
            if units[slot] == h:
                units[slot] = HOME[self.faction[AUTOMA]] if slot >= WORKER0 else -1
        self._board = None

    # -- scoring (§10) -----------------------------------------------------------------------------------------------

    def automa_score(self: Any) -> int:
        """§10: coins + stars and territories at popularity 10; no resources, no structure bonus."""
        per_star, per_territory, _ = D.tier_of(self.pop[AUTOMA])
        return self.coins[AUTOMA] + per_star * sum(self.stars[AUTOMA]) + per_territory * self.territories(AUTOMA)

    def automa_view(self: Any) -> dict[str, Any]:
        """What the human sees of the Automa: everything but its coins' total and its face-down combat cards."""
        a = self.automa
        units = self.pos[AUTOMA]
        return {
            "faction": D.FACTIONS[self.faction[AUTOMA]],
            "level": a.level,
            "scheme": a.scheme,
            "tracker_space": a.cube,
            "tracker_spaces": TRACKERS[a.level]["spaces"],
            "rivers_allowed": self.rivers_ok(),
            "power": self.power[AUTOMA],
            "popularity": self.pop[AUTOMA],
            "hand_size": sum(self.hand[AUTOMA]),
            "stars": {k: self.stars[AUTOMA][i] for i, k in enumerate((*D.STAR_KINDS, "tracker"))},
            "star_count": sum(self.stars[AUTOMA]),
            "character": None if units[CHAR] < 0 else D.SPACE_NAMES[units[CHAR]],
            "mechs": [D.SPACE_NAMES[h] for h in units[MECH0:WORKER0] if h >= 0],
            "workers": sorted(D.SPACE_NAMES[h] for h in units[WORKER0:] if h >= 0),
            "factory_card": self.factory_card[AUTOMA] >= 0,
            "encounter_tokens": a.tokens,
            "deck_size": len(a.deck),
            "last_move": a.last_move or None,
            "discard": list(a.discard),
            "combat_discard": list(a.combat_discard),
            "territories": self.territories(AUTOMA),
        }
