"""A bounded fuzz run against a real server (uvicorn, as ``meeple serve`` runs it), issue 19 item 8: about 2,000
malformed REST requests and WebSocket messages across the three games. No 5xx, no socket dropped without a close
frame, no traceback in the log, and every game's state exactly as it was."""

from __future__ import annotations

import json
import logging
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from meeple.server import create_app
from meeple.server.limits import Limits

GAMES = ("splendor", "stoneage", "scythe")
CLOSE_CODES = {1000, 1003, 1007, 1008, 1009}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    import uvicorn

    app = create_app(db=str(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"), limits=Limits(creations_per_minute=0, min_clock=0.05))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # log_config=None: uvicorn's own loggers reach the test's log capture, so a traceback of theirs is seen too
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, ws_max_size=16 * 1024, ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    yield f"127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(10)


def junk_values(rng: random.Random, good: Any) -> Any:
    """A value of the wrong kind, size or range."""
    return rng.choice([None, True, -1, 99, 1.5, 10**19, "", "x" * 300, "0", [], [good], {}, {"a": good}, "\u202e\u0000", "😀" * 50])


def raw_junk(rng: random.Random) -> bytes:
    return rng.choice([
        b"[" * rng.randint(20, 5000), b"{" * 40, b'{"a": ' + b"7" * rng.randint(21, 6000) + b"}", b"NaN", b'{"x": -Infinity}',
        b'{"x": 1e400}', bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))), b'{"seat": 0, "token": "', b"", b"null",
        b"[]", b'"text"', b'{"seat": 0}' * 3, "{\"é\": \"\udcff\"}".encode("utf-8", "surrogatepass"),
    ])  # fmt: skip


def rest_case(rng: random.Random, games: dict[str, dict[str, Any]]) -> tuple[str, str, bytes, dict[str, str]]:
    """One malformed request: never a correct token with the right ply, so no case can change a game."""
    name = rng.choice(GAMES)
    g = games[name]
    gid = g["id"] if rng.random() > 0.05 else rng.choice(["nope", "../../etc/passwd", "x" * 300, "%00"])
    headers = {"content-type": rng.choice(["application/json"] * 8 + ["text/plain", "application/x-www-form-urlencoded", ""])}
    if rng.random() < 0.15:
        path = rng.choice([f"/api/games/{gid}/record", f"/api/games/{gid}/replay/{rng.choice(['-1', 'x', '9' * 40, '0'])}", f"/api/games/{gid}",
                           "/api/boards/" + rng.choice(["chess", "x" * 200, "splendor"]), "/api/i18n/" + rng.choice(["xx", "", "../en"])])  # fmt: skip
        return "GET", path, b"", {}
    endpoint = rng.choice(["", "view", "act", "act", "act", "undo", "join", "claim", "invite", "leave", "rematch"])
    path = "/api/games" if endpoint == "" else f"/api/games/{gid}/{endpoint}"
    if rng.random() < 0.3:
        return "POST", path, raw_junk(rng), headers
    seat = rng.randrange(2)
    body: dict[str, Any] = {"seat": seat, "token": "forged-" + str(rng.random()), "action": rng.choice(g["legal"]), "ply": g["ply"]}
    if endpoint in ("act", "undo") and rng.random() < 0.4:  # the real token, with a ply that is not the game's
        body.update(token=g["tokens"][str(seat)], ply=rng.choice([g["ply"] - 1, g["ply"] + 1, 0, 10**12, None]))
    if endpoint == "":
        body = {"game": rng.choice([name, "chess", 5]), "players": rng.choice([2, 9, "2", None]), "options": rng.choice([[], "x", {"a": [[]]}, 3]),
                "seats": rng.choice([["human"], ["human", "dragon"], "human", [1, 2]]), "seed": rng.choice([-1, "7", 2**64, 1.5])}  # fmt: skip
    for key in rng.sample(sorted(body), rng.randint(1, len(body))):
        if rng.random() < 0.5:
            body[key] = junk_values(rng, body[key])
    if body.get("token") == g["tokens"][str(seat)] and body.get("ply") == g["ply"]:
        body["ply"] = g["ply"] + 1  # a mutation must not make the request valid
    if endpoint == "claim":
        body["invite"] = junk_values(rng, "x")
    if endpoint == "invite":
        body["for"] = junk_values(rng, 1)
    return "POST", path, json.dumps(body).encode(), headers


