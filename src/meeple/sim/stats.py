"""Tournament statistics: win rates with Wilson intervals, scores, lengths and seat advantage.

Input is the list of per-game results a tournament writes (see ``meeple.sim.play``). A seat "wins"
a game when its rank is 1, so a shared first place is a win for every seat that shares it (the
number of shared wins is reported separately).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) with no trials."""
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # The interval always holds the observed rate; at 0 or n successes it reaches 0 or 1 exactly.
    low = 0.0 if successes == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes == trials else max(p, min(1.0, centre + half))
    return (low, high)


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    m = sum(values) / n
    if n < 2:
        return (m, 0.0)
    return (m, math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)))


@dataclass
class Rate:
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @classmethod
    def of(cls, wins: int, games: int) -> Rate:
        low, high = wilson(wins, games)
        return cls(wins, games, low, high)

    def to_dict(self) -> dict[str, Any]:
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "ci95": [self.low, self.high]}


@dataclass
class EntrantStats:
    label: str
    spec: str
    win: Rate
    shared_wins: int
    mean_score: float
    sd_score: float
    mean_rank: float
    seconds_per_decision: float
    decisions: int
    by_position: list[Rate]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["win"] = self.win.to_dict()
        d["by_position"] = [r.to_dict() for r in self.by_position]
        return d


@dataclass
class Summary:
    games: int
    players: int
    entrants: list[EntrantStats]
    by_position: list[Rate]  # every entrant together, by seat position: the seat (first-player) advantage
    mean_length: float
    sd_length: float
    min_length: int
    max_length: int
    shared_first: int  # games whose first place was shared
    aborted: int = 0  # games stopped unfinished (see play.MAX_DECISIONS), left out of every figure
    by_category: dict[str, dict[str, Rate]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "entrants": [e.to_dict() for e in self.entrants],
            "by_position": [r.to_dict() for r in self.by_position],
            "length": {"mean": self.mean_length, "sd": self.sd_length, "min": self.min_length, "max": self.max_length},
            "shared_first": self.shared_first,
            "aborted": self.aborted,
            "by_category": {k: {v: r.to_dict() for v, r in rates.items()} for k, rates in self.by_category.items()},
        }


def categories(result: Mapping[str, Any], players: int) -> dict[str, list[str]]:
    """Per-seat facts a game reports in its result details (a list of strings, one per seat),
    e.g. Scythe's ``factions`` and ``mats``: the report shows win rates by each."""
    details = result.get("details") or {}
    return {
        key: value
        for key, value in details.items()
        if isinstance(value, list) and len(value) == players and all(isinstance(v, str) for v in value)
    }


def summarize(results: Sequence[Mapping[str, Any]], labels: Sequence[str], specs: Sequence[str] | None = None) -> Summary:
    """Statistics of finished games; ``labels[e]`` names entrant ``e`` (``result["entrants"][seat] == e``)."""
    finished = [r for r in results if r.get("ranks") is not None]
    aborted = len(results) - len(finished)
    results = finished
    if not results:
        raise ValueError(f"no finished games to summarise ({aborted} aborted)")
    players = len(results[0]["ranks"])
    n_entrants = len(labels)
    specs = list(specs) if specs is not None else list(labels)
    wins = [0] * n_entrants
    shared = [0] * n_entrants
    played = [0] * n_entrants
    scores: list[list[float]] = [[] for _ in range(n_entrants)]
    ranks: list[list[float]] = [[] for _ in range(n_entrants)]
    think = [0.0] * n_entrants
    decisions = [0] * n_entrants
    pos_wins = [[0] * players for _ in range(n_entrants)]
    pos_games = [[0] * players for _ in range(n_entrants)]
    seat_wins = [0] * players
    lengths = []
    shared_first = 0
    cat_wins: dict[str, dict[str, int]] = {}
    cat_games: dict[str, dict[str, int]] = {}
    for r in results:
        if len(r["ranks"]) != players:
            raise ValueError("results mix games with different player counts")
        firsts = sum(1 for x in r["ranks"] if x == 1)
        shared_first += firsts > 1
        lengths.append(r["length"])
        cats = categories(r, players)
        for seat, e in enumerate(r["entrants"]):
            won = r["ranks"][seat] == 1
            played[e] += 1
            wins[e] += won
            shared[e] += won and firsts > 1
            scores[e].append(r["scores"][seat])
            ranks[e].append(r["ranks"][seat])
            pos_games[e][seat] += 1
            pos_wins[e][seat] += won
            seat_wins[seat] += won
            think[e] += r.get("think", [0.0] * players)[seat]
            decisions[e] += r.get("decisions", [0] * players)[seat]
            for key, values in cats.items():
                cat_games.setdefault(key, {}).setdefault(values[seat], 0)
                cat_wins.setdefault(key, {}).setdefault(values[seat], 0)
                cat_games[key][values[seat]] += 1
                cat_wins[key][values[seat]] += won
    entrants = []
    for e in range(n_entrants):
        ms, sd = mean_sd(scores[e])
        mr, _ = mean_sd(ranks[e])
        entrants.append(
            EntrantStats(
                label=labels[e],
                spec=specs[e],
                win=Rate.of(wins[e], played[e]),
                shared_wins=shared[e],
                mean_score=ms,
                sd_score=sd,
                mean_rank=mr,
                seconds_per_decision=think[e] / decisions[e] if decisions[e] else math.nan,
                decisions=decisions[e],
                by_position=[Rate.of(pos_wins[e][s], pos_games[e][s]) for s in range(players)],
            )
        )
    ml, sl = mean_sd(lengths)
    return Summary(
        games=len(results),
        players=players,
        entrants=entrants,
        by_position=[Rate.of(seat_wins[s], len(results)) for s in range(players)],
        mean_length=ml,
        sd_length=sl,
        min_length=min(lengths),
        max_length=max(lengths),
        shared_first=shared_first,
        aborted=aborted,
        by_category={k: {v: Rate.of(cat_wins[k][v], cat_games[k][v]) for v in sorted(cat_games[k])} for k in sorted(cat_games)},
    )
