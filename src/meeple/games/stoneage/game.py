"""Stone Age as a meeple game: options, setup and the action space."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.core import Action, Game, State
from meeple.core.events import Event

from . import actions
from .state import StoneAgeState

#: The options ``house_rules="seed001"`` turns on: the Persian text's coherent house rules (the divergence table in docs/rules/stoneage.md).
SEED001: dict[str, Any] = {
    "placement": "one_at_a_time",
    "starvation": "per_missing_food",
    "tools_before_roll": True,
    "display_refill": "immediate",
}


class StoneAge(Game):
    name = "stoneage"
    title = "Stone Age"
    version = "1"
    min_players = 2
    max_players = 4
    options = {
        # §5.6 [I5]: the "2 resources" card is cashed at any later decision (Yucata: at once).
        "any_resources": "any_time",
        # §5.4 [I1]: the hut may be taken by a player who already owns 10 people (no effect).
        "full_hut": "allowed",
        # §5.5 [I2]: the field at agriculture 10 and the tool maker at tool total 12 may be taken (no effect).
        "maxed_tracks": "allowed",
        # House rules of the Persian seed text (divergences #9, #13, #23, #28), each off by default (docs/rules/stoneage.md):
        # #13 exactly one person per placement turn (§4.1),
        "placement": "any_number",
        # #28 −10 for every missing food instead of −10 once (§7),
        "starvation": "once",
        # #9 tools are committed before the dice are rolled (§5.2),
        "tools_before_roll": False,
        # #23 a bought card's slot is refilled at once (§5.6, §8),
        "display_refill": "new_round",
        # and a preset that turns all four on ("the Persian family rules").
        "house_rules": "none",
    }
    option_choices = {
        "any_resources": ("any_time", "at_once"),
        "full_hut": ("allowed", "forbidden"),
        "maxed_tracks": ("allowed", "forbidden"),
        "placement": ("any_number", "one_at_a_time"),
        "starvation": ("once", "per_missing_food"),
        "tools_before_roll": (False, True),
        "display_refill": ("new_round", "immediate"),
        "house_rules": ("none", "seed001"),
    }
    option_presets = {"house_rules": {"seed001": SEED001}}
    num_actions = actions.NUM_ACTIONS
    # Leads grow to tens of points while two placements differ by one or two: the search measures leads from the
    # root's, judges each leaf after its mover's best reply, and stays on the best moves (docs/agents.md).
    mcts_settings = {"depth": 0, "relative": True, "c": 0.05, "expand": "all"}
    state_class = StoneAgeState

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The full option set; ``house_rules="seed001"`` turns its four options on whatever else is given.

        The preset only ever turns options on: an option given with its default value next to the preset stays on,
        because a setup form sends every option and cannot tell "left at the default" from "asked for it". To play
        a subset, leave ``house_rules`` at "none" and turn on the options wanted. The returned dict holds the
        effective values, so ``state.options`` and records replay exactly.
        """
        if "tools_before_roll" in given and not isinstance(given["tools_before_roll"], bool):  # 1 == True passes the choices check
            raise ValueError(f"option tools_before_roll={given['tools_before_roll']!r} must be true or false")
        return super().check_options(given)  # the core applies the preset (option_presets)

    def action_table(self) -> Sequence[Action]:
        return actions.ACTIONS

    def read_notation(self, text: str) -> Action:
        return actions.read(text)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from .render import render

        return render(observation)

    def describe(self, before: State, action: Action, after: State, viewer: int | None) -> list[Event]:
        """What ``action`` did in game terms, for ``viewer``: docs/rules/stoneage.md, "Events"."""
        from .describe import describe

        return describe(before, action, after, viewer)  # type: ignore[arg-type]

    def evaluate(self, state: State) -> list[float]:
        from .evaluate import evaluate

        return evaluate(state)  # type: ignore[arg-type]

    def observation_tensor(self, state: State, seat: int) -> np.ndarray:
        from .encode import observation_tensor

        return observation_tensor(state, seat)  # type: ignore[arg-type]


GAME = StoneAge()
