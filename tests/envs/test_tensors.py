"""Observation tensors of every game: fixed shape, finite float32, and nothing hidden from the seat (docs/rl.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from meeple.core import games, load
from meeple.envs.common import tensor_shape

from .helpers import random_states, tensor_game_counts


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_tensor_has_one_fixed_shape_for_every_seat_and_step(name: str, players: int) -> None:
    game = load(name)
    shape = tensor_shape(game, players)
    for state in random_states(name, players, seed=11, every=7):
        for seat in range(players):
            tensor = game.observation_tensor(state, seat)
            assert isinstance(tensor, np.ndarray)
            assert tensor.dtype == np.float32
            assert tensor.shape == shape
            assert np.isfinite(tensor).all()


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_tensor_shows_nothing_that_determinize_resamples(name: str, players: int) -> None:
    """determinize(seat) resamples exactly what the seat cannot know, so the seat's tensor must not change."""
    game = load(name)
    for i, state in enumerate(random_states(name, players, seed=5, every=9)):
        for seat in range(players):
            hidden_resampled = state.determinize(seat, 1000 + i)
            assert np.array_equal(game.observation_tensor(state, seat), game.observation_tensor(hidden_resampled, seat)), (
                f"{name}: seat {seat}'s tensor changed when hidden information was resampled (step {i})"
            )


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_tensor_tells_seats_apart(name: str, players: int) -> None:
    """The tensor is the seat's own view: two seats do not get the same vector for the whole game."""
    if players < 2:
        pytest.skip("a solo game has one seat")
    game = load(name)
    states = random_states(name, players, seed=3, every=5)
    assert any(not np.array_equal(game.observation_tensor(s, 0), game.observation_tensor(s, 1)) for s in states)


@pytest.mark.parametrize("name", games())
def test_every_game_has_an_rl_page_linked_from_docs_rl(name: str) -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert (docs / "rl" / f"{name}.md").is_file(), f"docs/rl/{name}.md is missing"
    assert f"rl/{name}.md" in (docs / "rl.md").read_text(encoding="utf-8")
