"""Chance outcomes: drawn from the state's RNG in play, read back from a record in replay.

Every chance outcome is appended to ``state.history`` as ``{"chance": kind, "value": v}``.
Replaying a record feeds those entries back through a :class:`ChanceScript`, so a record
replays identically even if the RNG algorithm ever changes; :class:`ForcedChance` (``State.force_chance``) feeds
outcomes a user chose, for scenarios and tests, the same way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from .errors import ChanceError, RecordError


def is_chance(entry: Any) -> bool:
    return isinstance(entry, dict) and "chance" in entry


class ChanceScript:
    """The chance outcomes of a record, handed out in order."""

    #: What the outcomes are called in errors, and the error raised when one does not fit.
    source = "the record"
    error: type[ValueError] = RecordError
    #: Once the outcomes run out: False, an error (a record must hold them all); True, the RNG again.
    then_rng = False

    def __init__(self, entries: Iterable[dict[str, Any]]) -> None:
        self._queue: deque[dict[str, Any]] = deque(entries)

    def take(self, kind: str) -> Any:
        if not self._queue:
            raise self.error(f"the game needs a chance outcome '{kind}' but there are no more in {self.source}")
        entry = self._queue[0]
        if entry.get("chance") != kind:
            raise self.error(f"the game needs a chance outcome '{kind}' but the next one in {self.source} is '{entry.get('chance')}'")
        self._queue.popleft()
        return entry.get("value")

    def entries(self) -> list[dict[str, Any]]:
        """The outcomes not handed out yet."""
        return list(self._queue)

    def __len__(self) -> int:
        return len(self._queue)


def chance_entries(outcomes: Iterable[Any]) -> list[dict[str, Any]]:
    """``[("roll", 9), {"chance": "deal", "value": 37}, ...]`` as history entries; ValueError if one is neither."""
    entries = []
    for k, o in enumerate(outcomes):
        if isinstance(o, dict) and set(o) == {"chance", "value"}:
            kind, value = o["chance"], o["value"]
        elif isinstance(o, (tuple, list)) and len(o) == 2:
            kind, value = o
        else:
            raise ValueError(f"chance outcome {k} must be a (kind, value) pair or {{'chance': kind, 'value': v}}, got {o!r}")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"chance outcome {k}: the kind must be a name such as 'roll', got {kind!r}")
        entries.append({"chance": kind, "value": value})
    return entries


class ForcedChance(ChanceScript):
    """Chance outcomes a user fixed (``State.force_chance``): handed out in order, then the state's RNG again.

    Used as a context manager, it checks on leaving the block that the game asked for every outcome, and drops any
    left over either way.
    """

    source = "the forced outcomes"
    error = ChanceError
    then_rng = True

    def __init__(self, state: Any, entries: Iterable[dict[str, Any]]) -> None:
        super().__init__(entries)
        self._state = state

    def __enter__(self) -> ForcedChance:
        return self

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        left = self.entries()
        if self._state.script is self:
            self._state.script = None
        if exc is None and left:
            raise ChanceError(f"the game did not ask for {len(left)} forced chance outcome(s): {left}")
