"""§7 Movement and the movement abilities of §14 (faction abilities and mech abilities)."""

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.data import CHAR, MECH0, WORKER0

from .helpers import mech, names, new, place, play, refresh, res_at, resources, section_of, sp, texts, turn_of, unlock, workers

RW, MOVE_AB, COMBAT_AB, SPEED = range(4)


def moving(s, seat=0):
    """Start ``seat``'s Move top action."""
    turn_of(s, seat, section_of(s, seat, "move"))
    s.apply("move")
    return s


def test_7_1_rivers_block_and_lakes_and_home_bases_are_not_entered():
    s = new("polania,nordic")
    # Polania's worker on the forest 1,3: rivers on its NE and E edges, a lake NW, its home base W.
    assert names(s.targets(0, WORKER0, sp("1,3"))) == {"0,4", "1,4"}


def test_7_1_a_unit_moves_out_of_its_home_base_but_never_back_in():
    s = new("nordic,polania")
    assert names(s.targets(0, CHAR, sp("4,0"))) == {"4,1", "5,1"}
    place(s, 0, CHAR, "4,1")
    assert "4,0" not in names(s.targets(0, CHAR, sp("4,1")))


def test_7_1_all_tunnels_are_adjacent_to_each_other():
    s = new("polania,nordic")
    got = names(s.targets(0, WORKER0, sp("2,5")))
    assert {"3,2", "2,3", "5,3", "5,5", "3,6"} <= got
    assert "1,4" not in got and "1,6" not in got  # rivers
    assert "2,4" not in got  # a lake


def test_14_nordic_swim_lets_workers_but_not_the_character_cross_rivers():
    s = new("nordic,polania")
    assert names(s.targets(0, WORKER0, sp("4,1"))) == {"3,1", "3,2", "5,1", "4,2"}
    assert names(s.targets(0, CHAR, sp("4,1"))) == {"5,1", "4,2"}
    assert names(s.targets(1, WORKER0, sp("4,1"))) == {"5,1", "4,2"}  # Polania's workers cannot swim


@pytest.mark.parametrize(
    ("faction", "crossed"),
    [("nordic", {"5,3"}), ("saxony", {"5,3"}), ("rusviet", {"5,2"}), ("crimea", {"3,2", "5,2"}), ("polania", set())],
)
def test_14_riverwalk_crosses_rivers_onto_the_factions_terrains_only(faction, crossed):
    """From the mountain 4,2, rivers run to the tundra 3,2, the farm 5,2 and the forest 5,3."""
    other = "polania" if faction != "polania" else "nordic"
    s = new(f"{faction},{other}", mats="engineering,mechanical")
    across = {"3,2", "5,2", "5,3"}
    assert names(s.targets(0, CHAR, sp("4,2"))) & across == set()
    unlock(s, 0, RW)
    assert names(s.targets(0, CHAR, sp("4,2"))) & across == crossed


def test_14_riverwalk_takes_rusviet_from_its_home_base_across_the_river_to_6_2():
    s = new("rusviet,nordic", mats="engineering,mechanical")
    assert "6,2" not in names(s.targets(0, CHAR, sp("7,3")))
    unlock(s, 0, RW)
    assert "6,2" in names(s.targets(0, CHAR, sp("7,3")))


def test_14_seaworthy_lets_nordic_character_and_mechs_onto_lakes_not_workers():
    s = new("nordic,polania")
    assert "4,3" not in names(s.targets(0, CHAR, sp("4,2")))
    unlock(s, 0, MOVE_AB)
    assert "4,3" in names(s.targets(0, CHAR, sp("4,2")))
    assert "4,3" not in names(s.targets(0, WORKER0, sp("4,2")))
    # From a lake: only to its neighbours (Seaworthy is not Submerge).
    assert "2,4" not in names(s.targets(0, CHAR, sp("4,3")))


def test_14_submerge_moves_polania_from_lake_to_any_lake_and_from_its_base_onto_0_2():
    s = new("polania,nordic")
    assert "0,2" not in names(s.targets(0, CHAR, sp("0,3")))
    unlock(s, 0, MOVE_AB)
    assert "0,2" in names(s.targets(0, CHAR, sp("0,3")))
    assert names(s.targets(0, CHAR, sp("0,2"))) >= {"2,2", "4,3", "2,4", "4,5", "6,5", "2,7"}


