"""Game records: one JSON document per game, replayable on any machine (docs/api.md, "Records").

A record is ``{"game", "version", "players", "seed", "options", "history", "result"}``
(plus optional metadata such as ``"seats"``); ``history`` holds, in order, every action's
notation and every chance outcome. :func:`replay` re-applies it and stops at the first
divergence with a :class:`~meeple.core.errors.RecordError` naming the step and the reason.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .core.chance import ChanceScript, is_chance
from .core.errors import IllegalAction, RecordError
from .core.game import State
from .core.registry import load

FORMAT = "meeple-record"


def make(state: State, seats: Sequence[str] | None = None, **meta: Any) -> dict[str, Any]:
    """The record of ``state``'s game so far (finished or not)."""
    result = state.result()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "version": state.game.version,
        "players": state.num_players,
        "seed": state.seed,
        "options": state.options,
        "history": list(state.history),
        "result": result.to_dict() if result is not None else None,
    }
    if seats is not None:
        doc["seats"] = list(seats)
    doc.update(meta)
    return doc


def write(record: Mapping[str, Any] | State, path: str | os.PathLike[str]) -> Path:
    """Write a record (or a state's record) as JSON, atomically: a crash never leaves half a file."""
    doc = make(record) if isinstance(record, State) else dict(record)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".record-", suffix=".json")
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a record is an ordinary document
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.write("\n")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a record file; RecordError if it is not a record."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not JSON: {e}") from None
    check(doc)
    return doc


def check(doc: Any) -> None:
    """RecordError unless ``doc`` has the shape of a record."""
    if not isinstance(doc, dict):
        raise RecordError("a record is a JSON object")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("history", list)):
        if key not in doc:
            raise RecordError(f"the record has no '{key}'")
        if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
            raise RecordError(f"the record's '{key}' must be {kind.__name__}, got {type(doc[key]).__name__}")
    for i, entry in enumerate(doc["history"]):
        if not (isinstance(entry, str) or is_chance(entry)):
            raise RecordError(f"history entry is neither an action nor a chance outcome: {entry!r}", step=i)


def replay(doc: Mapping[str, Any], upto: int | None = None) -> State:
    """The state reached by replaying ``doc`` (its actions among the first ``upto`` history entries, or all).

    An action's chance outcomes always come with it, so the state may hold a few entries more than ``upto``.

    Chance outcomes are taken from the record, not from the RNG. Raises RecordError with the
    step and the reason at the first entry that does not replay, and if the record's stored
    result differs from the replayed one.
    """
    check(doc)
    try:
        game = load(doc["game"])
    except ValueError as e:
        raise RecordError(str(e)) from None
    version = doc.get("version", game.version)
    if version != game.version:
        raise RecordError(f"record of {game.name} rules version {version!r}; this meeple plays version {game.version!r}")
    history: list[Any] = doc["history"]
    end = len(history) if upto is None else max(0, min(upto, len(history)))
    script = ChanceScript(e for e in history if is_chance(e))
    try:
        opts = game.check_options(doc["options"])
        game.check_players(doc["players"])
        state = game.setup(doc["players"], doc["seed"], opts, script)
    except RecordError as e:
        raise RecordError(e.reason, step=0) from None
    except ValueError as e:
        raise RecordError(f"cannot set the game up: {e}") from None
    step = _match(state, history, 0)
    while step < end:
        entry = history[step]
        if not isinstance(entry, str):
            raise RecordError(f"the record has a chance outcome {entry!r} where the game expects an action", step)
        try:
            state.apply(entry)
        except RecordError as e:
            raise RecordError(e.reason, step) from None
        except IllegalAction as e:
            raise RecordError(f"'{entry}' cannot be played: {e}", step) from None
        step = _match(state, history, step + 1)
    state.script = None
    if upto is None and doc.get("result") is not None:
        got = state.result()
        if got is None:
            raise RecordError("the record says the game ended, but replaying it leaves the game running", end)
        if not same_result(doc["result"], got.to_dict()):
            raise RecordError(f"the record's result {doc['result']} differs from the replayed {got.to_dict()}", end)
    return state


def same_result(recorded: Any, replayed: dict[str, Any]) -> bool:
    """A stored result agrees with the replayed one: the same scores, ranks and winners, and the same value for each
    detail the record holds. A detail added by a later version (e.g. a score breakdown) is not asked of an older
    record, so records saved before it still replay; a detail the record holds that the game no longer reports is
    a difference."""
    if not isinstance(recorded, dict):
        return False
    if recorded.get("scores") != replayed["scores"] or recorded.get("ranks") != replayed["ranks"]:
        return False
    if "winners" in recorded and recorded["winners"] != replayed["winners"]:
        return False
    details = recorded.get("details") or {}
    if not isinstance(details, dict):
        return False
    return all(k in replayed["details"] and replayed["details"][k] == v for k, v in details.items())


def _match(state: State, history: list[Any], start: int) -> int:
    """Check the chance outcomes the engine produced since ``start`` against the record."""
    produced = state.history
    for i in range(start, len(produced)):
        if i >= len(history):
            raise RecordError(f"the game drew {produced[i]!r} but the record ends here", i)
        if produced[i] != history[i]:
            raise RecordError(f"the record says {history[i]!r} but the game produced {produced[i]!r}", i)
    return len(produced)
