"""§1–§2 components and setup, §12 stars and the end, §13 final scoring and tie-breakers."""

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.data import CHAR, WORKER0
from meeple.games.scythe.game import GAME
from meeple.games.scythe.scoring import bonus_count, structure_bonus

from .helpers import new, play, refresh, resources, sp, turn_of, workers


def test_1_the_board_has_47_territories_7_lakes_6_tunnels_11_encounters_and_32_river_edges():
    assert len(D.TERRITORIES) == 47 and len(D.LAKES) == 7 and len(D.TUNNELS) == 6 and len(D.ENCOUNTER_SPACES) == 11
    assert sum(river for ns in D.NEIGHBOURS for _, river in ns) == 2 * 32
    assert D.TERRAIN[D.FACTORY] == "factory" and sum(D.IS_HOME) == 7


def test_1_the_combat_deck_holds_42_cards():
    assert dict(zip(D.CARD_VALUES, D.CARD_COUNTS, strict=True)) == {2: 16, 3: 12, 4: 8, 5: 6}


@pytest.mark.parametrize(
    ("faction", "power", "cards"), [("nordic", 4, 1), ("rusviet", 3, 2), ("polania", 2, 3), ("crimea", 5, 0), ("saxony", 1, 4)]
)
def test_2_5_faction_mat_gives_starting_power_and_combat_cards(faction, power, cards):
    other = "nordic" if faction != "nordic" else "saxony"
    s = new(f"{faction},{other}", mats="engineering,mechanical")
    assert s.power[0] == power and sum(s.hand[0]) == cards


@pytest.mark.parametrize(
    ("mat", "pop", "coins"),
    [("industrial", 2, 4), ("engineering", 2, 5), ("patriotic", 2, 6), ("mechanical", 3, 6), ("agricultural", 4, 7)],
)
def test_2_6_player_mat_gives_popularity_and_coins(mat, pop, coins):
    other = "engineering" if mat != "engineering" else "industrial"
    s = new("nordic,saxony", mats=f"{mat},{other}")
    assert (s.pop[0], s.coins[0]) == (pop, coins)
    assert s.top_cubes[0] == D.ALL_SLOTS and s.recruits[0] == 0 and all(h < 0 for h in s.struct_hex[0])


@pytest.mark.parametrize("faction", D.FACTIONS)
def test_2_7_character_on_home_base_and_a_worker_on_each_land_neighbour(faction):
    other = "nordic" if faction != "nordic" else "saxony"
    s = new(f"{faction},{other}", mats="engineering,mechanical")
    f = D.FACTIONS.index(faction)
    assert s.pos[0][CHAR] == D.HOME[f]
    assert sorted(h for h in s.pos[0][WORKER0:] if h >= 0) == sorted(D.START_WORKERS[f])
    assert s.workers_on_board(0) == 2


def test_2_8_lowest_mat_number_starts_then_clockwise_by_faction_seating():
    s = new("nordic,rusviet,crimea", mats="agricultural,engineering,mechanical")
    assert s.order == [1, 2, 0] and s.current_player == 1  # Rusviet (mat 2), then Crimea, then Nordic


def test_2_4_random_deals_never_pair_rusviet_industrial_or_crimea_patriotic():
    for seed in range(60):
        s = GAME.new_game(players=5, seed=seed)
        assert not any((s.faction[p], s.mat[p]) in D.BANNED_PAIRS for p in range(5))


def test_2_4_the_pairing_ban_is_an_option():
    with pytest.raises(ValueError, match="ban_pairs"):
        new("rusviet,nordic", mats="industrial,engineering")
    s = new("rusviet,nordic", mats="industrial,engineering", ban_pairs=False)
    assert D.MATS[s.mat[0]] == "industrial"


def test_2_1_to_2_6_decks_tokens_and_tiles_are_dealt():
    s = GAME.new_game(players=4, seed=3)
    assert len(s.factory) == 5 and len(s.factory) + len(s.factory_rest) == 12
    assert all(len(o) == 2 for o in s.objectives) and len({o for x in s.objectives for o in x}) == 8
    assert sorted(s.tokens) == sorted(D.ENCOUNTER_SPACES)
    assert 0 <= s.bonus_tile < 6


