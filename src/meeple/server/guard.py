"""The outermost layer of every HTTP request: an oversized body is refused before it is read, and an error of
ours becomes one JSON 500 (logged once with its traceback) instead of a dropped connection; the Origin rule of
the WebSocket."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("meeple.server")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class Guard:
    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_body):
                log.info("%s %s refused (413): body of %s bytes", scope.get("method"), scope.get("path", "")[:80], value[:20].decode("latin-1"))
                await _json(send, 413, {"error": f"the request body is over {self.max_body} bytes"})
                return
        started = False

        async def watch(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception:
            ref = secrets.token_hex(4)
            log.exception("internal error %s on %s %s", ref, scope.get("method"), scope.get("path", "")[:80])
            if not started:
                await _json(send, 500, {"error": f"internal error {ref}: the server logged it"})


async def _json(send: Send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


class ClientFault(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 with a traceback (then closes it with 1007, as it should): it
    is the client's fault, so one line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.exc_info = None
            record.exc_text = None
        return True


def quiet_client_faults() -> None:
    server_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFault) for f in server_log.filters):
        server_log.addFilter(ClientFault())


def origin_allowed(headers: Mapping[str, str], allowed: tuple[str, ...]) -> bool:
    """A WebSocket may be opened by a page of this server (same host and port), by an origin on the allow-list,
    or by a client that is not a browser (browsers always send Origin; other clients cannot be lured cross-site)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc == headers.get("host")
