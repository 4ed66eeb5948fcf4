"""The batched engine's contract: options, bad input, hidden information, truncation, jit (docs/rl.md "The batched engine")."""

from __future__ import annotations

from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import meeple
import meeple.batched
from meeple.games.splendor.game import GAME

from .helpers import rows

GAMES = 8


@pytest.fixture(scope="module")
def env():
    return meeple.batched.make("splendor", players=2)


@pytest.fixture(scope="module")
def midgame(env):
    """A batch a few random decisions in, some cards reserved blind."""
    batch = env.init(jax.random.split(jax.random.key(5), GAMES))
    rng = np.random.default_rng(5)
    for i in range(12):
        mask = np.asarray(batch.legal_action_mask)
        # Reserve blind whenever possible early on, so hidden cards exist.
        actions = [42 + i % 3 if m[42 + i % 3] else rng.choice(np.flatnonzero(m)) for m in mask]
        batch = env.step(batch, np.array(actions), jax.random.split(jax.random.key(i), GAMES))
    assert np.asarray(batch.blind).any()
    return batch


def test_option_defaults_are_the_python_games():
    assert meeple.batched.make("splendor").options == meeple.load("splendor").options
    assert meeple.batched.make("splendor", players=3, payment="minimal_gold").options["payment"] == "minimal_gold"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "player"),
        ({"players": 1}, "player"),
        ({"take_fewer": "sometimes"}, "take_fewer"),
        ({"colour_blind": True}, "no option"),
        ({"rewards": "elo"}, "rewards"),
        ({"max_steps": 0}, "max_steps"),
    ],
)
def test_bad_settings_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        meeple.batched.make("splendor", **kwargs)


def test_unknown_game_and_unsupported_option_are_refused(monkeypatch):
    with pytest.raises(ValueError, match="no batched engine"):
        meeple.batched.make("stoneage")
    # An option the Python game gains later must be refused until the kernel plays it.
    monkeypatch.setattr(GAME, "options", {**GAME.options, "variant": "plain"})
    with pytest.raises(ValueError, match="does not support option 'variant'"):
        meeple.batched.make("splendor")


def test_from_states_refuses_what_is_not_a_splendor_position(env):
    with pytest.raises(ValueError, match="at least one"):
        env.from_states([])
    with pytest.raises(TypeError, match="Splendor states"):
        env.from_states([meeple.load("stoneage").new_game(players=2, seed=1)])


def test_init_is_a_function_of_the_keys(env):
    keys = jax.random.split(jax.random.key(9), GAMES)
    a, b = env.init(keys), env.init(keys)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    deals = {tuple(d) for d in np.asarray(a.display)}
    assert len(deals) == GAMES, "different keys deal different games"
    assert (np.asarray(a.nobles) >= 0).sum(axis=1).tolist() == [3] * GAMES


@pytest.mark.parametrize("bad", [-1, 3837, "unmasked"])
def test_an_illegal_id_changes_nothing_and_is_flagged(env, midgame, bad):
    # -1 and 3837 are out of range; "unmasked": each game's first id its mask does not allow.
    ids = np.argmin(np.asarray(midgame.legal_action_mask), axis=1) if bad == "unmasked" else np.full(GAMES, bad)
    after = env.step(midgame, ids, jax.random.split(jax.random.key(0), GAMES))
    assert np.asarray(after.illegal).all()
    for name in midgame._fields:
        if name != "illegal":
            assert np.array_equal(np.asarray(getattr(after, name)), np.asarray(getattr(midgame, name))), name


def test_a_finished_game_stays_finished(env):
    batch = env.init(jax.random.split(jax.random.key(3), GAMES))
    rng = np.random.default_rng(3)
    while not np.asarray(batch.terminated).all():
        mask = np.asarray(batch.legal_action_mask)
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask]
        batch = env.step(batch, np.array(actions), jax.random.split(jax.random.key(int(rng.integers(1 << 30))), GAMES))
    assert not np.asarray(batch.legal_action_mask).any()
    again = env.step(batch, np.zeros(GAMES, np.int32), jax.random.split(jax.random.key(1), GAMES))
    assert not np.asarray(again.rewards).any() and not np.asarray(again.illegal).any()
    assert np.array_equal(np.asarray(again.points), np.asarray(batch.points))
    assert np.array_equal(np.asarray(again.step_count), np.asarray(batch.step_count))


def test_max_steps_truncates():
    env = meeple.batched.make("splendor", players=2, max_steps=3)
    batch = env.init(jax.random.split(jax.random.key(4), GAMES))
    for i in range(4):
        assert not np.asarray(batch.truncated).any() or i == 3
        first = np.argmax(np.asarray(batch.legal_action_mask), axis=1)
        batch = env.step(batch, first, jax.random.split(jax.random.key(i), GAMES))
    assert np.asarray(batch.truncated).all() and not np.asarray(batch.terminated).any()
    assert np.asarray(batch.step_count).tolist() == [3] * GAMES, "a truncated game is not stepped on"


