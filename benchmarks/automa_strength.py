"""Scythe solo: win rate and final coin difference of bots against each Automa level (automa §4.4, §10).

usage: python benchmarks/automa_strength.py [--bots greedy mcts:iterations=16 ...] [--levels LEVEL ...]
           [--games 200] [--mcts-games N] [--workers 2] [--seed 1] [--out DIR] [--breakdown]
           [--old-heuristic FILE] [--rate NAME=VALUE ...]

Each bot is a seat spec (docs/agents.md). Each game is a fresh deal (seed, seed+1, ...): random factions for both
sides, a random mat, the human seat played by the bot. A game is won when the bot's score beats the Automa's after
the tie-breakers (a full tie counts as a win, as Result ranks it 1). Prints, per bot and level, the games played,
the win rate with its 95% Wilson interval, the mean final coin difference (bot minus Automa) with its standard
error, the mean scores, and the CPU seconds per game; with --breakdown, the mean points of each scoring category
(coins in hand, stars, territories, resource pairs, structure bonus) for the bot and for the Automa, how often the
bot took each top and bottom action a game, how far it got along each star's track, its fights a game by who
attacked and who won, and its popularity: as dealt, at the end, and what moved it, a game, by the first word of the
notation of the bot's action that did (``to``: a unit moved onto the Automa's workers, ``option``: an encounter's
choice, ``produce``: its cost with six workers out, ``enlist``: the recruit's bonus, ``popularity``: a Trade). The
Automa's turn runs inside the bot's last step of a turn, so what it brings (its recruit-bonus line paying the bot's
recruits' ongoing bonus) counts under that step's word.

With ``--old-heuristic FILE`` (an older copy of games/scythe/evaluate.py, e.g. from ``git show``), the bots
``old-greedy`` and ``old-mcts`` (the ``mcts:seconds=1`` spec) score positions with that copy (bot_strength.py), so a
change of the heuristic can be measured against the old one on the same deals: ``--bots greedy old-greedy``.

With ``--rate NAME=VALUE`` (repeatable) the run's bots play with that rate of the Scythe heuristic
(games/scythe/evaluate.py, an upper-case number such as ``STAR_TEMPO``) set to VALUE (``old-greedy`` and ``old-mcts``
keep their file's), and their results are stored under names that carry the rates: ``--bots greedy --rate STAR_TEMPO=10`` tries one rate on the same deals as a run
without it. Where a run plays more than one bot, each later bot's games are paired with the first bot's on the same
deals: the mean of the per-deal coin differences with its standard error.

Every finished game is appended to DIR/<bot>-<level>.jsonl (default DIR: meeple-automa-strength in the temporary
directory); a rerun with the same DIR plays only the seeds not yet there, so an interrupted run, or one with more
games, goes on from where it stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent, parse_agent_spec
from meeple.games.scythe.automa import LEVELS
from meeple.games.scythe.data import FACTORY

#: The notations of the top actions' options (the whole notation), and the first words of a turn (a section chosen)
#: and of the bottom actions (games/scythe/actions.py).
TOP_WORDS = ("move", "coins", "power", "cards", "trade", "popularity", "produce")
BOTTOM_WORDS = ("upgrade", "deploy", "build", "enlist")


def play(job: tuple[str, str, int]) -> dict[str, Any]:
    bot, level, seed = job
    game = meeple.load("scythe")
    state = game.new_game(players=1, seed=seed, automa_level=level)
    agent = make_agent(bot, seed=seed)
    start = time.process_time()
    fights: dict[str, int] = {}
    seen_combat = state.last_combat
    start_popularity = popularity = bot_popularity(state)
    popularity_changes: dict[str, int] = {}
    while not state.is_over:
        action = agent.act(state)
        state.apply(action)
        if state.last_combat is not seen_combat:  # replaced at each reveal, never changed in place
            seen_combat = state.last_combat
            kind = fight_kind(seen_combat)
            fights[kind] = fights.get(kind, 0) + 1
        now = bot_popularity(state)
        if now != popularity:
            cause = str(action).split(" ", 1)[0]
            popularity_changes[cause] = popularity_changes.get(cause, 0) + now - popularity
            popularity = now
    result = state.result()
    assert result is not None
    seen = state.observation(0)
    return {
        "seed": seed,
        "faction": seen["players"][0]["faction"],
        "mat": seen["players"][0]["mat"],
        "automa_faction": seen["automa"]["faction"],
        "won": result.ranks[0] == 1,
        "diff": result.details["coin_difference"],
        "score": result.scores[0],
        "automa": result.details["automa_score"],
        "breakdown": result.details.get("breakdown", [{}])[0],
        "automa_breakdown": result.details.get("automa_breakdown", {}),
        "stars": {k: v for k, v in seen["players"][0]["stars"].items() if v},
        "automa_stars": {k: v for k, v in seen["automa"]["stars"].items() if v},
        "popularity": seen["players"][0]["popularity"],
        "popularity_start": start_popularity,
        "popularity_changes": popularity_changes,
        "tracks": tracks(seen["players"][0]),
        "turns": seen["turns"],
        "decisions": sum(1 for h in state.history if isinstance(h, str)),
        "actions": action_counts(state.history),
        "fights": fights,
        "factory": FACTORY_HOLDERS.get(state.board()[0][FACTORY], "nobody"),
        "factory_cards": [seen["players"][0]["factory_card"] is not None, bool(seen["automa"]["factory_card"])],
        "cpu": time.process_time() - start,
    }


#: Who controls the Factory at the end (§13: it counts as three territories), by side.
FACTORY_HOLDERS = {0: "bot", 1: "automa"}


def bot_popularity(state: Any) -> int:
    return int(state.observation(0)["players"][0]["popularity"])


def tracks(seat: dict[str, Any]) -> dict[str, int]:
    """How far the bot got along each track a star is placed for, read off its observation at the end."""
    return {
        "upgrades": len(seat["upgraded"]), "mechs": len(seat["mechs"]), "recruits": len(seat["recruits"]),
        "structures": sum(1 for h in seat["structures"].values() if h is not None), "workers": len(seat["workers"]),
        "power": seat["power"], "popularity": seat["popularity"],
    }


#: The kinds of fight counted a game, by who attacked and who won; an undefended one is an Automa attack the bot met
#: with no power dialled and no card.
FIGHT_KINDS = ("bot attacked, won", "bot attacked, lost", "automa attacked, bot won", "automa attacked, won", "undefended")


def fight_kind(combat: list[int]) -> str:
    """Which of ``FIGHT_KINDS`` a revealed combat (ScytheState.last_combat) was; the bot is seat 0."""
    _, attacker, _, _, _, defender_dial, defender_cards, winner = combat
    if attacker == 0:
        return "bot attacked, won" if winner == 0 else "bot attacked, lost"
    if winner == 0:
        return "automa attacked, bot won"
    return "undefended" if defender_dial == 0 and defender_cards == 0 else "automa attacked, won"


def action_counts(history: list[Any]) -> dict[str, int]:
    """How often the bot took each top and bottom action, and its turns (a section chosen), from the notations in
    ``history`` (the Automa's turns are chance outcomes there, not notations)."""
    counts: dict[str, int] = {}
    for h in history:
        if isinstance(h, str):
            word = h if h in TOP_WORDS else h.split(" ", 1)[0]
            if word == "section" or word in BOTTOM_WORDS or h in TOP_WORDS:
                counts[word] = counts.get(word, 0) + 1
    return counts


def print_breakdown(bot: str, level: str, rows: list[dict[str, Any]]) -> None:
    """Mean points per scoring category (docs/rules/scythe.md, final scoring), the bot's beside the Automa's."""
    rows = [r for r in rows if r.get("breakdown")]
    if not rows:
        print(f"  ({bot} vs {level}: these stored games have no breakdown; play them again with a new --out)")
        return
    cats = list(dict.fromkeys(k for r in rows for k in [*r["breakdown"], *r["automa_breakdown"]]))
    mean = lambda side, k: statistics.mean(r[side].get(k, 0) for r in rows)  # noqa: E731
    print(f"  {bot} vs {level}, {len(rows)} games: mean points by category (bot / Automa)")
    for k in cats:
        print(f"    {k:16} {mean('breakdown', k):6.1f} / {mean('automa_breakdown', k):6.1f}")
    print(f"    {'decisions':16} {statistics.mean(r['decisions'] for r in rows):6.0f}   turns {statistics.mean(r['turns'] for r in rows):5.1f}   bot popularity {statistics.mean(r['popularity'] for r in rows):4.1f}")
    acted = [r for r in rows if "actions" in r]
    if acted:
        turns = statistics.mean(r["actions"].get("section", 0) for r in acted)
        def mean_of(word: str) -> float:
            return statistics.mean(r["actions"].get(word, 0) for r in acted)

        bottom = statistics.mean(sum(r["actions"].get(w, 0) for w in BOTTOM_WORDS) for r in acted)
        print(f"    {'bot actions':16} a game, in {turns:.1f} turns, {bottom:.1f} with a bottom action: " + ", ".join(f"{w} {mean_of(w):.1f}" for w in (*TOP_WORDS, *BOTTOM_WORDS)))
    ended = [r for r in rows if "tracks" in r]
    if ended:
        kinds = list(ended[0]["tracks"])
        print(f"    {'bot tracks':16} at the end: " + ", ".join(f"{k} {statistics.mean(r['tracks'][k] for r in ended):.1f}" for k in kinds))
    counted = [r for r in rows if "popularity_changes" in r]
    if counted:
        causes = sorted({k for r in counted for k in r["popularity_changes"]}, key=lambda k: statistics.mean(r["popularity_changes"].get(k, 0) for r in counted))
        start, end = (statistics.mean(r[k] for r in counted) for k in ("popularity_start", "popularity"))
        print(f"    {'bot popularity':16} {start:.1f} dealt, {end:.1f} at the end; a game, by the notation that moved it: "
              + ", ".join(f"{k} {statistics.mean(r['popularity_changes'].get(k, 0) for r in counted):+.2f}" for k in causes))
    fought = [r for r in rows if "fights" in r]
    if fought:
        print(f"    {'fights':16} a game: " + ", ".join(f"{k} {statistics.mean(r['fights'].get(k, 0) for r in fought):.2f}" for k in FIGHT_KINDS))
    held = [r for r in rows if "factory" in r]
    if held:
        share = lambda test: 100 * statistics.mean(1 if test(r) else 0 for r in held)  # noqa: E731
        print(f"    {'factory':16} held at the end: " + ", ".join(f"{who} {share(lambda r, w=who: r['factory'] == w):.0f}%" for who in ("bot", "automa", "nobody"))
              + f"; its card taken: bot {share(lambda r: r['factory_cards'][0]):.0f}%, Automa {share(lambda r: r['factory_cards'][1]):.0f}%")
    for side in ("stars", "automa_stars"):
        kinds = sorted({k for r in rows for k in r[side]})
        print(f"    {side:16} " + ", ".join(f"{k} {statistics.mean(r[side].get(k, 0) for r in rows):.2f}" for k in kinds))
    for key in ("mat", "faction"):
        groups = by_deal(rows, key)
        if groups:
            print(f"    by {key:13} " + ", ".join(f"{name} {n} games {wins} won {diff:+.1f}" for name, (n, wins, diff) in groups.items()))


def by_deal(rows: list[dict[str, Any]], key: str) -> dict[str, tuple[int, int, float]]:
    """Per value of ``key`` (the bot's ``mat`` or ``faction``) among the games that recorded it: games, games won
    and the mean coin difference, worst first; a deal's mat and faction move the bot's score by more than most of
    its changes (docs/scythe-solo.md, "Scythe solo: the mat and the faction dealt")."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if key in r:
            groups.setdefault(r[key], []).append(r)
    out = {name: (len(g), sum(r["won"] for r in g), statistics.mean(r["diff"] for r in g)) for name, g in groups.items()}
    return dict(sorted(out.items(), key=lambda item: item[1][2]))


def set_rates(pairs: list[str]) -> str:
    """Set the Scythe heuristic's rates named in ``pairs`` (``NAME=VALUE``) in this process; returns the suffix that
    names the run's results (empty without rates). SystemExit, and nothing set, on a name that is not one of the
    heuristic's numeric rates or a value that is not a number of its kind."""
    from meeple.games.scythe import data, evaluate

    # The heuristic's own upper-case numbers; the board indices it imports from data are not rates.
    rates = {
        k: v for k, v in vars(evaluate).items()
        if k.isupper() and not k.startswith("_") and getattr(data, k, None) is not v and isinstance(v, (int, float)) and not isinstance(v, bool)
    }
    chosen: dict[str, int | float] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        current = rates.get(name)
        if not sep or current is None:
            raise SystemExit(f"--rate {pair!r}: give NAME=VALUE with NAME one of the heuristic's rates ({', '.join(rates)})")
        try:
            chosen[name] = int(text) if isinstance(current, int) else float(text)
        except ValueError:
            raise SystemExit(f"--rate {pair!r}: {text!r} is not a{'n integer' if isinstance(current, int) else ' number'}") from None
    # Set only once every pair is good: a refused run leaves the heuristic as it was.
    for name, value in chosen.items():
        setattr(evaluate, name, value)
    suffix = [pair.strip() for pair in pairs]
    return "+" + "+".join(suffix) if suffix else ""


def prepare(rates: list[str], old_heuristic: Path | None) -> str:
    """Set ``rates`` and register ``old-greedy``/``old-mcts`` for ``old_heuristic``, in the process that plays."""
    suffix = set_rates(rates)
    if old_heuristic is not None:
        sys.path.insert(0, str(Path(__file__).parent))
        from bot_strength import register_old_heuristic

        register_old_heuristic("scythe", old_heuristic, "mcts:seconds=1")
    return suffix


def paired(first: list[dict[str, Any]], later: list[dict[str, Any]]) -> tuple[int, float, float]:
    """Deals both played, the mean of ``later``'s coin difference less ``first``'s on each, and its standard error."""
    by_seed = {r["seed"]: r["diff"] for r in first}
    gains = [r["diff"] - by_seed[r["seed"]] for r in later if r["seed"] in by_seed]
    if len(gains) < 2:
        return len(gains), float(statistics.mean(gains)) if gains else float("nan"), float("nan")
    return len(gains), statistics.mean(gains), statistics.stdev(gains) / math.sqrt(len(gains))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == n else min(1.0, centre + half))


