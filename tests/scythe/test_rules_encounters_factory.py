"""§9 Encounters (every base card and option, Polania Meander) and §10 the Factory and its cards (every one)."""

import pytest

from meeple.core import IllegalAction
from meeple.games.scythe import data as D
from meeple.games.scythe.data import CHAR, WORKER0

from .helpers import mech, new, place, play, refresh, res_at, section_of, set_hand, sp, texts, turn_of, workers

TOKEN = "4,2"  # a mountain with an encounter token, next to Nordic's starting workers


def at_encounter(card, factions="nordic,polania", coins=10, pop=10, power=5):
    """Seat 0's character has just stopped on the token at 4,2 and drawn encounter ``card``."""
    s = new(factions)
    place(s, 0, CHAR, TOKEN)
    workers(s, 0, "4,1", "5,1")
    s.coins[0], s.pop[0], s.power[0] = coins, pop, power
    turn_of(s, 0, section_of(s, 0, "move"))
    s.tokens.remove(sp(TOKEN))
    s.encounter_deck.remove(card)
    s.encounter_card = card
    s.phase = "encounter"
    s.after = 1
    return refresh(s)


def resolve_gains(s):
    """Take the first offered choice of every gain decision (a full benefit)."""
    while s.phase == "gain":
        s.apply(next(a for a in s.legal_actions() if a.text != "done"))


def snapshot(s, seat=0):
    return {
        "coins": s.coins[seat], "popularity": s.pop[seat], "power": s.power[seat], "cards": sum(s.hand[seat]),
        "tokens": sum(s.res[sp(TOKEN) * 4 : sp(TOKEN) * 4 + 4]), "workers": s.workers_on_board(seat),
        "mechs": s.mechs_deployed(seat), "structures": sum(1 for h in s.struct_hex[seat] if h >= 0),
        "recruits": bin(s.recruits[seat]).count("1"), "upgrades": 6 - bin(s.top_cubes[seat]).count("1"),
    }  # fmt: skip


_EFFECT = {
    "coins": "coins", "popularity": "popularity", "power": "power", "combat_cards": "cards", "worker": "workers",
    "oil": "tokens", "metal": "tokens", "wood": "tokens", "food": "tokens", "resources_any_combination": "tokens",
    "deploy_mech": "mechs", "build_structure": "structures", "enlist_recruit": "recruits", "upgrade": "upgrades",
}  # fmt: skip


def expected(before, cost, gain):
    want = dict(before)
    for t, a in cost:
        want[t] -= a
    for t, a in gain:
        want[_EFFECT[t]] += a
        if t == "enlist_recruit":
            want["power"] += 2  # the first free recruit bonus offered is 2 power
    return want


@pytest.mark.parametrize(("card", "option"), [(c, i) for c in D.ENCOUNTER_CARDS for i in range(3)])
def test_9_every_encounter_option_costs_and_gives_what_its_card_says(card, option):
    s = at_encounter(card)
    before = snapshot(s)
    cost, gain = D.ENCOUNTER_OPTIONS[card][option]
    s.apply(f"option {'abc'[option]}")
    resolve_gains(s)
    assert snapshot(s) == expected(before, cost, gain)
    assert s.phase == "bottom" and s.encounter_card == -1 and card in s.encounter_used  # no coins, no recruit bonus


def test_9_card_1_by_hand_two_coins_and_a_popularity_or_food_for_coins_or_a_free_building():
    s = at_encounter(1)
    play(s, "option a")
    assert (s.coins[0], s.pop[0]) == (12, 11)
    s = at_encounter(1)
    play(s, "option b")
    assert s.coins[0] == 8 and res_at(s, TOKEN, "food") == 4
    s = at_encounter(1)
    play(s, "option c")
    assert s.pop[0] == 8 and s.phase == "gain" and texts(s) == {f"build {x} {TOKEN}" for x in D.STRUCTURES} | {"done"}
    play(s, f"build mill {TOKEN}")
    assert s.struct_hex[0][D.MILL] == sp(TOKEN) and s.phase == "bottom"


def test_9_you_must_pay_the_whole_cost_but_may_take_part_of_the_benefit():
    s = at_encounter(1, coins=1, pop=1)
    assert texts(s) == {"option a"}  # 2 coins and 2 popularity are out of reach
    card, i = next((c, i) for c in D.ENCOUNTER_CARDS for i in range(3) if ("resources_any_combination", 5) in D.ENCOUNTER_OPTIONS[c][i][1])
    s = at_encounter(card)
    play(s, f"option {'abc'[i]}", f"put wood {TOKEN}", "done")
    assert res_at(s, TOKEN, "wood") == 1 and s.phase == "bottom"


def test_9_the_encounter_card_12_option_a_is_the_unverified_wood_and_is_listed():
    assert D.ENCOUNTER_OPTIONS[12][0] == ((), (("wood", 2), ("popularity", 1)))
    assert "encounter 12" in D.UNVERIFIED
    s = at_encounter(12)
    play(s, "option a")
    assert res_at(s, TOKEN, "wood") == 2


