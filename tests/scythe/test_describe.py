"""What each Scythe decision did, in game terms, for one viewer (issue 16; docs/rules/scythe.md for the rules named).

Explicit positions pin each kind of event; random 2-player and solo games check that every event has a message in
every language and that no event tells a viewer what its observation hides (views.py: another seat's coins, combat
cards, objectives, the decks, the face-down Factory cards; a dial and tucked cards before the reveal)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from meeple import i18n
from meeple.core.events import Event
from meeple.games.scythe import data as D
from meeple.games.scythe.automa import AUTOMA
from meeple.games.scythe.data import CHAR, MECH0, WORKER0
from meeple.games.scythe.game import GAME
from meeple.games.scythe.state import ScytheState

from .helpers import battle, mech, new, place, play, refresh, resources, section_of, set_hand, sp, turn_of, workers
from .test_automa import clear, empty_hand, solo
from .test_rules_encounters_factory import at_encounter, to_factory


def told(s: ScytheState, move: str, viewer: int | None) -> list[Event]:
    """Apply ``move`` to ``s`` and return its events for ``viewer``."""
    before = s.clone()
    action = GAME.parse_action(s, move)
    s.apply(action)
    return GAME.describe(before, action, s, viewer)


def told_all(s: ScytheState, move: str) -> dict[int | None, list[Event]]:
    """Apply ``move`` once and tell it to every seat and a spectator."""
    before = s.clone()
    action = GAME.parse_action(s, move)
    s.apply(action)
    return {v: GAME.describe(before, action, s, v) for v in [*range(s.num_players), None]}


def kinds(events: list[Event]) -> list[str]:
    return [e.kind.removeprefix("scythe.") for e in events]


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == f"scythe.{kind}"]
    assert len(found) == 1, (kind, kinds(events))
    return found[0]


def words(events: list[Event], lang: str = "en") -> str:
    return " | ".join(i18n.event_text(e, lang, ["Ann", "Bob"]) for e in events)


# -- the turn's decisions (§3, §5, §6, §7) -------------------------------------------------------------------


def test_3_the_section_chosen_names_its_top_and_bottom_actions_and_marks_the_mat_column() -> None:
    s = new()
    seat = s.current_player
    events = told(s, "section 1", 1 - seat)
    e = one(events, "section")
    assert e.seat == seat and e.params["section"] == 1
    top = D.TOP_ACTIONS[D.MAT_TOP[s.mat[seat]][0]]
    assert e.params["top"] == {"term": top} and e.params["bottom"] == {"term": "upgrade"}
    assert f"mat:{seat}:section:0" in e.marks and f"seat:{seat}" in e.marks
    assert words(events) == f"{'Ann' if seat == 0 else 'Bob'} chose section 1: {i18n.term(top)} / Upgrade"


def test_7_a_step_names_the_unit_its_path_and_what_it_carried_and_marks_both_hexes() -> None:
    s = new()
    for i in range(D.UNIT_SLOTS):
        s.pos[0][i] = -1
    place(s, 0, CHAR, "4,0")
    mech(s, 0, "4,1")
    workers(s, 0, "4,1", "4,1")
    resources(s, "4,1", wood=2)
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick mech 4,1", "load worker", "load worker")
    load = told(s, "load wood", 1)
    assert kinds(load) == ["load"] and load[0].params == {"what": {"term": "wood"}, "hex": "4,1"}
    step = one(told(s, "to 5,1", 1), "step_carrying")
    assert step.params["from"] == "4,1" and step.params["to"] == "5,1" and step.params["unit"] == {"term": "mech"}
    assert step.params["cargo"] == {"counts": {"wood": 1, "worker": 2}}
    assert {"hex:4,1", "hex:5,1", "unit:0:mech:5,1"} <= set(step.marks)


def test_7_3_workers_driven_off_are_told_with_their_owner_count_and_the_popularity_lost() -> None:
    s = new()
    place(s, 0, CHAR, "4,1")
    for i in range(D.WORKER0, D.UNIT_SLOTS):
        s.pos[1][i] = -1
    s.pos[1][WORKER0] = s.pos[1][WORKER0 + 1] = sp("5,1")
    s.pos[1][CHAR] = D.HOME[D.POLANIA]
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick character")
    events = told(s, "to 5,1", 1)
    off = one(events, "driven_off")
    assert off.seat == 0 and off.params == {"owner": {"seat": 1}, "count": 2, "hex": "5,1"}
    assert one(events, "loss").params["lost"] == {"counts": {"popularity": 2}}
    assert "moved_home" not in kinds(events)


def test_5_produce_names_the_hex_and_what_it_gave() -> None:
    s = new()
    workers(s, 0, "4,1", "4,1")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "produce"))
    play(s, "produce")
    e = one(told(s, "produce 4,1", 1), "produce")
    assert e.params == {"hex": "4,1", "gain": {"counts": {D.RESOURCES[D.PRODUCT[sp("4,1")]]: 2}}} and "hex:4,1" in e.marks


def test_6_deploy_build_enlist_and_upgrade_name_the_mech_ability_structure_recruit_and_the_payment() -> None:
    s = new("polania,nordic")
    workers(s, 0, "3,7", "3,7")
    resources(s, "3,7", metal=4, wood=4, food=4, oil=4)
    refresh(s)
    turn_of(s, 0)
    s.apply("section 2")  # deploy column
    if s.phase == "top":
        s.apply("no top")
    events = told(s, "deploy m2 3,7", 1)
    dep = one(events, "deployed")
    assert dep.params == {"ability": {"term": "submerge"}, "hex": "3,7"} and "mat:0:mech:1" in dep.marks
    assert one(events, "paid").params["resources"]["counts"] == {"metal": D.MAT_BASE_COST[s.mat[0]][D.DEPLOY]}
    assert "Submerge" in words(events) and "Lặn" in words(events, "vi") and "غوطه‌وری" in words(events, "fa")
    turn_of(s, 0)
    s.last_section[0] = -1
    s.apply("section 3")
    if s.phase == "top":
        s.apply("no top")
    built = one(told(s, "build mine 3,7", 1), "built")
    assert built.params == {"structure": {"term": "mine"}, "hex": "3,7"} and "mat:0:structure:mine" in built.marks
    turn_of(s, 0)
    s.last_section[0] = -1
    s.apply("section 4")
    if s.phase == "top":
        s.apply("no top")
    enlisted = one(told(s, "enlist build coins", 1), "enlisted")
    assert enlisted.params == {"recruit": {"term": "build"}, "bonus": {"term": "bonus_coins"}}
    turn_of(s, 0)
    s.last_section[0] = -1
    s.apply("section 1")
    if s.phase == "top":
        s.apply("no top")
    up = one(told(s, "upgrade power>deploy", 1), "upgraded")
    assert up.params == {"slot": {"term": "power"}, "bottom": {"term": "deploy"}}
    assert {"mat:0:top:power", "mat:0:bottom:deploy"} <= set(up.marks)


# -- §8 combat: hidden until the reveal, then both sides to everyone -------------------------------------------------


def test_8_the_dial_and_cards_are_secret_until_the_reveal_then_both_sides_are_told_to_everyone() -> None:
    s = battle(power=(5, 6))
    set_hand(s, 0, 3, 2)
    set_hand(s, 1, 4)
    refresh(s)
    play(s, "pick character", "to 5,1")
    start = told_all(s, "done")
    assert one(start[1], "combat_start").params == {"hex": "5,1", "defender": {"seat": 1}}
    dial = told_all(s, "dial 4")
    assert kinds(dial[1]) == kinds(dial[None]) == ["dial_hidden"] and one(dial[0], "dial_own").params == {"dial": 4}
    cards = told_all(s, "cards 3")
    assert kinds(cards[1]) == ["cards_hidden"] and one(cards[0], "cards_own").params == {"cards": {"list": [3]}}
    assert "4" not in json.dumps([e.to_dict() for e in dial[1] + cards[1]])
    play(s, "dial 6")
    reveal = told_all(s, "cards 4")
    for viewer, events in reveal.items():
        fight = one(events, "combat")
        assert fight.seat == 0 and fight.params["winner"] == {"seat": 1}, viewer
        assert (fight.params["attacker_dial"], fight.params["attacker_cards"], fight.params["attacker_total"]) == (4, {"list": [3]}, 7)
        assert (fight.params["defender_dial"], fight.params["defender_cards"], fight.params["defender_total"]) == (6, {"list": [4]}, 10)
        home = one(events, "moved_home")
        assert home.seat == 0 and home.params["from"] == "5,1" and home.params["units"] == {"counts": {"character": 1}}
        assert one([e for e in events if e.seat == 1], "star").params["category"] == {"term": "star_combat"}
    assert "cards_drawn_own" in kinds(reveal[0]) and "cards_drawn_own" not in kinds(reveal[1])  # the loser's new card
    text = words(reveal[None])
    assert "Combat on 5,1: Ann 7 (dial 4, cards 3) against Bob 10 (dial 6, cards 4); Bob wins" in text


# -- §9 encounters, §10 the Factory, §11 objectives ------------------------------------------------------------------


def test_9_the_encounter_card_and_the_option_taken_with_its_cost_and_gain() -> None:
    s = at_encounter(1)
    e = one(told(s, "option b", 1), "option")
    assert e.params == {"card": 1, "option": "B", "cost": {"counts": {"coins": 2}}, "gain": {"counts": {"food": 4}}}
    assert "encounter:1" in e.marks and "hex:4,2" in e.marks
    s = new()
    place(s, 0, CHAR, "4,1")
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick character")
    events = told(s, "to 4,2", 1)  # the token stops the character; the card is drawn once the Move ends
    if s.phase == "move":
        events = told(s, "done", 1)
    met = one(events, "encounter")
    assert met.params["hex"] == "4,2" and met.params["card"] == s.encounter_card


def test_10_the_factory_card_kept_is_named_and_the_cards_left_face_down_are_not() -> None:
    s = to_factory()
    left = sorted(s.factory)
    keep = left[1]
    events = told_all(s, f"keep factory {keep}")
    for viewer in (0, 1, None):
        assert one(events[viewer], "factory").params == {"card": keep}
        named = {e.params.get("card") for e in events[viewer]} | {m for e in events[viewer] for m in e.marks if m.startswith("factory:")}
        assert all(c not in named and f"factory:{c}" not in named for c in left if c != keep)


def test_11_an_objective_is_named_when_revealed_and_its_star_told() -> None:
    s = new()
    s.objectives[0] = [12, s.objectives[0][1] if s.objectives[0][1] != 12 else s.objectives[0][0]]
    s.objective_deck = [c for c in D.OBJECTIVES if c not in s.objectives[0] + s.objectives[1]]
    s.coins[0] = 25
    refresh(s)
    turn_of(s, 0)
    events = told(s, "reveal 12", 1)
    assert one(events, "objective").params == {"card": 12, "name": {"term": "objective_12"}}
    assert one(events, "star").params["category"] == {"term": "star_objective"}
    assert "Get Rich or Cry Trying" in words(events)
    assert str(s.objective_discard[0][0]) not in json.dumps([e.to_dict() for e in events])  # the other one stays secret


# -- the Automa (automa §4–§7) --------------------------------------------------------------------------------


def test_automa_its_turn_is_told_in_the_human_decision_that_ends_the_turn() -> None:
    s = solo()
    play(s, "section 1")
    while s.phase != "bottom":
        s.apply(s.legal_actions()[-1] if s.phase == "top" else "done")
    cards_before = len(s.automa.discard)
    events = told(s, "end turn", 0)
    turn = one(events, "automa_turn")
    assert turn.seat == AUTOMA and turn.params["card"] == s.automa.discard[cards_before] and turn.params["scheme"] == "I"
    assert turn.params["move"]["term"].startswith("automa_")
    assert "Automa played card" in words(events) and "آتوما" in words(events, "fa")
    assert kinds(events).index("end_turn") < kinds(events).index("automa_turn")


def test_automa_attack_the_human_is_asked_then_the_reveal_and_the_automa_cards_are_told() -> None:
    s = clear(solo())
    s.pos[AUTOMA][WORKER0] = sp("6,3")
    s.pos[0][MECH0] = sp("5,4")
    s.abil[0] = 1
    s.power[AUTOMA] = 3
    empty_hand(s)
    s.automa.card = 1
    s.automa.discard = [1]
    s.automa.deck = [6]
    set_hand(s, 0)
    refresh(s)
    assert s.automa_attack_combat_unit(s.rivers_ok()) == "combat"
    events = told(s, "dial 2", 0)
    fight = one(events, "combat")
    assert fight.seat == AUTOMA and fight.params["player"] == {"term": "automa"} and fight.params["winner"] == {"term": "automa"}
    assert fight.params["attacker_dial"] == 3 and fight.params["defender_dial"] == 2
    assert one(events, "automa_tracker").params["space"] == 2


def test_automa_a_factory_card_it_takes_stays_face_down_in_the_events() -> None:
    s = clear(solo())
    s.pos[AUTOMA][CHAR] = D.FACTORY
    before = s.clone()
    s.factory_card[AUTOMA] = s.factory.pop()
    events = GAME.describe(before, GAME.parse_action(before, "section 1"), s, 0)
    e = one(events, "automa_factory")
    assert "card" not in e.params


# -- along random games: messages for every event, and nothing hidden told ----------------------------------------


def random_steps(players: int, seed: int, limit: int) -> list[tuple[ScytheState, Any, ScytheState]]:
    rnd = random.Random(seed)
    s = GAME.new_game(players=players, seed=seed)
    out = []
    while not s.is_over and len(out) < limit:
        before = s.clone()
        action = rnd.choice(s.legal_actions())
        s.apply(action)
        out.append((before, action, s.clone()))
    return out


def hidden_from(s: ScytheState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may not know of ``s`` and would show up in an event's dict as these values."""
    return {
        "objectives": {c for p in range(s.num_players) if p != viewer for c in s.objectives[p] + s.objective_discard[p]},
        "factory": set(s.factory) | ({s.factory_card[AUTOMA]} if s.automa is not None and s.factory_card[AUTOMA] >= 0 else set()),
    }


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 7), (1, 5), (1, 9)])
def test_every_event_has_a_message_in_every_language_with_each_placeholder_filled(players: int, seed: int) -> None:
    seen: set[str] = set()
    for before, action, after in random_steps(players, seed, 1500):
        for viewer in [*range(players), None]:
            for e in GAME.describe(before, action, after, viewer):
                seen.add(e.kind)
                for lang in i18n.LANGUAGES:
                    assert f"event.{e.kind}" in i18n.catalogue(lang), (e.kind, lang)
                    text = i18n.event_text(e, lang, ["Ann"] * players)
                    assert "{" not in text and "scythe." not in text, (lang, text)
                    for v in e.params.values():
                        if isinstance(v, dict) and "term" in v:
                            assert f"term.{v['term']}" in i18n.catalogue(lang), (v, lang)
    assert len(seen) >= 20, sorted(seen)