def test_2_bad_faction_or_mat_options_are_refused():
    for bad in ({"factions": "nordic,nordic"}, {"factions": "nordic"}, {"factions": "albion,nordic"}, {"mats": "x,y"}):
        with pytest.raises(ValueError):
            GAME.new_game(players=2, seed=1, **bad)


def test_1_tracks_are_clamped_to_0_16_power_and_0_18_popularity():
    s = new("nordic,polania")
    s.gain_power(0, 40)
    s.gain_popularity(0, -40)
    assert (s.power[0], s.pop[0]) == (16, 0)


def test_12_stars_for_power_16_and_popularity_18_are_kept_when_the_track_drops():
    s = new("nordic,polania")
    s.power[0], s.pop[0] = 16, 18
    s.check_stars(0)
    s.power[0], s.pop[0] = 3, 3
    s.check_stars(0)
    assert s.stars[0][D.STAR_POWER] == 1 and s.stars[0][D.STAR_POPULARITY] == 1 and sum(s.stars[0]) == 2


def test_12_stars_for_all_upgrades_mechs_structures_recruits_and_workers():
    s = new("nordic,polania")
    s.top_cubes[0] = 0
    s.bottom_cubes[0] = [1, 2, 1, 2]
    s.recruits[0] = s.bonuses[0] = 15
    for m in range(4):
        s.pos[0][1 + m] = sp("4,1")
    s.abil[0] = 15
    workers(s, 0, *(["5,1"] * 8))
    refresh(s)
    s.check_stars(0)
    assert [s.stars[0][k] for k in (D.STAR_UPGRADES, D.STAR_MECHS, D.STAR_RECRUITS, D.STAR_WORKERS)] == [1, 1, 1, 1]
    assert s.stars[0][D.STAR_STRUCTURES] == 0


def test_12_the_sixth_star_ends_the_game_at_once_even_mid_turn():
    s = new("nordic,polania")
    s.stars[0] = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    turn_of(s, 0, 0)  # Industrial 1: bolster / upgrade
    s.stars[0] = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    s.power[0] = 14
    s.apply("power")
    assert s.is_over and s.current_player is None and s.legal_actions() == [] and s.ended_by == 0


def test_12_a_sixth_star_from_a_bottom_action_comes_after_its_coins_and_recruit_bonuses():
    s = new("nordic,polania")
    s.stars[0] = [0, 1, 1, 1, 1, 0, 0, 1, 0]
    s.top_cubes[0] = 1 << D.SLOT_POWER
    s.bottom_cubes[0] = [0, 2, 1, 2]
    s.recruits[1] = s.bonuses[1] = 1 << 0  # Polania holds the Upgrade recruit
    resources(s, "4,1", oil=3)
    refresh(s)
    turn_of(s, 0, 0)
    coins, power1 = s.coins[0], s.power[1]
    play(s, "no top", "upgrade power>upgrade")
    assert s.is_over and s.coins[0] == coins + 3 and s.power[1] == power1 + 1


def test_13_score_by_popularity_tier():
    s = new("nordic,polania")
    s.stars[0] = [1, 1, 0, 0, 0, 0, 0, 0, 0]
    s.coins[0] = 10
    resources(s, "4,1", wood=3)  # 3 resources: one pair
    refresh(s)
    s.pop[0] = 6
    assert s.score(0) == 10 + 2 * 3 + 2 * 2 + 1 * 1  # two territories
    s.pop[0] = 7
    assert s.score(0) == 10 + 2 * 4 + 2 * 3 + 1 * 2
    s.pop[0] = 13
    assert s.score(0) == 10 + 2 * 5 + 2 * 4 + 1 * 3


def test_13_the_factory_counts_as_three_territories_lakes_count_home_bases_never():
    s = new("nordic,polania")
    workers(s, 0, "4,1", "3,4")
    s.pos[0][CHAR] = sp("4,0")
    refresh(s)
    assert s.territories(0) == 1 + 3


