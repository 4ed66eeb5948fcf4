"""Python positions into a batch: ``SplendorEnv.from_states`` (the bridge the exactness tests stand on)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from meeple.core.chance import is_chance
from meeple.core.rng import Rng
from meeple.games.splendor.state import SplendorState

from . import tables as T

_PHASE = {name: i for i, name in enumerate(T.PHASE_NAMES)}


def position_arrays(state: SplendorState, reward_mode: int, step_limit: int) -> dict[str, np.ndarray]:
    """One Python state as the batched fields (numpy, no batch axis), ``legal_action_mask`` still to compute."""
    if not isinstance(state, SplendorState):
        raise TypeError(f"from_states needs Splendor states, got {type(state).__name__}")
    n = state.num_players
    pad = T.MAX_SEATS - n

    def seats(rows: list[list[int]], width: int, fill: int = 0) -> np.ndarray:
        return np.array([list(r) + [fill] * (width - len(r)) for r in rows] + [[fill] * width] * pad, np.int32)

    owner = np.full(T.NUM_CARDS, -1, np.int32)
    for p, cards in enumerate(state.bought):
        owner[cards] = p
    noble_owner = np.full(T.NUM_NOBLES, -1, np.int32)
    for p, won in enumerate(state.nobles_won):
        noble_owner[won] = p
    in_deck = np.zeros(T.NUM_CARDS, bool)
    for deck in state.decks:
        in_deck[deck] = True
    blind = np.zeros((T.MAX_SEATS, T.MAX_RESERVED), bool)
    for p, flags in enumerate(state.blind):
        blind[p, : len(flags)] = flags
    phase = _PHASE[state.phase]
    over = phase == T.OVER
    decisions = sum(1 for entry in state.history if not is_chance(entry))
    return {
        "num_players": np.int32(n),
        "take_fewer": np.int32(T.TAKE_FEWER.index(state.opts["take_fewer"])),
        "payment": np.int32(T.PAYMENT.index(state.opts["payment"])),
        "reward_mode": np.int32(reward_mode),
        "step_limit": np.int32(step_limit),
        "supply": np.array(state.supply, np.int32),
        "tokens": seats(state.tokens, 6),
        "bonuses": seats(state.bonuses, 5),
        "points": np.array(list(state.points) + [0] * pad, np.int32),
        "owner": owner,
        "in_deck": in_deck,
        "display": np.array(state.display, np.int32),
        "reserved": seats(state.reserved, T.MAX_RESERVED, -1),
        "blind": blind,
        "nobles": np.array(list(state.nobles) + [-1] * (T.NOBLE_SLOTS - len(state.nobles)), np.int32),
        "noble_owner": noble_owner,
        "turn": np.int32(state.turn),
        "phase": np.int32(phase),
        "turns_played": np.int32(state.turns_played),
        "final_round": np.bool_(state.final_round),
        "passes": np.int32(state.passes),
        "deadlock": np.bool_(state.deadlock),
        "step_count": np.int32(decisions),
        "current_player": np.int32(-1 if over else state.turn),
        "legal_action_mask": np.zeros(T.NUM_ACTIONS, bool),
        "rewards": np.zeros(T.MAX_SEATS, np.float32),
        "terminated": np.bool_(over),
        "truncated": np.bool_(not over and step_limit > 0 and decisions >= step_limit),
        "illegal": np.bool_(False),
    }


def stack(rows: Sequence[dict[str, Any]]) -> dict[str, np.ndarray]:
    return {key: np.stack([r[key] for r in rows]) for key in rows[0]}


def to_dicts(arrays: dict[str, np.ndarray], version: str, seed: int = 0) -> list[dict[str, Any]]:
    """Each game of a batch (numpy fields) as a Python ``SplendorState.to_dict`` document.

    The batch keeps what the rules need, not the order things happened in: purchased cards
    and nobles won are listed by id, the history is empty, and the Python state's future
    draws come from a generator seeded with ``seed`` plus the game's index.
    """
    out = []
    for g in range(arrays["turn"].shape[0]):
        n = int(arrays["num_players"][g])
        owner = arrays["owner"][g]
        noble_owner = arrays["noble_owner"][g]
        reserved = [[int(c) for c in arrays["reserved"][g, p] if c >= 0] for p in range(n)]
        out.append(
            {
                "game": "splendor",
                "version": version,
                "players": n,
                "seed": seed + g,
                "options": {"take_fewer": T.TAKE_FEWER[int(arrays["take_fewer"][g])], "payment": T.PAYMENT[int(arrays["payment"][g])]},
                "rng": Rng(seed + g).state,
                "history": [],
                "supply": [int(x) for x in arrays["supply"][g]],
                "tokens": [[int(x) for x in arrays["tokens"][g, p]] for p in range(n)],
                "bonuses": [[int(x) for x in arrays["bonuses"][g, p]] for p in range(n)],
                "points": [int(x) for x in arrays["points"][g, :n]],
                "bought": [[int(c) for c in np.flatnonzero(owner == p)] for p in range(n)],
                "reserved": reserved,
                "blind": [[bool(b) for b in arrays["blind"][g, p, : len(reserved[p])]] for p in range(n)],
                "nobles_won": [[int(x) for x in np.flatnonzero(noble_owner == p)] for p in range(n)],
                "display": [int(c) for c in arrays["display"][g]],
                "decks": [[int(c) for c in np.flatnonzero(arrays["in_deck"][g] & (t == T.CARD_TIER))] for t in range(T.TIERS)],
                "nobles": [int(x) for x in arrays["nobles"][g, : n + 1]],
                "turn": int(arrays["turn"][g]),
                "phase": T.PHASE_NAMES[int(arrays["phase"][g])],
                "turns_played": int(arrays["turns_played"][g]),
                "final_round": bool(arrays["final_round"][g]),
                "passes": int(arrays["passes"][g]),
                "deadlock": bool(arrays["deadlock"][g]),
            }
        )
    return out
