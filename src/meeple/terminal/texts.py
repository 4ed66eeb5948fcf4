"""The terminal's words: catalogue messages in the player's language, and the game's own terminal hooks.

A game's terminal view lives in its ``render`` module (docs/architecture.md). Besides ``render(observation)`` that
module may define, for the terminal table to use when present:

- ``help_entries(observation) -> list[(example, key, params)]``: a notation example and what it does, for ``help``;
  every example must read as the game's notation (tests/test_terminal.py checks it);
- ``help_symbols(observation) -> list[(key, params)]``: the symbols the board and the notation use;
- ``move_words(observation, notation) -> (key, params) | None``: a legal move described in words, shown next to it;
- ``choice_group(notation) -> (name, [(label, amount), ...]) | None``: moves that are one choice made of amounts (a
  payment: how many of each resource) name their group and their amounts, so that hundreds of them are offered as
  one line and chosen amount by amount.

The hooks speak in catalogue keys and event parameters (``meeple.core.events``: ``{"term": w}``, ``{"counts": ..}``,
``{"list": ..}``; here also ``{"pairs": [[symbol, param], ...]}`` for "w white, u blue", ``{"phrase": (key, params)}``
and ``{"term": word, "text": shown}`` for a term written ``shown`` where no catalogue has it), so a game's view never
imports the terminal or the catalogues, and every word reaches the player in their language.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from meeple.core import Game
from meeple.i18n import catalogue, param_text


def say(key: str, lang: str = "en", **params: Any) -> str:
    """The catalogue message ``key`` in ``lang`` (English where it lacks it), ``{placeholders}`` filled."""
    text = catalogue(lang).get(key) or catalogue("en").get(key) or key
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def value_text(value: Any, lang: str) -> str:
    """A hook's parameter written out in ``lang``."""
    if isinstance(value, dict) and "pairs" in value:
        return ", ".join(f"{symbol} {value_text(meaning, lang)}" for symbol, meaning in value["pairs"])
    if isinstance(value, dict) and "term" in value and "text" in value:  # a term the catalogues may not hold yet
        key = f"term.{value['term']}"
        return catalogue(lang).get(key) or catalogue("en").get(key) or str(value["text"])
    if isinstance(value, dict) and "phrase" in value:
        key, params = value["phrase"]
        return phrase(key, params, lang)
    return param_text(value, lang)


def phrase(key: str, params: Any, lang: str) -> str:
    """A hook's (key, params) as a sentence in ``lang``."""
    return say(key, lang, **{k: value_text(v, lang) for k, v in dict(params or {}).items()})


def view_module(game: Game) -> ModuleType | None:
    """The game's terminal view module (``<game package>.render``), if it has one."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.render")
    except ImportError:
        return None


def hook(game: Game, name: str) -> Any:
    """One of the optional terminal hooks listed above, or None."""
    module = view_module(game)
    return getattr(module, name, None) if module is not None else None
