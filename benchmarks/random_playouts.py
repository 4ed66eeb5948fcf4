"""Random playouts through the public contract, on one core.

usage: python benchmarks/random_playouts.py GAME [--seconds S] [--repeats R] [--players N ...] [--cap STEPS]

For each player count: decisions/s, games/s and decisions per game (median of R runs of S
seconds), then clone/s and legal_actions/s on states sampled from random games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple


def playouts(game: meeple.Game, players: int, seconds: float, cap: int, seed: int) -> tuple[float, float, float, int]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    games = decisions = capped = 0
    while time.perf_counter() - t0 < seconds:
        state = game.new_game(players=players, seed=seed * 100_003 + games)
        n = 0
        while not state.is_over and n < cap:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
        capped += not state.is_over
        decisions += n
        games += 1
    dt = time.perf_counter() - t0
    return decisions / dt, games / dt, decisions / games, capped


def sample_states(game: meeple.Game, players: int, count: int) -> list[meeple.State]:
    rng = random.Random(7)
    states = []
    while len(states) < count:
        s = game.new_game(players=players, seed=len(states))
        for _ in range(rng.randrange(1, 80)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over:
            states.append(s)
    return states


def rate(fn, items: list, seconds: float) -> float:
    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < seconds:
        for item in items:
            fn(item)
        n += len(items)
    return n / (time.perf_counter() - t0)


def fresh_legal(state: meeple.State) -> None:
    state._legal = None  # measure generation, not the per-state cache
    state.legal_actions()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--cap", type=int, default=100_000, help="stop a random game after this many decisions")
    args = ap.parse_args()
    game = meeple.load(args.game)
    counts = args.players or list(range(max(2, game.min_players), game.max_players + 1))
    print(f"{game.title}: random playouts, one core, median of {args.repeats} x {args.seconds:g} s")
    for players in counts:
        runs = [playouts(game, players, args.seconds, args.cap, seed) for seed in range(args.repeats)]
        dps = statistics.median(r[0] for r in runs)
        gps = statistics.median(r[1] for r in runs)
        per = statistics.median(r[2] for r in runs)
        capped = sum(r[3] for r in runs)
        note = f", {capped} games stopped at the cap" if capped else ""
        print(f"  {players} players: {dps:>10,.0f} decisions/s  {gps:>8,.1f} games/s  {per:>7,.1f} decisions/game{note}")
        states = sample_states(game, players, 200)
        clones = statistics.median(rate(lambda s: s.clone(), states, 1.0) for _ in range(args.repeats))
        legal = statistics.median(rate(fresh_legal, states, 1.0) for _ in range(args.repeats))
        print(f"  {players} players: {clones:>10,.0f} clone/s     {legal:>8,.0f} legal_actions/s")


if __name__ == "__main__":
    main()
