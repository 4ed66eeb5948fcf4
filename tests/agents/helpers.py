"""Shared helpers for agent tests: the games that offer a heuristic, a poisoned state, and the base of the toy
games the tests define."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

import meeple
from meeple.agents import has_evaluation
from meeple.core import Action, Game, IllegalAction, State


class ToyGame(Game):
    """A test's small game: its ``actions`` are its whole action table, read back by their text; it is never
    saved, so it reads no saved state."""

    actions: ClassVar[tuple[Action, ...]] = ()

    def action_table(self) -> Sequence[Action]:
        return self.actions

    def read_notation(self, text: str) -> Action:
        for a in self.actions:
            if a.text == text:
                return a
        raise IllegalAction(f"no {self.title} action {text!r}")

    def from_dict(self, data: Mapping[str, Any]) -> State:  # pragma: no cover - not needed here
        raise NotImplementedError


def games_with_evaluation() -> list[Any]:
    """Every registered game, as a pytest param; those without ``Game.evaluate`` are skipped, visibly."""
    params = []
    for name in meeple.games():
        try:
            game = meeple.load(name)
        except Exception as e:  # another engineer's game mid-construction must not hide the others
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=f"{name} does not load: {e}")))
            continue
        reason = None
        if has_evaluation(game):
            try:
                game.evaluate(game.new_game(players=game.min_players, seed=0))
            except (ImportError, NotImplementedError) as e:  # declared but not in the tree yet
                reason = f"{name}'s Game.evaluate is not usable yet: {e}"
        if reason:
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=reason), id=name))
        elif has_evaluation(game):
            params.append(pytest.param(name, id=name))
        else:
            params.append(pytest.param(name, marks=pytest.mark.skip(reason=f"{name} has no Game.evaluate yet"), id=name))
    return params


class Poisoned:
    """Stands for a true state and lets an agent use only the doors open to the seat to move:
    whose turn it is, the legal actions, its own observation and determinizations. Reading
    anything else (the hidden cards, the history with its chance draws, the RNG, a clone) fails."""

    ALLOWED = frozenset({"current_player", "is_over", "num_players", "game", "legal_actions", "legal_action_mask"})

    def __init__(self, state: State) -> None:
        object.__setattr__(self, "_true", state)
        object.__setattr__(self, "calls", [])

    def determinize(self, seat: int | None, seed: int) -> State:
        mover = self._true.current_player
        if seat != mover:
            raise AssertionError(f"seat {mover} asked for seat {seat}'s view")
        self.calls.append(("determinize", seat))
        return self._true.determinize(seat, seed)

    def observation(self, seat: int | None) -> dict[str, Any]:
        mover = self._true.current_player
        if seat != mover:
            raise AssertionError(f"seat {mover} asked for seat {seat}'s observation")
        self.calls.append(("observation", seat))
        return self._true.observation(seat)

    def __getattr__(self, name: str) -> Any:
        if name in self.ALLOWED:
            return getattr(self._true, name)
        raise AssertionError(f"the agent read {name!r} of the true state, which may hold hidden information")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"the agent wrote {name!r} of the true state")
