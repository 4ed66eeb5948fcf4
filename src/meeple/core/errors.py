"""Errors the contract promises to raise."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is malformed, unknown to the game, or not legal in the current state.

    Raising it never changes the state it was raised from.
    """


class RecordError(ValueError):
    """A game record that cannot be read or does not replay.

    ``step`` is the index in the record's history where replay diverged (None when the
    document itself is malformed); ``reason`` says why.
    """

    def __init__(self, reason: str, step: int | None = None) -> None:
        self.reason = reason
        self.step = step
        where = f"step {step}: " if step is not None else ""
        super().__init__(f"{where}{reason}")


class ChanceError(ValueError):
    """A forced chance outcome (``State.force_chance``) that the game cannot use where it asks for one: another
    kind, or a value that is not possible there. The action during which it was asked for is undone."""
