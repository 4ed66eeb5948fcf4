"""A text view's words in English when no catalogue is given: each game's terminal view keeps its own table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def english_words(words: Mapping[str, str]) -> Callable[..., str]:
    """``say(key, **params)`` from ``words``: a key's English text with its ``{placeholders}`` filled; a key not in
    the table is a game term, written as itself (``term.one_use_tool`` → ``one use tool``)."""

    def english(key: str, **params: Any) -> str:
        text = words.get(key, key.removeprefix("term.").replace("_", " "))
        for name, value in params.items():
            text = text.replace("{" + name + "}", str(value))
        return text

    return english
