"""§11 Objectives: every base objective's condition, revealing (a star, both cards discarded), Saxony Dominate."""

import pytest

from meeple.core import IllegalAction
from meeple.games.scythe import data as D
from meeple.games.scythe import objectives
from meeple.games.scythe.data import CHAR

from .helpers import hold, mech, new, place, refresh, resources, section_of, set_hand, sp, texts, turn_of, workers


def of_terrain(terrain, k=3):
    """``k`` territories of that terrain away from Polania's starting units."""
    return [D.SPACE_NAMES[h] for h in D.TERRITORIES if D.TERRAIN[h] == terrain and D.SPACE_NAMES[h] not in ("1,3", "0,4")][:k]


def build(s, seat, structure, space):
    s.struct_hex[seat][structure] = sp(space)
    s.struct_at[sp(space)] = seat * 4 + structure


def give_factory_card(s, seat=0):
    s.factory_card[seat] = s.factory.pop()
    s.factory_seen |= 1 << seat


def lake_shore():
    for lake in D.LAKES:
        shore = [D.SPACE_NAMES[h] for h in sorted(D.GEO_NEIGHBOURS[lake]) if not D.IS_HOME[h] and not D.IS_LAKE[h]]
        if len(shore) >= 5:
            return shore[:5]
    raise AssertionError("no lake with five land neighbours")


def _1(s):
    workers(s, 0, *of_terrain("mountain"))


def _2(s):
    workers(s, 0, *[D.SPACE_NAMES[h] for h in D.TUNNELS][:3])


def _3(s):
    workers(s, 0, *of_terrain("farm"))


def _4(s):
    workers(s, 0, *of_terrain("tundra"))


def _5(s):
    workers(s, 0, "3,4", "4,1")
    s.power[0] = s.power[1] = 7  # a tie with the highest power is allowed


def _6(s):
    s.sent_back = True
    s.power[0] = 7


def _7(s):
    give_factory_card(s)
    mech(s, 0, "4,1")
    workers(s, 0, "4,1", "5,1", "5,1")


def _8(s):
    s.coins[0] = 2
    s.pop[0] = 7
    workers(s, 0, "4,1", "5,1", "5,1", "4,1")


def _9(s):
    resources(s, "4,1", oil=3, metal=2, wood=2, food=2)


def _10(s):
    workers(s, 0, *of_terrain("forest"))


def _11(s):
    workers(s, 0, *of_terrain("village"))


def _12(s):
    s.coins[0] = 20


def _13(s):
    place(s, 0, CHAR, "4,1")
    workers(s, 0, "4,1", "4,1", "4,1", "4,1")
    build(s, 0, D.MILL, "4,1")


def _14(s):
    resources(s, "4,1", oil=1, metal=1)
    resources(s, "5,1", wood=1, food=1)
    mech(s, 0, "4,1")
    build(s, 0, D.MINE, "5,1")
    s.recruits[0], s.bonuses[0] = 1, 1
    s.top_cubes[0] &= ~1
    s.bottom_cubes[0][0] = 1


def _15(s):
    s.recruits[0], s.bonuses[0] = 3, 3
    workers(s, 0, "4,1", "5,1")


def _16(s):
    place(s, 0, CHAR, "4,1")
    mech(s, 0, "4,1")
    workers(s, 0, "4,1", "5,1")
    resources(s, "4,1", food=5)


def _17(s):
    workers(s, 0, "3,3", "4,4")


def _18(s):
    s.power[0] = 0
    s.pop[0] = 13
    workers(s, 0, "4,1", "4,1", "5,1", "5,1", "5,1")


def _19(s):
    workers(s, 0, *lake_shore())


def _20(s):
    s.pop[0] = 7
    build(s, 0, D.MINE, "4,1")
    build(s, 0, D.MILL, "5,1")
    workers(s, 0, "4,1", "5,1", "4,2")
    build(s, 0, D.ARMORY, "4,2")


def _21(s):
    resources(s, "5,1", wood=9)


def _22(s):
    give_factory_card(s)


def _23(s):
    set_hand(s, 0, 2, 2, 2, 2, 3, 3, 3, 3)
    s.stars[0][D.STAR_COMBAT] = 1


MET = {1: _1, 2: _2, 3: _3, 4: _4, 5: _5, 6: _6, 7: _7, 8: _8, 9: _9, 10: _10, 11: _11, 12: _12, 13: _13, 14: _14, 15: _15, 16: _16}
MET.update({17: _17, 18: _18, 19: _19, 20: _20, 21: _21, 22: _22, 23: _23})


def base():
    """Nordic (seat 0) at the start of the game: it meets no objective."""
    return new("nordic,polania")


def test_11_every_base_objective_has_a_test_here():
    assert sorted(MET) == sorted(D.OBJECTIVES) and len(D.OBJECTIVES) == 23


