"""§5 top-row actions: Bolster, Trade and Produce with their upgrades and structures (Move: see movement tests)."""

from meeple.games.scythe import data as D

from .helpers import new, play, refresh, res_at, section_of, sp, texts, turn_of, workers


def at_top(s, seat, top):
    return turn_of(s, seat, section_of(s, seat, top))


def built(s, seat, structure, space):
    s.struct_hex[seat][structure] = sp(space)
    s.struct_at[sp(space)] = seat * 4 + structure
    refresh(s)


def test_5_2_bolster_pays_a_coin_for_two_power_or_one_card():
    s = new("nordic,polania")
    at_top(s, 0, "bolster")
    coins, power = s.coins[0], s.power[0]
    s.apply("power")
    assert (s.coins[0], s.power[0]) == (coins - 1, power + 2)
    s = new("nordic,polania")
    at_top(s, 0, "bolster")
    s.apply("cards")
    assert sum(s.hand[0]) == D.STARTING_CARDS[D.NORDIC] + 1


def test_5_2_upgraded_bolster_gives_three_power_or_two_cards_and_the_monument_adds_popularity():
    s = new("nordic,polania")
    s.top_cubes[0] &= ~(1 << D.SLOT_POWER | 1 << D.SLOT_CARDS)
    s.bottom_cubes[0][D.BUILD] = 1
    s.bottom_cubes[0][D.DEPLOY] = 1
    built(s, 0, D.MONUMENT, "4,1")
    at_top(s, 0, "bolster")
    power, pop = s.power[0], s.pop[0]
    s.apply("power")
    assert (s.power[0], s.pop[0]) == (power + 3, pop + 1)
    at_top(s, 0, "bolster")
    cards = sum(s.hand[0])
    s.apply("cards")
    assert sum(s.hand[0]) == cards + 2


def test_5_2_bolster_needs_a_coin():
    s = new("nordic,polania")
    s.coins[0] = 0
    at_top(s, 0, "bolster")
    assert texts(s) == {"no top"}


def test_5_3_trade_places_two_resources_of_any_type_on_territories_with_workers():
    s = new("nordic,polania")
    at_top(s, 0, "trade")
    s.apply("trade")
    assert "put oil 4,1" in texts(s) and "put oil 4,0" not in texts(s) and "put oil 4,2" not in texts(s)
    play(s, "put oil 4,1", "put food 5,1")
    assert s.phase == "bottom" and res_at(s, "4,1", "oil") == 1 and res_at(s, "5,1", "food") == 1


def test_5_3_trade_benefit_may_be_taken_partially():
    s = new("nordic,polania")
    at_top(s, 0, "trade")
    play(s, "trade", "put wood 4,1", "done")
    assert s.phase == "bottom" and res_at(s, "4,1", "wood") == 1


def test_5_3_no_resources_without_a_worker_on_a_territory_but_popularity_still():
    s = new("nordic,polania")
    workers(s, 0, "4,0", "4,0")  # both sent home
    refresh(s)
    at_top(s, 0, "trade")
    assert texts(s) == {"popularity", "no top"}


def test_5_3_popularity_one_upgraded_two_and_the_armory_adds_power():
    s = new("nordic,polania")
    at_top(s, 0, "trade")
    pop = s.pop[0]
    s.apply("popularity")
    assert s.pop[0] == pop + 1
    s = new("nordic,polania")
    s.top_cubes[0] &= ~(1 << D.SLOT_POPULARITY)
    s.bottom_cubes[0][D.BUILD] = 1
    built(s, 0, D.ARMORY, "5,1")
    at_top(s, 0, "trade")
    pop, power = s.pop[0], s.power[0]
    s.apply("popularity")
    assert (s.pop[0], s.power[0]) == (pop + 2, power + 1)


def test_5_4_each_worker_produces_the_territory_s_resource():
    s = new("nordic,polania")
    workers(s, 0, "4,1", "4,1", "5,1")
    refresh(s)
    at_top(s, 0, "produce")
    play(s, "produce", "produce 4,1", "produce 5,1")
    assert res_at(s, "4,1", "wood") == 2 and res_at(s, "5,1", "oil") == 1
    assert s.phase == "bottom"


