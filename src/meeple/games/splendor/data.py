"""Splendor's fixed data (§1–2): the 90 development cards, the 10 nobles, the supply.

Read once from the CSV files shipped in ``data/`` (copied verbatim from the reference).
Cards and nobles are identified by their row index in those files.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib.resources import files

#: Gem colours in the order used everywhere (state vectors, notation, ids).
COLOURS = ("white", "blue", "green", "red", "black")
#: Notation letters: w(hite)/diamond, (bl)u(e)/sapphire, g(reen)/emerald, r(ed)/ruby, (blac)k/onyx.
LETTERS = ("w", "u", "g", "r", "k")
GOLD = 5
#: Token kinds: the five gems, then gold.
TOKEN_NAMES = (*COLOURS, "gold")

#: Gem tokens of each colour by player count (§2); gold is always 5.
GEMS_BY_PLAYERS = {2: 4, 3: 5, 4: 7}
GOLD_TOKENS = 5
DISPLAY_PER_TIER = 4
TIERS = 3
MAX_RESERVED = 3
TOKEN_LIMIT = 10
POINTS_TO_END = 15


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    tier: int  # 1..3
    bonus: int  # colour index
    points: int
    cost: tuple[int, int, int, int, int]

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "tier": self.tier,
            "bonus": COLOURS[self.bonus],
            "points": self.points,
            "cost": {COLOURS[c]: n for c, n in enumerate(self.cost) if n},
        }

    def short(self) -> str:
        """E.g. ``2u[3w3k]`` — 2 points, blue bonus, costs 3 white 3 black."""
        pts = str(self.points) if self.points else ""
        cost = "".join(f"{n}{LETTERS[c]}" for c, n in enumerate(self.cost) if n)
        return f"{pts}{LETTERS[self.bonus]}[{cost}]"


@dataclass(frozen=True, slots=True)
class Noble:
    id: int
    points: int
    requires: tuple[int, int, int, int, int]

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "points": self.points, "requires": {COLOURS[c]: n for c, n in enumerate(self.requires) if n}}

    def short(self) -> str:
        return "".join(f"{n}{LETTERS[c]}" for c, n in enumerate(self.requires) if n)


def _rows(name: str) -> list[dict[str, str]]:
    text = files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _load_cards() -> tuple[Card, ...]:
    cards = []
    for i, row in enumerate(_rows("cards.csv")):
        cards.append(
            Card(
                id=i,
                tier=int(row["tier"]),
                bonus=COLOURS.index(row["color_bonus"]),
                points=int(row["points"]),
                cost=tuple(int(row[f"cost_{c}"]) for c in COLOURS),  # type: ignore[arg-type]
            )
        )
    return tuple(cards)


def _load_nobles() -> tuple[Noble, ...]:
    return tuple(
        Noble(id=i, points=int(row["points"]), requires=tuple(int(row[f"req_{c}"]) for c in COLOURS))  # type: ignore[arg-type]
        for i, row in enumerate(_rows("nobles.csv"))
    )


CARDS: tuple[Card, ...] = _load_cards()
NOBLES: tuple[Noble, ...] = _load_nobles()
CARDS_BY_TIER: tuple[tuple[int, ...], ...] = tuple(tuple(c.id for c in CARDS if c.tier == t) for t in (1, 2, 3))
