"""§9 (nobles), §10 (game end, winner, tie-breaks) and §12 (no legal action)."""

import pytest

from meeple import IllegalAction

from .helpers import G, K, R, U, W, give_bonuses, give_cards, give_tokens, new, noble_id, put_in_display, set_nobles, texts

NOBLE_UGW = dict(blue=3, green=3, white=3)


def nobles_for_test(s, *first):
    rest = [n for n in range(10) if n not in first]
    set_nobles(s, *first, *rest[: s.num_players + 1 - len(first)])


# -- §9 nobles ------------------------------------------------------------------------------------


def test_s9_rulebook_example_noble_visits_on_bonuses():
    """The noble needing 3 blue, 3 green, 3 white visits a player with those bonuses, worth 3 points."""
    s = new(2)
    noble = noble_id(**NOBLE_UGW)
    nobles_for_test(s, noble)
    give_bonuses(s, 0, {U: 3, G: 3, W: 3})
    s.apply("take urk")
    assert noble in s.nobles_won[0] and s.points[0] == 3 and s.nobles[0] == -1


def test_s9_tokens_do_not_count_for_nobles():
    s = new(2)
    noble = noble_id(**NOBLE_UGW)
    nobles_for_test(s, noble)
    give_bonuses(s, 0, {U: 3, G: 3, W: 2})
    give_tokens(s, 0, {W: 3})
    s.apply("take urk")
    assert s.nobles_won[0] == []


def test_s9_one_noble_per_turn_and_the_player_chooses():
    s = new(2)
    a, b = noble_id(**NOBLE_UGW), noble_id(green=4, red=4)
    nobles_for_test(s, a, b)
    give_bonuses(s, 0, {U: 3, G: 4, W: 3, R: 4})
    s.apply("take urk")
    assert s.phase == "noble" and s.current_player == 0
    assert texts(s) == ["noble 1", "noble 2"]
    s.apply("noble 2")
    assert s.nobles_won[0] == [b] and s.points[0] == 3  # the bonuses came from 0-point cards
    assert s.current_player == 1
    # The other noble stays and visits at the end of a later turn.
    s.apply("take wug")
    s.apply("take wug")
    assert s.nobles_won[0] == [b, a]


def test_s9_noble_choice_cannot_be_made_out_of_turn():
    s = new(2)
    with pytest.raises(IllegalAction):
        s.apply("noble 1")


def test_s9_a_noble_still_visits_after_a_pass():
    s = new(2)
    noble = noble_id(**NOBLE_UGW)
    nobles_for_test(s, noble)
    give_bonuses(s, 0, {U: 3, G: 3, W: 3})
    _force_deadlock_position(s, seat=0)
    assert texts(s) == ["pass"]
    s.apply("pass")
    assert s.nobles_won[0] == [noble]


# -- §10 game end -----------------------------------------------------------------------------------


def _point_cards(s):
    from meeple.games.splendor.data import CARDS

    taken = {c for b in s.bought for c in b}
    return [c.id for c in sorted(CARDS, key=lambda c: -c.points) if c.id not in taken and c.points >= 4]


def test_s10_reaching_15_finishes_the_round():
    s = new(3)
    give_cards(s, 1, *_point_cards(s)[:3])  # 12+ points
    give_cards(s, 1, *_point_cards(s)[:1])
    assert s.points[1] >= 15
    s.apply("take wug")  # seat 0
    s.apply("take wug")  # seat 1 ends its turn with 15+: round continues
    assert s.final_round and not s.is_over and s.current_player == 2
    s.apply("take wug")  # seat 2, last in the round
    assert s.is_over and s.current_player is None
    assert s.result().winners == (1,)


def test_s10_last_seat_triggering_ends_at_once():
    s = new(2)
    give_cards(s, 1, *_point_cards(s)[:4])
    s.apply("take wug")
    s.apply("take wug")
    assert s.is_over


def test_s10_first_seat_triggering_lets_everyone_else_play():
    s = new(4)
    give_cards(s, 0, *_point_cards(s)[:4])
    s.apply("take wug")
    for seat in (1, 2, 3):
        assert not s.is_over and s.current_player == seat
        s.apply(s.legal_actions()[0])
    assert s.is_over


def _cards_worth(s, seat, *points):
    """Give ``seat`` one free card of each listed point value."""
    from meeple.games.splendor.data import CARDS

    for value in points:
        taken = {c for b in s.bought for c in b}
        give_cards(s, seat, next(c.id for c in CARDS if c.points == value and c.id not in taken))


