"""PettingZoo AEC environments for every meeple game and player count (docs/rl.md).

    >>> from meeple.envs.pettingzoo import env
    >>> e = env("splendor", players=3)
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). A seat may act several times in a row
when the rules give it several decisions; ``agent_selection`` always names the seat to move.
Rewards come once, when the game ends (``rewards="win"`` or ``"score"``, see ``common.final_rewards``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .common import needs_rl_extra

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
except ImportError as err:  # the rl extra is optional: say which one to install
    raise needs_rl_extra(__name__, err) from err

from meeple.core import Game, State
from meeple.core import load as load_game

from .common import (
    action_for_id,
    check_reward_mode,
    final_rewards,
    observe,
    render_for_mode,
    require_state,
    require_tensor,
    seed_from,
    tensor_shape,
)


def env(game: str, players: int | None = None, **kwargs: Any) -> MeepleAEC:
    """The AEC env for ``game`` (its minimum player count unless given); see :class:`MeepleAEC`."""
    return MeepleAEC(game, players=players, **kwargs)


class MeepleAEC(AECEnv):
    """One game of ``game`` per episode, every seat a PettingZoo agent.

    ``options`` are the game's options (``meeple.load(game).options``); ``max_decisions`` truncates
    an episode after that many decisions (None: play to the end, which every meeple game reaches).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "meeple_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        rewards: str = "win",
        options: dict[str, Any] | None = None,
        max_decisions: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = load_game(game) if isinstance(game, str) else game
        require_tensor(self.game)
        self.players = self.game.min_players if players is None else players
        self.game.check_players(self.players)
        self.reward_mode = check_reward_mode(rewards)
        self.game_options = self.game.check_options(options or {})
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.metadata = {**self.metadata, "name": f"meeple_{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        shape = tensor_shape(self.game, self.players)
        n = self.game.num_actions
        # One shared space object per kind: the API test requires the same object on every call.
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self._obs_spaces = {a: self._obs_space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self.state: State | None = None
        self.decisions = 0

    # -- spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    # -- episode ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` makes this and the following resets reproducible."""
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        self.state = self.game.new_game(players=self.players, seed=seed_from(self._rng), **self.game_options)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._to_move()]

    def _to_move(self) -> int:
        seat = self.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        return seat

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's tensor, and its legal-action mask (all zeros unless it is the seat to move)."""
        state = self._require_state()
        seat = self._seat[agent]
        if not state.is_over and state.current_player == seat:
            mask = state.legal_action_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": observe(self.game, state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play action id ``action`` for ``agent_selection``; None for an agent whose episode is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        # IllegalAction (a ValueError) is raised before anything changes.
        state.apply(action_for_id(self.game, action))
        self._cumulative_rewards[agent] = 0.0
        self.decisions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            result = state.result()
            assert result is not None
            for seat, value in enumerate(final_rewards(result, self.reward_mode)):
                self.rewards[self.possible_agents[seat]] = value
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"result": result.to_dict()}
            self._deads_step_first()
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[self._to_move()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _require_state(self) -> State:
        return require_state(self.state)

    # -- presentation ------------------------------------------------------------------------

    def render(self) -> str | None:
        """The spectator's view as text (``ansi`` returns it, ``human`` prints it)."""
        return render_for_mode(self.game, self.state, self.render_mode)

    def close(self) -> None:
        self.state = None
