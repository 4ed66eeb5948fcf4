"""Notation (docs/rules/splendor.md) and bad input: clear errors, nothing changed (docs/architecture.md, "Tests")."""

import copy
import json
import random

import pytest

from meeple import IllegalAction
from meeple.games.splendor import actions as A
from meeple.games.splendor.game import GAME


def test_every_action_text_is_unique_and_reads_back():
    assert len({a.text for a in A.ACTIONS}) == A.NUM_ACTIONS == GAME.num_actions
    for a in A.ACTIONS:
        assert A.read(a.text) is a
        assert GAME.action_table()[a.id] is a


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parse_of_str_is_identity_for_every_legal_action_of_random_games(players):
    rng = random.Random(3)
    for g in range(30):
        s = GAME.new_game(players=players, seed=g)
        while not s.is_over:
            for a in s.legal_actions():
                assert GAME.parse_action(s, str(a)) == a
                assert GAME.action_from_id(s, a.id) == a
            s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("take g w u", "take wug"),
        ("TAKE  white, blue, green", "take wug"),
        ("take diamond sapphire emerald", "take wug"),
        ("take ruby ruby", "take rr"),
        ("reserve d2", "reserve deck 2"),
        ("reserve deck2", "reserve deck 2"),
        ("reserve 2.deck", "reserve deck 2"),
        ("buy 1.2 gold: r w", "buy 1.2 gold:wr"),
        ("buy 1.2 gold wr", "buy 1.2 gold:wr"),
        ("return onyx", "return k"),
        ("return joker", "return gold"),
        ("Pass", "pass"),
    ],
)
def test_notation_tolerates_spacing_case_order_and_colour_names(typed, canonical):
    assert A.read(typed).text == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "take",
        "take xyz",
        "take gold gold",
        "reserve 4.1",
        "reserve 1.5",
        "buy 0.1",
        "buy r4",
        "noble 6",
        "return",
        "hello",
        "buy 1.1 gold:q",
    ],
)
def test_bad_notation_is_refused_with_a_clear_message_and_nothing_changes(text):
    s = GAME.new_game(players=2, seed=1)
    before = s.to_dict()
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    assert str(e.value)
    assert s.to_dict() == before


def test_an_action_not_legal_now_says_why_and_changes_nothing():
    s = GAME.new_game(players=2, seed=1)
    before = s.to_dict()
    for text in ("buy 3.1", "return w", "noble 1", "pass", "buy r1"):
        with pytest.raises(IllegalAction, match="not legal now"):
            s.apply(text)
    assert s.to_dict() == before


def test_forged_ids_are_refused():
    s = GAME.new_game(players=2, seed=1)
    before = s.to_dict()
    for bad in (-1, GAME.num_actions, 10**9, "3", 2.0, True, None):
        with pytest.raises(IllegalAction):
            GAME.action_from_id(s, bad)
    illegal = A.BY_TEXT["return w"]
    with pytest.raises(IllegalAction):
        GAME.action_from_id(s, illegal.id)
    with pytest.raises(IllegalAction):
        s.apply(illegal)
    with pytest.raises(IllegalAction):
        s.apply(42)  # type: ignore[arg-type]
    assert s.to_dict() == before


def test_no_action_is_accepted_once_the_game_is_over():
    s = GAME.new_game(players=2, seed=3)
    rng = random.Random(0)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    with pytest.raises(IllegalAction, match="over"):
        s.apply("take wug")


def test_legal_action_mask_matches_legal_actions():
    s = GAME.new_game(players=3, seed=8)
    mask = s.legal_action_mask()
    assert mask.shape == (GAME.num_actions,) and mask.dtype.name == "int8"
    assert sorted(int(i) for i in mask.nonzero()[0]) == sorted(a.id for a in s.legal_actions())


def _corruptions(d):
    yield "players", lambda x: x.update(players=7)
    yield "game", lambda x: x.update(game="chess")
    yield "supply", lambda x: x["supply"].__setitem__(0, x["supply"][0] + 1)
    yield "tokens", lambda x: x["tokens"][0].__setitem__(5, -1)
    yield "display dup", lambda x: x["display"].__setitem__(1, x["display"][0])
    yield "points", lambda x: x["points"].__setitem__(0, 9)
    yield "phase", lambda x: x.update(phase="dance")
    yield "turn", lambda x: x.update(turn=5)
    yield "deck type", lambda x: x["decks"].__setitem__(0, "abc")
    yield "missing key", lambda x: x.pop("bonuses")
    yield "option", lambda x: x["options"].update(take_fewer="sometimes")
    yield "rng", lambda x: x.update(rng=-5)
    yield "history", lambda x: x["history"].append(17)
    yield "bool as int", lambda x: x.update(turn=True)
    yield "version", lambda x: x.update(version="0")


@pytest.mark.parametrize("name", [name for name, _ in _corruptions({})])
def test_corrupted_state_dicts_are_refused_with_a_clear_message(name):
    s = GAME.new_game(players=2, seed=5)
    s.apply("take wug")
    d = s.to_dict()
    bad = copy.deepcopy(d)
    dict(_corruptions(d))[name](bad)
    with pytest.raises(ValueError) as e:
        GAME.from_dict(bad)
    assert str(e.value)
    assert s.to_dict() == d
    json.dumps(d)


def test_options_are_checked():
    with pytest.raises(ValueError, match="no option"):
        GAME.new_game(players=2, seed=1, colour="red")
    with pytest.raises(ValueError, match="not one of"):
        GAME.new_game(players=2, seed=1, payment="cheque")
    with pytest.raises(ValueError):
        GAME.observation if False else GAME.new_game(players=2, seed=1).observation(2)
