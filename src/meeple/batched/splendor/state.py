"""The batched Splendor position: one array per fact, a leading batch axis on each.

The fields mirror ``meeple.games.splendor.state.SplendorState`` one for one (docs/rl.md, "The
batched engine"), with the seat axes padded to four seats (seats beyond ``num_players`` hold
zeros), so one compiled kernel serves 2, 3 and 4 players, every option, and mixed batches.

Cards are ids into the Python engine's table (``data/cards.csv`` row numbers), -1 for none.
A deck is a set (``in_deck``), as in the Python engine: each card turned up is drawn uniformly
from what is left, from the key given to ``step``.
"""

from __future__ import annotations

from typing import NamedTuple

import jax


class SplendorBatch(NamedTuple):
    # -- the rules' options and the table, per game --
    num_players: jax.Array  # int32: 2, 3 or 4
    take_fewer: jax.Array  # int32: index into tables.TAKE_FEWER
    payment: jax.Array  # int32: index into tables.PAYMENT
    reward_mode: jax.Array  # int32: index into tables.REWARD_MODES
    step_limit: jax.Array  # int32: truncate after this many decisions; 0 = never
    # -- the position (§2–§13) --
    supply: jax.Array  # int32[6]: five gems, then gold
    tokens: jax.Array  # int32[4, 6]
    bonuses: jax.Array  # int32[4, 5]: purchased cards by bonus colour
    points: jax.Array  # int32[4]: prestige (cards and nobles) — the score
    owner: jax.Array  # int32[90]: the seat that bought each card, -1 if nobody has
    in_deck: jax.Array  # bool[90]: still in its tier's deck (unseen by everybody)
    display: jax.Array  # int32[12]: face-up cards, tier-major, -1 for an empty slot
    reserved: jax.Array  # int32[4, 3]: reserved cards in the order reserved (r1, r2, r3), -1 unused
    blind: jax.Array  # bool[4, 3]: reserved blind from a deck (hidden from the others)
    nobles: jax.Array  # int32[5]: noble in each revealed slot, -1 once taken or beyond players + 1
    noble_owner: jax.Array  # int32[10]: the seat each noble visited, -1 if none
    turn: jax.Array  # int32: the seat whose turn it is
    phase: jax.Array  # int32: tables.ACTION, RETURNING, CHOOSING_NOBLE or OVER
    turns_played: jax.Array  # int32: completed turns, all seats together
    final_round: jax.Array  # bool: someone reached 15; the round is being finished (§10)
    passes: jax.Array  # int32: consecutive turns ended by pass (§12)
    deadlock: jax.Array  # bool: the game ended because every player passed in a row
    # -- what a learner reads --
    step_count: jax.Array  # int32: decisions played
    current_player: jax.Array  # int32: the seat that decides now, -1 once terminated
    legal_action_mask: jax.Array  # bool[3837]: the legal ids for current_player
    rewards: jax.Array  # float32[4]: paid by the last step, to every seat (zero before the end)
    terminated: jax.Array  # bool: the game is over by the rules
    truncated: jax.Array  # bool: step_limit reached before the end
    illegal: jax.Array  # bool: the last step was given an illegal id and changed nothing
