"""Random games played by both engines in lockstep (docs/rl.md "The batched engine", exactness).

The batch deals the games (``env.init``), the Python engine takes them over through
``env.to_states``, and then at every decision: the legal masks and every seat's observation
tensor are equal; the same random legal id, with the card the batched engine turned up forced
on the Python engine, gives equal positions, rewards and ends; every game ends, with the same
scores and winners (docs/rules/splendor.md §10).
"""

from __future__ import annotations

import jax
import numpy as np
import pytest

import meeple.batched

from .helpers import assert_same_positions, assert_same_views, lockstep, random_legal

GAMES = 8  # one batch shape for every test in this module: one compile
CAP = 600  # decisions; random games end in about 85 (2 players) to 150 (4 players)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"take_fewer": "always", "payment": "minimal_gold"}),
        (3, {"take_fewer": "never", "rewards": "score"}),
    ],
)
def test_random_games_agree_step_by_step(players, options):
    env = meeple.batched.make("splendor", players=players, **options)
    batch = env.init(jax.random.split(jax.random.key(players), GAMES))
    states = env.to_states(batch, seed=players)
    assert_same_positions(env, batch, states, "after init")
    rng = np.random.default_rng(players)
    key = jax.random.key(100 + players)
    for step in range(CAP):
        where = f"{players}p {options} decision {step}"
        assert_same_views(env, batch, states, where)
        if all(s.is_over for s in states):
            break
        key, sub = jax.random.split(key)
        batch = lockstep(env, batch, states, random_legal(states, rng), sub, where)
    assert all(s.is_over for s in states), "a random game did not end"
    assert np.asarray(batch.terminated).all()
    assert (np.asarray(batch.current_player) == -1).all()
    assert np.asarray(env.scores(batch)).tolist() == [list(s.result().scores) for s in states]
    winners = np.asarray(env.winners(batch))
    assert [tuple(np.flatnonzero(w)) for w in winners] == [s.result().winners for s in states]
    assert np.asarray(env.cards_bought(batch)).tolist() == [s.result().details["cards"] for s in states]
