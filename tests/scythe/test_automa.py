"""The solo game's Automa (automa §N, docs/rules/scythe.md): setup, the turn, the six move procedures, gains, combat, the tracker."""

from __future__ import annotations

import pytest

from meeple import record
from meeple.games.scythe import data as D
from meeple.games.scythe.automa import AUTOMA, CARD_IDS, CARDS, LEVELS, STAR_TRACKER, TRACKERS
from meeple.games.scythe.data import CHAR, MECH0, UNIT_SLOTS, WORKER0
from meeple.games.scythe.game import GAME
from meeple.games.scythe.state import ScytheState

from .helpers import battle, play, refresh, sp

_R = len(D.RESOURCES)


def solo(human: str = "nordic", automa: str = "rusviet", level: str = "automa", seed: int = 0, **options: object) -> ScytheState:
    s = GAME.new_game(players=1, seed=seed, factions=f"{human},{automa}", mats="industrial", automa_level=level, **options)
    assert isinstance(s, ScytheState)
    return s


def clear(s: ScytheState) -> ScytheState:
    """Both sides' units off the board but the characters at home; no resources."""
    for side in (0, AUTOMA):
        s.pos[side] = [-1] * UNIT_SLOTS
        s.pos[side][CHAR] = D.HOME[s.faction[side]]
    s.pos[0][WORKER0], s.pos[0][WORKER0 + 1] = D.START_WORKERS[s.faction[0]]
    s.abil[0] = 0
    s.res = [0] * len(s.res)
    s._board = None
    return s


def empty_hand(s: ScytheState) -> None:
    s.deck = [a + b for a, b in zip(s.deck, s.hand[AUTOMA], strict=True)]
    s.hand[AUTOMA] = [0, 0, 0, 0]


def names(s: ScytheState, side: int, lo: int, hi: int) -> list[str]:
    return sorted(D.SPACE_NAMES[h] for h in s.pos[side][lo:hi] if h >= 0)


# -- §2 setup, §4 the turn -------------------------------------------------------------------------------------------


def test_2_setup_gives_the_automa_its_faction_power_cards_coins_popularity_units_and_deck() -> None:
    s = solo(automa="saxony")
    assert s.num_players == 1 and s.current_player == 0 and s.order == [0]
    assert s.power[AUTOMA] == 1 and sum(s.hand[AUTOMA]) == 4 and s.coins[AUTOMA] == 5 and s.pop[AUTOMA] == 10
    assert s.pos[AUTOMA][CHAR] == D.HOME[D.SAXONY] and names(s, AUTOMA, WORKER0, UNIT_SLOTS) == ["0,6", "1,7"]
    assert names(s, AUTOMA, MECH0, WORKER0) == []
    assert sorted(s.automa.deck) == list(CARD_IDS) and s.automa.cube == 1 and s.automa.scheme == 1
    assert len(s.factory) == 3  # automa §2 ⚠ O16: as for 2 players
    assert len(solo(automa_factory_cards=2).factory) == 2
    assert not s.objectives[AUTOMA] and len(s.objectives[0]) == 2


def test_2_first_player_is_the_human_by_default_and_the_automa_under_automa_first() -> None:
    assert solo().automa.turns == 0
    s = solo(automa_first=True)
    assert s.automa.turns == 1 and s.current_player == 0 and len(s.automa.discard) == 1


def test_4_1_the_automa_plays_inside_apply_after_the_human_turn_and_its_draw_is_a_chance_event() -> None:
    s = solo()
    s.apply("section 1")
    s.apply("no top")
    s.apply("end turn")
    assert s.automa.turns == 1 and s.current_player == 0 and s.phase == "section"
    draws = [e for e in s.history if isinstance(e, dict) and e["chance"] == "automa_card"]
    assert len(draws) == 1 and draws[0]["value"] == s.automa.discard[-1]


def test_4_1_a_solo_record_replays_to_the_same_state() -> None:
    import random

    s = solo(seed=3, level="ultimaszyna")
    rng = random.Random(3)
    while not s.is_over:
        assert s.current_player == 0
        s.apply(rng.choice(s.legal_actions()))
    replayed = record.replay(record.make(s))
    assert replayed.to_dict() == s.to_dict() and replayed.result() == s.result()


