"""Events (docs/rules/splendor.md, "Events"): what each kind of decision did, in game terms, for one viewer, and the
end-of-game breakdown (§10). Hidden information (§13): a blind reservation is told to its owner only."""

from __future__ import annotations

import json
import random
import re

import pytest

from meeple import i18n
from meeple.games.splendor.data import CARDS, NOBLES
from meeple.games.splendor.game import GAME
from meeple.games.splendor.state import SplendorState

from .helpers import (
    GOLD,
    G,
    R,
    U,
    W,
    card_id,
    give_bonuses,
    give_cards,
    give_tokens,
    new,
    noble_id,
    put_in_display,
    reserve_for,
    set_nobles,
)

#: The board elements views/splendor.js marks (docs/rules/splendor.md, "Events").
MARK = re.compile(r"card:\d+|deck:[123]|token:(white|blue|green|red|black|gold)|noble:\d|seat:[0-3]")


def play(s: SplendorState, text: str, viewer: int | None = 0) -> list[dict]:
    """Apply one decision; its events for ``viewer`` as dicts."""
    before = s.clone()
    action = GAME.parse_action(s, text)
    s.apply(action)
    return [e.to_dict() for e in GAME.describe(before, action, s, viewer)]


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


def card_of(cid: int) -> dict:
    c = CARDS[cid]
    cost = {f"splendor.{name}": n for name, n in zip(("white", "blue", "green", "red", "black"), c.cost, strict=True) if n}
    return {"level": c.tier, "bonus": {"term": f"splendor.{('white', 'blue', 'green', 'red', 'black')[c.bonus]}"}, "points": c.points, "cost": {"counts": cost}}


def test_s4_taking_three_colours_names_the_gems_and_marks_their_piles():
    s = new(2)
    (event,) = play(s, "take wug")
    assert event == {
        "kind": "splendor.take",
        "seat": 0,
        "params": {"gems": {"counts": {"splendor.white": 1, "splendor.blue": 1, "splendor.green": 1}}},
        "marks": ["token:white", "token:blue", "token:green", "seat:0"],
    }
    assert i18n.event_text(event, "en", ["Ann", "Bo"]) == "Ann took 1 white, 1 blue, 1 green"


def test_s5_taking_two_of_a_colour():
    s = new(2)
    (event,) = play(s, "take rr")
    assert event["params"] == {"gems": {"counts": {"splendor.red": 2}}} and event["marks"] == ["token:red", "seat:0"]


def test_s6_reserving_from_the_display_names_the_card_the_gold_and_the_card_dealt_in_its_place():
    s = new(2)
    reserved = s.display[5]  # level 2, slot 2
    events = play(s, "reserve 2.2", viewer=1)
    dealt = s.display[5]
    assert kinds(events) == ["splendor.reserve", "splendor.gold", "splendor.deal"]
    assert events[0]["params"] == card_of(reserved) and events[0]["marks"] == [f"card:{reserved}", "seat:0"]
    assert events[1]["marks"] == ["token:gold", "seat:0"]
    assert events[2]["seat"] is None and events[2]["params"] == card_of(dealt) and events[2]["marks"] == [f"card:{dealt}", "deck:2"]


def test_s6_reserving_with_no_gold_left_says_so():
    s = new(2)
    give_tokens(s, 1, {GOLD: 5})
    events = play(s, "reserve 1.1")
    assert kinds(events) == ["splendor.reserve", "splendor.no_gold", "splendor.deal"]


@pytest.mark.parametrize("viewer", [1, None])
def test_s13_a_blind_reservation_tells_others_only_its_level(viewer):
    s = new(2)
    events = play(s, "reserve deck 3", viewer=viewer)
    hidden = s.reserved[0][-1]
    assert kinds(events) == ["splendor.reserve_hidden", "splendor.gold"]
    assert events[0]["params"] == {"level": 3} and events[0]["marks"] == ["deck:3", "seat:0"]
    assert str(hidden) not in json.dumps(events)


