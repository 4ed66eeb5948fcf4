"""benchmarks/adapter_overhead.py runs without --players: every game's default count is one each adapter accepts."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import meeple

pytest.importorskip("pyspiel", reason="the rl extra: pip install 'meeple[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra: pip install 'meeple[rl]'")

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "adapter_overhead.py"
_spec = importlib.util.spec_from_file_location("adapter_overhead", _PATH)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.mark.parametrize("name", meeple.games())
def test_the_default_player_count_builds_every_adapter(name: str) -> None:
    """Scythe's minimum is 1 (solo), which the OpenSpiel adapter refuses: the default must be 2."""
    game = meeple.load(name)
    players = bench.default_players(game.min_players)
    assert game.min_players <= players <= game.max_players and players >= 2
    assert set(bench.adapters(name, players)) == {"engine+tensor", "pettingzoo", "gymnasium", "openspiel", "openspiel+obs"}


def test_a_solo_count_measures_the_adapters_that_take_it() -> None:
    runs = bench.adapters("scythe", 1)
    assert "openspiel" not in runs and {"pettingzoo", "gymnasium"} <= set(runs)


def test_it_names_the_rl_extra_when_the_adapters_are_missing(monkeypatch, capsys) -> None:
    import sys

    monkeypatch.setattr(bench, "missing_rl_modules", lambda: ["pyspiel"])
    monkeypatch.setattr(sys, "argv", ["adapter_overhead.py", "splendor"])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    assert stop.value.code == 2 and "pip install 'meeple[rl]'" in capsys.readouterr().err
