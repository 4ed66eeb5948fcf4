"""What each seat is told happened: every decision's events (``Game.describe``), as that seat may know them.

The engine never narrates: ``describe`` stays off the hot path. A :class:`Narration` follows one game with its own
replay cursor, built from the stored history (each action and the chance outcomes that followed it, fed back
through a ``ChanceScript`` as ``meeple.record.replay`` does), and keeps every viewer's events for the last
:data:`WINDOW` decisions it has passed. When the stored history no longer begins with what the cursor has read (an
undo shortened it, or it was shortened and grew again), the narration keeps the decisions both agree on and
replays from there.

A narration starts :data:`WINDOW` decisions before the end of the history it is first asked about (the prefix is
replayed without describing it), so a long game loaded again costs a replay, not thousands of descriptions. Views
show fewer decisions than that, so only a seat whose own last decision lies further back sees its "since" cut short.

Narrations live in a small cache keyed by the game, outside the live game itself, so a game evicted from memory
and loaded again finds its narration still valid (it is checked against the history on every call).
"""

from __future__ import annotations

import json
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
#: Decisions a narration keeps told (it starts this many before the end of the history it first sees).
WINDOW = 120

Viewer = int | None


@dataclass(frozen=True)
class Told:
    """One decision as every viewer was told it."""

    ply: int  # the history's length when the decision was taken: the ply of the view it was chosen in
    after: int  # the history's length once the decision and its chance outcomes were played
    seat: int | None
    # each viewer's events as JSON text (a list of event dicts): encoded once when told, not again for each of the
    # next EVENTS_TAIL views that show it, and held as strings, which the garbage collector never scans (a thousand
    # live games' narrations held as dicts were millions of tracked objects: collections paused the server)
    events: dict[Viewer, str]

    def entry(self, viewer: Viewer) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "events": json.loads(self.events.get(viewer, "[]"))}

    def entry_json(self, viewer: Viewer) -> str:
        seat = "null" if self.seat is None else self.seat
        return f'{{"ply":{self.ply},"seat":{seat},"events":{self.events.get(viewer, "[]")}}}'


class Stale(Exception):
    """The history was cut before the narration's first decision: it must start again."""


class Narration:
    """The events of one game's decisions, for each seat and for spectators."""

    def __init__(self, doc: dict[str, Any], start: int = 0) -> None:
        """Narrate from the decision at history index ``start`` (0: from the beginning)."""
        self.key = key_of(doc)
        self.lock = threading.Lock()
        self.told: list[Told] = []
        self.cursor: State = record.replay(doc, upto=start)
        self.start = len(self.cursor.history)  # the first history index narrated
        self.seen: list[Any] = list(doc["history"][: self.start])  # the entries the cursor has played, by reference

    def follow(self, doc: dict[str, Any], deciders: Sequence[int | None]) -> list[Told]:
        """The decisions of ``doc``'s history told so far (the last :data:`WINDOW`, oldest first); the cursor
        catches up with (or falls back to) the history. Raises :class:`Stale` if the history was cut before them."""
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
            if len(self.told) > 2 * WINDOW:
                del self.told[: len(self.told) - WINDOW]
                self.start = self.told[0].ply
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
        told = {viewer: json.dumps(describe(cursor.game, before, action, cursor, viewer), separators=(",", ":")) for viewer in viewers}
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
        if agree < self.start:
            raise Stale(f"the history was cut at {agree}, before the narration's first decision at {self.start}")
        while self.told and self.told[-1].after > agree:
            self.told.pop()
        upto = self.told[-1].after if self.told else self.start
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


def key_of(doc: dict[str, Any]) -> tuple[Any, ...]:
    return (doc["game"], doc["seed"], doc["players"])


def window_start(history: Sequence[Any]) -> int:
    """The history index of the :data:`WINDOW`-th decision from the end (0 if there are fewer)."""
    count = 0
    for i in range(len(history) - 1, -1, -1):
        if isinstance(history[i], str):
            count += 1
            if count == WINDOW:
                return i
    return 0


_cache: OrderedDict[str, Narration] = OrderedDict()
_cache_lock = threading.Lock()


def narration(game_id: str, doc: dict[str, Any], fresh: bool = False) -> Narration:
    """The cached narration of a game, made afresh when there is none, it belongs to another game, or ``fresh``."""
    with _cache_lock:
        found = _cache.get(game_id)
        if found is not None and found.key == key_of(doc) and not fresh:
            _cache.move_to_end(game_id)
            return found
    made = Narration(doc, window_start(doc["history"]))
    with _cache_lock:
        _cache[game_id] = made
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE:
            _cache.popitem(last=False)
    return made


def told_for(game_id: str, doc: dict[str, Any], deciders: Sequence[int | None]) -> list[Told]:
    try:
        return narration(game_id, doc).follow(doc, deciders)
    except Stale:
        return narration(game_id, doc, fresh=True).follow(doc, deciders)


def since_of(history: Sequence[Any], deciders: Sequence[int | None], viewer: Viewer) -> int:
    """The history's length once ``viewer``'s own last decision and its chance outcomes were played; 0 if none."""
    if viewer is None:
        return 0
    for k in range(min(len(history), len(deciders)) - 1, -1, -1):
        if deciders[k] == viewer and isinstance(history[k], str):
            end = k + 1
            while end < len(history) and is_chance(history[end]):
                end += 1
            return end
    return 0


def told_tail(
    game_id: str, doc: dict[str, Any], deciders: Sequence[int | None], viewer: Viewer, tail: int
) -> tuple[list[Told], int]:
    """The decisions :func:`events_for` tells ``viewer``, and its ``since``."""
    told = told_for(game_id, doc, deciders)
    since = since_of(doc["history"], deciders, viewer)
    start = max(0, len(told) - tail)
    if since:
        while start > 0 and told[start - 1].ply >= since:
            start -= 1
    return told[start:], since


def events_for(
    game_id: str, doc: dict[str, Any], deciders: Sequence[int | None], viewer: Viewer, tail: int
) -> tuple[list[dict[str, Any]], int]:
    """The last ``tail`` decisions as ``viewer`` was told them (oldest first; more where the decisions since its own
    last one are more, up to :data:`WINDOW`), and ``since``: the ply the game had reached once the viewer's own last
    decision was played (0 if it has made none), so the decisions with ``ply >= since`` are what happened since."""
    told, since = told_tail(game_id, doc, deciders, viewer, tail)
    return [t.entry(viewer) for t in told], since


def events_json(
    game_id: str, doc: dict[str, Any], deciders: Sequence[int | None], viewer: Viewer, tail: int
) -> tuple[str, int]:
    """:func:`events_for` as JSON text (a list), from each decision's entry encoded once."""
    told, since = told_tail(game_id, doc, deciders, viewer, tail)
    return "[" + ",".join(t.entry_json(viewer) for t in told) + "]", since