MARK = re.compile(
    r"hex:\d,\d|unit:\d:(character|mech|worker):\d,\d|seat:\d|automa:(card|tracker)|(encounter|factory|objective):\d+"
    r"|mat:\d:(section:[0-4]|top:\w+|bottom:\w+|mech:[0-3]|structure:\w+|recruit:\w+|bonus:\w+|star:\w+|coins|power|popularity|combat_cards)"
)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (1, 9)])
def test_marks_name_board_elements_as_the_views_name_them(players: int, seed: int) -> None:
    """Marks follow describe.py's grammar, the names the map and mats put in ``data-mark``."""
    marks = set()
    for before, action, after in random_steps(players, seed, 1500):
        for e in GAME.describe(before, action, after, 0):
            marks.update(e.marks)
    bad = sorted(m for m in marks if not MARK.fullmatch(m))
    assert bad == [] and any(m.startswith("unit:") for m in marks) and any(m.startswith("mat:") for m in marks), bad


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (2, 11), (1, 5)])
def test_leak_no_event_names_a_hidden_card_objective_or_coin_total(players: int, seed: int) -> None:
    """Events may name only what the viewer's observation shows or a public change: the owner's own dial and cards,
    drawn card values to their owner, objectives once revealed, Factory cards once kept; never another's coins."""
    checked = 0
    for before, action, after in random_steps(players, seed, 3000):
        for viewer in [*range(players), None]:
            events = GAME.describe(before, action, after, viewer)
            hidden = hidden_from(after, viewer)
            for e in events:
                kind = e.kind.removeprefix("scythe.")
                if kind in ("dial_own", "cards_own", "cards_drawn_own"):
                    assert e.seat == viewer, (kind, viewer)
                if kind == "objective":
                    assert e.params["card"] in after.objective_done[e.seat]
                    assert e.params["card"] not in hidden["objectives"]
                if "card" in e.params and kind.startswith(("factory", "section_factory")):
                    assert e.params["card"] not in hidden["factory"]
                if kind == "automa_factory":
                    assert "card" not in e.params
                for k in ("gained", "lost"):
                    if k in e.params and e.seat != viewer and "coins" in e.params[k]["counts"]:
                        assert e.params[k]["counts"]["coins"] == abs(after.coins[e.seat] - before.coins[e.seat])  # a change, never a total
                checked += 1
    assert checked > 200


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (1, 5)])
def test_leak_worlds_the_viewer_cannot_tell_apart_are_told_alike(players: int, seed: int) -> None:
    """Resampling what the viewer cannot see (``determinize``) and replaying the decision must give the same events
    whenever the viewer's observation afterwards is the same: the events depend on nothing hidden."""
    checked = 0
    for before, action, after in random_steps(players, seed, 600):
        seen = None
        for viewer in range(players):
            if viewer == before.current_player:
                continue
            seen = after.observation(viewer)
            mine = [e.to_dict() for e in GAME.describe(before, action, after, viewer)]
            for k in range(2):
                world = before.determinize(viewer, seed=k + 11)
                world_after = world.clone()
                try:
                    world_after.apply(str(action))
                except ValueError:
                    continue  # the decider's resampled hand cannot make this decision: not a world to compare
                if world_after.observation(viewer) == seen:
                    theirs = [e.to_dict() for e in GAME.describe(world, GAME.parse_action(world, str(action)), world_after, viewer)]
                    assert theirs == mine, (str(action), viewer)
                    checked += 1
        if players == 1:  # the human is the only seat: a spectator stands in for the one who cannot see its cards
            seen = after.observation(None)
            mine = [e.to_dict() for e in GAME.describe(before, action, after, None)]
            world = before.determinize(None, seed=3)
            world_after = world.clone()
            world_after.apply(str(action))
            if world_after.observation(None) == seen:
                assert [e.to_dict() for e in GAME.describe(world, GAME.parse_action(world, str(action)), world_after, None)] == mine
                checked += 1
    assert checked > 50


def test_describe_reads_a_notation_and_leaves_both_states_unchanged() -> None:
    s = new()
    before = s.clone()
    after = s.clone()
    after.apply("section 1")
    d0, d1 = before.to_dict(), after.to_dict()
    GAME.describe(before, "section 1", after, None)
    assert before.to_dict() == d0 and after.to_dict() == d1


def test_leak_the_worlds_check_sees_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were drawn card values told to every viewer, the check above would fail: it can see a leak."""
    from meeple.games.scythe import describe

    tracks = describe._Teller.tracks

    def leaky(self: Any, q: int) -> None:
        viewer, self.viewer = self.viewer, q
        try:
            tracks(self, q)
        finally:
            self.viewer = viewer

    monkeypatch.setattr(describe._Teller, "tracks", leaky)
    with pytest.raises(AssertionError):
        test_leak_worlds_the_viewer_cannot_tell_apart_are_told_alike(2, 7)
