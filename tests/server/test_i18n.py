"""Every UI string and game term exists in English, Vietnamese and Persian (issue 8, Languages)."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from meeple import i18n
from meeple.core import games as game_names

PLACEHOLDER = re.compile(r"\{(\w+)\}")
WEB = files("meeple").joinpath("web")


def web_sources() -> dict[str, str]:
    """index.html and every ES module of the browser UI (web/ and web/views/, however they are split)."""
    out = {"index.html": WEB.joinpath("index.html").read_text(encoding="utf-8")}
    stack = [(WEB, "")]
    while stack:
        folder, prefix = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append((entry, f"{prefix}{entry.name}/"))
            elif entry.name.endswith(".js"):
                out[prefix + entry.name] = entry.read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_key_is_missing_or_empty(lang: str) -> None:
    assert i18n.missing(lang) == []
    assert set(i18n.catalogue(lang)) == set(i18n.catalogue("en")), "a catalogue has keys English lacks"


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_translations_keep_their_placeholders(lang: str) -> None:
    en = i18n.catalogue("en")
    for key, text in i18n.catalogue(lang).items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), key


def test_every_key_the_ui_uses_is_in_the_catalogue() -> None:
    en = i18n.catalogue("en")
    used = set()
    for name, text in web_sources().items():
        found = set(re.findall(r"""\bt\("([\w.]+)"|data-i18n="([\w.]+)\"""", text))
        used |= {a or b for a, b in found}
        assert found or name in ("api.js", "dom.js", "i18n.js", "views/index.js"), f"{name} uses no message key"
    assert used and sorted(k for k in used if k not in en) == []


def test_every_game_and_splendor_term_has_a_name() -> None:
    en = i18n.catalogue("en")
    for game in {*game_names(), "splendor", "stoneage", "scythe"}:
        assert f"game.{game}" in en, f"no title for {game}"
    for colour in ("white", "blue", "green", "red", "black", "gold"):
        assert f"splendor.{colour}" in en
    for place in ("hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field"):  # keys the Stone Age view builds
        assert f"stoneage.{place}" in en
    for verb in ("section", "move", "to", "pick", "produce", "trade", "power", "upgrade", "deploy", "build", "enlist", "pay"):
        assert f"scythe.{verb}" in en  # keys the Scythe view builds from a move's first word


def test_persian_is_right_to_left_and_the_others_are_not() -> None:
    assert i18n.direction("fa") == "rtl"
    assert i18n.direction("en") == i18n.direction("vi") == "ltr"
    with pytest.raises(ValueError, match="no language"):
        i18n.catalogue("xx")


def test_every_option_of_every_game_has_a_label_in_each_language() -> None:
    """Strict for Splendor; for games still being written, missing labels are reported as a warning (the UI falls
    back to the option's own name) so that a new option there does not break the build before it is translated."""

    from meeple.core import load

    missing = []
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        for name in game_names():
            for key, choices in load(name).option_choices.items():
                keys = [f"option.{name}.{key}"] + [f"option.{name}.{key}.{v}" for v in choices if not isinstance(v, bool)]
                missing += [(name, lang, k) for k in keys if k not in cat]
    assert missing == [], f"option labels missing from the catalogues: {sorted({m[2] for m in missing})}"
