"""Objective conditions (§11), read from ``condition_data`` in objectives.json.

Each key of a card's ``condition_data`` is one test below; a card is met when all its tests hold. A threshold
corrected in the data changes the rule with no code change. An unknown key fails at import, not mid-game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import data as D
from .data import CHAR, FACTORY, GEO_NEIGHBOURS, IS_HOME, IS_TUNNEL, LAKES, MECH0, NUM_SPACES, TERRAIN, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

_R = len(D.RESOURCES)


_OF_TERRAIN = {t: tuple(h for h in range(NUM_SPACES) if TERRAIN[h] == t) for t in set(TERRAIN)}
_TUNNEL_SPACES = tuple(h for h in range(NUM_SPACES) if IS_TUNNEL[h])


def _count_controlled(s: ScytheState, seat: int, spaces: tuple[int, ...]) -> int:
    ctrl = s.board()[0]
    return sum(1 for h in spaces if ctrl[h] == seat)


def _controlled(s: ScytheState, seat: int) -> list[int]:
    ctrl = s.board()[0]
    return [h for h in range(NUM_SPACES) if ctrl[h] == seat]


def _resource_totals(s: ScytheState, seat: int) -> list[int]:
    tot = [0] * _R
    res = s.res
    for h in _controlled(s, seat):
        for r in range(_R):
            tot[r] += res[h * _R + r]
    return tot


def _upgrades(s: ScytheState, seat: int) -> int:
    return 6 - bin(s.top_cubes[seat]).count("1")


def _structures(s: ScytheState, seat: int) -> int:
    return sum(1 for h in s.struct_hex[seat] if h >= 0)


def _recruits(s: ScytheState, seat: int) -> int:
    return bin(s.recruits[seat]).count("1")


def _best_pile(s: ScytheState, seat: int, all_four: bool) -> int:
    best = 0
    for h in _controlled(s, seat):
        row = s.res[h * _R : h * _R + _R]
        if not all_four or all(row):
            best = max(best, sum(row))
    return best


def _units_and_structures_on_one(s: ScytheState, seat: int) -> int:
    count = [0] * NUM_SPACES
    for h in s.pos[seat]:
        if h >= 0:
            count[h] += 1
    for h in s.struct_hex[seat]:
        if h >= 0:
            count[h] += 1
    return max((count[h] for h in range(NUM_SPACES) if not IS_HOME[h]), default=0)


def _wolf(s: ScytheState, seat: int, want: dict[str, int]) -> bool:
    units = s.pos[seat]
    h = units[CHAR]
    if h < 0 or not s.controls(seat, h):
        return False
    mechs = sum(1 for x in units[MECH0:WORKER0] if x == h)
    workers = sum(1 for x in units[WORKER0:] if x == h)
    return mechs == want["own_mechs"] and workers == want["own_workers"] and sum(s.res[h * _R : h * _R + _R]) >= want["resources_min"]


def _near_factory(s: ScytheState, seat: int) -> int:
    ctrl = s.board()[0]
    return sum(1 for h in GEO_NEIGHBOURS[FACTORY] if ctrl[h] == seat)


def _one_lake_shore(s: ScytheState, seat: int) -> int:
    ctrl = s.board()[0]
    return max(sum(1 for h in GEO_NEIGHBOURS[lake] if ctrl[h] == seat) for lake in LAKES)


Test = Callable[["ScytheState", int, Any, dict[str, Any]], bool]

#: condition_data key -> test(state, seat, value, the whole condition)
TESTS: dict[str, Test] = {
    "control_terrain": lambda s, p, v, c: _count_controlled(s, p, _OF_TERRAIN[v]) >= c["min"],
    "min": lambda s, p, v, c: True,  # read by control_terrain
    "control_tunnels_min": lambda s, p, v, c: _count_controlled(s, p, _TUNNEL_SPACES) >= v,
    "control_factory": lambda s, p, v, c: s.controls(p, FACTORY) == v,
    # len(s.power): in a solo game the Automa is the opponent
    "power_not_less_than_any_opponent": lambda s, p, v, c: all(s.power[p] >= s.power[q] for q in range(len(s.power))) == v,
    "forced_opponent_worker_retreat_this_turn": lambda s, p, v, c: s.sent_back == v,
    "power_min": lambda s, p, v, c: s.power[p] >= v,
    "power_max": lambda s, p, v, c: s.power[p] <= v,
    "popularity_min": lambda s, p, v, c: s.pop[p] >= v,
    "coins_min": lambda s, p, v, c: s.coins[p] >= v,
    "coins_max": lambda s, p, v, c: s.coins[p] <= v,
    "has_factory_card": lambda s, p, v, c: (s.factory_card[p] >= 0) == v,
    "mechs_min": lambda s, p, v, c: s.mechs_deployed(p) >= v,
    "mechs_max": lambda s, p, v, c: s.mechs_deployed(p) <= v,
    "workers_on_board_min": lambda s, p, v, c: s.workers_on_board(p) >= v,
    "workers_on_board_max": lambda s, p, v, c: s.workers_on_board(p) <= v,
    "structures_min": lambda s, p, v, c: _structures(s, p) >= v,
    "recruits_min": lambda s, p, v, c: _recruits(s, p) >= v,
    "upgrades_min": lambda s, p, v, c: _upgrades(s, p) >= v,
    "upgrades_max": lambda s, p, v, c: _upgrades(s, p) <= v,
    "single_territory_resources_min": lambda s, p, v, c: _best_pile(s, p, bool(c.get("all_four_types_on_it"))) >= v,
    "all_four_types_on_it": lambda s, p, v, c: True,  # read by single_territory_resources_min
    "units_plus_structures_on_one_territory_min": lambda s, p, v, c: _units_and_structures_on_one(s, p) >= v,
    "each_resource_min": lambda s, p, v, c: min(_resource_totals(s, p)) >= v,
    "recruits_equal_workers_on_board": lambda s, p, v, c: (_recruits(s, p) == s.workers_on_board(p)) == v,
    "character_territory": lambda s, p, v, c: _wolf(s, p, v),
    "control_territories_adjacent_to_factory_min": lambda s, p, v, c: _near_factory(s, p) >= v,
    "control_territories_adjacent_to_one_lake_min": lambda s, p, v, c: _one_lake_shore(s, p) >= v,
    "one_resource_type_min": lambda s, p, v, c: max(_resource_totals(s, p)) >= v,
    "combat_cards_min": lambda s, p, v, c: sum(s.hand[p]) >= v,
    "combat_stars_min": lambda s, p, v, c: s.stars[p][D.STAR_COMBAT] >= v,
}

for _card, _cond in D.OBJECTIVE_CONDITIONS.items():
    for _key in _cond:
        if _key not in TESTS:
            raise ValueError(f"objective {_card}: condition key {_key!r} has no test in objectives.py")
#: Tests on a single number first: they fail fast, before the ones that scan the board.
_CHEAP = ("power", "popularity", "coins", "has_factory", "mechs", "workers", "structures", "recruits", "upgrades", "combat", "forced")


def _checks(cond: dict[str, Any]) -> tuple[tuple[Test, Any, dict[str, Any]], ...]:
    keys = sorted((k for k in cond if k not in ("min", "all_four_types_on_it")), key=lambda k: not k.startswith(_CHEAP))
    return tuple((TESTS[k], cond[k], cond) for k in keys)


_CHECKS = {card: _checks(cond) for card, cond in D.OBJECTIVE_CONDITIONS.items()}


def met(s: ScytheState, seat: int, card: int) -> bool:
    """Whether ``seat`` meets objective ``card``'s condition at this moment."""
    return all(test(s, seat, v, cond) for test, v, cond in _CHECKS[card])