def test_14_township_makes_controlled_villages_and_the_factory_adjacent():
    s = new("rusviet,nordic", mats="engineering,mechanical")
    workers(s, 0, "6,3", "6,4", "1,4")
    place(s, 0, CHAR, "6,3")
    refresh(s)
    assert not {"3,4", "1,4"} & names(s.targets(0, CHAR, sp("6,3")))
    unlock(s, 0, MOVE_AB)
    refresh(s)
    assert {"3,4", "1,4"} <= names(s.targets(0, CHAR, sp("6,3")))
    assert "6,3" in names(s.targets(0, CHAR, sp("3,4")))  # back from the Factory
    assert "3,1" not in names(s.targets(0, CHAR, sp("3,4")))  # a village nobody of ours holds
    assert "3,4" not in names(s.targets(0, WORKER0, sp("6,3")))  # never for workers


def test_14_underpass_links_controlled_mountains_and_all_tunnels():
    s = new("saxony,nordic", mats="engineering,mechanical")
    workers(s, 0, "0,6", "1,7", "6,4")
    place(s, 0, CHAR, "0,6")
    unlock(s, 0, MOVE_AB)
    refresh(s)
    got = names(s.targets(0, CHAR, sp("0,6")))
    assert {"3,2", "2,3", "5,3", "2,5", "5,5", "3,6", "6,4"} <= got
    assert "4,4" not in got  # a mountain not controlled
    assert "0,6" in names(s.targets(0, CHAR, sp("5,5")))


@pytest.mark.parametrize(("expansion", "reach"), [(True, {"1,0", "7,7"}), (False, set())])
def test_14_wayfare_reaches_own_and_inactive_home_bases(expansion, reach):
    s = new("crimea,nordic", mats="engineering,mechanical", wayfare_expansion_homes=expansion)
    unlock(s, 0, MOVE_AB)
    place(s, 0, CHAR, "3,7")
    refresh(s)
    got = names(s.targets(0, CHAR, sp("3,7")))
    assert {"2,8", "7,3", "0,3", "0,7"} <= got  # own base and the bases of factions not playing
    assert "4,0" not in got  # Nordic is in the game
    assert got & {"1,0", "7,7"} == reach


def test_6_3_the_mine_is_a_tunnel_for_its_owner_only():
    s = new("polania,nordic")
    s.struct_hex[0][D.MINE] = sp("1,4")
    s.struct_at[sp("1,4")] = 0 * 4 + D.MINE
    workers(s, 0, "1,3", "1,4")
    refresh(s)
    assert "5,5" in names(s.targets(0, WORKER0, sp("1,4")))
    assert "1,4" in names(s.targets(0, WORKER0, sp("5,5")))
    assert "1,4" not in names(s.targets(1, WORKER0, sp("5,5")))


def test_5_1_move_up_to_two_different_units_one_step_each():
    s = moving(new("nordic,polania"))
    assert texts(s) >= {"pick character", "pick worker 4,1", "pick worker 5,1", "done"}
    play(s, "pick worker 4,1", "to 4,2", "pick worker 5,1", "to 5,2")
    assert s.phase == "bottom"  # two units moved: the Move action is over
    assert names([h for h in s.pos[0][WORKER0:] if h >= 0]) == {"4,2", "5,2"}


def test_5_1_upgraded_move_moves_three_units():
    s = new("nordic,polania")
    s.top_cubes[0] &= ~(1 << D.SLOT_MOVE)
    s.bottom_cubes[0][0] = 1
    moving(s)
    play(s, "pick worker 4,1", "to 4,2", "pick worker 5,1", "to 5,2")
    assert s.phase == "move" and "pick character" in texts(s)
    play(s, "pick character", "to 4,1")
    assert s.phase == "bottom"


def test_5_1_gain_coins_instead_of_moving():
    s = new("nordic,polania")
    turn_of(s, 0, section_of(s, 0, "move"))
    before = s.coins[0]
    s.apply("coins")
    assert s.coins[0] == before + 1


def test_14_speed_gives_character_and_mechs_a_second_step_not_workers():
    s = new("nordic,polania")
    unlock(s, 0, SPEED)
    moving(s)
    play(s, "pick character", "to 5,1")
    assert s.phase == "unit" and s.steps == 1
    play(s, "to 4,1", "pick worker 5,1", "to 4,1")
    assert s.phase == "bottom"


def test_7_3_the_character_stops_on_an_encounter_token_even_with_speed():
    s = new("nordic,polania")
    unlock(s, 0, SPEED)
    place(s, 0, CHAR, "4,1")
    refresh(s)
    moving(s)
    play(s, "pick character", "to 4,2")
    assert s.phase == "move" and s.pos[0][CHAR] == sp("4,2")


