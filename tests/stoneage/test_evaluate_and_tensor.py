"""Game.evaluate and Game.observation_tensor for Stone Age (docs/rl/stoneage.md)."""

import random

import numpy as np
import pytest

from meeple.games.stoneage.encode import SIZE
from meeple.games.stoneage.game import GAME

from .helpers import card_with, force, new, put_card, to_actions


def test_evaluate_gives_one_finite_value_per_seat_and_prefers_more():
    s = new(3, seed=51)
    base = GAME.evaluate(s)
    assert len(base) == 3 and all(np.isfinite(base))
    richer = s.clone()
    richer.res[1] = [2, 2, 2, 2]
    assert GAME.evaluate(richer)[1] > base[1]
    assert GAME.evaluate(richer)[0] == base[0]
    hungry = s.clone()
    hungry.food[2] = 0
    assert GAME.evaluate(hungry)[2] < base[2]
    farmer = s.clone()
    farmer.agri[0] = 4
    assert GAME.evaluate(farmer)[0] > base[0]


def test_evaluate_at_the_end_ranks_like_the_result():
    rng = random.Random(3)
    s = new(4, seed=52)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    values = GAME.evaluate(s)
    r = s.result()
    best = max(range(4), key=lambda p: values[p])
    assert r.ranks[best] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tensor_has_a_fixed_shape_and_shows_only_what_the_seat_may_see(players):
    rng = random.Random(players)
    s = new(players, seed=53)
    for step in range(400):
        if s.is_over:
            break
        if step % 37 == 0:
            for seat in range(players):
                x = GAME.observation_tensor(s, seat)
                assert x.shape == (SIZE,) and x.dtype == np.float32 and np.isfinite(x).all()
                for k in (1, 2):
                    assert np.array_equal(GAME.observation_tensor(s.determinize(seat, k), seat), x)
        s.apply(rng.choice(s.legal_actions()))


def test_tensor_shows_the_secret_card_to_its_owner_only():
    s = new(4, seed=54)
    put_card(s, 0, card_with("extra_card"))
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    force(s, ("extra", s.deck[0]))
    s.apply("pay w")
    mine, theirs = GAME.observation_tensor(s, 0), GAME.observation_tensor(s, 1)
    assert mine[-36:].sum() == 1 and theirs[-36:].sum() == 0
    with pytest.raises(ValueError):
        GAME.observation_tensor(s, 4)
