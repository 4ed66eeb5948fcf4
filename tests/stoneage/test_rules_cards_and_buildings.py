"""§5.6 (civilization cards) and §5.7 (building tiles)."""

import pytest

from meeple.core import IllegalAction
from meeple.games.stoneage.data import CARDS

from .helpers import LOC, C, G, S, W, card_with, force, give_cards, new, put_card, put_tile, texts, tile_of, to_actions


def buyer(slot_card: int, slot: int = 0, res=(5, 5, 5, 5), players: int = 4, **opts):
    """Seat 0 stands on a card slot (and the hut, so the round does not end) with these resources."""
    s = new(players, seed=11, **opts)
    put_card(s, slot, slot_card)
    s.res[0] = list(res)
    to_actions(s, 0, {f"card {slot + 1}": 1, "hut": 2, "field": 1})
    s.apply(f"use card {slot + 1}")
    return s


@pytest.mark.parametrize("slot", [0, 1, 2, 3])
def test_s5_6_cost_is_set_by_the_slot_and_never_food(slot):
    """§5.6: slot 1 (right-most) costs 1 resource, then 2, 3, 4; any mix, no food."""
    s = buyer(card_with("points"), slot, res=(4, 4, 0, 0))
    pays = [t for t in texts(s) if t.startswith("pay ")]
    assert pays and all(len(t) - 4 == slot + 1 for t in pays)
    assert all(set(t[4:]) <= {"w", "c"} for t in pays)
    assert len(pays) == slot + 2  # the mixes of wood and clay of that size
    assert "decline" in texts(s)


def test_s5_6_declining_leaves_the_card_and_an_unaffordable_card_needs_no_decision():
    """§5.6: the person goes home, the card stays; a player who cannot pay is not asked."""
    s = buyer(card_with("points"), 2)
    s.apply("decline")
    assert s.display[2] == card_with("points") and s.cards[0] == []
    s = new(4, seed=11)
    put_card(s, 3, card_with("points"))
    s.res[0] = [1, 1, 1, 0]
    to_actions(s, 0, {"card 4": 1, "hut": 2, "field": 1})
    s.apply("use card 4")
    assert s.phase == "use" and s.cards[0] == [] and s.res[0] == [1, 1, 1, 0]


def test_s5_6_paying_takes_the_card_and_leaves_the_slot_empty_until_the_new_round():
    """§5.6 and §8.1: the slot stays empty; at the new round cards slide right and refill from the right."""
    cid = card_with("points")
    s = buyer(cid, 1)
    s.apply("pay wc")
    assert s.res[0] == [4, 4, 5, 5] and s.score[0] == 3 and s.cards[0] == [cid] and s.display[1] == -1
    left = s.display[2:]
    right = s.display[0]
    force(s, ("card", s.deck[0]))
    s.end_round()
    assert s.display[:3] == [right, *left]


@pytest.mark.parametrize(
    ("top", "value", "check"),
    [
        ("food", 7, lambda s: s.food[0] == 12 + 7),
        ("resource_stone", 2, lambda s: s.res[0][S] == 5 + 2 - 1),
        ("resource_gold", 1, lambda s: s.res[0][G] == 5 + 1),
        ("resource_clay", 1, lambda s: s.res[0][C] == 5 + 1),
        ("points", 3, lambda s: s.score[0] == 3),
        ("tool", 1, lambda s: s.tiles[0] == [1]),
        ("agriculture", 1, lambda s: s.agri[0] == 1),
        ("one_use_tool", 3, lambda s: s.once[0] == [3] and s.tiles[0] == []),
    ],
)
def test_s5_6_simple_top_halves(top, value, check):
    """§5.6: food N, resource N, points 3, tool step, agriculture, one-use tool."""
    s = buyer(card_with(top, value), 0)
    s.apply("pay s")
    assert check(s)


def test_s5_6_dice_roll_card_rolls_two_dice_and_allows_tools():
    """§5.6 dice_roll_X: 2 dice, unused tools and one-use tools may be added; gold ÷ 6."""
    s = new(4, seed=11)
    put_card(s, 0, card_with("dice_roll_gold"))
    s.res[0] = [1, 0, 0, 0]
    s.tiles[0], s.used[0] = [1], [False]
    s.once[0] = [4]
    force(s, ("roll", 7))
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    s.apply("pay w")
    assert s.phase == "tools" and set(texts(s)) == {"tool 1", "once 4", "done"}
    s.apply("once 4")
    s.apply("tool 1")
    assert s.res[0][G] == 2 and s.once[0] == []  # 7 + 4 + 1 = 12