def test_observe_hides_deck_order_and_blind_reservations(env, midgame):
    """§13: swapping an opponent's blind card for another unseen card of its tier changes nothing they see."""
    arr = rows(midgame, slice(None))
    swapped = {k: v.copy() for k, v in arr.items()}
    changed = []
    tiers = np.array([c.tier - 1 for c in meeple.games.splendor.data.CARDS])
    for g in range(GAMES):  # one card per game, so the other seat's own cards stay as they were
        blind = [(p, r) for p in range(2) for r in range(3) if arr["reserved"][g, p, r] >= 0 and arr["blind"][g, p, r]]
        if not blind:
            continue
        p, r = blind[0]
        cid = arr["reserved"][g, p, r]
        unseen = np.flatnonzero(arr["in_deck"][g] & (tiers == tiers[cid]))
        if len(unseen):
            swapped["reserved"][g, p, r] = unseen[0]
            swapped["in_deck"][g, unseen[0]] = False
            swapped["in_deck"][g, cid] = True
            changed.append((g, p))
    assert changed
    other = type(midgame)(**{k: jnp.asarray(v) for k, v in swapped.items()})
    for g, owner in changed:
        opponent = 1 - owner
        before = np.asarray(env.observe(midgame, opponent))[g]
        after = np.asarray(env.observe(other, opponent))[g]
        assert np.array_equal(before, after), "an opponent's blind card leaked"
        # The owner sees their own blind card: the same swap shows in their tensor.
        assert not np.array_equal(np.asarray(env.observe(midgame, owner))[g], np.asarray(env.observe(other, owner))[g])


def test_observe_defaults_to_the_seat_to_move(env, midgame):
    seats = np.asarray(midgame.current_player)
    assert np.array_equal(
        np.asarray(env.observe(midgame)), np.stack([np.asarray(env.observe(midgame, int(s)))[g] for g, s in enumerate(seats)])
    )


def test_step_runs_inside_jit_and_scan(env):
    """A whole random playout compiled as one program gives the games the step-by-step calls give."""
    batch = env.init(jax.random.split(jax.random.key(8), GAMES))

    def one(carry, key):
        k_act, k_step = jax.random.split(key)
        logits = jnp.where(carry.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(k_act, logits, axis=-1)
        return env.step(carry, actions, jax.random.split(k_step, GAMES)), actions

    keys = jax.random.split(jax.random.key(0), 20)
    scanned, actions = jax.jit(lambda b: jax.lax.scan(one, b, keys))(batch)
    stepped = batch
    for i in range(20):
        stepped = env.step(stepped, actions[i], jax.random.split(jax.random.split(keys[i])[1], GAMES))
    for name in batch._fields:
        assert np.array_equal(np.asarray(getattr(scanned, name)), np.asarray(getattr(stepped, name))), name
    assert not np.asarray(scanned.illegal).any()


def test_observe_is_unchanged_by_determinize(env, midgame):
    """What a seat cannot know, resampled by the Python engine's determinize, does not move its tensor."""
    states = env.to_states(midgame)
    for seat in range(2):
        worlds = env.from_states([s.determinize(seat, 11) for s in states])
        assert np.array_equal(np.asarray(env.observe(midgame, seat)), np.asarray(env.observe(worlds, seat)))
        hidden = np.asarray(midgame.blind) & (np.arange(4) != seat)[None, :, None]
        moved = np.asarray(worlds.reserved) != np.asarray(midgame.reserved)
        assert moved[hidden].any(), "determinize resampled none of the opponents' blind cards: the check would be empty"


def test_the_docs_example_runs():
    """docs/rl.md "The batched engine": its Python block (skipped by tests/test_docs.py for its compile time) runs here."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = page.split("## The batched engine", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/rl.md", "exec"), {"__name__": "docs_example"})


def test_without_jax_make_says_how_to_install_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "jax", None)  # what an installation without the extra looks like
    with pytest.raises(ImportError, match=r"pip install 'meeple\[jax\]'"):
        meeple.batched.make("splendor")


def test_keys_and_actions_must_be_one_per_game(env, midgame):
    with pytest.raises(ValueError, match="one key per game"):
        env.init(jax.random.key(0))
    with pytest.raises(ValueError, match="one key per game"):
        env.step(midgame, np.zeros(GAMES, np.int32), jax.random.split(jax.random.key(0), GAMES + 1))
    with pytest.raises(ValueError, match="one action id per game"):
        env.step(midgame, np.zeros(GAMES + 1, np.int32), jax.random.split(jax.random.key(0), GAMES))
    raw = jax.random.split(jax.random.PRNGKey(0), GAMES)  # old-style uint32[n, 2] keys work too
    assert env.step(midgame, np.argmax(np.asarray(midgame.legal_action_mask), axis=1), raw).step_count.shape == (GAMES,)
