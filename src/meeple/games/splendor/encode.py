"""Splendor's observation tensor: a fixed-shape float32 vector of what one seat may see.

The layout is declared once in ``FIELDS`` (name, width) and documented field by field in
docs/rl/splendor.md. Seats appear relative to the observer (the observer first, then the
next seats in turn order) and are padded to four, so one network serves every player count.
Values are scaled to roughly [0, 1] by fixed divisors from the rulebook's maxima.

Hidden information (§13): an opponent's card reserved blind from a deck shows only
its tier and a "hidden" flag; the decks show only how many cards they hold.
"""

from __future__ import annotations

from array import array

import numpy as np

from . import actions as A
from .data import CARDS, GEMS_BY_PLAYERS, GOLD_TOKENS, MAX_RESERVED, NOBLES, TIERS, TOKEN_LIMIT
from .state import ACTION, CHOOSING_NOBLE, OVER, RETURNING, SplendorState

MAX_SEATS = 4
PHASES = (ACTION, RETURNING, CHOOSING_NOBLE, OVER)

#: One card as seen on the table: present, bonus colour (one-hot), points, cost, and the
#: shortfall the card's viewer-relevant buyer would pay in gold.
CARD_FIELDS: tuple[tuple[str, int], ...] = (("present", 1), ("bonus", 5), ("points", 1), ("cost", 5), ("gold_needed", 1))
CARD_WIDTH = sum(w for _, w in CARD_FIELDS)
#: A reserved card adds whether it is hidden and its tier (known even when hidden).
RESERVED_WIDTH = CARD_WIDTH + 1 + TIERS
NOBLE_WIDTH = 1 + 5
PLAYER_FIELDS: tuple[tuple[str, int], ...] = (
    ("present", 1),
    ("to_move", 1),
    ("tokens", 6),
    ("bonuses", 5),
    ("points", 1),
    ("cards_bought", 1),
    ("nobles_won", 1),
    ("reserved", MAX_RESERVED * RESERVED_WIDTH),
)
PLAYER_WIDTH = sum(w for _, w in PLAYER_FIELDS)

#: The whole tensor, in order.
FIELDS: tuple[tuple[str, int], ...] = (
    ("players_count", 3),  # one-hot: 2, 3, 4 players
    ("phase", len(PHASES)),  # one-hot
    ("to_return", 1),
    ("final_round", 1),
    ("passes", 1),
    ("turns_played", 1),
    ("supply", 6),
    ("decks", TIERS),
    ("display", A.DISPLAY_SLOTS * CARD_WIDTH),
    ("nobles", A.MAX_NOBLE_SLOTS * NOBLE_WIDTH),
    ("players", MAX_SEATS * PLAYER_WIDTH),
)
SIZE = sum(w for _, w in FIELDS)

_DECK_SIZES = tuple(float(sum(1 for c in CARDS if c.tier == t + 1)) for t in range(TIERS))
_MAX_COST = 7.0
_MAX_TURNS = 100.0
_CARD_ROWS = tuple(
    (1.0, *(1.0 if c.bonus == k else 0.0 for k in range(5)), c.points / 5.0, *(x / _MAX_COST for x in c.cost)) for c in CARDS
)
_NOBLE_ROWS = tuple((1.0, *(x / 4.0 for x in n.requires)) for n in NOBLES)
_COSTS = tuple(c.cost for c in CARDS)
_TIER_ONE_HOT = tuple(tuple(1.0 if c.tier == t + 1 else 0.0 for t in range(TIERS)) for c in CARDS)
#: A reserved card's tail after ``gold_needed``: not hidden, then its tier.
_SHOWN_TAILS = tuple((0.0, *tier) for tier in _TIER_ONE_HOT)
#: An opponent's blind reservation: present, zeros, hidden, tier.
_HIDDEN_ROWS = tuple((1.0, *(0.0,) * (CARD_WIDTH - 1), 1.0, *tier) for tier in _TIER_ONE_HOT)
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_SCALES = {n: (float(GEMS_BY_PLAYERS[n]),) * 5 + (float(GOLD_TOKENS),) for n in GEMS_BY_PLAYERS}
_ZERO_NOBLE = (0.0,) * NOBLE_WIDTH
_ZERO_CARD = (0.0,) * CARD_WIDTH
_ZERO_RESERVED = (0.0,) * RESERVED_WIDTH
_ZERO_PLAYER = (0.0,) * PLAYER_WIDTH


