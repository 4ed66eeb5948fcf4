"""§12: the deck, the stacks' hidden tiles and the secret extra card never leak."""

import json
import random

from meeple.games.stoneage.game import GAME

from .helpers import card_with, force, new, put_card, to_actions


def game_with_secret_card():
    """Seat 0 bought the extra-card card and drew a secret card."""
    s = new(4, seed=41)
    put_card(s, 0, card_with("extra_card"))
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    secret = s.deck[5]
    force(s, ("extra", secret))
    s.apply("pay w")
    return s, secret


def test_the_secret_extra_card_is_seen_only_by_its_owner():
    s, secret = game_with_secret_card()
    assert [c["id"] for c in s.observation(0)["players"][0]["extra_cards"]] == [secret]
    for seat in (1, 2, 3, None):
        obs = s.observation(seat)
        assert obs["players"][0]["extra_cards"] == 1
        assert f'"id": {secret},' not in json.dumps(obs), "the secret card's id appears in another seat's view"


def test_determinize_resamples_the_secret_card_for_others_but_keeps_it_for_the_owner():
    s, secret = game_with_secret_card()
    seen = {s.determinize(1, k).secret[0][0] for k in range(30)}
    assert len(seen) > 3 and all(c != -1 for c in seen)
    assert all(s.determinize(0, k).secret[0] == [secret] for k in range(10))
    for k in range(10):
        d = s.determinize(2, k)
        d.check_consistency()
        assert d.observation(2) == s.observation(2)
        extra = [e["value"] for e in d.history if isinstance(e, dict) and e["chance"] == "extra"]
        assert extra == d.secret[0], "the determinized history names the resampled card"


def test_observations_hold_no_deck_or_stack_order():
    s = new(4, seed=42)
    obs = s.observation(1)
    assert obs["deck"] == len(s.deck)
    assert [st["size"] for st in obs["stacks"]] == [7, 7, 7, 7]
    text = json.dumps(obs)
    assert "pool" not in text and "history" not in text and "rng" not in text


def test_random_games_leak_nothing_through_observations():
    """For every seat and many steps: what the seat sees is the same in every determinization."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        s = GAME.new_game(players=players, seed=500 + players)
        step = 0
        while not s.is_over:
            if step % 23 == 0:
                for seat in [*range(players), None]:
                    obs = s.observation(seat)
                    json.dumps(obs)
                    if seat is not None:
                        for k in (1, 2):
                            assert s.determinize(seat, k).observation(seat) == obs
                    others = [c for p in range(players) if p != seat for c in s.secret[p]]
                    shown = {c["id"] for p in obs["players"] for c in p["cards"]} | {c["id"] for c in obs["display"] if c}
                    assert not set(others) & shown - {c for p in range(players) for c in s.cards[p]}
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            step += 1
