"""Strength of the bot ladder, measured with the tournament tool (issue 6 §4).

usage: python benchmarks/bot_strength.py [GAME ...] [--players 2] [--random-games 200]
           [--mcts-games 20] [--mcts SPEC] [--workers 2] [--seed 1] [--max-decisions 20000] [--out DIR]
           [--old-heuristic FILE [--old-games 200]]

For each game: ``greedy`` against ``random`` (target: greedy wins at least 90%), then ``mcts``
at one second per decision against ``greedy`` (target: at least 60%), with seats rotated and 95%
Wilson intervals, and the time per decision of each bot. Results go to DIR (default: a
meeple-bot-strength folder in the temporary directory) as the tournaments' JSON lines, so an
interrupted run resumes where it stopped. Two bots can lock a game that only ends when someone chooses to end it
(Scythe: one seat taking a coin every turn, the other not finding its sixth star): ``--max-decisions`` stops such a
game, which is stored as aborted and counted apart, and as a game the challenger did not win.

``--old-heuristic FILE`` measures a change of a game's heuristic instead: FILE is the heuristic module as it was
(``git show REV:src/meeple/games/scythe/evaluate.py > /tmp/old_evaluate.py``), loaded inside the game's package;
``old-greedy`` and ``old-mcts`` are then ``greedy`` and the ``--mcts`` spec scoring positions with its
``evaluate``, and the run plays ``greedy`` against ``old-greedy`` (``--old-games``) and the ``--mcts`` spec against
``old-mcts`` (``--mcts-games``), target 60% each.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

import meeple
from meeple.agents import has_evaluation, make_agent, register_agent
from meeple.agents.base import Agent
from meeple.core import Action, Game, State
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


class OldHeuristic(Agent):
    """Plays ``spec`` with the game's ``evaluate`` replaced, while it decides, by an older module's."""

    def __init__(self, spec: str, evaluate: Callable[[State], list[float]], seed: int | None = None, **params: Any) -> None:
        self.inner = make_agent(spec, seed=seed, **params)
        self.evaluate = evaluate
        self.name = f"old-{spec}"

    def check_game(self, game: Game) -> None:
        self.inner.check_game(game)

    def act(self, state: State) -> Action:
        cls = type(state.game)
        saved = cls.__dict__.get("evaluate")
        cls.evaluate = lambda _game, s: self.evaluate(s)
        try:
            return self.inner.act(state)
        finally:
            if saved is None:
                del cls.evaluate
            else:
                cls.evaluate = saved


def register_old_heuristic(game: str, path: Path, mcts: str) -> None:
    package = type(meeple.load(game)).__module__.rsplit(".", 1)[0]
    spec = importlib.util.spec_from_file_location(f"{package}._old_heuristic", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    register_agent("old-greedy", lambda seed=None, **kw: OldHeuristic("greedy", module.evaluate, seed, **kw))
    register_agent("old-mcts", lambda seed=None, **kw: OldHeuristic(mcts, module.evaluate, seed, **kw))


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
    parser.add_argument("--old-heuristic", type=Path, help="the game's heuristic module as it was: new bots against old")
    parser.add_argument("--old-games", type=int, default=200, help="games of greedy against old-greedy")
    args = parser.parse_args()
    names = args.games or [n for n in meeple.games() if has_evaluation(meeple.load(n))]
    if args.old_heuristic is not None:
        if len(names) != 1:
            raise SystemExit("--old-heuristic: name the one game whose heuristic it is")
        if args.workers != 1:
            # The tournament's worker processes start clean, without the old bots registered here.
            raise SystemExit("--old-heuristic: old-greedy and old-mcts exist in this process only; play with --workers 1")
        register_old_heuristic(names[0], args.old_heuristic, args.mcts)
        console.rule(f"{names[0]}: new heuristic against {args.old_heuristic}")
        if args.old_games:
            duel(names[0], "greedy", "old-greedy", args.old_games, 0.60, args)
        if args.mcts_games:
            duel(names[0], args.mcts, "old-mcts", args.mcts_games, 0.60, args)
        return
    for name in names:
        console.rule(name)
        if args.random_games:
            duel(name, "greedy", "random", args.random_games, 0.90, args)
        if args.mcts_games:
            duel(name, args.mcts, "greedy", args.mcts_games, 0.60, args)


if __name__ == "__main__":
    main()
