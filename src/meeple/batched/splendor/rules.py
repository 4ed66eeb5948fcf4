"""Splendor's rules for one game as JAX functions, in the order a turn happens.

The same rules as ``meeple.games.splendor.state`` (§2–§13, docs/rules/splendor.md),
written without branches so that ``jax.vmap`` runs a batch of games in lockstep: every part
of a decision is computed and the part that applies is selected by the action's kind. The
tests in tests/batched/ step both engines side by side and compare every field.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from . import tables as T
from .state import SplendorBatch

_SEATS = jnp.arange(T.MAX_SEATS)
_CARD_IDS = jnp.arange(T.NUM_CARDS)


def _card(cid: jax.Array) -> jax.Array:
    """Row of a card id in the tables, with -1 (no card) on the all-zero row."""
    return jnp.where(cid >= 0, cid, T.NUM_CARDS)


def deck_counts(in_deck: jax.Array) -> jax.Array:
    """Cards left in each tier's deck (int32[3])."""
    return jnp.stack([(in_deck & (t == T.CARD_TIER)).sum(dtype=jnp.int32) for t in range(T.TIERS)])


def cards_bought(owner: jax.Array) -> jax.Array:
    """Purchased cards per seat (int32[4]): the §10 tie-break."""
    return (owner[None, :] == _SEATS[:, None]).sum(axis=1, dtype=jnp.int32)


def draw(in_deck: jax.Array, tier: jax.Array, key: jax.Array) -> jax.Array:
    """§11: a card drawn uniformly from what is left of a tier's deck, or -1 if it is empty."""
    candidates = in_deck & (tier == T.CARD_TIER)
    count = candidates.sum(dtype=jnp.int32)
    k = jax.random.randint(key, (), 0, jnp.maximum(count, 1))
    hit = candidates & (jnp.cumsum(candidates) - 1 == k)
    return jnp.where(count > 0, jnp.argmax(hit).astype(jnp.int32), -1)


# -- §2 Setup ----------------------------------------------------------------------------------------


def init(
    key: jax.Array, num_players: jax.Array, take_fewer: jax.Array, payment: jax.Array, reward_mode: jax.Array, step_limit: jax.Array
) -> SplendorBatch:
    """A new game: four face-up cards per tier and players + 1 nobles, each drawn uniformly (§2)."""
    keys = jax.random.split(key, T.TIERS + 1)
    display = jnp.concatenate([jax.random.permutation(keys[t], jnp.asarray(T.TIER_CARDS[t]))[: T.DISPLAY_PER_TIER] for t in range(T.TIERS)])
    in_deck = ~(display[:, None] == _CARD_IDS[None, :]).any(axis=0)
    nobles = jax.random.permutation(keys[T.TIERS], T.NUM_NOBLES)[: T.NOBLE_SLOTS].astype(jnp.int32)
    nobles = jnp.where(jnp.arange(T.NOBLE_SLOTS) < num_players + 1, nobles, -1)
    gems = jnp.asarray(T.GEMS)[num_players]
    zero = jnp.int32(0)
    s = SplendorBatch(
        num_players=jnp.asarray(num_players, jnp.int32),
        take_fewer=jnp.asarray(take_fewer, jnp.int32),
        payment=jnp.asarray(payment, jnp.int32),
        reward_mode=jnp.asarray(reward_mode, jnp.int32),
        step_limit=jnp.asarray(step_limit, jnp.int32),
        supply=jnp.concatenate([jnp.full(5, gems, jnp.int32), jnp.array([T.GOLD_TOKENS], jnp.int32)]),
        tokens=jnp.zeros((T.MAX_SEATS, 6), jnp.int32),
        bonuses=jnp.zeros((T.MAX_SEATS, 5), jnp.int32),
        points=jnp.zeros(T.MAX_SEATS, jnp.int32),
        owner=jnp.full(T.NUM_CARDS, -1, jnp.int32),
        in_deck=in_deck,
        display=display.astype(jnp.int32),
        reserved=jnp.full((T.MAX_SEATS, T.MAX_RESERVED), -1, jnp.int32),
        blind=jnp.zeros((T.MAX_SEATS, T.MAX_RESERVED), bool),
        nobles=nobles,
        noble_owner=jnp.full(T.NUM_NOBLES, -1, jnp.int32),
        turn=zero,  # §2 ► ENGINE: seat 0 starts
        phase=jnp.int32(T.ACTION),
        turns_played=zero,
        final_round=jnp.bool_(False),
        passes=zero,
        deadlock=jnp.bool_(False),
        step_count=zero,
        current_player=zero,
        legal_action_mask=jnp.zeros(T.NUM_ACTIONS, bool),
        rewards=jnp.zeros(T.MAX_SEATS, jnp.float32),
        terminated=jnp.bool_(False),
        truncated=jnp.bool_(False),
        illegal=jnp.bool_(False),
    )
    return s._replace(legal_action_mask=legal_action_mask(s))


