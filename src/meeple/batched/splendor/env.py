"""``meeple.batched.make("splendor")``: the Pgx-like face of the batched kernels.

Every method takes and returns whole batches; ``init``, ``step`` and ``observe`` are jitted
once per batch size and shared by every env (player count, options, rewards and the step
limit are values in the state, not compile-time constants), so switching them costs no
compile. Inside your own ``jax.jit``/``jax.lax.scan`` use ``env.step`` as it is, or
``meeple.batched.splendor.rules.step`` with ``jax.vmap`` yourself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from meeple.core import load
from meeple.games.splendor.state import SplendorState

from . import observe as O
from . import rules
from . import tables as T
from .convert import position_arrays, stack, to_dicts
from .state import SplendorBatch

#: The options this kernel plays, with the values it knows; anything else is refused.
SUPPORTED_OPTIONS: dict[str, tuple[str, ...]] = {"take_fewer": T.TAKE_FEWER, "payment": T.PAYMENT}

_init = jax.jit(jax.vmap(rules.init, in_axes=(0, None, None, None, None, None)))
_step = jax.jit(jax.vmap(rules.step))
_observe = jax.jit(jax.vmap(O.observe))
_mask = jax.jit(jax.vmap(rules.legal_action_mask))
_winners = jax.jit(jax.vmap(rules.winners))


def _check_keys(keys: jax.Array, batch: int | None) -> None:
    """One key per game, typed (``jax.random.key``) or raw (``jax.random.PRNGKey``), split from one key."""
    typed = jnp.issubdtype(keys.dtype, jax.dtypes.prng_key)
    shape = keys.shape if typed else keys.shape[:-1]
    if len(shape) != 1 or (batch is not None and shape[0] != batch):
        want = "n" if batch is None else str(batch)
        raise ValueError(f"give one key per game, jax.random.split(key, {want}); got keys of shape {keys.shape}")


class SplendorEnv:
    """Splendor for ``players`` seats, one game per row of every array (docs/rl.md "The batched engine")."""

    name = "splendor"
    num_actions = T.NUM_ACTIONS
    observation_shape = (T.OBS_SIZE,)
    #: Per-seat arrays (tokens, points, rewards...) have this many entries; seats ≥ players hold zeros.
    max_seats = T.MAX_SEATS

    def __init__(self, players: int = 2, *, rewards: str = "win", max_steps: int | None = None, **options: Any) -> None:
        game = load("splendor")
        game.check_players(players)
        opts = game.check_options(options)
        for key, value in opts.items():
            if key not in SUPPORTED_OPTIONS:
                raise ValueError(f"the batched Splendor engine does not support option {key!r} yet (it plays {sorted(SUPPORTED_OPTIONS)})")
            if value not in SUPPORTED_OPTIONS[key]:
                raise ValueError(f"the batched Splendor engine does not support {key}={value!r} (it plays {list(SUPPORTED_OPTIONS[key])})")
        if rewards not in T.REWARD_MODES:
            raise ValueError(f"rewards must be one of {list(T.REWARD_MODES)}, got {rewards!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be None or a positive integer, got {max_steps!r}")
        self.players = players
        self.options = opts
        self.rewards = rewards
        self.max_steps = max_steps
        self._config = (
            players,
            T.TAKE_FEWER.index(opts["take_fewer"]),
            T.PAYMENT.index(opts["payment"]),
            T.REWARD_MODES.index(rewards),
            max_steps or 0,
        )

    def __repr__(self) -> str:
        return f"<meeple.batched splendor, {self.players} players, options {self.options}>"

    # -- the Pgx-like core ----------------------------------------------------------------------------

    def init(self, keys: jax.Array) -> SplendorBatch:
        """One new game per key (``keys``: ``jax.random.split(key, batch)``); the deal is drawn from each key."""
        _check_keys(keys, None)
        return _init(keys, *self._config)

    def step(self, state: SplendorBatch, actions: jax.Array, keys: jax.Array) -> SplendorBatch:
        """Each game plays its action id; any card turned up is drawn from that game's key.

        A game already terminated or truncated is left as it is (rewards 0). An id that is not
        legal changes nothing in its game and sets ``state.illegal`` there: a kernel cannot raise.
        """
        batch = state.turn.shape[0]
        actions = jnp.asarray(actions, jnp.int32)
        if actions.shape != (batch,):
            raise ValueError(f"step needs one action id per game: shape ({batch},), got {actions.shape}")
        _check_keys(keys, batch)
        return _step(state, actions, keys)

    def observe(self, state: SplendorBatch, seats: jax.Array | int | None = None) -> jax.Array:
        """float32[batch, 474]: ``Game.observation_tensor`` of each game for its seat (default: the seat to move)."""
        batch = state.turn.shape[0]
        if seats is None:
            seats = jnp.maximum(state.current_player, 0)
        return _observe(state, jnp.broadcast_to(jnp.asarray(seats, jnp.int32), (batch,)))

    # -- what else a learner or a test needs ------------------------------------------------------------

    def from_states(self, states: Sequence[SplendorState]) -> SplendorBatch:
        """A batch holding these Python positions (any player counts; options and rewards as the states/env say).

        The decks become sets of the same cards; later draws come from the keys given to ``step``.
        """
        states = list(states)
        if not states:
            raise ValueError("from_states needs at least one state")
        rows = [position_arrays(s, self._config[3], self._config[4]) for s in states]
        arrays = stack(rows)
        # Pad to a power of two (at least 8) so that lists of many lengths compile the mask only a few times.
        size = max(8, 1 << (len(rows) - 1).bit_length())
        padded = {k: np.concatenate([v, np.repeat(v[:1], size - len(rows), axis=0)]) for k, v in arrays.items()}
        batch = SplendorBatch(**{k: jnp.asarray(v) for k, v in padded.items()})
        batch = batch._replace(legal_action_mask=_mask(batch))
        return jax.tree_util.tree_map(lambda a: a[: len(rows)], batch)

    def to_states(self, state: SplendorBatch, seed: int = 0) -> list[SplendorState]:
        """Each game of the batch as a Python state (checked by ``from_dict``), e.g. to play it on with the bots.

        Purchased cards and nobles are listed by id (the batch does not keep their order), the
        history starts empty, and game ``i``'s future draws come from ``seed + i``.
        """
        game = load("splendor")
        arrays = {k: np.asarray(v) for k, v in state._asdict().items()}
        return [game.from_dict(d) for d in to_dicts(arrays, game.version, seed)]  # type: ignore[misc]

    def scores(self, state: SplendorBatch) -> jax.Array:
        """int32[batch, players]: prestige points, the final score once terminated (§10)."""
        return state.points[:, : self.players]

    def cards_bought(self, state: SplendorBatch) -> jax.Array:
        """int32[batch, players]: purchased cards, the §10 tie-break (fewest wins)."""
        return jax.vmap(rules.cards_bought)(state.owner)[:, : self.players]

    def winners(self, state: SplendorBatch) -> jax.Array:
        """bool[batch, players]: who wins (§10, ties shared), meaningful once terminated."""
        return _winners(state)[:, : self.players]
