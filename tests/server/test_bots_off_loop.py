"""Bots think in worker processes, never in the server's event loop; the send queue drops only superseded views
(issue 19, item 7)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

import pytest

from meeple.server.outbox import Outbox, Overflow

from .helpers import client_for, create, rooms, view, wait_for


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def worker_pids(client) -> list[int]:
    return [pid for pool in rooms(client).bots._pools if pool is not None for pid in pool._processes]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads CPU times from /proc")
def test_a_searching_bot_thinks_in_a_worker_while_another_game_is_acknowledged(tmp_path: Path) -> None:
    with client_for(str(tmp_path / "bots.sqlite3")) as client:
        searching, _ = create(client, players=2, seats=["mcts:seconds=3", "human"])
        a = rooms(client).live[searching]
        start = a.ply  # the deal's chance entries
        wait_for(lambda: bool(worker_pids(client)), 60)  # the first searching bot starts the worker
        gid, tokens = create(client, players=2, seats=["human", "human"])
        acks = 0
        while a.ply == start and acks < 20:  # the other game plays on while the bot searches
            seat = rooms(client).live[gid].state.current_player
            v = view(client, gid, seat, tokens[seat])
            r = client.post(f"/api/games/{gid}/act", json={"seat": seat, "token": tokens[seat], "action": v["legal"][0], "ply": v["ply"]})
            assert r.status_code == 200, r.text
            acks += 1
        assert acks == 20 and a.ply == start  # twenty acknowledgements before the bot's first move
        wait_for(lambda: a.ply > start, 60)
        assert 0 in a.stored.deciders
        pid = worker_pids(client)[0]
        assert pid != os.getpid() and cpu_seconds(pid) > 0.5  # the search ran there


def test_a_worker_that_dies_costs_one_random_move_and_the_next_decision_gets_a_new_worker(tmp_path: Path) -> None:
    with client_for(str(tmp_path / "bots.sqlite3")) as client:
        gid, _ = create(client, players=2, seats=["mcts:seconds=2", "mcts:iterations=20"])
        live = rooms(client).live[gid]
        wait_for(lambda: bool(worker_pids(client)), 60)
        killed = worker_pids(client)[0]
        os.kill(killed, signal.SIGKILL)
        wait_for(lambda: live.ply >= 4 and any(pid != killed for pid in worker_pids(client)), 90)  # the game goes on


def test_the_outbox_replaces_unsent_views_and_keeps_every_answer_in_order() -> None:
    box = Outbox(limit=10)
    box.push({"type": "state", "ply": 1})
    box.push({"type": "ack", "ply": 1, "ref": 1})
    box.push({"type": "state", "ply": 2})
    box.push({"type": "error", "message": "no", "ref": 2})
    box.push({"type": "state", "ply": 3})
    box.push({"type": "pong", "ref": 3})
    sent = []
    while (m := box.take()) is not None:
        sent.append(m)
    assert sent == [{"type": "ack", "ply": 1, "ref": 1}, {"type": "error", "message": "no", "ref": 2}, {"type": "state", "ply": 3},
                    {"type": "pong", "ref": 3}]  # fmt: skip


def test_an_outbox_with_too_many_unread_answers_closes_rather_than_drops() -> None:
    async def flood() -> None:
        box = Outbox(limit=3)
        for i in range(4):
            box.push({"type": "pong", "ref": i})
        with pytest.raises(Overflow):
            await box.next()

    asyncio.run(flood())


def test_a_slow_reader_gets_every_answer_and_the_newest_view(tmp_path: Path) -> None:
    with client_for(str(tmp_path / "q.sqlite3")) as client:
        gid, tokens = create(client, players=2, seats=["human", "human"])
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
            for i in range(40):
                ws.send_json({"type": "ping", "ref": i})
            for seat, action in ((0, "take wug"), (1, "take urk")):
                v = view(client, gid, seat, tokens[seat])
                assert client.post(f"/api/games/{gid}/act", json={"seat": seat, "token": tokens[seat], "action": action, "ply": v["ply"]}).status_code == 200
            ws.send_json({"type": "ping", "ref": "last"})
            pongs, views = [], []
            while not pongs or pongs[-1] != "last":
                m = ws.receive_json()
                (pongs if m["type"] == "pong" else views).append(m["ref"] if m["type"] == "pong" else m["ply"])
            assert pongs == [*range(40), "last"]
            assert views and views[-1] == rooms(client).live[gid].ply


def test_a_connection_that_is_behind_builds_only_the_newest_view() -> None:
    built: list[int] = []

    def view(ply: int):
        def build() -> dict:
            built.append(ply)
            return {"type": "state", "ply": ply}

        return build

    box = Outbox()
    for ply in (1, 2, 3):
        box.push(view(ply))
    box.push({"type": "ack", "ply": 3, "ref": None})
    assert box.take() == {"type": "state", "ply": 3} and box.take()["type"] == "ack" and box.take() is None
    assert built == [3]  # the views of plies 1 and 2 were never built


KILLED_SERVER = """
import asyncio, os, sys
from meeple.core import load
from meeple.server.bots import Bots

async def main():
    bots = Bots(1)
    state = load("splendor").new_game(players=2, seed=3)
    await bots.decide("g", 0, "random", 1, state)  # starts the worker
    print(*bots._pools[0]._processes, flush=True)
    bots._pools[0].submit(sum, range(10**9))  # the worker busy, as with a long search
    await asyncio.sleep(0.5)
    os._exit(0)  # the server dies without closing anything, as under kill -9

if __name__ == "__main__":  # the worker is spawned: it imports this file again
    asyncio.run(main())
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="looks for the worker in /proc")
def test_a_worker_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    script = tmp_path / "server.py"
    script.write_text(KILLED_SERVER)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True).stdout
    pid = int(out.split()[0])
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.1)
    alive = Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "the bot worker outlived its server"
