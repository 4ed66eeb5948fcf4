"""The server's garbage collector runs on a timer (server/collector.py): young collections small and often, the
automatic trigger off while the server runs, and everything as it was once the server stops."""

from __future__ import annotations

import asyncio
import gc

from meeple.server import collector
from meeple.server.collector import PacedCollector


def test_collections_come_from_the_timer_and_stop_with_the_server(monkeypatch) -> None:
    monkeypatch.setattr(collector, "MIDDLE_EVERY", 3)
    monkeypatch.setattr(collector, "FULL_EVERY", 7)
    seen: list[int] = []

    def record(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append(info["generation"])

    async def serve() -> tuple[bool, list[int]]:
        paced = PacedCollector()
        paced.start()
        enabled_while_serving = gc.isenabled()
        junk = [[i] for i in range(50_000)]  # enough new objects that the automatic trigger would have fired
        del junk
        await asyncio.sleep(collector.YOUNG_EVERY * 15)
        await paced.stop()
        return enabled_while_serving, list(seen)

    assert gc.isenabled()
    gc.callbacks.append(record)
    try:
        enabled_while_serving, during = asyncio.run(serve())
    finally:
        gc.callbacks.remove(record)
    assert not enabled_while_serving
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert len(during) >= 10, during  # one a tick
    assert 1 in during and 2 in during  # the middle and the full ones come on their ticks
    assert during.count(0) > during.count(1) > 0
