"""Combat, encounters, the Factory and objectives in the views: the terminal render, the observation tensor and the evaluation (docs/rl/scythe.md)."""

import numpy as np
from rich.console import Console

from meeple.games.scythe.encode import SIZE
from meeple.games.scythe.evaluate import evaluate
from meeple.games.scythe.game import GAME

from .helpers import battle, hold, mech, play, refresh, set_hand


def mid_combat():
    s = battle(power=(6, 6))
    mech(s, 0, "4,1")
    set_hand(s, 0, 5, 2)
    set_hand(s, 1, 3)
    refresh(s)
    play(s, "pick character", "to 5,1", "pick mech 4,1", "to 5,1", "dial 6", "cards 5+2")
    return s


def text_of(s, seat):
    console = Console(width=220, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(GAME.render(s.observation(seat)))
    return console.export_text()


def test_8_the_render_shows_a_seat_its_own_dial_and_only_that_the_other_side_has_chosen():
    s = mid_combat()
    assert "your dial 6, cards [2, 5]" in text_of(s, 0)
    defender = text_of(s, 1)
    assert "the attacker has chosen (hidden)" in defender and "dial 6" not in defender


def test_8_the_tensor_carries_the_own_choice_and_is_unchanged_by_determinization():
    s = mid_combat()
    own, other = GAME.observation_tensor(s, 0), GAME.observation_tensor(s, 1)
    assert own.shape == other.shape == (SIZE,)
    for k in range(5):
        assert np.array_equal(GAME.observation_tensor(s.determinize(1, k), 1), other)
        assert np.array_equal(GAME.observation_tensor(s.determinize(0, k), 0), own)
    t = s.clone()
    t.dial[0] = 0
    assert np.array_equal(GAME.observation_tensor(t, 1), other) and not np.array_equal(GAME.observation_tensor(t, 0), own)


def test_13_evaluate_values_a_met_objective_and_a_factory_card():
    s = battle()
    s.coins[0] = 20
    hold(s, 0, 22, 2)  # neither met: no Factory card, no tunnels
    refresh(s)
    base = evaluate(s)[0]
    hold(s, 0, 12, 2)  # 20 coins: met
    refresh(s)
    met = evaluate(s)[0]
    assert met > base
    s.factory_card[0] = s.factory.pop()
    s.factory_seen = 1
    refresh(s)
    assert evaluate(s)[0] > met


def test_8_evaluate_during_a_combat_favours_the_side_ahead_and_counts_the_dial_as_spent():
    s = battle(power=(6, 6))
    play(s, "pick character", "to 5,1", "done")
    timid = s.clone()
    play(s, "dial 5")  # no cards: the defender is dialling now
    play(timid, "dial 0")
    assert evaluate(s)[0] > evaluate(timid)[0] and evaluate(s)[1] < evaluate(timid)[1]  # 5 ahead nearly wins the stake
    low, high = s.clone(), s.clone()
    play(low, "dial 0")
    play(high, "dial 6")
    # after the reveal the defender who dialled 6 won: star and territory
    assert evaluate(high)[1] > evaluate(low)[1]