def test_13_tie_breakers_units_and_structures_then_power_popularity_resources_territories_stars():
    s = new("nordic,polania")
    s.end_game(0)
    s.coins = [0, 0]
    s.pop = [3, 3]
    s.power = [5, 5]
    s.coins[1] = s.score(0) - s.score(1) + s.coins[1]
    assert s.score(0) == s.score(1)
    r = s.result()
    assert r.ranks == (1, 1)
    s.power[1] = 6
    assert s.result().ranks == (2, 1)
    workers(s, 0, "4,1", "5,1", "4,2")
    s.coins[0] -= 2  # the third territory is worth 2 coins: stay level on score
    refresh(s)
    assert s.score(0) == s.score(1) and s.result().ranks == (1, 2)


def test_13_structure_bonus_tiles_count_geometric_neighbours_once():
    assert bonus_count("tunnels_adjacent", [sp("3,3")]) == 2  # 3,2 and 2,3 (own hex not counted)
    assert bonus_count("lakes_adjacent", [sp("3,3"), sp("3,5")]) == 4  # 2,2 4,3 2,4 + 4,5; 2,4 once
    assert bonus_count("structures_on_tunnels", [sp("3,2"), sp("3,3")]) == 1
    assert bonus_count("structures_on_farms_or_tundra", [sp("3,2"), sp("2,1"), sp("3,3")]) == 2
    assert bonus_count("structures_in_a_row", [sp("1,1"), sp("2,1"), sp("3,1"), sp("5,5")]) == 3
    assert structure_bonus("structures_in_a_row", [sp("1,1"), sp("2,1"), sp("3,1"), sp("4,1")]) == 9
    assert structure_bonus("tunnels_adjacent", []) == 0


def test_1_an_empty_combat_deck_is_refilled_from_the_discards_and_both_empty_gives_nothing():
    s = new("nordic,polania")
    held = [sum(h[i] for h in s.hand) for i in range(4)]
    s.deck = [0, 0, 0, 0]
    s.discard = [D.CARD_COUNTS[i] - held[i] for i in range(4)]
    draws = sum(1 for e in s.history if isinstance(e, dict) and e["chance"] == "card")
    s.draw_card(0)
    assert sum(1 for e in s.history if isinstance(e, dict) and e["chance"] == "card") == draws + 1  # a recorded chance event
    assert sum(s.discard) == 0 and sum(s.deck) == D.TOTAL_CARDS - sum(held) - 1
    s.deck = [0, 0, 0, 0]
    s.hand[1] = [D.CARD_COUNTS[i] - s.hand[0][i] for i in range(4)]
    before = list(s.hand[0])
    s.draw_card(0)
    assert s.hand[0] == before


@pytest.mark.parametrize("tile", D.BONUS_TILES)
def test_13_every_structure_bonus_tile_pays_its_data_s_coins_for_what_it_counts_and_enters_the_final_score(tile):
    import random

    from meeple.games.scythe.data import BONUS_JSON

    table = next(t["coins_by_count"] for t in BONUS_JSON["tiles"] if t["id"] == tile)
    coins = {int(k.rstrip("+")): v for k, v in table.items()}
    top = max(coins)
    rng = random.Random(tile)
    land = [h for h in D.TERRITORIES if not D.IS_LAKE[h]]
    seen = set()
    for _ in range(300):
        spaces = rng.sample(land, rng.randrange(5))
        n = bonus_count(tile, spaces)
        seen.add(n)
        assert structure_bonus(tile, spaces) == coins[min(n, top)]
    assert len(seen) >= 3  # the samples reach several rows of the table
    s = new("nordic,polania")
    s.bonus_tile = D.BONUS_TILES.index(tile)
    spaces = max((rng.sample(land, 4) for _ in range(50)), key=lambda x: bonus_count(tile, x))
    before, land_before = s.score(0), s.territories(0)
    for k, h in enumerate(spaces):
        s.struct_hex[0][k] = h
        s.struct_at[h] = k
    s._board = None
    gained = structure_bonus(tile, spaces)
    assert gained > 0 and s.structure_bonus(0) == gained
    per_territory = D.tier_of(s.pop[0])[1]
    assert s.score(0) - before == gained + per_territory * (s.territories(0) - land_before)  # structures also control land
