"""§2 (setup) and §4 (placement)."""

import pytest

from meeple.games.stoneage.data import CARDS, TILES

from .helpers import LOC, new, texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s2_setup_by_player_count(players):
    """§2: 4 card slots always; one stack of 7 per player; 5 people and 12 food each; nothing else."""
    s = new(players, seed=3)
    assert all(c >= 0 for c in s.display) and len(s.display) == 4
    assert len(s.deck) == len(CARDS) - 4
    assert len(s.tops) == players and all(t >= 0 for t in s.tops) and s.below == [6] * players
    assert len(s.pool) == len(TILES) - players
    assert s.people == [5] * players and s.food == [12] * players
    assert s.res == [[0, 0, 0, 0]] * players and s.agri == [0] * players and s.score == [0] * players
    assert s.tiles == [[]] * players and s.cards == [[]] * players
    assert s.phase == "place" and s.current_player == s.start


def test_s2_start_player_is_chosen_by_the_seed_and_recorded():
    """§2.7: the start player comes from chance, recorded in history."""
    starts = {new(4, seed=k).start for k in range(40)}
    assert starts == {0, 1, 2, 3}
    s = new(3, seed=5)
    assert {"chance": "start", "value": s.start} in s.history


def test_s4_1_one_location_per_turn_then_next_player():
    """§4.1: a turn puts 1+ people on one location, then play passes clockwise; there is no pass."""
    s = new(4, seed=1)
    first = s.turn
    assert all(t.startswith("place ") for t in texts(s))
    s.apply("place hunt 3")
    assert s.turn == (first + 1) % 4
    assert s.home[first] == 2 and s.at[first][LOC["hunt"]] == 3


def test_s4_1_no_second_placement_even_on_hunting_grounds():
    """§4.1: never again on a location where the player already is, hunting included."""
    s = new(4, seed=1)
    p = s.turn
    s.apply("place hunt 1")
    for _ in range(3):
        s.apply("place forest 1" if "place forest 1" in texts(s) else texts(s)[0])
    assert s.turn == p
    assert not any(t.startswith("place hunt") for t in texts(s))
    assert "place forest 1" in texts(s) or s.at[p][LOC["forest"]] == 0


def test_s4_2_capacities():
    """§4.2: resource spots hold 7 in total; tool maker, field, card and stack 1; hut exactly 2."""
    s = new(4, seed=2)
    p = s.turn
    s.apply("place forest 4")
    legal = texts(s)
    assert "place forest 3" in legal and "place forest 4" not in legal
    assert "place hut" in legal and "place hunt 5" in legal and "place hunt 6" not in legal
    s.apply("place hut")
    assert s.at[(p + 1) % 4][LOC["hut"]] == 2 and "place hut" not in texts(s)
    s.apply("place toolmaker")
    assert "place toolmaker" not in texts(s)
    s.apply("place card 1")
    assert s.turn == p and s.home[p] == 1
    legal = texts(s)
    assert "place card 1" not in legal and "place building 2" in legal and "place forest 1" not in legal
    s.apply("place building 2")
    assert "place building 2" not in texts(s)


def test_s4_2_hut_needs_two_unplaced_people():
    """§4.2: the hut takes exactly 2 people of one player placed together."""
    s = new(4, seed=2)
    p = s.turn
    s.home[p] = 1
    s._legal = None
    assert "place hut" not in texts(s)


def test_s4_1_a_player_without_a_legal_place_is_skipped_and_the_phase_ends():
    """§4.1: a player with people left but nowhere legal is skipped; the phase ends when nobody can place."""
    s = new(2, seed=4)
    p, q = s.turn, 1 - s.turn
    s.apply("place hunt 4")  # p keeps 1 person
    s.apply("place hunt 5")  # q is done
    # p may still go elsewhere; fill every single spot for them to see the skip
    assert s.turn == p
    s.home[p] = 1
    for loc in ("forest", "clay", "quarry", "river"):
        s.at[q][LOC[loc]] = 1
        s.occ[LOC[loc]] = 1
    for loc in ("toolmaker", "field", "card 1", "card 2", "card 3", "card 4", "building 1", "building 2"):
        s.at[q][LOC[loc]] = 1
        s.occ[LOC[loc]] = 1
    s._legal = None
    assert texts(s) == []  # §4.1: p, with one person, has nowhere legal
    s.home[p] = 1
    s.place(q, LOC["hunt"], 0)  # re-run the turn hand-over from q's side
    assert s.phase != "place", "with no legal place for anyone the placement phase ends"


def test_s4_3_village_only_two_of_three_with_two_or_three_players():
    """§4.3: with 2-3 players only 2 of tool maker, hut and field are used per round."""
    for players in (2, 3):
        s = new(players, seed=6)
        s.apply("place toolmaker")
        s.apply("place field")
        assert "place hut" not in texts(s)
    s = new(4, seed=6)
    s.apply("place toolmaker")
    s.apply("place field")
    assert "place hut" in texts(s)


def test_s4_3_resource_spots_limited_to_one_or_two_players():
    """§4.3: 3 players: at most 2 players per resource spot; 2 players: only 1."""
    s = new(2, seed=7)
    s.apply("place forest 1")
    assert not any(t.startswith("place forest") for t in texts(s))
    s = new(3, seed=7)
    s.apply("place forest 1")
    s.apply("place forest 1")
    assert not any(t.startswith("place forest") for t in texts(s))
    s = new(4, seed=7)
    for _ in range(3):
        s.apply("place forest 1")
    assert "place forest 1" in texts(s)


def test_s4_3_hunting_cards_and_buildings_are_not_limited():
    """§4.3: hunting grounds, cards and buildings are unaffected by the player count."""
    s = new(2, seed=8)
    s.apply("place hunt 1")
    assert "place hunt 1" in texts(s)
    assert {"place card 1", "place card 4", "place building 1", "place building 2"} <= set(texts(s))
    assert "place building 3" not in texts(s)


def test_i1_full_hut_option():
    """§5.4 [I1]: at 10 people the hut is still legal by default; forbidden with full_hut=forbidden."""
    for opt, expect in (("allowed", True), ("forbidden", False)):
        s = new(4, seed=9, full_hut=opt)
        s.people[s.turn] = 10
        s.home[s.turn] = 10
        s._legal = None
        assert ("place hut" in texts(s)) is expect


def test_i2_maxed_tracks_option():
    """§5.5 [I2]: field at 10 and tool maker at 12 stay legal by default; forbidden by option."""
    for opt, expect in (("allowed", True), ("forbidden", False)):
        s = new(4, seed=9, maxed_tracks=opt)
        s.agri[s.turn] = 10
        s.tiles[s.turn] = [4, 4, 4]
        s.used[s.turn] = [False] * 3
        s._legal = None
        assert ("place field" in texts(s)) is expect
        assert ("place toolmaker" in texts(s)) is expect