def test_14_polania_meander_takes_two_options_the_first_paying_for_the_second():
    s = at_encounter(1, factions="polania,nordic", coins=0, pop=0)
    place(s, 0, CHAR, TOKEN)
    workers(s, 0, "4,1", "5,1")
    refresh(s)
    assert texts(s) == {"option a"}
    play(s, "option a")  # 2 coins and 1 popularity
    assert s.phase == "encounter" and texts(s) == {"option b", "done"}
    play(s, "option b")
    assert s.coins[0] == 0 and res_at(s, TOKEN, "food") == 4 and s.phase == "bottom"


def test_14_meander_may_stop_after_one_option_and_other_factions_take_one():
    s = at_encounter(1, factions="polania,nordic")
    play(s, "option a", "done")
    assert s.phase == "bottom"
    s = at_encounter(1)
    play(s, "option a")
    assert s.phase == "bottom"


def test_9_a_free_deploy_from_an_encounter_goes_to_the_character_s_territory():
    card = next(c for c in D.ENCOUNTER_CARDS if ("deploy_mech", 1) in D.ENCOUNTER_OPTIONS[c][2][1])
    s = at_encounter(card)
    play(s, "option c")
    assert texts(s) == {f"deploy m{m} {TOKEN}" for m in range(1, 5)} | {"done"}
    play(s, f"deploy m4 {TOKEN}")
    assert s.pos[0][1] == sp(TOKEN) and s.abil[0] == 8 and s.coins[0] == 10


# -- §10 the Factory ----------------------------------------------------------------------------------------------


def to_factory(factions="nordic,polania"):
    s = new(factions)
    place(s, 0, CHAR, "3,3")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick character", "to 3,4", "done")
    return s


def test_10_the_first_character_on_the_factory_looks_at_the_cards_and_keeps_one():
    s = to_factory()
    dealt = sorted(s.factory)
    assert len(dealt) == 3 and s.phase == "factory" and texts(s) == {f"keep factory {c}" for c in dealt}
    assert s.observation(0)["factory_cards_seen"] == dealt and s.observation(1)["factory_cards_seen"] is None
    play(s, f"keep factory {dealt[1]}")
    assert s.factory_card[0] == dealt[1] and sorted(s.factory) == [dealt[0], dealt[2]] and s.phase == "bottom"
    # a later visitor sees one card fewer; the first visitor never takes another
    s.pos[1][CHAR] = sp("3,3")
    refresh(s)
    turn_of(s, 1, section_of(s, 1, "move"))
    play(s, "move", "pick character", "to 3,4", "done")
    assert s.phase == "dial"  # seat 0 holds the Factory: combat first


def test_10_a_factory_card_is_a_fifth_section_not_taken_two_turns_running():
    s = to_factory()
    play(s, f"keep factory {s.factory[0]}", "end turn")
    turn_of(s, 0)
    assert "section factory" in texts(s)
    s.last_section[0] = 4
    refresh(s)
    s._legal = None
    assert "section factory" not in texts(s)


@pytest.mark.parametrize("relentless", [False, True])
def test_3_rusviet_relentless_repeats_the_factory_section_only_under_the_2016_option(relentless):
    s = new("rusviet,polania", "engineering,industrial", relentless_factory=relentless)
    s.factory_seen = 1
    s.factory_card[0] = s.factory.pop()
    s.last_section[0] = 4
    refresh(s)
    turn_of(s, 0)
    s.last_section[0] = 4
    s._legal = None
    assert ("section factory" in texts(s)) == relentless


def with_factory_card(card, coins=10, pop=10, power=5):
    s = new("nordic,polania")
    if card in s.factory:
        s.factory.remove(card)
    else:
        s.factory_rest.remove(card)
    s.factory_card[0] = card
    s.factory_seen = 1
    s.coins[0], s.pop[0], s.power[0] = coins, pop, power
    set_hand(s, 0, 2, 3)
    refresh(s)
    turn_of(s, 0)
    s.apply("section factory")
    return s


