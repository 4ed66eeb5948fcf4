"""Random legal Splendor playouts in the batched JAX engine, with the Python engine measured in the same run.

usage: python benchmarks/batched_playouts.py [--players N] [--sizes B ...] [--steps S] [--chunk K] [--repeats R]
                                             [--cap STEPS] [--python-seconds S] [--json FILE]

For each batch size B: B games side by side, each row playing uniformly random legal ids for S
decisions, games that end replaced by new deals every K decisions, the whole run one compiled
program (``jax.lax.scan``; a game that ends inside a chunk idles to the chunk's end, and no game
may pass ``--cap`` decisions). It prints the compile time, then the best of R runs: games ended
per second, decisions per second (idle rows not counted) and the longest game seen. The Python
engine plays random games on one core for S seconds through the public contract, as
benchmarks/random_playouts.py does.

On a GPU machine (one short run; JAX finds the GPU when ``jax[cuda12]`` is installed):

    pip install -e '.[jax]' 'jax[cuda12]'
    python benchmarks/batched_playouts.py --players 2 --sizes 1 256 4096 65536 --steps 512 --python-seconds 5

On a small shared CPU keep it brief:  nice -n 10 python benchmarks/batched_playouts.py --sizes 1 16 256 --steps 256
"""

from __future__ import annotations

import argparse
import json
import random
import time

import jax
import jax.numpy as jnp

import meeple
import meeple.batched

SIZES = (1, 4, 16, 64, 256, 1024, 4096, 16384, 65536)


def random_legal(mask: jax.Array, key: jax.Array) -> jax.Array:
    """A uniformly random legal id per game: one random number each, then the k-th legal id."""
    count = mask.sum(axis=1)
    k = jax.random.randint(key, count.shape, 0, jnp.maximum(count, 1))
    return jnp.argmax(jnp.cumsum(mask, axis=1) > k[:, None], axis=1).astype(jnp.int32)


def make_playout(env, batch: int, cap: int, steps: int, chunk: int):
    """A compiled function: ``batch`` games side by side for ``steps`` decisions each, finished games dealt anew.

    Every ``chunk`` decisions the games that ended are replaced by new deals (one ``env.init`` for the batch
    per chunk, so dealing costs little), and a game that ends inside a chunk idles until the chunk's end: the
    idle rows are not counted as decisions. Returns (games ended, decisions played, longest game seen).
    """

    def decide(carry, key):
        state, played = carry
        k_act, k_step = jax.random.split(key)
        live = ~(state.terminated | state.truncated)
        actions = random_legal(state.legal_action_mask, k_act)
        state = env.step(state, actions, jax.random.split(k_step, batch))
        return (state, played + live.sum(dtype=jnp.int32)), None

    def one_chunk(carry, key):
        state, ended, played, longest = carry
        k_steps, k_deal = jax.random.split(key)
        (state, played), _ = jax.lax.scan(decide, (state, played), jax.random.split(k_steps, chunk))
        done = state.terminated | state.truncated
        ended = ended + state.terminated.sum(dtype=jnp.int32)
        longest = jnp.maximum(longest, jnp.where(done, state.step_count, 0).max())
        fresh = env.init(jax.random.split(k_deal, batch))
        state = jax.tree_util.tree_map(lambda new, old: jnp.where(done.reshape((-1,) + (1,) * (old.ndim - 1)), new, old), fresh, state)
        return (state, ended, played, longest), None

    def playout(key: jax.Array):
        k_init, k_loop = jax.random.split(key)
        state = env.init(jax.random.split(k_init, batch))
        zero = jnp.int32(0)
        (_, ended, played, longest), _ = jax.lax.scan(one_chunk, (state, zero, zero, zero), jax.random.split(k_loop, steps // chunk))
        return ended, played, longest

    return jax.jit(playout)


def python_playouts(players: int, seconds: float, cap: int) -> tuple[float, float]:
    game = meeple.load("splendor")
    rng = random.Random(1)
    t0 = time.perf_counter()
    games = decisions = 0
    while time.perf_counter() - t0 < seconds:
        state = game.new_game(players=players, seed=games)
        n = 0
        while not state.is_over and n < cap:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
        games += state.is_over
        decisions += n
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--cap", type=int, default=2000, help="decisions at most per game (random games end in about 85 at 2 players)")
    ap.add_argument("--steps", type=int, default=512, help="decisions per row of the batch in a timed run")
    ap.add_argument("--chunk", type=int, default=16, help="decisions between two deals of new games")
    ap.add_argument("--python-seconds", type=float, default=5.0)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()

    device = jax.devices()[0]
    print(
        f"jax {jax.__version__} on {device.platform}: {device.device_kind} ({len(jax.devices())} device(s)); Splendor, {args.players} players"
    )
    env = meeple.batched.make("splendor", players=args.players, max_steps=args.cap)
    rows = []
    print(f"{'batch':>7} {'compile s':>9} {'run s':>8} {'games/s':>12} {'decisions/s':>13} {'ended':>7} {'longest':>8}")
    for size in args.sizes:
        playout = make_playout(env, size, args.cap, args.steps, args.chunk)
        t0 = time.perf_counter()
        jax.block_until_ready(playout(jax.random.key(0)))
        compile_s = time.perf_counter() - t0
        best = None
        for r in range(args.repeats):
            t0 = time.perf_counter()
            ended, played, longest = jax.block_until_ready(playout(jax.random.key(r + 1)))
            dt = time.perf_counter() - t0
            if best is None or dt < best[0]:
                best = (dt, int(ended), int(played), int(longest))
        assert best is not None
        dt, ended, played, longest = best
        row = {
            "batch": size,
            "compile_s": compile_s,
            "run_s": dt,
            "games_per_s": ended / dt,
            "decisions_per_s": played / dt,
            "ended": ended,
            "longest": longest,
        }
        rows.append(row)
        print(
            f"{size:>7} {compile_s:>9.1f} {dt:>8.3f} {ended / dt:>12,.0f} {played / dt:>13,.0f} {ended:>7} {longest:>8} {played / max(ended, 1):>6.1f}"
        )
    py_games, py_decisions = python_playouts(args.players, args.python_seconds, args.cap)
    print(f"python engine, one core: {py_games:,.0f} games/s, {py_decisions:,.0f} decisions/s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(
                {
                    "device": str(device.device_kind),
                    "platform": device.platform,
                    "players": args.players,
                    "batched": rows,
                    "python": {"games_per_s": py_games, "decisions_per_s": py_decisions},
                },
                f,
                indent=1,
            )


if __name__ == "__main__":
    main()
