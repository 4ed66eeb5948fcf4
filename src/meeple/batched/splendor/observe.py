"""The observation tensor of one seat, bit for bit ``Game.observation_tensor`` (encode.py).

Layout and scales: docs/rl/splendor.md. Hidden information (§13): the decks give only
their counts, and an opponent's blind reservation only that it is there, hidden, and its tier;
nothing else in the batched state reaches the tensor.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from . import tables as T
from .rules import _card, cards_bought, deck_counts
from .state import SplendorBatch


def _gold_needed(cost: jax.Array, have: jax.Array) -> jax.Array:
    """§7 shortfall after bonuses and coloured tokens, scaled (``cost``: [..., 5], ``have``: [5])."""
    short = jnp.maximum(cost - have, 0).sum(axis=-1)
    return jnp.asarray(T.GOLD_NEEDED)[jnp.minimum(short, len(T.GOLD_NEEDED) - 1)]


def _tokens(counts: jax.Array, n: jax.Array) -> jax.Array:
    """Token counts [..., 6] ÷ the starting count of their kind."""
    counts = jnp.clip(counts, 0, 7)
    return jnp.concatenate([jnp.asarray(T.GEM_SCALE)[n][counts[..., :5]], jnp.asarray(T.GOLD_SCALE)[counts[..., 5:]]], axis=-1)


def observe(s: SplendorBatch, seat: jax.Array) -> jax.Array:
    """float32[474] for ``seat`` (clipped into 0..players-1: a kernel cannot raise)."""
    n = s.num_players
    seat = jnp.clip(seat, 0, n - 1)
    returning = s.phase == T.RETURNING
    over_by = jnp.clip(s.tokens[s.turn].sum() - T.TOKEN_LIMIT, 0, len(T.TO_RETURN) - 1)
    head = jnp.concatenate(
        [
            jnp.asarray(T.PLAYERS_ONE_HOT)[n],
            jax.nn.one_hot(s.phase, 4, dtype=jnp.float32),
            jnp.where(returning, jnp.asarray(T.TO_RETURN)[over_by], 0.0)[None],
            s.final_round.astype(jnp.float32)[None],
            jnp.asarray(T.PASSES)[jnp.clip(s.passes, 0, T.MAX_SEATS)][None],
            jnp.asarray(T.TURNS)[jnp.minimum(s.turns_played, 100)][None],
            _tokens(s.supply, n),
            jnp.stack([jnp.asarray(T.DECK_SCALE)[t][c] for t, c in enumerate(deck_counts(s.in_deck))]),
        ]
    )
    have = s.bonuses + s.tokens[:, :5]  # [4, 5]
    cost = jnp.asarray(T.CARD_COST)

    # Display cards carry the observer's own gold shortfall.
    rows = _card(s.display)
    display = jnp.concatenate(
        [jnp.asarray(T.CARD_ROWS)[rows], jnp.where(s.display >= 0, _gold_needed(cost[rows], have[seat]), 0.0)[:, None]], axis=1
    )
    nobles = jnp.asarray(T.NOBLE_ROWS)[jnp.where(s.nobles >= 0, s.nobles, T.NUM_NOBLES)]

    # One block per seat, the observer first; reserved cards carry their owner's shortfall.
    res_rows = _card(s.reserved)  # [4, 3]
    shown = jnp.concatenate(
        [
            jnp.asarray(T.CARD_ROWS)[res_rows],
            _gold_needed(cost[res_rows], have[:, None, :])[..., None],
            jnp.asarray(T.SHOWN_TAILS)[res_rows],
        ],
        axis=2,
    )
    hidden_from_seat = s.blind & (jnp.arange(T.MAX_SEATS) != seat)[:, None]  # §13
    reserved = jnp.where(hidden_from_seat[..., None], jnp.asarray(T.HIDDEN_ROWS)[res_rows], shown)
    reserved = jnp.where((s.reserved >= 0)[..., None], reserved, 0.0)
    won = (s.noble_owner[None, :] == jnp.arange(T.MAX_SEATS)[:, None]).sum(axis=1)
    blocks = jnp.concatenate(
        [
            jnp.ones((T.MAX_SEATS, 1), jnp.float32),
            (jnp.arange(T.MAX_SEATS) == s.current_player)[:, None].astype(jnp.float32),
            _tokens(s.tokens, n),
            jnp.asarray(T.BONUS_SCALE)[s.bonuses],
            jnp.asarray(T.POINTS_SCALE)[jnp.minimum(s.points, len(T.POINTS_SCALE) - 1)][:, None],
            jnp.asarray(T.CARDS_SCALE)[cards_bought(s.owner)][:, None],
            jnp.asarray(T.NOBLES_SCALE)[won][:, None],
            reserved.reshape(T.MAX_SEATS, -1),
        ],
        axis=1,
    )
    rel = jnp.arange(T.MAX_SEATS)
    order = (seat + rel) % n
    players = jnp.where((rel < n)[:, None], blocks[order], 0.0)
    return jnp.concatenate([head, display.reshape(-1), nobles.reshape(-1), players.reshape(-1)])
