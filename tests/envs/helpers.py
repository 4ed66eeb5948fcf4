"""Shared parametrisation: every game in the registry, skipped with a reason where it lacks a tensor."""

from __future__ import annotations

import pytest

from meeple.core import Game, games, load


def _missing_tensor(name: str) -> str | None:
    """Why ``name`` is skipped, or None to run it.

    A game whose encoder module is not there yet (ImportError) is skipped with that error as the
    reason; any other failure runs, so the test shows it.
    """
    game = load(name)
    if type(game).observation_tensor is Game.observation_tensor:
        return f"{name} has no observation_tensor yet"
    try:
        game.observation_tensor(game.new_game(players=game.min_players, seed=0), 0)
    except NotImplementedError:
        return f"{name} has no observation_tensor yet"
    except ImportError as err:
        return f"{name}'s observation_tensor cannot be imported yet: {err}"
    except Exception:
        return None
    return None


def tensor_game_params() -> list[object]:
    out: list[object] = []
    for name in games():
        reason = _missing_tensor(name)
        out.append(pytest.param(name, id=name, marks=pytest.mark.skipif(reason is not None, reason=reason or "")))
    return out


def tensor_game_counts() -> list[object]:
    """(game, players) for every game and player count."""
    out: list[object] = []
    for name in games():
        game = load(name)
        reason = _missing_tensor(name)
        for n in range(game.min_players, game.max_players + 1):
            out.append(pytest.param(name, n, id=f"{name}-{n}p", marks=pytest.mark.skipif(reason is not None, reason=reason or "")))
    return out


def random_states(name: str, players: int, seed: int, max_steps: int = 400, every: int = 1) -> list[object]:
    """States along one seeded random playout (every ``every``-th decision)."""
    import random

    game = load(name)
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    out = [state.clone()]
    for step in range(max_steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if step % every == 0:
            out.append(state.clone())
    return out
