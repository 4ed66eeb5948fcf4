"""Records (docs/api.md, "Records"), notation, and bad input: clear errors and nothing changed."""

import copy
import json
from pathlib import Path

import pytest

from meeple import IllegalAction, RecordError, record
from meeple.games.scythe import actions as A
from meeple.games.scythe.data import LAKES
from meeple.games.scythe.game import GAME

from .helpers import new, texts, turn_of

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays_to_its_recorded_result(path):
    doc = record.read(path)
    state = record.replay(doc)
    assert state.is_over and state.result().to_dict() == doc["result"]
    assert state.history == doc["history"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays_from_the_seed_alone(path):
    doc = record.read(path)
    state = GAME.new_game(players=doc["players"], seed=doc["seed"], **doc["options"])
    for entry in doc["history"]:
        if isinstance(entry, str):
            state.apply(entry)
    assert state.history == doc["history"]


def test_a_tampered_record_fails_at_the_step_that_diverges():
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    i = next(k for k, e in enumerate(doc["history"]) if e == "end turn")
    doc["history"][i] = "section 9"
    with pytest.raises(RecordError) as err:
        record.replay(doc)
    assert err.value.step == i


def test_every_action_s_notation_reads_back_to_it():
    assert len({a.text for a in A.ACTIONS}) == A.NUM_ACTIONS
    for a in A.ACTIONS:
        assert A.read(a.text) is a
        assert GAME.action_table()[a.id] is a


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Section 2", "section 2"), ("s3", "section 3"), ("TO 3, 4", "to 3,4"), ("to 3 4", "to 3,4"), ("pick char", "pick character"),
        ("deploy speed 3,4", "deploy m4 3,4"), ("deploy riverwalk 1,1", "deploy m1 1,1"), ("deploy people's army 6,3", "deploy m3 6,3"),
        ("deploy township 6,3", "deploy m2 6,3"), ("pass", "end turn"), ("upgrade power > deploy", "upgrade power>deploy"),
        ("  put   FOOD 3,4 ", "put food 3,4"), ("skip", "no top"),
    ],
)  # fmt: skip
def test_notation_is_read_tolerantly(typed, canonical):
    assert A.read(typed).text == canonical


@pytest.mark.parametrize("bad", ["", "fly 3,4", "to 9,9", "section 7", "deploy m9 3,4", "build castle 3,4", "pay card 7"])
def test_unreadable_notation_is_refused_with_a_message(bad):
    with pytest.raises(IllegalAction, match=r"\S"):
        A.read(bad)


def test_illegal_and_forged_actions_change_nothing():
    s = new("nordic,polania")
    turn_of(s, 0)
    before = s.to_dict()
    for bad in ("end turn", "to 3,4", "this is not a move", "section 9"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    for forged in (-1, A.NUM_ACTIONS, "3", True, 2.5):
        with pytest.raises(IllegalAction):
            GAME.action_from_id(s, forged)
    with pytest.raises(IllegalAction):
        s.apply(12345)
    with pytest.raises(IllegalAction, match="section"):
        s.apply(A.END_TURN_ACTION)
    assert s.to_dict() == before and texts(s)


def _corrupt(d, key, value):
    d = copy.deepcopy(d)
    d[key] = value
    return d


def test_corrupted_state_dicts_are_refused_with_a_clear_error():
    s = new("nordic,polania")
    d = s.to_dict()
    assert GAME.from_dict(json.loads(json.dumps(d))).to_dict() == d
    pos = copy.deepcopy(d["pos"])
    pos[0][0] = d["pos"][1][0]  # Nordic's character on Polania's home base
    hand = copy.deepcopy(d["hand"])
    hand[0][3] += 1  # a card out of nowhere
    res = list(d["res"])
    res[4 * LAKES[0]] = 2  # resources on a lake
    for bad in (
        _corrupt(d, "pos", pos),
        _corrupt(d, "hand", hand),
        _corrupt(d, "res", res),
        _corrupt(d, "power", [17, 2]),
        _corrupt(d, "phase", "dancing"),
        _corrupt(d, "abil", [1, 0]),
        _corrupt(d, "faction", [0, 0]),
        _corrupt(d, "stars", [[1] * 9, [0] * 9]),
        {k: v for k, v in d.items() if k != "coins"},
        _corrupt(d, "game", "splendor"),
    ):
        with pytest.raises(ValueError):
            GAME.from_dict(bad)
