"""§13: deck order and blind reservations are hidden; observation(seat) is the only door."""

import json
import random

import pytest

from meeple.games.splendor.game import GAME


def hidden_from(s, seat):
    """Card ids ``seat`` must not be able to see: every deck card and the opponents' blind reservations."""
    secret = {c for d in s.decks for c in d}
    for p in range(s.num_players):
        if p != seat:
            secret |= {c for c, b in zip(s.reserved[p], s.blind[p], strict=True) if b}
    return secret


def ids_in(obj):
    """Every integer stored under an 'id' or 'cards' key, anywhere in an observation."""
    found = set()
    if isinstance(obj, dict) and "requires" in obj:  # a noble tile, not a card
        return found
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "id" and isinstance(value, int):
                found.add(value)
            elif key == "cards":
                found |= set(value)
            else:
                found |= ids_in(value)
    elif isinstance(obj, list):
        for item in obj:
            found |= ids_in(item)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_observation_shows_a_card_hidden_from_that_seat(players):
    rng = random.Random(99)
    for g in range(40):
        s = GAME.new_game(players=players, seed=g)
        while not s.is_over:
            for seat in [*range(players), None]:
                obs = s.observation(seat)
                leaked = ids_in(obs) & hidden_from(s, seat)
                assert not leaked, f"seat {seat} sees hidden cards {leaked}"
            s.apply(rng.choice(s.legal_actions()))


def test_observation_has_no_rng_state_history_or_deck_order():
    s = GAME.new_game(players=2, seed=4)
    s.apply("reserve deck 1")
    text = json.dumps(s.observation(1))
    assert str(s.rng.state) not in text
    assert "history" not in s.observation(1) and "rng" not in s.observation(1)
    assert s.observation(1)["decks"] == [len(d) for d in s.decks]


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_resamples_only_what_the_seat_cannot_see(players):
    rng = random.Random(5)
    for g in range(25):
        s = GAME.new_game(players=players, seed=100 + g)
        for _ in range(rng.randrange(5, 60)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        for seat in range(players):
            d = s.determinize(seat, seed=g)
            assert d.observation(seat) == s.observation(seat)
            d.check_consistency()
            # The seat's own blind cards are kept; others' may change.
            assert d.reserved[seat] == s.reserved[seat]
            # A determinized state plays on normally.
            while not d.is_over:
                d.apply(rng.choice(d.legal_actions()))


def test_determinize_actually_changes_hidden_cards():
    s = GAME.new_game(players=2, seed=1)
    s.apply("reserve deck 3")
    s.apply("take wug")
    seen = {s.determinize(1, seed=k).reserved[0][0] for k in range(20)}
    assert len(seen) > 3
    assert {s.determinize(0, seed=k).reserved[0][0] for k in range(5)} == {s.reserved[0][0]}


def test_determinized_future_draws_differ_by_seed():
    s = GAME.new_game(players=2, seed=1)
    outcomes = set()
    for k in range(10):
        d = s.determinize(0, seed=k)
        d.apply("reserve 1.1")
        outcomes.add(d.display[0])
    assert len(outcomes) > 1


def test_determinized_history_matches_its_cards():
    s = GAME.new_game(players=2, seed=2)
    s.apply("reserve deck 2")
    d = s.determinize(1, seed=3)
    deals = [e["value"] for e in d.history if isinstance(e, dict) and e["chance"] == "deal"]
    assert d.reserved[0][0] in deals
