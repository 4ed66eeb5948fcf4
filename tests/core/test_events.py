"""The event contract (meeple.core.events): the default describe and how events are written out."""

from __future__ import annotations

import json

import meeple
from meeple import i18n
from meeple.core.events import Event, counts, term


def test_the_default_describe_names_the_action_and_who_played_it() -> None:
    game = meeple.load("splendor")
    before = game.new_game(players=2, seed=3)
    action = before.legal_actions()[0]
    after = before.clone()
    after.apply(action)
    events = meeple.core.game.Game.describe(game, before, action, after, viewer=None)
    assert [e.to_dict() for e in events] == [{"kind": "action", "seat": 0, "params": {"action": str(action)}, "marks": []}]
    json.dumps([e.to_dict() for e in events])


def test_event_text_fills_terms_counts_lists_and_seats() -> None:
    event = Event("action", 1, {"action": {"list": [term("gold"), counts({"white": 2, "blue": 0})]}})
    assert i18n.event_text(event, "en", names=["Ann", "Bo"]) == f"Bo: {i18n.term('gold')}, 2 {i18n.term('white')}"


def test_an_event_without_a_message_is_still_readable() -> None:
    assert i18n.event_text({"kind": "nobody.knows", "seat": None, "params": {"n": 3}}) == "nobody.knows n=3"


def test_a_key_in_two_catalogue_files_is_refused(tmp_path, monkeypatch) -> None:
    for name, body in {"en.json": {"a": "1"}, "en.extra.json": {"a": "2"}}.items():
        (tmp_path / name).write_text(json.dumps(body), encoding="utf-8")
    monkeypatch.setattr(i18n, "files", lambda _pkg: tmp_path)
    i18n.catalogue.cache_clear()
    try:
        import pytest

        with pytest.raises(ValueError, match="repeats keys"):
            i18n.catalogue("en")
    finally:
        i18n.catalogue.cache_clear()


def test_persian_lists_use_the_arabic_comma() -> None:
    event = Event("action", 0, {"action": {"counts": {"white": 2, "blue": 1}}})
    assert "، " in i18n.event_text(event, "fa", names=["A"]) and "، " not in i18n.event_text(event, "en", names=["A"])
