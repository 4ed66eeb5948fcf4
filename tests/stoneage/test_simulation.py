"""Random simulation (docs/architecture.md, "Tests"): 1,002 random games across 2-4 players, invariants after every step."""

import json
import random

import pytest

from meeple.games.stoneage import actions as A
from meeple.games.stoneage.data import CARDS, TILES
from meeple.games.stoneage.game import GAME

GAMES_PER_COUNT = 334


def check_step(s, n):
    present = sum(1 for c in s.display if c >= 0)
    assert len(s.deck) + present + sum(map(len, s.cards)) + sum(map(len, s.secret)) == len(CARDS)
    assert len(s.pool) + sum(1 for t in s.tops if t >= 0) + sum(map(len, s.buildings)) == len(TILES)
    for p in range(n):
        assert 5 <= s.people[p] <= 10 and 0 <= s.agri[p] <= 10
        assert s.food[p] >= 0 and min(s.res[p]) >= 0
        assert sum(s.at[p]) + s.home[p] <= s.people[p]
        tiles = s.tiles[p]
        assert len(tiles) <= 3 and (not tiles or max(tiles) - min(tiles) <= 1)
    assert [sum(a[i] for a in s.at) for i in range(16)] == s.occ
    if s.is_over:
        assert s.current_player is None and s.legal_actions() == []
    else:
        assert 0 <= s.current_player < n and s.legal_actions()


def deep_checks(s, legal):
    d = s.to_dict()
    json.dumps(d)
    assert GAME.from_dict(d).to_dict() == d
    for a in legal[:6]:
        c = s.clone()
        c.apply(a)
        c.check_consistency()
    assert s.to_dict() == d, "applying to clones changed the original"
    json.dumps(s.observation(s.current_player))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players):
    rng = random.Random(players)
    ends = set()
    for g in range(GAMES_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 10_000 + g)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if steps % 97 == 11 and g % 4 == 0:
                deep_checks(s, legal)
            s.apply(action)
            check_step(s, players)
            steps += 1
            assert steps < 5000, "a random game did not end"
        s.check_consistency()
        r = s.result()
        assert r is not None and len(r.scores) == players and min(r.ranks) == 1
        ends.add(r.details["ended_by"])
    assert ends == {"cards", "buildings"} or players == 2


def check_house_rules(s, before):
    """What each seed-001 house rule promises, checked after every step (divergences #9, #13, #23, #28, docs/rules/stoneage.md)."""
    opts = s.opts
    last = s.history[-1] if s.history and isinstance(s.history[-1], str) else ""
    if opts["placement"] == "one_at_a_time" and last.startswith("place ") and last != "place hut":
        assert A.read(last).count == 1, last
    if opts["display_refill"] == "immediate" and s.deck:
        assert -1 not in s.display, "a slot stays empty only when the deck is empty"
    if opts["tools_before_roll"] and s.phase == "tools":
        assert s.observation(s.turn)["roll"]["rolled"] is False
    score, missing, seat = before
    if opts["starvation"] == "per_missing_food" and last == "starve" and not s.is_over:
        assert s.score[seat] == score[seat] - 10 * missing


@pytest.mark.parametrize(
    "options",
    [
        {"any_resources": "at_once"},
        {"full_hut": "forbidden", "maxed_tracks": "forbidden"},
        {"placement": "one_at_a_time"},
        {"starvation": "per_missing_food"},
        {"tools_before_roll": True},
        {"display_refill": "immediate"},
        {"house_rules": "seed001"},
    ],
)
def test_random_games_under_every_option_end_consistently(options):
    rng = random.Random(7)
    for g in range(40):
        players = 2 + g % 3
        s = GAME.new_game(players=players, seed=900 + g, **options)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            if steps % 97 == 11 and g % 8 == 0:
                deep_checks(s, legal)
            before = (s.score.copy(), s.feed_left, s.turn)
            s.apply(legal[rng.randrange(len(legal))])
            check_step(s, players)
            check_house_rules(s, before)
            steps += 1
            assert steps < 5000, "a random game did not end"
        s.check_consistency()
        assert s.result() is not None
        if options.get("any_resources") == "at_once":
            assert s.joker == [0] * players