def test_4_1_autometta_skips_the_whole_turn_on_a_skip_card_and_other_levels_do_not() -> None:
    skip = next(c for c in CARD_IDS if CARDS[c]["autometta_skip"] and CARDS[c]["advances_star_tracker"])
    for level, skipped in (("autometta", True), ("automa", False)):
        s = solo(level=level)
        s.automa.deck = [skip]
        before = (list(s.pos[AUTOMA]), s.coins[AUTOMA], s.power[AUTOMA])
        s.automa_turn()
        assert s.automa.discard == [skip]
        assert (s.automa.cube == 1) == skipped
        assert ((list(s.pos[AUTOMA]), s.coins[AUTOMA], s.power[AUTOMA]) == before) == skipped


def test_4_4_a_crossed_out_star_does_not_advance_the_tracker() -> None:
    for card in (4, 15, 17):
        assert not CARDS[card]["advances_star_tracker"]
        s = solo()
        s.automa.deck = [card]
        s.automa_turn()
        assert s.automa.cube == 1


@pytest.mark.parametrize("level", LEVELS)
def test_4_4_each_tracker_places_its_stars_switches_scheme_on_II_and_ends_the_game_on_its_last_space(level: str) -> None:
    s = solo(level=level)
    t = TRACKERS[level]
    s.automa.deck = [1, 2, 3]
    s.automa.discard = [c for c in CARD_IDS if c not in (1, 2, 3)]
    starred = []
    for _ in range(t["spaces"] - 1):
        assert s.rivers_ok() == (s.automa.cube not in t["no_river_spaces"])
        stars = sum(s.stars[AUTOMA])
        s.advance_tracker()
        if sum(s.stars[AUTOMA]) > stars:
            starred.append(s.automa.cube)
        if s.automa.cube == t["scheme_2_space"]:
            assert s.automa.scheme == 2 and sorted(s.automa.deck) == list(CARD_IDS) and not s.automa.discard
        else:
            assert s.automa.scheme == (2 if s.automa.cube > t["scheme_2_space"] else 1)
    assert starred == t["star_spaces"] and s.stars[AUTOMA][STAR_TRACKER] == 6
    assert s.is_over and s.ended_by == AUTOMA and s.observation(0)["ended_by"] == "automa"
    assert s.result().details["automa_stars"] == 6


# -- §5 the move procedures (rivers closed at tracker space 1 unless said) ------------------------------------------


def test_5_move_worker_takes_the_worker_nearest_the_base_to_the_hex_next_to_most_automa_units() -> None:
    s = clear(solo())
    s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = sp("6,3"), sp("6,4")
    refresh(s)
    assert s.automa_move_worker(s.rivers_ok())
    # 6,3 (reading order among the two at distance 1) moves; 6,3 and 5,4 both lie next to the worker on 6,4,
    # and 5,4 is closer to the Factory; 6,2 is across a river and 6,5 is a lake (closed at space 1)
    assert names(s, AUTOMA, WORKER0, UNIT_SLOTS) == ["5,4", "6,4"]


def test_5_move_worker_avoids_enemy_combat_units_neighbourhood_with_options_o12_and_o17() -> None:
    def run(**opts: object) -> list[str] | None:
        s = clear(solo(**opts))
        s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = sp("6,3"), sp("6,4")
        s.pos[0][MECH0] = sp("5,3")
        s.abil[0] = 1
        refresh(s)
        return names(s, AUTOMA, WORKER0, UNIT_SLOTS) if s.automa_move_worker(s.rivers_ok()) else None

    assert run() is None  # every valid hex is next to the mech on 5,3 (rivers ignored, O17): cannot be performed
    assert run(automa_destination="priority") == ["5,4", "6,4"]  # O12: preferences, not filters
    assert run(automa_enemy_rivers=True) == ["5,4", "6,4"]  # O17: 5,3's river edges shield 5,4 and 6,3


def test_5_move_mech_goes_to_the_valid_hex_nearest_an_enemy_combat_unit() -> None:
    s = clear(solo())
    s.pos[AUTOMA][MECH0] = D.HOME[D.RUSVIET]
    s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = sp("6,3"), sp("6,4")
    s.pos[0][CHAR] = sp("5,5")
    refresh(s)
    assert s.automa_move_mech(s.rivers_ok())
    assert names(s, AUTOMA, MECH0, WORKER0) == ["5,4"]


