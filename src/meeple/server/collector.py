"""The garbage collector on a timer, so that no collection stalls the event loop long enough to be felt.

Python starts a young collection when allocations outnumber deallocations by a threshold. A server holding a
thousand games replaces each game's state at every move and frees the old one, and a freed old object counts
against the threshold: the young generation grew to some 60,000 objects (the new states, waiting coroutines)
before a collection came, and each one held the loop for 40-130 ms (benchmarks/server_load.py, 1,000 games; about
four a minute at the 99th percentile of act->ack). On a timer each young collection sees only what was made since
the last tick (a few thousand objects, a millisecond or two), the middle generation is swept every few seconds, and
the full collection, the one pause that grows with the number of games held, comes once every few minutes.

Objects loaded at start (modules, resumed games) are frozen out of every generation first.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc

#: Seconds between young collections, and how many young ones pass between a middle and a full one.
YOUNG_EVERY = 0.05
MIDDLE_EVERY = 40  # 2 s
FULL_EVERY = 6_000  # 5 min


class PacedCollector:
    """While running, the collector's automatic trigger is off and collections come from a task of the loop."""

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None
        self._was_enabled = gc.isenabled()

    def start(self) -> None:
        gc.freeze()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(YOUNG_EVERY)
            ticks += 1
            gc.collect(2 if ticks % FULL_EVERY == 0 else 1 if ticks % MIDDLE_EVERY == 0 else 0)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._was_enabled:
            gc.enable()
        gc.unfreeze()
