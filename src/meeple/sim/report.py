"""Showing a tournament: summary tables for the terminal, and plots (matplotlib PNG) for a report."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Group
from rich.table import Table

from .stats import Rate, Summary, categories


def _pct(r: Rate) -> str:
    if not r.games:
        return "-"
    return f"{r.rate:6.1%} [{r.low:.1%}, {r.high:.1%}]"


def _seconds(x: float) -> str:
    if math.isnan(x):
        return "-"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def summary_tables(summary: Summary, title: str = "") -> Group:
    """Win rates with 95% Wilson intervals, scores, time per decision; seat advantage; lengths."""
    players = summary.players
    t = Table(title=f"{title} — {summary.games} games" if title else f"{summary.games} games", title_justify="left")
    t.add_column("entrant")
    t.add_column("games", justify="right")
    t.add_column("win rate [95% CI]", justify="right")
    t.add_column("mean score (sd)", justify="right")
    t.add_column("mean rank", justify="right")
    t.add_column("time/decision", justify="right")
    for e in summary.entrants:
        t.add_row(
            e.label,
            str(e.win.games),
            _pct(e.win),
            f"{e.mean_score:.2f} ({e.sd_score:.2f})",
            f"{e.mean_rank:.2f}",
            _seconds(e.seconds_per_decision),
        )
    seats = Table(title="seat advantage: win rate by seat position (seat 0 moves first)", title_justify="left")
    seats.add_column("seat")
    seats.add_column("all entrants", justify="right")
    for e in summary.entrants:
        seats.add_column(e.label, justify="right")
    for s in range(players):
        seats.add_row(str(s), _pct(summary.by_position[s]), *(_pct(e.by_position[s]) for e in summary.entrants))
    parts: list[Any] = [t, seats]
    for key, rates in summary.by_category.items():
        c = Table(title=f"win rate by {key}", title_justify="left")
        c.add_column(key)
        c.add_column("win rate [95% CI]", justify="right")
        c.add_column("games", justify="right")
        for value, r in rates.items():
            c.add_row(value, _pct(r), str(r.games))
        parts.append(c)
    lengths = f"game length (decisions): mean {summary.mean_length:.1f}, sd {summary.sd_length:.1f}, min {summary.min_length}, max {summary.max_length}"
    if summary.shared_first:
        lengths += f"; {summary.shared_first} game(s) with a shared first place (a win for each)"
    if summary.aborted:
        lengths += f"; {summary.aborted} game(s) aborted unfinished and left out"
    parts.append(lengths)
    return Group(*parts)


def write_report(directory: Path, summary: Summary, results: Sequence[Mapping[str, Any]], title: str = "") -> list[Path]:
    """``summary.json`` and PNG plots in ``directory``; returns the files written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    path = directory / "summary.json"
    path.write_text(json.dumps(summary.to_dict(), indent=1) + "\n", encoding="utf-8")
    written.append(path)

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        p = directory / name
        fig.savefig(p, dpi=110)
        plt.close(fig)
        written.append(p)

    labels = [e.label for e in summary.entrants]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(labels) + 2), 3.6))
    _rate_bars(ax, labels, [e.win for e in summary.entrants])
    ax.set_title(f"{title} win rate (95% Wilson interval), {summary.games} games".strip())
    save(fig, "win_rates.png")

    fig, ax = plt.subplots(figsize=(6, 3.6))
    for e, label in enumerate(labels):
        scores = [r["scores"][seat] for r in results for seat, who in enumerate(r["entrants"]) if who == e]
        if scores:
            ax.hist(scores, bins=_bins(scores), alpha=0.55, label=label)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title("score distribution")
    ax.legend()
    save(fig, "scores.png")

    fig, ax = plt.subplots(figsize=(6, 3.6))
    lengths = [r["length"] for r in results]
    ax.hist(lengths, bins=_bins(lengths), color="tab:gray")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("game length")
    save(fig, "lengths.png")

    fig, ax = plt.subplots(figsize=(max(4.0, 1.0 * summary.players + 2), 3.6))
    _rate_bars(ax, [f"seat {s}" for s in range(summary.players)], summary.by_position)
    ax.axhline(1 / summary.players, color="black", linewidth=0.8, linestyle=":")
    ax.set_title("win rate by seat position (seat 0 moves first)")
    save(fig, "seat_advantage.png")

    for key, rates in summary.by_category.items():
        fig, ax = plt.subplots(figsize=(max(4.0, 0.9 * len(rates) + 2), 3.6))
        _rate_bars(ax, list(rates), list(rates.values()))
        ax.axhline(1 / summary.players, color="black", linewidth=0.8, linestyle=":")
        ax.set_title(f"win rate by {key}")
        save(fig, f"win_rate_by_{_slug(key)}.png")
    return written


def _rate_bars(ax: Any, names: Sequence[str], rates: Sequence[Rate]) -> None:
    values = [r.rate if r.games else 0.0 for r in rates]
    below = [max(0.0, v - r.low) if r.games else 0.0 for v, r in zip(values, rates, strict=True)]
    above = [max(0.0, r.high - v) if r.games else 0.0 for v, r in zip(values, rates, strict=True)]
    ax.bar(range(len(names)), values, yerr=[below, above], capsize=5, color="tab:blue")
    ax.set_xticks(range(len(names)), names, rotation=15 if max(map(len, names)) > 10 else 0)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")


def _bins(values: Sequence[float]) -> Any:
    lo, hi = min(values), max(values)
    if all(float(v).is_integer() for v in values) and hi - lo <= 60:
        return [x - 0.5 for x in range(int(lo), int(hi) + 2)]
    return 30


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text)


__all__ = ["categories", "summary_tables", "write_report"]
