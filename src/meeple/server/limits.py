"""What one server allows, in one place: every limit is an option of ``create_app`` and of ``meeple serve``."""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass, field

from .errors import TooMany


def default_bot_workers() -> int:
    """One core stays with the event loop; the bots search on the others (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class Limits:
    #: New games one client address may create in a minute (0: no limit). Rematches are not counted.
    creations_per_minute: int = 20
    #: The shortest and longest per-move clock a game may have, in seconds.
    min_clock: float = 5.0
    max_clock: float = 86_400.0
    #: A game without a decision for this long is abandoned: it stops, its record is kept (0: never).
    expire_after: float = 7 * 86_400.0
    #: How often abandoned games are looked for, in seconds.
    sweep_every: float = 60.0
    #: Games held in memory; idle ones beyond it are dropped and rebuilt from storage on demand.
    max_live: int = 2_000
    #: Worker processes for bot decisions (``random`` moves are played in the server process).
    bot_workers: int = field(default_factory=default_bot_workers)
    #: The most a bot seat may be told to search: ``mcts:seconds=...`` and ``...:iterations=...``.
    max_bot_seconds: float = 10.0
    max_bot_iterations: int = 20_000
    #: Origins besides the server's own whose pages may open a WebSocket (e.g. behind a proxy).
    allowed_origins: tuple[str, ...] = ()


class RateLimit:
    """At most ``per_minute`` events per key in any sliding minute."""

    def __init__(self, per_minute: int, clock: object = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def check(self, key: str) -> None:
        """Count one event for ``key``, or raise TooMany (counting nothing) when it is over the limit."""
        if self.per_minute <= 0:
            return
        now = self.clock()  # type: ignore[operator]
        times = self._seen.setdefault(key, deque())
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.per_minute:
            wait = 60 - (now - times[0])
            raise TooMany(f"at most {self.per_minute} new games a minute from one address: try again in {wait:.0f} s")
        times.append(now)
        if len(self._seen) > 10_000:  # forget addresses that have been quiet for a minute
            self._seen = {k: v for k, v in self._seen.items() if v and v[-1] > now - 60}
