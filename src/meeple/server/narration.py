"""What each seat is told happened: every decision's events (``Game.describe``), as that seat may know them.

The engine never narrates: ``describe`` stays off the hot path. A :class:`Narration` follows one game with its own
replay cursor, built from the stored history (each action and the chance outcomes that followed it, fed back
through a ``ChanceScript`` as ``meeple.record.replay`` does), and keeps every viewer's events for every decision
it has passed. When the stored history no longer begins with what the cursor has read (an undo shortened it, or
it was shortened and grew again), the narration keeps the decisions both agree on and replays from there.

Narrations live in a small cache keyed by the game, outside the live game itself, so a game evicted from memory
and loaded again finds its narration still valid (it is checked against the history on every call).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple import record
from meeple.core import Game, State
from meeple.core.chance import ChanceScript, is_chance

log = logging.getLogger("meeple.server")

#: Games whose narration is kept; an older one is rebuilt from its history when it is asked for again.
CACHE = 256

Viewer = int | None


@dataclass(frozen=True)
class Told:
    """One decision as every viewer was told it."""

    ply: int  # the history's length when the decision was taken: the ply of the view it was chosen in
    after: int  # the history's length once the decision and its chance outcomes were played
    seat: int | None
    events: dict[Viewer, list[dict[str, Any]]]


class Narration:
    """The events of one game's decisions, for each seat and for spectators."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.key = (doc["game"], doc["seed"], doc["players"])
        self.lock = threading.Lock()
        self.told: list[Told] = []
        self.seen: list[Any] = []  # the history entries the cursor has played, by reference
        self.cursor: State = record.replay(doc, upto=0)
        self.seen = list(doc["history"][: len(self.cursor.history)])

    def follow(self, doc: dict[str, Any], deciders: Sequence[int | None]) -> list[Told]:
        """Every decision of ``doc``'s history, told; the cursor catches up with (or falls back to) the history."""
        history = doc["history"]
        with self.lock:
            if history[: len(self.seen)] != self.seen:  # entries compare by identity first: cheap while it agrees
                self._fall_back(doc)
            viewers: list[Viewer] = [*range(self.cursor.num_players), None]
            step = len(self.seen)
            while step < len(history):
                entry = history[step]
                if not isinstance(entry, str):
                    raise ValueError(f"history entry {step} is a chance outcome where a decision was expected")
                end = step + 1
                while end < len(history) and is_chance(history[end]):
                    end += 1
                self._play(history, step, end, deciders[step] if step < len(deciders) else None, viewers)
                step = end
            return list(self.told)

    def _play(self, history: list[Any], step: int, end: int, seat: int | None, viewers: list[Viewer]) -> None:
        cursor = self.cursor
        before = cursor.clone()
        action = cursor.game.parse_action(cursor, history[step])
        cursor.script = ChanceScript(history[step + 1 : end])
        try:
            cursor.apply(action)
        finally:
            cursor.script = None
        if cursor.history[step:] != history[step:end]:
            raise ValueError(f"decision {history[step]!r} at {step} does not replay as stored")
        told = {viewer: describe(cursor.game, before, action, cursor, viewer) for viewer in viewers}
        self.told.append(Told(step, end, seat if seat is not None else before.current_player, told))
        self.seen.extend(history[step:end])

    def _fall_back(self, doc: dict[str, Any]) -> None:
        """Keep the decisions the stored history still holds unchanged; replay the cursor to the last of them."""
        history = doc["history"]
        agree = 0
        for mine, stored in zip(self.seen, history, strict=False):
            if mine != stored:
                break
            agree += 1
        while self.told and self.told[-1].after > agree:
            self.told.pop()
        upto = self.told[-1].after if self.told else 0
        self.cursor = record.replay(doc, upto=upto)
        self.seen = list(history[: len(self.cursor.history)])


def describe(game: Game, before: State, action: Any, after: State, viewer: Viewer) -> list[dict[str, Any]]:
    """The game's own words for a decision; a game whose ``describe`` fails is told in the contract's default words
    (the notation, masked where the game masks it), so a narration bug never costs a player the table."""
    try:
        return [e.to_dict() for e in game.describe(before, action, after, viewer)]
    except Exception:
        log.exception("%s: describe failed for %s (viewer %s); the notation is shown instead", game.name, action, viewer)
        return [e.to_dict() for e in Game.describe(game, before, action, after, viewer)]


_cache: OrderedDict[str, Narration] = OrderedDict()
_cache_lock = threading.Lock()


def narration(game_id: str, doc: dict[str, Any]) -> Narration:
    """The cached narration of a game, made afresh when there is none or it belongs to another game."""
    key = (doc["game"], doc["seed"], doc["players"])
    with _cache_lock:
        found = _cache.get(game_id)
        if found is not None and found.key == key:
            _cache.move_to_end(game_id)
            return found
    made = Narration(doc)
    with _cache_lock:
        _cache[game_id] = made
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE:
            _cache.popitem(last=False)
    return made


def events_for(
    game_id: str, doc: dict[str, Any], deciders: Sequence[int | None], viewer: Viewer, tail: int
) -> tuple[list[dict[str, Any]], int]:
    """The last ``tail`` decisions as ``viewer`` was told them (oldest first; more where the decisions since its own
    last one are more), and ``since``: the ply the game had reached once the viewer's own last decision was played
    (0 if it has made none), so the decisions with ``ply >= since`` are what happened since its last decision."""
    told = narration(game_id, doc).follow(doc, deciders)
    since = 0
    start = max(0, len(told) - tail)
    if viewer is not None:
        for k in range(len(told) - 1, -1, -1):
            if told[k].seat == viewer:
                since = told[k].after
                start = min(start, k + 1)
                break
    return [{"ply": t.ply, "seat": t.seat, "events": t.events.get(viewer, [])} for t in told[start:]], since
