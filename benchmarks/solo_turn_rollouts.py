"""Scythe solo: how well the heuristic ranks a turn's candidates, measured by playing each to the end.

usage: python benchmarks/solo_turn_rollouts.py [--seeds 101 300] [--share 0.3] [--candidates 4] [--dir DIR]
           [--bot greedy:beam=8:worlds=1:plan_worlds=1] [--ridge 100] [--weights FILE]

For each seed in ``--seeds`` (inclusive; a fresh deal, the Automa level alternating Automa and Autometta by the
seed's parity) ``--bot`` plays the human seat. At a share ``--share`` of its turn starts, drawn by a seeded
generator, the turn planner's ``--candidates`` best distinct turns there (agents/turn_plan.py, the bot's beam, one
world) are each played in one and the same determinized world, and each game is then played on to its end by
``--bot`` seeded alike (so the candidates differ by the turn, not by the seeds of what follows). For each candidate
the script keeps the heuristic's value after the turn (Game.evaluate), the solo model's features
(games/scythe/fitted.py's ``solo_features``) and the final coin difference. One line a game goes to
DIR/rollouts.jsonl (default DIR: meeple-solo-rollouts in the temporary directory); a rerun with the same DIR plays
only the seeds not stored yet.

Then, within each turn start (each candidate against its group's mean, so a deal's luck cancels), it prints: the
slope and correlation of the final margin on the heuristic's value; how much the heuristic's first choice ended
ahead of the other candidates; one feature at a time (``CONTRASTS``), the margin's and the value's slope on it; and a
ridge fit of the margin the heuristic leaves unexplained on the features
(scaled to unit variance, penalty ``--ridge``), its R² on held-out turn starts (every fifth group) and its largest
weights (``--weights FILE`` writes them all, fitted on every turn start). Seeds from 1001 on are refused: they are
kept for measuring (benchmarks/automa_strength.py). The figures are in docs/scythe-solo.md ("Scythe solo: a turn's
candidates played to the end").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

import meeple
from meeple.agents import make_agent
from meeple.agents.turn_plan import distinct_turns, play_turn
from meeple.games.scythe.fitted import AUTOMA_FEATURES, SEAT_FEATURES, solo_features

FRESH_SEEDS = 1001
LEVELS = ("automa", "autometta")
#: The width of the planner's beam at a sampled turn start, and of a candidate's rest where its world leaves it.
BEAM = 8
REPLAN_BEAM = 2


def play_game(bot: str, seed: int, share: float, candidates: int) -> dict[str, Any]:
    """One solo game by ``bot``, with the candidates of a share of its turn starts played to the end."""
    game = meeple.load("scythe")
    level = LEVELS[seed % 2]
    state = game.new_game(players=1, seed=seed, automa_level=level)
    agent = make_agent(bot, seed=seed)
    rng = random.Random(seed * 7 + 1)
    groups = []
    last = -1
    while not state.is_over:
        turn = game.turn_number(state)
        if turn != last and state.legal_actions():
            last = turn
            if rng.random() < share:
                group = play_candidates(bot, state, rng, candidates)
                if group:
                    groups.append({"turn": turn, "candidates": group})
        state.apply(agent.act(state))
    return {"seed": seed, "level": level, "groups": groups}


def play_candidates(bot: str, state: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Each of the planner's ``count`` best distinct turns, played in one world and on to the end by ``bot``."""
    game = state.game
    world = state.determinize(0, rng.getrandbits(63))
    lines = distinct_turns(world, 0, game.lookahead, BEAM, count, game.evaluate)
    if len(lines) < 2:
        return []
    seed = rng.getrandbits(31)
    out = []
    for line in lines:
        child = state.determinize(0, seed)
        play_turn(child, 0, line, game.lookahead, REPLAN_BEAM, game.evaluate)
        value = game.evaluate(child)[0]
        features = solo_features(child)
        rest = make_agent(bot, seed=seed)
        while not child.is_over:
            child.apply(rest.act(child))
        result = child.result()
        assert result is not None
        out.append({"value": value, "features": features, "margin": float(result.details["coin_difference"])})
    return out


