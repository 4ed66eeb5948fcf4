"""Where tournament games run: in this process, in local worker processes, or on Ray.

Each backend takes the jobs and yields the finished games' results in the order they finish.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .play import GameJob, play_game

BACKENDS = ("process", "ray")


def run_jobs(jobs: Sequence[GameJob], workers: int, backend: str = "process") -> Iterator[dict[str, Any]]:
    if backend not in BACKENDS:
        raise ValueError(f"no backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    if backend == "ray":
        return run_ray(jobs, workers)
    return run_processes(jobs, workers)


def run_processes(jobs: Sequence[GameJob], workers: int) -> Iterator[dict[str, Any]]:
    """``workers == 1`` plays in this process (no start-up cost, easy to debug)."""
    if workers == 1 or len(jobs) <= 1:
        yield from map(play_game, jobs)
        return
    # forkserver (or spawn) starts clean workers: no copy of this process's threads or locks.
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(play_game, jobs, chunksize=1)


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_ray(jobs: Sequence[GameJob], workers: int) -> Iterator[dict[str, Any]]:
    """One Ray task per game. Connects to the cluster in ``RAY_ADDRESS`` if set (or one already
    initialised), else starts a local Ray with ``workers`` CPUs. At most a few tasks per worker are
    in flight, so a million-game study does not queue a million tasks at once."""
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'meeple[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(logging_level="ERROR")
        else:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        started_here = True
    try:
        remote = ray.remote(play_game)
        yield from _drain(ray, remote, iter(jobs), max_in_flight=4 * workers)
    finally:
        if started_here:
            ray.shutdown()


def _drain(ray: Any, remote: Any, jobs: Iterable[GameJob], max_in_flight: int) -> Iterator[dict[str, Any]]:
    pending: list[Any] = []
    jobs = iter(jobs)
    exhausted = False
    while True:
        while not exhausted and len(pending) < max_in_flight:
            job = next(jobs, None)
            if job is None:
                exhausted = True
            else:
                pending.append(remote.remote(job))
        if not pending:
            return
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