def test_s13_a_blind_reservation_tells_its_owner_the_card():
    s = new(2)
    events = play(s, "reserve deck 3", viewer=0)
    hidden = s.reserved[0][-1]
    assert kinds(events) == ["splendor.reserve_blind", "splendor.gold"]
    assert events[0]["params"] == card_of(hidden) and events[0]["marks"] == [f"card:{hidden}", "deck:3", "seat:0"]


def test_s7_buying_from_the_display_names_the_card_and_what_was_paid_after_bonuses():
    """The 1-point red level-1 card costs 4 white; with one white bonus the buyer pays 2 white and 1 gold."""
    s = new(2)
    cid = card_id(1, "red", 1, white=4)
    put_in_display(s, 0, cid)
    give_bonuses(s, 0, {W: 1})
    give_tokens(s, 0, {W: 2, GOLD: 1})
    events = play(s, "buy 1.1", viewer=1)
    assert kinds(events) == ["splendor.buy", "splendor.deal"]
    assert events[0]["params"] == {**card_of(cid), "paid": {"counts": {"splendor.white": 2, "splendor.gold": 1}}}
    assert events[0]["marks"] == [f"card:{cid}", "token:white", "token:gold", "seat:0"]
    assert i18n.event_text(events[0], "en", ["Ann", "Bo"]) == "Ann bought a red card (level 1, 1 points) for 2 white, 1 gold"
    assert events[1]["params"] == card_of(s.display[0])


def test_s7_a_card_paid_by_bonuses_alone_says_so():
    s = new(2)
    cid = card_id(1, "white", 0, blue=3)
    put_in_display(s, 0, cid)
    give_bonuses(s, 0, {U: 3})
    events = play(s, "buy 1.1")
    assert events[0]["params"]["paid"] == {"term": "splendor.bonuses_only"}
    assert "bonuses alone" in i18n.event_text(events[0], "en")


def test_s7_buying_a_blind_reserved_card_reveals_it_to_everyone():
    s = new(2)
    cid = card_id(1, "white", 0, blue=3)
    reserve_for(s, 0, cid, blind=True)
    give_tokens(s, 0, {U: 3})
    events = play(s, "buy r1", viewer=1)
    assert kinds(events) == ["splendor.buy_reserved"]  # nothing is dealt: the display did not change
    assert events[0]["params"] == {**card_of(cid), "paid": {"counts": {"splendor.blue": 3}}}
    assert events[0]["marks"][0] == f"card:{cid}"


def test_s8_each_token_returned_is_its_own_event():
    s = new(2)
    give_tokens(s, 0, {W: 3, U: 3, G: 3})
    assert kinds(play(s, "take urk")) == ["splendor.take"]
    (event,) = play(s, "return k")
    assert event == {"kind": "splendor.return", "seat": 0, "params": {"gems": {"counts": {"splendor.black": 1}}}, "marks": ["token:black", "seat:0"]}
    (event,) = play(s, "return u")
    assert s.current_player == 1 and event["marks"][0] == "token:blue"


def test_s9_the_noble_that_visits_is_named_with_its_requirement():
    s = new(2)
    noble = noble_id(blue=3, green=3, white=3)
    set_nobles(s, noble, *[n for n in range(10) if n != noble][:2])
    give_bonuses(s, 0, {U: 3, G: 3, W: 3})
    events = play(s, "take urk", viewer=1)
    assert kinds(events) == ["splendor.take", "splendor.noble"]
    assert events[1]["params"] == {"requires": {"counts": {"splendor.white": 3, "splendor.blue": 3, "splendor.green": 3}}, "points": 3}
    assert events[1]["marks"] == [f"noble:{noble}", "seat:0"]


