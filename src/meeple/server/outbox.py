"""One connection's outgoing messages: a newer view replaces an older one not yet sent, nothing else is dropped.

A view is a whole snapshot, so a slow reader only ever needs the newest; acknowledgements, errors and pongs each
answer one message of the client's and are all delivered, in order. A client that sends faster than it reads
until ``limit`` answers are waiting is told so with a close frame (1008), never by a silent drop.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any


class Overflow(Exception):
    pass


class Outbox:
    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._items: deque[dict[str, Any]] = deque()
        self._ready = asyncio.Event()
        self._answers = 0
        self.overflowed = False

    def push(self, message: dict[str, Any]) -> None:
        if message.get("type") == "state":
            if any(m.get("type") == "state" for m in self._items):
                self._items = deque(m for m in self._items if m.get("type") != "state")
        else:
            self._answers += 1
            if self._answers > self.limit:
                self.overflowed = True
        self._items.append(message)
        self._ready.set()

    def __len__(self) -> int:
        return len(self._items)

    def take(self) -> dict[str, Any] | None:
        if not self._items:
            return None
        message = self._items.popleft()
        if message.get("type") != "state":
            self._answers -= 1
        return message

    async def next(self) -> dict[str, Any]:
        while True:
            if self.overflowed:
                raise Overflow(f"more than {self.limit} replies unread")
            message = self.take()
            if message is not None:
                return message
            self._ready.clear()
            await self._ready.wait()
