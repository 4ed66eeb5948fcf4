"""The HTTP and WebSocket API, and the static browser UI.

REST (JSON; every POST body is ``application/json``; every refusal is ``{"error": message}`` with a 4xx status):
    GET  /api/meta                          games, their options, bots, languages, this server's limits
    GET  /api/i18n/{lang}                   a message catalogue
    GET  /api/boards/{game}                 static board facts, for games that define ``board_data()``
    GET  /api/games                         the lobby: recent games, public facts only
    POST /api/games                         new game -> id, the creator's seat, tokens, invitations
    GET  /api/games/{id}                    a lobby line
    POST /api/games/{id}/view               {seat, token} -> that seat's view ({} or seat null: spectator)
    POST /api/games/{id}/act                {seat, token, action, ply} -> new ply, once committed
    POST /api/games/{id}/undo               {seat, token, ply}
    POST /api/games/{id}/join               {seat, name} -> token (seats offered as open only)
    POST /api/games/{id}/claim              {seat, invite | previous_token, name} -> token (once per seat)
    POST /api/games/{id}/invite             {seat, token, for} -> a new invitation for an unclaimed seat (creator)
    POST /api/games/{id}/leave              {seat, token}: a bot takes the seat over
    POST /api/games/{id}/rematch            {seat, token} -> {id, seat, token} of the finished game's rematch
    GET  /api/games/{id}/record             the full record, once the game is over
    GET  /api/games/{id}/replay/{step}      the public view after ``step`` decisions of a finished game
WebSocket /ws/games/{id}: send {"type": "hello", "seat", "token"} (or seat null to watch), then
{"type": "act", "action", "ply"}, {"type": "undo", "ply"}, {"type": "leave"}, {"type": "ping"}; receive "state"
views, "ack", "error" and "pong" messages. See docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from meeple import i18n, record
from meeple.agents import agent_names
from meeple.core import games as game_names
from meeple.core import load as load_game

from .collector import PacedCollector
from .errors import BadRequest, Forbidden, NotFound, ServerError, TooLarge, WrongMediaType
from .guard import Guard, origin_allowed, quiet_client_faults
from .limits import Limits
from .outbox import Outbox, Overflow, encode
from .rooms import Live, Rooms, log
from .storage import Storage
from .views import summary
from .wire import MAX_BODY, MAX_MESSAGE, parse_object

__all__ = ["MAX_BODY", "MAX_MESSAGE", "create_app", "web_root"]

#: Close codes (RFC 6455): the frame's kind or content is not what this endpoint reads.
UNSUPPORTED, INVALID, POLICY, TOO_BIG, SERVER_ERROR = 1003, 1007, 1008, 1009, 1011


def web_root() -> Path:
    return Path(str(files("meeple").joinpath("web")))


def quick_handoff() -> None:
    """Hand the interpreter to the commit thread sooner. Each SQLite call of a commit releases and takes back the
    interpreter lock, and while the event loop is busy the thread waited the whole switch interval (5 ms) each
    time: a group commit of 1 ms took tens of milliseconds under load, and every move of the batch waited for it."""
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))


#: Seconds a thread holds the interpreter lock while another waits for it (Python's default is 0.005).
SWITCH_INTERVAL = 0.0005

def client_address(request: Request) -> str:
    return request.client.host if request.client else ""


def create_app(db: str = "meeple.sqlite3", bot_delay: float = 0.0, limits: Limits | None = None) -> FastAPI:
    limits = limits or Limits()
    quiet_client_faults()
    storage = Storage(db)
    rooms = Rooms(storage, bot_delay=bot_delay, limits=limits)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await rooms.resume_all()
        collector = PacedCollector()
        collector.start()
        quick_handoff()
        yield
        await collector.stop()
        await rooms.close()
        storage.close()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json", redoc_url=None)
    app.state.rooms = rooms
    app.add_middleware(Guard, max_body=MAX_BODY)

    def refused(request: Request, status: int, message: str) -> JSONResponse:
        log.info("%s %s refused (%d): %s", request.method, request.url.path[:80], status, message)
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError) -> JSONResponse:
        return refused(request, exc.status, exc.message)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "refused"
        return refused(request, exc.status_code if 400 <= exc.status_code < 500 else 400, message)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        where = ".".join(str(p) for p in errors[0].get("loc", ())) if errors else "request"
        return refused(request, 400, f"{where}: {errors[0].get('msg', 'invalid') if errors else 'invalid'}"[:200])

    async def body(request: Request) -> dict[str, Any]:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise WrongMediaType("a POST body must be sent as application/json")
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():  # read at most MAX_BODY, even without a Content-Length
            size += len(chunk)
            if size > MAX_BODY:
                raise TooLarge(f"the request body is over {MAX_BODY} bytes")
            chunks.append(chunk)
        return parse_object(b"".join(chunks), "the request body")

    async def seat_of(live: Live, data: dict[str, Any]) -> int:
        seat = rooms.check_token(live, data.get("seat"), data.get("token"))
        await rooms.bind(live, seat)
        return seat

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        out = []
        for name in game_names():
            game = load_game(name)
            choices = {k: list(v) for k, v in game.option_choices.items()}
            out.append({"name": name, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
                        "options": dict(game.options), "option_choices": choices,
                        "option_presets": {k: {json.dumps(v): dict(o) for v, o in p.items()} for k, p in game.option_presets.items()}})  # fmt: skip
        server_limits = {"min_clock": limits.min_clock, "max_clock": limits.max_clock, "creations_per_minute": limits.creations_per_minute,
                         "expire_after": limits.expire_after, "max_bot_seconds": limits.max_bot_seconds}  # fmt: skip
        return {"games": out, "agents": agent_names(), "languages": i18n.LANGUAGES, "limits": server_limits}

    @app.get("/api/boards/{name}")
    async def board(name: str) -> Any:
        """A game's static board facts (e.g. a map), when the game offers them as ``board_data()``."""
        if name not in game_names():
            raise NotFound(f"no game called {name[:40]!r}")
        data = getattr(load_game(name), "board_data", None)
        if not callable(data):
            raise NotFound(f"{name} publishes no board data; its view draws from the observation alone")
        return data()

    @app.get("/api/i18n/{lang}")
    async def catalogue(lang: str) -> dict[str, Any]:
        if lang not in i18n.LANGUAGES:
            raise BadRequest(f"no language {lang[:20]!r}; available: {', '.join(i18n.LANGUAGES)}")
        return {"lang": lang, "dir": i18n.direction(lang), "messages": i18n.catalogue(lang)}

    @app.get("/api/games")
    async def lobby() -> list[dict[str, Any]]:
        stored = await asyncio.to_thread(storage.summaries)
        return [summary(g, rooms.live.get(g.id)) for g in stored]

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        _live, reply = await rooms.create(await body(request), client_address(request))
        return reply

    @app.get("/api/games/{game_id}")
    async def one(game_id: str) -> dict[str, Any]:
        live = await rooms.get(game_id)
        return summary(live.stored, live)

    @app.post("/api/games/{game_id}/view")
    async def view(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        seat = None if data.get("seat") is None else await seat_of(live, data)
        return rooms.view(live, seat)

    @app.post("/api/games/{game_id}/act")
    async def act(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        seat = await seat_of(live, data)
        ply = await rooms.act(live, seat, data.get("action"), data.get("ply"))
        return {"ok": True, "ply": ply}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        seat = await seat_of(live, data)
        return {"ok": True, "ply": await rooms.undo(live, seat, data.get("ply"))}

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        token = await rooms.join_open(live, data.get("seat"), data.get("name"))
        return {"seat": data["seat"], "token": token}

    @app.post("/api/games/{game_id}/claim")
    async def claim(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        token = await rooms.claim(live, data.get("seat"), data.get("invite"), data.get("previous_token"), data.get("name"))
        return {"seat": data["seat"], "token": token}

    @app.post("/api/games/{game_id}/invite")
    async def invite(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        by = rooms.check_token(live, data.get("seat"), data.get("token"))
        return {"seat": data.get("for"), "invite": await rooms.invite(live, by, data.get("for"))}

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        seat = await seat_of(live, await body(request))
        await rooms.leave(live, seat)
        return {"ok": True}

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        seat = rooms.check_token(live, (data := await body(request)).get("seat"), data.get("token"))
        return await rooms.rematch(live, seat)

    def finished(live: Live) -> bool:
        return live.state.is_over or live.stored.abandoned

    @app.get("/api/games/{game_id}/record")
    async def game_record(game_id: str) -> dict[str, Any]:
        live = await rooms.get(game_id)
        if not finished(live):
            raise Forbidden("the record holds hidden information: it is public once the game is over")
        return record.make(live.state, seats=[s["agent"] or "human" for s in live.stored.seats], id=live.id)

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_step(game_id: str, step: int) -> dict[str, Any]:
        live = await rooms.get(game_id)
        if not finished(live):
            raise Forbidden("a game can be replayed once it is over")
        history = live.stored.history
        decisions = [i for i, e in enumerate(history) if isinstance(e, str)]
        if not 0 <= step <= len(decisions):
            raise BadRequest(f"step must be in 0..{len(decisions)}")
        upto = decisions[step] if step < len(decisions) else len(history)
        state = await asyncio.to_thread(record.replay, live.stored.record(), upto)
        last = decisions[step - 1] if step else None
        return {
            "step": step,
            "steps": len(decisions),
            "action": None if last is None else history[last],
            "seat": None if last is None else live.stored.deciders[last],
            "current_player": state.current_player,
            "observation": state.observation(None),
            "result": None if step < len(decisions) else live.stored.result,
        }

    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        if not origin_allowed(ws.headers, limits.allowed_origins):
            log.info("ws %s refused: origin %r is not this server's", game_id[:40], ws.headers.get("origin", "")[:80])
            await ws.close(code=POLICY)  # before accepting: the browser sees the handshake refused (HTTP 403)
            return
        await ws.accept()
        try:
            live = await rooms.get(game_id)
        except ServerError as e:
            await ws.send_json({"type": "error", "code": e.code, "message": e.message, "ref": None})
            await ws.close()
            return
        await Connection(ws, live, rooms).run()

    app.mount("/", StaticFiles(directory=web_root(), html=True), name="web")
    return app


def check_ref(msg: dict[str, Any]) -> Any:
    """A message's ``ref`` is echoed in its answer: a short string or an integer, or absent."""
    ref = msg.get("ref")
    if ref is None or (isinstance(ref, int) and not isinstance(ref, bool)) or (isinstance(ref, str) and len(ref) <= 64):
        return ref
    raise BadRequest("ref must be an integer or a string of at most 64 characters")


class Connection:
    """One WebSocket viewer: its seat, its outbox and the loop that reads its messages."""

    def __init__(self, ws: WebSocket, live: Live, rooms: Rooms) -> None:
        self.ws, self.live, self.rooms = ws, live, rooms
        self.outbox = Outbox()
        self.seat: int | None = None
        self.sub: Any = None
        self.close_code: tuple[int, str] | None = None

    async def writer(self) -> None:
        try:
            while True:
                await self.ws.send_text(encode(await self.outbox.next()))
        except Overflow as e:
            self.close_code = (POLICY, str(e))
            with contextlib.suppress(Exception):
                await self.ws.close(code=POLICY, reason=str(e))

    async def run(self) -> None:
        sender = asyncio.get_running_loop().create_task(self.writer())
        try:
            while self.close_code is None:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame
                    self.close_code = (UNSUPPORTED, "binary frames are not read: send JSON text")
                    log.info("ws %s closed: a binary frame", self.live.id)
                    break
                await self.handle(text)
        except WebSocketDisconnect:
            pass
        except Exception:  # a bug of ours: the client gets a close frame saying so, the log the traceback
            log.exception("ws %s: unexpected error", self.live.id)
            self.close_code = (SERVER_ERROR, "server error")
        finally:
            if self.sub is not None:
                self.rooms.unsubscribe(self.live, self.sub)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            with contextlib.suppress(Exception):  # let the last answers go out before the socket closes
                while (pending := self.outbox.take()) is not None and self.ws.client_state == WebSocketState.CONNECTED:
                    await asyncio.wait_for(self.ws.send_text(encode(pending)), 1)
            if self.close_code is not None and self.ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code[0], reason=self.close_code[1])

    async def handle(self, raw: str) -> None:
        msg: Any = None
        try:
            msg = parse_object(raw, "the message", MAX_MESSAGE)
            ref = check_ref(msg)
            kind = msg.get("type")
            live, rooms = self.live, self.rooms
            if kind == "hello":
                if self.sub is not None:
                    raise BadRequest("hello was already said on this connection")
                if msg.get("seat") is not None:
                    self.seat = rooms.check_token(live, msg.get("seat"), msg.get("token"))
                    await rooms.bind(live, self.seat)
                self.sub = rooms.subscribe(live, self.seat, self.outbox.push)
            elif kind == "ping":
                self.outbox.push({"type": "pong", "ref": ref})
            elif self.sub is None:
                raise BadRequest("say hello first: {'type': 'hello', 'seat': N, 'token': '...'}")
            elif kind in ("act", "undo", "leave"):
                if self.seat is None:
                    raise Forbidden(f"spectators cannot {kind}")
                if kind == "act":
                    ply = await rooms.act(live, self.seat, msg.get("action"), msg.get("ply"))
                elif kind == "undo":
                    ply = await rooms.undo(live, self.seat, msg.get("ply"))
                else:
                    await rooms.leave(live, self.seat)
                    ply = live.ply
                self.outbox.push({"type": "ack", "ply": ply, "ref": ref})
            else:
                raise BadRequest(f"unknown message type {str(kind)[:40]!r}")
        except ServerError as e:
            log.info("ws %s refused: %s", self.live.id, e.message)
            ref = msg.get("ref") if isinstance(msg, dict) and isinstance(msg.get("ref"), (int, str)) and not isinstance(msg.get("ref"), bool) else None
            if isinstance(ref, str) and len(ref) > 64:
                ref = None
            self.outbox.push({"type": "error", "code": e.code, "message": e.message, "ref": ref})
