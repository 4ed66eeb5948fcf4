"""The `meeple` command: games, terminal play with a human seat (scripted stdin), replay."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
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
    assert "Game over" in result.output and "winner" in result.output
    assert "Seat 2 (random)" in result.output  # what opponents did is shown, by the seat's number as players count
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
    assert "There is no move number 999" in result.output
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


# -- tournament and serve: extras named before any work, files where a user expects them ------------------------------

TOURNAMENT = ["tournament", "splendor", "--seats", "random,random", "--games", "1", "--seed", "3"]


def test_tournament_report_without_matplotlib_names_the_sim_extra_before_playing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the 'sim' extra were not installed
    out = tmp_path / "r.jsonl"
    result = runner.invoke(app, [*TOURNAMENT, "--out", str(out), "--report", str(tmp_path / "rep"), "-q"])
    assert result.exit_code == 2
    assert "pip install 'meeple[sim]'" in result.output and "matplotlib" in result.output
    assert not out.exists() and not (tmp_path / "rep").exists()  # nothing was played or written


def test_tournament_on_ray_without_ray_names_the_ray_extra_before_playing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    out = tmp_path / "r.jsonl"
    result = runner.invoke(app, [*TOURNAMENT, "--out", str(out), "--backend", "ray", "-q"])
    assert result.exit_code == 2 and "pip install 'meeple[ray]'" in result.output and not out.exists()


def test_tournament_prints_where_its_results_go_before_playing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, TOURNAMENT)
    assert result.exit_code == 0, result.output
    said = result.output.index("Results go to tournament-splendor-seed3.jsonl")
    assert said < result.output.index("win")  # announced before the summary
    assert (tmp_path / "tournament-splendor-seed3.jsonl").exists()


def test_serve_without_the_server_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "fastapi", None)
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2 and "pip install 'meeple[server]'" in result.output and "fastapi" in result.output


def test_serve_keeps_its_database_in_the_per_user_data_folder_and_says_where(tmp_path, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn", reason="the server extra: pip install 'meeple[server]'")
    data, here = tmp_path / "data", tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv("MEEPLE_DATA", str(data))
    served = []
    monkeypatch.setattr(uvicorn, "run", lambda application, **kw: served.append(kw))
    result = runner.invoke(app, ["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert served and served[0]["port"] == 8123
    assert str(data / "meeple.sqlite3") in result.output.replace("\n", "")
    assert (data / "meeple.sqlite3").exists() and not list(here.iterdir())  # nothing in the current folder


def test_the_data_folder_follows_xdg_and_the_override(tmp_path, monkeypatch):
    from meeple.core.paths import default_database, user_data_dir

    monkeypatch.delenv("MEEPLE_DATA", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_data_dir() == tmp_path / "xdg" / "meeple"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert user_data_dir() == tmp_path / ".local" / "share" / "meeple"
    monkeypatch.setenv("MEEPLE_DATA", str(tmp_path / "mine"))
    assert default_database() == tmp_path / "mine" / "meeple.sqlite3"


def test_gitignore_covers_what_the_commands_write_by_default():
    root = Path(__file__).resolve().parents[1]
    names = ["meeple.sqlite3", "meeple.sqlite3-wal", "meeple.sqlite3-shm", "tournament-splendor-seed0.jsonl",
             "tournament-splendor-seed0.csv", "league-splendor-seed0/results.jsonl", "splendor-seed7.record.json",
             "report/summary.json"]  # fmt: skip
    done = subprocess.run(["git", "check-ignore", "--no-index", *names], cwd=root, capture_output=True, text=True)
    assert sorted(done.stdout.split()) == sorted(names)
