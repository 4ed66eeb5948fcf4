"""Report plots from fixed results, including the edge cases of 0% and 100% win rates."""

from __future__ import annotations

import pytest

from meeple.sim.report import write_report
from meeple.sim.stats import summarize

from .test_stats import RESULTS, result


def test_report_with_certain_winners_and_categories(tmp_path):
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install 'meeple[sim]')")
    sweep = [
        result([i % 2, 1 - i % 2], [1, 2] if i % 2 == 0 else [2, 1], [15, 3], 40 + i, [0.1, 0.1], [20, 20], ["a", "b"]) for i in range(7)
    ]
    for results in (sweep, RESULTS):
        summary = summarize(results, ["A", "B"])
        files = write_report(tmp_path, summary, results, title="t")
        names = {f.name for f in files}
        assert {"summary.json", "win_rates.png", "scores.png", "lengths.png", "seat_advantage.png", "win_rate_by_factions.png"} <= names
        assert all(f.stat().st_size > 0 for f in files)
    assert summarize(sweep, ["A", "B"]).entrants[1].win.wins == 0
