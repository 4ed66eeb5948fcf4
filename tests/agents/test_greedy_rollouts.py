"""Greedy's candidates played on (agents/greedy.py, ``rollout_turns``): in each fresh world a candidate turn is scored
after more of the seat's own turns, so a turn that sets up the next is judged by what the next makes of it.

The toy is test_turn_rollouts.py's orchard, played by one seat as in a solo game: ``pick`` is a point now, ``plant``
nothing now and a tree that ``harvest`` turns into three points on a later turn. Scored where its turn ends, a plant
looks a point worse than a pick; played a turn on, it is two points better.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import greedy, make_agent
from meeple.agents.greedy import DEFAULT_ROLLOUT_TURNS, SOLO_ROLLOUT_TURNS

from .test_turn_plan import BUILDER
from .test_turn_rollouts import ORCHARD, play_builder, play_orchard


def first_move(spec: str, **params: Any) -> str:
    return str(make_agent(spec, seed=1, **params).act(ORCHARD.new_game(1, seed=1)))


def test_a_candidate_scored_where_its_turn_ends_picks_and_one_played_a_turn_on_plants():
    assert first_move("greedy:rollout_turns=0") == "pick"
    assert first_move("greedy:rollout_turns=1") == "plant"


def test_a_solo_seat_plays_its_candidates_on_by_default_and_two_seats_do_not():
    assert SOLO_ROLLOUT_TURNS == 1 and DEFAULT_ROLLOUT_TURNS == 0
    assert first_move("greedy") == "plant"
    bot = make_agent("greedy", seed=1)
    assert bot.rollout_turns_for(ORCHARD.new_game(1, seed=1)) == SOLO_ROLLOUT_TURNS
    assert bot.rollout_turns_for(BUILDER.new_game(2, seed=1)) == DEFAULT_ROLLOUT_TURNS
    # Only candidates scored in fresh worlds are played on: with one world the plan alone decides.
    assert first_move("greedy:worlds=1") == "pick"


def test_candidates_played_on_make_the_most_of_a_solo_game_legally_and_reproducibly():
    moves, points = play_orchard("greedy", seed=3)
    assert points == 9  # three trees planted and harvested: the most six turns can make
    assert (moves, points) == play_orchard("greedy", seed=3)
    assert play_orchard("greedy:rollout_turns=0", seed=3)[1] == 6  # a point a turn


def test_between_two_seats_a_rollout_plays_the_other_seats_turn_before_the_next_of_its_own(monkeypatch):
    movers: list[int] = []
    real = greedy.best_turn

    def spy(world, seat, *args, **kwargs):
        movers.append(seat)
        return real(world, seat, *args, **kwargs)

    monkeypatch.setattr(greedy, "best_turn", spy)
    assert play_builder("greedy:worlds=2:rollout_turns=1", "greedy") == [9, 9]  # invest and build every turn, both seats
    assert 0 in movers and 1 in movers  # seat 0's rollouts planned seat 1's turns and its own


@pytest.mark.parametrize(("name", "value"), [("rollout_turns", -1), ("rollout_turns", 1.5), ("rollout_turns", True), ("rollout_beam", 0)])
def test_a_bad_rollout_setting_is_refused(name, value):
    with pytest.raises(ValueError, match=f"greedy: {name} must be"):
        make_agent("greedy", seed=1, **{name: value})
