"""The seed-001 house rules (issue 9): one test block per option, citing its divergence row and its § (docs/rules/stoneage.md, "Rule sections").

Each block pins the changed behaviour and that the default (the published rule) is unchanged.
"""

import pytest

from meeple import record
from meeple.core import IllegalAction
from meeple.games.stoneage.game import GAME, SEED001

from .helpers import LOC, card_with, force, new, put_card, texts, to_actions

# -- the options and the preset -------------------------------------------------------------------------------------


def test_every_house_rule_is_off_by_default():
    s = new(4, seed=1)
    opts = s.options
    assert opts["placement"] == "any_number" and opts["starvation"] == "once"
    assert opts["tools_before_roll"] is False and opts["display_refill"] == "new_round" and opts["house_rules"] == "none"
    assert all(GAME.options[k] != v for k, v in SEED001.items())


def test_the_seed001_preset_turns_all_four_on_and_state_options_show_the_effective_values():
    s = new(3, seed=1, house_rules="seed001")
    assert {k: s.options[k] for k in SEED001} == SEED001 and s.options["house_rules"] == "seed001"


def test_the_preset_only_turns_options_on_an_explicit_default_does_not_turn_one_off():
    """A setup form sends every option; a default sent next to the preset must not undo it (docs: Options)."""
    opts = GAME.check_options({"house_rules": "seed001", "starvation": "once", "placement": "any_number"})
    assert {k: opts[k] for k in SEED001} == SEED001
    subset = GAME.check_options({"starvation": "per_missing_food"})
    assert subset["starvation"] == "per_missing_food" and subset["placement"] == "any_number"


@pytest.mark.parametrize(
    "bad",
    [{"house_rules": "seed002"}, {"placement": "two"}, {"tools_before_roll": 1}, {"tools_before_roll": "yes"}, {"display_refill": "never"}],
)
def test_bad_house_rule_values_are_refused_with_a_clear_error(bad):
    with pytest.raises(ValueError, match="option"):
        GAME.new_game(players=2, seed=1, **bad)


def test_a_record_under_the_preset_stores_the_effective_options_and_replays_exactly():
    import random

    rng = random.Random(5)
    s = new(2, seed=55, house_rules="seed001")
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    doc = record.make(s, seats=["random", "random"])
    assert {k: doc["options"][k] for k in SEED001} == SEED001
    again = record.replay(doc)
    assert again.to_dict() == s.to_dict() and again.result().to_dict() == doc["result"]


# -- #13 placement="one_at_a_time" (§4.1, §4.2, §4.3) -----------------------------------------------------


def test_s4_1_seed13_one_person_per_turn_and_the_default_is_unchanged():
    """divergence #13, §4.1: exactly one person per placement turn; the hut still takes its pair."""
    default = new(4, seed=1)
    assert "place hunt 5" in texts(default) and "place forest 5" in texts(default)
    s = new(4, seed=1, placement="one_at_a_time")
    legal = texts(s)
    assert "place hunt 1" in legal and "place forest 1" in legal and "place hut" in legal
    assert not any(t.endswith((" 2", " 3", " 4", " 5")) and not t.startswith(("place card", "place building")) for t in legal)
    with pytest.raises(IllegalAction, match="one_at_a_time"):
        s.apply("place hunt 3")
    p = s.turn
    s.apply("place hunt 1")
    assert s.turn == (p + 1) % 4 and s.home[p] == 4 and s.at[p][LOC["hunt"]] == 1
    s.apply("place hut")
    assert s.home[(p + 1) % 4] == 3


