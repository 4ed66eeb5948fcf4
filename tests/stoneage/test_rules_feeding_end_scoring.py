"""§7 (feeding), §8 (new round), §9 (end), §10 (final scoring), §11 (winner)."""

import pytest

from meeple.core import IllegalAction
from meeple.games.stoneage.data import CARDS, CULTURE_SYMBOLS
from meeple.games.stoneage.state import culture_points

from .helpers import give_cards, new, texts, to_actions


def feeding(people=5, food=0, agri=0, res=(0, 0, 0, 0)):
    s = new(4, seed=21)
    s.people[0], s.food[0], s.agri[0], s.res[0] = people, food, agri, list(res)
    to_actions(s, 0, {})
    return s


def test_s7_income_then_one_food_per_person_and_leftovers_carry_over():
    """§7.1-2: agriculture income first, then 1 food per person; the rest stays."""
    s = feeding(people=5, food=3, agri=4)
    assert s.round == 2 and s.food[0] == 3 + 4 - 5 and s.score[0] == 0


def test_s7_shortfall_all_food_is_handed_in_then_resources_or_minus_ten():
    """§7.3-4: all food first; then pay the whole rest with resources, or −10 once."""
    s = feeding(people=7, food=2, agri=1, res=(1, 0, 5, 0))
    assert s.phase == "feed" and s.food[0] == 0 and s.feed_left == 4
    assert set(texts(s)) == {"feed w", "feed s", "starve"}
    s.apply("feed w")
    assert "starve" not in texts(s), "[I7] no partial payment: once paying, the player pays in full"
    for _ in range(3):
        s.apply("feed s")
    assert s.res[0] == [0, 0, 2, 0] and s.score[0] == 0 and s.round == 2


def test_s7_minus_ten_once_however_large_the_shortfall_and_resources_kept():
    """§7.4: −10 once; the score may go negative; resources are kept."""
    s = feeding(people=8, food=0, res=(0, 3, 9, 0))
    s.apply("starve")
    assert s.score[0] == -10 and s.res[0] == [0, 3, 9, 0] and s.food[0] == 0


def test_s7_a_player_who_cannot_pay_takes_minus_ten_without_a_decision():
    """§7.4: cannot pay the whole shortfall → −10."""
    s = feeding(people=5, food=1, res=(1, 1, 0, 0))
    assert s.round == 2 and s.score[0] == -10 and s.res[0] == [1, 1, 0, 0]