def test_5_move_character_picks_up_a_token_without_an_encounter_and_the_factory_gives_a_random_card() -> None:
    s = clear(solo())
    s.automa.cube = 6  # rivers open
    s.pos[AUTOMA][CHAR] = sp("5,3")
    refresh(s)
    assert s.automa_encounter_or_factory(True)
    assert s.pos[AUTOMA][CHAR] == sp("4,2") and sp("4,2") not in s.tokens and s.automa.tokens == 1
    assert s.encounter_card < 0 and not s.encounter_used
    s.pos[AUTOMA][CHAR] = sp("4,4")
    refresh(s)
    assert s.automa_encounter_or_factory(True)
    assert s.pos[AUTOMA][CHAR] == D.FACTORY and s.factory_card[AUTOMA] > 0 and len(s.factory) == 2
    assert any(isinstance(e, dict) and e["chance"] == "automa_factory" for e in s.history)
    refresh(s)


def test_5_attack_worker_sends_the_human_workers_home_and_removes_the_resources_without_popularity_loss() -> None:
    s = clear(solo())
    s.pos[AUTOMA][WORKER0] = sp("6,3")
    s.pos[0][WORKER0] = sp("5,4")
    s.res[sp("5,4") * _R + 2] = 3
    pop = s.pop[0]
    refresh(s)
    assert s.automa_attack_worker(s.rivers_ok())
    assert s.pos[AUTOMA][CHAR] == sp("5,4")  # the character on the home base is the nearest combat unit
    assert s.pos[0][WORKER0] == D.HOME[D.NORDIC] and not any(s.res[sp("5,4") * _R : sp("5,4") * _R + _R])
    assert s.pop[0] == pop and s.pop[AUTOMA] == 10 and s.combat_at < 0


def test_5_a_move_to_the_units_own_hex_counts_as_performed_unless_o11() -> None:
    for stay_counts in (True, False):
        s = clear(solo(automa_stay_counts=stay_counts))
        s.pos[AUTOMA][MECH0] = sp("5,4")
        s.pos[AUTOMA][WORKER0] = sp("6,3")
        s.pos[0][CHAR] = sp("5,5")
        refresh(s)
        assert s.automa_move_mech(s.rivers_ok()) == stay_counts


# -- §6 gains, §4.3 the recruit line --------------------------------------------------------------------------------


def test_6_gains_power_with_its_star_coins_cards_workers_and_combat_units_character_first() -> None:
    s = clear(solo())
    s.power[AUTOMA] = 14
    hand = sum(s.hand[AUTOMA])
    s.automa_gain("power", 3)
    assert s.power[AUTOMA] == 16 and s.stars[AUTOMA][D.STAR_POWER] == 1
    s.automa_gain("coins", 2)
    s.automa_gain("combat_card", 2)
    s.automa_gain("worker", 1)
    assert s.coins[AUTOMA] == 7 and sum(s.hand[AUTOMA]) == hand + 2 and names(s, AUTOMA, WORKER0, UNIT_SLOTS) == ["7,3"]
    s.pos[AUTOMA][CHAR] = -1
    s.automa_gain("combat_unit", 2)  # the character from the faction mat, then a mech
    assert s.pos[AUTOMA][CHAR] == D.HOME[D.RUSVIET] and names(s, AUTOMA, MECH0, WORKER0) == ["7,3"]
    a = clear(solo(automa_gain_placement="adjacent"))
    a.automa_gain("worker", 1)
    assert names(a, AUTOMA, WORKER0, UNIT_SLOTS) == ["6,3"]  # 6,3 and 6,4 are both 3 from the Factory: reading order
    m = clear(solo(automa_combat_unit="mech_only"))
    m.pos[AUTOMA][CHAR] = -1
    m.automa_gain("combat_unit", 1)
    assert m.pos[AUTOMA][CHAR] == -1 and names(m, AUTOMA, MECH0, WORKER0) == ["7,3"]


