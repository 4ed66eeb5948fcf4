"""Tournaments: the schedule rotates seats, results are stored as they finish (JSON lines and
CSV), a rerun resumes, backends agree, and the command line prints the summary."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from meeple.cli import app
from meeple.sim import Tournament, load_results, run_tournament
from meeple.sim.backends import ray_available

FAST = ("greedy", "random")
TIMING = ("think", "seconds")


def comparable(results):
    return [{k: v for k, v in r.items() if k not in TIMING} for r in results]


def test_seats_rotate_and_each_rotation_shares_a_deal():
    t = Tournament("splendor", seats=("a", "b", "c"), games=7, seed=4)
    jobs = t.jobs()
    assert [j.entrants for j in jobs[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert jobs[6].entrants == (0, 1, 2)
    assert [j.seats for j in jobs[:2]] == [("a", "b", "c"), ("b", "c", "a")]
    # Over a full rotation every entrant sits in every seat once.
    for seat in range(3):
        assert sorted(j.entrants[seat] for j in jobs[:3]) == [0, 1, 2]
    assert jobs[0].seed == jobs[1].seed == jobs[2].seed != jobs[3].seed
    assert len({j.seed for j in jobs}) == 3
    assert Tournament("splendor", seats=("a", "b", "c"), games=7, seed=5).jobs()[0].seed != jobs[0].seed


def test_labels_number_repeated_entrants():
    assert Tournament("splendor", seats=("greedy", "mcts", "greedy"), games=1).labels() == ["greedy#1", "mcts", "greedy#2"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess", "seats": FAST}, "no game called 'chess'"),
        ({"game": "splendor", "seats": ("greedy",)}, "2-4 players, not 1"),
        ({"game": "splendor", "seats": ("greedy", "nobody")}, "no agent called 'nobody'"),
        ({"game": "splendor", "seats": FAST, "games": 0}, "games must be a positive integer"),
        ({"game": "splendor", "seats": FAST, "options": {"colour": 1}}, "no option 'colour'"),
    ],
)
def test_bad_tournaments_fail_before_playing(kwargs, message, tmp_path):
    t = Tournament(**{"games": 2, **kwargs})
    with pytest.raises(ValueError, match=message):
        run_tournament(t, out=tmp_path / "r.jsonl", progress=False)
    assert not (tmp_path / "r.jsonl").exists()


def test_results_are_stored_as_they_finish_and_a_rerun_resumes(tmp_path):
    out = tmp_path / "results.jsonl"
    first = run_tournament(Tournament("splendor", seats=FAST, games=3, seed=2), out=out, progress=False)
    assert [r["index"] for r in first] == [0, 1, 2]
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    row = json.loads(lines[0])
    assert {"seed", "seats", "scores", "ranks", "winners", "length"} <= set(row)
    assert row["seats"] == list(FAST) and len(row["scores"]) == 2
    with (tmp_path / "results.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["index"]) for r in rows] == [0, 1, 2]
    assert rows[1]["seats"] == "random greedy"
    # An interruption can leave half a line; the rerun drops it and plays only the missing games.
    with out.open("a") as f:
        f.write('{"index": 3, "game": "splen')
    played = []
    more = run_tournament(Tournament("splendor", seats=FAST, games=5, seed=2), out=out, progress=False, on_result=played.append)
    assert sorted(r["index"] for r in played) == [3, 4]
    assert [r["index"] for r in more] == [0, 1, 2, 3, 4]
    assert comparable(more[:3]) == comparable(first)
    assert [r["index"] for r in load_results(out)] == [0, 1, 2, 3, 4]
    with (tmp_path / "results.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 5


def test_results_of_another_tournament_are_not_mixed_in(tmp_path):
    out = tmp_path / "r.jsonl"
    run_tournament(Tournament("splendor", seats=FAST, games=1, seed=2), out=out, progress=False)
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(Tournament("splendor", seats=FAST, games=2, seed=3), out=out, progress=False)
    with pytest.raises(ValueError, match="was played with seats"):
        run_tournament(Tournament("splendor", seats=("random", "greedy"), games=2, seed=2), out=out, progress=False)


def test_worker_processes_give_the_same_games():
    t = Tournament("splendor", seats=FAST, games=4, seed=9)
    alone = run_tournament(t, out=None, workers=1, progress=False)
    pooled = run_tournament(t, out=None, workers=2, progress=False)
    assert comparable(pooled) == comparable(alone)


@pytest.mark.skipif(not ray_available(), reason="ray is not installed (pip install 'meeple[ray]')")
def test_ray_backend_on_a_local_instance_gives_the_same_games():
    t = Tournament("splendor", seats=FAST, games=2, seed=9)
    alone = run_tournament(t, out=None, workers=1, progress=False)
    on_ray = run_tournament(t, out=None, workers=1, backend="ray", progress=False)
    assert comparable(on_ray) == comparable(alone)


def test_unknown_backend_is_refused():
    with pytest.raises(ValueError, match="no backend 'dask'"):
        run_tournament(Tournament("splendor", seats=FAST, games=1), out=None, backend="dask", progress=False)


def test_tournament_command_prints_summary_and_writes_report(tmp_path):
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install 'meeple[sim]')")
    out = tmp_path / "res.jsonl"
    report = tmp_path / "report"
    args = ["tournament", "splendor", "--seats", "greedy,random", "--games", "2", "--players", "2", "--seed", "1"]
    r = CliRunner().invoke(app, [*args, "--out", str(out), "--report", str(report), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "seat advantage" in r.output
    assert len(out.read_text().splitlines()) == 2
    names = {p.name for p in report.iterdir()}
    assert {"summary.json", "win_rates.png", "scores.png", "lengths.png", "seat_advantage.png"} <= names
    summary = json.loads((report / "summary.json").read_text())
    assert summary["games"] == 2 and [e["label"] for e in summary["entrants"]] == ["greedy", "random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["splendor", "--seats", "greedy", "--players", "2"], "names 1 entrants for 2 players"),
        (["splendor", "--seats", "greedy,mcts:iterations=0"], "iterations must be a positive integer"),
        (["nogame", "--seats", "greedy,random"], "no game called 'nogame'"),
    ],
)
def test_tournament_command_rejects_bad_input(args, message, tmp_path):
    r = CliRunner().invoke(app, ["tournament", *args, "--out", str(tmp_path / "x.jsonl"), "-q"])
    assert r.exit_code == 2
    assert message in r.output


def test_a_game_that_does_not_end_is_stored_as_aborted(tmp_path):
    t = Tournament("splendor", seats=FAST, games=2, seed=1, max_decisions=5)
    results = run_tournament(t, out=tmp_path / "r.jsonl", progress=False)
    assert [r["aborted"] for r in results] == ["not over after 5 decisions"] * 2
    assert all(r["ranks"] is None and r["length"] == 5 for r in results)
    with pytest.raises(ValueError, match="max_decisions must be a positive integer"):
        run_tournament(Tournament("splendor", seats=FAST, games=2, max_decisions=0), out=None, progress=False)


def test_search_iterations_are_recorded_per_seat():
    t = Tournament("splendor", seats=("mcts:iterations=5:depth=2", "random"), games=2, seed=3)
    for r in run_tournament(t, out=None, progress=False):
        mcts_seat = r["entrants"].index(0)
        searched, random_seat = r["iterations"][mcts_seat], 1 - mcts_seat
        assert 0 < searched <= 5 * r["decisions"][mcts_seat]
        assert searched % 5 == 0  # every decision with a choice runs exactly the budget
        assert r["iterations"][random_seat] == 0


def test_a_last_line_without_its_newline_is_kept_and_closed(tmp_path):
    out = tmp_path / "r.jsonl"
    run_tournament(Tournament("splendor", seats=FAST, games=1, seed=2), out=out, progress=False)
    out.write_text(out.read_text().rstrip("\n"))
    results = run_tournament(Tournament("splendor", seats=FAST, games=2, seed=2), out=out, progress=False)
    assert [r["index"] for r in results] == [0, 1]
    assert [r["index"] for r in load_results(out)] == [0, 1]
