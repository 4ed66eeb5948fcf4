"""What each Stone Age decision did, in game terms, for one viewer (docs/rules/stoneage.md, "Events")."""

from __future__ import annotations

import json
import random

from meeple import i18n
from meeple.games.stoneage.game import GAME

from .helpers import card_with, force, new, put_card, put_tile, tile_of, to_actions


def told(s, text: str, viewer=None):
    """Apply ``text`` and return its events (as dicts) for ``viewer``."""
    before = s.clone()
    action = GAME.parse_action(s, text)
    s.apply(action)
    return [e.to_dict() for e in GAME.describe(before, action, s, viewer)]


def kinds(events):
    return [e["kind"].removeprefix("stoneage.") for e in events]


def test_placing_names_how_many_and_where_with_its_marks():
    s = new(4, seed=1)
    p = s.turn
    [e] = told(s, "place forest 3")
    assert e == {"kind": "stoneage.place", "seat": p, "params": {"count": 3, "place": {"term": "forest"}}, "marks": ["place:forest", f"seat:{p}"]}
    assert i18n.event_text(e, "en", ["A", "B", "C", "D"]) == f"{'ABCD'[p]} placed 3 on the Forest"
    [e] = told(s, "place card 2")
    assert e["kind"] == "stoneage.place_card" and e["params"]["slot"] == 2 and "slot:2" in e["marks"]
    [e] = told(s, "place building 1")
    assert e["kind"] == "stoneage.place_building" and "stack:1" in e["marks"]


def test_a_roll_tells_the_dice_the_total_from_the_history_the_tools_and_the_yield():
    """§5.2: the engine keeps a roll's sum (history 'roll'); tools added one by one; floor(total ÷ 3) wood."""
    s = new(4, seed=2)
    s.tiles[0], s.used[0] = [2], [False]
    to_actions(s, 0, {"forest": 3, "hut": 2})
    force(s, ("roll", 10))
    events = told(s, "use forest")
    assert kinds(events) == ["roll"]
    assert events[0]["params"] == {"dice": 3, "total": 10, "source": {"term": "forest"}} and "place:forest" in events[0]["marks"]
    assert s.history[-1] == {"chance": "roll", "value": 10}
    events = told(s, "tool 2")
    assert kinds(events)[:2] == ["tool", "gain"]
    assert events[0]["params"] == {"value": 2, "total": 12} and "tool:0:0" in events[0]["marks"]
    assert events[1]["params"] == {"goods": {"counts": {"wood": 4}}, "total": 12, "divisor": 3}
    assert "hut" in kinds(events)  # the last location resolved without asking


def test_buying_a_card_tells_what_was_paid_and_the_immediate_effect():
    s = new(4, seed=3)
    put_card(s, 1, card_with("food", 7))
    s.res[0] = [3, 3, 0, 0]
    to_actions(s, 0, {"card 2": 1, "hut": 2})
    assert kinds(told(s, "use card 2")) == ["to_pay_card"]
    events = told(s, "pay wc")
    buy, gain = events[0], events[1]
    assert buy["kind"] == "stoneage.buy_card" and buy["params"]["paid"] == {"counts": {"wood": 1, "clay": 1}}
    assert buy["params"]["effect"] == {"term": "food"} and buy["params"]["bottom"] == {"term": "pottery"}
    assert "slot:2" in buy["marks"]
    assert gain["params"] == {"goods": {"counts": {"food": 7}}}
    assert "food 7" not in i18n.event_text(buy, "vi") and "{" not in i18n.event_text(buy, "fa")


def test_dice_for_all_tells_the_faces_and_each_seats_pick_forced_or_chosen():
    s = new(3, seed=4)
    put_card(s, 0, card_with("dice_for_all"))
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2})
    s.apply("use card 1")
    force(s, ("dice", [1, 0, 0, 2, 0, 0]))  # faces 1, 4, 4
    events = told(s, "pay w")
    s.script = None
    assert next(e for e in events if e["kind"] == "stoneage.dice_for_all")["params"] == {"faces": {"list": [1, 4, 4]}}
    events = told(s, "die 4")
    assert [(e["seat"], e["params"]["face"], e["params"]["item"]) for e in events] == [(0, 4, {"term": "gold"})]
    events = told(s, "die 1")  # seat 1 chose; seat 2 is left the other 4, taken for it
    picks = [(e["seat"], e["params"]["face"]) for e in events if e["kind"] == "stoneage.die"]
    assert picks == [(1, 1), (2, 4)]


def test_building_tells_the_payment_and_points():
    s = new(2, seed=5)
    put_tile(s, 0, tile_of("fixed", cost=(2, 1, 0, 0)))
    s.res[0] = [2, 1, 0, 0]
    to_actions(s, 0, {"building 1": 1, "hut": 2})
    s.apply("use building 1")
    [build, *_rest] = told(s, "pay wwc")
    assert build["kind"] == "stoneage.build" and build["params"] == {"stack": 1, "paid": {"counts": {"wood": 2, "clay": 1}}, "points": 10}
    assert "stack:1" in build["marks"]


