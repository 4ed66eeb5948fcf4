"""Splendor's observation tensor, field by field (docs/rl/splendor.md; hidden information: §13)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from meeple.core import load
from meeple.games.splendor import encode as E
from meeple.games.splendor.data import CARDS

GAME = load("splendor")
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl" / "splendor.md"


def _player_block(tensor: np.ndarray, rel: int) -> np.ndarray:
    start = E.field_slices()["players"].start + rel * E.PLAYER_WIDTH
    return tensor[start : start + E.PLAYER_WIDTH]


def _reserved_slot(block: np.ndarray, i: int) -> np.ndarray:
    start = sum(w for name, w in E.PLAYER_FIELDS if name != "reserved") + i * E.RESERVED_WIDTH
    return block[start : start + E.RESERVED_WIDTH]


def test_layout_adds_up_and_every_field_is_documented() -> None:
    assert sum(w for _, w in E.FIELDS) == E.SIZE
    assert GAME.observation_tensor(GAME.new_game(players=2, seed=1), 0).shape == (E.SIZE,)
    text = DOC.read_text(encoding="utf-8")
    for name, _ in (*E.FIELDS, *E.PLAYER_FIELDS, *E.CARD_FIELDS):
        assert re.search(rf"`{name}`", text), f"docs/rl/splendor.md does not document field {name!r}"
    assert str(E.SIZE) in text


def test_setup_supply_and_player_count_fields() -> None:
    """§2: 4 gems of each colour with 2 players, 5 gold; all in the supply at the start."""
    t = GAME.observation_tensor(GAME.new_game(players=2, seed=4), 0)
    f = E.field_slices()
    assert list(t[f["players_count"]]) == [1.0, 0.0, 0.0]
    assert np.allclose(t[f["supply"]], 1.0)
    assert list(t[f["phase"]]) == [1.0, 0.0, 0.0, 0.0]
    # Seats 2 and 3 do not exist in a two-player game: their blocks are all zeros.
    assert not _player_block(t, 2).any() and not _player_block(t, 3).any()
    assert _player_block(t, 0)[0] == 1.0 and _player_block(t, 1)[0] == 1.0


def test_seats_are_listed_from_the_observer() -> None:
    state = GAME.new_game(players=3, seed=2)
    state.apply("take wug")  # seat 0 now holds three tokens
    tokens = slice(2, 8)
    t0 = GAME.observation_tensor(state, 0)
    t2 = GAME.observation_tensor(state, 2)
    assert _player_block(t0, 0)[tokens].sum() > 0  # seat 0 sees itself first
    assert _player_block(t2, 1)[tokens].sum() > 0  # seat 2 sees seat 0 next (turn order wraps)
    assert _player_block(t2, 0)[tokens].sum() == 0
    assert _player_block(t0, 1)[1] == 1.0  # seat 1 is to move: its to_move flag is set


def test_blind_reservation_shows_only_its_tier_to_opponents() -> None:
    """§13: a card reserved from a deck stays hidden from the other players."""
    state = GAME.new_game(players=2, seed=9)
    state.apply("reserve deck 3")
    card = state.reserved[0][0]
    own = _reserved_slot(_player_block(GAME.observation_tensor(state, 0), 0), 0)
    seen = _reserved_slot(_player_block(GAME.observation_tensor(state, 1), 1), 0)
    tier = [0.0, 0.0, 1.0]
    hidden_at = E.CARD_WIDTH
    assert seen[0] == 1.0 and seen[hidden_at] == 1.0 and list(seen[hidden_at + 1 :]) == tier
    assert not seen[1:hidden_at].any(), "an opponent's tensor reveals the blind card"
    assert own[hidden_at] == 0.0 and list(own[hidden_at + 1 :]) == tier
    assert own[1 + CARDS[card].bonus] == 1.0  # the owner sees the card's bonus colour
    assert np.isclose(own[6], CARDS[card].points / 5.0)


def test_gold_needed_is_the_shortfall_after_bonuses_and_tokens() -> None:
    """§7: gold covers what bonuses and coloured tokens do not."""
    state = GAME.new_game(players=2, seed=1)
    state.apply("take wug")
    state.apply("take urk")
    t = GAME.observation_tensor(state, 0)
    display = t[E.field_slices()["display"]].reshape(12, E.CARD_WIDTH)
    for slot, cid in enumerate(state.display):
        cost = CARDS[cid].cost
        held = state.tokens[0]
        short = sum(max(0, cost[c] - held[c]) for c in range(5))
        assert np.isclose(display[slot, -1], short / 10.0)
