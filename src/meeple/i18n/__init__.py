"""Message catalogues for every UI string and game term: English, Vietnamese, Persian.

Each language is a flat mapping of keys to texts, kept in ``<lang>.json`` and in ``<lang>.<part>.json`` files
(one part per game or per area, e.g. ``en.splendor.json``) that are merged; a key stands in one file only.
``{name}`` placeholders are filled by the UI. English is the reference: every other catalogue must have exactly
its keys (``tests/server/test_i18n.py``). ``event_text`` writes an event (``meeple.core.events``) in a language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

LANGUAGES = ["en", "vi", "fa"]
RIGHT_TO_LEFT = {"fa"}


def direction(lang: str) -> str:
    return "rtl" if lang in RIGHT_TO_LEFT else "ltr"


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; available: {', '.join(LANGUAGES)}")
    here = files(__package__)
    parts = [f"{lang}.json", *sorted(p.name for p in here.iterdir() if p.name.startswith(f"{lang}.") and p.name.endswith(".json") and p.name != f"{lang}.json")]
    merged: dict[str, str] = {}
    for name in parts:
        part = json.loads(here.joinpath(name).read_text(encoding="utf-8"))
        twice = sorted(set(part) & set(merged))
        if twice:
            raise ValueError(f"i18n: {name} repeats keys another {lang} file holds: {', '.join(twice[:5])}")
        merged.update(part)
    return merged


#: How a language separates the items of a list (Persian writes the Arabic comma).
SEPARATORS = {"fa": "، "}


def separator(lang: str) -> str:
    return SEPARATORS.get(lang, ", ")


def term(word: str, lang: str = "en") -> str:
    """A game term as the language names it (``term.<word>``), else the word with ``_`` as spaces."""
    cat = catalogue(lang)
    return cat.get(f"term.{word}") or catalogue("en").get(f"term.{word}") or str(word).replace("_", " ")


def param_text(value: Any, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """One event parameter written out (the forms are listed in ``meeple.core.events``)."""
    if isinstance(value, Mapping):
        if "term" in value:
            return term(str(value["term"]), lang)
        if "counts" in value:
            return separator(lang).join(f"{n} {term(str(k), lang)}" for k, n in value["counts"].items()) or "—"
        if "list" in value:
            return separator(lang).join(param_text(v, lang, names) for v in value["list"])
        if "seat" in value:
            seat = int(value["seat"])
            return names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat + 1}"
    return str(value)


def event_text(event: Mapping[str, Any] | Any, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """An event (an ``Event`` or its dict) as a sentence: its ``event.<kind>`` message with the values filled in.

    ``names`` are the seats' names, used for ``{"seat": n}`` parameters and for a ``{player}`` placeholder.
    """
    data = event.to_dict() if hasattr(event, "to_dict") else dict(event)
    cat = catalogue(lang)
    key = f"event.{data['kind']}"
    text = cat.get(key) or catalogue("en").get(key)
    params = dict(data.get("params") or {})
    seat = data.get("seat")
    if seat is not None and "player" not in params:
        params["player"] = {"seat": seat}
    if text is None:  # an event without a message yet: its kind and values, readable rather than lost
        return " ".join([data["kind"], *(f"{k}={param_text(v, lang, names)}" for k, v in params.items())])
    for k, v in params.items():
        text = text.replace("{" + k + "}", param_text(v, lang, names))
    return text


def missing(lang: str) -> list[str]:
    """Keys of the English catalogue that ``lang`` lacks or leaves empty."""
    have = catalogue(lang)
    return sorted(k for k in catalogue("en") if not str(have.get(k, "")).strip())
