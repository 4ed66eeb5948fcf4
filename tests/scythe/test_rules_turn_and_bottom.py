"""§3 the turn, §4 control, §6 bottom-row actions and recruits."""

import pytest

from meeple import IllegalAction
from meeple.games.scythe import data as D
from meeple.games.scythe.data import MECH0

from .helpers import new, play, refresh, res_at, resources, sp, texts, turn_of, workers

# Nordic on Industrial (seat 0): 1 bolster/upgrade, 2 produce/deploy, 3 move/build, 4 trade/enlist.
UPG, DEP, BLD, ENL = range(4)


def bottom(s, seat, section, **res):
    """``seat`` at the bottom row of ``section`` with resources on its first worker's territory."""
    space = D.SPACE_NAMES[s.pos[seat][D.WORKER0]]
    resources(s, space, **res)
    turn_of(s, seat, section)
    s.apply("no top")
    return s


def test_3_1_the_section_must_differ_from_last_turn():
    s = new("nordic,polania")
    s.last_section[0] = 2
    turn_of(s, 0)
    assert texts(s) == {"section 1", "section 2", "section 4"}
    with pytest.raises(IllegalAction):
        s.apply("section 3")


def test_3_1_rusviet_relentless_may_repeat_its_section():
    s = new("rusviet,nordic", mats="engineering,mechanical")
    s.last_section[0] = 2
    turn_of(s, 0)
    assert texts(s) == {"section 1", "section 2", "section 3", "section 4"}


def test_3_1_no_factory_section_without_a_factory_card():
    s = new("nordic,polania")
    assert "section factory" not in texts(turn_of(s, 0))


def test_3_both_actions_optional_the_token_still_moves_and_the_turn_passes():
    s = new("nordic,polania")
    turn_of(s, 0)
    play(s, "section 2", "no top", "end turn")
    assert s.last_section[0] == 1 and s.current_player == 1 and s.phase == "section"


def test_3_top_then_bottom_and_top_gains_pay_the_bottom():
    s = new("nordic,polania")
    turn_of(s, 0, ENL)  # trade / enlist (food 4)
    resources(s, "4,1", food=2)
    refresh(s)
    s.apply("trade")
    assert s.phase == "trade"
    play(s, "put food 4,1", "put food 5,1")
    assert "enlist build coins" in texts(s)


def test_3_costs_are_paid_only_from_territories_you_control():
    s = new("nordic,polania")
    resources(s, "4,2", oil=3)  # nobody there
    refresh(s)
    turn_of(s, 0, UPG)
    s.apply("no top")
    assert texts(s) == {"end turn"}


def test_3_the_player_chooses_which_territories_pay_where_it_matters():
    s = new("nordic,polania")
    resources(s, "4,1", oil=2)
    resources(s, "5,1", oil=2)
    refresh(s)
    turn_of(s, 0, UPG)
    play(s, "no top", "upgrade power>deploy")
    assert s.phase == "pay" and texts(s) == {"pay 4,1", "pay 5,1"}
    play(s, "pay 4,1", "pay 4,1")  # the last token then has to come from 5,1
    assert res_at(s, "4,1", "oil") == 0 and res_at(s, "5,1", "oil") == 1 and s.phase == "section"


def test_3_payment_auto_option_pays_without_asking():
    s = new("nordic,polania", payment="auto")
    resources(s, "4,1", oil=2)
    resources(s, "5,1", oil=2)
    refresh(s)
    turn_of(s, 0, UPG)
    play(s, "no top", "upgrade power>deploy")
    assert res_at(s, "4,1", "oil") + res_at(s, "5,1", "oil") == 1 and s.phase == "section"


def test_3_crimea_coercion_spends_one_combat_card_as_a_resource_once_per_turn():
    s = new("crimea,nordic", mats="engineering,mechanical")  # Engineering: 1 produce/upgrade (oil 3)
    s.hand[0] = [1, 0, 0, 0]
    s.deck[0] -= 1
    resources(s, "3,7", oil=2)
    refresh(s)
    turn_of(s, 0, UPG)
    play(s, "no top", "upgrade power>build")
    assert s.phase == "section" and s.hand[0] == [0, 0, 0, 0] and res_at(s, "3,7", "oil") == 0
    s.coercion_used = True
    s.hand[0] = [1, 0, 0, 0]
    s.discard[0] -= 1
    resources(s, "3,7", oil=2)
    assert not s.can_pay_bottom(0, UPG)


def test_4_control_by_units_or_by_a_structure_without_enemy_units():
    s = new("nordic,polania")
    assert s.controls(0, sp("4,1")) and s.board()[0][sp("4,0")] == -1  # home bases are never controlled
    s.struct_hex[0][D.MILL] = sp("4,2")
    s.struct_at[sp("4,2")] = D.MILL
    refresh(s)
    assert s.controls(0, sp("4,2"))
    workers(s, 1, "1,3", "4,2")
    refresh(s)
    assert s.controls(1, sp("4,2"))


