"""Stone Age's fixed data (§1–2; the CSV files in data/): the 36 civilization cards, the 28 building tiles, the board.

Read once from the CSV files shipped in ``data/`` (copied verbatim from the reference). Cards and tiles are
identified by their row index (0-based) in those files.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib.resources import files

#: Resources in the order used everywhere (state vectors, notation, ids); food is not a resource (§1).
RESOURCES = ("wood", "clay", "stone", "gold")
LETTERS = ("w", "c", "s", "g")
#: Each resource's value: its gathering divisor and its worth in a building (§1).
VALUES = (3, 4, 5, 6)
FOOD_DIVISOR = 2

START_PEOPLE = 5
MAX_PEOPLE = 10
START_FOOD = 12
MAX_AGRICULTURE = 10
MAX_TOOL_STEPS = 12
CARD_SLOTS = 4
STACK_SIZE = 7
RESOURCE_SPOT_CAPACITY = 7
STARVATION_PENALTY = 10

# Board locations (§4.2). Card slots count from the right-most (slot 1, cost 1) to the left-most (slot 4, cost 4).
HUNT, FOREST, CLAY_PIT, QUARRY, RIVER, TOOL_MAKER, HUT, FIELD = range(8)
CARD0 = 8
STACK0 = CARD0 + CARD_SLOTS
NUM_LOCATIONS = STACK0 + 4
VILLAGE = (TOOL_MAKER, HUT, FIELD)
GATHERING = (FOREST, CLAY_PIT, QUARRY, RIVER)
LOCATION_NAMES = (
    "hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field",
    "card 1", "card 2", "card 3", "card 4", "building 1", "building 2", "building 3", "building 4",
)  # fmt: skip
LOCATION_TITLES = (
    "Hunting grounds", "Forest", "Clay pit", "Quarry", "River", "Tool maker", "Hut", "Field",
    "Card slot 1", "Card slot 2", "Card slot 3", "Card slot 4",
    "Building stack 1", "Building stack 2", "Building stack 3", "Building stack 4",
)  # fmt: skip

#: Items of a dice-for-all die by face (§5.6): 0..3 a resource, 4 a tool step, 5 agriculture.
DICE_FOR_ALL_ITEMS = ("wood", "clay", "stone", "gold", "tool", "agriculture")

CULTURE_SYMBOLS = ("medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving")
SAND_KINDS = ("farmer", "tool_maker", "hut_builder", "shaman")

# Building types.
FIXED, COUNT_KINDS, ANY_1_TO_7 = "fixed", "count_kinds", "any_1_to_7"


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    top: str  # immediate_kind
    value: int  # immediate_value (0 where empty)
    bottom: str  # "culture" or a sand kind
    symbol: int  # culture: index into CULTURE_SYMBOLS; sand: the number of figures

    def to_dict(self) -> dict[str, object]:
        bottom = CULTURE_SYMBOLS[self.symbol] if self.bottom == "culture" else self.symbol
        return {"id": self.id, "top": self.top, "value": self.value, "bottom": self.bottom, "bottom_value": bottom}

    def short(self) -> str:
        """E.g. ``food 7 / pottery`` or ``dice_for_all / 2 tool_maker``."""
        top = self.top if self.top in ("dice_for_all",) else f"{self.top} {self.value}"
        bottom = CULTURE_SYMBOLS[self.symbol] if self.bottom == "culture" else f"{self.symbol} {self.bottom}"
        return f"{top} / {bottom}"


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    kind: str  # FIXED, COUNT_KINDS or ANY_1_TO_7
    cost: tuple[int, int, int, int]  # FIXED only
    points: int  # FIXED only
    count: int  # COUNT_KINDS: N resources; ANY_1_TO_7: 7 (the most)
    kinds: int  # COUNT_KINDS: exactly M kinds

    def to_dict(self) -> dict[str, object]:
        if self.kind == FIXED:
            return {"id": self.id, "kind": self.kind, "cost": dict(zip(RESOURCES, self.cost, strict=True)), "points": self.points}
        if self.kind == COUNT_KINDS:
            return {"id": self.id, "kind": self.kind, "count": self.count, "kinds": self.kinds}
        return {"id": self.id, "kind": self.kind, "count_min": 1, "count_max": 7}

    def short(self) -> str:
        if self.kind == FIXED:
            return "".join(LETTERS[r] * n for r, n in enumerate(self.cost)) + f"={self.points}"
        if self.kind == COUNT_KINDS:
            return f"{self.count} of {self.kinds} kind{'s' if self.kinds > 1 else ''}"
        return "1-7 any"


def _rows(name: str) -> list[dict[str, str]]:
    text = files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _load_cards() -> tuple[Card, ...]:
    cards = []
    for i, row in enumerate(_rows("civilization_cards.csv")):
        bottom = row["bottom_kind"]
        symbol = CULTURE_SYMBOLS.index(row["bottom_value"]) if bottom == "culture" else int(row["bottom_value"])
        if bottom != "culture" and bottom not in SAND_KINDS:
            raise ValueError(f"unknown bottom kind {bottom!r} in civilization_cards.csv")
        cards.append(Card(i, row["immediate_kind"], int(row["immediate_value"] or 0), bottom, symbol))
    return tuple(cards)


def _load_tiles() -> tuple[Tile, ...]:
    tiles = []
    for i, row in enumerate(_rows("building_tiles.csv")):
        kind = row["type"]
        if kind == FIXED:
            cost = tuple(int(row[r]) for r in RESOURCES)
            points = int(row["points"])
            if points != sum(n * v for n, v in zip(cost, VALUES, strict=True)):
                raise ValueError(f"building tile {i + 1}: printed points differ from the value of its cost")
            tiles.append(Tile(i, kind, cost, points, sum(cost), 0))  # type: ignore[arg-type]
        elif kind == COUNT_KINDS:
            tiles.append(Tile(i, kind, (0, 0, 0, 0), 0, int(row["resource_count_max"]), int(row["distinct_kinds"])))
        elif kind == ANY_1_TO_7:
            tiles.append(Tile(i, kind, (0, 0, 0, 0), 0, int(row["resource_count_max"]), 0))
        else:
            raise ValueError(f"unknown building type {kind!r}")
    return tuple(tiles)


CARDS: tuple[Card, ...] = _load_cards()
TILES: tuple[Tile, ...] = _load_tiles()


def tool_tiles(steps: int) -> tuple[int, ...]:
    """The tool tiles after ``steps`` tool steps (§6 table), highest first: 5 → (2, 2, 1)."""
    steps = min(steps, MAX_TOOL_STEPS)
    if steps <= 3:
        return (1,) * steps
    base, extra = divmod(steps, 3)
    return (base + 1,) * extra + (base,) * (3 - extra)