def test_s4_1_seed14_with_one_at_a_time_a_player_may_come_back_to_hunting_and_a_resource_spot():
    """#13/#14, §4.1-4.2: a second person may join the seat's own people on hunting or a resource spot with room."""
    s = new(4, seed=1, placement="one_at_a_time")
    p = s.turn
    s.apply("place forest 1")
    for _ in range(3):
        s.apply("place hunt 1")
    assert s.turn == p and "place forest 1" in texts(s)
    s.apply("place forest 1")
    assert s.at[p][LOC["forest"]] == 2
    default = new(4, seed=1)
    default.apply("place forest 1")
    for _ in range(3):
        default.apply("place hunt 1")
    assert not any(t.startswith("place forest") for t in texts(default)), "§4.1 unchanged by default"


def test_s4_2_one_at_a_time_still_respects_the_seven_person_capacity():
    """§4.2: a resource spot holds 7 in total, one-at-a-time or not."""
    s = new(4, seed=3, placement="one_at_a_time")
    p = s.turn
    s.at[(p + 1) % 4][LOC["quarry"]] = 6
    s.occ[LOC["quarry"]] = 6
    s.people[(p + 1) % 4] = 10
    s._legal = None
    s.apply("place quarry 1")
    assert s.occ[LOC["quarry"]] == 7
    assert not any(t.startswith("place quarry") for t in texts(s))
    for _ in range(3):
        s.apply("place hunt 1")
    assert s.turn == p
    with pytest.raises(IllegalAction, match="no room"):
        s.apply("place quarry 1")


def test_s4_3_one_at_a_time_two_players_the_owner_may_add_people_others_may_not():
    """§4.3 (2 players): one seat per resource spot; the seat already there may add to it."""
    s = new(2, seed=7, placement="one_at_a_time")
    p = s.turn
    s.apply("place river 1")
    assert not any(t.startswith("place river") for t in texts(s))
    s.apply("place hunt 1")
    assert "place river 1" in texts(s) and s.turn == p


def test_s4_1_one_at_a_time_the_phase_ends_when_every_person_is_placed():
    s = new(2, seed=9, placement="one_at_a_time")
    turns = 0
    while s.phase == "place" and s.round == 1:
        assert all(a.count == 1 or a.loc == LOC["hut"] for a in s.legal_actions())
        s.apply("place hunt 1" if "place hunt 1" in texts(s) else texts(s)[0])
        turns += 1
    assert turns == 10 and (s.phase != "place" or s.round == 2)


# -- #28 starvation="per_missing_food" (§7) ----------------------------------------------------------------


def feeding(people=5, food=0, res=(0, 0, 0, 0), **opts):
    s = new(4, seed=21, **opts)
    s.people[0], s.food[0], s.agri[0], s.res[0] = people, food, 0, list(res)
    to_actions(s, 0, {})
    return s


def test_s7_4_seed28_minus_ten_for_each_missing_food_without_resources():
    """divergence #28, §7.4: the seed's example, 5 workers and 3 food: −20 (published: −10 once)."""
    assert feeding(people=5, food=3).score[0] == -10
    s = feeding(people=5, food=3, starvation="per_missing_food")
    assert s.round == 2 and s.score[0] == -20 and s.food[0] == 0


def test_s7_3_seed28_paying_part_of_the_shortfall_saves_ten_per_resource():
    """#28, §7.3-7.4: with −10 per food, partial payment is offered; the rest costs −10 each, without a decision."""
    s = feeding(people=7, food=2, res=(1, 0, 1, 0), starvation="per_missing_food")
    assert s.phase == "feed" and s.feed_left == 5 and set(texts(s)) == {"feed w", "feed s", "starve"}
    s.apply("feed w")
    assert "starve" in texts(s), "taking the penalty stays possible after paying part"
    s.apply("feed s")
    assert s.round == 2 and s.score[0] == -30 and s.res[0] == [0, 0, 0, 0]
    default = feeding(people=7, food=2, res=(1, 0, 1, 0))
    assert default.round == 2 and default.score[0] == -10 and default.res[0] == [1, 0, 1, 0], "§7.4 unchanged by default"