def test_s9_a_chosen_noble_is_told_by_the_choice():
    s = new(2)
    a, b = noble_id(blue=3, green=3, white=3), noble_id(green=4, red=4)
    set_nobles(s, a, b, next(n for n in range(10) if n not in (a, b)))
    give_bonuses(s, 0, {U: 3, G: 4, W: 3, R: 4})
    assert kinds(play(s, "take urk")) == ["splendor.take"]
    (event,) = play(s, "noble 2")
    assert event["kind"] == "splendor.noble" and event["marks"] == [f"noble:{b}", "seat:0"]


def test_s10_reaching_15_starts_the_final_round():
    s = new(2)
    give_cards(s, 0, *[c.id for c in CARDS if c.points == 5][:3])
    events = play(s, "take wug")
    assert kinds(events) == ["splendor.take", "splendor.final_round"] and events[1]["params"] == {"points": 15}
    assert i18n.event_text(events[1], "en", ["Ann", "Bo"]) == "Ann reached 15 points: this is the final round"
    assert kinds(play(s, "take wug")) == ["splendor.take"]  # said once, not every turn after


def test_s11_a_slot_left_empty_by_an_empty_deck():
    s = new(2)
    for cid in list(s.decks[2]):  # the level-3 deck runs out: seat 1 bought the rest
        give_cards(s, 1, cid)
    first = s.display[8]
    events = play(s, "reserve 3.1")
    assert kinds(events) == ["splendor.reserve", "splendor.gold", "splendor.deck_empty"]
    assert events[0]["params"] == card_of(first) and events[2]["params"] == {"level": 3} and events[2]["marks"] == ["deck:3"]


def test_s12_a_seat_with_no_legal_action_passes():
    s = new(2)
    give_tokens(s, 1, {k: s.supply[k] for k in range(6)})  # the supply is empty
    for slot in (8, 9, 10):
        reserve_for(s, 0, s.display[slot])  # seat 0 may reserve no more and, without tokens, buys nothing
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    (event,) = play(s, "pass")
    assert event == {"kind": "splendor.pass", "seat": 0, "params": {}, "marks": ["seat:0"]}
    assert i18n.event_text(event, "fa", ["آنا", "بو"]).startswith("آنا")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_event_has_a_message_with_its_values_filled_in(lang):
    rng = random.Random(5)
    seen = set()
    for g in range(6):
        s = GAME.new_game(players=3, seed=g)
        while not s.is_over:
            before = s.clone()
            action = rng.choice(s.legal_actions())
            s.apply(action)
            for viewer in (0, 1, None):
                for e in GAME.describe(before, action, s, viewer):
                    seen.add(e.kind)
                    text = i18n.event_text(e, lang, ["A", "B", "C"])
                    assert f"event.{e.kind}" in i18n.catalogue(lang) and "{" not in text and "splendor." not in text, text
                    assert all(MARK.fullmatch(m) for m in e.marks), e.marks
    assert {"splendor.take", "splendor.buy", "splendor.reserve", "splendor.deal", "splendor.reserve_hidden"} <= seen


def swap_cards(s: SplendorState, x: int, y: int) -> SplendorState:
    """The same position with cards ``x`` and ``y`` exchanged everywhere (places and recorded draws)."""
    d = s.to_dict()

    def swap(v):
        return y if v == x else x if v == y else v

    for key in ("reserved", "decks", "bought"):
        d[key] = [[swap(c) for c in row] for row in d[key]]
    d["display"] = [swap(c) for c in d["display"]]
    d["history"] = [{**e, "value": swap(e["value"])} if isinstance(e, dict) and e.get("chance") == "deal" else e for e in d["history"]]
    return GAME.from_dict(d)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s13_no_event_tells_a_viewer_another_seats_blind_card(players):
    """Along random games, for every seat and the spectator: a world where another seat's blind card is a different
    card of its level (one the viewer cannot see either) gives the viewer the very same events."""
    rng = random.Random(17 + players)
    checked = 0
    for g in range(8):
        s = GAME.new_game(players=players, seed=100 + g)
        while not s.is_over:
            before = s.clone()
            action = rng.choice(s.legal_actions())
            s.apply(action)
            seen = {viewer: [e.to_dict() for e in GAME.describe(before, action, s, viewer)] for viewer in [*range(players), None]}
            for p in range(players):
                for x, blind in zip(s.reserved[p], s.blind[p], strict=True):
                    level = CARDS[x].tier - 1
                    ys = [c for c in s.decks[level] if c in before.decks[level]]
                    if not blind or not ys:
                        continue
                    twin_before, twin_after = swap_cards(before, x, ys[0]), swap_cards(s, x, ys[0])
                    for viewer, events in seen.items():
                        if viewer == p:
                            continue
                        twin = GAME.describe(twin_before, action, twin_after, viewer)
                        assert [e.to_dict() for e in twin] == events, f"seat {viewer} learns seat {p}'s blind card"
                        assert f"card:{x}" not in [m for e in events for m in e["marks"]]
                        checked += 1
    assert checked > 100


