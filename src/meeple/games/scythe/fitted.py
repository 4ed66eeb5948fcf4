"""A Scythe evaluation fitted on the outcomes of many games (``Game.evaluations["fitted"]``, docs/agents.md).

A position is described per side by numbers the rules make matter (``SEAT_FEATURES``): the final-score terms as
they stand (§13: coins, stars, territories and resource pairs at the popularity tier, the structure bonus), the
engine (upgrades, mechs, structures, recruits, workers, power, cards, popularity), how the workers stand (spread
over hexes or stacked), the units an enemy can reach, an estimate of the turns left, and the engine terms times
that estimate (a mech is worth more with many turns to use it). In a solo game the Automa's side adds its own
(``AUTOMA_FEATURES``: its score so far, its stars, its star tracker and level).

The value is linear in those numbers, with the weights of data/fitted_evaluation.json: least squares on the final
coin difference (solo: the player's score less the Automa's; 2 players: a seat's less the other's) from the
positions at every turn start of many games (benchmarks/fit_scythe_evaluation.py plays them, fits and writes the
file). During a fight, which no turn start shows, the fight's stakes are added as the hand heuristic counts them
(evaluate.py's ``combat_stakes``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from . import data as D
from .automa import AUTOMA, CARDS, LEVELS, TRACKERS
from .data import CHAR, MECH0, NEIGHBOURS, WORKER0
from .evaluate import side_holdings

if TYPE_CHECKING:
    from .state import ScytheState

#: The engine terms whose worth depends on the time left: each also enters multiplied by the turns-left estimate.
ENGINE = ("upgrades", "mechs", "structures", "recruits", "workers", "power", "cards", "popularity", "resources", "territories", "stars")
SEAT_FEATURES: tuple[str, ...] = (
    "coins",
    "star_points",
    "territory_points",
    "pair_points",
    "structure_bonus",
    "stars",
    "territories",
    "resources",
    "payments",
    "spare_resources",
    "coins_short",
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers",
    "power",
    "cards",
    "popularity",
    "below_tier_2",
    "below_tier_3",
    "worker_hexes",
    "stacked_workers",
    "exposed_units",
    "near_stars",
    "objectives_met",
    "factory_card",
    "turns_left",
    *(f"{name}_x_left" for name in ENGINE),
)
AUTOMA_FEATURES: tuple[str, ...] = (
    "automa_score",
    "automa_stars",
    "automa_territories",
    "automa_power",
    "automa_cards",
    "automa_turns_left",
    *(f"level_{level}" for level in LEVELS),
    "scheme_2",
)
#: Payments of one bottom action counted as ready: one bottom action a turn, so tokens beyond the next couple of
#: payments are a stock (the same reason as evaluate.py's ``PAYMENTS_AHEAD``).
PAYMENTS_AHEAD = 2
#: Coins below this leave a seat short of the top actions that cost one (Bolster, Trade).
COINS_NEEDED = 3
#: The sign a fitted weight may take (+1: at least 0, -1: at most 0; features not named are free). Fitted on the
#: games of one bot, a weight also learns what goes with a feature in that bot's games, not only what it causes (a
#: bot's early territories went with its losses: territories lay open to the Automa's attacks), and a turn planner
#: then avoids what is good; a thing one keeps to the end, or an engine that has longer to pay, is never worth less.
SIGNS: dict[str, int] = {
    **{name: 1 for name in (
        "coins", "star_points", "territory_points", "pair_points", "structure_bonus", "stars", "territories", "resources",
        "payments", "upgrades", "mechs", "structures", "recruits", "workers", "power", "cards", "popularity",
        "worker_hexes", "near_stars", "objectives_met", "factory_card",
    )},
    **{f"{name}_x_left": 1 for name in ENGINE},
    **{name: -1 for name in ("coins_short", "below_tier_2", "below_tier_3", "exposed_units")},
}  # fmt: skip
#: Turns in a typical solo game (docs/scythe-solo.md: 22-26): the scale of the turns-left estimate.
TURNS_SCALE = 25.0
#: The share of the Automa's cards that advance its star tracker (automa §4.4): a tracker space costs 1/share turns.
ADVANCE_SHARE = sum(1 for c in CARDS.values() if c["advances_star_tracker"]) / len(CARDS)
WEIGHTS_FILE = "fitted_evaluation.json"


def automa_spaces_to_end(s: ScytheState) -> int:
    """Star-tracker spaces until the tracker alone would give the Automa its 6th star (automa §4.4, §8); the last
    space if its gold stars would not suffice."""
    a = s.automa
    tracker = TRACKERS[a.level]
    need = D.MAX_STARS - sum(s.stars[AUTOMA])
    spaces = tracker["spaces"]
    for i in range(a.cube, spaces):  # layout index i is space i + 1, the spaces still ahead of the cube
        if tracker["layout"][i].get("star"):
            need -= 1
            if need <= 0:
                return i + 1 - a.cube
    return spaces - a.cube


def turns_left(s: ScytheState) -> float:
    """An estimate of the turns left, over ``TURNS_SCALE``: solo, the Automa's tracker pace to its 6th star; with
    more players, the leader's stars at the pace of a typical game (a star every ~4 turns)."""
    if s.automa is not None:
        return automa_spaces_to_end(s) / ADVANCE_SHARE / TURNS_SCALE
    most = max(sum(st) for st in s.stars)
    return (D.MAX_STARS - most) * 4.0 / TURNS_SCALE