# -- legal actions ----------------------------------------------------------------------------------


def visiting_nobles(nobles: jax.Array, bonuses: jax.Array) -> jax.Array:
    """§9: revealed noble slots whose requirement these bonuses (not tokens) meet (bool[5])."""
    req = jnp.asarray(T.NOBLE_REQ)[jnp.where(nobles >= 0, nobles, 0)]
    return (nobles >= 0) & (bonuses[None, :] >= req).all(axis=1)


def purchases(s: SplendorBatch, seat: jax.Array) -> jax.Array:
    """§7: the legal buy ids (bool[15 × 252]): a card is affordable iff Σ max(0, cost − bonus − tokens) ≤ gold.

    With ``payment="choose"`` every way of paying extra gold instead of coloured tokens the purchase
    would spend is its own action (§7 ► ENGINE); with ``"minimal_gold"`` only the default.
    """
    cards = jnp.concatenate([s.display, s.reserved[seat]])
    cost = jnp.asarray(T.CARD_COST)[_card(cards)]
    bonus = s.bonuses[seat]
    held = s.tokens[seat, :5]
    gold = s.tokens[seat, 5]
    short = jnp.maximum(cost - (bonus + held)[None, :], 0).sum(axis=1)
    affordable = (cards >= 0) & (short <= gold)
    spare = gold - short
    paid = jnp.where(cost > bonus[None, :], jnp.minimum(held[None, :], cost - bonus[None, :]), 0)
    # The payable patterns as bit sets (tables.FIT_BITS): within the spare gold, and within what each colour pays.
    fit = jnp.asarray(T.SPARE_BITS)[jnp.clip(spare, 0, 5)]  # [15, words]
    for c in range(5):
        fit = fit & jnp.asarray(T.FIT_BITS)[c][jnp.minimum(paid[:, c], 5)]
    fit = jnp.where(s.payment == T.PAYMENT.index("minimal_gold"), jnp.asarray(T.DEFAULT_BITS)[None, :], fit)
    fit = jnp.where(affordable[:, None], fit, jnp.uint32(0))
    bits = (fit[:, :, None] >> jnp.arange(32, dtype=jnp.uint32)) & 1
    return bits.reshape(T.SOURCES, -1)[:, : T.NUM_PATTERNS].reshape(-1).astype(bool)


def legal_action_mask(s: SplendorBatch) -> jax.Array:
    """The legal ids for the seat to move (bool[3837]), in the Python engine's id layout."""
    seat = s.turn
    gems = s.supply[:5]
    # §4 'take different', by which colours have tokens and the take_fewer option; §5 'take two' needs 4.
    nonempty = ((gems > 0) * (1 << jnp.arange(5))).sum()
    take = jnp.asarray(T.TAKE_DIFFERENT_OK)[s.take_fewer, nonempty]
    take_two = gems >= 4
    # §6 at most three reserved; a face-up card or the top of a deck that still has cards.
    can_reserve = (s.reserved[seat] >= 0).sum() < T.MAX_RESERVED
    reserve = can_reserve & (s.display >= 0)
    reserve_deck = can_reserve & (deck_counts(s.in_deck) > 0)
    main = jnp.concatenate([take, take_two, reserve, reserve_deck, purchases(s, seat)])
    acting = s.phase == T.ACTION
    returns = (s.tokens[seat] > 0) & (s.phase == T.RETURNING)  # §8
    noble = visiting_nobles(s.nobles, s.bonuses[seat]) & (s.phase == T.CHOOSING_NOBLE)  # §9
    passing = acting & ~main.any()  # §12 ► ENGINE: pass only when nothing else is legal
    return jnp.concatenate([main & acting, returns, noble, passing[None]])


# -- §3–§10 one decision ---------------------------------------------------------------------------------


