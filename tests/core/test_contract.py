"""The game contract (docs/api.md), checked the same way for every registered game."""

import json
import random

import pytest

import meeple
from meeple import IllegalAction, record

GAMES = meeple.games()
STEP_CAP = 400


def play_some(game, players, seed, steps, rng):
    s = game.new_game(players=players, seed=seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name", GAMES)
def test_game_facts(name):
    game = meeple.load(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert game.num_actions == len(game.action_table())
    assert all(a.id == i for i, a in enumerate(game.action_table()))
    assert meeple.load(name) is game


@pytest.mark.parametrize("name", GAMES)
def test_contract_over_random_steps(name):
    game = meeple.load(name)
    rng = random.Random(1)
    for players in range(max(2, game.min_players), game.max_players + 1):
        s = game.new_game(players=players, seed=players)
        twin = game.new_game(players=players, seed=players)
        for n in range(STEP_CAP):
            if s.is_over:
                break
            seat = s.current_player
            assert isinstance(seat, int) and 0 <= seat < players
            legal = s.legal_actions()
            assert legal and len({a.id for a in legal}) == len(legal)
            mask = s.legal_action_mask()
            assert int(mask.sum()) == len(legal)
            a = rng.choice(legal)
            assert game.parse_action(s, str(a)) == a
            assert game.action_from_id(s, a.id) == a
            if n % 23 == 0:
                d = s.to_dict()
                json.dumps(d)
                assert game.from_dict(d).to_dict() == d
                c = s.clone()
                c.apply(a)
                assert s.to_dict() == d
                for viewer in [*range(players), None]:
                    obs = s.observation(viewer)
                    json.dumps(obs)
                    if viewer is not None:
                        assert s.determinize(viewer, 3).observation(viewer) == obs
                with pytest.raises(IllegalAction):
                    s.apply("this is not a move")
                assert s.to_dict() == d
            s.apply(a)
            twin.apply(str(a))
        assert s.to_dict() == twin.to_dict()
        # The record of the game so far replays to the same state.
        assert record.replay(record.make(s)).to_dict() == s.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_observation_seat_is_checked(name):
    game = meeple.load(name)
    s = game.new_game(players=game.max_players, seed=1)
    for bad in (-1, game.max_players, "0", 1.5):
        with pytest.raises(ValueError):
            s.observation(bad)


def test_unknown_game_is_a_clear_error():
    with pytest.raises(ValueError, match="no game called 'chess'"):
        meeple.load("chess")


def test_games_lists_names_sorted():
    assert sorted(GAMES) == GAMES and "splendor" in GAMES


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize("name", GAMES)
def test_seed_none_picks_a_seed_kept_in_the_state(name):
    game = meeple.load(name)
    s = game.new_game(players=game.min_players if game.min_players > 1 else 2)
    assert isinstance(s.seed, int)
    again = game.new_game(players=s.num_players, seed=s.seed)
    assert again.to_dict() == s.to_dict()
