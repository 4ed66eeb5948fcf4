"""§8 Combat and the combat abilities of §14 (Artillery, People's Army, Camaraderie, Scout, Disarm, Seaworthy)."""

import pytest

from meeple.core import IllegalAction
from meeple.games.scythe import data as D
from meeple.games.scythe.data import CHAR, WORKER0

from .helpers import battle, mech, new, place, play, refresh, res_at, resources, section_of, set_hand, sp, texts, turn_of, unlock, workers

COMBAT_AB = D.COMBAT_ABILITY
HOME0, HOME1 = D.HOME[D.NORDIC], D.HOME[D.POLANIA]


def attack(s):
    play(s, "pick character", "to 5,1", "done")
    return s


def test_8_combat_waits_for_the_end_of_the_move_then_the_attacker_chooses_first():
    s = battle()
    play(s, "pick character", "to 5,1")
    assert s.phase == "move" and s.pending_combats == [sp("5,1")]  # the Move goes on; the fight comes after it
    play(s, "done")
    assert s.phase == "dial" and s.current_player == 0 and s.combat_at == sp("5,1") and s.defender == 1


def test_8_2_the_dial_goes_from_0_to_the_smaller_of_7_and_the_power():
    s = attack(battle(power=(3, 12)))
    assert texts(s) == {"dial 0", "dial 1", "dial 2", "dial 3"}
    play(s, "dial 3")  # no cards: the attacker's choice is complete, the defender chooses
    assert s.phase == "dial" and s.current_player == 1
    assert texts(s) == {f"dial {d}" for d in range(8)}


def test_8_2_a_seat_with_no_power_dials_0_without_being_asked():
    s = battle(power=(0, 4))
    set_hand(s, 0, 2)
    attack(s)
    assert s.phase == "cards" and s.dial[0] == 0 and texts(s) == {"cards none", "cards 2"}


def test_8_2_one_card_per_character_and_mech_in_the_combat_highest_first():
    s = battle()
    mech(s, 0, "4,1")
    set_hand(s, 0, 5, 4, 3, 2)
    refresh(s)
    play(s, "pick character", "to 5,1", "pick mech 4,1", "to 5,1")  # two units moved: the Move ends
    play(s, "dial 1")
    singles = {"cards 5", "cards 4", "cards 3", "cards 2"}
    pairs = {"cards 5+4", "cards 5+3", "cards 5+2", "cards 4+3", "cards 4+2", "cards 3+2"}
    assert texts(s) == {"cards none"} | singles | pairs  # at most 2: a character and a mech
    play(s, "cards 3+4")  # any order is read; the set is what counts
    assert s.current_player == 1 and s.played[0] == [0, 1, 1, 0] and s.history[-1] == "cards 4+3"


def test_8_3_ties_go_to_the_attacker_and_8_4_both_lose_their_dial_and_discard_their_cards():
    s = battle(power=(5, 6))
    set_hand(s, 0, 3)
    set_hand(s, 1, 2)
    refresh(s)
    attack(s)
    discard = list(s.discard)
    play(s, "dial 2", "cards 3", "dial 3", "cards 2")  # 5 against 5
    assert s.last_combat[7] == 0
    assert s.power == [3, 3]
    assert s.discard[D.CARD_VALUES.index(3)] == discard[D.CARD_VALUES.index(3)] + 1
    assert s.discard[D.CARD_VALUES.index(2)] == discard[D.CARD_VALUES.index(2)] + 1


def test_8_5_the_winning_attacker_takes_the_territory_a_star_and_loses_popularity_per_worker_driven_out():
    s = battle()
    resources(s, "5,1", oil=2)
    refresh(s)
    pop = s.pop[0]
    attack(s)
    play(s, "dial 4", "dial 1")
    assert s.pos[1][CHAR] == HOME1 and s.pos[1][WORKER0] == HOME1  # 8.6: all the loser's units go home
    assert s.pos[1][WORKER0 + 1] == sp("6,3")  # units elsewhere stay
    assert res_at(s, "5,1", "oil") == 2 and s.controls(0, sp("5,1"))  # resources stay for the winner
    assert s.stars[0][D.STAR_COMBAT] == 1 and s.pop[0] == pop - 1
    assert s.phase == "bottom"


def test_8_6_the_loser_draws_a_card_only_if_it_revealed_some_power():
    s = attack(battle())
    play(s, "dial 4", "dial 1")
    assert sum(s.hand[1]) == 1
    s = attack(battle())
    play(s, "dial 4", "dial 0")
    assert sum(s.hand[1]) == 0


