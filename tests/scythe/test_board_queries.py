"""The public board queries (docs/rules/scythe.md "Reading the board"; the rulebook's "Control", §4): who controls
a territory, which ones a seat controls, and the units, resources and structure on a space."""

from __future__ import annotations

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.automa import AUTOMA
from meeple.games.scythe.data import CHAR, MECH0, WORKER0

from .helpers import mech, new, place, play, refresh, resources, section_of, sp, turn_of, workers
from .test_automa import clear, solo


def build(s, seat: int, structure: int, space: str) -> None:
    s.struct_hex[seat][structure] = sp(space)
    s.struct_at[sp(space)] = seat * 4 + structure
    s._board = None


def test_a_unit_controls_its_territory_and_a_structure_alone_controls_it_for_its_owner() -> None:
    s = new("nordic,polania")
    assert s.controller("4,1") == 0 and s.controller("1,3") == 1  # the starting workers
    assert s.controller("3,3") is None  # nobody there
    build(s, 1, D.MILL, "3,3")
    assert s.controller("3,3") == 1  # a structure alone controls for its owner
    workers(s, 0, "4,1", "3,3")
    refresh(s)
    assert s.controller("3,3") == 0  # a unit there outranks the structure's owner
    assert s.structure_at("3,3") == (1, "mill") and s.structure_at("4,1") is None


def test_home_bases_are_never_controlled() -> None:
    s = new("nordic,polania")
    assert s.units_at("4,0") == {0: {"character": 1, "mechs": 0, "workers": 0}}
    assert s.controller("4,0") is None


def test_controlled_lists_the_territories_and_agrees_with_the_scoring_count() -> None:
    s = new("nordic,polania")
    place(s, 0, CHAR, "3,4")  # the Factory: one space, 3 territories for scoring
    mech(s, 0, "4,3")  # a lake, under Nordic's mech
    refresh(s)
    mine = s.controlled(0)
    assert mine == sorted(["4,1", "5,1", "3,4", "4,3"], key=lambda n: sp(n))
    assert s.territories(0) == len(mine) + 2
    assert s.controller("4,3") == 0 and s.units_at("4,3")[0]["mechs"] == 1


def test_units_and_resources_on_a_space() -> None:
    s = new("nordic,polania")
    workers(s, 0, "4,1", "4,1", "5,1")
    resources(s, "4,1", wood=2, food=1)
    refresh(s)
    assert s.units_at("4,1") == {0: {"character": 0, "mechs": 0, "workers": 2}}
    assert s.resources_at("4, 1") == {"oil": 0, "metal": 0, "wood": 2, "food": 1}
    assert s.units_at("3,3") == {}


def test_in_a_solo_game_the_automa_is_side_1() -> None:
    s = clear(solo())
    h = sp("5,4")
    s.pos[AUTOMA][WORKER0] = h
    s.pos[AUTOMA][MECH0] = h
    refresh(s)
    assert s.controller("5,4") == AUTOMA == 1 and "5,4" in s.controlled(AUTOMA)
    assert s.units_at(h) == {AUTOMA: {"character": 0, "mechs": 1, "workers": 1}}


@pytest.mark.parametrize("bad", ["9,9", "", "factory", -1, D.NUM_SPACES, True, 3.0, None])
def test_a_space_that_does_not_exist_is_a_clear_error(bad) -> None:
    s = new("nordic,polania")
    before = s.to_dict()
    with pytest.raises(ValueError, match="space"):
        s.controller(bad)
    assert s.to_dict() == before


@pytest.mark.parametrize("bad", [-1, 2, True, "0"])
def test_a_side_that_does_not_play_is_a_clear_error(bad) -> None:
    with pytest.raises(ValueError, match="side must be a seat"):
        new("nordic,polania").controlled(bad)


def test_queries_read_the_state_as_it_is_after_a_move() -> None:
    """Derived on demand: after a real move the answer follows, with nothing kept up to date by apply."""
    s = new("nordic,polania")
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick worker 4,1", "to 3,1")
    assert s.controller("3,1") == 0 and s.units_at("3,1")[0]["workers"] == 1
