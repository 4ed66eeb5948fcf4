"""§1–§2 hidden information: opponents' coins, combat-card values, objectives and the decks never leak."""

import json
import random

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.game import GAME
from meeple.games.scythe.views import check_consistency


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


# -- the secret combat choice (§8.2–§8.3), objectives (§11) and the Factory cards (§10) -----------


def _mid_combat():
    """The defender is choosing; the attacker has dialled 3 and tucked a 5 and a 2."""
    from .helpers import battle, mech, play, refresh, set_hand

    s = battle(power=(6, 6))
    mech(s, 0, "4,1")
    set_hand(s, 0, 5, 2, 4)
    set_hand(s, 1, 3, 3)
    refresh(s)
    play(s, "pick character", "to 5,1", "pick mech 4,1", "to 5,1", "dial 3", "cards 5+2")
    assert s.current_player == 1 and s.phase == "dial"
    return s


def test_8_2_the_defender_cannot_see_the_attacker_s_dial_or_cards_before_the_reveal():
    s = _mid_combat()
    obs = s.observation(1)
    fight = obs["turn"]["combat"]
    assert fight["attacker_chosen"] and fight["attacker_dial"] is None and fight["attacker_cards"] is None
    assert obs["players"][0]["hand_size"] == 3  # tucked cards still count as held until the reveal
    assert obs["players"][0]["power"] == 6  # the dial is not yet paid
    for seat in (1, None):
        text = repr(s.observation(seat))
        assert "'attacker_dial': 3" not in text
    own = s.observation(0)["turn"]["combat"]
    assert own["attacker_dial"] == 3 and own["attacker_cards"] == [2, 5]
    # another choice of the attacker leaves the defender's view unchanged
    t = s.clone()
    t.dial[0] = 0
    t.hand[0] = [1, 0, 1, 1]
    t.played[0] = [0, 0, 0, 0]
    assert t.observation(1) == obs


def test_8_2_determinize_redraws_the_hidden_choice_and_keeps_every_observation():
    s = _mid_combat()
    views = {seat: s.observation(seat) for seat in (0, 1, None)}
    dials = set()
    for k in range(40):
        for seat in (0, 1, None):
            d = s.determinize(seat, k)
            assert d.observation(seat) == views[seat]
            check_consistency(d)
            if seat == 0:
                assert d.dial[0] == 3 and d.played[0] == s.played[0]  # a seat keeps its own choice
        d = s.determinize(1, k)
        dials.add(d.dial[0])
        # the history tells the redrawn choice, not the true one
        cards = "+".join(str(v) for i, v in reversed(list(enumerate(D.CARD_VALUES))) for _ in range(d.played[0][i])) or "none"
        assert d.history[d.choice_at[0] :] == [f"dial {d.dial[0]}", f"cards {cards}"]
    assert len(dials) > 1


def test_8_2_the_defender_s_partial_choice_is_hidden_from_the_attacker_too():
    s = _mid_combat()
    s.apply("dial 2")
    assert s.observation(0)["turn"]["combat"]["defender_dial"] is None
    assert s.observation(1)["turn"]["combat"]["defender_dial"] == 2
    obs = s.observation(0)
    for k in range(10):
        assert s.determinize(0, k).observation(0) == obs


def test_11_discarded_objectives_are_known_only_to_their_owner():
    from .helpers import new, refresh

    s = new("nordic,polania")
    card = s.objectives[0][0]
    s.objective_discard[0] = [s.objectives[0][1]]
    s.objectives[0] = []
    s.objective_done[0] = [card]
    s.stars[0][D.STAR_OBJECTIVE] = 1
    refresh(s)
    assert s.observation(0)["players"][0]["objectives_discarded"] == s.objective_discard[0]
    assert s.observation(1)["players"][0]["objectives_discarded"] == 1
    assert s.observation(1)["players"][0]["objectives_revealed"] == [card]
    seen = {tuple(s.determinize(1, k).objective_discard[0]) for k in range(20)}
    assert len(seen) > 1
    assert all(s.determinize(0, k).objective_discard[0] == s.objective_discard[0] for k in range(5))


def test_10_a_seat_that_looked_at_the_factory_knows_what_is_left_there():
    from .helpers import new, refresh

    s = new("nordic,polania")
    s.factory_seen = 1
    s.factory_card[0] = s.factory.pop()
    refresh(s)
    assert s.observation(0)["factory_cards_seen"] == sorted(s.factory)
    assert s.observation(1)["factory_cards_seen"] is None
    assert all(s.determinize(0, k).factory == s.factory for k in range(10))
    assert len({tuple(sorted(s.determinize(1, k).factory)) for k in range(20)}) > 1


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_with_combats_keep_observations_under_determinization(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(40):
        s = GAME.new_game(players=players, seed=500 + seed)
        while not s.is_over and s.turns < 400:
            if s.phase in ("dial", "cards", "artillery", "retreat", "fight"):
                for seat in range(players):
                    obs = s.observation(seat)
                    assert s.determinize(seat, checked).observation(seat) == obs
                checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        if checked > 12:
            break
    assert checked > 12


def test_8_2_the_server_s_game_log_masks_dials_and_tucked_cards_for_other_seats():
    assert GAME.public_action_text("dial 5", 0, 1) == "dial ?"
    assert GAME.public_action_text("cards 5+4", 0, None) == "cards ?"
    assert GAME.public_action_text("cards", 0, 1) == "cards"  # Bolster's draw is public
    assert GAME.public_action_text("pay card 2", 0, 1) == "pay card 2"  # a Coercion or Factory card goes face up to the discards


def test_8_2_every_combat_choice_takes_as_many_decisions_whatever_is_chosen():
    from .helpers import battle, mech, play, refresh, set_hand

    lengths, logs = set(), set()
    for dial, cards in (("dial 0", "cards none"), ("dial 5", "cards 5+4"), ("dial 2", "cards 2")):
        s = battle(power=(6, 6))
        mech(s, 0, "4,1")
        set_hand(s, 0, 5, 4, 2)
        refresh(s)
        play(s, "pick character", "to 5,1", "pick mech 4,1", "to 5,1", dial, cards)
        assert s.current_player == 1
        lengths.add(len(s.history))
        logs.add(tuple(GAME.public_action_text(e, 0, 1) for e in s.history if isinstance(e, str)))
    assert len(lengths) == 1 and len(logs) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_rewrites_the_objective_and_factory_deals_in_the_history(players):
    """The determinized history deals the resampled cards; replaying its setup gives the determinized deal."""
    from meeple.core import ChanceScript
    from meeple.core.chance import is_chance

    s = random_states(players, seed=31)[-1]
    for seat in range(players):
        d = s.determinize(seat, 5)
        script = ChanceScript(e for e in d.history if is_chance(e))
        fresh = GAME.setup(players, d.seed, dict(d.opts), script)
        for p in range(players):
            held = sorted(d.objectives[p] + d.objective_done[p] + d.objective_discard[p])
            assert sorted(fresh.objectives[p]) == held
        dealt = sorted(d.factory + [c for c in d.factory_card if c >= 0])
        assert sorted(fresh.factory) == dealt
