"""Scythe's fixed facts, read once from the JSON in ``data/`` (copied from the reference) and shared by all states.

Spaces of the board are indices 0..53 in the order of ``map.json``; resources are indexed so that resource ``b``
pays bottom action ``b`` (oil → Upgrade, metal → Deploy, wood → Build, food → Enlist).
"""

from __future__ import annotations

import json
from importlib import resources as _res
from typing import Any


def _load(name: str) -> Any:
    return json.loads(_res.files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


MAP = _load("map.json")
FACTIONS_JSON = _load("factions.json")
MATS_JSON = _load("player_mats.json")
TIERS_JSON = _load("popularity_tiers.json")
COMBAT_JSON = _load("combat_cards.json")
BONUS_JSON = _load("structure_bonus.json")
OBJECTIVES_JSON = _load("objectives.json")
FACTORY_JSON = _load("factory_cards.json")
ENCOUNTERS_JSON = _load("encounters.json")

# -- resources and the four bottom actions (index b: resource b pays bottom action b) ----------------------
RESOURCES = ("oil", "metal", "wood", "food")
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
TERRAIN_PRODUCT = {"tundra": 0, "mountain": 1, "forest": 2, "farm": 3}
UPGRADE, DEPLOY, BUILD, ENLIST = range(4)

# -- top actions, their upgradeable slots and structures ------------------------------------------------------
TOP_ACTIONS = ("move", "bolster", "trade", "produce")
MOVE, BOLSTER, TRADE, PRODUCE = range(4)
#: The six technology-cube slots of every mat's top row: (name, top action).
TOP_SLOTS = ("power", "cards", "move", "coins", "popularity", "produce")
SLOT_POWER, SLOT_CARDS, SLOT_MOVE, SLOT_COINS, SLOT_POPULARITY, SLOT_PRODUCE = range(6)
ALL_SLOTS = (1 << 6) - 1
#: Structure s sits above top action s: Mine–Move, Monument–Bolster, Armory–Trade, Mill–Produce.
STRUCTURES = ("mine", "monument", "armory", "mill")
MINE, MONUMENT, ARMORY, MILL = range(4)
#: Recruit one-time bonuses on the faction mat (each 2 of: power, coins, popularity, combat cards).
RECRUIT_BONUSES = ("power", "coins", "popularity", "cards")

# -- the board ---------------------------------------------------------------------------------------------------
HEXES = MAP["hexes"]
NUM_SPACES = len(HEXES)
SPACE_NAMES: tuple[str, ...] = tuple(h["id"] for h in HEXES)
SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}
IS_HOME = tuple(h["kind"] == "home_base" for h in HEXES)
TERRAIN: tuple[str, ...] = tuple(h.get("terrain", "home") for h in HEXES)
IS_LAKE = tuple(t == "lake" for t in TERRAIN)
IS_TUNNEL = tuple(bool(h.get("tunnel")) for h in HEXES)
IS_VILLAGE = tuple(t == "village" for t in TERRAIN)
IS_MOUNTAIN = tuple(t == "mountain" for t in TERRAIN)
PRODUCT = tuple(TERRAIN_PRODUCT.get(t, -1) for t in TERRAIN)
FACTORY = SPACE_INDEX[MAP["factory"]]
TUNNELS = tuple(SPACE_INDEX[h] for h in MAP["tunnels"])
LAKES = tuple(SPACE_INDEX[h] for h in MAP["lakes"])
ENCOUNTER_SPACES = tuple(SPACE_INDEX[h] for h in MAP["encounter_tokens"])
TERRITORIES = tuple(i for i in range(NUM_SPACES) if not IS_HOME[i])
COLROW = tuple((h["col"], h["row"]) for h in HEXES)


def _neighbours() -> tuple[tuple[tuple[int, bool], ...], ...]:
    out = []
    for h in HEXES:
        rivers = set(h["river_edges"])
        out.append(tuple((SPACE_INDEX[n], d in rivers) for d, n in h["neighbors"].items()))
    return tuple(out)


#: For each space, its geometric neighbours and whether a river runs along the shared edge.
NEIGHBOURS = _neighbours()
GEO_NEIGHBOURS = tuple(frozenset(n for n, _ in ns) for ns in NEIGHBOURS)
DIRECTIONS = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
AXIAL = tuple((h["axial_q"], h["axial_r"]) for h in HEXES)
AXIAL_INDEX = {qr: i for i, qr in enumerate(AXIAL)}

