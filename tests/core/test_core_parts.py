"""Core pieces: the RNG, results and ranking, options, chance scripts."""

import pytest

from meeple.core import ChanceScript, RecordError, Result, Rng, mix


def test_rng_is_deterministic_and_copyable():
    a, b = Rng(5), Rng(5)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.below(1000) == c.below(1000)
    assert Rng.from_state(a.state).next64() == a.clone().next64()


def test_rng_is_splitmix64_by_its_reference_outputs():
    """Known answers of the reference SplitMix64 (state 1234567): records must replay from seeds on every machine."""
    r = Rng.from_state(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_rng_below_is_roughly_uniform():
    r = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_300 < c < 10_700 for c in counts)


def test_rng_shuffle_and_choice():
    r = Rng(3)
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert r.choice("abc") in "abc"
    assert 1 <= r.die() <= 6


def test_rng_rejects_bad_states_and_bounds():
    with pytest.raises(ValueError):
        Rng.from_state(-1)
    with pytest.raises(ValueError):
        Rng.from_state(True)
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_mix_depends_on_order():
    assert mix(1, 2) != mix(2, 1) and mix(1, 2) == mix(1, 2)


def test_result_ranks_with_shared_places():
    r = Result.from_keys([10, 12, 12, 5], [(10,), (12, -3), (12, -3), (5,)])
    assert r.ranks == (3, 1, 1, 4)
    assert r.winners == (1, 2)
    assert r.to_dict()["winners"] == [1, 2]


def test_chance_script_checks_kind_and_exhaustion():
    s = ChanceScript([{"chance": "die", "value": 3}])
    with pytest.raises(RecordError, match="'deal'"):
        ChanceScript([{"chance": "die", "value": 3}]).take("deal")
    assert s.take("die") == 3
    with pytest.raises(RecordError, match="no more"):
        s.take("die")


def test_option_presets_turn_their_options_on_and_records_keep_the_effective_values():
    import meeple

    game = meeple.load("stoneage")
    assert game.option_presets, "Stone Age declares its house-rules preset"
    ((key, presets),) = game.option_presets.items()
    value, turned_on = next(iter(presets.items()))
    opts = game.check_options({key: value})
    assert all(opts[k] == v for k, v in turned_on.items())
    # Given next to the preset, a default does not switch an option off (a form sends every option).
    first = next(iter(turned_on))
    assert game.check_options({key: value, first: game.options[first]})[first] == turned_on[first]
    assert game.new_game(players=2, seed=1, **{key: value}).options[first] == turned_on[first]