def _gold_needed(cost: tuple[int, ...], have: tuple[int, ...]) -> float:
    """§7: the shortfall after bonuses and coloured tokens (``have``), which gold must cover (scaled)."""
    c0, c1, c2, c3, c4 = cost
    h0, h1, h2, h3, h4 = have
    return (
        (c0 - h0 if c0 > h0 else 0)
        + (c1 - h1 if c1 > h1 else 0)
        + (c2 - h2 if c2 > h2 else 0)
        + (c3 - h3 if c3 > h3 else 0)
        + (c4 - h4 if c4 > h4 else 0)
    ) / 10.0


def encode(state: SplendorState, seat: int) -> np.ndarray:
    """The tensor for ``seat`` (see ``FIELDS``)."""
    n = state.num_players
    if seat is None or isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"the observation tensor is for a seat in 0..{n - 1}, got {seat!r}")
    phase = state.phase
    out: list[float] = [0.0] * 7
    out[n - 2] = 1.0
    out[3 + _PHASE_INDEX[phase]] = 1.0
    out.append((sum(state.tokens[state.turn]) - TOKEN_LIMIT) / 3.0 if phase == RETURNING else 0.0)
    out.append(1.0 if state.final_round else 0.0)
    out.append(state.passes / MAX_SEATS)
    out.append(min(state.turns_played / _MAX_TURNS, 1.0))
    scale = _SCALES[n]
    out += [x / d for x, d in zip(state.supply, scale, strict=True)]
    out += [len(d) / s for d, s in zip(state.decks, _DECK_SIZES, strict=True)]
    have = [tuple(b + t for b, t in zip(state.bonuses[p], state.tokens[p], strict=False)) for p in range(n)]
    # Display cards carry the observer's own gold shortfall: what matters for deciding to buy.
    mine = have[seat]
    for cid in state.display:
        if cid >= 0:
            out += _CARD_ROWS[cid]
            out.append(_gold_needed(_COSTS[cid], mine))
        else:
            out += _ZERO_CARD
    nobles = state.nobles
    for slot in range(A.MAX_NOBLE_SLOTS):
        noble = nobles[slot] if slot < len(nobles) else -1
        out += _NOBLE_ROWS[noble] if noble >= 0 else _ZERO_NOBLE
    current = state.current_player
    for rel in range(n):
        p = (seat + rel) % n
        out.append(1.0)
        out.append(1.0 if current == p else 0.0)
        out += [x / d for x, d in zip(state.tokens[p], scale, strict=True)]
        out += [b / _MAX_COST for b in state.bonuses[p]]
        out.append(state.points[p] / 15.0)
        out.append(len(state.bought[p]) / 20.0)
        out.append(len(state.nobles_won[p]) / 3.0)
        reserved = state.reserved[p]
        blind = state.blind[p]
        for i, cid in enumerate(reserved):
            if blind[i] and p != seat:  # §13: only that a card is there, hidden, and its tier
                out += _HIDDEN_ROWS[cid]
            else:
                out += _CARD_ROWS[cid]
                out.append(_gold_needed(_COSTS[cid], have[p]))
                out += _SHOWN_TAILS[cid]
        out += _ZERO_RESERVED * (MAX_RESERVED - len(reserved))
    out += _ZERO_PLAYER * (MAX_SEATS - n)
    # array('f') packs Python floats twice as fast as np.array does; the result is a writable float32 array.
    return np.frombuffer(array("f", out), dtype=np.float32)


def field_slices() -> dict[str, slice]:
    """Where each top-level field lies in the tensor."""
    slices: dict[str, slice] = {}
    at = 0
    for name, width in FIELDS:
        slices[name] = slice(at, at + width)
        at += width
    return slices
