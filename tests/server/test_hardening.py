"""The server as an attacker or a careless client meets it (issue 19): seeds, malformed input, seats, ply,
cross-site requests and limits; and the clock each seat is shown (issue 16)."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from meeple.server import rooms as rooms_module
from meeple.server.limits import Limits, RateLimit

from .helpers import TEST_LIMITS, act, client_for, create, rooms, view, wait_for


@pytest.fixture
def client(tmp_path: Path):
    with client_for(str(tmp_path / "games.sqlite3")) as c:
        yield c


def post_raw(client, path: str, raw: bytes, kind: str = "application/json"):
    return client.post(path, content=raw, headers={"content-type": kind})


# -- 1. seeds -------------------------------------------------------------------------------------


def test_the_server_draws_a_63_bit_seed_from_the_cryptographic_source_and_shows_it_only_at_the_end(client, monkeypatch) -> None:
    drawn: list[int] = []
    real = rooms_module.secrets.randbits

    def spy(bits: int) -> int:
        drawn.append(bits)
        return real(bits)

    monkeypatch.setattr(rooms_module.secrets, "randbits", spy)
    gid, tokens = create(client, players=2, seats=["human", "random"], clock=0.05)
    assert drawn == [63]
    seed = rooms(client).live[gid].stored.seed
    pages = [client.get("/api/games").text, client.get(f"/api/games/{gid}").text, json.dumps(view(client, gid, 0, tokens[0])),
             json.dumps(view(client, gid))]  # fmt: skip
    for page in pages:
        assert str(seed) not in page
    assert view(client, gid)["seeded"] is False and view(client, gid)["seed"] is None
    wait_for(lambda: rooms(client).live[gid].state.is_over, 60)
    assert view(client, gid, 0, tokens[0])["seed"] == seed  # the game is over: its seed (and record) are public
    assert client.get(f"/api/games/{gid}/record").json()["seed"] == seed


def test_a_chosen_seed_with_several_humans_needs_the_seeded_mark_that_everyone_sees(client) -> None:
    spec = {"game": "splendor", "players": 2, "seats": ["human", "human"], "seed": 7}
    r = client.post("/api/games", json=spec)
    assert r.status_code == 400 and "seeded" in r.json()["error"] and "foresee" in r.json()["error"]
    assert client.get("/api/games").json() == []
    r = client.post("/api/games", json={**spec, "seeded": True})
    assert r.status_code == 201
    gid, tokens = r.json()["id"], r.json()["tokens"]
    lobby = client.get("/api/games").json()[0]
    assert lobby["seeded"] is True and lobby["seed"] == 7
    for seat in (0, 1):
        v = view(client, gid, seat, tokens[str(seat)])
        assert v["seeded"] is True and v["seed"] == 7
    # one human against bots may choose a seed (only that player could use it); it is marked all the same
    r = client.post("/api/games", json={"game": "splendor", "players": 2, "seats": ["human", "random"], "seed": 7})
    assert r.status_code == 201 and client.get(f"/api/games/{r.json()['id']}").json()["seeded"] is True
    assert client.post("/api/games", json={"game": "splendor", "seeded": True}).status_code == 400
    assert client.post("/api/games", json={"game": "splendor", "seed": 2**63}).status_code == 400


# -- 2. malformed input -----------------------------------------------------------------------------


MALFORMED = [
    (b"[" * 3000, 400, "nested"),
    (b'{"game": "splendor", "seed": ' + b"9" * 5000 + b"}", 400, "digits"),
    (b'{"game": "stoneage", "options": [1, 2]}', 400, "options must be"),
    (b'{"game": "stoneage", "options": {"placement": [1]}}', 400, "stoneage"),
    (b'{"game": "splendor", "clock": NaN}', 400, "NaN"),
    (b'{"game": "splendor", "clock": Infinity}', 400, "Infinity"),
    (b'{"game": "splendor", "clock": 1e999}', 400, "out of range"),
    (b'{"game": "spl\xff"}', 400, "UTF-8"),
    (b'{"game": {"a": 1}}', 400, "no game"),
    (b'{"game": "splendor", "players": "2"}', 400, "players"),
    (b'{"game": "splendor", "players": 2, "seats": [1, 2]}', 400, "seats must list"),
    (b'{"game": "splendor", "players": 2, "seats": ["human", "mcts:seconds=9999"]}', 400, "at most"),
    (b'{"game": "splendor", "open": "yes"}', 400, "open must be"),
    (b'"splendor"', 400, "JSON object"),
    (b"{", 400, "not JSON"),
]


@pytest.mark.parametrize(("raw", "status", "message"), MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_a_malformed_new_game_gets_a_clear_4xx_one_log_line_and_changes_nothing(client, caplog, raw, status, message) -> None:
    caplog.set_level(logging.INFO, logger="meeple.server")
    caplog.clear()
    r = post_raw(client, "/api/games", raw)
    assert r.status_code == status, r.text
    assert list(r.json()) == ["error"] and message in r.json()["error"], r.text
    assert client.get("/api/games").json() == []
    refused = [rec for rec in caplog.records if rec.name == "meeple.server"]
    assert len(refused) == 1 and refused[0].exc_info is None and "refused" in refused[0].getMessage()


def test_every_refusal_has_one_shape_and_no_route_answers_a_500(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"])
    replies = [
        client.get("/api/nowhere"),
        client.get(f"/api/games/{gid}/replay/abc"),
        client.get(f"/api/games/{gid}/replay/" + "9" * 5000),
        client.delete(f"/api/games/{gid}"),
        client.post(f"/api/games/{gid}/act", json={"seat": [0], "token": tokens[0]}),
        client.post(f"/api/games/{gid}/act", json={"seat": 0, "token": {"x": 1}, "action": "take wug", "ply": 0}),
        client.post(f"/api/games/{gid}/act", json={"seat": 0, "token": tokens[0], "action": "take wug", "ply": 10**19}),
        client.post(f"/api/games/{gid}/join", json={"seat": None}),
        client.post(f"/api/games/{gid}/claim", json={"seat": 1, "invite": ["x"]}),
        client.post(f"/api/games/{gid}/view", json={"seat": 0, "token": None}),
        client.get("/api/boards/" + "x" * 500),
        client.get("/api/i18n/xx"),
    ]
    for r in replies:
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code, r.text)
        assert list(r.json()) == ["error"] and isinstance(r.json()["error"], str) and len(r.json()["error"]) < 400


def test_websocket_frames_that_cannot_be_read_get_an_error_or_a_close_frame(client) -> None:
    gid, _ = create(client, players=2, seats=["human", "human"])
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        for raw, message in (("[" * 3000, "nested"), ('{"type": "ping", "ref": NaN}', "NaN"), ('{"type": "x", "n": ' + "1" * 100 + "}", "digits"),
                             ('{"type": "ping", "ref": {"deep": [1]}}', "ref must be")):  # fmt: skip
            ws.send_text(raw)
            m = ws.receive_json()
            assert m["type"] == "error" and message in m["message"], m
        ws.send_text('{"type": "ping", "ref": 5}')
        assert ws.receive_json() == {"type": "pong", "ref": 5}  # the socket is still there
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003


# -- 3. seats ------------------------------------------------------------------------------------------


def test_a_stranger_cannot_take_the_creators_seat_or_a_seat_not_offered(client) -> None:
    r = client.post("/api/games", json={"game": "splendor", "players": 3, "seats": ["human", "human", "human"], "open": [2]})
    assert r.status_code == 201
    gid, tokens, invites = r.json()["id"], r.json()["tokens"], r.json()["invites"]
    assert r.json()["seat"] == 0 and set(invites) == {"1", "2"}
    assert client.post(f"/api/games/{gid}/join", json={"seat": 0}).status_code == 403
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 403  # invited, not open
    lobby = client.get(f"/api/games/{gid}").json()["seats"]
    assert [s["open"] for s in lobby] == [False, False, True] and lobby[0]["joined"] is True
    joined = client.post(f"/api/games/{gid}/join", json={"seat": 2, "name": "Lan"})
    assert joined.status_code == 200
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 409
    assert view(client, gid, 0, tokens["0"])["seat"] == 0  # the creator's token still works
    assert client.post(f"/api/games/{gid}/view", json={"seat": 2, "token": tokens["2"]}).status_code == 403  # replaced by the joiner's
    assert view(client, gid, 2, joined.json()["token"])["seats"][2]["name"] == "Lan"
    r = client.post("/api/games", json={"game": "splendor", "players": 2, "seats": ["human", "human"], "open": [0]})
    assert r.status_code == 400 and "creator" in r.json()["error"]


def test_an_invitation_claims_its_seat_once_and_the_creator_can_issue_a_new_one(client) -> None:
    r = client.post("/api/games", json={"game": "splendor", "players": 3, "seats": ["human", "human", "human"]})
    gid, tokens, invites = r.json()["id"], r.json()["tokens"], r.json()["invites"]
    assert client.post(f"/api/games/{gid}/view", json={"seat": 1, "token": invites["1"]}).status_code == 403  # not a seat token
    first = client.post(f"/api/games/{gid}/claim", json={"seat": 1, "invite": invites["1"], "name": "Minh"})
    assert first.status_code == 200
    again = client.post(f"/api/games/{gid}/claim", json={"seat": 1, "invite": invites["1"]})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    assert view(client, gid, 1, first.json()["token"])["seats"][1]["name"] == "Minh"
    # a new link for seat 2: the old one stops working, the new one works once; a claimed seat gets none
    wrong = client.post(f"/api/games/{gid}/invite", json={"seat": 1, "token": first.json()["token"], "for": 2})
    assert wrong.status_code == 403 and "creator" in wrong.json()["error"]
    fresh = client.post(f"/api/games/{gid}/invite", json={"seat": 0, "token": tokens["0"], "for": 2})
    assert fresh.status_code == 200 and fresh.json()["invite"] != invites["2"]
    assert client.post(f"/api/games/{gid}/claim", json={"seat": 2, "invite": invites["2"]}).status_code == 403
    assert client.post(f"/api/games/{gid}/claim", json={"seat": 2, "invite": fresh.json()["invite"]}).status_code == 200
    assert client.post(f"/api/games/{gid}/invite", json={"seat": 0, "token": tokens["0"], "for": 2}).status_code == 409
    assert client.post(f"/api/games/{gid}/invite", json={"seat": 0, "token": tokens["0"], "for": 0}).status_code == 400


# -- 4. ply ------------------------------------------------------------------------------------------


def test_an_action_without_its_ply_is_refused_and_a_repeated_one_is_already_played(client) -> None:
    gid, tokens = create(client, game="scythe", players=2, seats=["human", "human"])
    live = rooms(client).live[gid]
    seat = live.state.current_player
    v = view(client, gid, seat, tokens[seat])
    body = {"seat": seat, "token": tokens[seat], "action": v["legal"][0]}
    r = client.post(f"/api/games/{gid}/act", json=body)
    assert r.status_code == 400 and "ply is required" in r.json()["error"]
    assert live.ply == v["ply"]
    assert client.post(f"/api/games/{gid}/act", json={**body, "ply": v["ply"]}).status_code == 200
    assert live.state.current_player == seat  # a Scythe section keeps the turn: a double click would count twice
    again = client.post(f"/api/games/{gid}/act", json={**body, "ply": v["ply"]})
    assert again.status_code == 409 and "already played" in again.json()["error"]
    assert sum(isinstance(e, str) for e in live.stored.history) == 1


# -- 5. cross-site ----------------------------------------------------------------------------------------


def test_a_cross_site_page_can_neither_create_games_nor_open_a_socket(tmp_path: Path) -> None:
    limits = Limits(creations_per_minute=0, allowed_origins=("https://play.example",))
    with client_for(str(tmp_path / "x.sqlite3"), limits=limits) as client:
        r = post_raw(client, "/api/games", b'{"game": "splendor"}', "text/plain")
        assert r.status_code == 415 and "application/json" in r.json()["error"]
        r = post_raw(client, "/api/games", b"game=splendor", "application/x-www-form-urlencoded")
        assert r.status_code == 415
        assert client.get("/api/games").json() == []
        gid, _ = create(client, players=2, seats=["human", "human"])
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(f"/ws/games/{gid}", headers={"origin": "https://evil.example"}) as ws:
            ws.receive_json()
        assert refused.value.code == 1008
        for origin in ("http://testserver", "https://play.example"):  # its own origin, and the allow-list
            with client.websocket_connect(f"/ws/games/{gid}", headers={"origin": origin}) as ws:
                ws.send_json({"type": "hello", "seat": None})
                assert ws.receive_json()["type"] == "state"


# -- 6. limits ---------------------------------------------------------------------------------------------


def test_game_creation_is_limited_per_address_per_minute(tmp_path: Path) -> None:
    with client_for(str(tmp_path / "x.sqlite3"), limits=Limits(creations_per_minute=3)) as client:
        for _ in range(3):
            create(client)
        r = client.post("/api/games", json={"game": "splendor"})
        assert r.status_code == 429 and "3 new games a minute" in r.json()["error"]
        assert len(client.get("/api/games").json()) == 3
    now = [0.0]
    limit = RateLimit(2, clock=lambda: now[0])
    limit.check("a")
    limit.check("a")
    limit.check("b")  # another address has its own count
    with pytest.raises(rooms_module.TooMany):
        limit.check("a")
    now[0] = 60.5
    limit.check("a")  # a minute later


def test_a_clock_below_the_minimum_is_refused(tmp_path: Path) -> None:
    with client_for(str(tmp_path / "x.sqlite3"), limits=Limits(min_clock=5)) as client:
        r = client.post("/api/games", json={"game": "splendor", "clock": 0.001})
        assert r.status_code == 400 and "at least 5" in r.json()["error"]
        assert client.post("/api/games", json={"game": "splendor", "clock": 5}).status_code == 201


def test_an_abandoned_game_stops_keeps_its_record_and_does_not_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "x.sqlite3")
    limits = Limits(creations_per_minute=0, expire_after=3600)
    with client_for(db, limits=limits) as client:
        gid, tokens = create(client, players=2, seats=["human", "human"])
        assert act(client, gid, 0, tokens[0], "take wug").status_code == 200
        assert client.portal.call(rooms(client).expire, time.time() + 1800) == []  # not idle long enough
        expired = client.portal.call(rooms(client).expire, time.time() + 3601)
        assert gid in expired
        v = view(client, gid, 0, tokens[0])
        assert v["abandoned"] is True and v["legal"] == [] and v["over"] is False
        r = act(client, gid, 1, tokens[1], "take urk")
        assert r.status_code == 409 and "abandoned" in r.json()["error"]
        doc = client.get(f"/api/games/{gid}/record").json()
        assert doc["history"].count("take wug") == 1
        assert client.get(f"/api/games/{gid}").json()["abandoned"] is True
    with client_for(db, limits=limits) as client:
        assert gid not in rooms(client).live  # not resumed
        assert view(client, gid)["abandoned"] is True


def test_live_games_in_memory_are_capped_and_the_rest_served_from_storage(tmp_path: Path) -> None:
    limits = Limits(creations_per_minute=0, max_live=3)
    with client_for(str(tmp_path / "x.sqlite3"), limits=limits) as client:
        made = [create(client, players=2, seats=["human", "human"]) for _ in range(5)]
        assert len(rooms(client).live) <= 3
        first, tokens = made[0]
        assert first not in rooms(client).live
        assert act(client, first, 0, tokens[0], "take wug").status_code == 200  # rebuilt from storage on demand
        assert view(client, first, 1, tokens[1])["log"] == [{"seat": 0, "action": "take wug"}]
        sockets = []
        try:
            for gid, _ in made[:3]:  # three games with a viewer each: none of them may be dropped
                ws = client.websocket_connect(f"/ws/games/{gid}").__enter__()
                ws.send_json({"type": "hello", "seat": None})
                ws.receive_json()
                sockets.append(ws)
            r = client.post("/api/games", json={"game": "splendor"})
            assert r.status_code == 503 and "limit of 3 games" in r.json()["error"]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


# -- issue 16: the clock each seat is shown ---------------------------------------------------------------


def next_state(ws, check) -> dict:
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and check(m):
            return m


def test_the_next_human_sees_their_own_full_clock_not_the_previous_players_rest(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], clock=3)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
        start = next_state(ws, lambda m: True)
        assert start["current_player"] == 0 and start["remaining"] is not None
        time.sleep(1.0)  # seat 0 thinks for a second of its three
        assert act(client, gid, 0, tokens[0], "take wug", start["ply"]).status_code == 200
        mine = next_state(ws, lambda m: m["current_player"] == 1)
        assert mine["remaining"] > 2.7, mine["remaining"]  # before the fix: about 2, seat 0's remaining seconds


def test_after_a_bots_move_the_human_sees_a_running_clock(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "random"], clock=5)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        start = next_state(ws, lambda m: m["current_player"] == 0)
        assert act(client, gid, 0, tokens[0], "take wug", start["ply"]).status_code == 200
        back = next_state(ws, lambda m: m["current_player"] == 0 and m["ply"] > start["ply"] + 1)
        assert back["remaining"] is not None and back["remaining"] > 4  # before the fix: None (no clock shown)


# -- issue 16: the rematch -----------------------------------------------------------------------------------


def finished_game(client, seats: list[str]) -> tuple[str, dict]:
    """A game the clock plays to its end (every human move times out at once)."""
    r = client.post("/api/games", json={"game": "splendor", "players": len(seats), "seats": seats, "names": ["Ana", "Bo", "Chi"][: len(seats)],
                                         "clock": TEST_LIMITS.min_clock})  # fmt: skip
    assert r.status_code == 201
    gid = r.json()["id"]
    wait_for(lambda: rooms(client).live[gid].state.is_over, 120)
    return gid, r.json()["tokens"]


def test_a_rematch_has_the_same_seats_names_and_options_a_fresh_seed_and_each_seat_claims_its_own(client) -> None:
    gid, tokens = finished_game(client, ["human", "random", "human"])
    old = rooms(client).live[gid].stored
    r = client.post(f"/api/games/{gid}/rematch", json={"seat": 2, "token": tokens["2"]})
    assert r.status_code == 200, r.text
    new_id, token2 = r.json()["id"], r.json()["token"]
    assert r.json()["seat"] == 2 and token2
    new = rooms(client).live[new_id].stored
    assert [(s["kind"], s["agent"], s["name"]) for s in new.seats] == [(s["kind"], s["agent"], s["name"]) for s in old.seats]
    assert new.options == old.options and new.clock == old.clock and new.seed != old.seed and not new.seeded
    assert view(client, gid)["rematch"] == new_id and client.get(f"/api/games/{gid}").json()["rematch"] == new_id
    assert view(client, new_id, 2, token2)["seat"] == 2
    # the same call again returns the same game (the caller's seat is claimed already: no new token)
    again = client.post(f"/api/games/{gid}/rematch", json={"seat": 2, "token": tokens["2"]}).json()
    assert again == {"id": new_id, "seat": 2, "token": None}
    # seat 0 claims its seat with its old token, once; a wrong token claims nothing
    assert client.post(f"/api/games/{new_id}/claim", json={"seat": 0, "previous_token": tokens["2"]}).status_code == 403
    claimed = client.post(f"/api/games/{new_id}/claim", json={"seat": 0, "previous_token": tokens["0"]})
    assert claimed.status_code == 200 and view(client, new_id, 0, claimed.json()["token"])["seat"] == 0
    assert client.post(f"/api/games/{new_id}/claim", json={"seat": 0, "previous_token": tokens["0"]}).status_code == 409
    assert client.post(f"/api/games/{new_id}/view", json={"seat": 0, "token": tokens["0"]}).status_code == 403  # old tokens stay old
    assert len([g for g in client.get("/api/games").json() if g["id"] not in (gid, new_id)]) == 0


def test_the_other_seat_asking_for_the_rematch_gets_the_same_game_and_its_token(client) -> None:
    gid, tokens = finished_game(client, ["human", "human"])
    first = client.post(f"/api/games/{gid}/rematch", json={"seat": 0, "token": tokens["0"]}).json()
    second = client.post(f"/api/games/{gid}/rematch", json={"seat": 1, "token": tokens["1"]}).json()
    assert second["id"] == first["id"] and second["seat"] == 1 and second["token"]
    assert view(client, first["id"], 1, second["token"])["seats"][1]["joined"] is True
    assert client.post(f"/api/games/{gid}/rematch", json={"seat": 1, "token": "forged"}).status_code == 403


def test_a_running_game_has_no_rematch(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"])
    r = client.post(f"/api/games/{gid}/rematch", json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 409 and "finished" in r.json()["error"]


def test_a_database_of_an_earlier_release_gains_the_new_columns(tmp_path: Path) -> None:
    import sqlite3

    from meeple.server.storage import Storage

    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as conn:  # the games table as the first release made it
        conn.execute(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), version VARCHAR(32), players INTEGER, seed VARCHAR(32),"
            " options TEXT, seats TEXT, open BOOLEAN, clock FLOAT, over BOOLEAN, result TEXT, created FLOAT, updated FLOAT)"
        )
        conn.execute("INSERT INTO games VALUES ('g1', 'splendor', '1', 2, '5', '{}', '[]', 0, NULL, 0, NULL, 1.0, 1.0)")
    storage = Storage(str(db))
    try:
        old = storage.load("g1")
        assert old is not None and (old.seeded, old.abandoned, old.rematch) == (False, False, None)
        assert storage.set_rematch("g1", "g2") == "g2" and storage.set_rematch("g1", "g3") == "g2"  # the first one stays
    finally:
        storage.close()
