"""Message catalogues for every UI string and game term: English, Vietnamese, Persian.

Each language is one flat JSON file ``<lang>.json`` mapping a key to its text; ``{name}``
placeholders are filled by the UI. English is the reference: every other catalogue must
have exactly its keys (``tests/server/test_i18n.py``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files

LANGUAGES = ["en", "vi", "fa"]
RIGHT_TO_LEFT = {"fa"}


def direction(lang: str) -> str:
    return "rtl" if lang in RIGHT_TO_LEFT else "ltr"


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; available: {', '.join(LANGUAGES)}")
    return json.loads(files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8"))


def missing(lang: str) -> list[str]:
    """Keys of the English catalogue that ``lang`` lacks or leaves empty."""
    have = catalogue(lang)
    return sorted(k for k in catalogue("en") if not str(have.get(k, "")).strip())
