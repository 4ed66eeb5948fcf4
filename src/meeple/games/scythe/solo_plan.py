"""What a solo player reads off the Automa to plan against it (automa §4–§7 in docs/rules/scythe.md): how many turns
the game has left, and what the Automa's next attacks are likely to cost.

Everything here is public: the Automa's star tracker, its level and scheme, its discards (so the cards left in its
deck), its power, the size of its hand, and the units on the board. Derived on demand, for scripts, bots and
heuristics; nothing is stored on the state. The hand-made heuristic (evaluate.py) uses ``race_chance``; the trials
that faded its terms by ``turns_left`` and charged it the ``threat`` gained nothing measurable (docs/scythe-solo.md,
"A solo plan: the Automa's clock and its reach").
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from . import data as D
from .automa import AUTOMA, CARD_IDS, CARDS, STAR_TRACKER, TRACKERS
from .data import CHAR, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

#: Stars the Automa takes besides its tracker's (combat, power), counted a game (docs/scythe-solo.md, "Scythe solo: where
#: the coins go": 1.68 combat and 0.82 power a game against the Autometta); the share still to come is what brings
#: its 6th star before the tracker alone would.
OTHER_STARS = 2.5
#: About the mean value of a combat card (the deck holds 16 of 2, 12 of 3, 8 of 4, 6 of 5: 3.1).
MEAN_CARD = 3.0
#: The spread (in combat points) of the guess of who wins a fight: the values of the cards drawn are not known.
FIGHT_SPREAD = 1.0

#: The human's turns a star still costs, by kind, for ``turns_to_sixth_star``: a development (upgrade, mech, structure,
#: recruit) is a bottom action and the turns that bring its payment; a Produce on a village brings about two workers;
#: a combat star is a fight won and the walk to it; an objective not met yet is a plan of its own, one met is its
#: reveal; a Bolster brings about 2.5 power and a Trade (upgraded) 1.5 popularity.
STEP_TURNS = 1.8
WORKERS_A_TURN = 2.0
COMBAT_TURNS = 3.0
OBJECTIVE_TURNS = 5.0
REVEAL_TURNS = 0.5
POWER_A_TURN = 2.5
POPULARITY_A_TURN = 1.5
#: A turn has a top and a bottom action, so the turns of two stars overlap: the sum of the cheapest is counted at this
#: share.
OVERLAP = 0.7
#: The spread (in turns) of the guess of who places a sixth star first.
RACE_SPREAD = 2.0


def deck_left(s: ScytheState) -> tuple[int, ...]:
    """The Automa's cards not yet drawn since its last shuffle: every card less the public discards."""
    a = s.automa
    assert a is not None
    gone = set(a.discard) | set(a.combat_discard)
    return tuple(c for c in CARD_IDS if c not in gone)


def advance_chance(level: str, deck: tuple[int, ...]) -> float:
    """The chance that the Automa's next turn, drawing from ``deck``, moves its star tracker on (a card that
    advances it, not one the Autometta skips: automa §4.1, §4.4)."""
    cards = deck or CARD_IDS
    skip = level == "autometta"
    return sum(1 for c in cards if CARDS[c]["advances_star_tracker"] and not (skip and CARDS[c]["autometta_skip"])) / len(cards)


def turns_left(s: ScytheState) -> float:
    """About how many more turns the game lasts: the Automa turns its tracker needs to bring the star that would be
    its 6th, less the share of its combat and power stars still to come (automa §4.4, §8)."""
    a = s.automa
    assert a is not None
    return _turns_left(a.level, a.cube, tuple(s.stars[AUTOMA]), deck_left(s))


