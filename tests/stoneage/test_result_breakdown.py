"""§10–§11 (docs/rules/stoneage.md): the end of the game's breakdown per seat and the tie-breaker that decided."""

from __future__ import annotations

import random

from meeple.games.stoneage.data import CARDS
from meeple.games.stoneage.game import GAME

from .helpers import card_with, give_cards, new

ORDER = ["play", "culture", "farmers", "tool_makers", "hut_builders", "shamans", "resources"]


def finished(s, why: str = "cards"):
    s.finish(why)  # §10: the final scoring is added to each running score
    return s.result()


def test_breakdown_is_in_the_rulebooks_order_and_adds_up_to_the_score():
    rng = random.Random(3)
    for players in (2, 3, 4):
        s = GAME.new_game(players=players, seed=70 + players)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        r = s.result()
        breakdown = r.details["breakdown"]
        assert len(breakdown) == players
        for seat, parts in enumerate(breakdown):
            assert list(parts) == ORDER
            assert sum(parts.values()) == r.scores[seat]
            assert {k: v for k, v in parts.items() if k != "play"} == r.details["final_scoring"][seat]


def test_breakdown_names_each_multiplier():
    """§10: farmers × agriculture, toolmakers × tool total, hut builders × buildings, shamans × people."""
    s = new(2, seed=11)
    give_cards(s, 0, card_with("dice_for_all", bottom="farmer"), card_with("resource_stone", 1, "shaman"))
    farmer = card_with("dice_for_all", bottom="farmer")
    s.agri[0] = 4
    s.score[0] = 20
    s.res[0] = [1, 2, 0, 0]
    r = finished(s)
    parts = r.details["breakdown"][0]
    assert parts["farmers"] == CARDS[farmer].symbol * 4
    assert parts["shamans"] == 1 * 5
    assert parts["resources"] == 3
    assert parts["play"] == 20


def test_tiebreak_named_when_agriculture_tools_people_decided():
    """§11: equal scores, the higher agriculture + tools + people wins."""
    s = new(3, seed=12)
    s.score = [40, 40, 10]
    s.agri = [3, 1, 0]
    r = finished(s)
    assert r.winners == (0,)
    assert r.details["tiebreak"] == "agriculture_tools_people"


def test_no_tiebreak_when_scores_alone_decided_or_the_win_is_shared():
    s = new(3, seed=13)
    s.score = [50, 40, 40]
    s.agri = [0, 3, 1]
    assert finished(s).details["tiebreak"] is None  # the tie for second place does not decide the winner
    s = new(2, seed=14)
    s.score = [30, 30]
    r = finished(s)
    assert r.winners == (0, 1) and r.details["tiebreak"] is None  # still tied: a shared win [I8]
