"""Random simulation (docs/architecture.md, "Tests"): 2,100 random games, invariants after every step."""

import json
import random

import pytest

from meeple.games.splendor.data import CARDS, GEMS_BY_PLAYERS, NOBLES
from meeple.games.splendor.game import GAME

GAMES_PER_COUNT = 700


def check_step(s, n):
    gems = GEMS_BY_PLAYERS[n]
    for k in range(6):
        total = s.supply[k] + sum(t[k] for t in s.tokens)
        assert total == (5 if k == 5 else gems)
        assert s.supply[k] >= 0 and all(t[k] >= 0 for t in s.tokens)
    for p in range(n):
        held = sum(s.tokens[p])
        if s.phase == "return" and p == s.turn:
            assert 10 < held <= 13
        else:
            assert held <= 10
        assert len(s.reserved[p]) <= 3
        assert s.points[p] == sum(CARDS[c].points for c in s.bought[p]) + 3 * len(s.nobles_won[p])
    if s.is_over:
        assert s.current_player is None and s.legal_actions() == []
    else:
        assert 0 <= s.current_player < n and s.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players):
    rng = random.Random(players)
    ended_by_score = 0
    for g in range(GAMES_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 10_000 + g)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 29 == 3:
                deep_checks(s, legal)
            s.apply(action)
            check_step(s, players)
            steps += 1
            assert steps < 3000, "a random game did not end"
        s.check_consistency()
        r = s.result()
        assert r is not None and len(r.scores) == players and min(r.ranks) == 1
        if not r.details["ended_by_deadlock"]:
            ended_by_score += 1
            assert max(r.scores) >= 15
            assert s.turns_played % players == 0, "every player has had the same number of turns"
    assert ended_by_score > GAMES_PER_COUNT * 0.9


def deep_checks(s, legal):
    d = s.to_dict()
    json.dumps(d)
    assert GAME.from_dict(d).to_dict() == d
    c = s.clone()
    c.apply(legal[0])
    assert s.to_dict() == d, "applying to a clone changed the original"
    for action in legal:  # every legal action applies
        s.clone().apply(action)
    s.check_consistency()
    assert len({c for c in _all_cards(s)}) == len(CARDS)
    assert sum(1 for x in s.nobles if x >= 0) + sum(map(len, s.nobles_won)) == s.num_players + 1 <= len(NOBLES)


def _all_cards(s):
    yield from (c for d in s.decks for c in d)
    yield from (c for c in s.display if c >= 0)
    for p in range(s.num_players):
        yield from s.reserved[p]
        yield from s.bought[p]
