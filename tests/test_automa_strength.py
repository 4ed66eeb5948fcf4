"""benchmarks/automa_strength.py's trial options: ``--rate`` sets a rate of the Scythe heuristic for a run (a bad
one is refused and sets nothing), and later bots are paired with the first on the same deals."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import meeple
from meeple.games.scythe import evaluate

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "automa_strength.py"
_spec = importlib.util.spec_from_file_location("automa_strength", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.fixture
def kept_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test sets is put back afterwards."""
    for name in ("POPULARITY", "STAR_TEMPO", "PAYMENTS_AHEAD"):
        monkeypatch.setattr(evaluate, name, getattr(evaluate, name))


def test_a_rate_changes_the_heuristic_and_names_the_results(kept_rates: None) -> None:
    state = meeple.load("scythe").new_game(players=1, seed=7, automa_level="autometta")
    before = evaluate.evaluate(state)[0]
    assert state.pop[0] > 0  # the rate below counts popularity, which every faction starts with
    suffix = bench.set_rates(["POPULARITY=2.5", "PAYMENTS_AHEAD=1"])
    assert suffix == "+POPULARITY=2.5+PAYMENTS_AHEAD=1"
    assert evaluate.POPULARITY == 2.5 and evaluate.PAYMENTS_AHEAD == 1 and isinstance(evaluate.PAYMENTS_AHEAD, int)
    assert evaluate.evaluate(state)[0] > before
    assert bench.set_rates([]) == ""


@pytest.mark.parametrize(
    ("pair", "says"),
    [
        ("NOT_A_RATE=1", "one of the heuristic's rates"),
        ("FACTORY=3", "one of the heuristic's rates"),  # a board index evaluate.py imports, not a rate
        ("STAR_TEMPO", "NAME=VALUE"),
        ("STAR_TEMPO=fast", "is not a number"),
        ("PAYMENTS_AHEAD=1.5", "is not an integer"),
    ],
)
def test_a_bad_rate_is_refused_and_sets_nothing(kept_rates: None, pair: str, says: str) -> None:
    tempo = evaluate.STAR_TEMPO
    with pytest.raises(SystemExit) as refused:
        bench.set_rates(["STAR_TEMPO=99", pair])
    assert says in str(refused.value)
    assert tempo == evaluate.STAR_TEMPO


def test_later_bots_are_paired_with_the_first_on_the_deals_both_played() -> None:
    first = [{"seed": 1, "diff": -10}, {"seed": 2, "diff": -20}, {"seed": 3, "diff": 0}]
    later = [{"seed": 1, "diff": -6}, {"seed": 2, "diff": -14}, {"seed": 9, "diff": 50}]
    n, gain, se = bench.paired(first, later)
    # Deals 1 and 2 only: gains +4 and +6, mean +5, standard deviation sqrt(2), over sqrt(2) deals.
    assert n == 2 and gain == pytest.approx(5.0) and se == pytest.approx(1.0)


def test_games_are_grouped_by_the_mat_dealt_worst_first() -> None:
    rows = [
        {"seed": 1, "mat": "engineering", "won": False, "diff": -30},
        {"seed": 2, "mat": "patriotic", "won": True, "diff": 4},
        {"seed": 3, "mat": "engineering", "won": True, "diff": 2},
        {"seed": 4, "diff": -50, "won": False},  # stored before games recorded their mat: left out
    ]
    groups = bench.by_deal(rows, "mat")
    assert list(groups) == ["engineering", "patriotic"]
    assert groups["engineering"] == (2, 1, -14.0) and groups["patriotic"] == (1, 1, 4.0)
    assert bench.by_deal(rows, "faction") == {}


def test_a_game_records_the_faction_and_mat_dealt() -> None:
    row = bench.play(("random", "autometta", 3))
    seen = meeple.load("scythe").new_game(players=1, seed=3, automa_level="autometta").observation(0)
    assert (row["faction"], row["mat"]) == (seen["players"][0]["faction"], seen["players"][0]["mat"])
    assert row["automa_faction"] == seen["automa"]["faction"]


def test_a_game_records_what_moved_the_bots_popularity() -> None:
    row = bench.play(("random", "automa", 3))
    changes = row["popularity_changes"]
    assert changes, "a random bot's game moves its popularity"
    assert row["popularity_start"] + sum(changes.values()) == row["popularity"]
    assert all(isinstance(k, str) and k and v for k, v in changes.items())


def test_a_game_records_who_holds_the_factory_and_who_took_its_card() -> None:
    from meeple.agents import make_agent
    from meeple.games.scythe.data import FACTORY

    row = bench.play(("random", "automa", 5))
    state = meeple.load("scythe").new_game(players=1, seed=5, automa_level="automa")
    agent = make_agent("random", seed=5)
    while not state.is_over:
        state.apply(agent.act(state))
    assert row["factory"] == {0: "bot", 1: "automa"}.get(state.board()[0][FACTORY], "nobody")
    assert row["factory_cards"] == [state.factory_card[0] >= 0, state.factory_card[1] >= 0]


def test_the_breakdown_says_who_held_the_factory(capsys: pytest.CaptureFixture[str]) -> None:
    row = {"seed": 1, "won": False, "diff": -5, "breakdown": {"coins": 1}, "automa_breakdown": {"coins": 6}, "decisions": 9,
           "turns": 20, "popularity": 2, "stars": {}, "automa_stars": {}}
    rows = [{**row, "factory": holder, "factory_cards": [False, taken]} for holder, taken in (("automa", True), ("automa", False), ("bot", False), ("nobody", False))]
    bench.print_breakdown("greedy", "automa", rows)
    assert "held at the end: bot 25%, automa 50%, nobody 25%; its card taken: bot 0%, Automa 25%" in capsys.readouterr().out
