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


def league_table(table: LeagueTable, title: str = "") -> Any:
    """The ratings as a terminal table, best first."""
    from rich.table import Table

    t = Table(title=f"{title} — {len(table.results)} games, Bradley–Terry ratings (Elo scale)".strip(" —"), title_justify="left")
    for name, justify in (("entrant", "left"), ("rating", "right"), ("95% interval", "right"), ("games", "right"), ("score", "right")):
        t.add_column(name, justify=justify)  # type: ignore[arg-type]
    for r in table.ratings:
        t.add_row(r.label, f"{r.rating:.0f}", f"{r.low:.0f} – {r.high:.0f}", str(r.games), f"{r.score:g}")
    return t


def write_league_report(directory: Path, table: LeagueTable, title: str = "") -> list[Path]:
    """``league.json`` and ``ratings.png`` (each rating with its interval) in ``directory``; the files written."""
    import json

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    data = directory / "league.json"
    data.write_text(json.dumps(table.to_dict(), indent=1) + "\n", encoding="utf-8")
    ordered = table.ratings[::-1]
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(ordered) + 1.6))
    ax.errorbar(
        [r.rating for r in ordered],
        range(len(ordered)),
        xerr=[[r.rating - r.low for r in ordered], [r.high - r.rating for r in ordered]],
        fmt="o",
        capsize=4,
    )
    ax.set_yticks(range(len(ordered)), [r.label for r in ordered])
    ax.set_xlabel("rating (Elo scale, mean 1500), 95% interval")
    ax.set_title(f"{title} league, {len(table.results)} games".strip())
    fig.tight_layout()
    plot = directory / "ratings.png"
    fig.savefig(plot, dpi=110)
    plt.close(fig)
    return [data, plot]
