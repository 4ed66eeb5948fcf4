"""Bot levels for players: ``easy``, ``medium`` and ``hard``, each a seat spec, chosen by name like any agent.

A level is a name for a spec (``--seats human,hard`` plays ``mcts:seconds=1``); a game may map a level to a spec of
its own with ``Game.bot_levels``. The levels are ordered by measured strength: each beats the one below in at
least 65% of 2-player games in every game (docs/agents.md, "Levels", gives the figures and the commands).
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, Game, State

from .base import Agent, make_agent, register_agent

#: The spec each level plays where a game does not choose its own.
LEVELS: dict[str, str] = {
    "easy": "greedy:blunder=0.5",
    "medium": "greedy",
    "hard": "mcts:seconds=1",
}


def level_spec(level: str, game: Game | None = None) -> str:
    """The seat spec a level plays in ``game``."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")
    own = getattr(game, "bot_levels", None) or {}
    return own.get(level, LEVELS[level])


class LevelAgent(Agent):
    """Plays a level's spec, built for the game of the first state it is asked about."""

    def __init__(self, level: str, seed: int | None = None, **params: Any) -> None:
        level_spec(level)
        self.name = level
        self.seed = seed
        self.params = params
        self.inner: Agent | None = None
        self.game: Game | None = None

    def agent_for(self, game: Game) -> Agent:
        if self.inner is None or self.game is not game:
            self.inner = make_agent(level_spec(self.name, game), seed=self.seed, **self.params)
            self.game = game
        return self.inner

    def check_game(self, game: Game) -> None:
        self.agent_for(game).check_game(game)

    def act(self, state: State) -> Action:
        return self.agent_for(state.game).act(state)


for _level in LEVELS:
    register_agent(_level, lambda seed=None, _level=_level, **params: LevelAgent(_level, seed=seed, **params))
