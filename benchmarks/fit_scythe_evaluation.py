"""Retrain Scythe's fitted evaluation (games/scythe/fitted.py) and write its weights file.

usage: python benchmarks/fit_scythe_evaluation.py [--bot greedy] [--seeds 1 300] [--levels autometta automa]
           [--duels 100] [--dir DIR] [--from FILE ...] [--ridge 1.0] [--out src/meeple/games/scythe/data/fitted_evaluation.json]

1. Plays games: for each seed in ``--seeds`` (inclusive) a solo game at each of ``--levels`` (a fresh deal: random
   factions and mats), and ``--duels`` 2-player games (seeds from the first of ``--seeds``), every seat played by
   ``--bot`` (a seat spec, e.g. ``greedy:evaluation=fitted`` to iterate on the fitted bot's own games), the agent
   seeded with the game's seed (2 players: seed*10 + seat). Each game's action ids go to DIR/<bot>-solo.jsonl and
   DIR/<bot>-duel.jsonl, one line a game; a rerun with the same DIR plays only the games not stored yet. The fit
   takes the games of this run's seeds, and ``--from`` adds stored files of earlier runs (another bot's games).
   Seeds from 1001 on are refused: they are kept for measuring.
2. Replays every stored game and takes the position at each turn start (a seat to choose its section, no fight
   under way): solo, the player's and the Automa's features (fitted.solo_features) against the final coin
   difference (player less Automa); 2 players, the mover's seat features less the other seat's against the final
   score difference.
3. Fits each model by ridge regression (features scaled to unit variance, penalty ``--ridge`` / 1000 per position),
   each weight kept to the sign fitted.SIGNS gives it, reports the error on held-out games (every fifth game; then
   it fits on all), and writes the weights (JSON, a few kilobytes) to ``--out``.

Seeded throughout: the same arguments play the same games and write the same file. The shipped weights' command
is in docs/agents.md ("A fitted evaluation (Scythe)"). Fit only on seeds kept apart from those used to measure
(benchmarks/automa_strength.py --seed 1001 ...). Run one process at a time on a shared machine (``nice -n 19``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import meeple
from meeple.agents import make_agent
from meeple.games.scythe import fitted
from meeple.games.scythe.automa import LEVELS

#: Seeds kept apart for measuring the fitted bot (docs/agents.md): never fitted on.
FRESH_SEEDS = 1001
#: Coordinate-descent sweeps of the fit (far more than it needs to settle).
SWEEPS = 300
#: A 2-player game still running after this many decisions is left out (a bot repeating a turn forever).
MAX_DECISIONS = 3000
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src" / "meeple" / "games" / "scythe" / "data" / fitted.WEIGHTS_FILE


def play_game(bot: str, seed: int, level: str | None) -> dict[str, Any]:
    """One game by ``bot`` on every seat: solo at ``level``, or 2 players (``level`` None)."""
    game = meeple.load("scythe")
    start = time.process_time()
    if level is not None:
        state = game.new_game(players=1, seed=seed, automa_level=level)
        agents = [make_agent(bot, seed=seed)]
    else:
        state = game.new_game(players=2, seed=seed)
        agents = [make_agent(bot, seed=seed * 10 + seat) for seat in range(2)]
    ids: list[int] = []
    while not state.is_over and len(ids) < MAX_DECISIONS:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(state)
        ids.append(action.id)
        state.apply(action)
    result = state.result()
    return {
        "seed": seed,
        "level": level or "",
        "players": state.num_players,
        "ids": ids,
        "scores": None if result is None else list(result.scores),
        "diff": None if result is None else result.details.get("coin_difference"),
        "cpu": time.process_time() - start,
    }


def play_all(bot: str, jobs: list[tuple[int, str | None]], path: Path) -> None:
    done = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done.add((row["seed"], row["level"] or None))
    missing = [job for job in jobs if job not in done]
    with path.open("a", encoding="utf-8") as out:
        for k, (seed, level) in enumerate(missing, 1):
            row = play_game(bot, seed, level)
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"  {path.name}: {k}/{len(missing)} seed {seed} {level or '2 players'}: {row['scores']} ({row['cpu']:.1f} s)", flush=True)


def positions(row: dict[str, Any]) -> tuple[list[list[float]], list[float]]:
    """The features and targets of one stored game's turn starts (see the module's docstring)."""
    game = meeple.load("scythe")
    solo = row["players"] == 1
    state = game.new_game(players=row["players"], seed=row["seed"], **({"automa_level": row["level"]} if solo else {}))
    xs: list[list[float]] = []
    seats: list[int] = []
    for action_id in row["ids"]:
        s: Any = state
        if s.phase == "section" and s.combat_at < 0:
            if solo:
                xs.append(fitted.solo_features(s))
            else:
                seat = s.current_player
                left = fitted.turns_left(s)
                mine = fitted.seat_features(s, seat, left)
                other = fitted.seat_features(s, 1 - seat, left)
                xs.append([a - b for a, b in zip(mine, other, strict=True)])
                seats.append(seat)
        state.apply(game.action_from_id(state, action_id))
    result = state.result()
    assert result is not None
    if solo:
        if result.details["coin_difference"] != row["diff"]:
            raise RuntimeError(f"seed {row['seed']} {row['level']}: the replay ended otherwise than the stored game")
        return xs, [float(row["diff"])] * len(xs)
    scores = result.scores
    if list(scores) != row["scores"]:
        raise RuntimeError(f"seed {row['seed']} (2 players): the replay ended otherwise than the stored game")
    return xs, [float(scores[p] - scores[1 - p]) for p in seats]


def ridge(x: np.ndarray, y: np.ndarray, penalty: float, bias: bool, signs: np.ndarray) -> tuple[np.ndarray, float]:
    """Least squares with an L2 penalty on the weights of the scaled features (``bias``: an unpenalised intercept),
    each weight kept to its sign where ``signs`` gives one (fitted.SIGNS): coordinate descent, which converges for
    this convex problem and needs nothing beyond numpy."""
    mean = x.mean(axis=0) if bias else np.zeros(x.shape[1])
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    target = y - (y.mean() if bias else 0.0)
    gram = z.T @ z + penalty * len(y) * 1e-3 * np.eye(x.shape[1])
    corr = z.T @ target
    w = np.zeros(x.shape[1])
    for _ in range(SWEEPS):
        for j in range(len(w)):
            v = (corr[j] - gram[j] @ w + gram[j, j] * w[j]) / gram[j, j]
            w[j] = max(v, 0.0) if signs[j] > 0 else min(v, 0.0) if signs[j] < 0 else v
    w = w / scale
    b = float(y.mean() - mean @ w) if bias else 0.0
    return w, b


def fit(
    name: str, features: tuple[str, ...], xs: list[list[float]], ys: list[float], game_of: list[int], penalty: float, bias: bool
) -> tuple[np.ndarray, float]:
    x, y, g = np.array(xs), np.array(ys), np.array(game_of)
    signs = np.array([fitted.SIGNS.get(f, 0) for f in features])
    held = g % 5 == 4
    w, b = ridge(x[~held], y[~held], penalty, bias, signs)
    err = y[held] - (x[held] @ w + b)
    base = y[held] - y[~held].mean()
    print(
        f"{name}: {len(y)} positions from {g.max() + 1} games; held-out games' positions: "
        f"rmse {math.sqrt(float(np.mean(err ** 2))):.2f} coins (against {math.sqrt(float(np.mean(base ** 2))):.2f} for the mean), "
        f"R² {1 - float(np.mean(err ** 2)) / float(np.var(y[held])):.3f}",
        flush=True,
    )
    return ridge(x, y, penalty, bias, signs)


def read_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The stored games of ``paths``, each game (seed, level, file) once."""
    rows = []
    for path in paths:
        if path.exists():
            seen = set()
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    if (row["seed"], row["level"]) not in seen:
                        seen.add((row["seed"], row["level"]))
                        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="greedy", help="the seat spec that plays the games")
    parser.add_argument("--seeds", nargs=2, type=int, default=[1, 300], metavar=("FIRST", "LAST"))
    parser.add_argument("--levels", nargs="*", default=["autometta", "automa"], choices=LEVELS)
    parser.add_argument("--duels", type=int, default=100, help="2-player games to play")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/meeple-fit-scythe"), help="where played games are stored")
    parser.add_argument("--from", dest="extra", nargs="*", type=Path, default=[], help="more stored game files to fit on")
    parser.add_argument("--ridge", type=float, default=1.0, help="the L2 penalty (see step 3)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    make_agent(args.bot, seed=0).check_game(meeple.load("scythe"))  # a bad spec fails before any game is played
    first, last = args.seeds
    args.dir.mkdir(parents=True, exist_ok=True)
    slug = "".join(ch if ch.isalnum() else "_" for ch in args.bot)
    solo_path, duel_path = args.dir / f"{slug}-solo.jsonl", args.dir / f"{slug}-duel.jsonl"
    play_all(args.bot, [(seed, level) for seed in range(first, last + 1) for level in args.levels], solo_path)
    play_all(args.bot, [(first + k, None) for k in range(args.duels)], duel_path)

    played = {(seed, level) for seed in range(first, last + 1) for level in args.levels} | {(first + k, "") for k in range(args.duels)}
    mine = [r for r in read_rows([solo_path, duel_path]) if (r["seed"], r["level"]) in played]
    extra = read_rows(args.extra)
    if any(r["seed"] >= FRESH_SEEDS for r in mine + extra):
        sys.exit(f"seeds from {FRESH_SEEDS} on are kept for measuring: fit on others")
    models: dict[str, Any] = {}
    for name, features, bias in (("solo", (*fitted.SEAT_FEATURES, *fitted.AUTOMA_FEATURES), True), ("players", fitted.SEAT_FEATURES, False)):
        rows = [r for r in mine + extra if (r["players"] == 1) == (name == "solo") and r["scores"] is not None]
        xs: list[list[float]] = []
        ys: list[float] = []
        game_of: list[int] = []
        for k, row in enumerate(rows):
            x, y = positions(row)
            xs += x
            ys += y
            game_of += [k] * len(x)
        if not xs:
            sys.exit(f"no {name} games to fit on")
        w, b = fit(name, features, xs, ys, game_of, args.ridge, bias)
        models[name] = {"features": list(features), "weights": [round(float(v), 5) for v in w], "bias": round(b, 4), "games": len(rows), "positions": len(ys)}
    out = {
        "about": "Scythe's fitted evaluation (games/scythe/fitted.py), written by benchmarks/fit_scythe_evaluation.py",
        "command": " ".join(["python", "benchmarks/fit_scythe_evaluation.py", *sys.argv[1:]]),
        **models,
    }
    fitted.check_weights(out)
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    for name in models:
        print(f"  {name}: " + ", ".join(f"{f} {v:+.3g}" for f, v in zip(models[name]["features"], models[name]["weights"], strict=True)))


if __name__ == "__main__":
    main()
