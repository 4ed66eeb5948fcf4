"""The PettingZoo AEC env over every game and player count (docs/rl.md)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from meeple.core import IllegalAction, load
from meeple.envs.pettingzoo import env

from .helpers import tensor_game_counts


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_api_test_passes(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=400)


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_seed_test_passes(name: str, players: int) -> None:
    seed_test(lambda: env(name, players=players), num_cycles=60)


@pytest.mark.parametrize(("name", "players"), tensor_game_counts())
def test_a_full_game_pays_zero_sum_win_rewards_once_at_the_end(name: str, players: int) -> None:
    e = env(name, players=players)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size and set(legal) == {a.id for a in e.state.legal_actions()}
        assert agent == f"player_{e.state.current_player}"
        e.step(int(rng.choice(legal)))
        steps += 1
    result = e.state.result()
    assert result is not None and not e.agents
    if players > 1:
        assert abs(sum(totals.values())) < 1e-9
    else:  # a solo game (Scythe's Automa): +1 for beating the game's own opponent, -1 for losing to it
        assert totals["player_0"] == (1.0 if result.ranks[0] == 1 else -1.0)
    for seat in result.winners:
        assert totals[f"player_{seat}"] > 0
    assert steps == sum(1 for h in e.state.history if isinstance(h, str))


def test_score_rewards_are_final_score_minus_mean() -> None:
    e = env("splendor", players=3, rewards="score")
    e.reset(seed=8)
    rng = np.random.default_rng(1)
    got = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            got[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = e.state.result().scores
    mean = sum(scores) / 3
    assert got == {f"player_{s}": pytest.approx(scores[s] - mean) for s in range(3)}


def test_illegal_action_raises_and_changes_nothing() -> None:
    e = env("splendor", players=2)
    e.reset(seed=1)
    before = e.state.to_dict()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    with pytest.raises(IllegalAction):
        e.step(load("splendor").num_actions)
    assert e.state.to_dict() == before


def test_only_the_seat_to_move_gets_a_mask_and_truncation_ends_every_agent() -> None:
    e = env("splendor", players=3, max_decisions=5)
    e.reset(seed=2)
    others = [a for a in e.agents if a != e.agent_selection]
    assert all(not e.observe(a)["action_mask"].any() for a in others)
    for _ in range(5):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_bad_arguments_get_clear_errors() -> None:
    with pytest.raises(ValueError, match="players"):
        env("splendor", players=7)
    with pytest.raises(ValueError, match="rewards"):
        env("splendor", rewards="points")
    with pytest.raises(ValueError, match="no game"):
        env("chess")


def test_ansi_render_is_the_spectator_view_as_text() -> None:
    e = env("splendor", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Splendor" in text
    e.close()
    assert e.render() is None