@lru_cache(maxsize=4096)
def _turns_left(level: str, cube: int, stars: tuple[int, ...], deck: tuple[int, ...]) -> float:
    need = D.MAX_STARS - sum(stars)
    taken_other = sum(stars) - stars[STAR_TRACKER]
    need_tracker = max(1.0, need - max(0.0, OTHER_STARS - taken_other) * need / D.MAX_STARS)
    ahead = [sp for sp in TRACKERS[level]["star_spaces"] if sp > cube]
    if not ahead:
        return 1.0
    k = min(len(ahead), max(1, round(need_tracker)))
    return max(1.0, (ahead[k - 1] - cube) / max(advance_chance(level, deck), 0.5))


def turns_to_sixth_star(s: ScytheState, done: tuple[int, ...], objective_met: bool) -> float:
    """About how many of its own turns the human needs for the stars it still lacks: the cheapest ones (§10's star
    tracks, the objective, the fights' cap of two but Saxony's, power 16, popularity 18), each at its turns
    (``STEP_TURNS`` and the rest), their sum at ``OVERLAP``; 0 once six are placed. ``done``: upgrades, mechs,
    structures, recruits and workers off the mat beyond the first two, as the heuristic counts them;
    ``objective_met``: whether an objective card in hand is met."""
    stars = s.stars[0]
    need = D.MAX_STARS - sum(stars)
    if need <= 0:
        return 0.0
    costs = [
        (size - n) / WORKERS_A_TURN if kind == D.STAR_WORKERS else STEP_TURNS * (size - n)
        for (kind, size), n in zip(D.STAR_TRACKS, done, strict=True)
        if not stars[kind]
    ]
    if not stars[D.STAR_OBJECTIVE]:
        costs.append(REVEAL_TURNS if objective_met else OBJECTIVE_TURNS)
    cap = D.MAX_STARS if s.faction[0] == D.SAXONY else D.COMBAT_STAR_CAP
    costs.extend([COMBAT_TURNS] * max(0, min(need, cap - stars[D.STAR_COMBAT])))
    if not stars[D.STAR_POWER]:
        costs.append(max(0, D.MAX_POWER - s.power[0]) / POWER_A_TURN)
    if not stars[D.STAR_POPULARITY]:
        costs.append(max(0, D.MAX_POPULARITY - s.pop[0]) / POPULARITY_A_TURN)
    costs.sort()
    return OVERLAP * sum(costs[:need])


def race_chance(s: ScytheState, done: tuple[int, ...], objective_met: bool) -> float:
    """A guess of the chance that the human places its sixth star before the Automa places its own (each ends the
    game, §13, automa §8): the turns the Automa's clock leaves (``turns_left``) against the human's
    ``turns_to_sixth_star`` (its arguments), spread by ``RACE_SPREAD``."""
    return 1.0 / (1.0 + math.exp(-(turns_left(s) - turns_to_sixth_star(s, done, objective_met)) / RACE_SPREAD))


def attack_chance(s: ScytheState) -> tuple[float, float, float]:
    """The chances of the Automa's next card attacking (see ``_attack_chance``), from its public deck and power."""
    a = s.automa
    assert a is not None
    return _attack_chance(a.level, a.scheme, D.FACTIONS[s.faction[AUTOMA]], deck_left(s), s.power[AUTOMA])


@lru_cache(maxsize=4096)
def _attack_chance(level: str, scheme: int, faction: str, deck: tuple[int, ...], power: int) -> tuple[float, float, float]:
    """The chances that the Automa's next card tries to attack the human's combat units; that it tries to attack
    workers only where it has no such target; and that it tries to attack workers at all (automa §5: a card's move
    alternatives in order, the first that can be done is; faction-only ones for that faction, attacks from the
    power printed)."""
    cards = deck or CARD_IDS
    skip = level == "autometta"
    units_attack = workers = any_workers = 0
    for c in cards:
        card = CARDS[c]
        if skip and card["autometta_skip"]:
            continue
        moves = [
            m["action"]
            for m in card["scheme_2" if scheme == 2 else "scheme_1"]["move"]
            if m.get("only_if_automa_faction") in (None, faction) and (m["action"] != "attack_combat_unit" or power >= m.get("min_automa_power", 0))
        ]
        if "attack_worker" in moves:
            any_workers += 1
        if "attack_combat_unit" in moves:
            units_attack += 1
        elif "attack_worker" in moves:
            workers += 1
    return units_attack / len(cards), workers / len(cards), any_workers / len(cards)


