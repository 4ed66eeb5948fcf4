"""Golden playthroughs (docs/architecture.md, "Tests"), notation round trips and bad input."""

import copy
import json
from pathlib import Path

import pytest

from meeple import IllegalAction, RecordError, record
from meeple.games.stoneage import actions as A
from meeple.games.stoneage.game import GAME

from .helpers import new, texts

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_records_replay_to_the_same_result(path):
    doc = record.read(path)
    state = record.replay(doc)
    assert state.is_over and state.result().to_dict() == doc["result"]
    assert state.options == {**GAME.options, **doc["options"]}
    assert len(GOLDEN) == 4


def test_the_house_rules_golden_record_holds_the_effective_seed001_options():
    """Issue 9: a preset game's record names every option it turned on, so a replay is exact without the preset."""
    from meeple.games.stoneage.game import SEED001

    doc = record.read(next(p for p in GOLDEN if p.stem == "stoneage-3p-seed404"))
    assert doc["options"]["house_rules"] == "seed001" and {k: doc["options"][k] for k in SEED001} == SEED001
    plain = {**doc, "options": {**doc["options"], "house_rules": "none"}}
    assert record.replay(plain).result().to_dict() == doc["result"]


def test_a_tampered_dice_roll_in_a_record_fails_loudly():
    doc = record.read(GOLDEN[0])
    bad = copy.deepcopy(doc)
    i = next(i for i, e in enumerate(bad["history"]) if isinstance(e, dict) and e["chance"] == "roll")
    bad["history"][i]["value"] = 99
    with pytest.raises(RecordError):
        record.replay(bad)
    bad = copy.deepcopy(doc)
    i = next(i for i, e in enumerate(bad["history"]) if isinstance(e, str) and e.startswith("place"))
    bad["history"][i] = "place building 4"
    with pytest.raises(RecordError):
        record.replay(bad)


def test_every_action_notation_reads_back_to_itself_and_ids_are_stable():
    assert GAME.num_actions == len(A.ACTIONS) == 424
    for i, a in enumerate(A.ACTIONS):
        assert a.id == i and A.read(a.text) is a
    assert A.read("place hunt 1").id == 0 and A.read("cash gg").id == GAME.num_actions - 1


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Place Hunting 3", "place hunt 3"),
        ("place clay pit 2", "place clay 2"),
        ("place tool maker", "place toolmaker"),
        ("place hut 2", "place hut"),
        ("place slot 3", "place card 3"),
        ("place stack 2", "place building 2"),
        ("use  River", "use river"),
        ("pay 2w c", "pay wwc"),
        ("pay gold wood", "pay wg"),
        ("buy stone, stone", "pay ss"),
        ("stop", "done"),
        ("feed stone", "feed s"),
        ("-10", "starve"),
        ("cash gw", "cash wg"),
    ],
)
def test_tolerant_notation(typed, canonical):
    assert str(A.read(typed)) == canonical


@pytest.mark.parametrize(
    "bad", ["", "   ", "place", "place moon 2", "place hut 3", "place field 2", "pay", "pay f", "pay 9x", "die x", "tool", "jump"]
)
def test_malformed_notation_is_rejected_with_a_message(bad):
    with pytest.raises(IllegalAction) as e:
        A.read(bad)
    assert str(e.value)


def test_illegal_actions_forged_ids_and_wrong_types_change_nothing():
    s = new(4, seed=31)
    before = s.to_dict()
    for bad in ("use hunt", "pay w", "done", "die 3", "feed w", "starve", "cash ww", "place hunt 6", "place building 4x"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    for bad_id in (-1, GAME.num_actions, A.read("done").id, True, "3", 2.0):
        with pytest.raises(IllegalAction):
            GAME.action_from_id(s, bad_id)
    with pytest.raises(IllegalAction):
        s.apply(42)  # type: ignore[arg-type]
    assert s.to_dict() == before
    assert GAME.action_from_id(s, 0) is A.ACTIONS[0] and "place hunt 1" in texts(s)


def test_two_player_state_rejects_the_missing_stacks():
    s = new(2, seed=32)
    with pytest.raises(IllegalAction):
        s.apply("place building 3")


def corrupt(d, key, value):
    d = json.loads(json.dumps(d))
    d[key] = value
    return d


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("people", [5, 5, 5, 11]),
        ("people", [5, 5, 5]),
        ("agriculture", [0, 0, 0, 11]),
        ("resources", [[0, 0, 0, -1], [0] * 4, [0] * 4, [0] * 4]),
        ("tools", [[4, 1], [], [], []]),
        ("deck", []),
        ("display", [0, 0, 1, 2]),
        ("tile_pool", []),
        ("stack_below", [7, 6, 6, 6]),
        ("phase", "lunch"),
        ("phase", "feed"),
        ("phase", "pay"),
        ("turn", 4),
        ("two_resources", [1, 0, 0, 0]),
        ("one_use_tools", [[3], [], [], []]),
        ("extra_cards", [[0], [], [], []]),
        ("rng", -5),
        ("history", [{"nope": 1}]),
        ("game", "splendor"),
    ],
)
def test_corrupted_state_dicts_are_rejected(key, value):
    s = new(4, seed=33)
    with pytest.raises(ValueError):
        GAME.from_dict(corrupt(s.to_dict(), key, value))


def test_state_dict_round_trips_mid_game():
    s = new(3, seed=34)
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    d = s.to_dict()
    t = GAME.from_dict(d)
    assert t.to_dict() == d and texts(t) == texts(s)