def test_s10_tie_broken_by_fewest_purchased_cards():
    s = new(2)
    _cards_worth(s, 0, 5, 5, 5)
    _cards_worth(s, 1, 4, 4, 4, 3)
    s.apply("take wug")
    s.apply("take wug")
    r = s.result()
    assert r.scores == (15, 15)
    assert r.ranks == (1, 2) and r.winners == (0,)
    assert r.details["cards"] == [3, 4]


def test_s10_remaining_tie_is_a_shared_victory():
    s = new(3)
    _cards_worth(s, 0, 5, 5, 4, 1)
    _cards_worth(s, 2, 4, 4, 4, 3)
    s.apply("take wug")
    s.apply("take wug")
    s.apply("take wug")
    r = s.result()
    assert r.winners == (0, 2) and r.ranks == (1, 3, 1)


def test_s10_reserved_cards_do_not_count_for_the_tie_break():
    s = new(2)
    _cards_worth(s, 0, 5, 5, 4, 1)
    _cards_worth(s, 1, 4, 4, 4, 3)
    from .helpers import reserve_for

    reserve_for(s, 1, s.display[0])
    s.apply("take wug")
    s.apply("take wug")
    assert s.result().winners == (0, 1)


# -- §12 deadlock -------------------------------------------------------------------------------------


def _force_deadlock_position(s, seat):
    """§12's example (2 players): no gems left, 10 held, 3 reserved, nothing affordable."""
    from meeple.games.splendor.data import CARDS

    from .helpers import reserve_for

    other = 1 - seat
    give_tokens(s, seat, {W: 4, U: 4, G: 2})
    give_tokens(s, other, {G: 2, R: 4, K: 4})

    def blocked(cid):  # needs red or black, which the seat neither holds nor gets from bonuses
        return CARDS[cid].cost[R] + CARDS[cid].cost[K] > 0

    taken = {c for b in s.bought for c in b}
    for cid in [c.id for c in CARDS if c.tier == 3 and blocked(c.id) and c.id not in taken and c.id not in s.display][:3]:
        reserve_for(s, seat, cid)
    for slot in range(12):
        if s.display[slot] >= 0 and not blocked(s.display[slot]):
            put_in_display(s, slot, next(c for c in s.decks[slot // 4] if blocked(c)))
    s.turn = seat
    s._legal = None
    s.check_consistency()


def test_s12_pass_only_when_no_other_action():
    s = new(2)
    assert "pass" not in texts(s)
    _force_deadlock_position(s, seat=0)
    assert texts(s) == ["pass"]


def test_s12_a_pass_counts_as_a_turn_and_another_player_acting_breaks_the_run():
    s = new(2)
    _force_deadlock_position(s, seat=0)
    s.apply("pass")
    assert s.passes == 1 and s.current_player == 1 and s.turns_played == 1
    s.apply(s.legal_actions()[0])  # seat 1 can still act (reserve a card)
    while s.current_player == 1:
        s.apply(s.legal_actions()[0])
    assert s.passes == 0 and not s.is_over


def test_s12_every_player_passing_in_a_row_ends_the_game():
    s = new(2)
    _force_deadlock_position(s, seat=0)
    s.passes = 1  # seat 1 passed just before
    s.apply("pass")
    assert s.is_over and s.result().details["ended_by_deadlock"] is True
    assert s.result().ranks in ((1, 2), (2, 1), (1, 1))


def test_s10_a_noble_can_bring_the_player_to_15():
    """The end check comes after the noble visit: 12 points + a noble's 3 trigger the final round."""
    s = new(3)
    noble = noble_id(**NOBLE_UGW)
    nobles_for_test(s, noble)
    give_bonuses(s, 0, {U: 3, G: 3, W: 3})
    _cards_worth(s, 0, 5, 5, 2)
    assert s.points[0] == 12
    s.apply("take urk")
    if s.phase == "noble":  # the 5-point cards' bonuses may qualify a second noble too
        s.apply("noble 1")
    assert s.nobles_won[0] == [noble] and s.points[0] == 15 and s.final_round and not s.is_over


def test_s10_players_after_the_trigger_take_full_turns_nobles_included():
    s = new(2)
    noble = noble_id(**NOBLE_UGW)
    nobles_for_test(s, noble)
    _cards_worth(s, 0, 5, 5, 5)
    give_bonuses(s, 1, {U: 3, G: 3, W: 3})
    s.apply("take urk")  # seat 0 triggers the end
    s.apply("take wgk")  # seat 1's last turn still brings the noble
    assert s.is_over and noble in s.nobles_won[1]
