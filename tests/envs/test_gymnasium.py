"""The single-agent Gymnasium env: registration, env_checker, opponents and rewards (docs/rl.md)."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple.envs.gymnasium as mg  # noqa: E402
from meeple.core import IllegalAction, games, load  # noqa: E402
from meeple.envs.common import env_id  # noqa: E402

from .helpers import tensor_game_params  # noqa: E402


@pytest.mark.parametrize("name", tensor_game_params())
def test_every_game_with_a_tensor_is_registered_and_passes_check_env(name: str) -> None:
    game = load(name)
    gid = env_id(game)
    assert gid in mg.REGISTERED and gid in gymnasium.registry
    check_env(gymnasium.make(gid, players=game.min_players).unwrapped, skip_render_check=True)
    check_env(gymnasium.make(gid, players=game.max_players, seat="random").unwrapped, skip_render_check=True)


def test_every_game_is_registered_under_its_title() -> None:
    assert env_id(load("splendor")) == "meeple/Splendor-v0"
    assert [env_id(load(n)) for n in games()] == mg.REGISTERED


def _play(env: gymnasium.Env, seed: int) -> tuple[float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        assert obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        if terminated or truncated:
            return total, info


def test_learner_only_sees_its_own_turns_and_gets_the_win_reward() -> None:
    seen: list[int] = []

    def watching_opponent(state):  # any callable state -> action (here a notation)
        seen.append(state.current_player)
        return str(state.legal_actions()[0])

    env = gymnasium.make("meeple/Splendor-v0", players=3, opponents=[watching_opponent], seat=1).unwrapped
    env.reset(seed=4)
    assert env.state.current_player == 1 and seen == [0]
    total, info = _play(env, 4)
    winners = info["result"]["winners"]
    expected = (3 / len(winners) - 1) / 2 if 1 in winners else -0.5
    assert total == pytest.approx(expected)
    assert set(seen) == {0, 2}


def test_seeded_resets_replay_identically_with_named_opponents() -> None:
    a = gymnasium.make("meeple/Splendor-v0", players=2, opponents=["random"], seat="random").unwrapped
    b = gymnasium.make("meeple/Splendor-v0", players=2, opponents=["random"], seat="random").unwrapped
    ra, rb = _play(a, 21), _play(b, 21)
    assert ra[0] == rb[0] and a.state.to_dict() == b.state.to_dict()


def test_illegal_actions_cost_a_penalty_or_raise_and_change_nothing() -> None:
    env = gymnasium.make("meeple/Splendor-v0", players=2).unwrapped
    obs, _ = env.reset(seed=2)
    before = env.state.to_dict()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert reward == pytest.approx(-0.1) and info["illegal_action"] and not terminated and not truncated
    assert env.state.to_dict() == before and np.array_equal(obs2["action_mask"], obs["action_mask"])
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    strict = gymnasium.make("meeple/Splendor-v0", players=2, illegal_action="raise").unwrapped
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_arguments_get_clear_errors() -> None:
    with pytest.raises(ValueError, match="opponent"):
        mg.MeepleEnv("splendor", players=4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat"):
        mg.MeepleEnv("splendor", players=2, seat=2)
    with pytest.raises(ValueError, match="no agent"):
        mg.MeepleEnv("splendor", players=2, opponents=["nobody"]).reset(seed=1)
    with pytest.raises(ValueError, match="illegal_action"):
        mg.MeepleEnv("splendor", illegal_action="ignore")


@pytest.mark.parametrize("opponent", ["greedy", ("mcts", {"iterations": 4})])
def test_opponents_come_from_the_bot_ladder_by_name(opponent: object) -> None:
    from meeple.agents import agent_names

    name = opponent if isinstance(opponent, str) else opponent[0]
    if name not in agent_names():
        pytest.skip(f"the {name!r} agent is not registered yet")
    env = gymnasium.make("meeple/Splendor-v0", players=3, opponents=[opponent], seat=2).unwrapped
    obs, _ = env.reset(seed=6)
    assert env.state.current_player == 2 and len(env.state.history) > 2
    for _ in range(3):
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert env.state.current_player == 2


def test_tensor_observations_put_the_mask_in_info() -> None:
    env = gymnasium.make("meeple/Splendor-v0", players=2, observation="tensor").unwrapped
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=5)
    assert isinstance(obs, np.ndarray) and env.observation_space.contains(obs)
    assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
    obs, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert np.array_equal(info["action_mask"], env.state.legal_action_mask())
    with pytest.raises(ValueError, match="observation must be"):
        mg.MeepleEnv("splendor", observation="image")
