"""What Stone Age's heuristic (Game.evaluate) is meant to value, so one-ply greedy and truncated rollouts can tell
moves apart: people placed but not yet used, the expected yield of dice, tools, the coming feeding, cards' final
scoring (§4–§7, §10)."""

import pytest

from meeple.agents import make_agent
from meeple.games.stoneage.data import CARDS, CULTURE_SYMBOLS, VALUES
from meeple.games.stoneage.evaluate import expected_yield
from meeple.games.stoneage.game import GAME

from .helpers import LOC, W, card_with, give_cards, new, texts, to_actions


def placed(seat_people: dict[str, int], players: int = 2, seed: int = 61):
    """A placement-phase state where seat 0 has put people as given and keeps no one else at home."""
    s = new(players, seed=seed)
    for name, count in seat_people.items():
        s.at[0][LOC[name]] += count
        s.occ[LOC[name]] += count
    s.home[0] = 0
    s._legal = None
    return s


def test_expected_yield_is_the_mean_of_floor_of_dice_plus_tools_over_the_divisor():
    """§5.2: one die on the forest gives floor(d/3): 0, 0, 1, 1, 1, 2 → 5/6; a tool of 1 makes it 0, 1, 1, 1, 2, 2."""
    assert expected_yield(1, 0, 3) == pytest.approx(5 / 6)
    assert expected_yield(1, 1, 3) == pytest.approx(7 / 6)
    assert expected_yield(0, 0, 2) == 0
    assert expected_yield(3, 0, 6) < expected_yield(3, 0, 3)


@pytest.mark.parametrize("loc", ["hunt", "forest", "clay", "quarry", "river", "field", "toolmaker"])
def test_s4_people_placed_on_a_location_are_worth_more_than_the_same_people_nowhere(loc):
    """§4/§5: a placed person is not wasted: its location's yield counts before it is used."""
    count = 1 if loc in ("field", "toolmaker") else 3
    nowhere = placed({})
    there = placed({loc: count})
    assert GAME.evaluate(there)[0] > GAME.evaluate(nowhere)[0]
    assert GAME.evaluate(there)[1] == GAME.evaluate(nowhere)[1]


def test_s4_hut_adds_a_person_worth_more_than_two_gatherers_early():
    """§5.4: early in the game a new person (fed by agriculture and hunting) is worth more than one round's gathering."""
    assert GAME.evaluate(placed({"hut": 2}))[0] > GAME.evaluate(placed({"forest": 2}))[0]


def test_s5_2_more_people_on_a_dice_location_and_unused_tools_raise_its_value():
    """§5.2/§6: the yield grows with the dice, and unused tools can still be added to the roll."""
    few, more = placed({"river": 2}), placed({"river": 4})
    assert GAME.evaluate(more)[0] > GAME.evaluate(few)[0]
    tooled = placed({"river": 2})
    tooled.tiles[0], tooled.used[0] = [2, 2], [False, False]
    spent = placed({"river": 2})
    spent.tiles[0], spent.used[0] = [2, 2], [True, True]
    assert GAME.evaluate(tooled)[0] > GAME.evaluate(spent)[0]


def test_s6_greedy_adds_a_tool_when_it_reaches_the_next_resource_and_not_otherwise():
    """§6: with a roll of 5 on the forest, a tool of 1 makes 6 = two wood; with nothing else to roll, it is worth it."""
    s = new(2, seed=62)
    s.tiles[0], s.used[0] = [1], [False]
    to_actions(s, 0, {"forest": 1, "hunt": 1})
    s.script = None
    s.apply("use forest")
    s.roll_total = 5
    s._legal = None
    assert sorted(texts(s)) == ["done", "tool 1"]
    values = {}
    for text in ("done", "tool 1"):
        child = s.clone()
        child.apply(text)
        values[text] = GAME.evaluate(child)[0]
    assert values["tool 1"] > values["done"]


def test_s7_a_seat_that_will_starve_scores_below_a_fed_one():
    """§7: food short at the coming feeding with nothing to pay costs the starvation penalty."""
    fed = new(2, seed=63)
    fed.people[0], fed.food[0], fed.agri[0] = 7, 7, 0
    hungry = fed.clone()
    hungry.food[0] = 0
    assert GAME.evaluate(fed)[0] - GAME.evaluate(hungry)[0] >= 10


