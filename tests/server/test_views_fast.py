"""The views a connection sends are cheap to build (issue 19, item 9: 1,000 games at a human pace): each seat's
view is built once per change for all its subscribers, sent as JSON text whose events were encoded once per
decision, and the narration keeps those events as text. None of this may change what a seat is told."""

from __future__ import annotations

import gc
import json
import random
from pathlib import Path
from typing import Any

import pytest

from meeple.server import narration
from meeple.server import rooms as rooms_module
from meeple.server.outbox import Outbox, encode

from .helpers import act, client_for, create, rooms


@pytest.fixture
def client(tmp_path: Path):
    with client_for(str(tmp_path / "games.sqlite3")) as c:
        yield c


def play(client: Any, game: str, players: int, decisions: int) -> tuple[str, Any]:
    gid, tokens = create(client, game=game, players=players, seats=["human"] * players, seed=11)
    live = rooms(client).live[gid]
    rng = random.Random(3)
    for _ in range(decisions):
        if live.state.is_over:
            break
        seat = live.state.current_player
        legal = [str(a) for a in live.state.legal_actions()]
        assert act(client, gid, seat, tokens[seat], rng.choice(legal), live.ply).status_code == 200
    return gid, live


@pytest.mark.parametrize(("game", "players"), [("splendor", 3), ("stoneage", 2), ("scythe", 2)])
def test_the_sent_text_is_exactly_the_seats_view(client, game: str, players: int) -> None:
    _, live = play(client, game, players, 40)
    r = rooms(client)
    for seat in [*range(players), None]:
        sent = r.view_text(live, seat)
        assert isinstance(sent, str)
        assert json.loads(sent) == json.loads(json.dumps(r.view(live, seat)))
    # what one seat is sent differs from another's where their observations differ (hidden hands, plans)
    assert json.loads(r.view_text(live, 0))["observation"] == live.state.observation(0)


def test_a_seats_view_is_built_once_for_all_its_subscribers(client, monkeypatch) -> None:
    _, live = play(client, "splendor", 2, 6)
    r = rooms(client)
    built: list[int | None] = []
    real = rooms_module.seat_view_json

    def counting(live: Any, seat: int | None, **kw: Any) -> str:
        built.append(seat)
        return real(live, seat, **kw)

    monkeypatch.setattr(rooms_module, "seat_view_json", counting)
    got: dict[int, list[Any]] = {}
    subs = []
    for k, seat in enumerate([0, 0, 1, None, None, 0]):
        subs.append(r.subscribe(live, seat, lambda m, k=k: got.setdefault(k, []).append(m)))
    built.clear()
    r.broadcast(live)
    texts = {k: pushed[-1]() for k, pushed in got.items()}
    assert sorted(built, key=str) == [0, 1, None]  # once per seat, not once per subscriber
    for k, seat in enumerate([0, 0, 1, None, None, 0]):
        assert json.loads(texts[k])["seat"] == seat
    assert texts[0] is texts[1] is texts[5]
    for sub in subs:
        r.unsubscribe(live, sub)


def test_the_narration_keeps_its_events_as_text(client) -> None:
    gid, live = play(client, "stoneage", 2, 30)
    told = narration.told_for(gid, live.stored.record(), live.stored.deciders)
    assert told
    for t in told:
        for viewer in (0, 1, None):
            assert isinstance(t.events[viewer], str) and not gc.is_tracked(t.events[viewer])
            assert json.loads(t.entry_json(viewer)) == t.entry(viewer)


def test_a_view_built_as_text_is_sent_as_it_is() -> None:
    box = Outbox()
    box.push(lambda: '{"type":"state","ply":3}')
    box.push({"type": "ack", "ply": 3, "ref": None})
    assert [encode(box.take()), encode(box.take())] == ['{"type":"state","ply":3}', '{"type":"ack","ply":3,"ref":null}']  # type: ignore[arg-type]


def test_the_server_hands_the_interpreter_to_its_commit_thread_quickly(client) -> None:
    import sys

    from meeple.server.app import SWITCH_INTERVAL

    assert sys.getswitchinterval() <= SWITCH_INTERVAL < 0.005  # the default 5 ms made each group commit wait
