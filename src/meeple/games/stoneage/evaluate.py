"""A heuristic value per seat (Game.evaluate): what a position is likely worth at the end, in points.

It adds, per seat, the running score, the final scoring the seat would get now, and estimates of what its engine
(agriculture, tools, people, resources) will still bring in the rounds left, minus the starvation it risks.
It reads the full state, but only what the seat's opponents could also see about it, apart from its own
extra cards, which it counts for their owner as the final scoring would.
"""

from __future__ import annotations

from .data import VALUES
from .state import FEED, OVER, StoneAgeState

#: Rough exchange rates, tuned by hand: one food is worth half a point, a building scores about its cost.
FOOD_POINT = 0.5
BUILD_RATE = 0.8


def rounds_left(state: StoneAgeState) -> float:
    """An estimate: cards go at about 2.5 a round, a stack at about one tile every 1.5 rounds."""
    if state.ending:
        return 0.0
    by_cards = len(state.deck) / 2.5 + 1
    sizes = [(t >= 0) + b for t, b in zip(state.tops, state.below, strict=True)]
    by_tiles = min(sizes) * 1.5 if sizes else by_cards
    return max(0.0, min(by_cards, by_tiles))


def seat_value(state: StoneAgeState, seat: int, left: float) -> float:
    final = state.final_scoring(seat)
    value = float(state.score[seat] + sum(final.values()))
    res = state.res[seat]
    # Resources are worth their building value while buildings can still be bought; leftover points count already.
    if left > 0:
        value += sum((BUILD_RATE * v - 1.0) * n for v, n in zip(VALUES, res, strict=True)) * min(1.0, left / 2)
    people, agri = state.people[seat], state.agri[seat]
    # Engine: agriculture feeds every round, tools add to rolls, people place more.
    value += left * (agri * FOOD_POINT * 2 + sum(state.tiles[seat]) * 0.4 + (people - 5) * 2.0)
    value += 2.0 * (sum(state.once[seat]) / 2 + 2 * state.joker[seat]) * (left > 0)
    # Food security: rounds of shortfall the food in hand cannot cover risk −10 each (hunting helps: half of it);
    # under the house rule starvation="per_missing_food" that is −10 for each food short, so it scales by the deficit.
    deficit = max(0, people - agri)
    food = state.food[seat]
    hunger = 0.0
    if state.phase == FEED and state.per_missing_food and not_fed_yet(state, seat):
        # Compare feeding states as if this round's meal were eaten (see pending_hunger).
        hunger = pending_hunger(state, seat)
        food = max(0, food + agri - people)
    if deficit and left > 0:
        covered = food / deficit
        risk = 5.0 * (deficit if state.per_missing_food else 1)
        value -= risk * max(0.0, min(left, 3.0) - covered)
    else:
        value += food * 0.1
    return value - hunger


def not_fed_yet(state: StoneAgeState, seat: int) -> bool:
    n = state.num_players
    return (seat - state.start) % n >= (state.turn - state.start) % n


def pending_hunger(state: StoneAgeState, seat: int) -> float:
    """Under starvation="per_missing_food", what the food a seat has still to find this round will cost it.

    Without it a one-ply search compares states at different points of the feeding (one seat still paying, the next
    already penalised) and prefers `starve` with resources in hand. Each missing food costs a resource (about 3
    points) while they last, then 10 points.
    """
    missing = state.feed_left if seat == state.turn else max(0, state.people[seat] - state.food[seat] - state.agri[seat])
    payable = min(missing, sum(state.res[seat]) + 2 * state.joker[seat])
    return 10.0 * (missing - payable) + 3.0 * payable


def evaluate(state: StoneAgeState) -> list[float]:
    n = state.num_players
    if state.phase == OVER:
        return [float(state.score[s]) + state.tie_break(s) / 100 for s in range(n)]
    left = rounds_left(state)
    return [seat_value(state, s, left) for s in range(n)]
