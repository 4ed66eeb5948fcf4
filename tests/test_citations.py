"""Every rule citation points at something in the repository (issue #21): no file cites the project's outside
reference documents, and each § a game's code or tests cite is listed in its docs/rules/<game>.md "Rule sections"."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Documents that exist only outside the repository (the names are split so this file does not cite them).
OUTSIDE = re.compile(r"\b(?:RULES" r"(?:\.md)?\s*§|RULES" r"\.md|DESIGN" r"\.md|SEED_" r"DIVERGENCES|DATA" r"\.md)")
TEXT = (".py", ".md", ".json", ".js", ".html", ".css", ".toml", ".txt")


def repository_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "src", "tests", "docs", "benchmarks", "examples", "README.md"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return [ROOT / f for f in listed if f.endswith(TEXT) and (ROOT / f).is_file()]


def test_no_file_cites_a_document_outside_the_repository() -> None:
    found = []
    for path in repository_files():
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:120]}")
    assert not found, "cite docs/rules/<game>.md sections instead:\n" + "\n".join(found)


def sections(game: str) -> set[str]:
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    table = page.split("## Rule sections", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"§(\d+)", table.split("The Automa's rules", 1)[0]))


@pytest.mark.parametrize("game", ["splendor", "stoneage", "scythe"])
def test_every_section_a_game_cites_is_listed_on_its_rules_page(game: str) -> None:
    listed = sections(game)
    assert listed, f"docs/rules/{game}.md has no 'Rule sections' table"
    paths = [*(ROOT / "src" / "meeple" / "games" / game).rglob("*.py"), *(ROOT / "tests" / game).rglob("*.py")]
    cited = set()
    for path in paths:
        text = re.sub(r"automa §[\d.]+(?:[–,-] ?§?[\d.]+)*", "", path.read_text(encoding="utf-8"))  # the Automa's own rules
        cited |= set(re.findall(r"§(\d+)", text))
    assert cited - listed == set(), f"{game}: sections cited but missing from docs/rules/{game}.md 'Rule sections'"


def test_the_check_sees_a_citation_of_an_outside_document() -> None:
    assert OUTSIDE.search("the limit (RULES" " §8)") and OUTSIDE.search("see " "DESIGN" ".md §3")
    assert not OUTSIDE.search("the limit (rules §8, docs/rules/splendor.md)")
