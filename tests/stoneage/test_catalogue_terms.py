"""Every game-data term of Stone Age (card effects and halves, culture symbols, multipliers, building kinds,
locations, phases) and every Stone Age message the engine emits has text in English, Vietnamese and Persian."""

from __future__ import annotations

import random

import pytest

from meeple import i18n
from meeple.games.stoneage import data
from meeple.games.stoneage.describe import PLACE_TERMS
from meeple.games.stoneage.game import GAME
from meeple.games.stoneage.state import PHASES


def game_terms() -> set[str]:
    words = {c.top for c in data.CARDS} | {c.bottom for c in data.CARDS}
    words |= set(data.CULTURE_SYMBOLS) | set(data.SAND_KINDS) | {t.kind for t in data.TILES}
    words |= set(data.RESOURCES) | set(data.DICE_FOR_ALL_ITEMS) | set(PLACE_TERMS) | set(PHASES)
    return words | {"food", "points", "ended_by_cards", "ended_by_buildings"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_data_term_has_text(lang):
    cat = i18n.catalogue(lang)
    missing = sorted(w for w in game_terms() if not cat.get(f"term.{w}", "").strip())
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_score_category_and_the_tiebreak_have_text(lang):
    cat = i18n.catalogue(lang)
    for category in ("play", "culture", "farmers", "tool_makers", "hut_builders", "shamans", "resources"):
        assert cat.get(f"score.stoneage.{category}")
    assert cat.get("tiebreak.stoneage.agriculture_tools_people")


def test_every_event_of_random_games_has_a_message_and_every_term_it_names_has_text():
    rng = random.Random(9)
    kinds, terms = set(), set()

    def walk(value):
        if isinstance(value, dict):
            if "term" in value:
                terms.add(value["term"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for players, options in ((2, {}), (4, {}), (3, {"house_rules": "seed001", "any_resources": "at_once"})):
        s = GAME.new_game(players=players, seed=90 + players, **options)
        while not s.is_over:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            before = s.clone()
            s.apply(a)
            for e in GAME.describe(before, a, s, before.turn):
                kinds.add(e.kind)
                walk(e.to_dict()["params"])
    assert len(kinds) > 25
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        assert sorted(k for k in kinds if f"event.{k}" not in cat) == []
        assert sorted(t for t in terms if f"term.{t}" not in cat) == []