def test_s7_bad_feeding_input_changes_nothing():
    s = feeding(people=7, food=2, agri=1, res=(1, 0, 5, 0))
    before = s.to_dict()
    for bad in ("feed g", "feed c", "feed food", "feed ww"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


def test_s8_new_round_slides_refills_refreshes_and_passes_the_start_player():
    """§8: cards slide right and refill from the right; tools refresh; start player passes left."""
    s = new(4, seed=22)
    a, b, c, d = s.display
    s.display = [a, -1, c, -1]
    s.deck += [b, d]
    s.tiles[1], s.used[1] = [2, 1, 1], [True, True, False]
    s.start = 3
    to_actions(s, 3, {})
    assert s.start == 0 and s.turn == 0 and s.round == 2 and s.phase == "place"
    assert s.display[:2] == [a, c] and all(x >= 0 for x in s.display[2:])
    assert s.used[1] == [False, False, False]
    assert s.home == s.people


def test_s9_a_deck_short_of_the_empty_slots_ends_the_game_at_once():
    """§9 A: at the start of a round the deck cannot fill every empty slot: end, no new round."""
    s = new(4, seed=23)
    s.cards[1] += s.deck[1:]
    s.deck = s.deck[:1]
    s.cards[2].append(s.display[0])
    s.cards[2].append(s.display[1])
    s.display[0] = s.display[1] = -1
    to_actions(s, 0, {})
    assert s.is_over and s.result().details["ended_by"] == "cards" and s.round == 1


def test_i10_a_deck_with_exactly_enough_cards_goes_on():
    """§9 A [I10]: exactly enough cards fill the slots and play goes on."""
    s = new(4, seed=23)
    s.cards[1] += s.deck[2:]
    s.deck = s.deck[:2]
    s.cards[2] += s.display[:2]
    s.display[0] = s.display[1] = -1
    to_actions(s, 0, {})
    assert not s.is_over and s.round == 2 and s.deck == [] and all(x >= 0 for x in s.display)


def test_s10_green_sets_worked_example():
    """§10.1 YU example: 5 different symbols plus an extra pottery and music: 25 + 4 = 29."""
    sym = CULTURE_SYMBOLS.index
    held = [sym("pottery"), sym("music"), sym("art"), sym("writing"), sym("weaving"), sym("pottery"), sym("music")]
    assert culture_points(held) == 29
    assert culture_points(list(range(8)) * 2) == 128
    assert culture_points([]) == 0


def sand_cards(kind: str, figures: int) -> list[int]:
    """Cards with ``kind`` bottoms carrying exactly ``figures`` figures in total."""
    pool = sorted((c for c in CARDS if c.bottom == kind), key=lambda c: -c.symbol)
    out, left = [], figures
    for c in pool:
        if c.symbol <= left:
            out.append(c.id)
            left -= c.symbol
    assert left == 0
    return out


@pytest.mark.parametrize(
    ("kind", "figures", "setup", "points"),
    [
        ("farmer", 5, lambda s: s.agri.__setitem__(0, 7), 35),
        ("tool_maker", 3, lambda s: (s.tiles.__setitem__(0, [3, 2, 2]), s.used.__setitem__(0, [False] * 3)), 21),
        ("hut_builder", 7, lambda s: s.buildings.__setitem__(0, [s.pool.pop() for _ in range(6)]), 42),
        ("shaman", 3, lambda s: s.people.__setitem__(0, 8), 24),
    ],
)
def test_s10_sand_multipliers_worked_examples(kind, figures, setup, points):
    """§10.2 YU examples: 5 farmers × 7 = 35; 3 tool makers × 7 = 21; 7 hut builders × 6 = 42; 3 shamans × 8 = 24."""
    s = new(4, seed=24)
    give_cards(s, 0, *sand_cards(kind, figures))
    setup(s)
    key = {"farmer": "farmers", "tool_maker": "tool_makers", "hut_builder": "hut_builders", "shaman": "shamans"}[kind]
    assert s.final_scoring(0)[key] == points


def test_s10_leftover_resources_score_but_food_does_not():
    """§10.3: 1 point per resource left, none for food."""
    s = new(4, seed=24)
    s.res[0] = [1, 2, 3, 4]
    s.food[0] = 50
    assert s.final_scoring(0)["resources"] == 10 and sum(s.final_scoring(0).values()) == 10


def test_s10_secret_extra_card_scores_for_its_owner():
    """§5.6 extra_card: only its bottom counts, at final scoring."""
    s = new(4, seed=24)
    cid = next(c.id for c in CARDS if c.bottom == "culture" and c.id in s.deck)
    s.deck.remove(cid)
    s.secret[0].append(cid)
    assert s.final_scoring(0)["culture"] == 1


def test_s11_tie_break_and_shared_victory():
    """§11: ties go to agriculture + tool tiles + people; still tied shares the win [I8]."""
    s = new(3, seed=25)
    s.score = [40, 40, 40]
    s.agri = [3, 1, 3]
    s.tiles = [[1], [1, 1], [1]]
    s.used = [[False], [False, False], [False]]
    s.once[1] = [4]  # one-use tools do not count
    s.phase = "over"
    s.ended_by = "cards"
    r = s.result()
    assert r.winners == (0, 2) and r.ranks == (1, 3, 1)
    assert r.details["tie_break"] == [9, 8, 9]


def test_s3_a_round_is_placement_then_actions_then_feeding_then_a_new_round():
    """§3: the three phases in order, then the new-round step."""
    s = new(2, seed=26)
    phases = [s.phase]
    rnd = s.round
    import random

    rng = random.Random(0)
    while s.round == rnd:
        s.apply(rng.choice(s.legal_actions()))
        if s.phase != phases[-1]:
            phases.append(s.phase)
    order = [p for p in phases if p in ("place", "use", "feed")]
    first_use = order.index("use") if "use" in order else len(order)
    assert all(p == "place" for p in order[:first_use])
    assert "place" not in order[first_use:-1], "no placement once the actions phase began"
    assert s.phase == "place" and all(sum(a) == 0 for a in s.at) and s.home == s.people


def test_s1_i9_resources_tools_and_food_are_unlimited():
    """§1 [I9]: every seat can hold any amount; four seats may all reach 3 tool tiles of 4."""
    s = new(4, seed=27)
    for p in range(4):
        for _ in range(12):
            s.tool_step(p)
        s.res[p] = [40, 40, 40, 40]
        s.food[p] = 200
    assert all(t == [4, 4, 4] for t in s.tiles)
    s.check_consistency()


def test_s4_1_people_who_could_not_be_placed_still_eat():
    """§4.1/§7.2: people left at home (no legal place) are fed like the others."""
    s = new(4, seed=28)
    s.people[1] = 7
    s.food[1] = 7
    to_actions(s, 0, {"field": 1})  # seat 1 placed nobody
    assert s.round == 2 and s.food[1] == 0 and s.score[1] == 0
