"""In a solo game the human moves again right after the Automa's turn (automa §4: its turn runs inside the human's
``apply``), so the seat to move never changes: Game.turn_number tells the bots where a turn ends, and a planned turn
is one turn of the human's, not the first 25 decisions of the next two or three (docs/scythe-solo.md, "Scythe solo: where
a turn ends, and the solo rates")."""

from __future__ import annotations

import meeple
from meeple.agents import make_agent
from meeple.agents.turn_plan import ranked_turns


def test_every_planned_solo_turn_ends_with_the_humans_turn():
    game = meeple.load("scythe")
    state = game.new_game(players=1, seed=3, automa_level="automa")
    agent = make_agent("greedy", seed=3)
    while state.turns < 5:
        state.apply(agent.act(state))
    assert game.turn_number(state) == state.turns
    world = state.determinize(0, 11)
    lines = ranked_turns(world, 0, game.lookahead, 8)
    ended = 0
    for _, line in lines:
        replay = world.clone()
        for action in line[:-1]:
            replay.apply(action)
            assert replay.turns == state.turns, "a planned turn ran on into the next one"
        replay.apply(line[-1])
        ended += replay.turns == state.turns + 1
    assert ended >= len(lines) - 1  # the beam's turns are finished ones (a line cut by the step limit may not be)


def test_a_two_player_turn_still_ends_where_the_seat_to_move_changes():
    game = meeple.load("scythe")
    state = game.new_game(players=2, seed=5)
    world = state.determinize(0, 1)
    for _, line in ranked_turns(world, 0, game.lookahead, 4):
        replay = world.clone()
        for action in line[:-1]:
            replay.apply(action)
            assert replay.current_player == 0
        replay.apply(line[-1])
        assert replay.current_player != 0 or replay.turns == 1
