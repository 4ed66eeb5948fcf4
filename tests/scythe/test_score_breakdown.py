"""§13 final scoring told category by category (``Result.details["breakdown"]``) and the tie-breaker that
decided (``details["tiebreak"]``); automa §10 for the solo game (docs/rules/scythe.md, "Final scoring")."""

from __future__ import annotations

import random

from meeple import i18n
from meeple.games.scythe import data as D
from meeple.games.scythe.automa import AUTOMA
from meeple.games.scythe.game import GAME
from meeple.games.scythe.scoring import CATEGORIES, TIE_BREAKERS, deciding_tiebreak

from .helpers import new, place, refresh, resources, workers
from .test_automa import clear, solo


def ended(s):
    s.end_game(0)
    return s.result()


def test_13_each_category_at_the_popularity_tier_in_the_rulebook_order() -> None:
    s = new()
    for p in range(2):
        for i in range(D.UNIT_SLOTS):
            s.pos[p][i] = -1
    place(s, 0, D.CHAR, "4,1")
    workers(s, 0, "5,1", "4,2")
    place(s, 1, D.CHAR, "6,3")
    home1 = D.SPACE_NAMES[D.HOME[s.faction[1]]]
    workers(s, 1, home1, home1)  # home bases are no territory
    resources(s, "4,1", wood=3, oil=2)  # 5 tokens: 2 pairs
    s.coins = [17, 4]
    s.pop = [13, 3]  # the top tier (5/4/3) and the bottom tier (3/2/1)
    s.stars[0][D.STAR_UPGRADES] = s.stars[0][D.STAR_COMBAT] = 1
    refresh(s)
    r = ended(s)
    parts = r.details["breakdown"]
    assert list(parts[0]) == list(CATEGORIES)
    assert parts[0] == {"coins": 17, "stars": 2 * 5, "territories": 3 * 4, "resources": 2 * 3, "structure_bonus": s.structure_bonus(0)}
    assert parts[1]["coins"] == 4 and parts[1]["territories"] == 1 * 2 and parts[1]["stars"] == 0
    assert [sum(p.values()) for p in parts] == list(r.scores)


def test_13_the_tiebreaker_that_decided_is_named_and_none_when_scores_decide() -> None:
    assert deciding_tiebreak([(50, 9, 3, 3, 3, 3, 3), (40, 1, 1, 1, 1, 1, 1)]) is None
    assert deciding_tiebreak([(50, 9, 3, 3, 3, 3, 3), (50, 8, 9, 9, 9, 9, 9)]) == "units_and_structures"
    assert deciding_tiebreak([(50, 8, 3, 3, 3, 3, 3), (50, 8, 4, 0, 0, 0, 0), (60, 1, 1, 1, 1, 1, 1)]) is None
    assert deciding_tiebreak([(50, 8, 3, 5, 3, 3, 3), (50, 8, 3, 4, 9, 9, 9)]) == "popularity"
    assert deciding_tiebreak([(50, 8, 3, 3, 3, 3, 3), (50, 8, 3, 3, 3, 3, 3)]) is None  # still tied: ranks are shared
    s = new()
    s.coins = [30, 30]
    s.pop = [10, 10]
    s.power = [7, 2]
    for p in range(2):
        for i in range(D.UNIT_SLOTS):
            s.pos[p][i] = -1
        home = D.SPACE_NAMES[D.HOME[s.faction[p]]]
        place(s, p, D.CHAR, home)
        workers(s, p, home, home)
    refresh(s)
    r = ended(s)
    assert r.scores[0] == r.scores[1] and r.details["tiebreak"] == "power" and r.ranks == (1, 2)


def test_13_every_category_and_tiebreaker_has_a_label_in_every_language() -> None:
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        for c in CATEGORIES:
            assert cat.get(f"score.scythe.{c}"), (c, lang)
        for t in TIE_BREAKERS:
            assert cat.get(f"tiebreak.scythe.{t}"), (t, lang)


def test_13_random_games_to_their_end_break_down_to_their_scores() -> None:
    for players, seed in ((2, 1), (3, 2)):
        rnd = random.Random(seed)
        s = GAME.new_game(players=players, seed=seed)
        while not s.is_over:
            s.apply(rnd.choice(s.legal_actions()))
        r = s.result()
        assert [sum(p.values()) for p in r.details["breakdown"]] == list(r.scores)
        assert r.details["tiebreak"] in (None, *TIE_BREAKERS)


def test_automa_10_the_solo_breakdown_scores_the_automa_without_resources_or_structure_bonus() -> None:
    s = clear(solo())
    s.coins[AUTOMA] = 12
    s.stars[AUTOMA][D.STAR_COMBAT] = 2
    s.coins[0] = 20
    refresh(s)
    s.end_game(AUTOMA)
    r = s.result()
    automa = r.details["automa_breakdown"]
    per_star, per_territory, _ = D.tier_of(10)
    assert automa == {"coins": 12, "stars": 2 * per_star, "territories": per_territory * s.territories(AUTOMA)}
    assert sum(automa.values()) == r.details["automa_score"]
    assert sum(r.details["breakdown"][0].values()) == r.scores[0]
