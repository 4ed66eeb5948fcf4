"""Bad input for combat, encounters, the Factory and objectives: a clear IllegalAction / ValueError, nothing changed."""

import pytest

from meeple.core import IllegalAction
from meeple.games.scythe.game import GAME

from .helpers import battle, new, play, refresh, set_hand, turn_of
from .test_rules_encounters_factory import at_encounter, to_factory, with_factory_card


def refused(s, *texts):
    before = s.to_dict()
    for text in texts:
        with pytest.raises(IllegalAction):
            s.apply(text)
        assert s.to_dict() == before, text


def test_9_an_unaffordable_encounter_option_and_other_phases_actions_are_refused():
    s = at_encounter(1, coins=0, pop=0)
    refused(s, "option b", "option c", "option d", "done", "dial 0", "keep factory 1", "end turn")


def test_10_factory_actions_out_of_place_are_refused():
    s = to_factory()
    kept = [c for c in range(1, 13) if c not in s.factory]
    refused(s, f"keep factory {kept[0]}", "keep factory 13", "factory top", "factory move", "end turn")
    s = new("nordic,polania")
    turn_of(s, 0)
    refused(s, "section factory", "factory top")  # no Factory card held
    s = with_factory_card(3)  # costs a combat card
    set_hand(s, 0)
    refresh(s)
    s._legal = None
    refused(s, "factory top", "factory move")


def test_8_combat_decisions_by_the_wrong_seat_or_out_of_range_are_refused():
    s = battle(power=(2, 2))
    play(s, "pick character", "to 5,1", "done")
    refused(s, "dial 3", "cards 2", "fight 5,1", "retreat home", "no artillery", "option a", "reveal 1")
    play(s, "dial 2")
    assert s.current_player == 1
    refused(s, "dial 3", "cards 5", "cards 2+2+2+2+2+2+2", "cards 6")


def test_11_revealing_an_objective_not_held_is_refused():
    s = new("nordic,polania")
    turn_of(s, 0)
    s.coins[0] = 30
    held = set(s.objectives[0])
    other = next(c for c in range(1, 24) if c not in held)
    refused(s, f"reveal {other}", "reveal 24", "reveal 0")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("dial", [9, -1]),
        ("played", [[1, 0, 0, 0], [0, 0, 0, 0]]),  # a tucked card outside a combat breaks conservation
        ("encounter_used", [1]),  # a used encounter card without a token taken
        ("objective_done", [[1], []]),  # a revealed objective without its star
        ("factory_seen", 8),
        ("gains", [3]),
        ("cstage", 2),
        ("decider", 1),
        ("last_combat", [1, 2, 3]),
    ],
)
def test_from_dict_refuses_corrupted_combat_and_card_fields(key, value):
    d = new("nordic,polania").to_dict()
    d[key] = value
    with pytest.raises(ValueError):
        GAME.from_dict(d)
