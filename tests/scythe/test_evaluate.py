"""Scythe's heuristic (games/scythe/evaluate.py): final-score coins (§13) plus what the engine should earn."""

from itertools import pairwise

import pytest

from meeple.games.scythe import data as D
from meeple.games.scythe.evaluate import PAYMENT, PAYMENTS_AHEAD, STAR_TEMPO, evaluate

from .helpers import GAME, battle, mech, new, refresh, resources, workers


def worker_space(s, seat):
    return D.SPACE_NAMES[s.pos[seat][D.WORKER0]]


def test_resources_count_as_the_bottom_action_they_pay_until_its_track_is_done():
    """§6: resource b pays bottom action b; a full payment is worth more than its tokens one by one."""
    s = new("nordic,polania")
    here = worker_space(s, 0)
    cost = s.bottom_cost(0, D.DEPLOY)
    values = []
    for k in range(cost + 2):
        resources(s, here, metal=k)
        values.append(evaluate(refresh(s))[0])
    steps = [b - a for a, b in pairwise(values)]
    assert steps[cost - 1] > steps[0] > 0  # the token that completes the payment is worth the most
    assert values[cost] - values[0] >= PAYMENT * 0.99
    done = new("nordic,polania")
    for space in ("4,1", "4,1", "4,1", "4,1"):
        mech(done, 0, space)
    resources(done, worker_space(done, 0), metal=cost)
    with_metal = evaluate(refresh(done))[0]
    resources(done, worker_space(done, 0), metal=0)
    assert with_metal - evaluate(refresh(done))[0] < values[cost] - values[0]  # every mech is out: metal only pairs


def test_resources_beyond_the_next_payments_are_a_stock_worth_little():
    """§6: one bottom action a turn; tokens for more than ``PAYMENTS_AHEAD`` payments of one action are counted
    only as pairs (they were worth a full payment each, and the bot traded for oil turn after turn, never spending)."""
    s = new("nordic,polania")
    here = worker_space(s, 0)
    cost = s.bottom_cost(0, D.DEPLOY)
    values = []
    for k in range(PAYMENTS_AHEAD + 2):
        resources(s, here, metal=k * cost)
        values.append(evaluate(refresh(s))[0])
    steps = [b - a for a, b in pairwise(values)]
    assert all(step >= PAYMENT * 0.99 for step in steps[:PAYMENTS_AHEAD])
    assert steps[PAYMENTS_AHEAD] < PAYMENT * 0.75  # only the pairs are left (it was a full payment and more)


def test_a_star_counts_beyond_its_coins_and_what_is_not_yet_used_fades_as_the_end_nears():
    """§12: the 6th star ends the game, which the seat ahead wants; power gathered late may never be used,
    while a development made keeps its worth (a mech is worth as much late as early)."""
    s = new("nordic,polania")
    base = evaluate(s)[0]
    s.stars[0][D.STAR_POWER] = 1
    per_star = D.tier_of(s.pop[0])[0]
    assert evaluate(s)[0] - base > per_star + STAR_TEMPO * 0.5

    def gains(late: bool) -> tuple[float, float]:
        plain = new("nordic,polania")
        if late:
            plain.stars[1][:5] = [1, 1, 1, 1, 1]  # the opponent is one star from the end
        before = evaluate(refresh(plain))[0]
        plain.power[0] += 4
        power = evaluate(plain)[0] - before
        plain.power[0] -= 4
        mech(plain, 0, "4,1")
        return power, evaluate(refresh(plain))[0] - before

    (early_power, early_mech), (late_power, late_mech) = gains(False), gains(True)
    assert early_power > late_power > 0
    assert early_mech == late_mech > 0


def test_popularity_counts_toward_the_next_tier():
    """§13: the tier sets the coins per star, territory and resource pair; nearer the next tier is worth more."""
    s = new("nordic,polania")
    workers(s, 0, worker_space(s, 0))
    values = []
    for pop in (1, 3, 5, 7):
        s.pop[0] = pop
        values.append(evaluate(s)[0])
    assert values[0] < values[1] < values[2] < values[3]


def test_a_defender_yet_to_answer_counts_with_what_it_could_commit():
    """§8.2–§8.4: the defender dials and tucks after the attacker; until it has, a fight is judged against a share
    of the most it could commit, not against nothing (which made every attack look won)."""
    from meeple.games.scythe.evaluate import COMBAT_STAKE, combat_stakes

    def stakes_after_dialling(power: tuple[int, int], dial: int) -> dict[int, float]:
        s = battle(power=power)
        for move in ("pick character", "to 5,1", "done", f"dial {dial}"):
            s.apply(move)
        assert s.current_player == 1 and s.dial == [dial, -1]  # the defender is to answer
        return combat_stakes(s)

    strong = stakes_after_dialling((2, 7), 2)  # the defender may answer with 7
    assert strong[0] < COMBAT_STAKE / 2 < strong[1]
    weak = stakes_after_dialling((7, 1), 7)  # it has 1 power and no card
    assert weak[0] > COMBAT_STAKE * 0.7 and weak[1] < 0.5  # (the attacker has paid its 7 power)



