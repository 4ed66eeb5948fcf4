"""The REST API: creating, joining, acting, bad input, tokens, undo, clocks, records and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple import record
from meeple.core import games as game_names

from .helpers import act, client_for, create, rooms, undo, view, wait_for


@pytest.fixture
def client(tmp_path: Path):
    with client_for(str(tmp_path / "games.sqlite3")) as c:
        yield c


def test_meta_offers_every_game_and_the_bots(client) -> None:
    meta = client.get("/api/meta").json()
    assert [g["name"] for g in meta["games"]] == game_names()
    assert "random" in meta["agents"]
    assert meta["languages"] == ["en", "vi", "fa"]
    stoneage = next(g for g in meta["games"] if g["name"] == "stoneage")
    # The form locks the options a preset turns on: it needs to know them.
    assert stoneage["option_presets"]["house_rules"]['"seed001"']["placement"] == "one_at_a_time"


def test_the_ui_is_served(client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="app.js">' in page.text
    for path in ("/app.js", "/api.js", "/i18n.js", "/dom.js", "/style.css", "/views/index.js", "/views/splendor.js", "/views/generic.js"):
        assert client.get(path).status_code == 200, path


def test_create_view_and_act(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=11)
    assert set(tokens) == {0, 1}
    v0 = view(client, gid, 0, tokens[0])
    v1 = view(client, gid, 1, tokens[1])
    state = rooms(client).live[gid].state
    assert v0["observation"] == state.observation(0)
    assert v0["legal"] == [str(a) for a in state.legal_actions()]
    assert v1["legal"] == []  # not seat 1's turn
    r = act(client, gid, 0, tokens[0], "take w u g", v0["ply"])  # tolerant notation is accepted
    assert r.status_code == 200, r.text
    after = view(client, gid, 1, tokens[1])
    assert after["ply"] == r.json()["ply"]
    assert after["current_player"] == 1 and after["legal"]
    assert after["log"] == [{"seat": 0, "action": "take wug"}]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"game": "chess"}, "no game called"),
        ({"game": "splendor", "players": 9}, "2-4 players"),
        ({"game": "splendor", "players": 2, "seats": ["human", "dragon"]}, "neither human nor a bot"),
        ({"game": "splendor", "players": 2, "seats": ["human"]}, "must list 2"),
        ({"game": "splendor", "options": {"colour": "pink"}}, "no option"),
        ({"game": "splendor", "seed": -1}, "seed"),
        ({"game": "splendor", "clock": 0}, "clock"),
    ],
)
def test_bad_new_game_requests_are_refused_clearly(client, spec, message) -> None:
    before = len(client.get("/api/games").json())
    r = client.post("/api/games", json=spec)
    assert r.status_code == 400 and message in r.json()["error"]
    assert len(client.get("/api/games").json()) == before


def test_malformed_bodies_and_oversized_requests(client) -> None:
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/games", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    r = client.post("/api/games", content=b"x" * 20000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.post("/api/games/nope/act", json={}).status_code == 404


def test_bad_actions_change_nothing(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=3)
    state = rooms(client).live[gid].state
    snapshot = json.dumps(state.to_dict(), sort_keys=True)
    ply = view(client, gid, 0, tokens[0])["ply"]
    cases = [
        (act(client, gid, 0, tokens[0], "fly to the moon", ply), 400, "cannot read"),
        (act(client, gid, 0, tokens[0], "buy 3.1", ply), 400, "not legal"),
        (act(client, gid, 0, tokens[0], "", ply), 400, "non-empty"),
        (act(client, gid, 0, tokens[1], "take wug", ply), 403, "not the token"),
        (act(client, gid, 0, "guess", "take wug", ply), 403, "not the token"),
        (act(client, gid, 1, tokens[1], "take wug", ply), 409, "not seat 1's turn"),
        (act(client, gid, 0, tokens[0], "take wug", ply - 1), 409, "already played"),
        (act(client, gid, 5, tokens[0], "take wug", ply), 400, "seat must be"),
        (client.post(f"/api/games/{gid}/act", json={"seat": 0, "token": tokens[0], "action": ["take"]}), 400, "notation string"),
        (client.post(f"/api/games/{gid}/act", json={"seat": 0, "token": tokens[0], "action": "pass", "ply": "x"}), 400, "ply"),
    ]
    for response, status, message in cases:
        assert response.status_code == status, response.text
        assert message in response.json()["error"]
    assert rooms(client).live[gid].state is state
    assert json.dumps(state.to_dict(), sort_keys=True) == snapshot
    assert view(client, gid, 0, tokens[0])["ply"] == ply


def test_seat_tokens_never_reach_other_seats_or_spectators(client) -> None:
    gid, tokens = create(client, players=3, seats=["human", "human", "human"], seed=5, open=True)
    act(client, gid, 0, tokens[0], "take wug")
    pages = {
        "lobby": client.get("/api/games").text,
        "summary": client.get(f"/api/games/{gid}").text,
        "spectator": json.dumps(view(client, gid)),
        1: json.dumps(view(client, gid, 1, tokens[1])),
        2: json.dumps(view(client, gid, 2, tokens[2])),
    }
    stored = rooms(client).live[gid].stored
    for where, text in pages.items():
        for seat, token in tokens.items():
            if seat != where:
                assert token not in text, f"seat {seat}'s token is in the {where} page"
        for seat_info in stored.seats:  # not even the stored hashes
            assert seat_info["token"] not in text


def test_hidden_cards_stay_hidden_from_other_seats(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=8)
    assert act(client, gid, 0, tokens[0], "reserve deck 3").status_code == 200
    state = rooms(client).live[gid].state
    hidden = state.observation(0)["players"][0]["reserved"][0]
    assert hidden.get("blind") is True
    for seat, token in ((1, tokens[1]), (None, None)):
        v = view(client, gid, seat, token)
        assert v["observation"] == state.observation(seat)
        assert v["observation"]["players"][0]["reserved"] == [{"tier": 3, "hidden": True}]
        text = json.dumps(v)
        assert '"chance"' not in text
        assert f'"id": {hidden["id"]},' not in text  # the reserved card is named nowhere in the view
    mine = view(client, gid, 0, tokens[0])
    assert mine["observation"]["players"][0]["reserved"][0]["id"] == hidden["id"]


def test_views_equal_the_engines_observation_through_a_whole_game(client) -> None:
    """Every step of a game between two API players: each view is exactly observation(seat) plus public facts."""
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=21)
    live = rooms(client).live[gid]
    allowed = {"type", "id", "game", "title", "players", "options", "seat", "ply", "moves", "seats", "current_player", "over",
               "observation", "legal", "log", "events", "since", "result", "clock", "remaining", "timeouts", "can_undo",
               "seeded", "seed", "abandoned", "rematch"}  # fmt: skip
    steps = 0
    while not live.state.is_over and steps < 400:
        for seat in (0, 1, None):
            v = view(client, gid, seat, None if seat is None else tokens[seat])
            assert set(v) == allowed
            assert v["observation"] == live.state.observation(seat)
            assert all(set(e) == {"seat", "action"} and isinstance(e["action"], str) for e in v["log"])
            assert '"chance"' not in json.dumps(v)
        seat = live.state.current_player
        legal = view(client, gid, seat, tokens[seat])["legal"]
        choice = next((a for a in legal if a.startswith("buy")), None) or next((a for a in legal if a.startswith("reserve deck")), legal[0])
        assert act(client, gid, seat, tokens[seat], choice).status_code == 200
        steps += 1
    assert steps > 10


def test_open_games_can_be_joined_once_per_seat(client) -> None:
    gid, _ = create(client, players=2, seats=["human", "human"], open=True)
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "name": "Lan"})
    assert r.status_code == 200
    token = r.json()["token"]
    assert view(client, gid, 1, token)["seats"][1]["name"] == "Lan"
    assert client.post(f"/api/games/{gid}/join", json={"seat": 1}).status_code == 409
    private, _ = create(client, players=2, seats=["human", "human"])
    assert client.post(f"/api/games/{private}/join", json={"seat": 1}).status_code == 403


def test_undo_only_takes_back_a_decision_that_kept_the_turn(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=2)
    live = rooms(client).live[gid]
    # a reserve reveals the card that refills the display: it can never be undone
    assert act(client, gid, 0, tokens[0], "reserve 1.1").status_code == 200
    assert undo(client, gid, 0, tokens[0]).status_code == 409
    undone = False
    for _ in range(12):
        seat = live.state.current_player
        v = view(client, gid, seat, tokens[seat])
        take = max((a for a in v["legal"] if a.startswith("take ")), key=len)
        assert act(client, gid, seat, tokens[seat], take).status_code == 200
        if live.state.current_player != seat:  # the turn passed: nothing to undo
            assert undo(client, gid, seat, tokens[seat]).status_code == 409
            continue
        # over 10 tokens: the same seat must now return some, and may take the take back
        before = record.replay(live.stored.record(), live.ply - 1)
        assert view(client, gid, seat, tokens[seat])["can_undo"] is True
        r = undo(client, gid, seat, tokens[seat])
        assert r.status_code == 200, r.text
        assert live.state.to_dict() == before.to_dict()
        assert len(live.stored.history) == len(before.history)
        assert rooms(client).storage.load(gid).history == before.history  # no row of the undone take is left
        undone = True
        break
    assert undone


def test_a_game_against_bots_finishes_and_keeps_its_record(client) -> None:
    gid, tokens = create(client, players=3, seats=["random", "random", "random"], seed=4)
    assert tokens == {}
    live = rooms(client).live[gid]
    wait_for(lambda: live.state.is_over)
    doc = client.get(f"/api/games/{gid}/record").json()
    assert record.replay(doc).result().to_dict() == doc["result"] == view(client, gid)["result"]
    steps = sum(isinstance(e, str) for e in doc["history"])
    first = client.get(f"/api/games/{gid}/replay/0").json()
    assert first["steps"] == steps and first["action"] is None
    one = client.get(f"/api/games/{gid}/replay/1").json()
    assert one["action"] == next(e for e in doc["history"] if isinstance(e, str)) and one["seat"] == 0
    last = client.get(f"/api/games/{gid}/replay/{steps}").json()
    assert last["result"] == doc["result"] and last["observation"] == live.state.observation(None)
    assert client.get(f"/api/games/{gid}/replay/{steps + 1}").status_code == 400


def test_records_and_replays_stay_closed_while_a_game_runs(client) -> None:
    gid, _ = create(client, players=2, seats=["human", "human"])
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/replay/0").status_code == 403


def test_a_bot_takes_over_a_seat_that_leaves(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "random"], seed=6)
    r = client.post(f"/api/games/{gid}/leave", json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 200
    live = rooms(client).live[gid]
    wait_for(lambda: live.state.is_over)
    assert live.stored.seats[0]["kind"] == "bot"
    assert act(client, gid, 0, tokens[0], "pass").status_code == 403  # the old token is void


def test_a_seat_whose_clock_runs_out_is_played_by_a_bot(client) -> None:
    gid, tokens = create(client, players=2, seats=["human", "random"], seed=9, clock=0.2)
    live = rooms(client).live[gid]
    start = live.ply
    wait_for(lambda: live.timeouts.get(0, 0) >= 1 and live.ply > start)
    assert any(seat == 0 for seat in live.stored.deciders)
    assert view(client, gid, 0, tokens[0])["timeouts"]["0"] >= 1


@pytest.mark.parametrize("name", game_names())
def test_every_game_can_be_created_and_played_through_the_api(client, name) -> None:
    from meeple.core import load

    game = load(name)
    gid, tokens = create(client, game=name, players=game.min_players, seats=["human"] * game.min_players, seed=1)
    live = rooms(client).live[gid]
    for _ in range(3):
        seat = live.state.current_player
        v = view(client, gid, seat, tokens[seat])
        assert v["legal"] and v["observation"] == live.state.observation(seat)
        assert act(client, gid, seat, tokens[seat], v["legal"][0], v["ply"]).status_code == 200


def test_a_body_without_length_is_cut_at_the_limit(client) -> None:
    def chunks():
        for _ in range(40):
            yield b"x" * 1024

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over" in r.json()["error"]


def test_board_data_is_served_only_for_games_that_publish_it(client, monkeypatch) -> None:
    from meeple.core import games, load

    bare = next(name for name in games() if not callable(getattr(load(name), "board_data", None)))
    r = client.get(f"/api/boards/{bare}")
    assert r.status_code == 404 and "publishes no board data" in r.json()["error"]
    assert client.get("/api/boards/chess").status_code == 404
    monkeypatch.setattr(load(bare), "board_data", lambda: {"hexes": [{"id": "0,0", "col": 0, "row": 0}]}, raising=False)
    assert client.get(f"/api/boards/{bare}").json() == {"hexes": [{"id": "0,0", "col": 0, "row": 0}]}


def test_a_game_can_mask_action_notations_in_other_seats_logs(client, monkeypatch) -> None:
    from meeple.core import load

    monkeypatch.setattr(load("splendor"), "public_action_text", lambda text, seat, viewer: "a secret choice", raising=False)
    gid, tokens = create(client, players=2, seats=["human", "human"], seed=4)
    assert act(client, gid, 0, tokens[0], "take wug").status_code == 200
    assert view(client, gid, 0, tokens[0])["log"] == [{"seat": 0, "action": "take wug"}]
    assert view(client, gid, 1, tokens[1])["log"] == [{"seat": 0, "action": "a secret choice"}]
    assert "take wug" not in json.dumps(view(client, gid))


def test_undo_is_refused_when_the_decision_depended_on_a_secret(client, monkeypatch) -> None:
    """In worlds the seat cannot tell apart the same decision must look the same; here they are made to differ."""
    from meeple.core import load

    gid, tokens = create(client, players=2, seats=["human", "human"], seed=2)
    live = rooms(client).live[gid]
    assert act(client, gid, 0, tokens[0], "reserve 1.1").status_code == 200
    for _ in range(12):
        seat = live.state.current_player
        take = max((a for a in view(client, gid, seat, tokens[seat])["legal"] if a.startswith("take ")), key=len)
        assert act(client, gid, seat, tokens[seat], take).status_code == 200
        if live.state.current_player == seat:
            break
    assert view(client, gid, seat, tokens[seat])["can_undo"] is True
    other = load("splendor").new_game(players=2, seed=999)
    monkeypatch.setattr(type(live.state), "determinize", lambda self, s, seed: other.clone())
    r = undo(client, gid, seat, tokens[seat])
    assert r.status_code == 409 and "showed you something" in r.json()["error"]
    assert live.state.current_player == seat and live.state.history[-1] == take


def test_scythe_publishes_its_printed_board(client) -> None:
    board = client.get("/api/boards/scythe").json()
    terrains = {h.get("terrain") for h in board["hexes"] if h["kind"] == "territory"}
    assert {"mountain", "forest", "farm", "tundra", "village", "lake"} <= terrains
    assert board["rivers"] and board["lakes"] and board["tunnels"]
    assert all("id" in h and "col" in h and "row" in h for h in board["hexes"])
