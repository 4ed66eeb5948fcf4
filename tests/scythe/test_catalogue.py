"""Every Scythe game-data string a player reads has English, Vietnamese and Persian text (issue 16 item 6).

The test walks the game data itself (factions, mats, the map, cards, trackers), so a new card or ability in the data
fails here until it is translated."""

from __future__ import annotations

import pytest

from meeple import i18n
from meeple.games.scythe import data as D
from meeple.games.scythe.automa import CARDS, LEVELS
from meeple.games.scythe.describe import AUTOMA_MOVES, STAR_TERMS, ability_term, faction_ability_term


def data_terms() -> set[str]:
    """Term words (``term.<word>``) the Scythe views and events name, read from the data."""
    words: set[str] = {"automa", "home_base", "no_cards", "tunnel", "river", "character", "mech", "worker"}
    words |= set(D.FACTIONS) | set(D.ALL_HOMES) | set(D.MATS) | set(D.RESOURCES) | set(D.STRUCTURES)
    words |= set(D.TOP_ACTIONS) | set(D.BOTTOM_ACTIONS) | set(D.TOP_SLOTS)
    words |= {h.get("terrain", "") for h in D.HEXES} - {""}
    words |= {f"bonus_{k}" for k in D.RECRUIT_BONUSES} | set(STAR_TERMS) | set(D.BONUS_TILES)
    words |= {f"objective_{c}" for c in D.OBJECTIVES}
    words |= {ability_term(f, m) for f in range(len(D.FACTIONS)) for m in range(4)}
    words |= {faction_ability_term(f) for f in range(len(D.FACTIONS))}
    for options in D.ENCOUNTER_OPTIONS.values():
        for cost, gain in options:
            words |= {t for t, _ in (*cost, *gain)}
    for cost, gain, _ in D.FACTORY_TOP.values():
        words |= {t for t, _ in (*cost, *gain)}
    words |= {"discard_card", "choose"}  # what the engine adds to a Factory card's gains (cards.py)
    words |= {f"automa_{m}" for m in AUTOMA_MOVES} | {"automa_none"} | set(LEVELS)
    for card in CARDS.values():
        for scheme in ("scheme_1", "scheme_2"):
            words |= {f"automa_{alt['action']}" for alt in card[scheme]["move"]}
            words |= {g["type"] for g in card[scheme]["gain"]} | ({card[scheme]["recruit_bonus"]} - {None})
    return words


def data_texts() -> set[str]:
    """Message keys of the longer texts shown in tooltips and panels."""
    keys = {f"scythe.objective.{c}" for c in D.OBJECTIVES}
    keys |= {f"scythe.ability.{f}.{m}" for f in D.FACTIONS for m in range(4)}
    keys |= {f"scythe.faction_ability.{f}" for f in D.FACTIONS}
    keys |= {"scythe.tier", "scythe.bonus_tile", "scythe.automa.tracker", "scythe.automa.scheme", "scythe.automa.card"}
    keys |= {"scythe.encounter.option", "scythe.factory.card", "scythe.automa.moves", "scythe.automa.gains", "scythe.automa.recruit"}
    return keys


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_data_term_has_text(lang: str) -> None:
    cat = i18n.catalogue(lang)
    missing = sorted(w for w in data_terms() if not str(cat.get(f"term.{w}", "")).strip())
    assert missing == [], f"{lang} lacks terms: {missing}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_data_text_has_text(lang: str) -> None:
    cat = i18n.catalogue(lang)
    missing = sorted(k for k in data_texts() if not str(cat.get(k, "")).strip())
    assert missing == [], f"{lang} lacks texts: {missing}"


@pytest.mark.parametrize("lang", ["vi", "fa"])
def test_names_and_texts_are_translated_not_copied_from_english(lang: str) -> None:
    """A translation equal to the English is allowed only for names kept as they are (the Automa's levels)."""
    en, cat = i18n.catalogue("en"), i18n.catalogue(lang)
    kept = {"term.automa", "scythe.automa.title", "score.scythe.automa"}
    same = sorted(k for k in [*(f"term.{w}" for w in data_terms()), *data_texts()] if k not in kept and cat.get(k) == en.get(k) and k in en)
    assert same == [], f"{lang} repeats the English for {same}"


def test_the_walk_covers_every_mech_ability_objective_and_card_gain() -> None:
    """The walk above reads the data (a guard against a walk that silently shrinks)."""
    words = data_terms()
    assert {"riverwalk", "seaworthy", "peoples_army", "underpass", "wayfare", "speed"} <= words
    assert {"swim", "relentless", "meander", "coercion", "dominate"} <= words
    assert len([w for w in words if w.startswith("objective_")]) == len(D.OBJECTIVES) >= 23
    assert {"resources_any_combination", "deploy_mech", "build_structure", "enlist_recruit"} <= words


def test_every_message_key_the_scythe_view_names_is_in_every_catalogue() -> None:
    """The keys the browser's Scythe view writes out literally (t("scythe....")) exist in every language."""
    import re
    from importlib.resources import files

    web = files("meeple").joinpath("web", "views")
    sources = [web.joinpath("scythe.js"), *(p for p in web.joinpath("scythe").iterdir() if p.name.endswith(".js"))]
    used = {k for src in sources for k in re.findall(r"""\bt\("([\w.]+)\"""", src.read_text(encoding="utf-8"))}
    assert len(used) > 30
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        assert sorted(k for k in used if k not in cat) == [], lang
