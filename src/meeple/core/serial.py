"""Checked reading of state dicts: a corrupted dict fails with a clear ValueError."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .chance import is_chance
from .rng import Rng


def field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"{where} must be a JSON object, got {type(data).__name__}")
    if key not in data:
        raise ValueError(f"{where} has no '{key}'")
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ValueError(f"{where}['{key}'] must be {_names(kind)}, got {value!r}")
    if not isinstance(value, kind):
        raise ValueError(f"{where}['{key}'] must be {_names(kind)}, got {type(value).__name__}")
    return value


def int_in(data: Mapping[str, Any], key: str, lo: int, hi: int, where: str = "state") -> int:
    value = field(data, key, int, where)
    if not lo <= value <= hi:
        raise ValueError(f"{where}['{key}'] = {value} is outside {lo}..{hi}")
    return value


def int_list(data: Mapping[str, Any], key: str, length: int | None, lo: int, hi: int, where: str = "state") -> list[int]:
    return ints(field(data, key, list, where), length, lo, hi, f"['{key}']")


def read_base(state: Any, game: Any, data: Mapping[str, Any]) -> None:
    """Fill the contract's common fields of ``state`` from ``data`` (see ``State.base_dict``)."""
    if field(data, "game", str) != game.name:
        raise ValueError(f"this is a state of {data['game']!r}, not of {game.name!r}")
    if field(data, "version", str) != game.version:
        raise ValueError(f"state version {data['version']!r} is not {game.name} rules version {game.version!r}")
    players = field(data, "players", int)
    game.check_players(players)
    seed = field(data, "seed", int)
    options = game.check_options(field(data, "options", dict))
    rng = Rng.from_state(field(data, "rng", int))
    history = field(data, "history", list)
    for i, entry in enumerate(history):
        if not (isinstance(entry, str) or is_chance(entry)):
            raise ValueError(f"history[{i}] is neither an action's notation nor a chance outcome: {entry!r}")
    state.game = game
    state.num_players = players
    state.seed = seed
    state.opts = options
    state.history = list(history)
    state.rng = rng
    state.script = None
    state._legal = None


def _names(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(
        {"int": "an integer", "str": "a string", "list": "a list", "dict": "an object"}.get(k.__name__, k.__name__) for k in kinds
    )


def per_seat(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    """``data[key]``, a list with one entry per seat."""
    value = field(data, key, list)
    if len(value) != n:
        raise ValueError(f"state['{key}'] must have one entry per seat ({n}), has {len(value)}")
    return value


def ints(value: Any, length: int | None, lo: int, hi: int, where: str) -> list[int]:
    """A list of integers in ``lo..hi`` (of ``length`` entries, when given); ``where`` names it in errors."""
    if not isinstance(value, list):
        raise ValueError(f"state {where} must be a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise ValueError(f"state {where} must have {length} entries, has {len(value)}")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ValueError(f"state {where} holds {v!r}, not an integer in {lo}..{hi}")
    return list(value)


def bools(value: Any, where: str) -> list[bool]:
    if not isinstance(value, list) or not all(isinstance(v, bool) for v in value):
        raise ValueError(f"state {where} must be a list of true/false")
    return list(value)
