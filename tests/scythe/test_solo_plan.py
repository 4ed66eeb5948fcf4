"""What the solo heuristic reads off the Automa (games/scythe/solo_plan.py): the turns its star tracker leaves
(automa §4.4, docs/rules/scythe.md "The solo game against the Automa"), the chance and cost of its next attack
(automa §5, §7), all from what the human sees."""

from __future__ import annotations

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe import solo_plan
from meeple.games.scythe.automa import AUTOMA, CARD_IDS, STAR_TRACKER, TRACKERS
from meeple.games.scythe.data import CHAR, MECH0, WORKER0
from meeple.games.scythe.game import GAME
from meeple.games.scythe.state import ScytheState

from .helpers import refresh, set_hand, sp


def solo(level: str = "automa", automa: str = "rusviet") -> ScytheState:
    s = GAME.new_game(players=1, seed=0, factions=f"nordic,{automa}", mats="industrial", automa_level=level)
    assert isinstance(s, ScytheState)
    return s


def scheme_2(s: ScytheState) -> ScytheState:
    """The Automa on its tracker's Scheme II space, its deck whole again (automa §4.4)."""
    a = s.automa
    a.cube = TRACKERS[a.level]["scheme_2_space"]
    a.scheme = 2
    a.deck, a.discard, a.combat_discard = list(CARD_IDS), [], []
    return s


def test_turns_left_shrink_as_the_tracker_moves_and_are_fewer_at_harder_levels():
    """automa §4.4: the tracker's gold stars come at fixed spaces, sooner on the harder trackers."""
    easy, hard = solo("autometta"), solo("ultimaszyna")
    assert solo_plan.turns_left(easy) > solo_plan.turns_left(solo("automa")) > solo_plan.turns_left(hard) > 5
    before = solo_plan.turns_left(easy)
    easy.automa.cube += 3
    assert solo_plan.turns_left(easy) < before


def test_one_star_short_with_the_next_gold_star_a_space_ahead_leaves_about_one_turn():
    """automa §4.4, §8: five stars placed; the tracker is one space before a gold star, which would be the 6th."""
    s = solo("automa")
    stars = TRACKERS["automa"]["star_spaces"]
    s.automa.cube = stars[3] - 1
    s.stars[AUTOMA][STAR_TRACKER] = 3
    s.stars[AUTOMA][D.STAR_COMBAT] = 2
    assert solo_plan.turns_left(s) == pytest.approx(1.0 / solo_plan.advance_chance("automa", solo_plan.deck_left(s)))
    assert 1.0 <= solo_plan.turns_left(s) < 1.5


def test_the_cards_left_are_the_public_deck_and_set_the_chance_of_an_attack():
    """automa §5: Scheme II cards 14, 15, 16 attack combat units from the power they print; 19 attacks workers."""
    s = scheme_2(solo("automa"))
    s.power[AUTOMA] = 7
    units, workers_only, workers_any = solo_plan.attack_chance(s)
    assert units == pytest.approx(3 / 19)  # 14 (from 7 power), 15 (1), 16 (5); 13 only as Saxony
    assert workers_any == pytest.approx(4 / 19) and workers_only == pytest.approx(1 / 19)
    s.automa.discard = [14, 15, 16]
    s.automa.deck = [c for c in CARD_IDS if c not in (14, 15, 16)]
    assert solo_plan.attack_chance(s)[0] == 0.0
    assert solo_plan.deck_left(s) == tuple(s.automa.deck)


def test_scheme_1_attacks_only_as_the_card_prints_for_the_faction():
    """automa §5: in Scheme I only card 17 attacks combat units (from 6 power); 7 and 13 only as Saxony."""
    rusviet, saxony = solo("automa"), solo("automa", automa="saxony")
    rusviet.power[AUTOMA] = saxony.power[AUTOMA] = 6
    assert solo_plan.attack_chance(rusviet)[0] == pytest.approx(1 / 19)
    assert solo_plan.attack_chance(saxony)[0] == pytest.approx(3 / 19)


def exposed(power: int, *cards: int) -> ScytheState:
    """Scheme II; the human's character on 6,3, next to the Automa's base (7,3) and its worker there."""
    s = scheme_2(solo("automa"))
    s.pos[0][CHAR] = sp("6,4")
    s.pos[AUTOMA][MECH0] = sp("7,3")
    s.pos[AUTOMA][WORKER0 + 1] = -1
    s.power[0], s.power[AUTOMA] = power, 7
    set_hand(s, 0, *cards)
    return refresh(s)


