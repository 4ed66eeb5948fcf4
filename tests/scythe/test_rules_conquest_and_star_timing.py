"""Solo conquest resources once per hex (issue #22) and when a star is placed inside one action (docs/rules/scythe.md,
conventions 11, 21 and 22; rulebook "Stars and game end" / "Triumph track")."""

from __future__ import annotations

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.automa import AUTOMA
from meeple.games.scythe.data import CHAR, WORKER0

from .helpers import new, place, play, refresh, section_of, sp, texts, turn_of, workers
from .test_automa import clear, solo

_R = len(D.RESOURCES)


def five_stars(s, seat: int, *spare: int) -> None:
    """Give ``seat`` five stars in categories other than ``spare`` (so the next star ends the game)."""
    kinds = [k for k in (D.STAR_COMBAT, D.STAR_RECRUITS, D.STAR_MECHS, D.STAR_STRUCTURES, D.STAR_POPULARITY,
                         D.STAR_WORKERS, D.STAR_UPGRADES) if k not in spare]  # fmt: skip
    for k in kinds[:5]:
        s.stars[seat][k] = 1


# -- #22: the Automa's conquest resources, once per hex ----------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3])
def test_driving_off_any_number_of_lone_automa_workers_places_the_resources_once(count: int) -> None:
    """Automa rules "Combat" step 9, extended to displacement by O10 (docs/rules/scythe.md, solo options): the hex
    is conquered once, so 1, 2 or 3 workers driven off leave the same resources as after a won combat."""
    s = clear(solo())
    h = sp("5,4")
    for k in range(count):
        s.pos[AUTOMA][WORKER0 + k] = h
    s.automa.discard = [5]  # the main discard's top card shows 4 resource icons
    s.pop[0] = 10
    refresh(s)
    s.displace_workers(0, h)
    assert sum(s.res[h * _R : h * _R + _R]) == s.res[h * _R + D.PRODUCT[h]] == 4  # the hex's own resource
    assert s.pop[0] == 10 - count  # the popularity is still lost per worker ("Move": lone workers)
    assert all(s.pos[AUTOMA][WORKER0 + k] == D.HOME[s.faction[AUTOMA]] for k in range(count))


@pytest.mark.parametrize("count", [1, 3])
def test_moving_a_character_onto_lone_automa_workers_places_one_card_s_resources(count: int) -> None:
    """The same, played as a person would: the character steps onto the hex and the Move ends."""
    s = clear(solo())
    h = sp("5,4")
    place(s, 0, CHAR, "6,4")
    for k in range(count):
        s.pos[AUTOMA][WORKER0 + k] = h
    s.automa.discard = [5]
    s.pop[0] = 10
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    play(s, "move", "pick character", "to 5,4")
    if s.phase == "moving" and "stop" in texts(s):
        play(s, "stop")
    if "done" in texts(s):
        play(s, "done")
    assert s.res[h * _R + D.PRODUCT[h]] == 4
    assert s.pop[0] == 10 - count


# -- convention 21: the all-workers star during Produce ---------------------------------------------------------------


def test_the_all_workers_star_is_placed_when_the_whole_produce_action_ends() -> None:
    """docs/rules/scythe.md convention 21: the 8th worker made by a village does not end the game at once; the
    player still produces on the other chosen territory, then the star is placed (and, the 6th, ends the game)."""
    s = new("nordic,polania")
    village, field = "6,3", "5,4"  # a village and a tundra (oil)
    workers(s, 0, village, field, field, field, field, field, field)  # 7 on the board, 1 on the mat
    five_stars(s, 0, D.STAR_WORKERS)
    s.coins[0], s.pop[0], s.power[0] = 20, 12, 10
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "produce"))
    play(s, "produce", f"produce {village}")
    assert s.workers_on_board(0) == D.WORKERS and s.stars[0][D.STAR_WORKERS] == 0
    assert not s.is_over and f"produce {field}" in texts(s)
    oil = s.res[sp(field) * _R + D.PRODUCT[sp(field)]]
    play(s, f"produce {field}")
    assert s.res[sp(field) * _R + D.PRODUCT[sp(field)]] == oil + 6  # the six workers there still produced
    assert s.stars[0][D.STAR_WORKERS] == 1 and s.is_over and s.ended_by == 0


# -- convention 22: stars from an encounter option or a Factory card's top action -------------------------------------


def test_an_encounter_option_s_gains_are_all_taken_before_its_star_is_placed() -> None:
    """docs/rules/scythe.md convention 22: encounter 13 option B (power +2, then popularity +2) at power 14 with five
    stars: the popularity is gained, moving the seat into the next scoring tier, before the power star ends the game."""
    from .test_rules_encounters_factory import at_encounter

    s = at_encounter(13, pop=12, power=14)
    five_stars(s, 0, D.STAR_POWER)
    refresh(s)
    assert D.tier_of(12) != D.tier_of(14)
    play(s, "option b")
    assert s.is_over and s.stars[0][D.STAR_POWER] == 1
    assert s.power[0] == D.MAX_POWER and s.pop[0] == 14


def test_a_factory_card_s_top_action_gives_all_of_it_before_its_star_is_placed() -> None:
    """docs/rules/scythe.md convention 22: Factory card 9 (upgrade, then popularity +1) with one upgrade left and
    five stars: the popularity comes (12 -> 13, the next tier) before the upgrades star ends the game."""
    from .test_rules_encounters_factory import with_factory_card

    s = with_factory_card(9, pop=12)
    s.top_cubes[0] = 1 << D.SLOT_POWER  # one cube left on the top row: the next upgrade is the sixth
    spaces, left = D.MAT_CUBE_SPACES[s.mat[0]], 5
    for b in range(4):  # the five cubes already moved, on the bottom actions' cost spaces
        s.bottom_cubes[0][b] = min(spaces[b], left)
        left -= s.bottom_cubes[0][b]
    five_stars(s, 0, D.STAR_UPGRADES)
    refresh(s)
    play(s, "factory top")
    assert s.phase == "gain"
    upgrade = next(a for a in s.legal_actions() if a.text.startswith("upgrade"))
    play(s, upgrade.text)
    assert s.is_over and s.stars[0][D.STAR_UPGRADES] == 1
    assert s.pop[0] == 13 and D.tier_of(13) != D.tier_of(12)
