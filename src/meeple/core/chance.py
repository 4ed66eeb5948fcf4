"""Chance outcomes: drawn from the state's RNG in play, read back from a record in replay.

Every chance outcome is appended to ``state.history`` as ``{"chance": kind, "value": v}``.
Replaying a record feeds those entries back through a :class:`ChanceScript`, so a record
replays identically even if the RNG algorithm ever changes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from .errors import RecordError


def is_chance(entry: Any) -> bool:
    return isinstance(entry, dict) and "chance" in entry


class ChanceScript:
    """The chance outcomes of a record, handed out in order."""

    def __init__(self, entries: Iterable[dict[str, Any]]) -> None:
        self._queue: deque[dict[str, Any]] = deque(entries)

    def take(self, kind: str) -> Any:
        if not self._queue:
            raise RecordError(f"the game needs a chance outcome '{kind}' but the record has no more")
        entry = self._queue.popleft()
        if entry.get("chance") != kind:
            raise RecordError(f"the game needs a chance outcome '{kind}' but the record has '{entry.get('chance')}'")
        return entry.get("value")

    def __len__(self) -> int:
        return len(self._queue)
