"""One tournament game: the job that says what to play, and the function that plays it.

Both are plain data and a top-level function, so a job travels to a worker process or a Ray task
unchanged and the result comes back as a JSON-safe dict.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.core.rng import mix

#: A game not over after this many decisions is stopped and stored as aborted (with the reason),
#: not played forever: two bots can lock a game whose rules have no end for it.
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class GameJob:
    index: int  # position in the tournament's schedule
    game: str
    players: int
    options: dict[str, Any]
    base_seed: int
    seed: int  # the game's chance
    seats: tuple[str, ...]  # the agent spec at each seat
    entrants: tuple[int, ...]  # which entrant sits at each seat
    max_decisions: int = MAX_DECISIONS
    tags: dict[str, Any] = field(default_factory=dict)

    def agent_seed(self, seat: int) -> int:
        return mix(self.seed, 0xA6E7, seat)


def play_game(job: GameJob) -> dict[str, Any]:
    """Play ``job`` to the end; a JSON-safe record of how it went (see docs/tournaments.md)."""
    game = meeple.load(job.game)
    state = game.new_game(players=job.players, seed=job.seed, **job.options)
    agents = [make_agent(spec, seed=job.agent_seed(seat)) for seat, spec in enumerate(job.seats)]
    think = [0.0] * job.players
    decisions = [0] * job.players
    iterations = [0] * job.players  # search iterations, for agents that report them (mcts)
    started = time.perf_counter()
    length = 0
    clock = time.perf_counter
    while not state.is_over and length < job.max_decisions:
        seat = state.current_player
        assert seat is not None
        t0 = clock()
        action = agents[seat].act(state)
        think[seat] += clock() - t0
        decisions[seat] += 1
        iterations[seat] += getattr(agents[seat], "last_iterations", 0)
        state.apply(action)
        length += 1
    result = state.result()
    return {
        "index": job.index,
        "game": job.game,
        "players": job.players,
        "options": dict(job.options),
        "base_seed": job.base_seed,
        "seed": job.seed,
        "seats": list(job.seats),
        "entrants": list(job.entrants),
        "scores": list(result.scores) if result else None,
        "ranks": list(result.ranks) if result else None,
        "winners": list(result.winners) if result else [],
        "length": length,
        "decisions": decisions,
        "think": [round(t, 6) for t in think],
        "iterations": iterations,
        "seconds": round(time.perf_counter() - started, 6),
        "details": _json_safe(result.details) if result else {},
        "aborted": None if result else f"not over after {length} decisions",
    }


def job_dict(job: GameJob) -> dict[str, Any]:
    return asdict(job)


def _json_safe(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
