"""The HTTP and WebSocket API, and the static browser UI.

REST (JSON):
    GET  /api/meta                          games, their options, bots, languages
    GET  /api/i18n/{lang}                   a message catalogue
    GET  /api/boards/{game}                 static board facts, for games that define ``board_data()``
    GET  /api/games                         the lobby: recent games, public facts only
    POST /api/games                         new game -> id and one secret token per human seat
    GET  /api/games/{id}                    a lobby line
    POST /api/games/{id}/view               {seat, token} -> that seat's view ({} or seat null: spectator)
    POST /api/games/{id}/act                {seat, token, action, ply} -> new ply, once committed
    POST /api/games/{id}/undo               {seat, token}
    POST /api/games/{id}/join               {seat, name} -> token (open games only)
    POST /api/games/{id}/leave              {seat, token}: a bot takes the seat over
    GET  /api/games/{id}/record             the full record, once the game is over
    GET  /api/games/{id}/replay/{step}      the public view after ``step`` decisions of a finished game
WebSocket /ws/games/{id}: send {"type": "hello", "seat", "token"} (or seat null to watch), then
{"type": "act", "action", "ply"}, {"type": "undo"}, {"type": "leave"}; receive "state" views,
"ack" and "error" messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from meeple import i18n, record
from meeple.agents import agent_names
from meeple.core import games as game_names
from meeple.core import load as load_game

from .rooms import BadRequest, Forbidden, Live, NotFound, Rooms, ServerError, log
from .storage import Storage
from .views import summary

MAX_BODY = 16 * 1024


class TooLarge(ServerError):
    status = 413


MAX_MESSAGE = 4 * 1024
QUEUE = 16


def web_root() -> Path:
    return Path(str(files("meeple").joinpath("web")))


def create_app(db: str = "meeple.sqlite3", bot_delay: float = 0.0) -> FastAPI:
    storage = Storage(db)
    rooms = Rooms(storage, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await rooms.resume_all()
        yield
        await rooms.close()
        storage.close()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json", redoc_url=None)
    app.state.rooms = rooms

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": f"request body over {MAX_BODY} bytes"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"}, status_code=500)

    async def body(request: Request) -> dict[str, Any]:
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():  # read at most MAX_BODY, even without a Content-Length
            size += len(chunk)
            if size > MAX_BODY:
                raise TooLarge(f"request body over {MAX_BODY} bytes")
            chunks.append(chunk)
        raw = b"".join(chunks)
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BadRequest("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise BadRequest("the request body must be a JSON object")
        return data

    async def seat_of(live: Live, data: dict[str, Any]) -> int:
        seat = rooms.check_token(live, data.get("seat"), data.get("token"))
        await rooms.claim(live, seat)
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
        return {"games": out, "agents": agent_names(), "languages": i18n.LANGUAGES}

    @app.get("/api/boards/{name}")
    async def board(name: str) -> Any:
        """A game's static board facts (e.g. a map), when the game offers them as ``board_data()``."""
        if name not in game_names():
            raise NotFound(f"no game called {name!r}")
        data = getattr(load_game(name), "board_data", None)
        if not callable(data):
            raise NotFound(f"{name} publishes no board data; its view draws from the observation alone")
        return data()

    @app.get("/api/i18n/{lang}")
    async def catalogue(lang: str) -> dict[str, Any]:
        if lang not in i18n.LANGUAGES:
            raise BadRequest(f"no language {lang!r}; available: {', '.join(i18n.LANGUAGES)}")
        return {"lang": lang, "dir": i18n.direction(lang), "messages": i18n.catalogue(lang)}

    @app.get("/api/games")
    async def lobby() -> list[dict[str, Any]]:
        stored = await asyncio.to_thread(storage.summaries)
        return [summary(g, rooms.live.get(g.id)) for g in stored]

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        live, tokens = await rooms.create(await body(request))
        return {"id": live.id, "tokens": {str(k): v for k, v in tokens.items()}}

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
        seat = await seat_of(live, await body(request))
        return {"ok": True, "ply": await rooms.undo(live, seat)}

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        data = await body(request)
        token = await rooms.join_open(live, data.get("seat"), data.get("name"))
        return {"seat": data["seat"], "token": token}

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, request: Request) -> dict[str, Any]:
        live = await rooms.get(game_id)
        seat = await seat_of(live, await body(request))
        await rooms.leave(live, seat)
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def game_record(game_id: str) -> dict[str, Any]:
        live = await rooms.get(game_id)
        if not live.state.is_over:
            raise Forbidden("the record holds hidden information: it is public once the game is over")
        return record.make(live.state, seats=[s["agent"] or "human" for s in live.stored.seats], id=live.id)

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_step(game_id: str, step: int) -> dict[str, Any]:
        live = await rooms.get(game_id)
        if not live.state.is_over:
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
        await ws.accept()
        try:
            live = await rooms.get(game_id)
        except ServerError as e:
            await ws.send_json({"type": "error", "message": e.message})
            await ws.close()
            return
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE)

        def push(message: dict[str, Any]) -> None:
            if queue.full():  # views are whole snapshots: a slow reader only needs the newest
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(message)

        async def writer() -> None:
            while True:
                await ws.send_json(await queue.get())

        seat: int | None = None
        sub = None
        sender = asyncio.get_running_loop().create_task(writer())
        try:
            while True:
                raw = await ws.receive_text()
                msg: Any = None
                try:
                    if len(raw) > MAX_MESSAGE:
                        raise BadRequest(f"message over {MAX_MESSAGE} bytes")
                    try:
                        msg = json.loads(raw)
                    except json.JSONDecodeError:
                        raise BadRequest("the message is not JSON") from None
                    if not isinstance(msg, dict):
                        raise BadRequest("a message is a JSON object with a 'type'")
                    kind = msg.get("type")
                    if kind == "hello":
                        if sub is not None:
                            raise BadRequest("hello was already said on this connection")
                        if msg.get("seat") is not None:
                            seat = await seat_of(live, msg)
                        sub = rooms.subscribe(live, seat, push)
                    elif sub is None:
                        raise BadRequest("say hello first: {'type': 'hello', 'seat': N, 'token': '...'}")
                    elif kind == "act":
                        if seat is None:
                            raise Forbidden("spectators cannot act")
                        ply = await rooms.act(live, seat, msg.get("action"), msg.get("ply"))
                        push({"type": "ack", "ply": ply, "ref": msg.get("ref")})
                    elif kind == "undo":
                        if seat is None:
                            raise Forbidden("spectators cannot undo")
                        push({"type": "ack", "ply": await rooms.undo(live, seat), "ref": msg.get("ref")})
                    elif kind == "leave":
                        if seat is None:
                            raise Forbidden("spectators have no seat to leave")
                        await rooms.leave(live, seat)
                        push({"type": "ack", "ply": live.ply, "ref": msg.get("ref")})
                    elif kind == "ping":
                        push({"type": "pong"})
                    else:
                        raise BadRequest(f"unknown message type {kind!r}")
                except ServerError as e:
                    code = {403: "forbidden", 404: "not_found", 409: "refused"}.get(e.status, "bad_request")
                    ref = msg.get("ref") if isinstance(msg, dict) else None
                    push({"type": "error", "code": code, "message": e.message, "ref": ref})
        except WebSocketDisconnect:
            pass
        finally:
            if sub is not None:
                rooms.unsubscribe(live, sub)
            # let the last error or ack go out before the socket closes
            with contextlib.suppress(Exception):
                while not queue.empty():
                    await asyncio.wait_for(ws.send_json(queue.get_nowait()), 1)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    app.mount("/", StaticFiles(directory=web_root(), html=True), name="web")
    return app
