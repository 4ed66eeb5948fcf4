"""§5 (actions phase) and §6 (tools), with the rulebook's worked examples."""

import pytest

from meeple.core import IllegalAction

from .helpers import LOC, C, G, S, W, force, new, texts, to_actions


def test_s5_1_the_player_chooses_the_order_of_their_locations():
    """§5.1: with several locations the active player picks which to resolve next."""
    s = new(4, seed=1)
    to_actions(s, 2, {"toolmaker": 1, "field": 1, "hunt": 2})
    assert s.phase == "use" and s.turn == 2
    assert set(texts(s)) == {"use hunt", "use toolmaker", "use field"}
    s.apply("use field")
    assert s.agri[2] == 1 and s.at[2][LOC["field"]] == 0
    s.apply("use toolmaker")  # the tile is usable on the hunt that follows, this same round
    assert s.tiles[2] == [1]


def test_s5_1_start_player_acts_first_then_clockwise():
    """§5.1: the start player resolves all their people, then the next player clockwise."""
    s = new(4, seed=1)
    s.at = [[0] * 16 for _ in range(4)]
    s.occ = [0] * 16
    for p, loc in ((0, "field"), (1, "toolmaker"), (3, "hut")):
        s.at[p][LOC[loc]] = 2 if loc == "hut" else 1
        s.occ[LOC[loc]] = s.at[p][LOC[loc]]
    s.at[3][LOC["hunt"]] = 1
    s.occ[LOC["hunt"]] = 1
    s.start = 3
    s.begin_actions()
    # seat 3 first (two locations: a choice), and seats 0 and 1 have not acted yet
    assert s.turn == 3 and s.phase == "use" and s.agri[0] == 0 and s.tiles[1] == []
    force(s, ("roll", 4))
    s.apply("use hut")  # the hunt, the last location left, resolves without a decision
    assert s.agri[0] == 1 and s.tiles[1] == [1] and s.people[3] == 6


def test_s5_2_worked_example_five_dice_fourteen_give_seven_food():
    """§5.2 [RB]: 5 dice showing 14 give 7 food."""
    s = new(4, seed=1)
    s.food[0] = 0
    force(s, ("roll", 14))
    to_actions(s, 0, {"hunt": 5})
    assert s.round == 2 and s.food[0] == 7 - 5  # 7 food gained, then 5 people fed


def test_s5_2_worked_example_tool_after_the_roll():
    """§5.2 [RB]: 3 dice show 11, the player adds a value-1 tool after seeing it: 12 → 6 food."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [1], [False]
    s.food[0] = 0
    force(s, ("roll", 11))
    to_actions(s, 0, {"hunt": 3, "field": 1, "hut": 2})
    s.apply("use hunt")
    assert s.phase == "tools" and set(texts(s)) == {"tool 1", "done"}
    s.apply("tool 1")
    assert s.food[0] == 6 and s.phase == "use"
    assert s.used[0] == [True]


def test_s5_2_worked_example_river_with_three_tools_of_two():
    """§5.2 [RB]: at the river 3 dice show 7, plus three value-2 tools: 13 → 2 gold."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [2, 2, 2], [False] * 3
    force(s, ("roll", 7))
    to_actions(s, 0, {"river": 3, "field": 1})
    s.apply("use river")
    assert texts(s) == ["tool 2", "done"]
    for _ in range(3):
        s.apply("tool 2")
    assert s.res[0][G] == 2


@pytest.mark.parametrize(("loc", "total", "res", "got"), [("forest", 8, W, 2), ("clay", 8, C, 2), ("quarry", 9, S, 1), ("river", 5, G, 0)])
def test_s5_2_divisors(loc, total, res, got):
    """§5.2: yield = floor(total ÷ 3, 4, 5, 6); below the divisor nothing."""
    s = new(4, seed=1)
    force(s, ("roll", total))
    to_actions(s, 0, {loc: 2})
    assert s.res[0][res] == got


def test_s5_2_a_used_tool_cannot_be_used_again_and_refreshes_next_round():
    """§6: each tile once per round; tools are refreshed at the new round (§8.2)."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [1, 1], [False, False]
    force(s, ("roll", 6), ("roll", 6))
    to_actions(s, 0, {"forest": 2, "quarry": 2, "hut": 2})
    s.apply("use forest")
    s.apply("tool 1")
    s.apply("tool 1")  # the last unused tool: the yield is taken at once
    assert s.res[0][W] == 2 and s.used[0] == [True, True]
    s.apply("use quarry")  # no unused tool left: no tool decision
    assert s.res[0][S] == 1
    assert s.round == 2 and s.used[0] == [False, False]


def test_s5_3_tool_maker_and_s6_upgrade_order():
    """§5.3/§6: each tool step follows the fixed 1→4 order, at most 3 tiles, 12 at most."""
    from meeple.games.stoneage.data import tool_tiles

    s = new(4, seed=1)
    for k in range(1, 14):
        s.tool_step(0)
        assert sorted(s.tiles[0], reverse=True) == list(tool_tiles(k))
    assert s.tiles[0] == [4, 4, 4]


def test_i3_upgrade_prefers_an_unused_lowest_tile_and_keeps_the_used_state():
    """§6 [I3]: a used tile is upgraded only when no unused lowest tile exists; used stays used."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [2, 1, 1], [False, True, False]
    s.tool_step(0)
    assert s.tiles[0] == [2, 1, 2] and s.used[0] == [False, True, False]
    s.tool_step(0)
    assert s.tiles[0] == [2, 2, 2] and s.used[0] == [False, True, False]


def test_s5_4_hut_gives_a_person_who_eats_this_round():
    """§5.4: +1 person at once; fed in this round's feeding; max 10 [I1]."""
    s = new(4, seed=1)
    s.food = [12] * 4
    to_actions(s, 0, {"hut": 2})
    assert s.people[0] == 6
    assert s.food[0] == 12 - 6  # fed 6 at the end of this round
    s = new(4, seed=1)
    s.people[0] = 10
    to_actions(s, 0, {"hut": 2})
    assert s.people[0] == 10


def test_s5_5_field_raises_agriculture_up_to_ten():
    """§5.5: +1 agriculture; the track stops at 10 [I2]."""
    s = new(4, seed=1)
    s.agri[0] = 9
    s.food[0] = 100
    to_actions(s, 0, {"field": 1})
    assert s.agri[0] == 10
    s2 = new(4, seed=1)
    s2.agri[0] = 10
    to_actions(s2, 0, {"field": 1})
    assert s2.agri[0] == 10


def test_tool_decisions_reject_tools_the_player_lacks():
    """§5.2: only the player's unused tools may be added."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [1], [False]
    force(s, ("roll", 6))
    to_actions(s, 0, {"hunt": 2, "field": 1})
    s.apply("use hunt")
    before = s.to_dict()
    with pytest.raises(IllegalAction):
        s.apply("tool 2")
    with pytest.raises(IllegalAction):
        s.apply("once 3")
    assert s.to_dict() == before
