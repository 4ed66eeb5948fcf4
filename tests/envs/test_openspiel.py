"""Every game as an OpenSpiel Python game: random_sim_test with serialisation, and IS-MCTS playing it (docs/rl.md)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import meeple.envs.openspiel as mo  # noqa: E402
from meeple.core import games, load  # noqa: E402


def _sim_counts() -> list[object]:
    """Every game at its smallest table, and Splendor (quick) at every table size; long games keep CI fast."""
    smallest = {n: max(2, load(n).min_players) for n in games()}  # the adapter is zero-sum: no solo games
    out = [pytest.param(n, p, id=f"{n}-{p}p") for n, p in smallest.items()]
    out += [pytest.param("splendor", p, id=f"splendor-{p}p") for p in (3, 4)]
    return out


def test_every_game_is_registered() -> None:
    assert [f"python_meeple_{n}" for n in games()] == mo.REGISTERED
    assert set(mo.REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "players"), _sim_counts())
def test_random_sim_test_with_serialisation(name: str, players: int) -> None:
    game = pyspiel.load_game(f"python_meeple_{name}", {"players": players, "seed": 5})
    assert game.num_players() == players and game.num_distinct_actions() == load(name).num_actions
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", games())
def test_ismcts_plays_a_full_game(name: str) -> None:
    """OpenSpiel's own IS-MCTS (resampling hidden information with determinize) against random seats."""
    game = pyspiel.load_game(f"python_meeple_{name}", {"seed": 1})
    rng = np.random.RandomState(7)
    evaluator = mo.RolloutEvaluator(max_decisions=8, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng, use_observation_string=True, allow_inconsistent_action_sets=True
    )
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = searcher.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert searched > 0 and len(returns) == game.num_players() and abs(sum(returns)) < 1e-9
    assert max(returns) > 0  # somebody won


def test_mcts_bot_with_random_rollouts_plays_a_full_splendor_game() -> None:
    game = pyspiel.load_game("python_meeple_splendor", {"seed": 4})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, bot], rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_clone_serialise_and_pickle_keep_the_future_chance_outcomes() -> None:
    game = pyspiel.load_game("python_meeple_splendor", {"players": 3, "seed": 2})
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    copies = [state.clone(), game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))]
    reserve = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("reserve deck"))
    state.apply_action(reserve)  # draws a card: a chance outcome
    for other in copies:
        other.apply_action(reserve)
        assert str(other) == str(state)


def test_resample_keeps_the_players_observation_and_seeds_new_initial_states() -> None:
    game = pyspiel.load_game("python_meeple_splendor", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "reserve deck 2"))
    sampled = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.observation_string(1) == state.observation_string(1)
    assert sampled.meeple_state.reserved[0] != state.meeple_state.reserved[0] or sampled.meeple_state.decks != state.meeple_state.decks
    assert np.array_equal(sampled.observation_tensor(1), state.observation_tensor(1))

    def first_two(seed: int) -> tuple[str, str]:
        fresh = pyspiel.load_game("python_meeple_splendor", {"players": 2, "seed": seed})
        return str(fresh.new_initial_state()), str(fresh.new_initial_state())

    a, b = first_two(3)
    assert (a, b) == first_two(3)  # the seed parameter fixes the sequence of deals
    assert a != b  # and each new initial state is a new deal
    assert first_two(4)[0] != a


def test_illegal_ids_raise_and_change_nothing_and_tensors_match_the_game() -> None:
    from meeple.core import IllegalAction

    game = pyspiel.load_game("python_meeple_splendor", {"players": 2, "seed": 9})
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(IllegalAction):
        state.apply_action(load("splendor").num_actions - 1)  # "pass" is never legal at the start
    assert str(state) == before and state.history() == []
    state.apply_action(state.legal_actions()[0])
    for seat in range(2):
        expected = load("splendor").observation_tensor(state.meeple_state, seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32), expected)