def test_s5_6_one_use_tool_is_used_once_and_is_not_a_tool_tile():
    """§5.6 one_use_tool: adds once to a later roll; never in the tool total (§10, §11)."""
    s = buyer(card_with("one_use_tool", 2), 0)
    s.apply("pay w")
    assert s.once[0] == [2] and sum(s.tiles[0]) == 0 and s.tie_break(0) == s.agri[0] + s.people[0]


def test_s5_6_extra_card_is_drawn_in_secret():
    """§5.6 extra_card: the top card of the deck, seen only by its owner; it shrinks the deck."""
    s = buyer(card_with("extra_card"), 0)
    deck = len(s.deck)
    target = s.deck[3]
    force(s, ("extra", target))
    s.apply("pay w")
    assert s.secret[0] == [target] and len(s.deck) == deck - 1
    mine = s.observation(0)["players"][0]["extra_cards"]
    assert [c["id"] for c in mine] == [target]
    for seat in (1, 2, 3, None):
        assert s.observation(seat)["players"][0]["extra_cards"] == 1


def test_i4_extra_card_with_an_empty_deck_gives_nothing():
    """§5.6 [I4]."""
    s = new(4, seed=11)
    cid = card_with("extra_card")
    put_card(s, 0, cid)
    s.cards[1] += s.deck
    s.deck = []
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    s.apply("pay w")
    assert s.secret[0] == [] and s.cards[0] == [cid]


def test_s5_6_two_resources_card_can_be_cashed_at_any_later_decision():
    """§5.6 any_resources [I5]: taken at any later decision point, feeding included."""
    s = buyer(card_with("any_resources"), 0, res=(1, 0, 0, 0))
    s.apply("pay w")
    assert s.joker[0] == 1 and s.res[0] == [0, 0, 0, 0]
    assert "cash wg" in texts(s) and "cash gg" in texts(s)
    s.apply("use field")
    # the round ends; at feeding, with no food, the card still helps
    assert s.joker[0] == 1
    s2 = new(4, seed=12)
    give_cards(s2, 0, card_with("any_resources"))
    s2.joker[0] = 1
    s2.food[0] = 0
    s2.res[0] = [3, 0, 0, 0]
    to_actions(s2, 0, {"field": 1})
    assert s2.phase == "feed" and s2.feed_left == 5 - 1
    # 3 wood cannot cover 4 missing food: paying only becomes possible after cashing the card [I7]
    assert "feed w" not in texts(s2) and "cash ww" in texts(s2) and "starve" in texts(s2)
    s2.apply("cash ss")
    assert s2.res[0] == [3, 0, 2, 0] and s2.joker[0] == 0
    assert set(texts(s2)) == {"feed w", "feed s", "starve"}
    for m in ("feed s", "feed w", "feed w", "feed s"):
        s2.apply(m)
    assert s2.res[0] == [1, 0, 0, 0] and s2.score[0] == 0 and s2.round == 2


def test_i5_two_resources_at_once_option():
    """§5.6 [I5] option any_resources=at_once (Yucata): the choice is made right away, and only then."""
    s = buyer(card_with("any_resources"), 0, res=(1, 0, 0, 0), any_resources="at_once")
    s.apply("pay w")
    assert s.phase == "cash" and len(texts(s)) == 10
    s.apply("cash cg")
    assert s.res[0] == [0, 1, 0, 1] and s.joker[0] == 0 and s.phase == "use"
    assert not any(t.startswith("cash") for t in texts(s))


def test_s5_6_dice_for_all_each_seat_picks_in_turn_from_the_buyer():
    """§5.6 dice_for_all: buyer rolls one die per player; buyer then clockwise take one die each."""
    s = new(4, seed=11)
    cid = card_with("dice_for_all")
    put_card(s, 0, cid)
    s.res[0] = [1, 0, 0, 0]
    s.agri[3] = 10
    force(s, ("dice", [1, 0, 0, 1, 1, 1]))  # faces 1, 4, 5, 6
    to_actions(s, 1, {})
    s.at[1] = [0] * 16
    s.at[0][LOC["card 1"]] = 1
    s.at[0][LOC["hut"]] = 2
    s.at[0][LOC["field"]] = 1
    s.occ[LOC["card 1"]] = 1
    s.start = s.turn = 0
    s.phase = "use"
    s.round = 1
    s.apply("use card 1")
    s.apply("pay w")
    assert s.phase == "dice" and s.turn == 0 and texts(s) == ["die 1", "die 4", "die 5", "die 6"]
    s.apply("die 4")
    assert s.res[0][G] == 1 and s.turn == 1
    s.apply("die 5")
    assert s.tiles[1] == [1] and s.turn == 2
    with pytest.raises(IllegalAction):
        s.apply("die 5")
    s.apply("die 1")
    # seat 3 gets the last die (a 6) without a decision; at agriculture 10 it has no effect [I6]
    assert s.res[2][W] == 1 and s.agri[3] == 10
    assert s.phase == "use" and s.turn == 0