# -- factions ----------------------------------------------------------------------------------------------------
SEATING = tuple(MAP["meta"]["seating_order_clockwise"])  # nordic, rusviet, crimea, saxony, polania
_FACTIONS = {f["id"]: f for f in FACTIONS_JSON["factions"]}
FACTIONS = ("nordic", "rusviet", "polania", "crimea", "saxony")
NORDIC, RUSVIET, POLANIA, CRIMEA, SAXONY = range(5)
FACTION_NAMES = tuple(_FACTIONS[f]["name"] for f in FACTIONS)
STARTING_POWER = tuple(_FACTIONS[f]["starting_power"] for f in FACTIONS)
STARTING_CARDS = tuple(_FACTIONS[f]["starting_combat_cards"] for f in FACTIONS)
HOME = tuple(SPACE_INDEX[_FACTIONS[f]["home_base"]] for f in FACTIONS)
#: All seven home-base spaces by faction name (Albion and Togawa are never active in the base game).
ALL_HOMES = {h["faction"]: i for i, h in enumerate(HEXES) if h["kind"] == "home_base"}
START_WORKERS = tuple(tuple(SPACE_INDEX[x] for x in MAP["starting_positions"][f]["workers"]) for f in FACTIONS)
FACTION_ABILITY = tuple(_FACTIONS[f]["faction_ability"]["name"] for f in FACTIONS)
#: Mech abilities in data order: 0 Riverwalk, 1 the movement ability, 2 the combat ability, 3 Speed.
MECH_ABILITIES = tuple(tuple(m["name"] for m in _FACTIONS[f]["mech_abilities"]) for f in FACTIONS)
RIVERWALK, MOVEMENT_ABILITY, COMBAT_ABILITY, SPEED = range(4)
RIVERWALK_TERRAINS = tuple(frozenset(_FACTIONS[f]["mech_abilities"][0]["terrains"]) for f in FACTIONS)

# -- player mats ---------------------------------------------------------------------------------------------------
_MATS = sorted(MATS_JSON["mats"], key=lambda m: m["turn_order_rank"])
MATS = tuple(m["id"] for m in _MATS)  # industrial, engineering, patriotic, mechanical, agricultural
MAT_NAMES = tuple(m["name"] for m in _MATS)
MAT_NUMBER = tuple(int(m["number"]) for m in _MATS)
MAT_POPULARITY = tuple(m["starting_popularity"] for m in _MATS)
MAT_COINS = tuple(m["starting_coins"] for m in _MATS)
#: For each mat, the top action of each of its four columns (column b has bottom action b on every mat).
MAT_TOP = tuple(tuple(TOP_ACTIONS.index(c["top_action"]) for c in m["columns"]) for m in _MATS)
MAT_BASE_COST = tuple(tuple(c["bottom"]["base_cost"] for c in m["columns"]) for m in _MATS)
MAT_CUBE_SPACES = tuple(tuple(c["bottom"]["removable_cost_cubes"] for c in m["columns"]) for m in _MATS)
MAT_COINS_REWARD = tuple(tuple(c["bottom"]["coins"] for c in m["columns"]) for m in _MATS)
BANNED_PAIRS = frozenset({(RUSVIET, MATS.index("industrial")), (CRIMEA, MATS.index("patriotic"))})
PRODUCE_COST_TABLE = MATS_JSON["top_actions"]["produce"]["cost_table"]

# -- decks, tiers, tiles --------------------------------------------------------------------------------------------
CARD_VALUES = tuple(c["value"] for c in COMBAT_JSON["cards"])  # 2, 3, 4, 5
CARD_COUNTS = tuple(c["count"] for c in COMBAT_JSON["cards"])
TOTAL_CARDS = sum(CARD_COUNTS)
TIERS = tuple(
    (t["popularity_min"], t["popularity_max"], t["coins_per_star"], t["coins_per_territory"], t["coins_per_2_resources"])
    for t in TIERS_JSON["tiers"]
)
BONUS_TILES = tuple(t["id"] for t in BONUS_JSON["tiles"])
OBJECTIVES = tuple(c["id"] for c in OBJECTIVES_JSON["cards"] if c["set"] == "base")
FACTORY_CARDS = tuple(c["id"] for c in FACTORY_JSON["cards"] if c["set"] == "base")
ENCOUNTER_CARDS = tuple(c["id"] for c in ENCOUNTERS_JSON["cards"] if c["set"] == "base")