def winners(s: SplendorBatch) -> jax.Array:
    """§10: most prestige, then fewest purchased cards; seats still tied share the victory (bool[4])."""
    present = s.num_players > _SEATS
    cards = cards_bought(s.owner)
    at_least = (s.points[:, None] > s.points[None, :]) | ((s.points[:, None] == s.points[None, :]) & (cards[:, None] <= cards[None, :]))
    return present & (at_least | ~present[None, :]).all(axis=1)


def _final_rewards(s: SplendorBatch) -> jax.Array:
    """docs/rl.md "Rewards": ``win`` shares a victory among its winners, ``score`` is points minus the mean."""
    n = s.num_players
    present = n > _SEATS
    winner = winners(s)
    k = winner.sum()
    win = jnp.where(winner, jnp.asarray(T.WIN_REWARD)[n, k], jnp.asarray(T.LOSS_REWARD)[n])
    mean = jnp.where(present, s.points, 0).sum() / n
    score = s.points.astype(jnp.float32) - mean.astype(jnp.float32)
    return jnp.where(present, jnp.where(s.reward_mode == 0, win, score), 0.0).astype(jnp.float32)


def play(s: SplendorBatch, action: jax.Array, key: jax.Array) -> SplendorBatch:
    """Carry out a legal action (the caller checks legality): Python ``SplendorState.do``."""
    kind = jnp.asarray(T.KIND)[action]
    arg = jnp.asarray(T.ARG)[action]
    seat = s.turn
    n = s.num_players
    taking = (kind == T.TAKE) | (kind == T.TAKE_TWO)
    reserving = (kind == T.RESERVE) | (kind == T.RESERVE_DECK)
    buying = kind == T.BUY
    slot = jnp.clip(arg, 0, T.SLOTS - 1)
    from_display = (kind == T.RESERVE) | (buying & (arg < T.SLOTS))

    # The one draw a decision can need (§6, §7, §11): refill the display slot, or the blind reservation.
    tier = jnp.where(kind == T.RESERVE_DECK, arg, slot // T.DISPLAY_PER_TIER)
    drawn = jnp.where(from_display | (kind == T.RESERVE_DECK), draw(s.in_deck, tier, key), -1)
    in_deck = s.in_deck & (drawn != _CARD_IDS)
    face_up = s.display[slot]
    display = jnp.where(from_display, s.display.at[slot].set(drawn), s.display)

    # §4 §5: tokens from the supply.
    delta = jnp.concatenate([jnp.asarray(T.TAKEN)[action], jnp.zeros(1, jnp.int32)]) * taking

    # §6: the reservation, and a gold if any is left.
    reserved, blind = s.reserved[seat], s.blind[seat]
    at = jnp.minimum((reserved >= 0).sum(), T.MAX_RESERVED - 1)
    reserved = jnp.where(reserving, reserved.at[at].set(jnp.where(kind == T.RESERVE, face_up, drawn)), reserved)
    blind = jnp.where(reserving, blind.at[at].set(kind == T.RESERVE_DECK), blind)
    gold_given = reserving & (s.supply[T.GOLD] > 0)
    delta = delta.at[T.GOLD].add(gold_given.astype(jnp.int32))

    # §7: the purchase; a reserved card leaves the reserve and the later ones move up.
    r = jnp.clip(arg - T.SLOTS, 0, T.MAX_RESERVED - 1)
    from_reserve = buying & (arg >= T.SLOTS)
    card = jnp.where(from_reserve, reserved[r], face_up)
    keep = jnp.arange(T.MAX_RESERVED) + (jnp.arange(T.MAX_RESERVED) >= r)
    reserved = jnp.where(from_reserve, jnp.append(reserved, -1)[keep], reserved)
    blind = jnp.where(from_reserve, jnp.append(blind, False)[keep], blind)
    bonus = s.bonuses[seat]
    need = jnp.maximum(jnp.asarray(T.CARD_COST)[_card(card)] - bonus, 0)
    coloured = jnp.minimum(s.tokens[seat, :5], need) - jnp.asarray(T.EXTRA_GOLD)[action]
    pay = jnp.concatenate([coloured, (need - coloured).sum(keepdims=True)])
    delta = delta - pay * buying
    card_row = _card(card)
    bonus = bonus.at[jnp.asarray(T.CARD_BONUS)[jnp.minimum(card_row, T.NUM_CARDS - 1)]].add(buying.astype(jnp.int32))
    points_seat = s.points[seat] + jnp.where(buying, jnp.asarray(T.CARD_POINTS)[jnp.minimum(card_row, T.NUM_CARDS - 1)], 0)
    owner = jnp.where(buying & (card == _CARD_IDS), seat, s.owner)

    # §8: one token returned.
    returning = kind == T.RETURN
    delta = delta - (jnp.arange(6) == arg) * returning

    held = s.tokens[seat] + delta
    supply = s.supply - delta

    # §8–§9 end of turn: return down to 10 first, then at most one noble (the player chooses among several).
    over_ten = held.sum() > T.TOKEN_LIMIT
    after_action = kind <= T.BUY
    must_return = (after_action | returning) & over_ten
    visit = ((after_action | returning) & ~over_ten) | (kind == T.PASS)
    visiting = visiting_nobles(s.nobles, bonus)
    several = visiting.sum() > 1
    choosing = visit & several
    receive = (visit & (visiting.sum() == 1)) | (kind == T.NOBLE)
    noble_slot = jnp.where(kind == T.NOBLE, jnp.clip(arg, 0, T.NOBLE_SLOTS - 1), jnp.argmax(visiting))
    noble = s.nobles[noble_slot]
    nobles = jnp.where(receive, s.nobles.at[noble_slot].set(-1), s.nobles)
    noble_owner = jnp.where(receive & (jnp.arange(T.NUM_NOBLES) == noble), seat, s.noble_owner)
    points_seat = points_seat + jnp.where(receive, jnp.asarray(T.NOBLE_POINTS)[jnp.maximum(noble, 0)], 0)

    # §10 and §12: the turn ends; the round is finished once someone has 15; all passing ends the game.
    finish = (visit & ~several) | (kind == T.NOBLE)
    passes = jnp.where(finish, jnp.where(kind == T.PASS, s.passes + 1, 0), s.passes)
    final_round = s.final_round | (finish & (points_seat >= T.POINTS_TO_END))
    deadlock = finish & (passes >= n)
    over = deadlock | (finish & final_round & (seat == n - 1))
    phase = jnp.where(
        over, T.OVER, jnp.where(finish, T.ACTION, jnp.where(choosing, T.CHOOSING_NOBLE, jnp.where(must_return, T.RETURNING, s.phase)))
    )
    turn = jnp.where(finish & ~over, (seat + 1) % n, seat)

    out = s._replace(
        supply=supply,
        tokens=s.tokens.at[seat].set(held),
        bonuses=s.bonuses.at[seat].set(bonus),
        points=s.points.at[seat].set(points_seat),
        owner=owner,
        in_deck=in_deck,
        display=display,
        reserved=s.reserved.at[seat].set(reserved),
        blind=s.blind.at[seat].set(blind),
        nobles=nobles,
        noble_owner=noble_owner,
        turn=turn.astype(jnp.int32),
        phase=phase.astype(jnp.int32),
        turns_played=s.turns_played + finish,
        final_round=final_round,
        passes=passes.astype(jnp.int32),
        deadlock=s.deadlock | deadlock,
        step_count=s.step_count + 1,
    )
    return out


def settle(s: SplendorBatch) -> SplendorBatch:
    """What a learner reads after a decision: whose turn, the mask, the end and its rewards."""
    terminated = s.phase == T.OVER
    truncated = ~terminated & (s.step_limit > 0) & (s.step_count >= s.step_limit)
    return s._replace(
        current_player=jnp.where(terminated, -1, s.turn).astype(jnp.int32),
        legal_action_mask=legal_action_mask(s),
        rewards=jnp.where(terminated, _final_rewards(s), 0.0).astype(jnp.float32),
        terminated=terminated,
        truncated=truncated,
    )


def step(s: SplendorBatch, action: jax.Array, key: jax.Array) -> SplendorBatch:
    """One decision. An illegal id, or a game already over, changes nothing (``illegal`` says which)."""
    action = jnp.asarray(action, jnp.int32)
    in_range = (action >= 0) & (action < T.NUM_ACTIONS)
    safe = jnp.clip(action, 0, T.NUM_ACTIONS - 1)
    done = s.terminated | s.truncated
    legal = in_range & s.legal_action_mask[safe]
    nxt = settle(play(s, safe, key))
    live = legal & ~done
    out = jax.tree_util.tree_map(lambda a, b: jnp.where(live, a, b), nxt, s)
    return out._replace(rewards=jnp.where(live, nxt.rewards, 0.0), illegal=~legal & ~done)