def test_8_5_a_winning_defender_earns_the_star_and_the_attacker_retreats_with_the_workers_it_carried():
    s = battle()
    pop = list(s.pop)
    mech(s, 0, "4,1")
    refresh(s)
    play(s, "pick mech 4,1", "load worker", "to 5,1", "done")
    play(s, "dial 0", "dial 1")
    assert s.last_combat[7] == 1 and s.stars[1][D.STAR_COMBAT] == 1
    assert s.pos[0][1] == HOME0 and s.pos[0][WORKER0] == HOME0  # the carried worker retreats too
    assert s.pos[0][WORKER0 + 1] == sp("4,1")
    assert s.pop == pop and sum(s.hand[0]) == 0  # no popularity changes; the attacker revealed nothing


@pytest.mark.parametrize(("faction", "stars_after"), [("nordic", 2), ("saxony", 3)])
def test_8_5_at_most_two_combat_stars_saxony_dominate_has_no_limit(faction, stars_after):
    s = battle(f"{faction},polania")
    s.stars[0][D.STAR_COMBAT] = 2
    attack(s)
    play(s, "dial 1", "dial 0")
    assert s.stars[0][D.STAR_COMBAT] == stars_after


def test_8_several_combats_of_one_move_are_fought_in_the_attacker_s_order():
    s = battle()
    mech(s, 0, "4,1")
    mech(s, 1, "4,2")
    refresh(s)
    play(s, "pick character", "to 5,1", "pick mech 4,1", "to 4,2")
    assert s.phase == "fight" and texts(s) == {"fight 5,1", "fight 4,2"}
    play(s, "fight 4,2")
    assert s.combat_at == sp("4,2") and s.pending_combats == [sp("5,1")]
    play(s, "dial 1", "dial 0")
    assert s.combat_at == sp("5,1") and s.phase == "dial"  # the last one follows by itself
    play(s, "dial 1", "dial 0")
    assert s.phase == "bottom" and s.stars[0][D.STAR_COMBAT] == 2


def test_14_nordic_artillery_pays_1_power_for_the_opponent_to_lose_2():
    s = battle(power=(5, 5))
    unlock(s, 0, COMBAT_AB)
    refresh(s)
    attack(s)
    assert s.phase == "artillery" and texts(s) == {"artillery", "no artillery"}
    play(s, "artillery")
    assert s.power == [4, 3] and s.phase == "dial" and s.current_player == 0
    s = battle(power=(0, 5))
    unlock(s, 0, COMBAT_AB)
    refresh(s)
    attack(s)
    assert s.phase == "dial" and s.current_player == 1  # no power to pay: not offered (and nothing to choose)


def test_14_nordic_artillery_is_offered_to_a_defending_nordic_after_the_attacker_s_abilities():
    s = battle("polania,nordic")
    unlock(s, 1, COMBAT_AB)
    refresh(s)
    attack(s)
    assert s.phase == "artillery" and s.current_player == 1
    play(s, "no artillery")
    assert s.phase == "dial" and s.current_player == 0 and s.power == [5, 5]


def test_14_crimea_scout_steals_a_random_card_before_the_combat():
    s = battle("crimea,polania")
    unlock(s, 0, COMBAT_AB)
    set_hand(s, 1, 5)
    refresh(s)
    attack(s)
    assert s.hand[1] == [0, 0, 0, 0] and s.hand[0][3] == 1
    assert {"chance": "scout", "value": 5} in s.history


def test_14_saxony_disarm_costs_the_opponent_2_power_on_a_tunnel_only():
    for target, lost in (("5,1", 0), ("3,2", 2)):
        s = battle("saxony,polania")
        unlock(s, 0, COMBAT_AB)
        place(s, 1, CHAR, target)
        workers(s, 1, "6,3", "6,3")
        refresh(s)
        # the tunnel 3,2 is across a river from 4,1; Saxony's Underpass is not unlocked, so go through the tunnel from 2,3
        if target == "3,2":
            place(s, 0, CHAR, "2,3")
            refresh(s)
        play(s, "pick character", f"to {target}", "done")
        assert s.power[1] == 5 - lost


def test_14_rusviet_people_s_army_adds_a_card_when_a_rusviet_worker_is_in_the_combat():
    s = battle("rusviet,polania", "engineering,industrial")
    unlock(s, 0, COMBAT_AB)
    mech(s, 0, "4,1")
    set_hand(s, 0, 2, 2, 2, 2)
    refresh(s)
    play(s, "pick mech 4,1", "load worker", "to 5,1", "done")
    assert s.card_cap(0) == 2  # one mech, plus People's Army with the carried worker
    play(s, "dial 0")
    assert "cards 2+2" in texts(s) and "cards 2+2+2" not in texts(s)
    play(s, "cards 2+2")
    assert s.current_player == 1