@pytest.mark.parametrize("card", D.OBJECTIVES)
def test_11_each_objective_is_met_exactly_when_its_condition_holds(card):
    s = base()
    assert not objectives.met(s, 0, card), D.OBJECTIVE_NAMES[card]
    MET[card](s)
    refresh(s)
    assert objectives.met(s, 0, card), D.OBJECTIVE_NAMES[card]


@pytest.mark.parametrize(
    ("card", "spoil"),
    [
        (1, lambda s: workers(s, 0, *of_terrain("mountain", 2))),  # only 2 mountains
        (5, lambda s: s.power.__setitem__(1, 8)),  # an opponent has more power
        (7, lambda s: workers(s, 0, "4,1", "5,1", "5,1", "4,1")),  # 4 workers
        (8, lambda s: s.coins.__setitem__(0, 3)),
        (9, lambda s: resources(s, "4,1", oil=5, metal=2, wood=2, food=0)),  # 9 tokens but no food
        (13, lambda s: s.pos[0].__setitem__(CHAR, sp("5,1"))),  # 5 on the territory
        (16, lambda s: workers(s, 0, "4,1", "4,1")),  # two workers with the character
        (17, lambda s: give_factory_card(s)),
        (18, lambda s: s.power.__setitem__(0, 1)),
        (20, lambda s: mech(s, 0, "4,1")),
        (22, lambda s: s.top_cubes.__setitem__(0, s.top_cubes[0] & ~2) or s.bottom_cubes[0].__setitem__(1, 1)),
        (23, lambda s: s.stars[0].__setitem__(D.STAR_COMBAT, 0)),
    ],
)
def test_11_an_objective_just_short_of_its_condition_is_not_met(card, spoil):
    s = base()
    MET[card](s)
    spoil(s)
    refresh(s)
    assert not objectives.met(s, 0, card), D.OBJECTIVE_NAMES[card]


def holding(card, faction="nordic", other=None):
    s = new(f"{faction},polania")
    hold(s, 0, card, *([other] if other else []))
    MET[card](s)
    return refresh(s)


def test_11_revealing_a_met_objective_gives_a_star_and_discards_both_cards():
    s = holding(12)
    turn_of(s, 0)
    other = next(c for c in s.objectives[0] if c != 12)
    assert "reveal 12" in texts(s)
    s.apply("reveal 12")
    assert s.stars[0][D.STAR_OBJECTIVE] == 1 and s.objectives[0] == [] and s.objective_done[0] == [12]
    assert s.objective_discard[0] == [other] and s.phase == "section"


def test_11_saxony_dominate_keeps_the_other_card_and_may_complete_it_too():
    s = holding(12, "saxony", other=22)
    _22(s)
    refresh(s)
    turn_of(s, 0)
    s.apply("reveal 12")
    assert s.objectives[0] == [22] and "reveal 22" in texts(s)
    s.apply("reveal 22")
    assert s.stars[0][D.STAR_OBJECTIVE] == 2 and s.objective_done[0] == [12, 22]


def test_11_other_factions_place_one_objective_star():
    s = holding(12, other=22)
    _22(s)
    refresh(s)
    turn_of(s, 0)
    s.apply("reveal 12")
    assert s.objectives[0] == [] and not any(t.startswith("reveal") for t in texts(s))


def test_11_an_unmet_objective_cannot_be_revealed():
    s = new("nordic,polania")
    turn_of(s, 0)
    card = s.objectives[0][0]
    assert not any(t.startswith("reveal") for t in texts(s))
    with pytest.raises(IllegalAction):
        s.apply(f"reveal {card}")
    with pytest.raises(IllegalAction):
        s.apply("reveal 99")


def test_11_objectives_are_revealed_before_or_after_an_action_and_at_the_end_of_the_turn_not_mid_action():
    s = holding(12)
    turn_of(s, 0, section_of(s, 0, "trade"))
    assert not any(t.startswith("reveal") for t in texts(s))  # the top action is being chosen
    s.apply("no top")
    assert "reveal 12" in texts(s)  # between the top and the bottom action
    s.apply("end turn")
    assert s.phase == "end" and texts(s) == {"reveal 12", "end turn"}  # the last chance, at the end of the turn
    s.apply("end turn")
    assert s.phase == "section" and s.current_player == 1 and s.objectives[0]


def test_11_objective_6_counts_workers_sent_home_this_turn_by_moving_onto_them():
    s = new("nordic,polania")
    workers(s, 1, "5,1", "1,3")
    s.power[0] = 7
    place(s, 0, CHAR, "4,1")
    workers(s, 0, "4,1", "4,1")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    s.apply("move")
    s.apply("pick character")
    s.apply("to 5,1")
    assert s.sent_back and objectives.met(s, 0, 6)


def test_12_an_objective_star_may_be_the_sixth_and_end_the_game():
    s = holding(12)
    s.stars[0] = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    refresh(s)
    turn_of(s, 0)
    s.apply("reveal 12")
    assert s.is_over and s.ended_by == 0
