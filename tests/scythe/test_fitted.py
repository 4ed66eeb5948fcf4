"""Scythe's fitted evaluation (games/scythe/fitted.py, docs/agents.md "A fitted evaluation (Scythe)"): the features of
hand-built positions (final-score terms of §13 at the popularity tier, the engine, the Automa's star tracker of
automa §4.4), the shipped weights, and the bot that plays by them."""

from __future__ import annotations

import copy

import pytest

from meeple.agents import make_agent
from meeple.games.scythe import data as D
from meeple.games.scythe import fitted
from meeple.games.scythe.game import GAME

from .helpers import mech, new, refresh, resources, set_hand, workers


def named(s, p=0):
    return dict(zip(fitted.SEAT_FEATURES, fitted.seat_features(s, p), strict=True))


def test_seat_features_of_a_hand_position():
    """§13: at popularity 8 (the middle tier) a star pays 4, a territory 3, two resources 2."""
    s = new("nordic,polania")
    workers(s, 0, "4,1", "4,1", "4,1", "5,1")
    resources(s, "4,1", oil=3, wood=2)
    s.coins[0], s.pop[0], s.power[0] = 20, 8, 16
    s.stars[0][D.STAR_POWER] = s.stars[0][D.STAR_COMBAT] = 1
    set_hand(s, 0, 2, 3)
    f = named(refresh(s))
    assert f["coins"] == 20 and f["popularity"] == 8 and f["power"] == 16 and f["cards"] == 2
    assert (f["stars"], f["star_points"]) == (2, 8)
    assert (f["territories"], f["territory_points"]) == (2, 6)  # the workers' two hexes; the home base never counts
    assert (f["resources"], f["pair_points"]) == (5, 4)
    # §6: the Industrial mat's Upgrade costs 3 oil and its Build 3 wood: one payment ready, two tokens spare.
    assert [s.bottom_cost(0, b) for b in (D.UPGRADE, D.BUILD)] == [3, 3]
    assert (f["payments"], f["spare_resources"]) == (1, 2)
    assert f["coins_short"] == 0
    assert f["workers"] == 2  # four off the mat, two of them the starting ones
    assert (f["worker_hexes"], f["stacked_workers"]) == (2, 2)
    assert (f["below_tier_2"], f["below_tier_3"]) == (0, 5)
    assert f["exposed_units"] == 0  # Polania's units are all far away
    assert f["turns_left"] == pytest.approx((6 - 2) * 4 / fitted.TURNS_SCALE)  # the leader has 2 stars
    assert f["power_x_left"] == pytest.approx(16 * f["turns_left"])
    assert f["stars_x_left"] == pytest.approx(2 * f["turns_left"])
    mech(s, 1, "4,2")  # next to both of Nordic's worker hexes
    assert named(refresh(s))["exposed_units"] == 4
    s.coins[0] = 1
    assert named(s)["coins_short"] == fitted.COINS_NEEDED - 1


def test_the_factory_counts_three_territories():
    """§13: the Factory hex counts as three territories."""
    s = new("nordic,polania")
    workers(s, 0, "4,1", "5,1")
    mech(s, 0, D.SPACE_NAMES[D.FACTORY])
    assert named(refresh(s))["territories"] == 5


def solo(level="autometta", seed=2):
    return GAME.new_game(players=1, seed=seed, automa_level=level)


def test_turns_left_follow_the_automas_star_tracker():
    """automa §4.4: the Autometta's gold stars are on spaces 11, 16, 19, 21, 23, 24; the cube starts on space 1."""
    s = solo("autometta")
    assert fitted.automa_spaces_to_end(s) == 23
    s.stars[1][D.STAR_COMBAT] = 2  # two stars from fights: the tracker needs four more, the 4th on space 21
    assert fitted.automa_spaces_to_end(s) == 20
    s.automa.cube = 12
    assert fitted.automa_spaces_to_end(s) == 11  # gold on 16, 19, 21 and 23
    assert fitted.turns_left(s) == pytest.approx(11 / fitted.ADVANCE_SHARE / fitted.TURNS_SCALE)
    harder = solo("ultimaszyna")
    assert fitted.automa_spaces_to_end(harder) < fitted.automa_spaces_to_end(solo("autometta"))


def test_the_automas_features_and_level():
    s = solo("automa")
    f = dict(zip(fitted.AUTOMA_FEATURES, fitted.automa_features(s), strict=True))
    assert f["automa_score"] == s.automa_score()
    assert (f["level_automa"], f["level_autometta"], f["scheme_2"]) == (1, 0, 0)
    assert f["automa_turns_left"] == pytest.approx(21 / fitted.ADVANCE_SHARE / fitted.TURNS_SCALE)


def test_the_shipped_weights_load_and_fit_the_features():
    w = fitted.weights()
    assert len(w["solo"]["weights"]) == len(fitted.SEAT_FEATURES) + len(fitted.AUTOMA_FEATURES)
    assert len(w["players"]["weights"]) == len(fitted.SEAT_FEATURES)
    assert w["solo"]["games"] > 0 and w["players"]["games"] > 0


def test_weights_for_other_features_are_refused():
    good = fitted.weights()
    stale = copy.deepcopy(good)
    stale["solo"]["features"] = stale["solo"]["features"][:-1]
    with pytest.raises(ValueError, match="fitted on other features; retrain"):
        fitted.check_weights(stale)
    short = copy.deepcopy(good)
    short["players"]["weights"] = short["players"]["weights"][:3]
    with pytest.raises(ValueError, match="numeric weights"):
        fitted.check_weights(short)


def test_the_value_is_the_weights_times_the_features():
    s = solo("automa", seed=5)
    m = fitted.weights()["solo"]
    expected = sum(a * b for a, b in zip(m["weights"], fitted.solo_features(s), strict=True)) + m["bias"]
    assert GAME.evaluations["fitted"](s) == [pytest.approx(expected)]
    two = new("nordic,polania")
    values = GAME.evaluations["fitted"](two)
    assert len(values) == 2
    # Nordic given ten more coins is worth about what the coin weight says, against the same rival.
    two.coins[0] += 10
    richer = GAME.evaluations["fitted"](refresh(two))
    coin = fitted.weights()["players"]["weights"][fitted.SEAT_FEATURES.index("coins")]
    assert richer[0] - values[0] == pytest.approx(10 * coin)
    assert richer[1] == pytest.approx(values[1])


@pytest.mark.parametrize("players", [1, 2])
def test_the_fitted_bot_plays_legal_moves(players):
    state = GAME.new_game(players=players, seed=9)
    bots = [make_agent("greedy:evaluation=fitted", seed=s) for s in range(players)]
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_actions()
        before = state.to_dict()
        action = bots[state.current_player].act(state)
        assert action in legal
        assert state.to_dict() == before
        state.apply(action)
