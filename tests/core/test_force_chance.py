"""Fixing chance outcomes from any position (``State.force_chance``, ``Game.new_game(chance=...)``; docs/api.md,
"Set up a position"): used in order, then the RNG; reproducible; replayable; bad outcomes change nothing."""

from __future__ import annotations

import pytest

import meeple
from meeple import record
from meeple.agents import make_agent


def splendor(seed: int = 1) -> meeple.State:
    return meeple.load("splendor").new_game(players=2, seed=seed)


def test_a_forced_deal_fills_the_emptied_slot_and_goes_into_history() -> None:
    s = splendor()
    card = s.decks[0][-1]  # a tier-1 card still in the deck
    s.force_chance([("deal", card)])
    s.apply("reserve 1.1")
    assert s.display[0] == card and card not in s.decks[0]
    assert s.history[-1] == {"chance": "deal", "value": card} and s.forced_chance == []


def test_after_the_forced_outcomes_the_rng_goes_on_as_if_they_had_been_drawn() -> None:
    forced, free = splendor(), splendor()
    card = forced.decks[0][-1]
    forced.force_chance([{"chance": "deal", "value": card}])
    forced.apply("reserve 1.1")
    free.apply("reserve 1.1")
    assert forced.rng.state == free.rng.state  # the RNG advanced at the forced draw too
    for s in (forced, free):
        s.apply("reserve 1.2")
    assert forced.history[-1] == free.history[-1]  # the next, unforced deal is the same card


def test_forcing_is_reproducible_and_a_record_of_it_replays() -> None:
    def play() -> meeple.State:
        s = splendor(seed=5)
        s.force_chance([("deal", s.decks[1][0]), ("deal", s.decks[1][1])])
        s.apply("reserve 2.1")
        s.apply("reserve 2.2")
        bot = make_agent("random", seed=3)
        while not s.is_over:
            s.apply(bot.act(s))
        return s

    a, b = play(), play()
    assert a.to_dict() == b.to_dict()
    assert record.replay(record.make(a)).to_dict() == a.to_dict()


def test_the_setup_can_be_forced_too() -> None:
    game = meeple.load("splendor")
    free = game.new_game(players=2, seed=9)
    tier1 = sorted(free.display[:4] + free.decks[0])
    wanted = tier1[:4]
    s = game.new_game(players=2, seed=9, chance=[("deal", c) for c in wanted])
    assert s.display[:4] == wanted and s.forced_chance == []
    assert s.rng.state == free.rng.state


def test_stone_age_dice_can_be_fixed() -> None:
    s = meeple.load("stoneage").new_game(players=2, seed=4)
    s.apply("place hunt 5")  # seat 1 (the start player) hunts with 5, seat 0 goes to the forest with 5
    with s.force_chance([("roll", 30), ("roll", 25)]):  # five sixes, then 25 on five dice
        s.apply("place forest 5")  # the last person placed: both locations resolve, each a roll
    rolls = [e for e in s.history if isinstance(e, dict) and e["chance"] == "roll"]
    assert [e["value"] for e in rolls] == [30, 25]
    assert s.to_dict()["resources"][0][0] == 25 // 3  # wood: the forest's divisor is 3 (docs/rules/stoneage.md)


def test_an_outcome_of_another_kind_undoes_the_action_and_says_why() -> None:
    s = splendor()
    before = s.to_dict()
    s.force_chance([("roll", 7)])
    with pytest.raises(meeple.ChanceError, match="needs a chance outcome 'deal' but the next one in the forced outcomes is 'roll'"):
        s.apply("reserve 1.1")
    assert s.to_dict() == before and s.forced_chance == [{"chance": "roll", "value": 7}]
    s.force_chance([])
    s.apply("reserve 1.1")  # the state still plays


def test_an_impossible_outcome_undoes_the_action() -> None:
    s = splendor()
    before = s.to_dict()
    s.force_chance([("deal", s.decks[2][0])])  # a tier-3 card for a tier-1 slot
    with pytest.raises(meeple.ChanceError, match="not possible here"):
        s.apply("reserve 1.1")
    assert s.to_dict() == before


def test_malformed_outcomes_are_refused_before_anything_changes() -> None:
    s = splendor()
    before = s.to_dict()
    for bad in ([("deal",)], [{"kind": "deal", "value": 3}], [(7, 3)], ["deal 3"]):
        with pytest.raises(ValueError, match="chance outcome 0"):
            s.force_chance(bad)
        assert s.to_dict() == before and s.forced_chance == []


def test_the_context_manager_checks_every_outcome_was_used() -> None:
    s = splendor()
    with pytest.raises(meeple.ChanceError, match="did not ask for 1"), s.force_chance([("deal", s.decks[0][0])]):
        s.apply("take wug")  # no card is dealt
    assert s.forced_chance == [] and s.script is None


def test_a_clone_does_not_carry_forced_outcomes() -> None:
    s = splendor()
    s.force_chance([("deal", s.decks[0][0])])
    assert s.clone().forced_chance == [] and len(s.forced_chance) == 1


def test_scythe_solo_the_automa_card_can_be_fixed_and_a_wrong_one_undoes_the_turn_end() -> None:
    s = meeple.load("scythe").new_game(players=1, seed=2)
    s.apply("section 1")
    s.apply("no top")
    before = s.to_dict()
    s.force_chance([("card", 3)])  # the Automa's turn draws an Automa card first, not a combat card
    with pytest.raises(meeple.ChanceError, match="'automa_card'"):
        s.apply("end turn")
    assert s.to_dict() == before  # the Automa's half-played turn is undone too
    s.force_chance([("automa_card", 7)])
    s.apply("end turn")
    assert s.automa.discard[-1] == 7 and s.forced_chance == []


@pytest.mark.parametrize("name", meeple.games())
def test_every_game_s_setup_is_fixed_by_its_recorded_outcomes_whatever_the_seed(name: str) -> None:
    game = meeple.load(name)
    players = max(2, game.min_players)
    dealt = game.new_game(players=players, seed=1)
    outcomes = [e for e in dealt.history if isinstance(e, dict)]
    again = game.new_game(players=players, seed=99, chance=outcomes)
    a, b = dealt.to_dict(), again.to_dict()
    assert {k for k in a if a[k] != b[k]} == {"seed", "rng"} and again.forced_chance == []
