"""Stepping the Python and the batched Splendor engines side by side, and comparing them field by field."""

from __future__ import annotations

from collections.abc import Sequence

import jax
import numpy as np

from meeple.core import ChanceScript
from meeple.envs.common import final_rewards
from meeple.games.splendor.encode import encode
from meeple.games.splendor.state import SplendorState

# Fields that describe the last step rather than the position: compared on their own.
STEP_FIELDS = ("rewards", "illegal")


def rows(batch, index) -> dict[str, np.ndarray]:
    return {k: np.asarray(v)[index] for k, v in batch._asdict().items()}


def assert_same_positions(env, batch, states: Sequence[SplendorState], where: str = "") -> None:
    """Every field of every game equals the conversion of the Python state (decks compared as sets)."""
    expected = env.from_states(states)
    for name in batch._fields:
        if name in STEP_FIELDS:
            continue
        got, want = np.asarray(getattr(batch, name)), np.asarray(getattr(expected, name))
        if not np.array_equal(got, want):
            bad = [g for g in range(len(states)) if not np.array_equal(got[g], want[g])]
            g = bad[0]
            raise AssertionError(f"{where}: field {name!r} differs in game {g}: batched {got[g].tolist()} vs Python {want[g].tolist()}")


def assert_same_views(env, batch, states: Sequence[SplendorState], where: str = "") -> None:
    """Masks and every seat's observation tensor agree, position by position."""
    masks = np.stack([s.legal_action_mask().astype(bool) for s in states])
    got = np.asarray(batch.legal_action_mask)
    for g in range(len(states)):
        if not np.array_equal(got[g], masks[g]):
            extra, missing = np.flatnonzero(got[g] & ~masks[g]), np.flatnonzero(masks[g] & ~got[g])
            raise AssertionError(f"{where}: game {g} mask differs: batched also allows {extra.tolist()}, misses {missing.tolist()}")
    for seat in range(max(s.num_players for s in states)):
        obs = np.asarray(env.observe(batch, seat))
        for g, s in enumerate(states):
            if seat < s.num_players:
                want = encode(s, seat)
                if not np.array_equal(obs[g], want):
                    at = np.flatnonzero(obs[g] != want)
                    raise AssertionError(f"{where}: game {g} seat {seat} tensor differs at {at.tolist()}: {obs[g][at]} vs {want[at]}")


def drawn_cards(before, after) -> list[list[int]]:
    """Per game, the cards the batched step turned up (they left the deck)."""
    left = np.asarray(before.in_deck) & ~np.asarray(after.in_deck)
    return [np.flatnonzero(row).tolist() for row in left]


def apply_with_draws(state: SplendorState, action_id: int, draws: list[int]) -> None:
    """Play an id on the Python state, its chance outcomes forced to the batched engine's draws."""
    state.script = ChanceScript([{"chance": "deal", "value": c} for c in draws])
    try:
        state.apply(state.game.action_table()[action_id])
        assert len(state.script) == 0, "the batched engine drew a card the Python engine did not"
    finally:
        state.script = None


def lockstep(env, batch, states: list[SplendorState], actions: np.ndarray, key: jax.Array, where: str = ""):
    """Step both engines with the same actions and the same draws; compare positions, rewards, ends."""
    after = env.step(batch, actions, jax.random.split(key, len(states)))
    draws = drawn_cards(batch, after)
    was_over = [s.is_over for s in states]
    for g, s in enumerate(states):
        if not was_over[g]:
            assert len(draws[g]) <= 1, f"{where}: game {g} drew {draws[g]}"
            apply_with_draws(s, int(actions[g]), draws[g])
        else:
            assert draws[g] == []
    assert_same_positions(env, after, states, where)
    assert not np.asarray(after.illegal).any(), f"{where}: a legal id was refused"
    rewards = np.asarray(after.rewards)
    for g, s in enumerate(states):
        want = np.zeros(env.max_seats, np.float32)
        if s.is_over and not was_over[g]:
            want[: s.num_players] = final_rewards(s.result(), env.rewards)
        np.testing.assert_allclose(rewards[g], want, rtol=0, atol=1e-6, err_msg=f"{where}: game {g} rewards")
    return after


def random_legal(states: Sequence[SplendorState], rng: np.random.Generator) -> np.ndarray:
    """One random legal id per game (0 for a game already over)."""
    out = np.zeros(len(states), np.int32)
    for g, s in enumerate(states):
        if not s.is_over:
            ids = np.flatnonzero(s.legal_action_mask())
            out[g] = rng.choice(ids)
    return out
