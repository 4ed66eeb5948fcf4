"""Choosing agents by name, with parameters in the seat spec (``mcts:iterations=500``)."""

from __future__ import annotations

import pytest

from meeple.agents import GreedyAgent, MctsAgent, RandomAgent, agent_names, make_agent, parse_agent_spec


def test_ladder_is_registered():
    assert {"random", "greedy", "mcts"} <= set(agent_names())
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent("greedy", seed=1), GreedyAgent)
    assert isinstance(make_agent("mcts", seed=1, iterations=200), MctsAgent)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("greedy", ("greedy", {})),
        ("mcts:iterations=500", ("mcts", {"iterations": 500})),
        ("mcts:seconds=0.5:depth=none", ("mcts", {"seconds": 0.5, "depth": None})),
        (" mcts : c=1.5 ", ("mcts", {"c": 1.5})),
        ("x:flag=true:name=abc", ("x", {"flag": True, "name": "abc"})),
    ],
)
def test_parse_agent_spec(spec, expected):
    assert parse_agent_spec(spec) == expected


@pytest.mark.parametrize("spec", ["", ":iterations=3", "mcts:iterations", "mcts:=3", "mcts:a=1:a=2", "mcts:1x=2"])
def test_malformed_specs_are_rejected(spec):
    with pytest.raises(ValueError):
        parse_agent_spec(spec)


def test_spec_parameters_reach_the_agent_and_keywords_override_them():
    bot = make_agent("mcts:iterations=7:depth=3:c=0.2", seed=1)
    assert isinstance(bot, MctsAgent)
    assert (bot.iterations, bot.depth, bot.c, bot.seconds) == (7, 3, 0.2, None)
    assert make_agent("mcts:iterations=7", seed=1, iterations=9).iterations == 9  # type: ignore[attr-defined]
    timed = make_agent("mcts:seconds=1", seed=1)
    assert (timed.seconds, timed.iterations) == (1.0, None)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobody", "no agent called 'nobody'"),
        ("random:depth=3", "does not accept depth"),
        ("mcts:iterations=0", "iterations must be a positive integer"),
        ("mcts:iterations=abc", "iterations must be a positive integer"),
        ("mcts:seconds=-1", "seconds must be a positive number"),
        ("mcts:depth=-2", "depth must be"),
        ("greedy:samples=0", "samples must be a positive integer"),
    ],
)
def test_bad_agent_specs_give_clear_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        make_agent(spec, seed=1)