def lose_chance(s: ScytheState, defence: int) -> float:
    """The chance that the human, defending with ``defence`` (its dial and cards), loses to the Automa's attack:
    over the combat card the Automa draws, its power for the Automa's power range (capped at its power, O6) and the
    cards that card makes it play from its hand at their mean value (automa §7); ties go to the attacker (§8.3)."""
    return _lose_chance(s.power[AUTOMA], sum(s.hand[AUTOMA]), defence)


@lru_cache(maxsize=4096)
def _lose_chance(power: int, hand: int, defence: int) -> float:
    rng = "0-7" if power <= 7 else "8-13" if power <= 13 else "14+"
    total = 0.0
    for c in CARD_IDS:
        combat = CARDS[c]["combat"]
        attack = min(combat["automa_power_by_range"][rng], power) + MEAN_CARD * min(combat["combat_cards"], hand)
        total += 1.0 / (1.0 + math.exp(-(attack - defence + 0.5) / FIGHT_SPREAD))
    return total / len(CARD_IDS)


def reach(s: ScytheState) -> frozenset[int]:
    """The hexes the Automa's next move may reach (automa §3: its base's and its units' neighbourhoods). Its units
    stay put through the human's turn, which the heuristic scores thousands of times: kept per position of them."""
    key = (s.faction[AUTOMA], s.rivers_ok(), s.opts["automa_own_hex"], s.opts["automa_base_rivers"], tuple(s.pos[AUTOMA]))
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) > 4096:
            _REACH.clear()
        found = _REACH[key] = frozenset(s.automa_area(key[1]))
    return found


_REACH: dict[tuple[object, ...], frozenset[int]] = {}


def threat(s: ScytheState, star_worth: float, territory_worth: float, unit_worth: float) -> float:
    """The expected coins the Automa's next turn takes by attacking: the worst hex in its reach holding the human's
    combat units (a lost defence gives it a star and the territory and sends the units home), else the worst
    holding only workers (sent home, their resources lost). ``star_worth``: an Automa star; ``territory_worth``: a
    territory changing hands (lost by one, won by the other); ``unit_worth``: a unit driven off the board."""
    if s.combat_at >= 0 or s.is_over or not any(x >= 0 for x in s.pos[AUTOMA][CHAR:WORKER0]):
        return 0.0
    area = reach(s)
    fighters: dict[int, int] = {}
    workers: dict[int, int] = {}
    units = s.pos[0]
    for slot, h in enumerate(units):
        if h >= 0 and h in area:
            side = fighters if slot < WORKER0 else workers
            side[h] = side.get(h, 0) + 1
    if not fighters and not workers:
        return 0.0
    p_units, p_workers, p_any_workers = attack_chance(s)
    res = s.res
    _r = len(D.RESOURCES)
    star = star_worth if s.stars[AUTOMA][D.STAR_COMBAT] < D.COMBAT_STAR_CAP else 0.0
    worst_units = worst_workers = 0.0
    if fighters:
        cards = sorted((D.CARD_VALUES[i] for i in range(len(D.CARD_VALUES)) for _ in range(s.hand[0][i])), reverse=True)
        dial = min(s.power[0], D.MAX_DIAL)
        for h, n in fighters.items():
            lost = territory_worth + unit_worth * (n + workers.get(h, 0)) + 0.5 * sum(res[h * _r : h * _r + _r]) + star
            worst_units = max(worst_units, lose_chance(s, dial + sum(cards[:n])) * lost)
    for h, n in workers.items():
        if h not in fighters:
            worst_workers = max(worst_workers, territory_worth + unit_worth * n + 0.5 * sum(res[h * _r : h * _r + _r]))
    return p_units * worst_units + (p_workers if fighters else p_any_workers) * worst_workers
