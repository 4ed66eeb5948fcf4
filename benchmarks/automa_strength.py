"""Scythe solo: win rate and final coin difference of bots against each Automa level (automa RULES.md §4.4, §10).

usage: python benchmarks/automa_strength.py [--bots greedy mcts] [--levels LEVEL ...] [--games 200]
           [--mcts-games N] [--mcts-iterations 400] [--workers 2] [--seed 1]

Each game is a fresh deal (seed, seed+1, ...): random factions for both sides, a random mat, the human seat played by
the bot. A game is won when the bot's score beats the Automa's after the tie-breakers (a full tie counts as a win,
as Result ranks it 1). Prints, per bot and level, the games played, the win rate with its 95% Wilson interval, the
mean final coin difference (bot minus Automa) with its standard error, the mean scores, and the CPU seconds per game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.games.scythe.automa import LEVELS


def play(job: tuple[str, dict[str, Any], str, int]) -> dict[str, Any]:
    bot, kwargs, level, seed = job
    game = meeple.load("scythe")
    state = game.new_game(players=1, seed=seed, automa_level=level)
    agent = make_agent(bot, seed=seed, **kwargs)
    start = time.process_time()
    while not state.is_over:
        state.apply(agent.act(state))
    result = state.result()
    assert result is not None
    return {
        "won": result.ranks[0] == 1,
        "diff": result.details["coin_difference"],
        "score": result.scores[0],
        "automa": result.details["automa_score"],
        "cpu": time.process_time() - start,
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == n else min(1.0, centre + half))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", nargs="+", default=["greedy", "mcts"])
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--games", type=int, default=200, help="games per bot and level")
    parser.add_argument("--mcts-games", type=int, default=None, help="games per level for mcts (default: --games)")
    parser.add_argument("--mcts-iterations", type=int, default=None, help="search iterations per decision (default: the bot's 400)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("bot       level         games  win rate (95% CI)       coin diff (±se)   bot score  automa score  cpu s/game")
    with ProcessPoolExecutor(args.workers) as pool:
        for bot in args.bots:
            kwargs: dict[str, Any] = {}
            games = args.games
            if bot == "mcts":
                games = args.mcts_games if args.mcts_games is not None else args.games
                if args.mcts_iterations:
                    kwargs["iterations"] = args.mcts_iterations
            for level in args.levels:
                jobs = [(bot, kwargs, level, args.seed + i) for i in range(games)]
                rows = list(pool.map(play, jobs))
                wins = sum(r["won"] for r in rows)
                low, high = wilson(wins, len(rows))
                diffs = [r["diff"] for r in rows]
                se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
                label = bot + (f"({kwargs['iterations']})" if kwargs else "")
                print(
                    f"{label:9} {level:12} {len(rows):6}  {wins / len(rows):6.1%} ({low:5.1%}-{high:5.1%})   "
                    f"{statistics.mean(diffs):+7.1f} (±{se:4.1f})   {statistics.mean(r['score'] for r in rows):9.1f}  "
                    f"{statistics.mean(r['automa'] for r in rows):12.1f}  {statistics.mean(r['cpu'] for r in rows):10.2f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