def test_4_3_the_recruit_line_gives_the_human_the_ongoing_bonus_of_an_enlisted_recruit() -> None:
    card = next(c for c in CARD_IDS if CARDS[c]["scheme_1"]["recruit_bonus"] == "coins")
    for enlisted in (False, True):
        s = clear(solo())
        if enlisted:
            s.recruits[0] = s.bonuses[0] = 1 << D.DEPLOY
        coins = s.coins[0]
        s.automa.deck = [card]
        s.automa_turn()
        assert s.coins[0] == coins + enlisted


# -- §7 combat ---------------------------------------------------------------------------------------------------------


def test_7_the_automa_attacks_asks_only_the_human_and_plays_the_drawn_cards_power_capped() -> None:
    s = clear(solo())
    s.pos[AUTOMA][WORKER0] = sp("6,3")
    s.pos[0][MECH0] = sp("5,4")
    s.abil[0] = 1
    s.res[sp("5,4") * _R] = 2
    s.power[AUTOMA] = 3
    empty_hand(s)
    s.automa.card = 1
    s.automa.discard = [1]
    s.automa.deck = [6]  # 7 power in every range, capped at 3 (O6)
    refresh(s)
    assert s.automa_attack_combat_unit(s.rivers_ok()) == "combat"
    assert s.current_player == 0 and s.phase == "dial" and s.combat_at == sp("5,4")
    s.apply("dial 2")
    if s.phase == "cards":
        s.apply("cards none")
    lc = s.last_combat
    assert lc[1] == AUTOMA and lc[3] == 3 and lc[7] == AUTOMA
    assert s.power[AUTOMA] == 1  # paid its 3, then card 1's gain line: +1
    assert s.pos[0][MECH0] == D.HOME[D.NORDIC] and not any(s.res[sp("5,4") * _R : sp("5,4") * _R + _R])
    assert s.stars[AUTOMA][D.STAR_COMBAT] == 1 and s.automa.combat_discard == [6] and s.phase == "section"
    assert s.automa.cube == 2  # the turn went on after the combat: card 1 advances the tracker


def test_7_the_humans_dial_and_cards_against_the_automa_are_one_secret_choice_until_the_reveal() -> None:
    """Game.secret_choice: the human chooses first and the Automa's card answers inside the same apply (steps 1–2),
    so an agent weighs the dial and the cards together over the cards it might draw; two players answer each other."""
    s = clear(solo())
    s.pos[AUTOMA][WORKER0] = sp("6,3")
    s.pos[0][MECH0] = sp("5,4")
    s.abil[0] = 1
    s.power[0] = 4
    s.automa.card = 1
    s.automa.discard = [1]
    s.automa.deck = [6]
    refresh(s)
    assert any(s.hand[0]) and GAME.secret_choice(s.observation(0)) is None
    assert s.automa_attack_combat_unit(s.rivers_ok()) == "combat" and s.phase == "dial"
    key = GAME.secret_choice(s.observation(0))
    assert key is not None
    s.apply("dial 1")
    assert s.phase == "cards" and GAME.secret_choice(s.observation(0)) == key
    s.apply("cards none")
    assert s.last_combat[1] == AUTOMA and GAME.secret_choice(s.observation(0)) is None
    duel = play(battle(), "pick character", "to 5,1", "done")
    assert duel.phase == "dial" and GAME.secret_choice(duel.observation(0)) is None


def test_7_a_human_conquest_sends_automa_units_to_mat_and_base_and_places_the_discards_resources() -> None:
    s = clear(solo())
    h = sp("5,4")
    s.pos[AUTOMA][MECH0] = h
    s.pos[AUTOMA][WORKER0] = h
    s.pos[0][MECH0] = h
    s.abil[0] = 1
    s.power[AUTOMA] = 0
    empty_hand(s)
    s.automa.discard = [5]  # 4 resource icons
    s.automa.deck = [3]
    s.ti = 0
    refresh(s)
    s.pending_combats = [h]
    s.start_combat(0, h)
    assert s.current_player == 0 and s.phase == "dial"
    s.apply("dial 1")
    if s.phase == "cards":
        s.apply("cards none")
    assert s.pos[AUTOMA][MECH0] == -1 and s.pos[AUTOMA][WORKER0] == D.HOME[D.RUSVIET]
    assert s.res[h * _R + D.PRODUCT[h]] == 4 and s.stars[0][D.STAR_COMBAT] == 1
    assert s.pop[AUTOMA] == 10


