"""Splendor as a meeple game: options, setup and the action space."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import Action, Game, State

from . import actions
from .state import SplendorState


class Splendor(Game):
    name = "splendor"
    title = "Splendor"
    version = "1"
    min_players = 2
    max_players = 4
    options = {
        # §4 ► ENGINE: with fewer than 3 colours in the supply, take one of each available.
        "take_fewer": "only_when_forced",
        # §7 ► ENGINE: the payer may use gold instead of coloured tokens they hold.
        "payment": "choose",
    }
    option_choices = {
        "take_fewer": ("only_when_forced", "never", "always"),
        "payment": ("choose", "minimal_gold"),
    }
    num_actions = actions.NUM_ACTIONS
    state_class = SplendorState

    def action_table(self) -> Sequence[Action]:
        return actions.ACTIONS

    def read_notation(self, text: str) -> Action:
        return actions.read(text)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from .render import render

        return render(observation)

    def board_data(self) -> dict[str, Any]:
        """The printed cards and noble tiles (static, public): observations name bought cards and won nobles by id."""
        from .data import CARDS, NOBLES

        return {"cards": [c.to_dict() for c in CARDS], "nobles": [n.to_dict() for n in NOBLES]}

    def describe(self, before: State, action: Action, after: State, viewer: int | None) -> list[Any]:
        """describe.py: the decision in game terms (cards with their costs, tokens, nobles) as ``viewer`` may know it."""
        from .describe import describe

        return describe(before, action, after, viewer)  # type: ignore[arg-type]

    def evaluate(self, state: State) -> list[float]:
        """Per-seat heuristic value in about prestige points (heuristic.py), for greedy play and search."""
        from .heuristic import evaluate

        return evaluate(state)  # type: ignore[arg-type]

    def observation_tensor(self, state: Any, seat: int) -> Any:
        """docs/rl/splendor.md: a float32 vector of ``encode.SIZE`` values, seat-relative."""
        from .encode import encode

        return encode(state, seat)


GAME = Splendor()
