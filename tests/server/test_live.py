"""WebSocket messages, concurrent actions, and restarts (issue 8: security, concurrency, persistence)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from meeple import record
from meeple.server import create_app
from meeple.server.storage import Conflict, Storage

from .helpers import client_for, create, rooms, wait_for


@pytest.fixture
def client(tmp_path: Path):
    with client_for(str(tmp_path / "games.sqlite3")) as c:
        yield c


def test_websocket_views_acks_and_errors_keep_secrets(client) -> None:
    """Every message type a seat or a spectator receives: no other seat's token, no hidden card, no chance entry."""
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=8)
    received: dict[str, list[dict]] = {"seat1": [], "spectator": []}
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}") as ws1,
        client.websocket_connect(f"/ws/games/{gid}") as spy,
    ):
        ws0.send_json({"type": "act", "action": "take wug"})
        assert ws0.receive_json()["message"].startswith("say hello first")
        ws0.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        first = ws0.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["legal"]
        ws1.send_json({"type": "hello", "seat": 1, "token": "forged"})
        denied = ws1.receive_json()
        assert denied["type"] == "error" and denied["code"] == "forbidden"
        received["seat1"].append(denied)
        ws1.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
        spy.send_json({"type": "hello", "seat": None})
        received["seat1"].append(ws1.receive_json())
        received["spectator"].append(spy.receive_json())
        ws0.send_json({"type": "act", "action": "reserve deck 3", "ply": first["ply"], "ref": 7})
        while (m := ws0.receive_json())["type"] != "ack":
            assert m["type"] == "state"
        assert m["ref"] == 7
        for ws, name in ((ws1, "seat1"), (spy, "spectator")):
            while True:
                m = ws.receive_json()
                received[name].append(m)
                if m["type"] == "state" and m["log"]:
                    break
        spy.send_json({"type": "act", "action": "take wug"})
        received["spectator"].append(spy.receive_json())
        ws1.send_json({"type": "act", "action": "buy 1.1"})
        received["seat1"].append(ws1.receive_json())
        ws1.send_json({"type": "ping"})
        received["seat1"].append(ws1.receive_json())
        ws1.send_json({"type": "act", "action": "x" * 5000})
        received["seat1"].append(ws1.receive_json())
        ws1.send_text("not json")
        received["seat1"].append(ws1.receive_json())
    kinds = {m["type"] for ms in received.values() for m in ms}
    assert kinds == {"state", "error", "pong"}
    live = rooms(client).live[gid]
    secret = live.state.observation(0)["players"][0]["reserved"][0]
    for name, messages in received.items():
        seat = 1 if name == "seat1" else None
        for m in messages:
            text = json.dumps(m)
            assert tokens[0] not in text and '"chance"' not in text
            assert f'"id": {secret["id"]},' not in text
            if m["type"] == "state":
                assert m["seat"] == seat
    last_state = [m for m in received["seat1"] if m["type"] == "state"][-1]
    assert last_state["observation"]["players"][0]["reserved"] == [{"tier": 3, "hidden": True}]
    errors = [m["message"] for m in received["seat1"] + received["spectator"] if m["type"] == "error"]
    assert any("spectators cannot act" in e for e in errors)
    assert any("over 4096 bytes" in e for e in errors)
    assert any("not JSON" in e for e in errors)


def test_two_actions_for_the_same_turn_exactly_one_is_accepted(tmp_path: Path) -> None:
    app = create_app(db=str(tmp_path / "race.sqlite3"))

    async def race() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            r = await c.post("/api/games", json={"game": "splendor", "players": 2, "seats": ["human", "human"]})
            gid, token, token1 = r.json()["id"], r.json()["tokens"]["0"], r.json()["tokens"]["1"]
            v = (await c.post(f"/api/games/{gid}/view", json={"seat": 0, "token": token})).json()
            statuses = []
            for with_ply in (True, False):  # two decisions at once: with the view's ply, then without any ply
                extra = {"ply": v["ply"]} if with_ply else {}
                bodies = [{"seat": 0, "token": token, "action": a, **extra} for a in ("take wug", "take urk")]
                replies = await asyncio.gather(*(c.post(f"/api/games/{gid}/act", json=b) for b in bodies))
                statuses.append(sorted(r.status_code for r in replies))
                if with_ply:
                    assert "already played" in next(r.json()["error"] for r in replies if r.status_code == 409)
                    # seat 1 plays so that it is seat 0's turn again for the second round
                    ply = (await c.post(f"/api/games/{gid}/view", json={"seat": 1, "token": token1})).json()["ply"]
                    await c.post(f"/api/games/{gid}/act", json={"seat": 1, "token": token1, "action": "reserve 1.1", "ply": ply})
                    v = (await c.post(f"/api/games/{gid}/view", json={"seat": 0, "token": token})).json()
            return [s for pair in statuses for s in pair]

    assert asyncio.run(race()) == [200, 409, 400, 400]  # without a ply nothing is played (issue 19: ply required)
    live = next(iter(app.state.rooms.live.values()))
    assert [e for e in live.stored.history if isinstance(e, str)][:1] in (["take wug"], ["take urk"])
    assert len([e for e in live.stored.history if isinstance(e, str)]) == 2


