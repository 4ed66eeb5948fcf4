"""Load on the game server (issue 19): many games at a human pace while other games' bots search.

Starts ``meeple serve`` on 127.0.0.1 with a throwaway SQLite file (or --db URL), creates --games Splendor games
between two human seats, each seat a WebSocket client in this process, and --bot-games games between two
``--bot`` seats (default ``mcts:seconds=1``) that search in the server's worker processes. A seat whose turn it
is waits a random time (exponential, mean --pace seconds: one move per game every --pace seconds on average),
then plays a random legal move. After every client is connected it measures for --seconds:

- act -> ack: from sending a move to receiving its acknowledgement (validated and committed);
- push: from sending a move to the other seat receiving the view that holds it;

and prints p50 and p99 of both, the moves made by the human and the bot games, and any errors.

    python benchmarks/server_load.py                                # 1000 games at 5 s a move, 20 bot games, 60 s
    python benchmarks/server_load.py --games 100 --bot-games 2 --seconds 20

Traffic goes only to 127.0.0.1; every loop is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int, workers: int | None) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db, "--bot-delay", "0",
           "--max-games-per-minute", "0", "--log-level", "warning"]  # fmt: skip
    if workers:
        cmd += ["--bot-workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.measuring = False
        self.ack: list[float] = []
        self.push: list[float] = []
        self.errors = 0
        self.sent: dict[str, tuple[int, int, float]] = {}  # game -> (seat, ply of the view, when) of its last move


async def create(http: httpx.AsyncClient, seats: list[str]) -> tuple[str, dict[str, str]]:
    for attempt in range(5):
        try:
            r = await http.post("/api/games", json={"game": "splendor", "players": 2, "seats": seats})
            r.raise_for_status()
            return r.json()["id"], r.json()["tokens"]
        except httpx.TransportError:
            await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError("the server refused to create a game five times")


async def seat_client(port: int, gid: str, seat: int, token: str, pace: float, rng: random.Random, ready: asyncio.Barrier,
                      stats: Stats) -> None:  # fmt: skip
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{gid}", max_size=2**22, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        await ready.wait()
        sent_at: float | None = None
        mover: asyncio.Task[None] | None = None
        acted = -1  # the ply of the view this seat last moved in: a view of the same ply again (someone came or went) is no new turn

        async def move(view: dict) -> None:
            nonlocal sent_at, acted
            acted = view["ply"]
            await asyncio.sleep(rng.expovariate(1 / pace))
            sent_at = time.perf_counter()
            stats.sent[gid] = (seat, view["ply"], sent_at)
            await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]), "ply": view["ply"]}))

        try:
            # no timeout per receive: the measurement's end cancels every client at once, so an idle client costs
            # nothing (waking 2,000 clients every second took CPU from the server on the same cores)
            async for raw in ws:
                msg = json.loads(raw)
                now = time.perf_counter()
                if msg["type"] == "ack":
                    if sent_at is not None and stats.measuring:
                        stats.ack.append(now - sent_at)
                    sent_at = None
                elif msg["type"] == "error":
                    stats.errors += 1
                    sent_at = None
                elif msg["type"] == "state":
                    if msg["over"]:
                        break
                    # the other seat's move that led to this view: its push latency
                    mover_seat, ply, t = stats.sent.get(gid, (seat, 0, 0.0))
                    if mover_seat != seat and msg["ply"] > ply:
                        del stats.sent[gid]
                        if stats.measuring:
                            stats.push.append(now - t)
                    if msg["legal"] and msg["ply"] > acted and (mover is None or mover.done()):
                        mover = asyncio.get_running_loop().create_task(move(msg))
        except asyncio.CancelledError:
            pass
        finally:
            if mover is not None:
                mover.cancel()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(port: int, games: int, bot_games: int, bot: str, pace: float, seconds: float) -> dict[str, float]:
    stats = Stats()
    limits = httpx.Limits(max_connections=16)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=120) as http:
        t0 = time.monotonic()
        gate = asyncio.Semaphore(16)

        async def make(seats: list[str]) -> tuple[str, dict[str, str]]:
            async with gate:
                return await create(http, seats)

        humans = await asyncio.gather(*(make(["human", "human"]) for _ in range(games)))
        bots = await asyncio.gather(*(make([bot, bot]) for _ in range(bot_games)))
        created = time.monotonic() - t0
        ready = asyncio.Barrier(2 * games + 1)
        rng = random.Random(19)
        clients = [
            asyncio.get_running_loop().create_task(
                seat_client(port, gid, seat, tokens[str(seat)], pace, random.Random(rng.random()), ready, stats)
            )
            for gid, tokens in humans
            for seat in (0, 1)
        ]
        await ready.wait()  # every seat connected and greeted
        connected = time.monotonic() - t0 - created
        bot_ids = [gid for gid, _ in bots]

        async def decisions(gid: str) -> int:
            r = await http.post(f"/api/games/{gid}/view", json={})
            return int(r.json()["moves"])

        bot_before = sum(await asyncio.gather(*(decisions(g) for g in bot_ids)))
        await asyncio.sleep(5)  # warm-up: the first moves of every game, the worker's start
        # This process's own collector must not be measured: 2,000 clients' views make its full collections pause
        # for tens of milliseconds, which the clients would count as the server's latency.
        gc.freeze()
        gc.disable()
        stats.measuring = True
        start = time.monotonic()
        await asyncio.wait(clients, timeout=seconds)  # a client whose game ended returns early
        stats.measuring = False
        elapsed = time.monotonic() - start
        gc.enable()
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        bot_after = sum(await asyncio.gather(*(decisions(g) for g in bot_ids)))
    return {
        "games": games,
        "bot_games": bot_games,
        "create_s": round(created, 1),
        "connect_s": round(connected, 1),
        "seconds": round(elapsed, 1),
        "human_moves_per_s": round(len(stats.ack) / elapsed, 1),
        "ack_p50_ms": round(percentile(stats.ack, 0.5), 1),
        "ack_p99_ms": round(percentile(stats.ack, 0.99), 1),
        "push_p50_ms": round(percentile(stats.push, 0.5), 1),
        "push_p99_ms": round(percentile(stats.push, 0.99), 1),
        "acks": len(stats.ack),
        "pushes": len(stats.push),
        "bot_moves": bot_after - bot_before,
        "errors": stats.errors,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="games between two human (client) seats")
    ap.add_argument("--bot-games", type=int, default=20, help="games between two bots")
    ap.add_argument("--bot", default="mcts:seconds=1", help="the bot of those games")
    ap.add_argument("--pace", type=float, default=5.0, help="mean seconds a seat waits before its move")
    ap.add_argument("--seconds", type=float, default=60.0, help="measured time")
    ap.add_argument("--bot-workers", type=int, default=None, help="the server's worker processes (default: its own)")
    ap.add_argument("--db", default=None, help="database URL (default: a throwaway SQLite file)")
    ap.add_argument("--port", type=int, default=None, help="use a server already running on 127.0.0.1:PORT")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 16384)), hard))  # the server inherits it
    db = args.db or os.path.join(tempfile.mkdtemp(prefix="meeple-load-"), "load.sqlite3")
    port = args.port or free_port()
    proc = None if args.port else start_server(db, port, args.bot_workers)
    try:
        r = asyncio.run(run(port, args.games, args.bot_games, args.bot, args.pace, args.seconds))
        print(json.dumps(r))
        print(
            f"{r['games']} games at {args.pace:g} s a move + {r['bot_games']} games of {args.bot}: "
            f"act->ack p50 {r['ack_p50_ms']} ms, p99 {r['ack_p99_ms']} ms; push p50 {r['push_p50_ms']} ms, p99 {r['push_p99_ms']} ms; "
            f"{r['human_moves_per_s']} human moves/s, {r['bot_moves']} bot moves in {r['seconds']} s, {r['errors']} errors"
        )
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
