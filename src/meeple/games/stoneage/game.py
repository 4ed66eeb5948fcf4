"""Stone Age as a meeple game: options, setup and the action space."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.core import Action, ChanceScript, Game, State

from . import actions
from .state import StoneAgeState


class StoneAge(Game):
    name = "stoneage"
    title = "Stone Age"
    version = "1"
    min_players = 2
    max_players = 4
    options = {
        # RULES.md §5.6 [I5]: the "2 resources" card is cashed at any later decision (Yucata: at once).
        "any_resources": "any_time",
        # RULES.md §5.4 [I1]: the hut may be taken by a player who already owns 10 people (no effect).
        "full_hut": "allowed",
        # RULES.md §5.5 [I2]: the field at agriculture 10 and the tool maker at tool total 12 may be taken (no effect).
        "maxed_tracks": "allowed",
    }
    option_choices = {
        "any_resources": ("any_time", "at_once"),
        "full_hut": ("allowed", "forbidden"),
        "maxed_tracks": ("allowed", "forbidden"),
    }
    num_actions = actions.NUM_ACTIONS

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> StoneAgeState:
        state = StoneAgeState.__new__(StoneAgeState)
        state.init_base(self, players, seed, options, script)
        state.setup(script)
        return state

    def action_table(self) -> Sequence[Action]:
        return actions.ACTIONS

    def read_notation(self, text: str) -> Action:
        return actions.read(text)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from .render import render

        return render(observation)

    def evaluate(self, state: State) -> list[float]:
        from .evaluate import evaluate

        return evaluate(state)  # type: ignore[arg-type]

    def observation_tensor(self, state: State, seat: int) -> np.ndarray:
        from .encode import observation_tensor

        return observation_tensor(state, seat)  # type: ignore[arg-type]

    def from_dict(self, data: Mapping[str, Any]) -> StoneAgeState:
        return StoneAgeState.from_dict(self, data)


GAME = StoneAge()
