"""§6 (reserve), §7 (purchase) and §11 (empty decks and display)."""

import pytest

from meeple import IllegalAction
from meeple.games.splendor.data import CARDS

from .helpers import GOLD, G, K, R, U, W, card_id, give_bonuses, give_cards, give_tokens, new, put_in_display, reserve_for, texts

EXAMPLE = dict(tier=3, bonus="blue", points=4, blue=3, black=3, white=6)


# -- §6 reserve ---------------------------------------------------------------------------


def test_s6_reserve_face_up_refills_the_slot_and_gives_gold():
    s = new(2)
    card = s.display[5]
    deck_before = len(s.decks[1])
    s.apply("reserve 2.2")
    assert s.reserved[0] == [card] and s.blind[0] == [False]
    assert s.display[5] not in (-1, card) and CARDS[s.display[5]].tier == 2
    assert len(s.decks[1]) == deck_before - 1
    assert s.tokens[0][GOLD] == 1 and s.supply[GOLD] == 4


def test_s6_blind_reservation_is_hidden_from_opponents_only():
    s = new(2)
    s.apply("reserve deck 3")
    card = s.reserved[0][0]
    assert s.blind[0] == [True] and CARDS[card].tier == 3
    mine = s.observation(0)["players"][0]["reserved"][0]
    theirs = s.observation(1)["players"][0]["reserved"][0]
    assert mine["id"] == card and mine["blind"] is True
    assert theirs == {"tier": 3, "hidden": True}
    assert s.observation(None)["players"][0]["reserved"][0] == {"tier": 3, "hidden": True}


def test_s6_at_most_three_reserved():
    s = new(2)
    for slot in (0, 1, 2):
        reserve_for(s, 0, s.display[slot])
    assert not any(t.startswith("reserve") for t in texts(s))
    with pytest.raises(IllegalAction):
        s.apply("reserve 1.4")


def test_s6_no_gold_left_still_allows_reserving():
    s = new(2)
    give_tokens(s, 1, {GOLD: 5})
    s.apply("reserve 1.1")
    assert len(s.reserved[0]) == 1 and s.tokens[0][GOLD] == 0


def test_s6_an_affordable_card_may_be_reserved():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cheap)
    give_tokens(s, 0, {U: 3})
    assert "buy 1.1" in texts(s) and "reserve 1.1" in texts(s)


def test_s6_s11_empty_deck_and_empty_slot_cannot_be_reserved():
    s = new(2)
    give_cards(s, 1, *list(s.decks[2]), s.display[8])
    s.display[8] = -1
    s.check_consistency()
    assert "reserve deck 3" not in texts(s)
    assert "reserve 3.1" not in texts(s)
    with pytest.raises(IllegalAction):
        s.apply("reserve deck 3")


# -- §7 purchase ----------------------------------------------------------------------------


def test_s7_rulebook_example_bonuses_discount_the_cost():
    """The 4-point blue card (3 blue, 3 black, 6 white) bought with 2 white and 1 blue bonus."""
    s = new(2)
    card = card_id(**EXAMPLE)
    put_in_display(s, 8, card)
    give_bonuses(s, 0, {W: 2, U: 1})
    give_tokens(s, 0, {W: 4, U: 2, K: 3})
    assert "buy 3.1" in texts(s)
    s.apply("buy 3.1")
    assert s.tokens[0] == [0, 0, 0, 0, 0, 0]
    assert s.supply[:5] == [4, 4, 4, 4, 4]
    assert s.bonuses[0][U] == 2 and s.points[0] == 4 and card in s.bought[0]


def test_s7_not_affordable_without_enough_tokens():
    s = new(2)
    card = card_id(**EXAMPLE)
    put_in_display(s, 8, card)
    give_bonuses(s, 0, {W: 2, U: 1})
    give_tokens(s, 0, {W: 3, U: 2, K: 3})  # one white short
    assert "buy 3.1" not in texts(s)
    with pytest.raises(IllegalAction):
        s.apply("buy 3.1")


def test_s7_gold_is_a_joker_for_the_shortfall():
    s = new(2)
    card = card_id(**EXAMPLE)
    put_in_display(s, 8, card)
    give_bonuses(s, 0, {W: 2, U: 1})
    give_tokens(s, 0, {W: 3, U: 2, K: 2, GOLD: 2})  # short one white and one black
    s.apply("buy 3.1")
    assert s.tokens[0] == [0, 0, 0, 0, 0, 0] and s.supply[GOLD] == 5


def test_s7_engine_gold_may_replace_coloured_tokens_by_choice():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cheap)
    give_tokens(s, 0, {U: 3, GOLD: 2})
    options = [t for t in texts(s) if t.startswith("buy 1.1")]
    assert options == ["buy 1.1", "buy 1.1 gold:u", "buy 1.1 gold:uu"]
    s.apply("buy 1.1 gold:uu")
    assert s.tokens[0][U] == 2 and s.tokens[0][GOLD] == 0


def test_s7_option_minimal_gold_offers_only_the_default_payment():
    s = new(2, payment="minimal_gold")
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cheap)
    give_tokens(s, 0, {U: 3, GOLD: 2})
    assert [t for t in texts(s) if t.startswith("buy 1.1")] == ["buy 1.1"]
    s.apply("buy 1.1")
    assert s.tokens[0][GOLD] == 2 and s.tokens[0][U] == 0


def test_s7_gold_cannot_replace_a_colour_the_bonuses_already_cover():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cheap)
    give_bonuses(s, 0, {U: 3})
    give_tokens(s, 0, {U: 2, GOLD: 1})
    assert [t for t in texts(s) if t.startswith("buy 1.1")] == ["buy 1.1"]
    s.apply("buy 1.1")
    assert s.tokens[0][U] == 2 and s.tokens[0][GOLD] == 1  # free: nothing spent


def test_s7_bought_display_card_is_replaced_from_its_deck():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 2, cheap)
    give_tokens(s, 0, {U: 3})
    s.apply("buy 1.3")
    assert s.display[2] >= 0 and s.display[2] != cheap and CARDS[s.display[2]].tier == 1


def test_s7_only_own_reserve_can_be_bought_and_it_leaves_the_reserve():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    reserve_for(s, 1, cheap)
    give_tokens(s, 0, {U: 3})
    assert "buy r1" not in texts(s)  # seat 0 could afford it, but it is seat 1's
    s.apply("take wgr")
    s.tokens[0][U] -= 3
    s.tokens[1][U] += 3
    s._legal = None
    s.apply("buy r1")
    assert s.reserved[1] == [] and s.blind[1] == [] and s.bought[1] == [cheap]


def test_s11_bought_slot_stays_empty_when_the_deck_is_empty():
    s = new(2)
    cheap = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cheap)
    give_cards(s, 1, *list(s.decks[0]))
    give_tokens(s, 0, {U: 3})
    s.apply("buy 1.1")
    assert s.display[0] == -1
    s.check_consistency()


def test_s7_purchase_never_increases_tokens_and_card_counts_are_conserved():
    s = new(2)
    cheap = card_id(1, "green", 0, white=1, blue=1, red=1, black=1)
    put_in_display(s, 0, cheap)
    give_tokens(s, 0, {W: 1, U: 1, R: 1, K: 1, G: 2})
    s.apply("buy 1.1")
    assert s.tokens[0][:5] == [0, 0, 2, 0, 0]
    s.check_consistency()
