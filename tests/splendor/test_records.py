"""Game records (docs/api.md, "Records"): golden playthroughs replay exactly; tampered records fail at the right step."""

import copy
import json
from pathlib import Path

import pytest

from meeple import RecordError, record
from meeple.games.splendor.game import GAME

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays_to_its_recorded_result(path):
    doc = record.read(path)
    state = record.replay(doc)
    assert state.is_over
    assert state.result().to_dict() == doc["result"]
    assert state.history == doc["history"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays_from_the_seed_alone(path):
    """The same seed and actions give the same chance outcomes: the RNG stream has not changed."""
    doc = record.read(path)
    state = GAME.new_game(players=doc["players"], seed=doc["seed"], **doc["options"])
    for entry in doc["history"]:
        if isinstance(entry, str):
            state.apply(entry)
    assert state.history == doc["history"]


def test_replay_forces_chance_from_the_record_not_the_seed():
    doc = record.read(GOLDEN[0])
    doc = copy.deepcopy(doc)
    doc["seed"] += 1  # a different RNG stream: the record's chance outcomes still rule
    assert record.replay(doc).result().to_dict() == doc["result"]


def test_replay_upto_gives_intermediate_states():
    doc = record.read(GOLDEN[0])
    mid = record.replay(doc, upto=40)
    assert not mid.is_over and len(mid.history) >= 40 and mid.history == doc["history"][: len(mid.history)]
    assert all(isinstance(e, dict) for e in doc["history"][40 : len(mid.history)])


def _first_action_index(doc, after=30):
    return next(i for i, e in enumerate(doc["history"]) if isinstance(e, str) and i >= after)


def test_tampered_action_fails_with_step_and_reason():
    doc = copy.deepcopy(record.read(GOLDEN[1]))
    i = _first_action_index(doc)
    doc["history"][i] = "buy 3.4 gold:wwwww"
    with pytest.raises(RecordError) as e:
        record.replay(doc)
    assert e.value.step == i and "cannot be played" in str(e.value)


def test_tampered_chance_outcome_fails():
    doc = copy.deepcopy(record.read(GOLDEN[1]))
    i = next(i for i, e in enumerate(doc["history"]) if isinstance(e, dict) and i > 20)
    doc["history"][i] = {"chance": "deal", "value": 999}
    with pytest.raises(RecordError) as e:
        record.replay(doc)
    assert e.value.step is not None and "not possible" in str(e.value)


def test_tampered_result_fails():
    doc = copy.deepcopy(record.read(GOLDEN[2]))
    doc["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match="result"):
        record.replay(doc)


def test_truncated_record_of_a_finished_game_fails():
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    doc["history"] = doc["history"][:-3]
    with pytest.raises(RecordError):
        record.replay(doc)


def test_extra_entry_after_the_end_fails():
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    doc["history"].append("take wug")
    with pytest.raises(RecordError) as e:
        record.replay(doc)
    assert e.value.step == len(doc["history"]) - 1


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(game="go"),
        lambda d: d.update(players="two"),
        lambda d: d.pop("history"),
        lambda d: d["history"].append(3),
        lambda d: d.update(options={"colour": 1}),
        lambda d: d.update(version="99"),
        lambda d: d.update(players=9),
    ],
)
def test_malformed_records_are_refused(mutate):
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    mutate(doc)
    with pytest.raises(RecordError):
        record.replay(doc)


def test_read_refuses_non_json_and_missing_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        record.read(bad)
    with pytest.raises(RecordError, match="cannot read"):
        record.read(tmp_path / "missing.json")


def test_write_then_read_round_trips_and_is_atomic(tmp_path):
    s = GAME.new_game(players=2, seed=4)
    s.apply("take wug")
    path = record.write(record.make(s, seats=["human", "random"]), tmp_path / "sub" / "g.json")
    doc = record.read(path)
    assert doc["seats"] == ["human", "random"] and doc["result"] is None
    assert record.replay(doc).to_dict() == s.to_dict()
    assert [p.name for p in path.parent.iterdir()] == ["g.json"]  # no temporary file left behind
    json.loads(path.read_text())


def test_a_record_saved_before_a_detail_was_added_still_replays():
    """A finished game stored by an earlier version lacks later result details (the score breakdown): it replays."""
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    for later in ("breakdown", "tiebreak"):
        doc["result"]["details"].pop(later, None)
    assert record.replay(doc).is_over


def test_a_tampered_detail_or_winner_still_fails():
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    first = next(iter(doc["result"]["details"]))
    doc["result"]["details"][first] = "forged"
    with pytest.raises(RecordError, match="result"):
        record.replay(doc)
    doc = copy.deepcopy(record.read(GOLDEN[0]))
    doc["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="result"):
        record.replay(doc)
