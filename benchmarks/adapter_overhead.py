"""Throughput of each RL adapter against the raw engine: the adapter overhead ratio (docs/rl.md).

usage: python benchmarks/adapter_overhead.py [GAME ...] [--seconds S] [--players N]

For each game, uniformly random play for S seconds through:
  engine         state.legal_actions() + state.apply()                      (decisions/s)
  engine+tensor  the same, plus observation_tensor for the seat to move     (decisions/s)
  pettingzoo     env.last() + env.step(id) with a masked random id          (steps/s)
  gymnasium      env.step(id) with a masked random id, random opponents     (decisions/s, learner and opponents)
  openspiel      state.legal_actions() + state.apply_action(id)             (decisions/s)
  openspiel+obs  the same, plus state.observation_tensor() for the mover    (decisions/s)
and prints each rate with its ratio to the raw engine (how many times slower). Needs the rl extra
(pip install 'meeple[rl]'). Without --players each game is measured at 2 players (or its minimum, if higher): the
OpenSpiel adapter is for 2+ players (zero-sum), so a solo count such as Scythe's 1 measures the other adapters only.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from meeple.core import games, load
from meeple.envs.common import has_tensor

#: The modules the adapters need, and the extra that installs them.
RL_MODULES = ("gymnasium", "pettingzoo", "pyspiel")


def default_players(min_players: int) -> int:
    """The player count measured when none is given: every adapter accepts 2 (OpenSpiel's needs 2+)."""
    return max(2, min_players)


def adapters(name: str, players: int) -> dict[str, Callable[[int], int]]:
    """The measurements that apply at this player count (OpenSpiel's adapter offers 2+ players only)."""
    runs = {"engine+tensor": engine(name, players, tensor=True), "pettingzoo": pettingzoo(name, players), "gymnasium": gymnasium_env(name, players)}
    if players >= 2:
        runs["openspiel"] = openspiel(name, players, tensor=False)
        runs["openspiel+obs"] = openspiel(name, players, tensor=True)
    return runs


def missing_rl_modules() -> list[str]:
    from importlib.util import find_spec

    return [m for m in RL_MODULES if find_spec(m) is None]


def _timed(seconds: float, run_game: Callable[[int], int]) -> float:
    """Decisions per second over whole games started until ``seconds`` pass."""
    t0 = time.perf_counter()
    decisions = 0
    seed = 0
    while time.perf_counter() - t0 < seconds:
        decisions += run_game(seed)
        seed += 1
    return decisions / (time.perf_counter() - t0)


def engine(name: str, players: int, tensor: bool) -> Callable[[int], int]:
    game = load(name)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_game(players=players, seed=seed)
        n = 0
        while not state.is_over:
            if tensor:
                game.observation_tensor(state, state.current_player)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return run


def pettingzoo(name: str, players: int) -> Callable[[int], int]:
    from meeple.envs.pettingzoo import env

    e = env(name, players=players)

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        n = 0
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
        return n

    return run


def gymnasium_env(name: str, players: int) -> Callable[[int], int]:
    from meeple.envs.gymnasium import MeepleEnv

    e = MeepleEnv(name, players=players, opponents=["random"])

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        obs, _ = e.reset(seed=seed)
        while True:
            obs, _, terminated, truncated, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if terminated or truncated:
                assert e.state is not None
                return sum(1 for h in e.state.history if isinstance(h, str))

    return run


def openspiel(name: str, players: int, tensor: bool) -> Callable[[int], int]:
    import pyspiel

    import meeple.envs.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"python_meeple_{name}", {"players": players, "seed": 1})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if tensor:
                state.observation_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: every game with a tensor)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--players", type=int, default=None, help="player count (default: 2, or the game's minimum if higher)")
    args = parser.parse_args()
    missing = missing_rl_modules()
    if missing:
        parser.exit(2, f"the RL adapters need {', '.join(missing)}, from the rl extra: pip install 'meeple[rl]' (in a source checkout: pip install -e '.[rl]')\n")
    names = args.games or games()
    for name in names:
        try:
            ready = has_tensor(load(name))
        except Exception as err:  # a game whose encoder is broken: say so, measure the others
            print(f"\n{name}: skipped, its observation_tensor fails: {err}")
            continue
        if not ready:
            print(f"\n{name}: skipped, it has no observation_tensor")
            continue
        game = load(name)
        players = args.players or default_players(game.min_players)
        if not game.min_players <= players <= game.max_players:
            print(f"\n{name}: skipped, it is for {game.min_players}-{game.max_players} players, not {players}")
            continue
        print(f"\n{name}, {players} players, {args.seconds:g} s each" + ("" if players >= 2 else " (OpenSpiel: 2+ players only)"))
        base = _timed(args.seconds, engine(name, players, tensor=False))
        print(f"  {'engine':<15} {base:>10,.0f} decisions/s   1.00x")
        for label, run in adapters(name, players).items():
            rate = _timed(args.seconds, run)
            print(f"  {label:<15} {rate:>10,.0f} decisions/s   {base / rate:.2f}x slower")


if __name__ == "__main__":
    main()
