"""docs/rules/stoneage.md, "Placement": each refused placement names the rule that refused it, and changes nothing."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction

from .helpers import LOC, new


def refusal(s, text: str) -> str:
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(text)
    assert s.to_dict() == before, "a refused placement changed the state"
    return str(err.value)


@pytest.mark.parametrize("text", ["place hut 1", "place hut 3", "place hut 10"])
def test_the_hut_takes_exactly_two_people(text):
    """Placement, the hut: `place hut 1` used to be read as `place hut` and played with 2 people."""
    s = new(4, seed=1)
    message = refusal(s, text)
    assert "exactly 2 people" in message and "docs/rules/stoneage.md, Placement: the hut" in message
    s.apply("place hut 2")
    assert s.occ[LOC["hut"]] == 2


@pytest.mark.parametrize("text", ["place field 2", "place toolmaker 3", "place card 1 2", "place building 2 2"])
def test_single_person_places_refuse_other_counts(text):
    s = new(4, seed=1)
    assert "Placement: one person" in refusal(s, text)


def test_no_people_left():
    s = new(4, seed=2)
    assert "no people left: you have 5" in refusal(s, "place hunt 6")


def test_already_there():
    s = new(2, seed=3)
    p = s.turn
    s.apply("place forest 2")
    s.apply("place hunt 1")
    assert s.turn == p
    message = refusal(s, "place forest 1")
    assert message.startswith("place forest 1 is not legal now: already there") and "once per location; §4.1" in message


def test_no_room_on_a_resource_location():
    s = new(4, seed=4)
    s.apply("place quarry 5")
    assert "no room: quarry has 2 of its 7 spaces free" in refusal(s, "place quarry 3")


def test_two_player_rule_one_seat_per_resource_location():
    s = new(2, seed=5)
    s.apply("place river 1")
    message = refusal(s, "place river 1")
    assert "the 2-player rule: at most 1 player(s) may use river" in message and "Placement: 2 and 3 players; §4.3" in message


def test_three_player_rule_two_village_locations():
    s = new(3, seed=6)
    s.apply("place toolmaker")
    s.apply("place field")
    message = refusal(s, "place hut")
    assert "the 3-player rule: only two of the tool maker, hut and field" in message


def test_taken_village_location_and_card_place():
    s = new(4, seed=7)
    s.apply("place field")
    assert "no room: field is taken" in refusal(s, "place field")
    s.apply("place card 3")
    assert "no room: someone is on card 3" in refusal(s, "place card 3")


def test_a_bought_card_place_stays_empty():
    s = new(4, seed=8)
    s.deck.append(s.display[1])  # as if bought: the card is elsewhere, the slot empty until the new round
    s.display[1] = -1
    s._legal = None
    assert "no card: card 2 was bought this round" in refusal(s, "place card 2")


def test_building_stacks_beyond_the_players_have_no_tile():
    s = new(2, seed=9)
    assert "no tile: building 3 is empty" in refusal(s, "place building 3")


def test_options_full_hut_and_maxed_tracks():
    s = new(4, seed=10, full_hut="forbidden", maxed_tracks="forbidden")
    p = s.turn
    s.people[p] = 10
    s.home[p] = 10
    s.agri[p] = 10
    s._legal = None
    assert "option full_hut=forbidden" in refusal(s, "place hut")
    assert "option maxed_tracks=forbidden: field" in refusal(s, "place field")