def measure(pool: ProcessPoolExecutor, bot: str, level: str, seeds: list[int], path: Path) -> list[dict[str, Any]]:
    """The results for ``seeds``: those stored in ``path``, and the games still missing, played and appended."""
    rows = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows[row["seed"]] = row
    missing = [s for s in seeds if s not in rows]
    with path.open("a", encoding="utf-8") as out:
        for row in pool.map(play, [(bot, level, s) for s in missing]):
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows[row["seed"]] = row
    return [rows[s] for s in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", nargs="+", default=["greedy", "mcts"], help="seat specs, e.g. mcts:iterations=16")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--games", type=int, default=200, help="games per bot and level")
    parser.add_argument("--mcts-games", type=int, default=None, help="games per level for mcts bots (default: --games)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "meeple-automa-strength")
    parser.add_argument("--breakdown", action="store_true", help="also print mean points by scoring category")
    parser.add_argument("--old-heuristic", type=Path, help="an older copy of the Scythe heuristic, played by old-greedy")
    parser.add_argument("--rate", action="append", default=[], metavar="NAME=VALUE", help="a rate of the Scythe heuristic to play with")
    args = parser.parse_args()
    suffix = prepare(args.rate, args.old_heuristic)
    for bot in args.bots:
        make_agent(bot, seed=0)  # a bad spec fails before any game is played
    args.out.mkdir(parents=True, exist_ok=True)
    print("bot                  level         games  win rate (95% CI)       coin diff (±se)   bot score  automa score  cpu s/game")
    first: dict[str, list[dict[str, Any]]] = {}
    # Each worker prepares itself: a worker started without fork (forkserver, spawn) inherits nothing of this one's.
    with ProcessPoolExecutor(args.workers, initializer=prepare, initargs=(args.rate, args.old_heuristic)) as pool:
        for bot in args.bots:
            games = args.mcts_games if parse_agent_spec(bot)[0] == "mcts" and args.mcts_games is not None else args.games
            slug = "".join(ch if ch.isalnum() else "_" for ch in bot) + suffix
            for level in args.levels:
                seeds = [args.seed + i for i in range(games)]
                rows = measure(pool, bot, level, seeds, args.out / f"{slug}-{level}.jsonl")
                wins = sum(r["won"] for r in rows)
                low, high = wilson(wins, len(rows))
                diffs = [r["diff"] for r in rows]
                se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
                print(
                    f"{bot:20} {level:12} {len(rows):6}  {wins / len(rows):6.1%} ({low:5.1%}-{high:5.1%})   "
                    f"{statistics.mean(diffs):+7.1f} (±{se:4.1f})   {statistics.mean(r['score'] for r in rows):9.1f}  "
                    f"{statistics.mean(r['automa'] for r in rows):12.1f}  {statistics.mean(r['cpu'] for r in rows):10.2f}",
                    flush=True,
                )
                if level in first:
                    n, gain, se = paired(first[level], rows)
                    print(f"  paired with {args.bots[0]} on {n} deals: {gain:+.2f} (±{se:.2f}) coins a game")
                else:
                    first[level] = rows
                if args.breakdown:
                    print_breakdown(bot, level, rows)


if __name__ == "__main__":
    main()