def seat_features(s: ScytheState, p: int, left: float | None = None) -> list[float]:
    """``SEAT_FEATURES`` of side ``p``, in that order."""
    from . import objectives

    territories, kinds = side_holdings(s.board()[0], s.res, p)  # §13: the Factory counts as 3 territories
    tokens = sum(kinds)
    per_star, per_territory, per_two = D.tier_of(s.pop[p])
    stars = s.stars[p]
    n_stars = sum(stars)
    units = s.pos[p]
    upgrades = 6 - bin(s.top_cubes[p]).count("1")
    mechs = sum(1 for h in units[MECH0:WORKER0] if h >= 0)
    structures = sum(1 for h in s.struct_hex[p] if h >= 0)
    recruits = bin(s.recruits[p]).count("1")
    on_board = [h for h in units[WORKER0:] if h >= 0]
    workers = len(on_board) - 2
    worker_hexes = len(set(on_board))
    near = 0
    for (kind, size), n in zip(D.STAR_TRACKS, (upgrades, mechs, structures, recruits, workers), strict=True):
        if not stars[kind] and n >= size - 1:
            near += 1
    # Resource b pays bottom action b (§6), counted while that track still has something to give.
    payments = 0
    paid = 0
    for b, n in enumerate((6 - upgrades, D.MECHS - mechs, 4 - structures, 4 - recruits)):
        cost = max(s.bottom_cost(p, b), 1)
        k = min(kinds[b] // cost, n, PAYMENTS_AHEAD)
        payments += k
        paid += k * cost
    exposed = exposed_units(s, p)
    met = 0
    if stars[D.STAR_OBJECTIVE] < D.OBJECTIVE_STAR_CAP or s.faction[p] == D.SAXONY:
        met = sum(1 for c in s.objectives[p] if objectives.met(s, p, c))
    if left is None:
        left = turns_left(s)
    pop = s.pop[p]
    cards = sum(s.hand[p])
    engine = (upgrades, mechs, structures, recruits, workers, s.power[p], cards, pop, tokens, territories, n_stars)
    return [
        float(s.coins[p]),
        float(per_star * n_stars),
        float(per_territory * territories),
        float(per_two * (tokens // 2)),
        float(s.structure_bonus(p)),
        float(n_stars),
        float(territories),
        float(tokens),
        float(payments),
        float(tokens - paid),
        float(max(0, COINS_NEEDED - s.coins[p])),
        float(upgrades),
        float(mechs),
        float(structures),
        float(recruits),
        float(workers),
        float(s.power[p]),
        float(cards),
        float(pop),
        float(max(0, 7 - pop)),
        float(max(0, 13 - pop)),
        float(worker_hexes),
        float(len(on_board) - worker_hexes),
        float(exposed),
        float(near),
        float(met),
        1.0 if s.factory_card[p] >= 0 else 0.0,
        left,
        *(n * left for n in engine),
    ]


def exposed_units(s: ScytheState, p: int) -> int:
    """``p``'s units on hexes an enemy can strike next: solo, the Automa's area (automa §3); with more players,
    hexes holding or next to another seat's character or mech."""
    if s.automa is not None and p == 0:
        area = s.automa_area(s.rivers_ok())
    else:
        area = set()
        for q, units in enumerate(s.pos):
            if q != p:
                for h in units[CHAR:WORKER0]:
                    if h >= 0:
                        area.add(h)
                        area.update(n for n, _ in NEIGHBOURS[h])
    return sum(1 for h in s.pos[p] if h >= 0 and h in area)


def automa_features(s: ScytheState) -> list[float]:
    """``AUTOMA_FEATURES`` of the solo game's Automa, in that order."""
    a = s.automa
    side = AUTOMA
    return [
        float(s.automa_score()),
        float(sum(s.stars[side])),
        float(s.territories(side)),
        float(s.power[side]),
        float(sum(s.hand[side])),
        automa_spaces_to_end(s) / ADVANCE_SHARE / TURNS_SCALE,
        *(1.0 if a.level == level else 0.0 for level in LEVELS),
        1.0 if a.scheme == 2 else 0.0,
    ]


def solo_features(s: ScytheState) -> list[float]:
    """The solo model's inputs: the player's ``SEAT_FEATURES`` then the Automa's ``AUTOMA_FEATURES``."""
    return seat_features(s, 0) + automa_features(s)


@cache
def weights() -> dict[str, Any]:
    """The shipped weights (data/fitted_evaluation.json), checked against the features they were fitted for."""
    text = resources.files("meeple.games.scythe").joinpath("data", WEIGHTS_FILE).read_text(encoding="utf-8")
    return check_weights(json.loads(text))


def check_weights(raw: Any) -> dict[str, Any]:
    """``raw`` if it is a weights file for the features of this module: a clear error otherwise."""
    if not isinstance(raw, dict):
        raise ValueError(f"{WEIGHTS_FILE}: expected an object")
    expected = {"solo": (*SEAT_FEATURES, *AUTOMA_FEATURES), "players": SEAT_FEATURES}
    for model, names in expected.items():
        m = raw.get(model)
        if not isinstance(m, dict):
            raise ValueError(f"{WEIGHTS_FILE}: no {model!r} model")
        if tuple(m.get("features", ())) != names:
            raise ValueError(f"{WEIGHTS_FILE}: the {model!r} model was fitted on other features; retrain it")
        w = m.get("weights")
        if not isinstance(w, list) or len(w) != len(names) or not all(isinstance(x, (int, float)) for x in w):
            raise ValueError(f"{WEIGHTS_FILE}: the {model!r} model needs {len(names)} numeric weights")
        if not isinstance(m.get("bias", 0.0), (int, float)):
            raise ValueError(f"{WEIGHTS_FILE}: the {model!r} model's bias must be a number")
    return raw


def dot(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def evaluate(s: ScytheState) -> list[float]:
    """Each seat's fitted value in coins; solo: one value, the predicted final lead over the Automa."""
    from .evaluate import combat_stakes

    stakes = combat_stakes(s) if s.combat_at >= 0 else {}
    w = weights()
    if s.automa is not None:
        m = w["solo"]
        return [dot(m["weights"], solo_features(s)) + m.get("bias", 0.0) + stakes.get(0, 0.0) - stakes.get(1, 0.0)]
    m = w["players"]
    left = turns_left(s)
    return [dot(m["weights"], seat_features(s, p, left)) + stakes.get(p, 0.0) for p in range(s.num_players)]
