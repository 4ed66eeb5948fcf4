"""§4 (take 3 different), §5 (take 2 of the same colour) and §8 (return down to 10)."""

import pytest

from meeple import IllegalAction

from .helpers import GOLD, G, R, U, W, give_tokens, new, texts, token_total


def test_s4_take_three_different_moves_one_of_each():
    s = new(2)
    s.apply("take wug")
    assert s.tokens[0][:5] == [1, 1, 1, 0, 0]
    assert s.supply[:5] == [3, 3, 3, 4, 4]
    assert s.current_player == 1


def test_s4_gold_can_never_be_taken():
    s = new(2)
    with pytest.raises(IllegalAction):
        s.apply("take gold")
    assert not any("gold" in t for t in texts(s) if t.startswith("take"))


def test_s4_every_triple_of_available_colours_is_offered():
    s = new(2)
    takes = [t for t in texts(s) if t.startswith("take") and len(t) == 8]
    assert len(takes) == 10


def test_s4_engine_fewer_colours_only_when_forced():
    s = new(2)
    # Empty three colours into seat 1's hand: only blue and black remain.
    give_tokens(s, 1, {W: 4, G: 4, R: 2})
    give_tokens(s, 0, {R: 2})
    assert {t for t in texts(s) if t.startswith("take")} == {"take uk", "take uu", "take kk"}


def test_s4_option_never_takes_fewer_than_three():
    s = new(2, take_fewer="never")
    give_tokens(s, 1, {W: 4, G: 4, R: 4})
    assert {t for t in texts(s) if t.startswith("take")} == {"take uu", "take kk"}


def test_s4_option_always_allows_one_or_two_colours():
    s = new(2, take_fewer="always")
    takes = texts(s)
    assert "take w" in takes and "take uk" in takes and "take wug" in takes


def test_s5_take_two_needs_four_before_taking():
    s = new(2)  # 4 of each colour with 2 players
    assert "take rr" in texts(s)
    s.apply("take rr")
    assert s.supply[R] == 2
    assert "take rr" not in texts(s)
    with pytest.raises(IllegalAction):
        s.apply("take rr")


def test_s5_three_left_is_not_enough():
    s = new(3)  # 5 of each
    give_tokens(s, 1, {U: 2})
    assert "take uu" not in texts(s)  # 3 left


def test_s8_taking_over_ten_then_returning_down_to_ten():
    s = new(2)
    give_tokens(s, 0, {W: 3, U: 3, G: 3})  # 9 held
    s.apply("take rr")  # 11 held: the turn is not over
    assert s.current_player == 0 and s.phase == "return"
    # Any token may go back, the ones just taken included.
    assert set(texts(s)) == {"return w", "return u", "return g", "return r"}
    s.apply("return r")
    assert sum(s.tokens[0]) == 10 and s.current_player == 1
    assert s.supply[R] == 3


def test_s8_gold_just_received_may_be_returned():
    s = new(2)
    give_tokens(s, 0, {W: 3, U: 3, G: 2, R: 2})  # 10 held
    s.apply("reserve 1.1")  # + 1 gold = 11
    assert "return gold" in texts(s)
    s.apply("return gold")
    assert s.tokens[0][GOLD] == 0 and s.supply[GOLD] == 5


def test_s8_return_several_one_decision_at_a_time():
    s = new(4)
    give_tokens(s, 0, {W: 2, U: 2, G: 2, R: 2})  # 8 held
    s.apply("take wug")  # 11... then take 2 more next time
    s.apply("return w")
    assert s.current_player == 1
    s2 = new(4)
    give_tokens(s2, 0, {W: 3, U: 3, G: 3, R: 1})  # 10 held
    s2.apply("take wug")  # 13
    for _ in range(3):
        assert s2.current_player == 0 and s2.phase == "return"
        s2.apply(s2.legal_actions()[0])
    assert sum(s2.tokens[0]) == 10 and s2.current_player == 1


def test_s8_no_voluntary_discard_at_ten_or_fewer():
    s = new(2)
    give_tokens(s, 0, {W: 2})
    with pytest.raises(IllegalAction):
        s.apply("return w")
    assert s.tokens[0][W] == 2


def test_tokens_are_conserved():
    s = new(2)
    for text in ("take wug", "take rr", "reserve 1.1", "take urk"):
        s.apply(text)
    for kind in range(5):
        assert token_total(s, kind) == 4
    assert token_total(s, GOLD) == 5