def test_two_servers_cannot_commit_the_same_position(tmp_path: Path) -> None:
    """The database itself refuses a second writer for a position (e.g. two processes on one file)."""
    db = str(tmp_path / "shared.sqlite3")
    with client_for(db) as c:
        gid, _ = create(c, players=2, seats=["human", "human"], seed=1)
        start = len(rooms(c).live[gid].stored.history)
    a, b = Storage(db), Storage(db)
    a.append(gid, start, ["take wug"], 0, False, None)
    with pytest.raises(Conflict):
        b.append(gid, start, ["take urk"], 0, False, None)
    assert a.load(gid).history[start:] == ["take wug"]
    a.close()
    b.close()


def test_bots_resume_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "restart.sqlite3")
    with client_for(db, bot_delay=0.02) as c:
        gid, _ = create(c, players=2, seats=["random", "random"], seed=12)
        live = rooms(c).live[gid]
        wait_for(lambda: live.ply > 40)
    stopped = Storage(db).load(gid)
    assert stopped is not None and not stopped.over
    with client_for(db) as c:
        live = rooms(c).live[gid]
        assert live.stored.history[: len(stopped.history)] == stopped.history
        wait_for(lambda: live.state.is_over)
        doc = c.get(f"/api/games/{gid}/record").json()
        assert record.replay(doc).result().to_dict() == doc["result"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")


def test_a_killed_server_resumes_every_game_where_it_was(tmp_path: Path) -> None:
    db = str(tmp_path / "crash.sqlite3")
    port = free_port()
    base = f"http://127.0.0.1:{port}/api"
    proc = start_server(db, port)
    try:
        r = httpx.post(f"{base}/games", json={"game": "splendor", "players": 2, "seats": ["human", "random"], "seed": 30})
        gid, token = r.json()["id"], r.json()["tokens"]["0"]
        for _ in range(5):
            v = httpx.post(f"{base}/games/{gid}/view", json={"seat": 0, "token": token}).json()
            acked = httpx.post(f"{base}/games/{gid}/act", json={"seat": 0, "token": token, "action": v["legal"][0], "ply": v["ply"]})
            assert acked.status_code == 200
            for _ in range(200):  # the bot answers
                v = httpx.post(f"{base}/games/{gid}/view", json={"seat": 0, "token": token}).json()
                if v["current_player"] == 0:
                    break
                time.sleep(0.01)
        before = httpx.post(f"{base}/games/{gid}/view", json={"seat": 0, "token": token}).json()
    finally:
        proc.kill()  # no shutdown: as after a crash
        proc.wait()
    proc = start_server(db, port)
    try:
        after = httpx.post(f"{base}/games/{gid}/view", json={"seat": 0, "token": token}).json()
        assert (after["ply"], after["observation"], after["log"]) == (before["ply"], before["observation"], before["log"])
        assert len([e for e in after["log"] if e["seat"] == 0]) >= 5
        r = httpx.post(f"{base}/games/{gid}/act", json={"seat": 0, "token": token, "action": after["legal"][0], "ply": after["ply"]})
        assert r.status_code == 200
    finally:
        proc.kill()
        proc.wait()


def test_a_finished_game_nobody_watches_is_rebuilt_from_storage(client) -> None:
    gid, _ = create(client, players=2, seats=["random", "random"], seed=5)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        while not (m := ws.receive_json())["over"]:
            pass
    wait_for(lambda: gid not in rooms(client).live)
    again = client.post(f"/api/games/{gid}/view", json={}).json()
    assert again["over"] and again["result"] == m["result"] and again["observation"] == m["observation"]


def test_a_bot_that_fails_is_replaced_by_random_moves(client, monkeypatch) -> None:
    from meeple.agents import Agent, base

    class Broken(Agent):
        name = "broken"

        def __init__(self, seed: int | None = None) -> None:
            pass

        def act(self, state):
            raise RuntimeError("out of ideas")

    monkeypatch.setitem(base._FACTORIES, "broken", Broken)
    gid, _ = create(client, players=2, seats=["broken", "random"], seed=3)
    live = rooms(client).live[gid]
    wait_for(lambda: live.state.is_over)
    assert 0 in live.stored.deciders


def test_an_engine_error_in_a_view_is_reported_not_a_dropped_connection(client, monkeypatch) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=2)
    state = rooms(client).live[gid].state

    def broken(self, seat):
        raise RuntimeError("observation exploded")

    monkeypatch.setattr(type(state), "observation", broken)  # restored after the test
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        m = ws.receive_json()
        # the exception's text could name a hidden card: the client is told the game cannot be shown, the log says why
        assert m["type"] == "error" and "cannot be shown" in m["message"] and "exploded" not in m["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_an_engine_error_over_rest_is_a_json_500(tmp_path: Path, monkeypatch) -> None:
    from fastapi.testclient import TestClient

    with TestClient(create_app(db=str(tmp_path / "e.sqlite3")), raise_server_exceptions=False) as c:
        gid, tokens = create(c, players=2, seats=["human", "human"], seed=2)
        state = rooms(c).live[gid].state

        def broken(self, seat):
            raise RuntimeError("observation exploded")

        monkeypatch.setattr(type(state), "observation", broken)
        r = c.post(f"/api/games/{gid}/view", json={"seat": 0, "token": tokens[0]})
        assert r.status_code == 500 and r.json()["error"].startswith("internal error") and "exploded" not in r.text
        assert c.get("/api/meta").status_code == 200  # the server goes on
