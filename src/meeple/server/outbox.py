"""One connection's outgoing messages: a newer view replaces an older one not yet sent, nothing else is dropped.

A view is a whole snapshot, so a slow reader only ever needs the newest; it may be pushed as a dict or as a
function that builds it (as a dict or as its JSON text), called only when the view is about to be sent (a connection that is behind builds only
the newest view, not every one it missed). Acknowledgements, errors and pongs each answer one message of the
client's and are all delivered, in order. A client that sends faster than it reads until ``limit`` answers are
waiting is told so with a close frame (1008), never by a silent drop.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable
from typing import Any

Message = dict[str, Any]
Outgoing = Message | Callable[[], Message | str]


class Overflow(Exception):
    pass


def is_view(message: Outgoing) -> bool:
    return callable(message) or message.get("type") == "state"


class Outbox:
    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._items: deque[tuple[bool, Outgoing]] = deque()
        self._ready = asyncio.Event()
        self._answers = 0
        self.overflowed = False

    def push(self, message: Outgoing) -> None:
        view = is_view(message)
        if view:
            if any(v for v, _ in self._items):
                self._items = deque(item for item in self._items if not item[0])
        else:
            self._answers += 1
            if self._answers > self.limit:
                self.overflowed = True
        self._items.append((view, message))
        self._ready.set()

    def __len__(self) -> int:
        return len(self._items)

    def take(self) -> Message | str | None:
        if not self._items:
            return None
        view, message = self._items.popleft()
        if not view:
            self._answers -= 1
        return message() if callable(message) else message

    async def next(self) -> Message | str:
        while True:
            if self.overflowed:
                raise Overflow(f"more than {self.limit} replies unread")
            message = self.take()
            if message is not None:
                return message
            self._ready.clear()
            await self._ready.wait()


def encode(message: Message | str) -> str:
    """The text of a message to send: a view built as JSON text is sent as it is."""
    return message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
