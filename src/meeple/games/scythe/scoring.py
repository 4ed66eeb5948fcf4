"""The structure bonus tiles (§13, structure_bonus.json): coins for where a player's structures stand.

"Adjacent" means the six geometrically neighbouring hexes, not counting the structure's own hex, each counted once
(§16.4, the recommended reading).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import data as D
from .data import AXIAL, AXIAL_INDEX, BONUS_JSON, ENCOUNTER_SPACES, GEO_NEIGHBOURS, IS_HOME, LAKES, TERRAIN, TUNNELS


def _coins_table(raw: dict[str, int]) -> list[int]:
    table: list[int] = []
    for key, coins in raw.items():
        n = int(key.rstrip("+"))
        while len(table) <= n:
            table.append(coins)
        table[n] = coins
    return table


_TABLES = {t["id"]: _coins_table(t["coins_by_count"]) for t in BONUS_JSON["tiles"]}
_TARGETS = {"tunnels_adjacent": frozenset(TUNNELS), "lakes_adjacent": frozenset(LAKES), "encounters_adjacent": frozenset(ENCOUNTER_SPACES)}
_AXES = ((1, 0), (0, 1), (1, -1))


def bonus_count(tile: str, spaces: Sequence[int]) -> int:
    """What the tile counts for a player whose structures stand on ``spaces``."""
    if tile in _TARGETS:
        near = set().union(*(GEO_NEIGHBOURS[h] for h in spaces)) if spaces else set()
        return sum(1 for h in near if h in _TARGETS[tile] and not IS_HOME[h])
    if tile == "structures_on_tunnels":
        return sum(1 for h in spaces if h in _TARGETS["tunnels_adjacent"])
    if tile == "structures_on_farms_or_tundra":
        return sum(1 for h in spaces if TERRAIN[h] in ("farm", "tundra"))
    if tile == "structures_in_a_row":
        mine = {AXIAL[h] for h in spaces}
        best = 1 if mine else 0
        for q, r in mine:
            for dq, dr in _AXES:
                if (q - dq, r - dr) in mine:
                    continue  # count each line from its start only
                length = 1
                while (q + dq * length, r + dr * length) in mine and AXIAL_INDEX.get((q + dq * length, r + dr * length)) is not None:
                    length += 1
                best = max(best, length)
        return best
    raise ValueError(f"unknown structure bonus tile {tile!r}")


def structure_bonus(tile: str, spaces: Sequence[int]) -> int:
    """Coins the tile pays (not multiplied by the popularity tier; control does not matter)."""
    table = _TABLES[tile]
    n = bonus_count(tile, spaces)
    return table[min(n, len(table) - 1)]


# -- §13 final scoring, category by category ---------------------------------------------------------------------------

#: The rulebook's scoring order (§13); labels are the catalogues' ``score.scythe.<category>``.
CATEGORIES = ("coins", "stars", "territories", "resources", "structure_bonus")
#: §13's tie-breakers in order, after the score (labels ``tiebreak.scythe.<name>``), as ``ScytheState.tie_keys``.
TIE_BREAKERS = ("units_and_structures", "power", "popularity", "resources", "territories", "stars")


def breakdown(s: Any, side: int) -> dict[str, int]:
    """Coins in hand, then stars, territories and resource pairs at the popularity tier, then the structure bonus.

    The solo Automa (automa §10) scores coins, stars and territories at its popularity of 10 only.
    """
    per_star, per_territory, per_two = D.tier_of(s.pop[side])
    parts = {
        "coins": s.coins[side],
        "stars": per_star * sum(s.stars[side]),
        "territories": per_territory * s.territories(side),
    }
    if s.automa is not None and side >= s.num_players:
        return parts
    parts["resources"] = per_two * (s.resources_controlled(side) // 2)
    parts["structure_bonus"] = s.structure_bonus(side)
    return parts


def deciding_tiebreak(keys: Sequence[Sequence[int]]) -> str | None:
    """The tie-breaker that split the sides tied for the highest score, or None (one leader, or still tied)."""
    best = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == best]
    if len(tied) < 2:
        return None
    for i, name in enumerate(TIE_BREAKERS, start=1):
        if len({k[i] for k in tied}) > 1:
            return name
    return None