def test_7_o9_choose_lets_the_human_place_the_conquest_resources() -> None:
    s = clear(solo(automa_conquest_resource="choose"))
    h = sp("5,4")
    s.pos[AUTOMA][WORKER0] = h
    s.automa.discard = [2]  # 2 resource icons
    refresh(s)
    s.displace_workers(0, h)  # O10: moving onto lone Automa workers conquers the hex too
    s.after = 0
    s.resume_after(0)
    assert s.phase == "place" and s.current_player == 0
    s.apply(f"put oil {D.SPACE_NAMES[h]}")
    s.apply(f"put wood {D.SPACE_NAMES[h]}")
    assert s.res[h * _R : h * _R + _R] == [1, 0, 1, 0] and s.phase != "place"


# -- data-driven: every card, both schemes, every faction ------------------------------------------------------------


def _board(automa: str, power: int) -> ScytheState:
    human = "polania" if automa == "nordic" else "nordic"
    s = clear(solo(human=human, automa=automa, level="ultimaszyna"))
    s.automa.cube = 2  # rivers open, no star on the next space
    a = D.FACTIONS.index(automa)
    s.pos[AUTOMA][CHAR] = sp("4,4")
    s.pos[AUTOMA][MECH0] = sp("5,6")
    s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = D.START_WORKERS[a]
    s.pos[0][MECH0] = sp("5,5")
    s.pos[0][WORKER0] = sp("4,6")
    s.abil[0] = 1
    s.power[AUTOMA] = power
    s.recruits[0] = s.bonuses[0] = 15
    return refresh(s)


@pytest.mark.parametrize("automa", D.FACTIONS)
@pytest.mark.parametrize("scheme", (1, 2))
def test_every_card_drives_the_move_gains_recruit_line_and_tracker_by_its_data(automa: str, scheme: int) -> None:
    for card in CARD_IDS:
        for power in (0, 10):
            s = _board(automa, power)
            s.automa.scheme = scheme
            s.automa.deck = [card]
            side = CARDS[card][f"scheme_{scheme}"]
            moves = [
                m["action"]
                for m in side["move"]
                if m.get("only_if_automa_faction") in (None, automa) and power >= m.get("min_automa_power", 0)
            ]
            gains = [g for g in side["gain"] if g.get("only_if_automa_faction") in (None, automa)]
            before = s.clone()
            s.automa_turn()
            assert s.automa.last_move == moves[0], (card, scheme, automa, power)
            if moves[0] == "attack_combat_unit":
                assert s.combat_at == sp("5,5") and s.current_player == 0
                continue
            amount = {
                k: sum(g["amount"] for g in gains if g["type"] == k) for k in ("power", "coins", "combat_card", "worker", "combat_unit")
            }
            assert s.power[AUTOMA] == min(16, power + amount["power"])
            assert s.coins[AUTOMA] == before.coins[AUTOMA] + amount["coins"]
            assert sum(s.hand[AUTOMA]) == sum(before.hand[AUTOMA]) + amount["combat_card"]
            assert s.workers_on_board(AUTOMA) == before.workers_on_board(AUTOMA) + amount["worker"]
            assert s.mechs_deployed(AUTOMA) == before.mechs_deployed(AUTOMA) + amount["combat_unit"]  # the character is out
            bonus = side["recruit_bonus"]
            assert s.coins[0] == before.coins[0] + (bonus == "coins")
            assert s.pop[0] == before.pop[0] + (bonus == "popularity")
            assert sum(s.hand[0]) == sum(before.hand[0]) + (bonus == "combat_card")
            assert s.automa.cube == 2 + CARDS[card]["advances_star_tracker"]
            refresh(s)


# -- hidden information, the contract -----------------------------------------------------------------------------------


def test_leak_the_automa_hand_and_deck_never_reach_the_human_observation_or_tensor() -> None:
    import numpy as np

    s = solo(automa="saxony")
    t = s.clone()
    t.hand[AUTOMA] = [0, 0, 0, 4] if s.hand[AUTOMA] != [0, 0, 0, 4] else [4, 0, 0, 0]
    t.deck = [a + b - c for a, b, c in zip(s.deck, s.hand[AUTOMA], t.hand[AUTOMA], strict=True)]
    t.automa.deck = list(reversed(s.automa.deck))
    assert s.observation(0) == t.observation(0)
    assert np.array_equal(GAME.observation_tensor(s, 0), GAME.observation_tensor(t, 0))
    hands = {tuple(s.determinize(0, k).hand[AUTOMA]) for k in range(20)}
    assert len(hands) > 1  # searches resample the Automa's face-down cards


