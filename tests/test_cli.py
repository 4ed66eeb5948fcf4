"""The `meeple` command: games, terminal play with a human seat (scripted stdin), replay."""

import json

from typer.testing import CliRunner

from meeple import record
from meeple.cli import app

runner = CliRunner()


def test_games_lists_splendor():
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0 and "splendor" in out.output


def test_play_a_full_game_with_a_human_seat_by_numbers(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "splendor", "--players", "3", "--seats", "human,random,random", "--seed", "7", "--save", str(path)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.output and "winner" in result.output
    assert "seat 1 (random):" in result.output  # what opponents did is shown
    doc = record.read(path)
    assert doc["seats"] == ["human", "random", "random"] and doc["result"] is not None
    assert record.replay(doc).is_over


def test_play_rejects_bad_input_and_asks_again(tmp_path):
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        ["play", "splendor", "--seats", "human,random", "--seed", "1", "--save", str(path)],
        input="take xyz\n999\nreturn w\ntake wug\n",
    )
    assert "'xyz' is not a gem colour" in result.output
    assert "there is no move number 999" in result.output
    assert "not legal now" in result.output
    # Input ran out mid-game: the record so far is saved and replays.
    assert result.exit_code == 1 and "saved" in result.output
    doc = record.read(path)
    assert doc["history"].count("take wug") >= 1 and doc["result"] is None
    record.replay(doc)


def test_play_refuses_bad_setup():
    assert runner.invoke(app, ["play", "chess"]).exit_code == 2
    assert runner.invoke(app, ["play", "splendor", "--players", "5"]).exit_code == 2
    assert runner.invoke(app, ["play", "splendor", "--seats", "human,wizard"]).exit_code == 2
    bad_option = runner.invoke(app, ["play", "splendor", "-o", "payment=cheque"])
    assert bad_option.exit_code == 2 and "not one of" in bad_option.output


def test_play_accepts_options(tmp_path):
    path = tmp_path / "o.json"
    result = runner.invoke(
        app,
        ["play", "splendor", "--seats", "random,random", "--seed", "3", "-o", "payment=minimal_gold", "--save", str(path)],
    )
    assert result.exit_code == 0
    assert record.read(path)["options"]["payment"] == "minimal_gold"


def test_replay_prints_scores_and_fails_on_a_tampered_record(tmp_path):
    path = tmp_path / "r.json"
    runner.invoke(app, ["play", "splendor", "--seats", "random,random", "--seed", "5", "--save", str(path)])
    ok = runner.invoke(app, ["replay", str(path)])
    assert ok.exit_code == 0 and "winner" in ok.output
    doc = json.loads(path.read_text())
    step = next(i for i, e in enumerate(doc["history"]) if isinstance(e, str) and i > 30)
    doc["history"][step] = "noble 5"
    path.write_text(json.dumps(doc))
    bad = runner.invoke(app, ["replay", str(path)])
    assert bad.exit_code == 1 and f"step {step}" in bad.output