def centred(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per candidate, its heuristic value, margin and features less its group's means, and its group's number."""
    values, margins, features, group_of = [], [], [], []
    k = 0
    for row in rows:
        for group in row["groups"]:
            c = group["candidates"]
            v = np.array([x["value"] for x in c])
            m = np.array([x["margin"] for x in c])
            f = np.array([x["features"] for x in c])
            values.append(v - v.mean())
            margins.append(m - m.mean())
            features.append(f - f.mean(axis=0))
            group_of += [k] * len(c)
            k += 1
    return np.concatenate(values), np.concatenate(margins), np.vstack(features), np.array(group_of)


#: The features compared one at a time: what a turn changes (the solo model's names, games/scythe/fitted.py).
CONTRASTS = (
    "coins", "stars", "territories", "resources", "payments", "upgrades", "mechs", "structures", "recruits", "workers",
    "power", "cards", "popularity", "automa_stars", "automa_territories", "automa_score",
)  # fmt: skip


def contrast(x: np.ndarray, margin: np.ndarray, value: np.ndarray) -> tuple[int, float, float, float]:
    """For one feature ``x`` (centred within turn starts): the candidates where it differs from the mean, the final
    margin's slope on it with its standard error, and the heuristic value's slope on it."""
    rows = int((np.abs(x) > 1e-9).sum())
    sxx = float((x * x).sum())
    if rows < 2 or sxx == 0.0:
        return rows, float("nan"), float("nan"), float("nan")
    slope = float((x * margin).sum() / sxx)
    rest = margin - slope * x
    se = float(np.sqrt((rest**2).sum() / (len(x) - 1) / sxx))
    return rows, slope, se, float((x * value).sum() / sxx)


def report(rows: list[dict[str, Any]], ridge: float, weights_out: Path | None = None) -> None:
    value, margin, features, group_of = centred(rows)
    groups = int(group_of.max()) + 1 if len(group_of) else 0
    print(f"{len(rows)} games, {groups} turn starts, {len(value)} candidates")
    if groups < 10:
        return
    slope = float((value * margin).sum() / (value * value).sum())
    print(f"final margin on the heuristic's value, within a turn start: slope {slope:.3f}, correlation {np.corrcoef(value, margin)[0, 1]:.3f}")
    print(f"  the value's spread {value.std():.2f} coins, the margin's {margin.std():.2f}")
    leads = []
    for row in rows:
        for group in row["groups"]:
            m = [x["margin"] for x in group["candidates"]]
            leads.append(m[0] - statistics.mean(m[1:]))
    se = statistics.stdev(leads) / len(leads) ** 0.5
    print(f"the heuristic's first choice ended {statistics.mean(leads):+.2f} ± {se:.2f} coins ahead of the other candidates")
    names = list(SEAT_FEATURES) + list(AUTOMA_FEATURES)
    print("one feature at a time: the final margin, and the heuristic's value, per unit more than the turn start's mean")
    for name in CONTRASTS:
        differing, by_margin, se, by_value = contrast(features[:, names.index(name)], margin, value)
        if differing >= 50:
            print(f"  {name:20s} {differing:5d} candidates  margin {by_margin:+6.2f} ± {se:.2f}  heuristic {by_value:+6.2f}")
    target = margin - value
    sd = features.std(axis=0)
    keep = sd > 1e-9
    x = features[:, keep] / sd[keep]
    held = group_of % 5 == 0
    fit = np.linalg.solve(x[~held].T @ x[~held] + ridge * np.eye(x.shape[1]), x[~held].T @ target[~held])
    error = target[held] - x[held] @ fit
    r2 = 1 - float((error**2).mean() / (target[held] ** 2).mean())
    print(f"ridge fit of the margin the value leaves unexplained (penalty {ridge}): held-out R² {r2:.3f}")
    weights = np.zeros(len(names))
    weights[keep] = fit / sd[keep]
    order = sorted(range(len(names)), key=lambda i: -abs(weights[i] * sd[i]))
    for i in order[:12]:
        print(f"  {names[i]:24s} {weights[i]:+8.3f} a unit (a spread's worth {weights[i] * sd[i]:+.2f})")
    if weights_out is not None:
        # The fit on every turn start, for a trial heuristic that adds it (docs/scythe-solo.md).
        fit = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ target)
        weights = np.zeros(len(names))
        weights[keep] = fit / sd[keep]
        weights_out.write_text(json.dumps(dict(zip(names, weights.tolist(), strict=True)), indent=1) + "\n", encoding="utf-8")
        print(f"the correction's weights, fitted on every turn start: {weights_out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", nargs=2, type=int, default=(101, 300), metavar=("FIRST", "LAST"))
    parser.add_argument("--share", type=float, default=0.3)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--bot", default="greedy:beam=8:worlds=1:plan_worlds=1")
    parser.add_argument("--ridge", type=float, default=100.0)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "meeple-solo-rollouts")
    parser.add_argument("--weights", type=Path, help="write the fitted correction's weights (JSON, by feature name) here")
    args = parser.parse_args()
    first, last = args.seeds
    if last >= FRESH_SEEDS or first > last or first < 1:
        raise SystemExit(f"--seeds: give FIRST <= LAST, from 1 to {FRESH_SEEDS - 1} (later seeds are kept for measuring)")
    if not 0 < args.share <= 1 or args.candidates < 2:
        raise SystemExit("--share must be in (0, 1] and --candidates at least 2")
    args.dir.mkdir(parents=True, exist_ok=True)
    path = args.dir / "rollouts.jsonl"
    stored = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                stored[row["seed"]] = row
    # One write a game on a file opened for appending: runs over other seeds may share the DIR.
    out = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        for seed in range(first, last + 1):
            if seed not in stored:
                stored[seed] = play_game(args.bot, seed, args.share, args.candidates)
                os.write(out, (json.dumps(stored[seed]) + "\n").encode("utf-8"))
                print(f"seed {seed}: {len(stored[seed]['groups'])} turn starts", file=sys.stderr, flush=True)
    finally:
        os.close(out)
    report([stored[s] for s in range(first, last + 1)], args.ridge, args.weights)


if __name__ == "__main__":
    main()