def test_14_polania_camaraderie_loses_no_popularity_for_workers_driven_out():
    s = battle("polania,nordic")
    unlock(s, 0, COMBAT_AB)
    refresh(s)
    pop = s.pop[0]
    attack(s)
    play(s, "dial 3", "dial 0")
    assert s.pos[1][WORKER0] == D.HOME[D.NORDIC] and s.pop[0] == pop


def test_8_6_nordic_seaworthy_may_retreat_onto_an_adjacent_lake():
    s = battle("polania,nordic")
    unlock(s, 1, D.MOVEMENT_ABILITY)
    place(s, 1, CHAR, "4,2")  # next to the lake 4,3
    workers(s, 1, "4,2", "6,3")
    place(s, 0, CHAR, "4,1")
    refresh(s)
    play(s, "pick character", "to 4,2", "done")
    play(s, "dial 2", "dial 0")
    assert s.phase == "retreat" and s.current_player == 1 and texts(s) == {"retreat home", "retreat 4,3"}
    play(s, "retreat 4,3")
    assert s.pos[1][CHAR] == sp("4,3") and s.pos[1][WORKER0] == D.HOME[D.NORDIC]  # workers never stay on a lake
    assert s.pos[1][1] == D.HOME[D.NORDIC]  # the Seaworthy mech was on the home base and did not fight


def test_8_7_and_9_the_winning_attacker_s_character_then_meets_the_encounter():
    s = battle()
    place(s, 1, CHAR, "4,2")
    workers(s, 1, "6,3", "6,3")
    refresh(s)
    play(s, "pick character", "to 4,2", "done")
    play(s, "dial 1", "dial 0")
    assert s.phase == "encounter" and sp("4,2") not in s.tokens


def test_8_a_losing_attacker_s_character_does_not_meet_the_encounter():
    s = battle()
    place(s, 1, CHAR, "4,2")
    workers(s, 1, "6,3", "6,3")
    refresh(s)
    play(s, "pick character", "to 4,2", "done")
    play(s, "dial 0", "dial 1")
    assert s.phase == "bottom" and sp("4,2") in s.tokens and s.pos[0][CHAR] == HOME0


def test_12_a_sixth_star_during_the_combats_ends_the_game_and_units_in_unresolved_combats_go_back():
    s = battle()
    mech(s, 0, "4,1")
    mech(s, 1, "4,2")
    s.stars[0] = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    refresh(s)
    play(s, "pick character", "to 5,1", "pick mech 4,1", "to 4,2", "fight 5,1", "dial 1", "dial 0")
    assert s.is_over and s.ended_by == 0
    assert s.pos[0][1] == sp("4,1") and s.pos[0][CHAR] == sp("5,1")


def test_7_3_a_worker_may_not_leave_a_territory_held_by_an_enemy_character_or_mech():
    s = new("nordic,polania")
    workers(s, 0, "4,1", "5,1")
    place(s, 1, CHAR, "4,1")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    s.apply("move")
    assert "pick worker 4,1" not in texts(s) and "pick worker 5,1" in texts(s)


def test_8_bad_combat_input_is_refused_and_changes_nothing():
    s = battle(power=(3, 3))
    set_hand(s, 0, 2)
    refresh(s)
    attack(s)
    before = s.to_dict()
    for bad in ("dial 4", "dial 8", "cards 5", "cards 2", "fight 5,1", "retreat home", "artillery"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_dict() == before
    play(s, "dial 1")
    with pytest.raises(IllegalAction):
        s.apply("dial 1")  # already dialled


def test_8_lake_combat_between_lake_capable_factions():
    s = battle()
    unlock(s, 0, D.MOVEMENT_ABILITY)  # Seaworthy
    mech(s, 0, "4,2")
    unlock(s, 1, D.MOVEMENT_ABILITY)  # Submerge
    mech(s, 1, "4,3")
    refresh(s)
    play(s, "pick mech 4,2", "to 4,3", "done")
    assert s.combat_at == sp("4,3") and s.phase == "dial"
    play(s, "dial 1", "dial 0")
    assert s.pos[1][2] == HOME1 and s.pos[0][2] == sp("4,3")  # the mechs moved in slot 2 (slot 1 is at home)


def test_8_6_resources_carried_into_a_lost_combat_stay_on_the_territory_for_the_winner():
    s = battle()
    mech(s, 0, "4,1")
    resources(s, "4,1", wood=2)
    refresh(s)
    play(s, "pick mech 4,1", "load wood", "load wood", "to 5,1", "done")
    assert res_at(s, "5,1", "wood") == 2  # dropped where the move ended
    play(s, "dial 0", "dial 2")
    assert s.pos[0][1] == HOME0 and res_at(s, "5,1", "wood") == 2 and s.controls(1, sp("5,1"))
    assert s.resources_controlled(1) >= 2 and res_at(s, "4,1", "wood") == 0