def hungry(food, res):
    """Both seats placed nothing; feeding begins with these food and resources (the start player's first)."""
    s = new(2, seed=6)
    p = s.start
    s.food[p], s.food[1 - p] = food
    s.res[p], s.res[1 - p] = (list(r) for r in res)
    s.home = [0, 0]
    s._legal = None
    s.begin_feeding()
    return s


def test_feeding_resources_as_food_then_a_shortfall_left_to_the_next_seat():
    """§7: all food is handed in, then resources one at a time, or −10 once (§7.4 [I7])."""
    s = hungry((2, 2), ([0, 0, 3, 0], [0, 0, 3, 0]))
    p = s.start
    assert s.phase == "feed" and s.turn == p
    e = told(s, "feed s")[0]
    assert e["kind"] == "stoneage.feed" and e["seat"] == p and e["params"] == {"goods": {"counts": {"stone": 1}}, "missing": 2}
    told(s, "feed s")
    events = told(s, "feed s")
    assert kinds(events) == ["feed", "short"]
    assert events[1]["seat"] == 1 - p and events[1]["params"] == {"people": 5, "income": 0, "missing": 3}
    events = told(s, "starve")
    assert kinds(events) == ["starve", "new_round"]
    assert events[0]["params"] == {"points": 10, "missing": 3}
    assert events[1]["params"]["round"] == 2 and events[1]["params"]["start"] == {"seat": 1 - p}


def test_a_seat_that_cannot_cover_the_shortfall_is_told_it_starved():
    s = hungry((2, 1), ([0, 0, 3, 0], [0, 0, 0, 0]))
    p = s.start
    told(s, "feed s")
    told(s, "feed s")
    events = told(s, "feed s")
    assert kinds(events) == ["feed", "short", "starved", "new_round"]
    assert events[2]["seat"] == 1 - p and events[2]["params"] == {"points": 10}


def test_a_fed_seat_is_told_its_meal_and_income():
    s = hungry((2, 9), ([0, 0, 3, 0], [0, 0, 0, 0]))
    p = s.start
    s.agri[1 - p] = 2
    events = told(s, "feed s") + told(s, "feed s") + told(s, "feed s")
    [fed] = [e for e in events if e["kind"] == "stoneage.fed"]
    assert fed["seat"] == 1 - p and fed["params"] == {"people": 5, "income": 2, "food": 6}


def test_the_game_end_is_told_with_its_reason():
    """§9 A: a slot to refill and no card left ends the game at once."""
    s = hungry((2, 9), ([0, 0, 3, 0], [0, 0, 0, 0]))
    p = s.start
    s.cards[1 - p] += [*s.deck, s.display[0]]  # nobody bought them; only conservation matters here
    s.deck, s.display[0] = [], -1
    events = told(s, "feed s") + told(s, "feed s") + told(s, "feed s")
    end = events[-1]
    assert end["kind"] == "stoneage.game_over" and end["params"] == {"reason": {"term": "ended_by_cards"}, "rounds": 1}
    assert s.is_over
    assert i18n.event_text(end, "fa") == "بازی پس از دور 1 پایان یافت: کارت‌های تمدن تمام شد"


def leaky(events, secrets):
    text = json.dumps(events)
    return [c for c in secrets if f'"card:{c}"' in text]


def test_the_extra_card_is_named_to_its_owner_only():
    s = new(4, seed=9)
    put_card(s, 0, card_with("extra_card"))
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    secret = s.deck[3]
    force(s, ("extra", secret))
    before = s.clone()
    s.apply("pay w")
    action = GAME.parse_action(before, "pay w")
    mine = [e.to_dict() for e in GAME.describe(before, action, s, 0)]
    assert next(e for e in mine if e["kind"] == "stoneage.extra_card")["marks"][0] == f"card:{secret}"
    for viewer in (1, 2, 3, None):
        theirs = [e.to_dict() for e in GAME.describe(before, action, s, viewer)]
        assert "stoneage.extra_card_hidden" in [e["kind"] for e in theirs]
        assert leaky(theirs, [secret]) == []
        assert [e for e in theirs if e["kind"] != "stoneage.extra_card_hidden"] == [e for e in mine if e["kind"] != "stoneage.extra_card"]


def test_random_games_events_tell_no_seat_what_it_may_not_know():
    """Along random games (all options), every seat but the owner of a drawn secret is told exactly what a
    spectator is told, and the spectator's events never name a secret card; events replay the decision exactly."""
    rng = random.Random(17)
    for players, options in ((2, {}), (3, {"house_rules": "seed001"}), (4, {"any_resources": "at_once"})):
        s = GAME.new_game(players=players, seed=300 + players, **options)
        while not s.is_over:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            before = s.clone()
            s.apply(a)
            public = [e.to_dict() for e in GAME.describe(before, a, s, None)]
            assert leaky(public, [c for p in range(players) for c in s.secret[p]]) == []
            for seat in range(players):
                mine = [e.to_dict() for e in GAME.describe(before, a, s, seat)]
                if len(s.secret[seat]) == len(before.secret[seat]):
                    assert mine == public
                others = [c for p in range(players) if p != seat for c in s.secret[p]]
                assert leaky(mine, others) == []
