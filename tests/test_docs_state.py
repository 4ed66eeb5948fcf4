"""docs/state.md lists every field each game's ``to_dict`` writes, and nothing else, with the phases it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "state.md").read_text(encoding="utf-8")
SECTIONS = {"Every game": None, "Splendor": "splendor", "Stone Age": "stoneage", "Scythe": "scythe"}


def documented(title: str) -> dict[str, str]:
    """Field -> description, from the tables under ``## title`` (its ### subsections included)."""
    body = re.split(r"^## ", PAGE, flags=re.M)
    text = next(b for b in body if b.startswith(title + "\n"))
    return dict(re.findall(r"^\| `([\w.]+)` \| (.*) \|$", text, flags=re.M))


def states(name: str) -> list[meeple.State]:
    game = meeple.load(name)
    counts = [1, 2] if name == "scythe" else [game.min_players]
    return [game.new_game(players=n, seed=1) for n in counts]


def fields(state: meeple.State) -> set[str]:
    d = state.to_dict()
    keys = set(d)
    for k, v in d.items():
        if isinstance(v, dict) and k != "options":
            keys |= {f"{k}.{sub}" for sub in v}
            keys.discard(k)
    return keys


@pytest.mark.parametrize("title", [t for t in SECTIONS if SECTIONS[t]])
def test_every_to_dict_field_is_documented_and_nothing_else(title: str) -> None:
    base = set(documented("Every game"))
    written = set().union(*(fields(s) for s in states(SECTIONS[title]))) - base
    listed = set(documented(title))
    assert written - listed == set(), f"docs/state.md does not describe these {title} fields"
    assert listed - written == set(), f"docs/state.md describes {title} fields to_dict does not write"


def test_the_common_fields_are_those_of_every_game() -> None:
    for g in meeple.games():
        assert set(documented("Every game")) == set(meeple.load(g).new_game(players=2, seed=0).base_dict())


@pytest.mark.parametrize("title", [t for t in SECTIONS if SECTIONS[t]])
def test_the_phases_named_are_the_game_s_phases(title: str) -> None:
    import importlib

    module = importlib.import_module(f"meeple.games.{SECTIONS[title]}.state")
    # Splendor names its four phases one by one; the others list them in PHASES
    phases = getattr(module, "PHASES", None) or (module.ACTION, module.RETURNING, module.CHOOSING_NOBLE, module.OVER)
    named = set(re.findall(r'`"(\w+)"`', documented(title)["phase"]))
    assert named == set(phases)