def test_7_3_entering_lone_enemy_workers_sends_them_home_and_costs_popularity():
    s = new("nordic,polania")
    workers(s, 1, "1,3", "5,1", "5,1")
    workers(s, 0, "4,1", "4,1")
    s.pop[0] = 5
    refresh(s)
    moving(s)
    play(s, "pick character", "to 5,1")
    assert s.pos[1][WORKER0 + 1] == s.pos[1][WORKER0 + 2] == D.HOME[D.POLANIA]
    assert s.pop[0] == 3
    assert s.controls(0, sp("5,1"))


def test_7_3_a_worker_never_enters_a_space_with_an_opponent_unit():
    s = new("nordic,polania")
    workers(s, 1, "1,3", "5,1")
    refresh(s)
    assert "5,1" not in names(s.enterable(0, WORKER0, sp("4,1"), False))
    assert "5,1" in names(s.enterable(0, CHAR, sp("4,0"), False))


def test_7_3_entering_an_enemy_character_or_mech_ends_the_move_and_leads_to_combat():
    s = new("nordic,polania")
    place(s, 1, CHAR, "5,1")
    refresh(s)
    assert "5,1" in names(s.enterable(0, CHAR, sp("4,0"), False))


def test_7_3_entering_a_space_held_only_by_an_enemy_structure_takes_control():
    s = new("nordic,polania")
    s.struct_hex[1][D.MILL] = sp("4,2")
    s.struct_at[sp("4,2")] = 1 * 4 + D.MILL
    refresh(s)
    assert s.controls(1, sp("4,2"))
    moving(s)
    play(s, "pick worker 4,1", "to 4,2")
    assert s.controls(0, sp("4,2"))


def test_7_2_units_carry_resources_and_leave_them_where_they_stop():
    s = new("nordic,polania")
    resources(s, "4,1", wood=3)
    refresh(s)
    moving(s)
    play(s, "pick worker 4,1", "load wood", "load wood", "to 4,2")
    assert res_at(s, "4,2", "wood") == 2 and res_at(s, "4,1", "wood") == 1


def test_7_2_a_mech_carries_workers_from_its_start_and_they_count_as_moved():
    s = new("nordic,polania")
    mech(s, 0, "4,1", ability=RW)
    refresh(s)
    moving(s)
    play(s, "pick mech 4,1", "load worker")
    assert "load worker" not in texts(s)  # the only worker there is already aboard
    play(s, "to 5,1")
    assert s.pos[0][MECH0] == s.pos[0][WORKER0] == sp("5,1")
    assert "pick worker 5,1" in texts(s)  # the other worker, not the carried one
    s.apply("pick worker 5,1")
    assert s.active == WORKER0 + 1


def test_7_2_loading_and_unloading_at_one_space_cannot_loop():
    s = new("nordic,polania")
    resources(s, "4,1", wood=1)
    refresh(s)
    moving(s)
    play(s, "pick worker 4,1", "load wood")
    assert "unload wood" not in texts(s)


def test_7_2_seaworthy_carries_workers_over_a_lake_but_never_leaves_them_there():
    s = new("nordic,polania")
    unlock(s, 0, MOVE_AB, SPEED)
    mech(s, 0, "4,2", ability=RW)
    workers(s, 0, "4,2", "4,1")
    refresh(s)
    moving(s)
    play(s, "pick mech 4,2", "load worker", "to 4,3")
    assert "stop" not in texts(s) and "unload worker" not in texts(s)
    play(s, "to 3,3")
    assert s.pos[0][WORKER0] == sp("3,3")


def test_7_2_without_a_second_step_a_loaded_mech_cannot_end_on_a_lake():
    s = new("nordic,polania")
    unlock(s, 0, MOVE_AB)
    mech(s, 0, "4,2", ability=RW)
    workers(s, 0, "4,2", "4,1")
    refresh(s)
    moving(s)
    s.apply("pick mech 4,2")
    assert "to 4,3" in texts(s)
    s.apply("load worker")
    assert "to 4,3" not in texts(s)


def test_5_1_a_unit_moves_once_per_move_action():
    s = new("nordic,polania")
    moving(s)
    play(s, "pick worker 4,1", "to 5,1")
    assert "pick worker 5,1" in texts(s)  # the other worker there is still free
    s.apply("pick worker 5,1")
    assert s.active == WORKER0 + 1
