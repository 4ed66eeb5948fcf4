"""Bot levels for players: ``easy``, ``medium`` and ``hard``, each a seat spec, chosen by name like any agent.

A level is a name for a spec (``--seats human,hard`` plays ``mcts:seconds=1``); a game may map a level to a spec of
its own with ``Game.bot_levels``, and to another in a game with one seat with ``Game.solo_bot_levels``. The levels
are ordered by measured strength: each beats the one below in at least 65% of 2-player games in every game
(docs/agents.md, "Levels", gives the figures and the commands).
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


def level_spec(level: str, game: Game | None = None, players: int | None = None) -> str:
    """The seat spec a level plays in ``game`` with ``players`` seats (None: any number)."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")
    solo = (getattr(game, "solo_bot_levels", None) or {}) if players == 1 else {}
    own = getattr(game, "bot_levels", None) or {}
    return solo.get(level) or own.get(level, LEVELS[level])


class LevelAgent(Agent):
    """Plays a level's spec, built for the game (and its number of seats) of the state it is asked about."""

    def __init__(self, level: str, seed: int | None = None, **params: Any) -> None:
        level_spec(level)
        self.name = level
        self.seed = seed
        self.params = params
        self.inner: Agent | None = None
        self.game: Game | None = None
        self.players: int | None = None

    def agent_for(self, game: Game, players: int | None = None) -> Agent:
        if self.inner is None or self.game is not game or (players is not None and players != self.players):
            self.inner = make_agent(level_spec(self.name, game, players), seed=self.seed, **self.params)
            self.game, self.players = game, players
        return self.inner

    def check_game(self, game: Game) -> None:
        self.agent_for(game, self.players).check_game(game)

    def act(self, state: State) -> Action:
        return self.agent_for(state.game, state.num_players).act(state)


for _level in LEVELS:
    register_agent(_level, lambda seed=None, _level=_level, **params: LevelAgent(_level, seed=seed, **params))