def test_s7_4_seed28_starve_takes_ten_per_food_still_missing():
    """#28, §7.4: `starve` after paying one of three missing food costs −20 and keeps the other resources."""
    s = feeding(people=5, food=2, res=(0, 0, 5, 0), starvation="per_missing_food")
    s.apply("feed s")
    s.apply("starve")
    assert s.score[0] == -20 and s.res[0] == [0, 0, 4, 0]
    full = feeding(people=5, food=2, res=(0, 0, 5, 0), starvation="per_missing_food")
    for _ in range(3):
        full.apply("feed s")
    assert full.score[0] == 0 and full.res[0] == [0, 0, 2, 0]


# -- #9 tools_before_roll=True (§5.2, §6) -----------------------------------------------------------------


def test_s5_2_seed9_tools_are_committed_before_the_roll_then_the_rb_example_holds():
    """divergence #9, §5.2: the tool is chosen before rolling; 11 + tool 1 = 12 → 6 food."""
    s = new(4, seed=1, tools_before_roll=True)
    s.tiles[0], s.used[0] = [1], [False]
    s.food[0] = 0
    to_actions(s, 0, {"hunt": 3, "field": 1, "hut": 2})
    s.apply("use hunt")
    assert s.phase == "tools" and set(texts(s)) == {"tool 1", "done"}
    assert not any(isinstance(e, dict) and e["chance"] == "roll" for e in s.history), "no dice rolled yet"
    obs = s.observation(0)["roll"]
    assert obs == {"dice": 3, "total": 0, "yields": "food", "rolled": False}
    force(s, ("roll", 11))
    s.apply("tool 1")  # the last unused tool: the dice are rolled at once
    assert s.food[0] == 6 and s.phase == "use" and s.used[0] == [True]
    assert s.history[-1] == {"chance": "roll", "value": 11}


def test_s5_2_seed9_the_terminal_says_the_dice_are_not_rolled_yet():
    from .test_render import draw

    s = new(4, seed=1, tools_before_roll=True)
    s.tiles[0], s.used[0] = [1], [False]
    to_actions(s, 0, {"hunt": 3, "field": 1, "hut": 2})
    s.apply("use hunt")
    assert "About to roll 3 dice for food" in draw(s.observation(0))


def test_s5_2_seed9_done_rolls_without_tools_and_the_tools_stay_unused():
    """#9, §5.2 and §6: `done` (also typed `roll`) rolls with what was added; unused tools stay for later."""
    s = new(4, seed=1, tools_before_roll=True)
    s.tiles[0], s.used[0] = [2, 2, 1], [False] * 3
    to_actions(s, 0, {"river": 3, "field": 1, "hut": 2})
    s.apply("use river")
    s.apply("tool 2")
    assert s.roll_total == 2 and s.phase == "tools"
    force(s, ("roll", 10))
    s.apply("roll")
    assert s.res[0][3] == 2 and s.used[0] == [True, False, False]  # 10 + 2 = 12 → 2 gold


def test_s5_2_seed9_default_rolls_first_and_a_seat_without_tools_is_not_asked():
    """§5.2 unchanged by default: the roll is in the history before the tool decision; no tools → no decision."""
    s = new(4, seed=1)
    s.tiles[0], s.used[0] = [1], [False]
    force(s, ("roll", 9))
    to_actions(s, 0, {"hunt": 3, "field": 1, "hut": 2})
    s.apply("use hunt")
    assert s.phase == "tools" and s.roll_total == 9 and s.observation(0)["roll"]["rolled"] is True
    t = new(4, seed=1, tools_before_roll=True)
    t.food[0] = 0
    force(t, ("roll", 8))
    to_actions(t, 0, {"hunt": 3, "field": 1, "hut": 2})
    t.apply("use hunt")
    assert t.phase == "use" and t.food[0] == 4


