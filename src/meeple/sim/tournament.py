"""Tournaments: a schedule of seeded games with rotating seats, played by a backend, stored as
they finish (JSON lines plus CSV) and resumable from what is stored.

    >>> from meeple.sim import Tournament, run_tournament
    >>> t = Tournament("splendor", seats=("greedy", "random"), games=4, seed=1)
    >>> results = run_tournament(t, out=None, workers=1, progress=False)
    >>> len(results)
    4
"""

from __future__ import annotations

import contextlib
import csv
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.core.rng import mix

from .backends import run_jobs
from .play import MAX_DECISIONS, GameJob
from .stats import Summary, summarize

#: The keys of a stored result that must match the tournament being resumed.
IDENTITY = ("game", "players", "options", "base_seed")
CSV_FIELDS = ("index", "seed", "seats", "entrants", "scores", "ranks", "winners", "length", "decisions", "think", "seconds", "aborted")


@dataclass(frozen=True)
class Tournament:
    """What to play. ``seats`` lists the entrants (agent specs), one per player; game ``i`` rotates
    them by ``i % players`` places, and the games of one rotation share a seed (the same deal from
    every seat), so both seat advantage and the luck of the deal cancel out."""

    game: str
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = MAX_DECISIONS

    @property
    def players(self) -> int:
        return len(self.seats)

    def labels(self) -> list[str]:
        """Entrant names: the spec, numbered when the same spec enters twice (``greedy#2``)."""
        labels = []
        for i, spec in enumerate(self.seats):
            repeats = self.seats[:i].count(spec)
            labels.append(spec if not repeats and self.seats.count(spec) == 1 else f"{spec}#{repeats + 1}")
        return labels

    def check(self) -> None:
        """ValueError (before anything is played) for a game, option, player count or agent that cannot work."""
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 1:
            raise ValueError(f"games must be a positive integer, got {self.games!r}")
        if not isinstance(self.max_decisions, int) or isinstance(self.max_decisions, bool) or self.max_decisions < 1:
            raise ValueError(f"max_decisions must be a positive integer, got {self.max_decisions!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"seed must be an integer, got {self.seed!r}")
        game = meeple.load(self.game)
        game.check_players(self.players)
        game.check_options(dict(self.options))
        for spec in self.seats:
            make_agent(spec, seed=0).check_game(game)

    def jobs(self) -> list[GameJob]:
        n = self.players
        out = []
        for i in range(self.games):
            rotation = i % n
            entrants = tuple((s + rotation) % n for s in range(n))
            out.append(
                GameJob(
                    index=i,
                    game=self.game,
                    players=n,
                    options=dict(self.options),
                    base_seed=self.seed,
                    seed=mix(self.seed, i // n) >> 1,  # 63 bits: a seed any tool can store
                    seats=tuple(self.seats[e] for e in entrants),
                    entrants=entrants,
                    max_decisions=self.max_decisions,
                )
            )
        return out

    def identity(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "options": dict(self.options), "base_seed": self.seed}


def output_paths(out: Path) -> tuple[Path, Path]:
    """The JSON-lines file and its CSV twin: ``results.jsonl`` and ``results.csv``."""
    out = Path(out)
    if out.suffix in (".jsonl", ".csv"):
        return out.with_suffix(".jsonl"), out.with_suffix(".csv")
    return out.with_name(out.name + ".jsonl"), out.with_name(out.name + ".csv")


def load_results(path: Path, tournament: Tournament | None = None) -> list[dict[str, Any]]:
    """Finished games stored in a JSON-lines file, by index. A last line cut short by an interruption
    is dropped (and removed from the file); results of another tournament are a ValueError."""
    path = Path(path)
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    if text and not text.endswith("\n"):  # so the next result starts on a line of its own
        with path.open("a", encoding="utf-8") as f:
            f.write("\n")
    jobs = tournament.jobs() if tournament is not None else []
    found: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                path.write_text("".join(x + "\n" for x in lines[:-1]), encoding="utf-8")
                break
            raise ValueError(f"{path}:{number} is not a JSON line; is this a tournament results file?") from None
        if not isinstance(row, dict) or not isinstance(row.get("index"), int) or "ranks" not in row:
            raise ValueError(f"{path}:{number} is not a tournament game result")
        if tournament is not None:
            want = tournament.identity()
            got = {k: row.get(k) for k in IDENTITY}
            if got != want:
                raise ValueError(
                    f"{path} holds results of another tournament ({_describe(got)}), not of this one ({_describe(want)}); "
                    "choose another output file"
                )
            expected = jobs[row["index"]] if 0 <= row["index"] < len(jobs) else None
            if expected is not None and (row.get("seats") != list(expected.seats) or row.get("seed") != expected.seed):
                raise ValueError(
                    f"{path}:{number}: game {row['index']} was played with seats {row.get('seats')}, not {list(expected.seats)}"
                )
        found[row["index"]] = row
    return [found[i] for i in sorted(found)]


def _describe(identity: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={identity[k]!r}" for k in IDENTITY)


def csv_row(result: Mapping[str, Any]) -> dict[str, Any]:
    return {k: " ".join(map(str, result[k])) if isinstance(result.get(k), list) else result.get(k) for k in CSV_FIELDS}


def write_csv(path: Path, results: Iterable[Mapping[str, Any]]) -> None:
    with Path(path).open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for r in results:
            writer.writerow(csv_row(r))


def run_tournament(
    tournament: Tournament,
    out: Path | None,
    workers: int = 1,
    backend: str = "process",
    progress: bool = True,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every game of ``tournament`` not yet stored in ``out`` and return all results by index.

    Each result is appended to ``out`` (JSON lines) and its CSV twin as soon as its game ends, so an
    interrupted tournament loses only the games in progress; rerunning continues where it stopped.
    """
    tournament.check()
    jobs = tournament.jobs()
    done: dict[int, dict[str, Any]] = {}
    jsonl = csv_path = None
    if out is not None:
        jsonl, csv_path = output_paths(out)
        jsonl.parent.mkdir(parents=True, exist_ok=True)
        for r in load_results(jsonl, tournament):
            if r["index"] < tournament.games:
                done[r["index"]] = r
        write_csv(csv_path, load_results(jsonl))  # the CSV always mirrors the JSON lines
    todo = [j for j in jobs if j.index not in done]
    bar = _progress(progress)
    tally = _Tally(tournament, done.values())
    with bar if bar is not None else contextlib.nullcontext():
        task = bar.add_task(tournament.game, total=len(jobs), completed=len(done)) if bar is not None else None
        for result in run_jobs(todo, workers, backend):
            done[result["index"]] = result
            if jsonl is not None and csv_path is not None:
                with jsonl.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(result, separators=(",", ":")) + "\n")
                with csv_path.open("a", newline="", encoding="utf-8") as f:
                    csv.DictWriter(f, fieldnames=CSV_FIELDS).writerow(csv_row(result))
            if on_result is not None:
                on_result(result)
            if bar is not None and task is not None:
                tally.add(result)
                bar.update(task, advance=1, description=str(tally))
    return [done[i] for i in sorted(done)]


def summary_of(tournament: Tournament, results: list[dict[str, Any]]) -> Summary:
    return summarize(results, tournament.labels(), list(tournament.seats))


class _Tally:
    """Running win rates for the progress bar, updated game by game (a million games stay cheap)."""

    def __init__(self, tournament: Tournament, results: Iterable[Mapping[str, Any]]) -> None:
        self.game = tournament.game
        self.labels = tournament.labels()
        self.wins = [0] * len(self.labels)
        self.games = 0
        for r in results:
            self.add(r)

    def add(self, r: Mapping[str, Any]) -> None:
        self.games += 1
        if r["ranks"] is not None:
            for seat, e in enumerate(r["entrants"]):
                self.wins[e] += r["ranks"][seat] == 1

    def __str__(self) -> str:
        rates = ", ".join(f"{label} {w / max(1, self.games):.0%}" for label, w in zip(self.labels, self.wins, strict=True))
        return f"{self.game}: {rates}"


def _progress(enabled: bool) -> Any:
    if not enabled:
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