@pytest.mark.parametrize("card", D.FACTORY_CARDS)
def test_10_every_factory_card_s_top_action_costs_and_gives_what_the_card_says(card):
    s = with_factory_card(card)
    cost, gain, mode = D.FACTORY_TOP[card]
    before = {"coins": s.coins[0], "popularity": s.pop[0], "power": s.power[0], "combat_cards": sum(s.hand[0])}
    board = sum(s.res)
    mechs, structures = s.mechs_deployed(0), sum(1 for h in s.struct_hex[0] if h >= 0)
    recruits, upgrades = s.recruits[0].bit_count(), 6 - s.top_cubes[0].bit_count()
    assert texts(s) == {"factory top", "no top"}
    play(s, "factory top")
    if mode == "choose_one":
        assert texts(s) == {"option a", "option b"}
        play(s, "option a")
        gain = gain[:1]
    resolve_gains(s)
    assert s.phase == "bottom"
    after = {"coins": s.coins[0], "popularity": s.pop[0], "power": s.power[0], "combat_cards": sum(s.hand[0])}
    want = dict(before)
    for t, a in cost:
        want[t] -= a
    for t, a in gain:
        if t in want:
            want[t] += a
    if ("enlist_recruit", 1) in gain:
        want["power"] += 2  # the free recruit's one-time bonus (the first offered: power)
    assert after == want
    kinds = dict(gain)
    assert s.mechs_deployed(0) == mechs + kinds.get("deploy_mech", 0)
    assert sum(1 for h in s.struct_hex[0] if h >= 0) == structures + kinds.get("build_structure", 0)
    assert s.recruits[0].bit_count() == recruits + kinds.get("enlist_recruit", 0)
    assert 6 - s.top_cubes[0].bit_count() == upgrades + kinds.get("upgrade", 0)
    made = kinds.get("resources_any_combination", 0) + (2 if "produce" in kinds else 0)  # one worker on each of 2 territories
    assert sum(s.res) == board + made


def test_10_a_factory_card_s_top_action_needs_its_whole_cost():
    card = next(c for c in D.FACTORY_CARDS if ("combat_cards", 1) in D.FACTORY_TOP[c][0])
    s = with_factory_card(card)
    set_hand(s, 0)
    refresh(s)
    s._legal = None
    assert texts(s) == {"no top"}
    with pytest.raises(IllegalAction):
        s.apply("factory top")


def test_7_4_the_factory_move_takes_one_unit_up_to_two_territories_with_no_coins():
    s = with_factory_card(5)
    coins = s.coins[0]
    play(s, "no top")
    assert "factory move" in texts(s) and not any(t.startswith(("upgrade", "deploy", "build", "enlist")) for t in texts(s))
    play(s, "factory move", "pick character", "to 4,1")
    assert s.phase == "unit" and s.steps == 1
    play(s, "to 5,1")
    assert s.pos[0][CHAR] == sp("5,1") and s.coins[0] == coins
    assert s.phase in ("section", "end") and s.last_section[0] == 4  # the turn is over: one unit only


def test_7_4_speed_gives_the_factory_move_a_third_territory():
    s = with_factory_card(5)
    mech(s, 0, "4,0", ability=D.SPEED)
    refresh(s)
    play(s, "no top", "factory move", "pick character", "to 4,1")
    assert s.steps == 2


def test_10_a_worker_on_the_factory_does_not_take_a_card():
    s = new("nordic,polania")
    workers(s, 0, "3,3", "5,1")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick worker 3,3", "to 3,4", "done")
    assert s.phase == "bottom" and s.factory_card[0] == -1 and s.pos[0][WORKER0] == sp("3,4")


def test_16_every_unverified_datum_is_listed_in_the_rules_page():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "rules" / "scythe.md").read_text(encoding="utf-8")
    assert D.UNVERIFIED, "the reference flags at least encounter 12"
    for item in D.UNVERIFIED:
        assert f"**{item}**" in page, f"{item} is unverified in the data but not listed in docs/rules/scythe.md"


def test_9_and_6_5_a_free_recruit_or_upgrade_from_a_card_gives_no_recruit_ongoing_bonus():
    card, i = next((c, i) for c in D.ENCOUNTER_CARDS for i in range(3) if ("enlist_recruit", 1) in D.ENCOUNTER_OPTIONS[c][i][1])
    s = at_encounter(card)
    s.recruits[1] = s.bonuses[1] = 1 << D.ENLIST  # the neighbour gets a card whenever seat 0 enlists from its mat
    refresh(s)
    hand = sum(s.hand[1])
    play(s, f"option {'abc'[i]}", "enlist upgrade power")
    assert (
        sum(s.hand[1]) == hand
        and s.recruits[0] == 1 << D.UPGRADE
        and s.coins[0] == 10 - dict(D.ENCOUNTER_OPTIONS[card][i][0]).get("coins", 0)
    )


def test_10_factory_card_actions_get_no_structure_bonus():
    card = next(c for c in D.FACTORY_CARDS if D.FACTORY_TOP[c][0] == (("power", 1),) and ("popularity", 2) in D.FACTORY_TOP[c][1])
    s = with_factory_card(card)
    s.struct_hex[0][D.MONUMENT] = sp("4,1")
    s.struct_at[sp("4,1")] = D.MONUMENT
    s.struct_hex[0][D.ARMORY] = sp("5,1")
    s.struct_at[sp("5,1")] = D.ARMORY
    refresh(s)
    play(s, "factory top")
    assert (s.power[0], s.pop[0]) == (4, 12)  # 1 power paid, 2 popularity gained: no Monument or Armory extra
