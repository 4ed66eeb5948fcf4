"""Splendor's fixed facts as arrays: cards, nobles, the action id space, and the tensor's scales.

Everything here is read from the Python engine's data and action table
(``meeple.games.splendor``), so ids, card numbers and costs are the same in both engines by
construction. Plain numpy: the kernels turn them into constants when they are traced.

Every float the observation tensor holds is looked up in a float32 table built here with the
Python engine's own float64 arithmetic, so the two tensors agree bit for bit instead of
differing in the last place where float32 division would round differently.
"""

from __future__ import annotations

import numpy as np

from meeple.games.splendor import actions as A
from meeple.games.splendor import data as D
from meeple.games.splendor import encode as E
from meeple.games.splendor.data import CARDS, CARDS_BY_TIER, GEMS_BY_PLAYERS, GOLD_TOKENS, NOBLES, TIERS

MAX_SEATS = 4
NUM_CARDS = len(CARDS)
NUM_NOBLES = len(NOBLES)
SLOTS = A.DISPLAY_SLOTS
NOBLE_SLOTS = A.MAX_NOBLE_SLOTS
NUM_ACTIONS = A.NUM_ACTIONS
OBS_SIZE = E.SIZE
NUM_PATTERNS = len(A.GOLD_PATTERNS)
SOURCES = A.BUY_SOURCES

# Phases, numbered as in the tensor's one-hot (encode.PHASES): the action, returning tokens (§8), a noble (§9), over.
ACTION, RETURNING, CHOOSING_NOBLE, OVER = range(4)
PHASE_NAMES = E.PHASES

# Option values as small integers, in the order of Splendor.option_choices.
TAKE_FEWER = ("only_when_forced", "never", "always")
PAYMENT = ("choose", "minimal_gold")

DISPLAY_PER_TIER = D.DISPLAY_PER_TIER
MAX_RESERVED = D.MAX_RESERVED
TOKEN_LIMIT = D.TOKEN_LIMIT
POINTS_TO_END = D.POINTS_TO_END
GOLD = D.GOLD

# -- cards and nobles ---------------------------------------------------------------------------

CARD_TIER = np.array([c.tier - 1 for c in CARDS], np.int32)
CARD_BONUS = np.array([c.bonus for c in CARDS], np.int32)
CARD_POINTS = np.array([c.points for c in CARDS], np.int32)
# Row NUM_CARDS is "no card" (an id of -1 is looked up there): no cost.
CARD_COST = np.array([c.cost for c in CARDS] + [(0,) * 5], np.int32)
TIER_CARDS = tuple(np.array(ids, np.int32) for ids in CARDS_BY_TIER)
TIER_SIZE = np.array([len(ids) for ids in CARDS_BY_TIER], np.int32)
NOBLE_REQ = np.array([n.requires for n in NOBLES], np.int32)
NOBLE_POINTS = np.array([n.points for n in NOBLES], np.int32)

# -- the action id space (docs/rl/splendor.md "Action ids") ---------------------------------------

KIND = np.array([a.kind for a in A.ACTIONS], np.int32)
TAKE, TAKE_TWO, RESERVE, RESERVE_DECK, BUY, RETURN, NOBLE, PASS = (
    A.TAKE, A.TAKE_TWO, A.RESERVE, A.RESERVE_DECK, A.BUY, A.RETURN, A.NOBLE, A.PASS,
)  # fmt: skip
# ARG: the colour of TAKE_TWO, the slot of RESERVE, the tier of RESERVE_DECK, the source of BUY,
# the token of RETURN, the noble slot of NOBLE; 0 where the action has no single argument.
ARG = np.array([a.arg if isinstance(a.arg, int) else 0 for a in A.ACTIONS], np.int32)
# Tokens an action takes from the supply, per colour (both kinds of take).
TAKEN = np.zeros((NUM_ACTIONS, 5), np.int32)
for _a in A.ACTIONS:
    if _a.kind == A.TAKE:
        TAKEN[_a.id, list(_a.arg)] = 1  # type: ignore[arg-type]
    elif _a.kind == A.TAKE_TWO:
        TAKEN[_a.id, _a.arg] = 2
EXTRA_GOLD = np.array([a.gold for a in A.ACTIONS], np.int32)
PATTERNS = np.array(A.GOLD_PATTERNS, np.int32)
PATTERN_SUM = PATTERNS.sum(axis=1)
TAKE_IDS = np.array([a.id for a in A.ACTIONS if a.kind == A.TAKE], np.int32)
TAKE_TWO_BASE = A.TAKE_TWO_BASE
RESERVE_BASE = A.RESERVE_BASE
RESERVE_DECK_BASE = A.RESERVE_DECK_BASE
BUY_BASE = A.BUY_BASE
RETURN_BASE = A.RETURN_BASE
NOBLE_BASE = A.NOBLE_BASE
PASS_ID = A.PASS_ACTION.id


def _take_different_table() -> np.ndarray:
    """[take_fewer][colours with tokens, as a bit mask][the 25 'take different' actions]: legal or not.

    §4: three different colours; docs/rules/splendor.md option ``take_fewer`` says when
    fewer may be taken: "only_when_forced" min(3, available) colours, "never" exactly three,
    "always" one, two or three.
    """
    table = np.zeros((len(TAKE_FEWER), 32, len(TAKE_IDS)), bool)
    for mode, rule in enumerate(TAKE_FEWER):
        for mask in range(32):
            available = {c for c in range(5) if mask >> c & 1}
            sizes = {"never": (3,), "always": (1, 2, 3), "only_when_forced": (min(3, len(available)),)}[rule]
            for j, action_id in enumerate(TAKE_IDS):
                colours = A.ACTIONS[action_id].arg
                table[mode, mask, j] = len(colours) in sizes and set(colours) <= available  # type: ignore[arg-type]
    return table