def test_s5_6_seed9_dice_roll_card_also_takes_its_tools_before_the_roll():
    """#9, §5.6 dice_roll_X: the card's 2 dice are rolled after the tools are committed."""
    s = new(4, seed=11, tools_before_roll=True)
    put_card(s, 0, card_with("dice_roll_gold"))
    s.res[0] = [1, 0, 0, 0]
    s.once[0] = [4]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    s.apply("pay w")
    assert s.phase == "tools" and set(texts(s)) == {"once 4", "done"}
    force(s, ("roll", 8))
    s.apply("once 4")
    assert s.res[0][3] == 2 and s.once[0] == []  # 8 + 4 = 12 → 2 gold


# -- #23 display_refill="immediate" (§5.6, §8, §9 A) -------------------------------------------------------


def buyer(slot: int, **opts):
    s = new(4, seed=11, **opts)
    cid = card_with("points")
    put_card(s, slot, cid)
    s.res[0] = [5, 5, 5, 5]
    to_actions(s, 0, {f"card {slot + 1}": 1, "hut": 2, "field": 1})
    s.apply(f"use card {slot + 1}")
    return s, cid


def test_s5_6_seed23_the_bought_cards_slot_is_refilled_at_once_and_keeps_its_cost():
    """divergence #23, §5.6: the next card goes into the same slot at once; costs stay by slot."""
    s, cid = buyer(2, display_refill="immediate")
    others = [s.display[0], s.display[1], s.display[3]]
    new_card = s.deck[4]
    force(s, ("card", new_card))
    s.apply("pay wwc")
    assert s.cards[0] == [cid] and s.display[2] == new_card
    assert [s.display[0], s.display[1], s.display[3]] == others
    assert s.observation(1)["display"][2]["cost"] == 3
    shown = s.display.copy()
    s.script = None
    s.end_round()
    assert s.display == shown, "§8: nothing to slide or refill at the new round"


def test_s5_6_seed23_default_slot_stays_empty_until_the_new_round():
    """§5.6 unchanged by default."""
    s, _ = buyer(2)
    s.apply("pay wwc")
    assert s.display[2] == -1


def test_s9_a_seed23_an_empty_deck_leaves_the_slot_empty_and_ends_the_game_at_the_round_end():
    """#23 with §9 A: when the deck cannot refill the slot it stays empty; the round's end then ends the game."""
    s, cid = buyer(0, display_refill="immediate")
    s.cards[1] += s.deck
    s.deck = []
    s.apply("pay w")
    assert s.display[0] == -1 and s.cards[0] == [cid]
    while not s.is_over:
        s.apply(texts(s)[0])
    assert s.ended_by == "cards"


def test_s7_seed28_the_heuristic_weighs_a_food_deficit_per_missing_food_under_the_house_rule():
    """#28: the greedy bot's evaluation counts the −10 per food short, so it feeds its people under the house rule."""
    values = {}
    for rule in ("once", "per_missing_food"):
        s = new(2, seed=4, starvation=rule)
        s.people[0], s.food[0], s.agri[0] = 8, 0, 0
        hungry = GAME.evaluate(s)[0]
        s.food[0] = 30
        values[rule] = GAME.evaluate(s)[0] - hungry
    assert values["per_missing_food"] > values["once"] > 0


def test_the_preset_is_selectable_in_the_terminal_and_its_record_replays(tmp_path):
    """`meeple play stoneage -o house_rules=seed001`; a bad value is a clear error, not a traceback."""
    from typer.testing import CliRunner

    from meeple.cli import app

    path = tmp_path / "game.json"
    args = ["play", "stoneage", "-p", "2", "--seats", "random,random", "--seed", "8", "--save", str(path)]
    out = CliRunner().invoke(app, [*args, "-o", "house_rules=seed001"])
    assert out.exit_code == 0, out.output
    doc = record.read(path)
    assert {k: doc["options"][k] for k in SEED001} == SEED001 and record.replay(doc).is_over
    bad = CliRunner().invoke(app, [*args, "-o", "house_rules=seed002"])
    assert bad.exit_code != 0 and "seed001" in bad.output
