"""Load on the game server: concurrent Splendor games, each driven by a bot client over WebSocket.

Starts ``meeple serve`` on 127.0.0.1 with a throwaway SQLite file (or --db URL), then for each level
of concurrency creates that many games (timed apart: new/s), then plays them (seat 0 a client over WebSocket choosing random legal moves,
seat 1 a server-side random bot), plays for a fixed time and prints committed moves per second and
the client's action latency (act sent -> ack received, i.e. validated and committed) at p50 and p99.

    python benchmarks/server_load.py                      # 10, 100 and 1000 games, 10 s each
    python benchmarks/server_load.py --levels 10,100 --seconds 5

Traffic goes only to 127.0.0.1; every loop is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
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


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0
        self.finished = 0


async def new_game(http: httpx.AsyncClient, seed: int) -> tuple[str, str]:
    for attempt in range(5):
        try:
            r = await http.post("/api/games", json={"game": "splendor", "players": 2, "seats": ["human", "random"], "seed": seed})
            r.raise_for_status()
            body = r.json()
            return body["id"], body["tokens"]["0"]
        except httpx.TransportError:  # a pooled keep-alive connection the busy server closed: retry on a fresh one
            await asyncio.sleep(0.1 * (attempt + 1))
    raise RuntimeError("the server refused to create a game five times")


async def drive(port: int, http: httpx.AsyncClient, first: tuple[str, str], seed: int, deadline: float, stats: Stats) -> None:
    rng = random.Random(seed)
    game: tuple[str, str] | None = first
    while time.monotonic() < deadline:
        gid, token = game or await new_game(http, seed)
        game = None
        seed += 100_003
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{gid}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
            moves_seen = 0
            sent_at = None
            latest = None  # the newest view; acted on once no act of ours is awaiting its ack
            while time.monotonic() < deadline:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, deadline - time.monotonic())))
                except TimeoutError:
                    break
                if msg["type"] == "ack" and sent_at is not None:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                elif msg["type"] == "error":
                    stats.errors += 1
                    sent_at = None
                elif msg["type"] == "state":
                    stats.moves += msg["moves"] - moves_seen
                    moves_seen = msg["moves"]
                    latest = msg
                    if msg["over"]:
                        stats.finished += 1
                        break
                if sent_at is None and latest is not None and latest["legal"]:
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": rng.choice(latest["legal"]), "ply": latest["ply"]}))
                    latest = None


async def level(port: int, games: int, seconds: float) -> dict[str, float]:
    stats = Stats()
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as http:
        t0 = time.monotonic()
        gate = asyncio.Semaphore(20)  # many more requests at once only queue up inside the client

        async def make(i: int) -> tuple[str, str]:
            async with gate:
                return await new_game(http, 1000 + i)

        games_made = await asyncio.gather(*(make(i) for i in range(games)))
        created = time.monotonic() - t0
        start = time.monotonic()
        deadline = start + seconds
        await asyncio.gather(*(drive(port, http, g, 1000 + i, deadline, stats) for i, g in enumerate(games_made)))
        elapsed = time.monotonic() - start
    lat = sorted(stats.latencies)
    p = (lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000) if lat else (lambda q: float("nan"))
    return {
        "games": games,
        "created_per_s": round(games / created, 1),
        "seconds": round(elapsed, 1),
        "moves_per_s": round(stats.moves / elapsed, 1),
        "client_acts": len(lat),
        "p50_ms": round(p(0.50), 2),
        "p99_ms": round(p(0.99), 2),
        "mean_ms": round(statistics.fmean(lat) * 1000, 2) if lat else float("nan"),
        "errors": stats.errors,
        "games_finished": stats.finished,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default="10,100,1000", help="comma-separated numbers of concurrent games")
    ap.add_argument("--seconds", type=float, default=10.0, help="play time per level")
    ap.add_argument("--db", default=None, help="database URL (default: a throwaway SQLite file)")
    ap.add_argument("--port", type=int, default=None, help="use a server already running on 127.0.0.1:PORT (e.g. under a profiler)")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 8192)), hard))
    tmp = tempfile.mkdtemp(prefix="meeple-load-")
    db = args.db or os.path.join(tmp, "load.sqlite3")
    port = args.port or free_port()
    proc = None if args.port else start_server(db, port)
    try:
        print(
            f"{'games':>6} {'new/s':>7} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8} {'acts':>7} {'errors':>6} {'finished':>8}"
        )
        for n in (int(x) for x in args.levels.split(",")):
            r = asyncio.run(level(port, n, args.seconds))
            print(
                f"{r['games']:>6} {r['created_per_s']:>7} {r['moves_per_s']:>9} {r['p50_ms']:>8} {r['p99_ms']:>8} {r['mean_ms']:>8} {r['client_acts']:>7} {r['errors']:>6} {r['games_finished']:>8}",
                flush=True,
            )
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
