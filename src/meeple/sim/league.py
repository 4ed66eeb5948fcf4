"""A rating league: every group of entrants plays a tournament of its own (seats rotated, deals shared within a
rotation), and all the games together give each entrant a Bradley–Terry rating (rating.py).

    >>> from meeple.sim.league import League, run_league
    >>> league = League("splendor", entrants=("greedy", "random", "easy"), games=2, seed=1)
    >>> table = run_league(league, out=None, progress=False)
    >>> [r.label for r in table.ratings][0]
    'greedy'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.rng import mix

from .play import MAX_DECISIONS
from .rating import Rating, ratings
from .tournament import Tournament, run_tournament


@dataclass(frozen=True)
class League:
    """``entrants`` (agent specs, each once) meet in every group of ``players`` of them, ``games`` games a group."""

    game: str
    entrants: tuple[str, ...]
    games: int
    players: int = 2
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = MAX_DECISIONS

    def check(self) -> None:
        if len(set(self.entrants)) != len(self.entrants):
            raise ValueError(f"a league names each entrant once; {list(self.entrants)} repeats one")
        if len(self.entrants) < self.players:
            raise ValueError(f"a league of {self.players}-player games needs at least {self.players} entrants, got {len(self.entrants)}")
        for t, _ in self.tournaments():
            t.check()

    def tournaments(self) -> list[tuple[Tournament, tuple[int, ...]]]:
        """Each group's tournament, with the league entrant behind each of its seats."""
        out = []
        for k, group in enumerate(itertools.combinations(range(len(self.entrants)), self.players)):
            seats = tuple(self.entrants[e] for e in group)
            t = Tournament(self.game, seats=seats, games=self.games, seed=mix(self.seed, k) >> 1, options=dict(self.options), max_decisions=self.max_decisions)
            out.append((t, group))
        return out


@dataclass(frozen=True)
class LeagueTable:
    ratings: list[Rating]
    results: list[dict[str, Any]]  # every game, its ``entrants`` renumbered as the league's

    def to_dict(self) -> dict[str, Any]:
        return {"ratings": [r.to_dict() for r in self.ratings], "games": len(self.results)}


def run_league(league: League, out: Path | None, workers: int = 1, backend: str = "process", progress: bool = True) -> LeagueTable:
    """Play every group's games (each stored in ``out/<n>-<specs>.jsonl`` when ``out`` is a folder: resumable) and
    rate the entrants."""
    league.check()
    games = []
    for k, (t, group) in enumerate(league.tournaments()):
        path = None if out is None else Path(out) / f"{k:02d}-{'-vs-'.join(_safe(s) for s in t.seats)}.jsonl"
        for r in run_tournament(t, out=path, workers=workers, backend=backend, progress=progress):
            games.append({**r, "entrants": [group[e] for e in r["entrants"]]})
    return LeagueTable(ratings(games, list(league.entrants)), games)


def _safe(spec: str) -> str:
    return "".join(c if c.isalnum() or c in "=._" else "_" for c in spec)