def test_solo_counts_power_kept_higher_than_two_players_do():
    """automa §10: the Automa attacks where the human keeps no power, and wins (docs/scythe-solo.md, "Scythe solo: where a
    turn ends, and the solo rates"), so the solo heuristic counts a point of power at SOLO_POWER and its star's share at SOLO_STAR_SHARE, the two-player
    one at POWER and STAR_SHARE."""
    from meeple.games.scythe import evaluate as E

    solo = GAME.new_game(players=1, seed=0, automa_level="automa")
    gains = {}
    for s, rates in ((solo, (E.SOLO_POWER, E.SOLO_STAR_SHARE)), (new("nordic,polania"), (E.POWER, E.STAR_SHARE))):
        before = evaluate(s)[0]  # in two players a seat's own value: its rival's does not change here
        s.power[0] += 2
        gain = evaluate(refresh(s))[0] - before
        rate, share = rates
        star_part = share * D.tier_of(s.pop[0])[0] * (s.power[0] ** 2 - (s.power[0] - 2) ** 2) / D.MAX_POWER**2
        assert gain == pytest.approx(E.engine_left(s) * rate * 2 + star_part)
        gains[s.num_players] = gain
    assert gains[1] > gains[2]


def test_solo_counts_a_payment_in_hand_at_its_own_rate(monkeypatch: pytest.MonkeyPatch):
    """§6: resources pay bottom actions. Solo, a full payment counts SOLO_PAYMENT (candidate turns played out to the
    end, docs/scythe-solo.md "Scythe solo: a turn's candidates played to the end"); two players keep PAYMENT."""
    from meeple.games.scythe import evaluate as E

    solo = GAME.new_game(players=1, seed=0, factions="nordic,saxony", mats="industrial", automa_level="automa")
    for s, rate in ((solo, "SOLO_PAYMENT"), (new("nordic,polania"), "PAYMENT")):
        here = worker_space(s, 0)
        cost = s.bottom_cost(0, D.DEPLOY)
        empty = evaluate(refresh(s))[0]
        resources(s, here, metal=cost)
        monkeypatch.setattr(E, "SOLO_NEXT_PRODUCE", 0.0)  # the next Produce's yield also counts in payments
        paid = evaluate(refresh(s))[0]
        assert paid - empty > E.engine_left(s) * getattr(E, rate) * 0.5
        other = "PAYMENT" if rate == "SOLO_PAYMENT" else "SOLO_PAYMENT"
        monkeypatch.setattr(E, other, getattr(E, other) + 3.0)
        assert evaluate(refresh(s))[0] == paid  # the other game's rate plays no part
        monkeypatch.setattr(E, rate, getattr(E, rate) + 1.0)
        assert evaluate(refresh(s))[0] - paid == pytest.approx(E.engine_left(s))  # one full payment, one coin more
        monkeypatch.undo()


def test_a_finished_game_is_worth_its_final_scores():
    """§13, automa §10: once the game is over nothing is left to build, so the value is the final score (solo: the
    margin over the Automa's), not the score plus an engine that will never run."""
    from .test_automa import clear, solo

    s = new("nordic,polania")
    for space in ("4,1", "4,1"):
        mech(s, 0, space)  # an engine the running heuristic counts beyond the score
    assert evaluate(refresh(s))[0] > s.score(0)
    s.end_game(0)
    assert evaluate(s) == [float(s.score(0)), float(s.score(1))]
    alone = clear(solo())
    alone.coins[0] = 20
    refresh(alone)
    alone.end_game(1)
    result = alone.result()
    assert evaluate(alone) == [float(result.scores[0] - result.details["automa_score"])]


