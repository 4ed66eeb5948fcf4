"""Live games: the authoritative states, their seats, bots, clocks and subscribers.

Every change to a game goes through :meth:`Rooms.act` (or :meth:`Rooms.undo`) under the
game's lock: the action is checked by the engine on a copy of the state, the new history
entries are committed to storage, and only then is the copy made current, acknowledged and
broadcast. Each subscriber receives the view of its own seat only (see :mod:`.views`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple import record
from meeple.agents import Agent, agent_names, make_agent

# meeple.games is shadowed by the meeple.games package once a game is imported: use core's names.
from meeple.core import Game, IllegalAction, State
from meeple.core import games as game_names
from meeple.core import load as load_game

from .storage import Append, Conflict, Storage, StoredGame
from .views import seat_view

log = logging.getLogger("meeple.server")

HUMAN = "human"
BOT = "bot"
MAX_NAME = 40


class ServerError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(ServerError):
    status = 400


class Forbidden(ServerError):
    status = 403


class NotFound(ServerError):
    status = 404


class Unavailable(ServerError):
    status = 503


class Refused(ServerError):
    """Well-formed but not possible now: out of turn, stale, game over."""

    status = 409


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Subscriber:
    seat: int | None
    push: Callable[[dict[str, Any]], None]


@dataclass
class Live:
    stored: StoredGame
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    timeouts: dict[int, int] = field(default_factory=dict)
    deadline: float | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def ply(self) -> int:
        return len(self.state.history)

    def agent(self, seat: int) -> Agent:
        agent = self.agents.get(seat)
        name = self.stored.seats[seat]["agent"]
        if agent is None or getattr(agent, "name", name) != name:
            agent = self.agents[seat] = make_agent(name, seed=(self.stored.seed * 31 + seat) % (1 << 63))
        return agent

    def connected(self) -> list[bool]:
        on = [False] * self.stored.players
        for sub in self.subscribers:
            if sub.seat is not None:
                on[sub.seat] = True
        return on


def check_spec(spec: dict[str, Any]) -> tuple[Game, int, dict[str, Any], list[dict[str, Any]]]:
    """The game, player count, options and seats of a new-game request; BadRequest if invalid."""
    name = spec.get("game")
    if name not in game_names():
        raise BadRequest(f"no game called {name!r}; available: {', '.join(game_names())}")
    game = load_game(name)
    try:
        players = spec.get("players", game.min_players)
        game.check_players(players)
        options = game.check_options(spec.get("options") or {})
    except ValueError as e:
        raise BadRequest(str(e)) from None
    kinds = spec.get("seats") or [HUMAN] + ["random"] * (players - 1)
    names = spec.get("names") or [""] * players
    if not isinstance(kinds, list) or len(kinds) != players:
        raise BadRequest(f"seats must list {players} entries (human or a bot: {', '.join(agent_names())})")
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise BadRequest(f"names must list {players} strings")
    seats = []
    for i, (kind, nick) in enumerate(zip(kinds, names, strict=True)):
        if kind == HUMAN:
            seats.append({"kind": HUMAN, "agent": None, "name": nick.strip()[:MAX_NAME], "token": None, "joined": False})
        elif kind in agent_names():
            seats.append({"kind": BOT, "agent": kind, "name": nick.strip()[:MAX_NAME] or kind, "token": None, "joined": True})
        else:
            raise BadRequest(f"seat {i}: {kind!r} is neither human nor a bot ({', '.join(agent_names())})")
    return game, players, options, seats


def revealed(before: State, action: str, after: dict[str, Any], seat: int, worlds: int = 4) -> bool:
    """Whether playing ``action`` showed ``seat`` anything: in worlds ``seat`` cannot tell from ``before``
    (``determinize``), the same action must lead to the same observation, or its outcome depended on a secret."""
    for k in range(worlds):
        world = before.determinize(seat, seed=k + 1)
        try:
            world.apply(action)
        except ValueError:
            return True
        if world.observation(seat) != after:
            return True
    return False


class Rooms:
    """All live games of one server process."""

    def __init__(self, storage: Storage, bot_delay: float = 0.0, zombie_agent: str = "random") -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.zombie_agent = zombie_agent
        self.live: dict[str, Live] = {}
        self._loading = asyncio.Lock()
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """Rebuild every unfinished game from its record and restart its bots and clocks."""
        ids = await asyncio.to_thread(self.storage.ids, over=False)
        for game_id in ids:
            try:
                live = await self.get(game_id)
            except ServerError as e:
                log.error("game %s does not resume: %s", game_id, e.message)
                continue
            self._schedule(live)
        return len(ids)

    async def close(self) -> None:
        for live in self.live.values():
            for task in (live.bot_task, live.clock_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            return live
        async with self._loading:
            live = self.live.get(game_id)
            if live is None:
                stored = await asyncio.to_thread(self.storage.load, game_id)
                if stored is None:
                    raise NotFound(f"no game {game_id!r}")
                try:
                    state = await asyncio.to_thread(record.replay, stored.record())
                except ValueError as e:
                    raise ServerError(f"game {game_id} does not replay: {e}") from None
                live = self.live[game_id] = Live(stored, state)
        return live

    # -- creating and joining -------------------------------------------------------------------

    async def create(self, spec: dict[str, Any]) -> tuple[Live, dict[int, str]]:
        """A new game; returns it and the secret token of each human seat."""
        game, players, options, seats = check_spec(spec)
        seed = spec.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 63):
            raise BadRequest("seed must be a non-negative integer below 2**63")
        clock = spec.get("clock")
        if clock is not None and (not isinstance(clock, (int, float)) or isinstance(clock, bool) or not 0 < clock <= 86400):
            raise BadRequest("clock must be a number of seconds per move, above 0 and at most 86400")
        try:
            state = game.new_game(players=players, seed=seed if seed is not None else secrets.randbits(48), **options)
        except ValueError as e:  # e.g. a free-form option's value the game cannot set up with
            raise BadRequest(str(e)) from None
        tokens = {}
        for i, seat in enumerate(seats):
            if seat["kind"] == HUMAN:
                tokens[i] = secrets.token_urlsafe(24)
                seat["token"] = hash_token(tokens[i])
        stored = StoredGame(
            id=secrets.token_hex(6), game=game.name, version=game.version, players=players, seed=state.seed, options=state.options, seats=seats,
            open=bool(spec.get("open", False)), clock=None if clock is None else float(clock), over=state.is_over, result=None,
            created=time.time(), history=list(state.history), deciders=[None] * len(state.history),
        )  # fmt: skip
        await asyncio.to_thread(self.storage.create, stored)
        live = self.live[stored.id] = Live(stored, state)
        self._schedule(live)
        return live, tokens

    def check_token(self, live: Live, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < live.stored.players:
            raise BadRequest(f"seat must be an integer in 0..{live.stored.players - 1}")
        expected = live.stored.seats[seat].get("token")
        if not isinstance(token, str) or expected is None or not hmac.compare_digest(hash_token(token), expected):
            raise Forbidden(f"that is not the token of seat {seat}")
        return seat

    async def claim(self, live: Live, seat: int) -> None:
        """Mark a seat as taken once its holder has connected."""
        info = live.stored.seats[seat]
        if not info["joined"]:
            info["joined"] = True
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)

    async def join_open(self, live: Live, seat: Any, name: Any) -> str:
        """Take a free human seat of an open game; returns the seat's new token."""
        if not live.stored.open:
            raise Forbidden("this game is by invitation only")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < live.stored.players:
            raise BadRequest(f"seat must be an integer in 0..{live.stored.players - 1}")
        async with live.lock:
            info = live.stored.seats[seat]
            if info["kind"] != HUMAN or info["joined"]:
                raise Refused(f"seat {seat} is not free")
            token = secrets.token_urlsafe(24)
            info.update(token=hash_token(token), joined=True)
            if isinstance(name, str) and name.strip():
                info["name"] = name.strip()[:MAX_NAME]
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        self.broadcast(live)
        return token

    async def leave(self, live: Live, seat: int) -> None:
        """A human leaves for good: a bot plays the seat from now on."""
        async with live.lock:
            info = live.stored.seats[seat]
            info.update(kind=BOT, agent=self.zombie_agent, token=None, name=(info.get("name") or "") + " (bot)")
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        self.broadcast(live)
        self._schedule(live)

    # -- playing ---------------------------------------------------------------------------------

    async def act(self, live: Live, seat: int, text: Any, ply: Any = None, by_bot: bool = False) -> int:
        """Play ``text`` for ``seat`` (whose token was checked); returns the new ply once committed."""
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise BadRequest("action must be a non-empty notation string of at most 200 characters")
        if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)):
            raise BadRequest("ply must be an integer (the ply of the view the action was chosen in)")
        async with live.lock:
            state = live.state
            if state.is_over:
                raise Refused("the game is over")
            if ply is not None and ply != live.ply:
                raise Refused(f"stale move: the game is at ply {live.ply}, not {ply}")
            if state.current_player != seat:
                raise Refused(f"it is not seat {seat}'s turn (seat {state.current_player} is to move)")
            if not by_bot and live.stored.seats[seat]["kind"] != HUMAN:
                raise Refused(f"seat {seat} is played by a bot")
            after = state.clone()
            try:
                after.apply(text)
            except IllegalAction as e:
                raise BadRequest(str(e)) from None
            # shielded: once the commit is under way, memory must follow the database even if the caller goes away
            return await asyncio.shield(self._commit(live, seat, after))

    async def _commit(self, live: Live, seat: int, after: State) -> int:
        start = live.ply
        entries = after.history[start:]
        result = after.result()
        item = Append(live.id, start, entries, seat, after.is_over, None if result is None else result.to_dict())
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((item, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        try:
            await done
        except Conflict as e:
            raise Refused(str(e)) from None
        live.state = after
        live.stored.history.extend(entries)
        live.stored.deciders.extend([seat] + [None] * (len(entries) - 1))
        live.stored.over = after.is_over
        live.stored.result = item.result
        self.broadcast(live)
        self._schedule(live)
        return live.ply

    async def _write(self) -> None:
        """Group commit: the appends of all games that arrive while a commit runs share the next one."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                errors: list[Exception | None] = await asyncio.to_thread(self.storage.append_batch, [item for item, _ in batch])
            except Exception as e:  # the database is down: every waiting action fails, none is acknowledged
                log.exception("commit failed")
                errors = [Unavailable(f"the database refused the commit, nothing was played: {e}")] * len(batch)
            for (_, done), error in zip(batch, errors, strict=True):
                if not done.done():
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)

    def can_undo(self, live: Live, seat: int | None) -> bool:
        """One's own last decision may be taken back when nothing was revealed and the turn did not pass."""
        s = live.stored
        return (
            seat is not None
            and not live.state.is_over
            and s.seats[seat]["kind"] == HUMAN
            and bool(s.history)
            and isinstance(s.history[-1], str)
            and s.deciders[-1] == seat
            and live.state.current_player == seat
        )

    async def undo(self, live: Live, seat: int) -> int:
        async with live.lock:
            if not self.can_undo(live, seat):
                raise Refused("nothing to undo: only your own last decision, if it revealed nothing and kept your turn")
            before = await asyncio.to_thread(record.replay, live.stored.record(), live.ply - 1)
            if before.current_player != seat:
                raise Refused("that decision cannot be undone")
            if await asyncio.to_thread(revealed, before, live.stored.history[-1], live.state.observation(seat), seat):
                raise Refused("that decision showed you something you did not know: it cannot be undone")
            return await asyncio.shield(self._truncate(live, before))

    async def _truncate(self, live: Live, before: State) -> int:
        await asyncio.to_thread(self.storage.truncate, live.id, live.ply - 1)
        live.state = before
        live.stored.history.pop()
        live.stored.deciders.pop()
        self.broadcast(live)
        self._schedule(live)
        return live.ply

    # -- bots and clocks --------------------------------------------------------------------------

    def _schedule(self, live: Live) -> None:
        if live.clock_task is not None:
            live.clock_task.cancel()
            live.clock_task = None
            live.deadline = None
        state = live.state
        if state.is_over:
            return
        seat = state.current_player
        assert seat is not None
        if live.stored.seats[seat]["kind"] == BOT:
            if live.bot_task is None or live.bot_task.done():
                live.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(live))
        elif live.stored.clock:
            loop = asyncio.get_running_loop()
            live.deadline = loop.time() + live.stored.clock
            live.clock_task = loop.create_task(self._clock(live, seat, live.ply, live.stored.clock))

    async def _bot_turns(self, live: Live) -> None:
        while not live.state.is_over:
            seat = live.state.current_player
            assert seat is not None
            if live.stored.seats[seat]["kind"] != BOT:
                return
            await asyncio.sleep(self.bot_delay)
            ply = live.ply
            if live.state.current_player != seat or live.state.is_over:
                continue
            try:
                action = await asyncio.to_thread(live.agent(seat).act, live.state.clone())
            except Exception:  # a broken bot must not stall the game: this move is played at random
                log.exception("bot %s in game %s failed; a random move is played instead", live.stored.seats[seat]["agent"], live.id)
                action = await asyncio.to_thread(make_agent("random", seed=ply).act, live.state.clone())
            try:
                await self.act(live, seat, str(action), ply, by_bot=True)
            except ServerError as e:
                if ply == live.ply:  # nobody else moved: the bot itself is at fault; stop rather than spin
                    log.error("bot %s in game %s failed: %s", live.stored.seats[seat]["agent"], live.id, e.message)
                    return

    async def _clock(self, live: Live, seat: int, ply: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if live.ply != ply or live.state.is_over:
            return
        live.clock_task = None  # this task must not cancel itself through _schedule
        live.timeouts[seat] = live.timeouts.get(seat, 0) + 1
        agent = make_agent(self.zombie_agent, seed=ply)
        action = await asyncio.to_thread(agent.act, live.state.clone())
        with contextlib.suppress(ServerError):
            await self.act(live, seat, str(action), ply, by_bot=True)

    # -- views -----------------------------------------------------------------------------------

    def view(self, live: Live, seat: int | None) -> dict[str, Any]:
        remaining = None
        if live.deadline is not None:
            remaining = max(0.0, live.deadline - asyncio.get_running_loop().time())
        return seat_view(live, seat, can_undo=self.can_undo(live, seat), remaining=remaining)

    def subscribe(self, live: Live, seat: int | None, push: Callable[[dict[str, Any]], None]) -> Subscriber:
        sub = Subscriber(seat, push)
        live.subscribers.append(sub)
        self.broadcast(live)
        return sub

    def unsubscribe(self, live: Live, sub: Subscriber) -> None:
        with contextlib.suppress(ValueError):
            live.subscribers.remove(sub)
        self.broadcast(live)
        if live.state.is_over and not live.subscribers and self.live.get(live.id) is live:
            del self.live[live.id]  # a finished game nobody watches lives on in storage only (rebuilt on demand)

    def broadcast(self, live: Live) -> None:
        views: dict[int | None, dict[str, Any]] = {}
        for sub in list(live.subscribers):
            if sub.seat not in views:
                try:
                    views[sub.seat] = self.view(live, sub.seat)
                except Exception as e:  # an engine bug in observation(): say so rather than drop the connection
                    log.exception("game %s: the view of seat %s failed", live.id, sub.seat)
                    views[sub.seat] = {"type": "error", "code": "server", "message": f"this game cannot be shown: {type(e).__name__}: {e}"}
            sub.push(views[sub.seat])
