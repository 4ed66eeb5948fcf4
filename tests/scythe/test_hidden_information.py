"""RULES.md §1–§2 hidden information: opponents' coins, combat-card values, objectives and the decks never leak."""

import json
import random

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.game import GAME


def random_states(players, seed, steps=900, every=13):
    s = GAME.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    out = []
    for i in range(steps):
        if s.is_over:
            break
        if i % every == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_observation_shows_a_seat_only_its_own_coins_cards_and_objectives(players):
    for s in random_states(players, seed=players):
        for seat in [*range(players), None]:
            obs = s.observation(seat)
            json.dumps(obs)
            for p, pl in enumerate(obs["players"]):
                if p == seat:
                    assert pl["coins"] == s.coins[p] and pl["objectives"] == s.objectives[p]
                    assert sorted(pl["combat_cards"]) == sorted(v for i, v in enumerate(D.CARD_VALUES) for _ in range(s.hand[p][i]))
                else:
                    assert pl["coins"] is None and pl["combat_cards"] is None and pl["objectives"] is None
                assert pl["hand_size"] == sum(s.hand[p])  # hand size is public


@pytest.mark.parametrize("players", [2, 4])
def test_what_a_seat_cannot_see_can_change_without_its_observation_changing(players):
    """A leak test by construction: alter every hidden item of the opponents and compare the seat's view."""
    for s in random_states(players, seed=10 + players):
        for seat in range(players):
            obs = s.observation(seat)
            t = s.clone()
            for p in range(players):
                if p == seat:
                    continue
                t.coins[p] += 7
                t.objectives[p][0], t.objective_deck[0] = t.objective_deck[0], t.objectives[p][0]
                held = [i for i in range(4) if t.hand[p][i]]
                spare = [i for i in range(4) if t.deck[i]]
                if held and spare and held[0] != spare[-1]:  # swap a card in hand with another value in the deck
                    t.hand[p][held[0]] -= 1
                    t.deck[held[0]] += 1
                    t.deck[spare[-1]] -= 1
                    t.hand[p][spare[-1]] += 1
            t.factory[0], t.factory_rest[0] = t.factory_rest[0], t.factory[0]
            assert t.observation(seat) == obs
            for k in (1, 2, 3):
                assert s.determinize(seat, k).observation(seat) == obs


def test_determinize_resamples_opponents_cards_and_objectives_but_keeps_the_seat_s_own():
    s = GAME.new_game(players=4, seed=21)
    seen_other_hands = set()
    seen_other_objectives = set()
    for k in range(30):
        d = s.determinize(0, k)
        assert d.hand[0] == s.hand[0] and d.objectives[0] == s.objectives[0]
        assert [sum(h) for h in d.hand] == [sum(h) for h in s.hand]
        for i in range(4):
            assert d.deck[i] + d.discard[i] + sum(h[i] for h in d.hand) == D.CARD_COUNTS[i]
        seen_other_hands.add(tuple(tuple(h) for h in d.hand[1:]))
        seen_other_objectives.add(tuple(tuple(o) for o in d.objectives[1:]))
        assert sorted(d.factory + d.factory_rest) == sorted(D.FACTORY_CARDS)
        assert d.coins == s.coins  # every coin change is public: totals stay as the record implies
    assert len(seen_other_hands) > 1 and len(seen_other_objectives) > 1


def test_a_spectator_determinization_resamples_every_hand():
    s = GAME.new_game(players=3, seed=5)
    hands = {tuple(tuple(h) for h in s.determinize(None, k).hand) for k in range(20)}
    assert len(hands) > 1


def test_determinize_does_not_touch_the_original():
    s = random_states(3, seed=8)[-1]
    before = s.to_dict()
    s.determinize(1, 99).apply(s.legal_actions()[0])
    assert s.to_dict() == before


def test_bad_seats_are_refused():
    s = GAME.new_game(players=2, seed=1)
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError):
            s.observation(bad)
        with pytest.raises(ValueError):
            s.determinize(bad, 1)
