"""Scythe's heuristic evaluation and observation tensor (docs/rl/scythe.md lists every field).

The tensor is the seat's own view: players are listed from the seat onwards in turn order (relative seats), and
it reads only what ``observation(seat)`` shows, so determinizing hidden information never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import data as D
from .data import CHAR, NUM_SPACES, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

MAX_SEATS = 5
_R = len(D.RESOURCES)
SPACE_FEATURES = _R + 1 + MAX_SEATS * 7  # resources, encounter token, per relative seat: char, mechs, workers, 4 structures
PLAYER_FEATURES = 1 + 5 + 5 + 2 + len(D.STAR_KINDS) + 1 + 6 + 4 + 4 + 4 + 4 + 5 + 1 + 1
OWN_FEATURES = 1 + 4 + 2 + len(D.OBJECTIVES) + len(D.FACTORY_CARDS)
N_PHASES = 18
TURN_FEATURES = N_PHASES + MAX_SEATS + 5 + 2 + 3 + NUM_SPACES + 1 + _R + 1 + 1 + 1 + 1 + _R + len(D.BONUS_TILES)
#: combat: in a combat, observer attacks, observer defends, attacker and defender (relative seat one-hot), the
#: combat space, pending combat spaces, own dial, own tucked cards per value, the other side has chosen, card cap
COMBAT_FEATURES = 3 + 2 * MAX_SEATS + 2 * NUM_SPACES + 1 + 4 + 1 + 1
#: cards: encounter card one-hot, options taken, gain kind one-hot, gain left, Factory cards left, cards seen
CARD_FEATURES = len(D.ENCOUNTER_CARDS) + 3 + 17 + 1 + 1 + len(D.FACTORY_CARDS)
SIZE = NUM_SPACES * SPACE_FEATURES + MAX_SEATS * PLAYER_FEATURES + OWN_FEATURES + TURN_FEATURES + COMBAT_FEATURES + CARD_FEATURES


def relative_seats(s: ScytheState, seat: int) -> list[int]:
    """Seats in turn order starting with ``seat``."""
    i = s.order.index(seat)
    return s.order[i:] + s.order[:i]


def observation_tensor(s: ScytheState, seat: int) -> np.ndarray:
    from .state import PHASES, UNIT
    from .views import held

    s.check_seat(seat)
    out = np.zeros(SIZE, dtype=np.float32)
    seats = relative_seats(s, seat)
    if s.automa is not None:
        seats.append(1)  # the solo game's Automa as the next relative seat
    rel = {p: i for i, p in enumerate(seats)}
    # board
    for h in range(NUM_SPACES):
        base = h * SPACE_FEATURES
        for r in range(_R):
            out[base + r] = s.res[h * _R + r] / 8.0
        out[base + _R] = 1.0 if h in s.tokens else 0.0
    for p in seats:
        off = _R + 1 + rel[p] * 7
        units = s.pos[p]
        for slot, h in enumerate(units):
            if h < 0:
                continue
            if slot == CHAR:
                out[h * SPACE_FEATURES + off] = 1.0
            elif slot < WORKER0:
                out[h * SPACE_FEATURES + off + 1] += 0.25
            else:
                out[h * SPACE_FEATURES + off + 2] += 0.125
        for k, h in enumerate(s.struct_hex[p]):
            if h >= 0:
                out[h * SPACE_FEATURES + off + 3 + k] = 1.0
    # players
    pbase = NUM_SPACES * SPACE_FEATURES
    for p in seats:
        i = pbase + rel[p] * PLAYER_FEATURES
        v: list[float] = [1.0]
        v += [1.0 if s.faction[p] == f else 0.0 for f in range(5)]
        v += [1.0 if p < len(s.mat) and s.mat[p] == m else 0.0 for m in range(5)]
        v += [s.power[p] / D.MAX_POWER, s.pop[p] / D.MAX_POPULARITY]
        v += [x / 2.0 for x in s.stars[p][: len(D.STAR_KINDS)]]
        v += [held(s, p) / 10.0]  # tucked combat cards count as held until the reveal
        if p < len(s.mat):
            v += [0.0 if s.top_cubes[p] >> k & 1 else 1.0 for k in range(6)]
        else:  # the Automa has no mat: its six upgrade features hold its star tracker instead
            a = s.automa
            v += [s.stars[p][-1] / 6.0, a.cube / 24.0, float(a.scheme == 2), float(s.rivers_ok()), a.turns / 100.0, 0.0]
        v += [c / 3.0 for c in s.bottom_cubes[p]]
        v += [float(s.recruits[p] >> k & 1) for k in range(4)]
        v += [float(s.bonuses[p] >> k & 1) for k in range(4)]
        v += [float(s.abil[p] >> k & 1) for k in range(4)]
        v += [1.0 if s.last_section[p] == c else 0.0 for c in range(5)]
        v += [1.0 if s.factory_card[p] >= 0 else 0.0]
        v += [sum(1 for h in s.pos[p][WORKER0:] if h < 0) / 8.0]
        out[i : i + PLAYER_FEATURES] = v
    # the seat's own hidden information
    obase = pbase + MAX_SEATS * PLAYER_FEATURES
    own = [s.coins[seat] / 50.0] + [c / 5.0 for c in s.hand[seat]] + [len(s.objectives[seat]) / 2.0, float(s.coercion_used)]
    own += [1.0 if c in s.objectives[seat] else 0.0 for c in D.OBJECTIVES]
    own += [1.0 if s.factory_card[seat] == c else 0.0 for c in D.FACTORY_CARDS]
    out[obase : obase + OWN_FEATURES] = own
    # the turn in progress
    t = obase + OWN_FEATURES
    cur = s.current_player
    # the solo game's resource placement (phase "place", the last) shows as a gain: the size stays the same
    phase = "gain" if s.phase == "place" else s.phase
    v = [1.0 if phase == ph else 0.0 for ph in PHASES[:N_PHASES]]
    v += [1.0 if cur is not None and rel[cur] == i else 0.0 for i in range(MAX_SEATS)]
    v += [1.0 if s.section == c else 0.0 for c in range(5)]
    v += [s.moves_left / 3.0, bin(s.moved).count("1") / 5.0]
    kind = -1 if s.active < 0 else 0 if s.active == CHAR else 1 if s.active < WORKER0 else 2
    v += [1.0 if kind == k else 0.0 for k in range(3)]
    where = [0.0] * NUM_SPACES
    if s.phase == UNIT and cur is not None:
        where[s.pos[cur][s.active]] = 1.0
    v += where
    v += [s.steps / 2.0]
    v += [c / 4.0 for c in s.cargo]
    v += [len(s.cargo_workers) / 8.0, s.trade_left / 2.0, len(s.produced) / 3.0, s.to_pay / 4.0]
    v += [1.0 if s.pay_res == r else 0.0 for r in range(_R)]
    v += [1.0 if s.bonus_tile == k else 0.0 for k in range(len(D.BONUS_TILES))]
    out[t : t + TURN_FEATURES] = v
    t += TURN_FEATURES
    out[t : t + COMBAT_FEATURES] = combat_features(s, seat, rel)
    t += COMBAT_FEATURES
    out[t : t + CARD_FEATURES] = card_features(s, seat)
    return out


def combat_features(s: ScytheState, seat: int, rel: dict[int, int]) -> list[float]:
    """What the observer knows of the combat: its own secret choice, and only whether the other side has chosen."""
    v = [0.0] * COMBAT_FEATURES
    pending = 3 + 2 * MAX_SEATS + NUM_SPACES
    for h in s.pending_combats:
        v[pending + h] = 1.0
    if s.combat_at < 0:
        return v
    sides = s.sides()
    v[0] = 1.0
    v[1] = float(sides[0] == seat)
    v[2] = float(sides[1] == seat)
    v[3 + rel[sides[0]]] = 1.0
    v[3 + MAX_SEATS + rel[sides[1]]] = 1.0
    v[3 + 2 * MAX_SEATS + s.combat_at] = 1.0
    i = pending + NUM_SPACES
    if seat in sides:
        role = sides.index(seat)
        v[i] = max(s.dial[role], 0) / 7.0
        for k in range(4):
            v[i + 1 + k] = s.played[role][k] / 4.0
        v[i + 5] = float(s.cstage > 3 - role)  # the other side has chosen
        v[i + 6] = s.card_cap(seat) / 6.0
    return v


def card_features(s: ScytheState, seat: int) -> list[float]:
    from .cards import GAIN_TYPES

    v = [1.0 if s.encounter_card == c else 0.0 for c in D.ENCOUNTER_CARDS]
    v += [float(s.meander >> i & 1) for i in range(3)]
    v += [1.0 if s.gain_kind == k else 0.0 for k in range(len(GAIN_TYPES))]
    v += [s.gain_left / 5.0, len(s.factory) / 6.0]
    seen = s.factory_seen >> seat & 1
    v += [1.0 if seen and c in s.factory else 0.0 for c in D.FACTORY_CARDS]
    return v
