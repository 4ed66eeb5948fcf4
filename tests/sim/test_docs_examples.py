"""The Python examples in docs/agents.md and docs/tournaments.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCKS = [
    pytest.param(name, code, id=f"{name}-{i}")
    for name in ("agents.md", "tournaments.md")
    for i, code in enumerate(re.findall(r"```python\n(.*?)```", (DOCS / name).read_text(encoding="utf-8"), flags=re.S))
]


@pytest.mark.parametrize(("name", "code"), BLOCKS)
def test_doc_example_runs(name, code, tmp_path, monkeypatch):
    if "write_report" in code:
        pytest.importorskip("matplotlib", reason="the report needs matplotlib (pip install 'meeple[sim]')")
    monkeypatch.chdir(tmp_path)  # examples write their results where they run
    exec(compile(code, str(DOCS / name), "exec"), {"__name__": "docs_example"})


def test_docs_have_examples():
    assert len(BLOCKS) >= 3