# -- §10 the end of the game: the breakdown and the tie-breaker -----------------------------------------------


def test_s10_breakdown_gives_points_from_cards_and_from_nobles():
    s = new(2)
    noble = noble_id(blue=3, green=3, white=3)
    give_bonuses(s, 0, {U: 3, G: 3, W: 3})
    give_cards(s, 0, *[c.id for c in CARDS if c.points == 5][:2], next(c.id for c in CARDS if c.points == 2 and c.tier == 2))
    give_cards(s, 1, next(c.id for c in CARDS if c.points == 4 and c.id not in s.bought[0]))
    unmet = [n.id for n in NOBLES if any(need > have for need, have in zip(n.requires, s.bonuses[0], strict=True))]
    set_nobles(s, noble, *unmet[:2])
    s.apply("take urk")  # the noble visits: 12 + 3 = 15, the final round starts
    s.apply("take wug")
    r = s.result()
    assert r is not None and r.details["breakdown"] == [{"cards": 12, "nobles": 3, "total": 15}, {"cards": 4, "nobles": 0, "total": 4}]
    assert r.details["tiebreak"] is None
    assert [sum(b[k] for k in ("cards", "nobles")) for b in r.details["breakdown"]] == list(r.scores)
    assert NOBLES[noble].points == 3


def test_s10_tiebreak_is_named_when_fewest_cards_decided():
    s = new(2)
    fives = [c.id for c in CARDS if c.points == 5]
    give_cards(s, 0, *fives[:3])
    give_cards(s, 1, *[c.id for c in CARDS if c.points == 4][:3], next(c.id for c in CARDS if c.points == 3))
    s.apply("take wug")
    s.apply("take wug")
    r = s.result()
    assert r.scores == (15, 15) and r.winners == (0,) and r.details["tiebreak"] == "fewest_cards"
    for lang in i18n.LANGUAGES:
        assert i18n.catalogue(lang)["tiebreak.splendor.fewest_cards"]
        assert all(i18n.catalogue(lang)[f"score.splendor.{k}"] for k in r.details["breakdown"][0])


def test_s10_no_tiebreak_named_when_a_tie_stays_shared():
    s = new(2)
    fives, fours, ones = ([c.id for c in CARDS if c.points == p] for p in (5, 4, 1))
    give_cards(s, 0, fives[0], fives[1], fours[0], ones[0])
    give_cards(s, 1, fives[2], fives[3], fours[1], ones[1])  # 15 points and 4 cards each
    s.apply("take wug")
    s.apply("take wug")
    r = s.result()
    assert r.winners == (0, 1) and r.details["tiebreak"] is None


def test_breakdown_adds_up_in_random_games():
    rng = random.Random(3)
    for g in range(20):
        s = GAME.new_game(players=2 + g % 3, seed=g)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        r = s.result()
        assert [b["total"] for b in r.details["breakdown"]] == list(r.scores)
        assert all(b["cards"] + b["nobles"] == b["total"] for b in r.details["breakdown"])