def test_s7_people_on_the_hunting_grounds_make_the_coming_feeding_safer():
    """§5.2/§7: a seat with no food values hunters above the same number of gatherers of wood."""
    hunters, gatherers = placed({"hunt": 5}), placed({"forest": 5})
    for s in (hunters, gatherers):
        s.food[0] = 0
    assert GAME.evaluate(hunters)[0] > GAME.evaluate(gatherers)[0]


def test_s7_greedy_pays_a_small_shortfall_with_wood_rather_than_starve():
    """§7.3: one food short, one wood in hand: paying it (about 2-3 points) beats −10."""
    s = new(2, seed=64)
    s.people[0], s.food[0], s.agri[0] = 5, 4, 0
    s.res[0] = [1, 0, 0, 1]
    to_actions(s, 0, {})
    assert s.phase == "feed" and s.turn == 0
    bot = make_agent("greedy", seed=1)
    assert str(bot.act(s)) == "feed w"


def culture_card(symbol: str, skip: tuple[int, ...] = ()) -> int:
    return next(c.id for c in CARDS if c.bottom == "culture" and CULTURE_SYMBOLS[c.symbol] == symbol and c.id not in skip)


def test_s10_1_more_cards_of_a_green_set_score_more():
    """§10.1: culture cards count as the square of the distinct symbols; a new symbol adds more than a repeat."""
    s = new(2, seed=65)
    first, second = culture_card("pottery"), culture_card("music")
    repeat = culture_card("music", skip=(second,))
    values = [GAME.evaluate(s)[0]]
    for cid in (first, second):
        give_cards(s, 0, cid)
        values.append(GAME.evaluate(s)[0])
    assert values[0] < values[1] < values[2]
    fresh, again = s.clone(), s.clone()
    give_cards(fresh, 0, culture_card("writing"))
    give_cards(again, 0, repeat)
    assert GAME.evaluate(fresh)[0] > GAME.evaluate(again)[0] > values[2]


def test_s10_2_sand_figures_count_with_their_multiplier():
    """§10.2: farmer figures score the agriculture level: the same card is worth more to a seat with more fields."""
    s = new(2, seed=66)
    farmer = card_with("food", 3, bottom="farmer")
    low, high = s.clone(), s.clone()
    high.agri[0] = 6
    gain = {}
    for name, t in (("low", low), ("high", high)):
        before = GAME.evaluate(t)[0]
        give_cards(t, 0, farmer)
        gain[name] = GAME.evaluate(t)[0] - before
    assert gain["high"] > gain["low"] > 0


def test_s5_6_a_card_slot_counts_the_card_net_of_its_cost_only_when_it_can_be_paid():
    """§5.6: a person on a card slot buys it if its owner has the resources; otherwise it goes home with nothing."""
    poor = new(2, seed=67)
    poor.at[0][LOC["card 1"]] = 1
    poor.occ[LOC["card 1"]] = 1
    poor.home[0] -= 1
    rich = poor.clone()
    rich.res[0][W] = 1
    nothing = poor.clone()
    nothing.at[0][LOC["card 1"]] = 0
    assert GAME.evaluate(poor)[0] == pytest.approx(GAME.evaluate(nothing)[0])
    wood_alone = nothing.clone()
    wood_alone.res[0][W] = 1
    assert GAME.evaluate(rich)[0] > GAME.evaluate(wood_alone)[0]


def test_the_seats_own_value_ignores_what_determinize_resamples():
    """Hidden information: a seat's value reads only what the seat can see, so determinizing for it changes nothing."""
    s = new(3, seed=68)
    for p in range(3):
        s.secret[p].append(s.deck.pop())
    for seat in range(3):
        for k in (1, 2, 3):
            assert GAME.evaluate(s.determinize(seat, k))[seat] == pytest.approx(GAME.evaluate(s)[seat])


def test_resource_values_follow_the_divisors_while_buildings_can_be_bought():
    """§1: wood < clay < stone < gold, as their building values 3 < 4 < 5 < 6."""
    s = new(2, seed=69)
    worth = []
    for r in range(4):
        t = s.clone()
        t.res[0][r] += 1
        worth.append(GAME.evaluate(t)[0])
    assert worth == sorted(worth) and len(set(worth)) == 4
    assert VALUES == (3, 4, 5, 6)