def test_a_combat_unit_in_reach_is_threatened_less_the_more_power_it_can_defend_with():
    """automa §7: the Automa commits its card's power for its range and cards; ties go to the attacker (§8.3)."""
    assert sp("6,4") in solo_plan.reach(exposed(0))
    weak, dialled, carded = (solo_plan.threat(s, 6, 5, 1) for s in (exposed(0), exposed(7), exposed(7, 5)))
    assert weak > dialled > carded > 0
    assert carded < weak / 3
    far = exposed(0)
    far.pos[0][CHAR] = sp("3,4")
    assert solo_plan.threat(refresh(far), 6, 5, 1) == 0.0


def test_workers_alone_in_reach_are_threatened_by_the_worker_attacks():
    """automa §5: attack_worker sends lone workers home; a card tries it where it has no combat unit to attack."""
    s = exposed(0)
    s.pos[0][CHAR] = D.HOME[s.faction[0]]
    s.pos[0][WORKER0] = sp("6,4")
    refresh(s)
    _, _, any_workers = solo_plan.attack_chance(s)
    assert solo_plan.threat(s, 6, 5, 1) == pytest.approx(any_workers * (5 + 1))


def test_the_turns_to_a_sixth_star_count_the_cheapest_stars_left():
    """§10: a star for six upgrades, four mechs, structures or recruits, eight workers, an objective, two fights won
    (§12: Saxony's without a cap), power 16 and popularity 18; ``turns_to_sixth_star`` counts the cheapest it lacks."""
    s = solo()
    fresh = (0, 0, 0, 0, 0)
    start = solo_plan.turns_to_sixth_star(s, fresh, False)
    assert start > 0
    # An objective met is a reveal away: it replaces a dearer star among the six counted.
    assert solo_plan.turns_to_sixth_star(s, fresh, True) < start
    # Five upgrades made: the upgrades' star is a step away and becomes one of the cheapest.
    assert solo_plan.turns_to_sixth_star(s, (5, 0, 0, 0, 0), False) < start
    # Six stars placed: nothing left to race for.
    s.stars[0][D.STAR_COMBAT] = 2
    for kind in (D.STAR_UPGRADES, D.STAR_MECHS, D.STAR_WORKERS, D.STAR_OBJECTIVE):
        s.stars[0][kind] = 1
    assert solo_plan.turns_to_sixth_star(s, fresh, False) == 0.0


def test_five_stars_and_a_step_from_the_sixth_is_about_one_step_away():
    """§10: five stars placed, the sixth an upgrade away; Saxony's fights count on past two (§12)."""
    s = solo()
    s.stars[0][D.STAR_COMBAT] = 2
    for kind in (D.STAR_MECHS, D.STAR_WORKERS, D.STAR_OBJECTIVE):
        s.stars[0][kind] = 1
    assert solo_plan.turns_to_sixth_star(s, (5, 4, 0, 0, 6), False) == pytest.approx(solo_plan.OVERLAP * solo_plan.STEP_TURNS)
    saxony = GAME.new_game(players=1, seed=0, factions="saxony,rusviet", mats="industrial", automa_level="automa")
    saxony.stars[0][:] = s.stars[0]
    assert solo_plan.turns_to_sixth_star(saxony, (0, 4, 0, 0, 6), False) == pytest.approx(solo_plan.OVERLAP * solo_plan.COMBAT_TURNS)


def test_the_race_is_likelier_won_the_nearer_the_sixth_star_and_the_further_the_automas():
    """§13, automa §8: whoever places a sixth star first ends the game; the Automa's clock is its tracker (§4.4)."""
    s = solo()
    fresh, near = (0, 0, 0, 0, 0), (5, 3, 3, 3, 5)
    assert 0.0 < solo_plan.race_chance(s, fresh, False) < solo_plan.race_chance(s, near, True) < 1.0
    before = solo_plan.race_chance(s, near, True)
    s.automa.cube = TRACKERS["automa"]["star_spaces"][2]
    s.stars[AUTOMA][STAR_TRACKER] = 3
    assert solo_plan.race_chance(s, near, True) < before
