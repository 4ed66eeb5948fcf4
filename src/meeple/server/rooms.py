"""Live games: the authoritative states, their seats, bots, clocks and subscribers.

Every change to a game goes through :meth:`Rooms.act` (or :meth:`Rooms.undo`) under the
game's lock: the action is checked by the engine on a copy of the state, the new history
entries are committed to storage, and only then is the copy made current, its next clock
set, acknowledged and broadcast. Each subscriber receives the view of its own seat only
(see :mod:`.views`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple import record
from meeple.agents import Agent, make_agent

# meeple.games is shadowed by the meeple.games package once a game is imported: use core's names.
from meeple.core import IllegalAction, State
from meeple.core import load as load_game

from . import narration
from . import seats as seating
from .bots import Bots, inline
from .errors import BadRequest, Forbidden, NotFound, Refused, ServerError, TooMany, Unavailable
from .limits import Limits, RateLimit
from .outbox import Outgoing
from .seats import BOT, HUMAN, MAX_NAME, check_seat_index, check_spec, hash_token
from .storage import Append, Conflict, Storage, StoredGame
from .views import seat_view, seat_view_json

__all__ = [
    "BOT", "HUMAN", "BadRequest", "Forbidden", "Live", "NotFound", "Refused", "Rooms", "ServerError", "TooMany",
    "Unavailable", "check_spec", "hash_token", "log",
]  # fmt: skip

log = logging.getLogger("meeple.server")

#: A client seed has 63 bits; the server's own seeds come from the operating system's cryptographic source.
SEED_BITS = 63


@dataclass
class Subscriber:
    seat: int | None
    push: Callable[[Outgoing], None]  # takes a message, or a function that builds a view (see outbox.py)


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
            agent = self.agents[seat] = make_agent(name, seed=self.bot_seed(seat))
        return agent

    def bot_seed(self, seat: int) -> int:
        return (self.stored.seed * 31 + seat) % (1 << 63)

    def connected(self) -> list[bool]:
        on = [False] * self.stored.players
        for sub in self.subscribers:
            if sub.seat is not None:
                on[sub.seat] = True
        return on

    @property
    def busy(self) -> bool:
        """Something of this game runs in the server: a viewer, a bot, a clock or a held lock."""
        return bool(self.subscribers) or self.lock.locked() or self.clock_task is not None or (
            self.bot_task is not None and not self.bot_task.done()
        )


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


def check_ply(ply: Any) -> int:
    if ply is None:
        raise BadRequest("ply is required: the ply of the view the decision was chosen in")
    if not isinstance(ply, int) or isinstance(ply, bool):
        raise BadRequest("ply must be an integer (the ply of the view the decision was chosen in)")
    return ply


class Rooms:
    """All live games of one server process."""

    def __init__(self, storage: Storage, bot_delay: float = 0.0, zombie_agent: str = "random", limits: Limits | None = None) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.zombie_agent = zombie_agent
        self.limits = limits or Limits()
        self.creations = RateLimit(self.limits.creations_per_minute)
        # every game in memory keeps its narration: a cold one replays the whole game for each view (4 ms at 40
        # decisions), which made 1,000 games at a human pace CPU-bound with the narration's own 256
        narration.CACHE = max(narration.CACHE, self.limits.max_live)
        self.bots = Bots(self.limits.bot_workers)
        self.live: dict[str, Live] = {}
        self._loading = asyncio.Lock()
        self._rematching = asyncio.Lock()
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None

    # -- life cycle -------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """Rebuild every unfinished game from its record and restart its bots and clocks; start the sweeper."""
        await self.expire()
        ids = await asyncio.to_thread(self.storage.ids, over=False)
        for game_id in ids:
            try:
                live = await self.get(game_id)
            except ServerError as e:
                log.error("game %s does not resume: %s", game_id, e.message)
                continue
            self._schedule(live)
        self._evict()
        if self.limits.expire_after > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return len(ids)

    async def close(self) -> None:
        tasks = [t for live in self.live.values() for t in (live.bot_task, live.clock_task)] + [self._sweeper]
        for task in tasks:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.bots.close()

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            return live
        async with self._loading:
            live = self.live.get(game_id)
            if live is None:
                stored = await asyncio.to_thread(self.storage.load, game_id)
                if stored is None:
                    raise NotFound(f"no game {game_id[:40]!r}")
                try:
                    state = await asyncio.to_thread(record.replay, stored.record())
                except ValueError as e:
                    raise ServerError(f"game {game_id} does not replay: {e}") from None
                live = self.live[game_id] = Live(stored, state)
                self._evict(keep=live)
        return live

    def _evict(self, keep: Live | None = None, room: int = 0) -> None:
        """Hold at most ``max_live`` games (less ``room`` for new ones): the idle ones (no viewer, bot or clock),
        least recently changed first, are dropped; storage has all of them and :meth:`get` rebuilds one on demand."""
        excess = len(self.live) + room - self.limits.max_live
        if excess <= 0:
            return
        idle = sorted((g for g in self.live.values() if g is not keep and not g.busy), key=lambda g: g.stored.updated)
        for live in idle[:excess]:
            del self.live[live.id]
            self.bots.forget(live.id)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.expire()
            except Exception:  # the database is away for a moment: try again at the next sweep
                log.exception("looking for abandoned games failed")

    async def expire(self, now: float | None = None) -> list[str]:
        """Abandon the unfinished games without a decision for ``expire_after`` seconds; returns their ids."""
        if self.limits.expire_after <= 0:
            return []
        before = (time.time() if now is None else now) - self.limits.expire_after
        ids = await asyncio.to_thread(self.storage.idle_ids, before)
        for game_id in ids:
            await asyncio.to_thread(self.storage.abandon, game_id)
            live = self.live.get(game_id)
            if live is not None:
                live.stored.over = live.stored.abandoned = True
                for task in (live.bot_task, live.clock_task):
                    if task is not None:
                        task.cancel()
                live.bot_task = live.clock_task = None
                live.deadline = None
                self.broadcast(live)
                if not live.subscribers:
                    del self.live[game_id]
            self.bots.forget(game_id)
            log.info("game %s abandoned after %.0f s without a decision", game_id, self.limits.expire_after)
        return ids

    # -- creating and joining -------------------------------------------------------------------

    def _check_room(self) -> None:
        self._evict(room=1)
        if len(self.live) >= self.limits.max_live:
            raise Unavailable(f"this server is playing its limit of {self.limits.max_live} games: try again later")

    async def create(self, spec: dict[str, Any], client: str = "") -> tuple[Live, dict[str, Any]]:
        """A new game; returns it and the reply for its creator (the creator's seat, tokens and invitations)."""
        game, players, options, seats = check_spec(spec, self.limits)
        seed, seeded = spec.get("seed"), spec.get("seeded", False)
        if not isinstance(seeded, bool):
            raise BadRequest("seeded must be true or false")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << SEED_BITS):
            raise BadRequest(f"seed must be a non-negative integer below 2**{SEED_BITS}")
        humans = sum(s["kind"] == HUMAN for s in seats)
        if seed is not None and humans > 1 and not seeded:
            raise BadRequest(
                "a chosen seed lets whoever knows it foresee every hidden card and die: with more than one human seat, "
                'send "seeded": true as well, and every seat and the lobby will show the seed'
            )
        if seeded and seed is None:
            raise BadRequest("a seeded game needs its seed")
        clock = spec.get("clock")
        lo, hi = self.limits.min_clock, self.limits.max_clock
        if clock is not None and (not isinstance(clock, (int, float)) or isinstance(clock, bool) or not lo <= clock <= hi):
            raise BadRequest(f"clock must be a number of seconds per move, at least {lo:g} and at most {hi:g}")
        self._check_room()
        self.creations.check(client)
        return await self._start(game, players, options, seats, seed, clock, spec.get("open", False))

    async def _start(
        self, game: Any, players: int, options: dict[str, Any], seats: list[dict[str, Any]], seed: int | None, clock: Any,
        open_value: Any, previous: dict[int, str] | None = None, creator_seat: int | None = None, rematch_of: str | None = None,
    ) -> tuple[Live, dict[str, Any]]:  # fmt: skip
        chosen = seed is not None
        try:
            state = game.new_game(players=players, seed=seed if chosen else secrets.randbits(SEED_BITS), **options)
        except (ValueError, TypeError) as e:  # e.g. a free-form option's value the game cannot set up with
            raise BadRequest(str(e)[:300]) from None
        if previous is None:
            creator, tokens, invites = seating.seat_up(seats, open_value)
        else:  # a rematch: the caller's seat is bound, the others are claimed with their old tokens
            creator, tokens, invites = creator_seat, {}, {}
            for i, s in enumerate(seats):
                if s["kind"] == HUMAN:
                    s.update(creator=i == creator, open=False, joined=i == creator, invite=None, previous=previous.get(i))
                    if i == creator:
                        tokens[i], s["token"] = seating.new_secret()
        now = time.time()
        stored = StoredGame(
            id=secrets.token_hex(6), game=game.name, version=game.version, players=players, seed=state.seed, options=state.options, seats=seats,
            open=any(s.get("open") for s in seats), clock=None if clock is None else float(clock), over=state.is_over, result=None,
            created=now, updated=now, seeded=chosen, history=list(state.history), deciders=[None] * len(state.history),
        )  # fmt: skip
        await asyncio.to_thread(self.storage.create, stored)
        live = self.live[stored.id] = Live(stored, state)
        self._schedule(live)
        reply = {"id": live.id, "seat": creator, "tokens": {str(k): v for k, v in tokens.items()},
                 "invites": {str(k): v for k, v in invites.items()}}  # fmt: skip
        if rematch_of is not None:
            log.info("game %s is the rematch of %s", live.id, rematch_of)
        return live, reply

    def check_token(self, live: Live, seat: Any, token: Any) -> int:
        seat = check_seat_index(seat, live.stored.players)
        if not seating.matches(token, live.stored.seats[seat].get("token")):
            raise Forbidden(f"that is not the token of seat {seat}")
        return seat

    async def bind(self, live: Live, seat: int) -> None:
        """A seat's token is in use (the creator's browser playing it hot-seat): nobody else may claim it now."""
        info = live.stored.seats[seat]
        if not info["joined"]:
            info.update(joined=True, invite=None)
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)

    async def join_open(self, live: Live, seat: Any, name: Any) -> str:
        """Take a seat the creator offered as open; returns the seat's new token."""
        seat = check_seat_index(seat, live.stored.players)
        async with live.lock:
            info = live.stored.seats[seat]
            if not info.get("open"):
                raise Forbidden(f"seat {seat} is not open to join: its player is invited by the creator")
            if info["joined"]:
                raise Refused(f"seat {seat} is taken")
            token, info["token"] = seating.new_secret()
            info.update(joined=True, invite=None)
            if isinstance(name, str) and name.strip():
                info["name"] = name.strip()[:MAX_NAME]
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        self.broadcast(live)
        return token

    async def claim(self, live: Live, seat: Any, invite: Any, previous: Any, name: Any) -> str:
        """Claim a seat with its invitation (or, in a rematch, the seat's token of the finished game)."""
        seat = check_seat_index(seat, live.stored.players)
        async with live.lock:
            token = seating.claim(live.stored.seats[seat], seat, invite=invite, previous=previous, name=name)
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        self.broadcast(live)
        return token

    async def invite(self, live: Live, by: int, seat: Any) -> str:
        """A new invitation for a human seat nobody claimed yet (the old link stops working); by the creator only."""
        seat = check_seat_index(seat, live.stored.players, "for")
        if not live.stored.seats[by].get("creator"):
            raise Forbidden("only the creator of the game issues invitations")
        async with live.lock:
            info = live.stored.seats[seat]
            if info["kind"] != HUMAN or seat == by:
                raise BadRequest(f"seat {seat} is not a seat to invite someone to")
            if info["joined"]:
                raise Refused(f"seat {seat} is taken")
            invite, info["invite"] = seating.new_secret()
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        return invite

    async def leave(self, live: Live, seat: int) -> None:
        """A human leaves for good: a bot plays the seat from now on."""
        async with live.lock:
            info = live.stored.seats[seat]
            info.update(kind=BOT, agent=self.zombie_agent, token=None, name=(info.get("name") or "") + " (bot)")
            await asyncio.to_thread(self.storage.update_seats, live.id, live.stored.seats)
        self._schedule(live)
        self.broadcast(live)

    async def rematch(self, live: Live, seat: int) -> dict[str, Any]:
        """The rematch of a finished game: same seats, names, options and clock, a fresh seed. The first call makes
        it; every call (this seat's again, or another seat's) returns it, with the caller's new token while the
        caller's seat there is unclaimed (None once claimed)."""
        if not live.state.is_over:
            raise Refused("a rematch follows a finished game")
        token = None
        async with self._rematching:
            if live.stored.rematch is None:
                old = live.stored
                seats = [{"kind": s["kind"], "agent": s["agent"], "name": s.get("name") or "", "token": None, "joined": s["kind"] == BOT}
                         for s in old.seats]  # fmt: skip
                previous = {i: s["token"] for i, s in enumerate(old.seats) if s["kind"] == HUMAN and s.get("token")}
                self._check_room()
                new, reply = await self._start(load_game(old.game), old.players, dict(old.options), seats, None, old.clock, False,
                                               previous=previous, creator_seat=seat, rematch_of=old.id)  # fmt: skip
                recorded = await asyncio.to_thread(self.storage.set_rematch, old.id, new.id)
                old.rematch = recorded
                self.broadcast(live)
                if recorded == new.id:
                    return {"id": new.id, "seat": seat, "token": reply["tokens"].get(str(seat))}
            rematch = await self.get(live.stored.rematch)  # type: ignore[arg-type]
            info = rematch.stored.seats[seat]
            if info["kind"] == HUMAN and not info["joined"] and info.get("previous"):
                async with rematch.lock:
                    token, info["token"] = seating.new_secret()
                    info.update(joined=True, previous=None)
                    await asyncio.to_thread(self.storage.update_seats, rematch.id, rematch.stored.seats)
                self.broadcast(rematch)
            return {"id": rematch.id, "seat": seat, "token": token}

    # -- playing ---------------------------------------------------------------------------------

    async def act(self, live: Live, seat: int, text: Any, ply: Any, by_bot: bool = False) -> int:
        """Play ``text`` for ``seat`` (whose token was checked) in the view of ``ply``; returns the new ply once committed."""
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise BadRequest("action must be a non-empty notation string of at most 200 characters")
        ply = check_ply(ply)
        async with live.lock:
            state = live.state
            if live.stored.abandoned:
                raise Refused("the game was abandoned: nobody decided for too long")
            if state.is_over:
                raise Refused("the game is over")
            if ply != live.ply:
                raise Refused(f"already played: the game is at ply {live.ply}, not {ply} (a repeated or stale move)")
            if state.current_player != seat:
                raise Refused(f"it is not seat {seat}'s turn (seat {state.current_player} is to move)")
            if not by_bot and live.stored.seats[seat]["kind"] != HUMAN:
                raise Refused(f"seat {seat} is played by a bot")
            after = state.clone()
            try:
                after.apply(text)
            except IllegalAction as e:
                raise BadRequest(str(e)[:300]) from None
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
        live.stored.updated = time.time()
        self._schedule(live)  # before the broadcast: the views carry the next seat's clock
        self.broadcast(live)
        if after.is_over:
            self.bots.forget(live.id)
        return live.ply

    async def _write(self) -> None:
        """Group commit: the appends of all games that arrive while a commit runs share the next one."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                errors: list[Exception | None] = await asyncio.to_thread(self.storage.append_batch, [item for item, _ in batch])
            except Exception as e:  # the database is down: every waiting action fails, none is acknowledged
                log.exception("commit failed")
                errors = [Unavailable(f"the database refused the commit, nothing was played: {type(e).__name__}")] * len(batch)
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
            and not s.abandoned
            and s.seats[seat]["kind"] == HUMAN
            and bool(s.history)
            and isinstance(s.history[-1], str)
            and s.deciders[-1] == seat
            and live.state.current_player == seat
        )

    async def undo(self, live: Live, seat: int, ply: Any) -> int:
        ply = check_ply(ply)
        async with live.lock:
            if ply != live.ply:
                raise Refused(f"already played: the game is at ply {live.ply}, not {ply} (a repeated or stale undo)")
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
        live.stored.updated = time.time()
        self._schedule(live)  # before the broadcast, as in _commit
        self.broadcast(live)
        return live.ply

    # -- bots and clocks --------------------------------------------------------------------------

    def _schedule(self, live: Live) -> None:
        if live.clock_task is not None:
            live.clock_task.cancel()
            live.clock_task = None
        live.deadline = None
        state = live.state
        if state.is_over or live.stored.abandoned:
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

    async def _decide(self, live: Live, seat: int) -> str:
        spec = live.stored.seats[seat]["agent"]
        if inline(spec):
            return str(live.agent(seat).act(live.state.clone()))
        return await self.bots.decide(live.id, seat, spec, live.bot_seed(seat), live.state)

    async def _bot_turns(self, live: Live) -> None:
        while not live.state.is_over and not live.stored.abandoned:
            seat = live.state.current_player
            assert seat is not None
            if live.stored.seats[seat]["kind"] != BOT:
                return
            await asyncio.sleep(self.bot_delay)
            ply = live.ply
            if live.state.current_player != seat or live.state.is_over:
                continue
            try:
                action = await self._decide(live, seat)
            except Exception as e:  # a broken bot must not stall the game: this move is played at random
                log.error("bot %s in game %s failed (%s: %s); a random move is played instead", live.stored.seats[seat]["agent"], live.id,
                          type(e).__name__, e)  # fmt: skip
                action = str(make_agent("random", seed=ply).act(live.state.clone()))
            if live.ply != ply:
                continue  # the game moved on while the bot thought (an undo, a seat left): think again
            try:
                await self.act(live, seat, action, ply, by_bot=True)
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
        action = make_agent(self.zombie_agent, seed=ply).act(live.state.clone())
        with contextlib.suppress(ServerError):
            await self.act(live, seat, str(action), ply, by_bot=True)

    # -- views -----------------------------------------------------------------------------------

    def view(self, live: Live, seat: int | None) -> dict[str, Any]:
        remaining = None
        if live.deadline is not None:
            remaining = max(0.0, live.deadline - asyncio.get_running_loop().time())
        v = seat_view(live, seat, can_undo=self.can_undo(live, seat), remaining=remaining)
        if live.stored.abandoned:
            v["legal"] = []
        return v

    def subscribe(self, live: Live, seat: int | None, push: Callable[[Outgoing], None]) -> Subscriber:
        sub = Subscriber(seat, push)
        live.subscribers.append(sub)
        self.broadcast(live)
        return sub

    def unsubscribe(self, live: Live, sub: Subscriber) -> None:
        with contextlib.suppress(ValueError):
            live.subscribers.remove(sub)
        self.broadcast(live)
        if live.stored.over and not live.subscribers and self.live.get(live.id) is live:
            del self.live[live.id]  # a finished game nobody watches lives on in storage only (rebuilt on demand)

    def view_or_error(self, live: Live, seat: int | None) -> dict[str, Any]:
        try:
            return self.view(live, seat)
        except Exception:  # an engine bug in observation(): say so rather than drop the connection
            log.exception("game %s: the view of seat %s failed", live.id, seat)
            return {"type": "error", "code": "server", "message": "this game cannot be shown: the server logged why"}

    def view_text(self, live: Live, seat: int | None) -> str | dict[str, Any]:
        """The view of :meth:`view` as the JSON text a connection sends (an error message instead if it fails)."""
        try:
            remaining = None
            if live.deadline is not None:
                remaining = max(0.0, live.deadline - asyncio.get_running_loop().time())
            return seat_view_json(live, seat, can_undo=self.can_undo(live, seat), remaining=remaining, abandoned=live.stored.abandoned)
        except Exception:
            log.exception("game %s: the view of seat %s failed", live.id, seat)
            return {"type": "error", "code": "server", "message": "this game cannot be shown: the server logged why"}

    def broadcast(self, live: Live) -> None:
        """Tell every subscriber that its view changed; the view is built when its connection sends it, so one
        that is behind builds only the newest, and built once for all the subscribers of one seat."""
        shared: dict[int | None, Callable[[], str | dict[str, Any]]] = {}
        for sub in list(live.subscribers):
            build = shared.get(sub.seat)
            if build is None:
                build = shared[sub.seat] = once(functools.partial(self.view_text, live, sub.seat))
            sub.push(build)


def once(build: Callable[[], Any]) -> Callable[[], Any]:
    """``build``, called at most once: the first caller builds, later ones get the same result."""
    made: list[Any] = []

    def get() -> Any:
        if not made:
            made.append(build())
        return made[0]

    return get
