"""Strength of the bot ladder, measured with the tournament tool (issue 6 §4).

usage: python benchmarks/bot_strength.py [GAME ...] [--players 2] [--random-games 200]
           [--mcts-games 20] [--mcts SPEC] [--workers 2] [--seed 1] [--max-decisions 20000] [--out DIR]

For each game: ``greedy`` against ``random`` (target: greedy wins at least 90%), then ``mcts``
at one second per decision against ``greedy`` (target: at least 60%), with seats rotated and 95%
Wilson intervals, and the time per decision of each bot. Results go to DIR (default: a
meeple-bot-strength folder in the temporary directory) as the tournaments' JSON lines, so an
interrupted run resumes where it stopped. Two bots can lock a game that only ends when someone chooses to end it
(Scythe: one seat taking a coin every turn, the other not finding its sixth star): ``--max-decisions`` stops such a
game, which is stored as aborted and counted apart, and as a game the challenger did not win.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from rich.console import Console

import meeple
from meeple.agents import has_evaluation
from meeple.sim import Tournament, run_tournament, summary_of
from meeple.sim.play import MAX_DECISIONS
from meeple.sim.report import summary_tables
from meeple.sim.stats import Rate

console = Console(highlight=False)


def duel(game: str, challenger: str, baseline: str, games: int, target: float, args: argparse.Namespace) -> None:
    seats = (challenger, baseline) + (baseline,) * (args.players - 2)
    t = Tournament(game, seats=seats, games=games, seed=args.seed, max_decisions=args.max_decisions)
    slug = "".join(ch if ch.isalnum() else "_" for ch in f"{game}-{args.players}p-{challenger}-vs-{baseline}")
    results = run_tournament(t, out=args.out / f"{slug}.jsonl", workers=args.workers, progress=True)
    summary = summary_of(t, results)
    console.print(summary_tables(summary, f"{game}, {args.players} players: {challenger} vs {baseline}"))
    win = summary.entrants[0].win
    verdict = "meets" if win.low >= target else ("is consistent with" if win.high >= target else "misses")
    console.print(
        f"[bold]{challenger}[/bold] won {win.wins}/{win.games} = {win.rate:.1%} (95% CI {win.low:.1%}-{win.high:.1%}); "
        f"target {target:.0%}: the interval {verdict} it."
    )
    if summary.aborted:
        strict = Rate.of(win.wins, win.games + summary.aborted)
        console.print(
            f"  with the {summary.aborted} aborted game(s) counted as not won: {strict.wins}/{strict.games} = "
            f"{strict.rate:.1%} (95% CI {strict.low:.1%}-{strict.high:.1%})"
        )
    for i, e in enumerate(summary.entrants):
        # Results stored by older versions carry no iteration counts: average over those that do.
        seats = [(r, seat) for r in results if "iterations" in r for seat, who in enumerate(r["entrants"]) if who == i]
        searched = sum(r["iterations"][seat] for r, seat in seats)
        decided = sum(r["decisions"][seat] for r, seat in seats)
        extra = f", {searched / decided:.0f} search iterations per decision" if searched and decided else ""
        console.print(f"  time per decision, {e.label}: {e.seconds_per_decision * 1000:.2f} ms over {e.decisions} decisions{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: every game with a heuristic)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--random-games", type=int, default=200, help="games of greedy against random")
    parser.add_argument("--mcts-games", type=int, default=20, help="games of mcts against greedy (slow: ~1 s a decision)")
    parser.add_argument("--mcts", default="mcts:seconds=1", help="the mcts seat spec")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-decisions", type=int, default=MAX_DECISIONS, help="stop a locked game after this many decisions")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "meeple-bot-strength")
    args = parser.parse_args()
    names = args.games or [n for n in meeple.games() if has_evaluation(meeple.load(n))]
    for name in names:
        console.rule(name)
        if args.random_games:
            duel(name, "greedy", "random", args.random_games, 0.90, args)
        if args.mcts_games:
            duel(name, args.mcts, "greedy", args.mcts_games, 0.60, args)


if __name__ == "__main__":
    main()
