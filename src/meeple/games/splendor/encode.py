"""Splendor's observation tensor: a fixed-shape float32 vector of what one seat may see.

The layout is declared once in ``FIELDS`` (name, width) and documented field by field in
docs/rl/splendor.md. Seats appear relative to the observer (the observer first, then the
next seats in turn order) and are padded to four, so one network serves every player count.
Values are scaled to roughly [0, 1] by fixed divisors from the rulebook's maxima.

Hidden information (RULES.md §13): an opponent's card reserved blind from a deck shows only
its tier and a "hidden" flag; the decks show only how many cards they hold.
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from .data import CARDS, GEMS_BY_PLAYERS, GOLD, GOLD_TOKENS, MAX_RESERVED, NOBLES, TIERS, TOKEN_LIMIT
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

_DECK_SIZES = tuple(sum(1 for c in CARDS if c.tier == t + 1) for t in range(TIERS))
_MAX_COST = 7.0
_MAX_TURNS = 100.0
_CARD_ROWS = tuple(
    (1.0, *(1.0 if c.bonus == k else 0.0 for k in range(5)), c.points / 5.0, *(x / _MAX_COST for x in c.cost)) for c in CARDS
)
_NOBLE_ROWS = tuple((1.0, *(x / 4.0 for x in n.requires)) for n in NOBLES)
_ZERO_CARD = (0.0,) * CARD_WIDTH
_ZERO_RESERVED = (0.0,) * RESERVED_WIDTH
_ZERO_PLAYER = (0.0,) * PLAYER_WIDTH


def _gold_needed(state: SplendorState, seat: int, card: int) -> float:
    """§7: the shortfall after bonuses and coloured tokens, which gold must cover (scaled)."""
    bon = state.bonuses[seat]
    tok = state.tokens[seat]
    short = 0
    for c, need in enumerate(CARDS[card].cost):
        gap = need - bon[c] - tok[c]
        if gap > 0:
            short += gap
    return short / 10.0


def encode(state: SplendorState, seat: int) -> np.ndarray:
    """The tensor for ``seat`` (see ``FIELDS``)."""
    state.check_seat(seat)
    if seat is None:
        raise ValueError("the observation tensor is for a seat (0-based), not for a spectator")
    n = state.num_players
    out: list[float] = []
    out += [1.0 if n == k else 0.0 for k in (2, 3, 4)]
    out += [1.0 if state.phase == p else 0.0 for p in PHASES]
    over = sum(state.tokens[state.turn]) - TOKEN_LIMIT if state.phase == RETURNING else 0
    out.append(over / 3.0)
    out.append(1.0 if state.final_round else 0.0)
    out.append(state.passes / MAX_SEATS)
    out.append(min(state.turns_played / _MAX_TURNS, 1.0))
    gems = GEMS_BY_PLAYERS[n]
    out += [state.supply[k] / (GOLD_TOKENS if k == GOLD else gems) for k in range(6)]
    out += [len(state.decks[t]) / _DECK_SIZES[t] for t in range(TIERS)]
    # Display cards carry the observer's own gold shortfall: what matters for deciding to buy.
    for cid in state.display:
        out += (*_CARD_ROWS[cid], _gold_needed(state, seat, cid)) if cid >= 0 else _ZERO_CARD
    for slot in range(A.MAX_NOBLE_SLOTS):
        noble = state.nobles[slot] if slot < len(state.nobles) else -1
        out += _NOBLE_ROWS[noble] if noble >= 0 else (0.0,) * NOBLE_WIDTH
    for rel in range(MAX_SEATS):
        if rel >= n:
            out += _ZERO_PLAYER
            continue
        p = (seat + rel) % n
        out.append(1.0)
        out.append(1.0 if state.current_player == p else 0.0)
        out += [state.tokens[p][k] / (GOLD_TOKENS if k == GOLD else gems) for k in range(6)]
        out += [b / _MAX_COST for b in state.bonuses[p]]
        out.append(state.points[p] / 15.0)
        out.append(len(state.bought[p]) / 20.0)
        out.append(len(state.nobles_won[p]) / 3.0)
        reserved = state.reserved[p]
        for i in range(MAX_RESERVED):
            if i >= len(reserved):
                out += _ZERO_RESERVED
                continue
            cid = reserved[i]
            tier = [1.0 if CARDS[cid].tier == t + 1 else 0.0 for t in range(TIERS)]
            if state.blind[p][i] and p != seat:
                out += (1.0, *(0.0,) * (CARD_WIDTH - 1), 1.0, *tier)
            else:
                out += (*_CARD_ROWS[cid], _gold_needed(state, p, cid), 0.0, *tier)
    return np.asarray(out, dtype=np.float32)


def field_slices() -> dict[str, slice]:
    """Where each top-level field lies in the tensor."""
    slices: dict[str, slice] = {}
    at = 0
    for name, width in FIELDS:
        slices[name] = slice(at, at + width)
        at += width
    return slices