TAKE_DIFFERENT_OK = _take_different_table()

# -- the observation tensor's float tables (encode.py, docs/rl/splendor.md) ----------------------------


def _f32(values: list[float]) -> np.ndarray:
    return np.array(values, np.float32)


CARD_ROWS = _f32([list(r) for r in E._CARD_ROWS] + [[0.0] * 12])  # 12 values: present, bonus, points, cost
SHOWN_TAILS = _f32([list(r) for r in E._SHOWN_TAILS] + [[0.0] * 4])  # not hidden, tier one-hot
HIDDEN_ROWS = _f32([list(r) for r in E._HIDDEN_ROWS] + [[0.0] * 17])
NOBLE_ROWS = _f32([list(r) for r in E._NOBLE_ROWS] + [[0.0] * 6])
# Scaled counts, indexed by the count (clipped to the table's last entry where a count can grow).
GOLD_NEEDED = _f32([k / 10.0 for k in range(40)])
TO_RETURN = _f32([k / 3.0 for k in range(8)])
PASSES = _f32([k / MAX_SEATS for k in range(MAX_SEATS + 1)])
TURNS = _f32([min(k / 100.0, 1.0) for k in range(101)])
# TOKEN_SCALE[players][count]: gems ÷ the starting count; gold has its own row (÷5).
GEM_SCALE = np.zeros((MAX_SEATS + 1, 8), np.float32)
for _n, _gems in GEMS_BY_PLAYERS.items():
    GEM_SCALE[_n] = _f32([k / float(_gems) for k in range(8)])
GOLD_SCALE = _f32([k / float(GOLD_TOKENS) for k in range(8)])
DECK_SCALE = np.zeros((TIERS, 41), np.float32)
for _t in range(TIERS):
    DECK_SCALE[_t] = _f32([k / float(TIER_SIZE[_t]) for k in range(41)])
BONUS_SCALE = _f32([k / 7.0 for k in range(NUM_CARDS + 1)])
POINTS_SCALE = _f32([k / 15.0 for k in range(256)])
CARDS_SCALE = _f32([k / 20.0 for k in range(NUM_CARDS + 1)])
NOBLES_SCALE = _f32([k / 3.0 for k in range(NUM_NOBLES + 1)])
PLAYERS_ONE_HOT = np.zeros((MAX_SEATS + 1, 3), np.float32)
for _n in (2, 3, 4):
    PLAYERS_ONE_HOT[_n, _n - 2] = 1.0

# The rules kernel builds the mask by concatenating the kinds in id order; the Python table must agree.
_LAYOUT = (TAKE_TWO_BASE, RESERVE_BASE, RESERVE_DECK_BASE, BUY_BASE, RETURN_BASE, NOBLE_BASE, PASS_ID, NUM_ACTIONS)
if _LAYOUT != (25, 30, 42, 45, 45 + SOURCES * NUM_PATTERNS, 3831, 3836, 3837):  # pragma: no cover - the Python ids changed
    raise RuntimeError("meeple.batched.splendor: the Python engine's action id layout changed; update the batched kernel")

# Win rewards (docs/rl.md "Rewards", envs.common.final_rewards): WIN_REWARD[players][winners], LOSS_REWARD[players].
WIN_REWARD = np.zeros((MAX_SEATS + 1, MAX_SEATS + 1), np.float32)
LOSS_REWARD = np.zeros(MAX_SEATS + 1, np.float32)
for _n in (2, 3, 4):
    LOSS_REWARD[_n] = -1.0 / (_n - 1)
    for _k in range(1, _n + 1):
        WIN_REWARD[_n, _k] = (_n / _k - 1.0) / (_n - 1)
GEMS = np.array([GEMS_BY_PLAYERS.get(n, 0) for n in range(MAX_SEATS + 1)], np.int32)
REWARD_MODES = ("win", "score")

# -- gold patterns as bit sets: 252 patterns in 8 words of 32 bits ----------------------------------------------
# A pattern (extra gold per colour) may be paid iff it uses at most the spare gold and, colour by colour, replaces
# at most the tokens the purchase spends (§7 ► ENGINE, docs/rules/splendor.md). Each colour's bound clipped to 5 (no pattern has
# more) picks one precomputed set, and the sets are ANDed: a few dozen word operations per card instead of a
# comparison per pattern and colour.
PATTERN_WORDS = (NUM_PATTERNS + 31) // 32


def _bits(members: np.ndarray) -> np.ndarray:
    words = np.zeros(PATTERN_WORDS, np.uint32)
    for i in np.flatnonzero(members):
        words[i // 32] |= np.uint32(1 << (i % 32))
    return words


FIT_BITS = np.stack([np.stack([_bits(PATTERNS[:, c] <= v) for v in range(6)]) for c in range(5)])  # [colour, bound, word]
SPARE_BITS = np.stack([_bits(spare >= PATTERN_SUM) for spare in range(6)])  # [spare gold, word]
DEFAULT_BITS = _bits(np.arange(NUM_PATTERNS) == 0)
