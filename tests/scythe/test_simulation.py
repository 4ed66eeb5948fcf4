"""Random simulation (docs/architecture.md, "Tests"): 300 random games across 2–5 players, invariants after every step.

Random play wanders: a random game takes 100–300 rounds to reach a 6th star. So the 300 checked games stop after
ROUND_CAP rounds (a cap in this driver, never in the rules), and a further set of games is played to the end with
the cheaper invariants. Half the games use an "aggressive" random player that prefers to move, to step onto enemy
characters and mechs and onto the Factory, and to reveal objectives, so combats (§8) are fought often.
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


COMBAT_PHASES = ("fight", "artillery", "dial", "cards", "retreat")


def _distances():
    far = 99
    dist = [[far] * D.NUM_SPACES for _ in range(D.NUM_SPACES)]
    for src in range(D.NUM_SPACES):
        dist[src][src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for h in frontier:
                for n in D.GEO_NEIGHBOURS[h]:
                    if dist[src][n] == far:
                        dist[src][n] = dist[src][h] + 1
                        nxt.append(n)
            frontier = nxt
    return dist


DIST = _distances()


def choose(s, legal, rng, aggressive):
    """Uniformly random, or (``aggressive``) a random player that heads for enemy characters and mechs and the
    Factory, attacks them, and reveals objectives."""
    if not aggressive or rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    seat = s.current_player
    texts = [a.text for a in legal]
    for i, t in enumerate(texts):
        if t.startswith(("reveal", "keep factory")):
            return legal[i]
    if s.phase == "section":
        moves = [a for a in legal if a.kind == 0 and a.a < 4 and D.MAT_TOP[s.mat[seat]][a.a] == D.MOVE]
        if moves:
            return moves[0]
    if s.phase == "top" and "move" in texts:
        return legal[texts.index("move")]
    if s.phase == "move":
        picks = [a for a in legal if a.text.startswith(("pick character", "pick mech"))]
        if picks:
            return picks[rng.randrange(len(picks))]
    if s.phase == "unit":
        goals = [h for q in range(s.num_players) if q != seat for h in s.pos[q][: D.WORKER0] if h >= 0 and not D.IS_HOME[h]]
        goals.append(D.FACTORY)
        steps = [a for a in legal if a.text.startswith("to ")]
        if steps and rng.random() < 0.6:
            return min(steps, key=lambda a: (min(DIST[a.a][g] for g in goals), rng.random()))
    return legal[rng.randrange(len(legal))]


def check_combat_step(before, s, action):
    """During a combat nothing but power, cards, stars, popularity and the two sides' units changes."""
    if before.phase not in COMBAT_PHASES:
        return
    assert s.coins == before.coins and s.res == before.res, "combat neither pays coins nor moves resources"
    if s.last_combat is not before.last_combat and s.last_combat:
        h, a, d, ad, _, dd, _, w = s.last_combat
        for seat, dial in ((a, ad), (d, dd)):
            assert s.power[seat] == before.power[seat] - dial, "each side loses exactly its dial"
        loser = d if w == a else a
        if s.phase != "retreat":  # Seaworthy's choice of where to retreat comes next
            assert h not in s.pos[loser], "the loser leaves the territory"
        assert h in s.pos[w][: D.WORKER0], "the winner's character or mech holds it"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    rng = random.Random(players)
    combats = 0
    for g in range(GAMES_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 1000 + g)
        aggressive = g % 2 == 1
        steps = 0
        while not s.is_over and s.turns < ROUND_CAP * players:
            legal = s.legal_actions()
            action = choose(s, legal, rng, aggressive)
            if steps % 97 == 11:
                deep_checks(s, legal)
            before = board_total(s) if s.phase in MOVE_KINDS else None
            prev = [s.workers_on_board(p) for p in range(players)]
            snapshot = s.clone() if s.phase in COMBAT_PHASES else None
            s.apply(action)
            if snapshot is not None:
                check_combat_step(snapshot, s, action)
                combats += s.last_combat is not snapshot.last_combat
            if s.phase not in MOVE_KINDS:
                before = None
            check_step(s, before, prev)
            steps += 1
        if s.is_over:
            r = s.result()
            assert r is not None and len(r.scores) == players and min(r.ranks) == 1
    assert combats >= 5, f"only {combats} combats were fought: the simulation does not exercise §8"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_by_a_sixth_star(players):
    rng = random.Random(100 + players)
    for g in range(COMPLETE_PER_COUNT):
        s = GAME.new_game(players=players, seed=players * 7000 + g)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal
            s.apply(choose(s, legal, rng, g % 2 == 1))
            steps += 1
            assert steps < 60_000, "a random game did not end"
        check_consistency(s)
        r = s.result()
        assert sum(s.stars[s.ended_by]) == D.MAX_STARS and max(sum(x) for x in s.stars) == D.MAX_STARS
        assert r.scores == tuple(s.score(p) for p in range(players))
        assert r.details["ended_by"] == s.ended_by