def test_4_resources_belong_to_the_controller_and_home_base_resources_to_nobody():
    s = new("nordic,polania")
    resources(s, "4,1", wood=2)
    resources(s, "4,0", wood=5)
    refresh(s)
    assert s.available(0, D.BUILD) == 2 and s.resources_controlled(0) == 2


def test_6_1_upgrade_moves_a_cube_from_a_top_slot_to_a_bottom_cost_space():
    s = bottom(new("nordic,polania"), 0, UPG, oil=3)
    coins = s.coins[0]
    s.apply("upgrade power>deploy")
    assert not s.top_cubes[0] >> D.SLOT_POWER & 1 and s.bottom_cubes[0][DEP] == 1
    assert s.bottom_cost(0, DEP) == 2 and s.coins[0] == coins + 3


def test_6_1_solid_cost_boxes_cannot_be_covered():
    s = bottom(new("nordic,polania", mats="patriotic,engineering"), 0, 0, oil=2)  # Patriotic upgrade: 2 oil, no cube spaces
    assert not [a for a in texts(s) if a.endswith(">upgrade")]
    s.bottom_cubes[0][DEP] = 3  # all three Deploy spaces covered
    s.top_cubes[0] &= ~(7 << 3)
    refresh(s)
    s._legal = None
    assert not [a for a in texts(s) if a.endswith(">deploy")]


def test_6_2_deploy_a_mech_on_a_worker_territory_unlocking_its_ability():
    s = bottom(new("nordic,polania"), 0, DEP, metal=3)
    opts = {a for a in texts(s) if a.startswith("deploy")}
    assert opts == {f"deploy m{m} {h}" for m in range(1, 5) for h in ("4,1", "5,1")}
    s.apply("deploy m4 4,1")
    assert s.pos[0][MECH0] == sp("4,1") and s.abil[0] == 1 << 3


def test_6_3_build_one_structure_per_territory_on_a_worker_territory():
    s = bottom(new("nordic,polania"), 0, BLD, wood=3)
    s.apply("build mill 5,1")
    assert s.struct_at[sp("5,1")] == D.MILL
    s = bottom(s, 0, BLD, wood=3)
    opts = {a for a in texts(s) if a.startswith("build")}
    assert opts == {f"build {x} 4,1" for x in ("mine", "monument", "armory")}


def test_6_4_enlist_gains_the_one_time_bonus_and_the_section_s_recruit():
    s = bottom(new("nordic,polania"), 0, ENL, food=4)
    power = s.power[0]
    s.apply("enlist deploy power")
    assert s.power[0] == power + 2 and s.recruits[0] == 1 << DEP and s.bonuses[0] == 1
    s = bottom(s, 0, ENL, food=4)
    assert not [a for a in texts(s) if a.startswith("enlist deploy") or a.endswith(" power")]


def test_6_5_ongoing_bonus_for_you_and_your_neighbours_two_players_once():
    s = new("nordic,polania")
    s.recruits[0] = 1 << UPG
    s.bonuses[0] = 1 << 1
    s.recruits[1] = 1 << UPG
    s.bonuses[1] = 1 << 1
    refresh(s)
    bottom(s, 0, UPG, oil=3)
    p0, p1 = s.power[0], s.power[1]
    s.apply("bottom only")
    assert (s.power[0], s.power[1]) == (p0 + 1, p1 + 1)


def test_6_5_only_immediate_neighbours_gain():
    s = new("nordic,rusviet,crimea,saxony", mats="engineering,mechanical,agricultural,industrial")
    for q in range(4):
        s.recruits[q] = 1 << BLD
        s.bonuses[q] = 1
    refresh(s)
    assert sorted(s.neighbours_of(0)) == [1, 3]  # seating Nordic, Rusviet, Crimea, Saxony
    bottom(s, 0, BLD, wood=3)  # Engineering: 3 bolster/build
    pops = list(s.pop)
    s.apply("bottom only")
    assert [s.pop[q] - pops[q] for q in range(4)] == [1, 1, 0, 1]


def test_6_5_enlisting_from_the_enlist_section_gives_no_bonus_on_that_same_action():
    s = bottom(new("nordic,polania"), 0, ENL, food=4)
    s.apply("enlist enlist coins")
    assert sum(s.hand[0]) == D.STARTING_CARDS[D.NORDIC]
    s = bottom(s, 0, ENL, food=4)
    s.apply("enlist upgrade power")
    assert sum(s.hand[0]) == D.STARTING_CARDS[D.NORDIC] + 1


def test_6_bottom_only_pays_for_the_coins_and_is_not_offered_without_the_cost():
    s = bottom(new("nordic,polania"), 0, UPG, oil=3)
    coins = s.coins[0]
    s.apply("bottom only")
    assert s.coins[0] == coins + 3 and res_at(s, "4,1", "oil") == 0
    s = bottom(s, 0, UPG, oil=2)
    assert texts(s) == {"end turn"}
