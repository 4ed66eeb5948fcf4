"""A single-agent Gymnasium env per game: the learner's seat against opponents (docs/rl.md).

Importing this module registers ``meeple/<Title>-v0`` for every game in ``meeple.core.games()``
(``meeple/Splendor-v0``, ``meeple/StoneAge-v0``, ``meeple/Scythe-v0``)::

    import gymnasium
    import meeple.envs.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make("meeple/Splendor-v0", opponents=["random"], players=2)
    obs, info = env.reset(seed=1)
    mask = obs["action_mask"]          # or env.unwrapped.action_masks()

Opponents come from the bot ladder by name (``meeple.agents.make_agent``), as Agent objects, or
as any callable ``state -> action`` (an Action, its notation or its id). They move between the
learner's decisions, so every observation is one where the learner must decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .common import needs_rl_extra

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as err:  # the rl extra is optional: say which one to install
    raise needs_rl_extra(__name__, err) from err

from meeple.core import Game, IllegalAction, State
from meeple.core import games as game_names
from meeple.core import load as load_game

from .common import (
    Policy,
    action_for_id,
    check_reward_mode,
    env_id,
    final_rewards,
    make_policy,
    observe,
    render_for_mode,
    require_state,
    require_tensor,
    seed_from,
    tensor_shape,
)
from .common import to_action as _to_action

ILLEGAL_MODES = ("penalty", "raise")
OBSERVATION_MODES = ("dict", "tensor")


class MeepleEnv(gymnasium.Env):
    """One game per episode; the learner plays ``seat`` (an int, or ``"random"`` for a new seat each reset).

    Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}``, or with
    ``observation="tensor"`` the tensor alone (the mask is then in ``info["action_mask"]`` and
    ``action_masks()``, which is how sb3-contrib's ``MaskablePPO("MlpPolicy", env)`` reads it). The reward is 0
    until the game ends, then the learner's share under ``rewards`` (``"win"`` or ``"score"``).
    An illegal action id changes nothing: with ``illegal_action="penalty"`` (the default, so that
    generic tools that sample unmasked actions still run) it costs ``illegal_penalty`` and reports
    ``info["illegal_action"]``; with ``"raise"`` it raises :class:`meeple.IllegalAction`.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str | Game = "splendor",
        players: int = 2,
        opponents: Sequence[Any] | None = None,
        seat: int | str = 0,
        rewards: str = "win",
        options: dict[str, Any] | None = None,
        illegal_action: str = "penalty",
        illegal_penalty: float = -0.1,
        max_decisions: int | None = None,
        render_mode: str | None = None,
        observation: str = "dict",
    ) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        require_tensor(self.game)
        self.game.check_players(players)
        self.players = players
        specs = list(opponents) if opponents is not None else ["random"]
        if len(specs) == 1:
            specs *= players - 1
        if len(specs) != players - 1:
            raise ValueError(f"give one opponent, or {players - 1} (one per other seat), not {len(specs)}")
        self.opponent_specs = specs
        if seat != "random" and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players):
            raise ValueError(f"seat must be 'random' or an integer in 0..{players - 1}, got {seat!r}")
        self.seat_choice = seat
        self.reward_mode = check_reward_mode(rewards)
        self.game_options = self.game.check_options(options or {})
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {list(ILLEGAL_MODES)}, got {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.max_decisions = max_decisions
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.render_mode = render_mode
        n = self.game.num_actions
        if observation not in OBSERVATION_MODES:
            raise ValueError(f"observation must be one of {list(OBSERVATION_MODES)}, got {observation!r}")
        self.observation_mode = observation
        tensor_space = spaces.Box(low=-np.inf, high=np.inf, shape=tensor_shape(self.game, players), dtype=np.float32)
        self.observation_space: spaces.Space = (
            spaces.Dict({"observation": tensor_space, "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)})
            if observation == "dict"
            else tensor_space
        )
        self.action_space = spaces.Discrete(n)
        self.state: State | None = None
        self.seat = 0 if seat == "random" else int(seat)
        self.opponents: dict[int, Policy] = {}
        self.decisions = 0

    # -- episode --------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new_game(players=self.players, seed=seed_from(rng), **self.game_options)
        self.seat = int(rng.integers(self.players)) if self.seat_choice == "random" else int(self.seat_choice)
        others = [s for s in range(self.players) if s != self.seat]
        # Named opponents are rebuilt with seeds from the env's generator, so a seeded reset replays exactly.
        self.opponents = {s: make_policy(spec, seed_from(rng)) for s, spec in zip(others, self.opponent_specs, strict=True)}
        self.decisions = 0
        self._play_opponents()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self._require_state()
        if state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            state.apply(action_for_id(self.game, action))  # checks legality before changing anything
        except IllegalAction as err:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info.update(illegal_action=True, error=str(err))
            return self._obs(), self.illegal_penalty, False, False, info
        self.decisions += 1
        self._play_opponents()
        reward = 0.0
        terminated = state.is_over
        if terminated:
            result = state.result()
            assert result is not None
            reward = final_rewards(result, self.reward_mode)[self.seat]
        truncated = not terminated and self.max_decisions is not None and self.decisions >= self.max_decisions
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def _play_opponents(self) -> None:
        state = self._require_state()
        while not state.is_over and state.current_player != self.seat:
            policy = self.opponents[state.current_player]  # type: ignore[index]
            state.apply(_to_action(self.game, state, policy(state)))

    # -- views ------------------------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        state = self._require_state()
        if state.is_over:
            return np.zeros(self.game.num_actions, dtype=bool)
        return state.legal_action_mask().astype(bool)

    def _mask(self) -> np.ndarray:
        state = self._require_state()
        return np.zeros(self.game.num_actions, dtype=np.int8) if state.is_over else state.legal_action_mask()

    def _obs(self) -> Any:
        tensor = observe(self.game, self._require_state(), self.seat)
        if self.observation_mode == "tensor":
            return tensor
        return {"observation": tensor, "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        state = self._require_state()
        info: dict[str, Any] = {"seat": self.seat}
        if self.observation_mode == "tensor":
            info["action_mask"] = self._mask()
        result = state.result()
        if result is not None:
            info["result"] = result.to_dict()
        return info

    def _require_state(self) -> State:
        return require_state(self.state)

    def render(self) -> str | None:
        return render_for_mode(self.game, self.state, self.render_mode)


def register_all() -> list[str]:
    """Register ``meeple/<Title>-v0`` for every game; the ids registered.

    Nothing is computed here: a game without a working tensor fails when its env is made, with the
    reason, and never stops the other games' ids from registering.
    """
    ids = []
    for name in game_names():
        gid = env_id(load_game(name))
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point=MeepleEnv, kwargs={"game": name})
        ids.append(gid)
    return ids


REGISTERED = register_all()