MAX_POWER = 16
MAX_POPULARITY = 18
MAX_STARS = 6
MECHS = 4
WORKERS = 8
#: Unit slots of a player: 0 the character, 1..4 mechs, 5..12 workers (-1 = not on the board).
CHAR = 0
MECH0 = 1
WORKER0 = 5
UNIT_SLOTS = 13

#: Star categories of the Triumph track (§12), in the order they are checked.
STAR_KINDS = ("upgrades", "mechs", "structures", "recruits", "workers", "objective", "combat", "popularity", "power")
(STAR_UPGRADES, STAR_MECHS, STAR_STRUCTURES, STAR_RECRUITS, STAR_WORKERS, STAR_OBJECTIVE, STAR_COMBAT, STAR_POPULARITY, STAR_POWER) = range(
    9
)
#: The tracks a star is earned by filling (§12), as (star, size), in the order the heuristics count them: six
#: upgrades, four mechs, structures and recruits, and the six workers beyond the two a player starts with.
STAR_TRACKS = ((STAR_UPGRADES, 6), (STAR_MECHS, MECHS), (STAR_STRUCTURES, 4), (STAR_RECRUITS, 4), (STAR_WORKERS, WORKERS - 2))


def tier_of(popularity: int) -> tuple[int, int, int]:
    """Coins per star, per territory and per 2 resources at this popularity (§13)."""
    for lo, hi, star, terr, res in TIERS:
        if lo <= popularity <= hi:
            return star, terr, res
    raise ValueError(f"popularity {popularity} is off the track")


def produce_cost(workers_on_board: int) -> tuple[int, int, int]:
    """Power, popularity and coins the Produce section's exposed red boxes cost (§5.4)."""
    power = pop = coins = 0
    for row in PRODUCE_COST_TABLE:
        if workers_on_board >= row["workers_on_board_at_least"]:
            cost = row["cost"]
            power, pop, coins = cost.get("power", 0), cost.get("popularity", 0), cost.get("coins", 0)
    return power, pop, coins


def space(name: str) -> int:
    """The index of a space named "col,row"; ValueError otherwise."""
    try:
        return SPACE_INDEX[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a space of the Scythe board (use col,row such as 3,4)") from None


# -- encounter, Factory and objective cards (§9–§11), read as data so a correction is one edit ------
Gain = tuple[tuple[str, int], ...]


def _pairs(items: list[dict[str, Any]]) -> Gain:
    return tuple((x["type"], int(x["amount"])) for x in items)


#: Encounter card id -> its three options (cost, gain), option A first.
ENCOUNTER_OPTIONS: dict[int, tuple[tuple[Gain, Gain], ...]] = {
    c["id"]: tuple((_pairs(o["cost"]), _pairs(o["gain"])) for o in c["options"]) for c in ENCOUNTERS_JSON["cards"] if c["set"] == "base"
}
#: Factory card id -> (top-action cost, gains, "all" or "choose_one"); the bottom action is the same on every card.
FACTORY_TOP: dict[int, tuple[Gain, Gain, str]] = {
    c["id"]: (_pairs(c["top_action"]["cost"]), _pairs(c["top_action"]["gain"]), c["top_action"]["gain_mode"])
    for c in FACTORY_JSON["cards"]
    if c["set"] == "base"
}
OBJECTIVE_NAMES = {c["id"]: c["name"] for c in OBJECTIVES_JSON["cards"] if c["set"] == "base"}
OBJECTIVE_CONDITIONS: dict[int, dict[str, Any]] = {c["id"]: c["condition_data"] for c in OBJECTIVES_JSON["cards"] if c["set"] == "base"}
#: Combat stars and objective stars a player may place (Saxony Dominate: no limit but the 6 stars).
COMBAT_STAR_CAP = 2
OBJECTIVE_STAR_CAP = 1
MAX_DIAL = 7


def _unverified() -> tuple[str, ...]:
    """Every base-game card or option the reference marks ``unverified`` (docs/rules/scythe.md lists them)."""
    out = []
    for what, cards in (("encounter", ENCOUNTERS_JSON), ("factory", FACTORY_JSON), ("objective", OBJECTIVES_JSON)):
        for c in cards["cards"]:
            if c["set"] != "base":
                continue
            if c.get("unverified"):
                out.append(f"{what} {c['id']}")
            for o in c.get("options", ()):
                if o.get("unverified"):
                    out.append(f"{what} {c['id']} option {o['option']}")
    return tuple(out)


UNVERIFIED = _unverified()
