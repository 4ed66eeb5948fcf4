"""The observation tensor (Game.observation_tensor): a fixed-shape float32 vector; fields in docs/rl/stoneage.md.

Seats are rotated so the observing seat comes first; blocks of absent seats (2-3 players) stay zero, so the shape
is the same at every player count. Only what the seat may see goes in: other seats' extra cards are a count.
"""

from __future__ import annotations

import numpy as np

from .data import CARD_SLOTS, CARDS, NUM_LOCATIONS, SAND_KINDS, STACK_SIZE, TILES
from .state import FOOD, PHASES, StoneAgeState

MAX_SEATS = 4
SEAT_FIELDS = 52
BOARD_FIELDS = CARD_SLOTS * len(CARDS) + 4 * len(TILES) + 4 + 1 + 1 + len(PHASES) + 2 + (FOOD + 1) + NUM_LOCATIONS + 6 + 1 + 1 + len(CARDS)
SIZE = MAX_SEATS * SEAT_FIELDS + BOARD_FIELDS
_SAND = {k: i for i, k in enumerate(SAND_KINDS)}


def observation_tensor(state: StoneAgeState, seat: int) -> np.ndarray:
    state.check_seat(seat)
    if seat is None:
        raise ValueError("observation_tensor needs a seat")
    n = state.num_players
    x = np.zeros(SIZE, dtype=np.float32)
    for k in range(n):
        p = (seat + k) % n
        b = k * SEAT_FIELDS
        x[b] = 1.0
        x[b + 1] = state.people[p] / 10
        x[b + 2] = state.home[p] / 10 if state.phase == "place" else 0.0
        x[b + 3] = state.food[p] / 20
        x[b + 4 : b + 8] = np.array(state.res[p], dtype=np.float32) / 10
        x[b + 8] = state.agri[p] / 10
        x[b + 9] = state.score[p] / 100
        tiles = sorted(zip(state.tiles[p], state.used[p], strict=True), reverse=True)
        for i, (v, u) in enumerate(tiles):
            x[b + 10 + i] = v / 4
            x[b + 13 + i] = float(u)
        for v in state.once[p]:
            x[b + 16 + v - 2] = 1.0
        x[b + 19] = state.joker[p]
        for c in state.cards[p]:
            card = CARDS[c]
            if card.bottom == "culture":
                x[b + 20 + card.symbol] += 0.5
            else:
                x[b + 28 + _SAND[card.bottom]] += card.symbol / 10
        x[b + 32] = len(state.buildings[p]) / 10
        x[b + 33] = len(state.secret[p])
        x[b + 34 : b + 34 + NUM_LOCATIONS] = np.array(state.at[p], dtype=np.float32) / 10
        x[b + 50] = float(p == state.start)
        x[b + 51] = float(p == state.current_player)
    o = MAX_SEATS * SEAT_FIELDS
    for slot, c in enumerate(state.display):
        if c >= 0:
            x[o + slot * len(CARDS) + c] = 1.0
    o += CARD_SLOTS * len(CARDS)
    for i, t in enumerate(state.tops):
        if t >= 0:
            x[o + i * len(TILES) + t] = 1.0
    o += 4 * len(TILES)
    for i, (t, below) in enumerate(zip(state.tops, state.below, strict=True)):
        x[o + i] = ((t >= 0) + below) / STACK_SIZE
    o += 4
    x[o] = len(state.deck) / len(CARDS)
    x[o + 1] = state.round / 30
    o += 2
    x[o + PHASES.index(state.phase)] = 1.0
    o += len(PHASES)
    if state.phase == "tools":
        x[o] = state.roll_dice / 10
        x[o + 1] = state.roll_total / 60
        x[o + 2 + state.roll_target] = 1.0
    o += 2 + FOOD + 1
    if state.phase == "pay":
        x[o + state.pay_loc] = 1.0
    o += NUM_LOCATIONS
    x[o : o + 6] = np.array(state.dice, dtype=np.float32) / 4
    o += 6
    x[o] = state.feed_left / 10
    x[o + 1] = float(state.ending)
    o += 2
    for c in state.secret[seat]:
        x[o + c] = 1.0
    o += len(CARDS)
    assert o == SIZE
    return x
