"""Reading untrusted JSON: size, nesting depth, integer length and non-finite numbers are checked
before or while parsing, so no body or frame reaches ``json`` limits (RecursionError, Python's
4,300-digit integer guard) or produces a value we could not send back as JSON (NaN, Infinity)."""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import BadRequest, TooLarge

#: A request body or a WebSocket message: everything a client sends is small (an action's notation, a seat, a token).
MAX_BODY = 16 * 1024
MAX_MESSAGE = 4 * 1024
#: Deeper than any request we read (a game's options are two levels).
MAX_DEPTH = 16
#: Longer integers than any seat, ply, seed (2**63) or option.
MAX_INT_DIGITS = 20

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


def _depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in ``raw``, strings skipped (so brackets in them do not count)."""
    deepest = depth = 0
    for ch in _STRING.sub(b'""', raw):
        if ch in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in b"]}":
            depth -= 1
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BadRequest(f"an integer of more than {MAX_INT_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise BadRequest(f"the number {text[:24]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON number")


def parse(raw: bytes | str, limit: int = MAX_BODY) -> Any:
    """The JSON value in ``raw``, or BadRequest/TooLarge saying what is wrong with it."""
    data = raw.encode() if isinstance(raw, str) else raw
    if len(data) > limit:
        raise TooLarge(f"over {limit} bytes")
    # counting brackets is fast (C); the exact scan runs only when there are enough of them to matter
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH and _depth(data) > MAX_DEPTH:
        raise BadRequest(f"nested deeper than {MAX_DEPTH} levels")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("not UTF-8 text") from None
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise BadRequest(f"not JSON ({e.msg} at character {e.pos})") from None
    except (RecursionError, ValueError):  # a guard json itself raised: say so, no traceback
        raise BadRequest("not JSON that this server reads") from None


def parse_object(raw: bytes | str, what: str, limit: int = MAX_BODY) -> dict[str, Any]:
    if not raw:
        return {}
    try:
        data = parse(raw, limit)
    except TooLarge as e:
        raise TooLarge(f"{what} is {e.message}") from None
    except BadRequest as e:
        raise BadRequest(f"{what} is {e.message}" if e.message.startswith("not ") else f"{what}: {e.message}") from None
    if not isinstance(data, dict):
        raise BadRequest(f"{what} must be a JSON object")
    return data
