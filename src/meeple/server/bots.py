"""Bot decisions off the event loop: searching bots think in worker processes, so a seat searching for seconds
never delays another game's acknowledgement.

Each (game, seat) always goes to the same worker, where its agent lives between decisions (bots that plan a
whole turn keep their plan); the worker receives the state as ``to_dict()``, which round-trips exactly, and
answers the action's notation. Workers run at a lower priority than the server, so the event loop gets the CPU
first. ``random`` costs less than the trip to a worker and plays in the server process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from meeple.agents import Agent, make_agent, parse_agent_spec
from meeple.core import State
from meeple.core import load as load_game

log = logging.getLogger("meeple.server")

#: Agents so cheap that a worker's round trip would cost more than the decision.
INLINE = frozenset({"random"})

# -- inside a worker process ------------------------------------------------------------------------

_AGENTS: OrderedDict[tuple[str, int, str], Agent] = OrderedDict()
_KEEP = 1024  # agents kept per worker; an older one is made afresh (it loses only a plan in progress)


def _start_worker(server: int) -> None:
    with contextlib.suppress(OSError):
        os.nice(10)
    threading.Thread(target=_exit_with, args=(server,), name="exit-with-server", daemon=True).start()


def _exit_with(server: int) -> None:
    """End this worker once the server that started it is gone: a server killed (or one whose shutdown timed out)
    otherwise left its workers searching, orphaned, for as long as their last decision took, then waiting forever."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK)
    os._exit(0)


#: Seconds between a worker's looks at whether its server is still there.
PARENT_CHECK = 0.5


def _decide(game_id: str, seat: int, spec: str, seed: int, game: str, state: dict[str, Any]) -> str:
    key = (game_id, seat, spec)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, seed=seed)
        while len(_AGENTS) > _KEEP:
            _AGENTS.popitem(last=False)
    _AGENTS.move_to_end(key)
    return str(agent.act(load_game(game).from_dict(state)))


def _forget(game_id: str) -> None:
    for key in [k for k in _AGENTS if k[0] == game_id]:
        del _AGENTS[key]


# -- in the server ----------------------------------------------------------------------------------


def inline(spec: str) -> bool:
    return parse_agent_spec(spec)[0] in INLINE


class Bots:
    """The worker processes of one server, started on the first searching bot's first decision."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pools: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._context = multiprocessing.get_context("spawn")  # forking a process with a running event loop is unsafe

    def _pool(self, index: int) -> ProcessPoolExecutor:
        pool = self._pools[index]
        if pool is None:
            pool = self._pools[index] = ProcessPoolExecutor(1, mp_context=self._context, initializer=_start_worker, initargs=(os.getpid(),))
        return pool

    def _worker(self, game_id: str, seat: int) -> int:
        return hash((game_id, seat)) % self.workers

    async def decide(self, game_id: str, seat: int, spec: str, seed: int, state: State) -> str:
        """The notation of the move ``spec``'s agent chooses for ``seat`` in ``state``, thought in a worker."""
        index = self._worker(game_id, seat)
        payload = (game_id, seat, spec, seed, state.game.name, state.to_dict())
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool(index), _decide, *payload)
        except BrokenProcessPool:  # the worker died (killed, out of memory): the next decision starts a new one
            self._pools[index] = None
            raise

    def forget(self, game_id: str) -> None:
        """Drop a game's agents from the workers (it ended or left memory)."""
        for pool in self._pools:
            if pool is not None:
                with contextlib.suppress(RuntimeError, BrokenProcessPool):
                    pool.submit(_forget, game_id)

    def close(self) -> None:
        for i, pool in enumerate(self._pools):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[i] = None
