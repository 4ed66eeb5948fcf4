"""Bots think in worker processes, never in the server's event loop; the send queue drops only superseded views
(issue 19, item 7)."""

from __future__ import annotations

import asyncio
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