def test_5_4_villages_produce_workers_from_the_mat_no_more_than_remain():
    s = new("rusviet,nordic", mats="engineering,mechanical")
    workers(s, 0, "6,3", "6,3", "6,3", "6,3", "6,3", "6,3", "6,4")
    s.power[0] = 5
    refresh(s)
    at_top(s, 0, "produce")
    play(s, "produce", "produce 6,3")
    assert s.workers_on_board(0) == 8


def test_5_4_produce_cost_grows_with_workers_on_the_board():
    assert D.produce_cost(3) == (0, 0, 0)
    assert D.produce_cost(4) == (1, 0, 0)
    assert D.produce_cost(6) == (1, 1, 0)
    assert D.produce_cost(8) == (1, 1, 1)
    s = new("nordic,polania")
    workers(s, 0, "4,1", "4,1", "4,1", "4,1", "5,1", "5,1")
    s.power[0], s.pop[0], s.coins[0] = 3, 4, 5
    refresh(s)
    at_top(s, 0, "produce")
    s.apply("produce")
    assert (s.power[0], s.pop[0], s.coins[0]) == (2, 3, 5)


def test_5_4_produce_is_not_offered_when_its_cost_cannot_be_paid():
    s = new("nordic,polania")
    workers(s, 0, "4,1", "4,1", "4,1", "4,1")
    s.power[0] = 0
    refresh(s)
    at_top(s, 0, "produce")
    assert "produce" not in texts(s)


def test_5_4_upgraded_produce_uses_three_territories_and_lakes_factory_homes_produce_nothing():
    s = new("nordic,polania")
    s.top_cubes[0] &= ~(1 << D.SLOT_PRODUCE)
    s.bottom_cubes[0][D.BUILD] = 1
    workers(s, 0, "4,1", "5,1", "4,2", "3,4", "4,0")
    s.power[0] = 5
    refresh(s)
    at_top(s, 0, "produce")
    s.apply("produce")
    assert {a for a in texts(s) if a.startswith("produce ")} == {"produce 4,1", "produce 5,1", "produce 4,2"}
    play(s, "produce 4,1", "produce 5,1", "produce 4,2")
    assert s.phase == "bottom" and res_at(s, "4,2", "metal") == 1


def test_5_4_the_mill_produces_as_one_more_worker_on_an_extra_territory():
    s = new("nordic,polania")
    built(s, 0, D.MILL, "4,1")
    at_top(s, 0, "produce")
    s.apply("produce")
    assert res_at(s, "4,1", "wood") == 2  # the worker and the Mill
    assert "produce 5,1" in texts(s) and "produce 4,1" not in texts(s)


def test_4_no_produce_on_the_mill_unless_you_control_its_territory():
    s = new("nordic,polania")
    built(s, 0, D.MILL, "4,2")
    workers(s, 1, "1,3", "4,2")
    refresh(s)
    at_top(s, 0, "produce")
    s.apply("produce")
    assert res_at(s, "4,2", "metal") == 0


def test_4_structures_keep_their_owner_s_abilities_without_control():
    s = new("nordic,polania")
    built(s, 0, D.MONUMENT, "4,2")
    workers(s, 1, "1,3", "4,2")  # Polania holds the Monument's territory
    refresh(s)
    assert s.controls(1, sp("4,2"))
    at_top(s, 0, "bolster")
    pop = s.pop[0]
    s.apply("power")
    assert s.pop[0] == pop + 1


def test_6_3_the_mine_works_for_its_owner_even_when_an_opponent_controls_its_territory():
    s = new("nordic,polania")
    built(s, 0, D.MINE, "4,2")
    workers(s, 1, "1,3", "4,2")
    refresh(s)
    assert "4,2" in {D.SPACE_NAMES[h] for h in s.targets(0, D.CHAR, sp("5,5"))}
