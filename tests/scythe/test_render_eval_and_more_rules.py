"""The terminal view and evaluation hooks, and further rule clauses (§6.2, §12 end by a neighbour's recruit bonus)."""

import random

from rich.console import Console

from meeple.games.scythe import data as D
from meeple.games.scythe.data import CHAR
from meeple.games.scythe.game import GAME

from .helpers import names, new, play, refresh, resources, sp, turn_of


def draw(obs):
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.render(obs))
    return console.export_text()


def test_render_draws_the_board_and_mats_from_an_observation_only():
    s = GAME.new_game(players=3, seed=2, factions="nordic,crimea,saxony", mats="industrial,engineering,agricultural")
    rng = random.Random(2)
    for _ in range(300):
        s.apply(rng.choice(s.legal_actions()))
    text = draw(s.observation(0))
    for needle in ("3,4 FACTORY", "4,0 home", "Nordic · industrial", "Crimea · engineering", "phase:", "structure bonus"):
        assert needle in text
    assert text.count("?") >= 2  # the two opponents' coins
    assert str(s.coins[0]) in text


def test_evaluate_gives_each_seat_a_value_that_follows_its_score():
    s = new("nordic,polania")
    base = GAME.evaluate(s)
    assert len(base) == 2 and all(isinstance(v, float) for v in base)
    s.coins[0] += 10
    assert GAME.evaluate(s)[0] >= base[0] + 10 and GAME.evaluate(s)[1] == base[1]  # more if an objective becomes met


def test_6_2_a_deployed_ability_serves_the_character_and_every_mech_at_once():
    s = new("nordic,polania")
    resources(s, "4,1", metal=3)
    refresh(s)
    turn_of(s, 0, 1)  # Industrial 2: produce / deploy
    play(s, "no top", "deploy m1 4,1")  # Riverwalk (forest, mountain)
    assert "5,3" in names(s.targets(0, CHAR, sp("4,2")))
    assert "5,3" in names(s.targets(0, D.MECH0, sp("4,2")))


def test_12_a_neighbour_s_sixth_star_from_a_recruit_bonus_ends_the_game_for_them():
    s = new("nordic,polania")
    s.stars[1] = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    s.pop[1] = 17
    s.recruits[1] = s.bonuses[1] = 1 << D.BUILD
    resources(s, "4,1", wood=3)
    refresh(s)
    turn_of(s, 0, 2)  # Industrial 3: move / build
    play(s, "no top", "build mine 4,1")
    assert s.is_over and s.ended_by == 1 and s.stars[1][D.STAR_POPULARITY] == 1


def test_7_3_and_9_a_character_stopping_on_an_encounter_token_draws_a_card_after_the_move():
    s = new("nordic,polania")
    s.pos[0][CHAR] = sp("4,1")
    refresh(s)
    turn_of(s, 0, 2)
    play(s, "move", "pick character", "to 4,2")
    assert s.phase == "move" and sp("4,2") in s.tokens  # the move goes on; the token waits for its end
    play(s, "done")
    assert sp("4,2") not in s.tokens and s.phase == "encounter" and s.encounter_card in D.ENCOUNTER_CARDS
