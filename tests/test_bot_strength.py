"""benchmarks/bot_strength.py refuses what it cannot play, with a clear message and before any game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bot_strength.py"
_HEURISTIC = Path(__file__).resolve().parents[1] / "src" / "meeple" / "games" / "scythe" / "evaluate.py"


def test_an_old_heuristic_with_several_workers_is_refused_before_any_game(tmp_path: Path) -> None:
    """The tournament's workers start clean, so old-greedy would be unknown there: every game failed."""
    run = subprocess.run(
        [sys.executable, str(_SCRIPT), "scythe", "--old-heuristic", str(_HEURISTIC), "--workers", "2", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "--workers 1" in run.stderr
    assert not any(tmp_path.iterdir())  # nothing played, nothing stored
