"""§1 Components and §2 Setup, and the checks of the shipped card and noble data."""

from collections import Counter

import pytest

from meeple.games.splendor.data import CARDS, GOLD, NOBLES

from .helpers import card_id, new, noble_id


def test_s1_card_counts_per_tier_and_colour():
    tiers = Counter(c.tier for c in CARDS)
    assert tiers == {1: 40, 2: 30, 3: 20}
    per = Counter((c.tier, c.bonus) for c in CARDS)
    for (tier, _colour), n in per.items():
        assert n == {1: 8, 2: 6, 3: 4}[tier]
    assert len(per) == 15


def test_s1_prestige_total_and_nobles():
    assert sum(c.points for c in CARDS) == 140
    assert len(NOBLES) == 10
    assert all(n.points == 3 for n in NOBLES)
    assert sum(1 for c in CARDS if c.cost[c.bonus] > 0) == 32


def test_s1_rulebook_worked_examples_are_in_the_data():
    card_id(3, "blue", 4, blue=3, black=3, white=6)
    assert NOBLES[noble_id(blue=3, green=3, white=3)].points == 3


@pytest.mark.parametrize(("players", "gems", "nobles"), [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_s2_supply_and_nobles_by_player_count(players, gems, nobles):
    s = new(players)
    assert s.supply[:5] == [gems] * 5
    assert s.supply[GOLD] == 5
    assert len(s.nobles) == nobles and len(set(s.nobles)) == nobles
    assert all(t == [0] * 6 for t in s.tokens)


def test_s2_display_has_four_cards_of_each_tier_and_decks_hold_the_rest():
    s = new(3, seed=5)
    for tier in range(3):
        row = s.display[tier * 4 : tier * 4 + 4]
        assert all(CARDS[c].tier == tier + 1 for c in row)
        assert len(s.decks[tier]) == (40, 30, 20)[tier] - 4


def test_s2_engine_seat_zero_starts():
    assert new(4, seed=9).current_player == 0


def test_s2_the_seed_decides_the_deal():
    a, b, c = new(2, seed=1), new(2, seed=1), new(2, seed=2)
    assert a.to_dict() == b.to_dict()
    assert (a.display, a.nobles) != (c.display, c.nobles)


def test_s2_setup_deals_are_chance_events_in_history():
    s = new(2, seed=3)
    deals = [e["value"] for e in s.history if e["chance"] == "deal"]
    nobles = [e["value"] for e in s.history if e["chance"] == "noble"]
    assert deals == s.display
    assert nobles == s.nobles


@pytest.mark.parametrize("players", [1, 5, 0, "2"])
def test_s2_player_count_out_of_range_is_refused(players):
    from meeple.games.splendor.game import GAME

    with pytest.raises(ValueError, match="players"):
        GAME.new_game(players=players, seed=1)