def test_solo_counts_the_next_produce_on_its_best_territories(monkeypatch: pytest.MonkeyPatch):
    """§5.4: a Produce yields a token for each worker on 2 territories (3 once upgraded), a village workers from the
    mat. Solo, the heuristic counts that yield at ``SOLO_NEXT_PRODUCE`` of the tokens' worth as payments still
    wanted, so a worker moved onto a mountain is worth something before the Produce that uses it (a bot stacked its
    workers on a village and never deployed: docs/scythe-solo.md, "Scythe solo: the mat and the faction dealt")."""
    from meeple.games.scythe import evaluate as E

    s = GAME.new_game(players=1, seed=0, factions="nordic,saxony", mats="industrial", automa_level="automa")
    mountains = [D.SPACE_NAMES[h] for h in D.TERRITORIES if D.PRODUCT[h] == D.RESOURCES.index("metal")]
    forests = [D.SPACE_NAMES[h] for h in D.TERRITORIES if D.PRODUCT[h] == D.RESOURCES.index("wood")]
    farm = next(D.SPACE_NAMES[h] for h in D.TERRITORIES if D.PRODUCT[h] == D.RESOURCES.index("food"))
    workers(s, 0, mountains[0], mountains[0], mountains[0], forests[0], farm)
    refresh(s)
    assert all(s.board()[0][D.SPACE_INDEX[h]] == 0 for h in (mountains[0], forests[0], farm))
    done = (0, 0, 0, 0, 3)
    totals = [0] * len(D.RESOURCES)
    worth = {r: E.SOLO_PAYMENT * E.PARTIAL / s.bottom_cost(0, r) for r in range(len(D.RESOURCES))}
    metal, wood, food = (D.RESOURCES.index(r) for r in ("metal", "wood", "food"))
    # The best two: three metal and the best of one wood or one food.
    assert E.next_produce(s, 0, done, totals) == pytest.approx(3 * worth[metal] + max(worth[wood], worth[food]))
    s.top_cubes[0] &= ~(1 << D.SLOT_PRODUCE)  # the Produce upgrade, its cube onto Deploy: a third territory
    s.bottom_cubes[0][D.DEPLOY] += 1
    worth[metal] = E.SOLO_PAYMENT * E.PARTIAL / s.bottom_cost(0, metal)
    assert E.next_produce(s, 0, done, totals) == pytest.approx(3 * worth[metal] + worth[wood] + worth[food])
    # Metal enough on hand for the payments ahead is wanted no more.
    totals[metal] = E.PAYMENTS_AHEAD * s.bottom_cost(0, metal)
    assert E.next_produce(s, 0, done, totals) == pytest.approx(worth[wood] + worth[food])

    before = evaluate(refresh(s))[0]
    monkeypatch.setattr(E, "SOLO_NEXT_PRODUCE", E.SOLO_NEXT_PRODUCE + 1.0)
    assert evaluate(s)[0] - before == pytest.approx(E.engine_left(s) * E.next_produce(s, 0, (0, 0, 0, 0, 3), [0] * 4))
    duel = new("nordic,polania")
    at = evaluate(duel)[0]
    monkeypatch.setattr(E, "SOLO_NEXT_PRODUCE", 0.0)
    assert evaluate(refresh(duel))[0] == at  # two players: not counted


def test_solo_counts_speed_deployed_over_the_other_mech_abilities(monkeypatch: pytest.MonkeyPatch):
    """§6.2, §14: a mech deployed unlocks its ability; Speed moves every mech and the character a territory further.
    The four mechs scored alike, so the bot deployed Speed last; solo, Speed counts ``SOLO_SPEED`` (faded with the
    engine), two players nothing beyond the mech (docs/scythe-solo.md, "Scythe solo: Speed first")."""
    from meeple.games.scythe import evaluate as E

    def solo():
        return GAME.new_game(players=1, seed=0, factions="nordic,saxony", mats="industrial", automa_level="automa")

    def with_mech(s, ability):
        mech(s, 0, worker_space(s, 0), ability)
        return evaluate(refresh(s))[0]

    for make, speed_worth in ((solo, E.engine_left(solo()) * E.SOLO_SPEED), (new, 0.0)):
        values = {ability: with_mech(make(), ability) for ability in (D.RIVERWALK, D.MOVEMENT_ABILITY, D.COMBAT_ABILITY, D.SPEED)}
        assert values[D.RIVERWALK] == values[D.MOVEMENT_ABILITY] == values[D.COMBAT_ABILITY]
        assert values[D.SPEED] - values[D.RIVERWALK] == pytest.approx(speed_worth)
    assert E.SOLO_SPEED > 0
    monkeypatch.setattr(E, "SOLO_SPEED", 0.0)
    assert with_mech(solo(), D.SPEED) == with_mech(solo(), D.RIVERWALK) > evaluate(solo())[0]  # the mat's order, as before


def test_solo_counts_the_race_to_the_sixth_star(monkeypatch: pytest.MonkeyPatch):
    """§13, automa §8: a sixth star ends the game, and solo the games are won by placing it first; the heuristic adds
    SOLO_RACE times ``solo_plan.race_chance`` (docs/scythe-solo.md, "Scythe solo: the race to the sixth star")."""
    from meeple.games.scythe import evaluate as E
    from meeple.games.scythe import solo_plan

    s = GAME.new_game(players=1, seed=0, factions="nordic,saxony", mats="industrial", automa_level="automa")
    with_race, rate = evaluate(s)[0], E.SOLO_RACE
    chance = solo_plan.race_chance(s, (0, 0, 0, 0, 0), False)  # nothing built, no objective met (seed 0's cards)
    assert 0.0 < chance < 1.0 and rate > 0
    monkeypatch.setattr(E, "SOLO_RACE", 0.0)
    assert with_race - evaluate(s)[0] == pytest.approx(rate * chance)
    duel = new("nordic,polania")
    before = evaluate(duel)
    monkeypatch.setattr(E, "SOLO_RACE", 100.0)
    assert evaluate(duel) == before  # two players race each other, not a clock: not counted
