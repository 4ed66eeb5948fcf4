"""Random solo games against each Automa level all end (automa §4.4, §10): 300 per level.

The driver caps a game at 3,000 human decisions only so that a bug cannot hang the suite; every game must end
well before (the star tracker alone ends it after at most 24 Automa turns that advance it).
"""

from __future__ import annotations

import json
import random

import pytest

from meeple.games.scythe.automa import AUTOMA, LEVELS
from meeple.games.scythe.game import GAME
from meeple.games.scythe.views import check_consistency

GAMES_PER_LEVEL = 300
CAP = 3000


@pytest.mark.parametrize("level", LEVELS)
def test_300_random_solo_games_per_level_all_end(level: str) -> None:
    automa_won = 0
    for seed in range(GAMES_PER_LEVEL):
        s = GAME.new_game(players=1, seed=seed, automa_level=level)
        rng = random.Random(seed)
        for step in range(CAP):
            if s.is_over:
                break
            assert s.current_player == 0
            if seed % 50 == 0 and step % 25 == 0:  # a few games also round-trip through JSON along the way
                d = s.to_dict()
                assert GAME.from_dict(json.loads(json.dumps(d))).to_dict() == d
            s.apply(rng.choice(s.legal_actions()))
        assert s.is_over, f"{level} seed {seed} did not end in {CAP} decisions"
        check_consistency(s)
        result = s.result()
        assert result is not None and len(result.scores) == 1
        automa_won += result.ranks[0] == 2
        assert sum(s.stars[AUTOMA]) == 6 or sum(s.stars[0]) == 6
    assert automa_won > GAMES_PER_LEVEL // 2  # a random player loses to every level


def test_solo_records_with_automa_combats_and_placements_replay() -> None:
    """Every chance of the Automa (its cards, the combat cards it reveals, its Factory card) replays from a record."""
    from meeple import record

    kinds: set[str] = set()
    for seed in range(40):
        opts = {"automa_first": bool(seed % 2), "automa_conquest_resource": "choose" if seed % 3 == 0 else "terrain"}
        s = GAME.new_game(players=1, seed=seed, **opts)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        kinds |= {e["chance"] for e in s.history if isinstance(e, dict)}
        replayed = record.replay(json.loads(json.dumps(record.make(s))))
        assert replayed.to_dict() == s.to_dict()
    assert {"automa_card", "automa_cards"} <= kinds
