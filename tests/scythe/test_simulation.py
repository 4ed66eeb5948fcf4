"""Random simulation (DESIGN.md §5): 300 random games across 2–5 players, invariants after every step.

Random play wanders: a random game takes 150–400 rounds to reach a 6th star. So the 300 checked games stop after
ROUND_CAP rounds (a cap in this driver, never in the rules), and a further set of games is played to the end with
the cheaper invariants.
"""

import json
import random

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.game import GAME
from meeple.games.scythe.views import check_consistency

GAMES_PER_COUNT = 75
ROUND_CAP = 60
COMPLETE_PER_COUNT = 6
MOVE_KINDS = ("unit", "move")


def board_total(s):
    return sum(s.res) + sum(s.cargo)


def check_step(s, before, prev_workers):
    n = s.num_players
    check_consistency(s)
    for p in range(n):
        assert 0 <= s.power[p] <= D.MAX_POWER and 0 <= s.pop[p] <= D.MAX_POPULARITY and s.coins[p] >= 0
        assert sum(s.stars[p]) <= D.MAX_STARS
        assert s.workers_on_board(p) >= prev_workers[p], "workers never return to the mat"
    if before is not None:
        assert board_total(s) == before, "moving units neither creates nor destroys resources"
    if s.is_over:
        assert s.current_player is None and s.legal_actions() == []
        assert max(sum(x) for x in s.stars) == D.MAX_STARS
    else:
        assert s.current_player in range(n) and s.legal_actions()


def deep_checks(s, legal):
    d = s.to_dict()
    json.dumps(d)
    assert GAME.from_dict(d).to_dict() == d
    c = s.clone()
    c.apply(legal[-1])
    assert s.to_dict() == d, "a clone shares state with its original"
    for a in legal:  # every legal action applies
        s.clone().apply(a)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    rng = random.Random(players)
    for g in range(GAMES_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 1000 + g)
        steps = 0
        while not s.is_over and s.turns < ROUND_CAP * players:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 97 == 11:
                deep_checks(s, legal)
            before = board_total(s) if s.phase in MOVE_KINDS else None
            prev = [s.workers_on_board(p) for p in range(players)]
            s.apply(action)
            if s.phase not in MOVE_KINDS:
                before = None
            check_step(s, before, prev)
            steps += 1
        if s.is_over:
            r = s.result()
            assert r is not None and len(r.scores) == players and min(r.ranks) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_by_a_sixth_star(players):
    rng = random.Random(100 + players)
    for g in range(COMPLETE_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 7000 + g)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal
            s.apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 60_000, "a random game did not end"
        check_consistency(s)
        r = s.result()
        assert sum(s.stars[s.ended_by]) == D.MAX_STARS and max(sum(x) for x in s.stars) == D.MAX_STARS
        assert r.scores == tuple(s.score(p) for p in range(players))
        assert r.details["ended_by"] == s.ended_by