def test_s5_7_fixed_building():
    """§5.7: pay the printed resources, score the printed points, next tile turned up."""
    tid = tile_of("fixed", points=10)  # 2 wood + 1 clay
    s = new(4, seed=13)
    put_tile(s, 1, tid)
    s.res[0] = [2, 1, 3, 0]
    to_actions(s, 0, {"building 2": 1, "hut": 2, "field": 1})
    nxt = s.pool[0]
    force(s, ("tile", nxt))
    s.apply("use building 2")
    assert texts(s) == ["pay wwc", "decline"]
    s.apply("pay wwc")
    assert s.score[0] == 10 and s.buildings[0] == [tid] and s.res[0] == [0, 0, 3, 0]
    assert s.tops[1] == nxt and s.below[1] == 5


def test_s5_7_count_kinds_needs_exactly_n_of_exactly_m_kinds():
    """§5.7 / building_tiles.csv: a 4-of-2 tile: 2 stone + 2 gold scores 22; 3 wood + 1 clay scores 13."""
    tid = tile_of("count_kinds", count=4, kinds=2)
    for pay, points in (("pay ssgg", 22), ("pay wwwc", 13)):
        s = new(4, seed=13)
        put_tile(s, 0, tid)
        s.res[0] = [3, 1, 2, 2]
        to_actions(s, 0, {"building 1": 1, "hut": 2, "field": 1})
        s.apply("use building 1")
        legal = texts(s)
        assert all(len(set(t[4:])) == 2 and len(t[4:]) == 4 for t in legal if t.startswith("pay"))
        assert "pay wcsg" not in legal and "pay wwww" not in legal
        s.apply(pay)
        assert s.score[0] == points


def test_s5_7_one_to_seven_any():
    """§5.7: 1 to 7 resources of any kinds; scores their value."""
    tid = tile_of("any_1_to_7")
    s = new(4, seed=13)
    put_tile(s, 0, tid)
    s.res[0] = [8, 0, 0, 1]
    to_actions(s, 0, {"building 1": 1, "hut": 2, "field": 1})
    s.apply("use building 1")
    legal = texts(s)
    assert "pay w" in legal and "pay wwwwwwg" in legal and "pay wwwwwwww" not in legal
    s.apply("pay wwwwwwg")
    assert s.score[0] == 6 * 3 + 6 and s.res[0] == [2, 0, 0, 0]


def test_s5_7_emptied_stack_ends_the_game_after_the_round_including_feeding():
    """§5.7 and §9 B: the last tile of a stack: the round finishes (feeding included), then the game ends."""
    tid = tile_of("fixed", points=10)
    s = new(4, seed=13)
    put_tile(s, 0, tid)
    s.below[0] = 0
    s.res[0] = [2, 1, 0, 0]
    s.food = [0, 12, 12, 12]
    to_actions(s, 0, {"building 1": 1, "hut": 2, "field": 1})
    s.apply("use building 1")
    s.apply("pay wwc")
    assert s.tops[0] == -1 and s.ending and not s.is_over
    s.apply("use hut")  # the rest of the round is still played
    assert s.people[0] == 6 and s.agri[0] == 1
    # seat 0 cannot feed 6 people with 1 food: −10, and the game is over after this round's feeding
    assert s.is_over and s.result().details["ended_by"] == "buildings"
    assert s.score[0] == 10 - 10 and s.round == 1


def test_s5_6_cards_reject_food_and_wrong_sizes():
    """§5.6: food never pays, and the size must match the slot."""
    s = buyer(card_with("points"), 1)
    before = s.to_dict()
    for bad in ("pay w", "pay www", "pay f", "pay food"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before
    assert CARDS[s.display[1]].top == "points"


def test_s5_7_declining_a_building_leaves_the_tile_and_blocks_the_stack():
    """§5.7: a player who will not pay leaves the tile; nobody else could use the stack this round."""
    tid = tile_of("fixed", points=10)
    s = new(4, seed=14)
    put_tile(s, 2, tid)
    s.res[0] = [2, 1, 0, 0]
    to_actions(s, 0, {"building 3": 1, "hut": 2, "field": 1})
    s.apply("use building 3")
    s.apply("decline")
    assert s.tops[2] == tid and s.below[2] == 6 and s.res[0] == [2, 1, 0, 0] and s.score[0] == 0
