"""Splendor's heuristic evaluation (``Splendor.evaluate``) for greedy play and truncated search.

Measured in prestige points, so a value reads as "about this many points": the points held, plus
what the position is worth toward more of them — bonuses (permanent discounts), tokens, progress
toward the nobles on the table and toward the best cards within reach (the seat's own reserves and
the display). It reads the whole state, so search agents call it on determinized states only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CARDS, GOLD, NOBLES, POINTS_TO_END, TOKEN_LIMIT

_COST = tuple(c.cost for c in CARDS)
_POINTS = tuple(c.points for c in CARDS)
_REQ = tuple(n.requires for n in NOBLES)
_REQ_TOTAL = tuple(sum(r) for r in _REQ)
_NOBLE_POINTS = tuple(n.points for n in NOBLES)

#: Weights, in points. A bonus is worth most early, when many purchases lie ahead.
BONUS_EARLY, BONUS_LATE = 1.0, 0.5
TOKEN, GOLD_TOKEN = 0.1, 0.2
OVER_LIMIT = 0.5
NOBLE = 0.6  # times the noble's points, times progress cubed: nobles count once nearly earned
RESERVED = 0.45  # times a reserved card's (points + 1), times how close it is
RESERVE_SLOT = 0.3  # a reserve slot filled with a card out of reach blocks the seat (at most 3)
DISPLAY = 0.25  # the best display card within reach, same measure
WIN = 50.0

if TYPE_CHECKING:
    from .state import SplendorState


def shortfall(cost: tuple[int, ...], bonus: list[int], tokens: list[int]) -> int:
    """Tokens still missing to buy a card, after bonuses, coloured tokens and gold."""
    short = 0
    for c in range(5):
        need = cost[c] - bonus[c] - tokens[c]
        if need > 0:
            short += need
    return max(0, short - tokens[GOLD])


def closeness(short: int) -> float:
    """1 for a card affordable now, falling quickly with each missing token."""
    return 1.0 / (1.0 + 0.5 * short) ** 2


def evaluate(state: SplendorState) -> list[float]:
    """The value of ``state`` for each seat (higher is better), in about prestige points."""
    n = state.num_players
    lead = max(state.points)
    progress = min(1.0, lead / POINTS_TO_END)
    bonus_weight = BONUS_EARLY + (BONUS_LATE - BONUS_EARLY) * progress
    nobles = [x for x in state.nobles if x >= 0]
    display = [cid for cid in state.display if cid >= 0]
    result = state.result() if state.is_over else None
    values = []
    for p in range(n):
        bonus = state.bonuses[p]
        tokens = state.tokens[p]
        value = float(state.points[p])
        value += bonus_weight * sum(bonus)
        value += TOKEN * sum(tokens[:5]) + GOLD_TOKEN * tokens[GOLD]
        # Mid-turn a seat may hold more than 10 (§8); the excess goes back, so it is worth less than nothing.
        value -= OVER_LIMIT * max(0, sum(tokens) - TOKEN_LIMIT)
        for x in nobles:
            met = sum(min(b, r) for b, r in zip(bonus, _REQ[x], strict=False))
            value += NOBLE * _NOBLE_POINTS[x] * (met / _REQ_TOTAL[x]) ** 3
        for cid in state.reserved[p]:
            value += RESERVED * (_POINTS[cid] + 1) * closeness(shortfall(_COST[cid], bonus, tokens)) - RESERVE_SLOT
        best = 0.0
        for cid in display:
            best = max(best, (_POINTS[cid] + 1) * closeness(shortfall(_COST[cid], bonus, tokens)))
        value += DISPLAY * best
        if result is not None and result.ranks[p] == 1:
            value += WIN
        values.append(value)
    return values