def ws_message(rng: random.Random, g: dict[str, Any], seat: int | None) -> str:
    kind = rng.choice(["hello", "act", "act", "undo", "leave", "ping", "zap", None, 5])
    msg: dict[str, Any] = {"type": kind, "action": rng.choice(g["legal"] + ["fly", ""]), "ply": g["ply"] + rng.choice([-1, 1, 1000]),
                           "ref": rng.choice([1, "r", None])}  # fmt: skip
    if kind == "hello":
        msg.update(seat=rng.choice([0, 1, None, -1, "0"]), token="forged")
    if kind == "leave" and seat is not None:  # the real seat must not leave: make the message unreadable instead
        return '{"type": "leave", "ref": NaN}'
    for key in rng.sample(sorted(msg), rng.randint(0, 2)):
        msg[key] = junk_values(rng, msg[key])
    if msg.get("ply") == g["ply"]:
        msg["ply"] = g["ply"] + 1  # a mutation must not make the message valid
    text = json.dumps(msg)
    return rng.choice([text] * 6 + ["[" * 3000, text[: len(text) // 2], '{"type": "ping", "n": ' + "9" * 300 + "}", "x" * 5000, "null"])


def answer(ws: Any) -> dict[str, Any]:
    """The answer to the last message (views that others' comings and goings push are skipped)."""
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] != "state":
            return m


def test_two_thousand_malformed_messages_change_nothing_and_break_nothing(live_server, caplog) -> None:
    host, app = live_server
    caplog.set_level(logging.INFO)
    rng = random.Random(19)
    base = f"http://{host}"
    rooms = app.state.rooms
    games: dict[str, dict[str, Any]] = {}
    with httpx.Client(base_url=base, timeout=20) as http:
        for name in GAMES:
            r = http.post("/api/games", json={"game": name, "players": 2, "seats": ["human", "human"]})
            assert r.status_code == 201, r.text
            gid, tokens = r.json()["id"], r.json()["tokens"]
            seat = rooms.live[gid].state.current_player
            v = http.post(f"/api/games/{gid}/view", json={"seat": seat, "token": tokens[str(seat)]}).json()
            games[name] = {"id": gid, "tokens": tokens, "legal": v["legal"][:20], "ply": v["ply"]}
        before = {name: json.dumps(rooms.live[g["id"]].state.to_dict(), sort_keys=True) for name, g in games.items()}
        stored = {name: rooms.storage.load(g["id"]).history for name, g in games.items()}
        caplog.clear()

        statuses: dict[int, int] = {}
        started = time.monotonic()
        for _ in range(1400):
            method, path, raw, headers = rest_case(rng, games)
            r = http.request(method, path, content=raw or None, headers=headers)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            assert r.status_code < 500, (method, path, raw[:200], r.status_code, r.text[:300])
            assert r.status_code < 300 or (r.headers.get("content-type", "").startswith("application/json") and list(r.json()) == ["error"])

    sent = closes = 0
    while sent < 600:
        name = rng.choice(GAMES)
        g = games[name]
        with connect(f"ws://{host}/ws/games/{g['id']}", max_size=2**22, open_timeout=20) as ws:
            seat = rng.choice([0, 1, None])
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": None if seat is None else g["tokens"][str(seat)]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
            for _ in range(rng.randint(5, 40)):
                ws.send(ws_message(rng, g, seat))
                sent += 1
                m = answer(ws)
                assert m["type"] in ("error", "pong", "ack") and m.get("code") != "server", m
                assert m["type"] != "ack", m  # nothing malformed was played
            ending = rng.choice(["close", "binary", "utf8", "huge"])
            try:
                if ending == "binary":
                    ws.send(b"\x00\xff")
                elif ending == "utf8":
                    ws.send(b'{"type": "ping\xff"}', text=True)
                elif ending == "huge":
                    ws.send("x" * 20_000)
                sent += ending != "close"
                if ending != "close":
                    while True:
                        ws.recv(timeout=10)
            except ConnectionClosed:
                pass
            if ending != "close":
                closes += 1
                expected = {"binary": 1003, "utf8": 1007, "huge": 1009}[ending]
                assert ws.close_code == expected, (ending, ws.close_code, ws.close_reason)
    elapsed = time.monotonic() - started
    assert closes > 5 and sum(statuses.values()) == 1400 and set(statuses) <= set(range(200, 500))

    for name, g in games.items():  # nothing changed
        assert json.dumps(rooms.live[g["id"]].state.to_dict(), sort_keys=True) == before[name], name
        assert rooms.storage.load(g["id"]).history == stored[name], name
    tracebacks = [rec for rec in caplog.records if rec.exc_info or "Traceback" in rec.getMessage()]
    assert not tracebacks, tracebacks[0].getMessage()
    assert elapsed < 120, f"the fuzz run took {elapsed:.0f} s"