def test_solo_result_ranks_the_human_against_the_automa_score() -> None:
    s = solo()
    s.coins[AUTOMA] = 100
    s.end_game(AUTOMA)
    r = s.result()
    assert r.ranks == (2,) and r.winners == () and r.details["automa_score"] == s.automa_score() > r.scores[0]
    s.coins[0] = 1000
    assert s.result().ranks == (1,)


def test_bad_options_and_player_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        GAME.new_game(players=1, seed=0, automa_level="hard")
    with pytest.raises(ValueError):
        GAME.new_game(players=0, seed=0)
    with pytest.raises(ValueError):
        GAME.new_game(players=1, seed=0, factions="nordic,nordic")


def test_13_every_solo_option_is_listed_in_the_rules_page() -> None:
    from pathlib import Path

    from meeple.games.scythe.automa import OPTIONS

    page = (Path(__file__).parents[2] / "docs" / "rules" / "scythe.md").read_text(encoding="utf-8")
    for name, default in OPTIONS.items():
        assert f"| `{name}` | `{default!r}`".replace("'", '"') in page, name
    for o in range(1, 18):
        assert f"| O{o} |" in page


def test_5_move_character_goes_toward_the_enemy_but_never_onto_its_own_mech() -> None:
    s = clear(solo())
    s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = sp("6,3"), sp("6,4")
    s.pos[AUTOMA][MECH0] = sp("5,4")
    s.pos[0][CHAR] = sp("5,5")
    refresh(s)
    assert s.automa_move_character(s.rivers_ok())
    # 5,4 is next to the enemy but holds the Automa's mech; 6,3 and 6,4 are both 2 from the enemy and 3 from the
    # Factory, so reading order picks 6,3
    assert s.pos[AUTOMA][CHAR] == sp("6,3")


def test_13_o1_o2_o3_neighbourhoods_and_distances() -> None:
    s = clear(solo())
    assert sp("6,4") in s.unit_neighbourhood(sp("6,4"), False)
    assert sp("6,4") not in clear(solo(automa_own_hex=False)).unit_neighbourhood(sp("6,4"), False)
    assert s.base_neighbourhood(False) == {sp("6,3"), sp("6,4")}  # 6,2 lies across a river from the base
    assert clear(solo(automa_base_rivers="all")).base_neighbourhood(False) == {sp("6,2"), sp("6,3"), sp("6,4")}
    assert s.automa_dist(sp("6,3"), sp("5,3")) == 1
    p = clear(solo(automa_distance="path"))
    assert p.automa_dist(sp("6,3"), sp("5,3")) == 99  # walled in by rivers and a lake while rivers are closed
    p.automa.cube = 6
    assert p.automa_dist(sp("6,3"), sp("5,3")) == 1


def _automa_attack(**opts: object) -> ScytheState:
    s = clear(solo(**opts))
    s.pos[AUTOMA][WORKER0] = sp("6,3")
    s.pos[0][MECH0] = sp("5,4")
    s.abil[0] = 1
    s.power[AUTOMA] = 3
    empty_hand(s)
    s.hand[AUTOMA][0] = 3
    s.deck[0] -= 3
    s.automa.card = 14
    s.automa.discard = [14]
    s.automa.deck = [13]  # 3 power at 0-7, 3 card icons
    refresh(s)
    s.automa_attack_combat_unit(s.rivers_ok())
    s.apply("dial 0")
    if s.phase == "cards":
        s.apply("cards none")
    return s


def test_13_o6_o7_o8_automa_combat_power_cards_and_discard_pile() -> None:
    s = _automa_attack()
    assert s.last_combat[3] == 3 and s.last_combat[4] == 6 and s.automa.combat_discard == [13]  # 3 cards of 2
    s = _automa_attack(automa_card_limit=True)
    assert s.last_combat[4] == 2  # one card for its one character in the combat
    s = _automa_attack(automa_combat_discard="single")
    assert s.automa.discard == [14, 13] and not s.automa.combat_discard
    u = clear(solo(automa_power_cap=False))
    u.power[AUTOMA] = 2
    u.automa.deck = [6]
    u.combat_at = sp("5,4")
    u.dial = [-1, -1]
    u.played = [[0, 0, 0, 0], [0, 0, 0, 0]]
    u.automa_choose(0)
    assert u.dial[0] == 7  # uncapped: the card's value


def test_13_o14_o15_tokens_on_attacks_and_human_resources_where_the_automa_moves_in() -> None:
    for take in (False, True):
        s = clear(solo(automa_attack_tokens=take))
        s.automa.cube = 6
        s.pos[AUTOMA][CHAR] = sp("5,3")
        s.pos[0][WORKER0] = sp("4,2")  # an encounter token there
        refresh(s)
        assert s.automa_attack_worker(True)
        assert (sp("4,2") in s.tokens) != take
    for mode, left in (("stay", 2), ("removed", 0)):
        s = clear(solo(automa_human_resources=mode))
        s.pos[AUTOMA][WORKER0], s.pos[AUTOMA][WORKER0 + 1] = sp("6,3"), sp("6,4")
        s.res[sp("5,4") * _R + 1] = 2
        refresh(s)
        assert s.automa_move_worker(False)
        assert s.pos[AUTOMA][WORKER0] == sp("5,4") and s.res[sp("5,4") * _R + 1] == left


def test_7_o9_a_wrong_placement_is_refused_with_the_reason_and_changes_nothing() -> None:
    from meeple.core import IllegalAction

    s = clear(solo(automa_conquest_resource="choose"))
    h = sp("5,4")
    s.pos[AUTOMA][WORKER0] = h
    s.automa.discard = [2]
    refresh(s)
    s.displace_workers(0, h)
    s.after = 0
    s.resume_after(0)
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="conquered"):
        s.apply("put oil 6,4")
    assert s.to_dict() == before


def test_leak_which_factory_card_the_automa_took_is_not_shown_and_is_resampled() -> None:
    s = clear(solo())
    s.automa.cube = 6
    s.pos[AUTOMA][CHAR] = sp("4,4")
    refresh(s)
    s.automa_encounter_or_factory(True)
    t = s.clone()
    other = s.factory[0]
    t.factory[0], t.factory_card[AUTOMA] = s.factory_card[AUTOMA], other
    assert s.observation(0) == t.observation(0) and s.observation(0)["automa"]["factory_card"] is True
    taken = {s.determinize(0, k).factory_card[AUTOMA] for k in range(30)}
    assert len(taken) > 1


@pytest.mark.parametrize("places", [True, False])
def test_13_o10_driving_automa_workers_off_without_combat_places_resources_only_by_default(places: bool) -> None:
    """Automa §7 step 9 ⚠ O10: lone Automa workers driven off a hex leave the discard's resources there (default)."""
    s = clear(solo(automa_resources_on_displace=places))
    h = sp("5,4")
    s.pos[AUTOMA][WORKER0] = h
    s.automa.discard = [5]  # a card showing 4 resource icons
    refresh(s)
    before = s.pop[0]
    s.displace_workers(0, h)
    assert s.pos[AUTOMA][WORKER0] == D.HOME[D.RUSVIET]
    assert s.pop[0] == before - 1  # §7.3: one popularity per worker driven off
    assert s.res[h * _R + D.PRODUCT[h]] == (4 if places else 0)


def test_13_o13_under_automa_first_the_automa_card_is_drawn_before_the_human_decides() -> None:
    """Automa §2 ⚠ O13: by default the human plays first; with automa_first the Automa's first card is already in history."""
    human_first = solo(seed=4)
    automa_first = solo(seed=4, automa_first=True)
    draws = [e for e in automa_first.history if isinstance(e, dict) and e["chance"] == "automa_card"]
    assert draws and not [e for e in human_first.history if isinstance(e, dict) and e["chance"] == "automa_card"]
    assert automa_first.current_player == human_first.current_player == 0
    assert record.replay(record.make(automa_first)).to_dict() == automa_first.to_dict()
