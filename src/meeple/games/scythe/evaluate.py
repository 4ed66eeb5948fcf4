"""A heuristic value per seat (Game.evaluate): what a position is likely worth at the end, in final-score coins.

Per seat it adds the score if the game ended now (§13: coins, stars, territories and resource pairs at the
popularity tier, the structure bonus) and what the engine built so far should still earn: each upgrade, mech,
structure, recruit and worker off the mat, a share of the star each unfinished track is heading for, popularity
toward the next tier, power and combat cards toward fights and the power star, resources at their use value while
the bottom action they pay still has something to give (solo, also what the next Produce would yield, the Speed
mech ability once deployed, and the chance of placing the sixth star before the Automa's clock ends the game),
objectives, the Factory card, and a fight's stakes while one is being resolved.

The rates are hand-tuned, in coins; solo has its own for power, upgrades, mechs, a payment in hand and a track's
coming star (``SOLO_*``). What is still to be turned into something (resources, power, cards, popularity) fades as
the game nears its end (the most stars anyone has); a development already made does not.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import data as D
from . import solo_plan
from .data import FACTORY, MECH0, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

#: What one more of each development is worth over the rest of a game, beyond the star its track may bring.
UPGRADE = 3.5
MECH = 4.0
STRUCTURE = 2.5
RECRUIT = 4.0
WORKER = 1.5
#: A star also brings the end nearer, which the seat ahead wants: it counts this much beyond its coins.
STAR_TEMPO = 5.0
#: A track's star is counted at this share of its progress raised to ``STAR_CURVE`` (the rest is counted when the
#: star is placed): the last steps toward a star count most, so a seat finishes a track before it starts another.
#: Solo, 1, 1.5 and 3 did no better on 300 deals (docs/scythe-solo.md, "Scythe solo: mcts's root in two worlds, ...").
STAR_SHARE = 0.5
STAR_CURVE = 2.0
#: Popularity and power points toward tiers, fights and their stars; a combat card's expected power.
POPULARITY = 0.1
#: The next popularity tier counts at this share of its worth, times how far through the current tier the seat is;
#: its worth counts the stars still to come as this many.
TIER_SHARE = 0.6
FUTURE_STARS = 2
POWER = 0.25
CARD = 0.4
#: Resources that pay a whole bottom action, and a partial payment's share of that; the share of resource pairs
#: expected to be spent before the final scoring.
PAYMENT = 4.0
PARTIAL = 0.9
#: Payments counted per bottom action: one bottom action a turn in a game of about 25 turns, so tokens beyond the
#: next couple of payments are a stock the bot never spends (it traded for oil five turns running, paying a coin each
#: time, and never upgraded: docs/scythe-solo.md, "Scythe solo: where the coins go").
PAYMENTS_AHEAD = 2
PAIRS_SPENT = 0.7
#: An objective met now is nearly a star; one not yet met a little.
OBJECTIVE_MET = 2.5
OBJECTIVE_OPEN = 0.3
FACTORY_CARD = 1.5
#: Coins a combat is worth to its winner (a star and the territory), shared by a guess of who wins.
COMBAT_STAKE = 7.0
#: The share of the most it could commit that a side yet to choose its dial and cards is taken to commit.
UNCHOSEN_SHARE = 0.7

#: Solo (automa §10) rates where they differ from the two-player ones, chosen on 100 tuning deals a trial against the
#: Autometta and the Automa (docs/scythe-solo.md, "Scythe solo: where a turn ends, and the solo rates"): the Automa
#: attacks, and wins, where the human keeps no power, and its 25-turn game ends before an engine pays, so power kept
#: and the stars a track is heading for count more, and an upgrade (cheaper actions from the next turn on) more than its resources' worth as a payment.
SOLO_POWER = 0.6
SOLO_UPGRADE = 5.0
SOLO_STAR_SHARE = 1.0
SOLO_STAR_CURVE = 2.0
#: A mech is a combat unit the Automa must beat to take its hex, a carrier for workers and a step toward the mechs'
#: star: against the Automa it counts more than in a two-player game (300 tuning deals a level, docs/scythe-solo.md
#: "Scythe solo: search on 300 deals").
SOLO_MECH = 7.0
#: The next Produce's yield (its best territories' tokens at their use value, a village's workers at ``WORKER``),
#: counted at this share: a worker moved onto a mountain is worth something before the Produce that uses it. 900
#: tuning deals, paired: +0.9 coins a game at the Automa, +1.0 at the Autometta; 1.0 lost 3.7 (docs/scythe-solo.md,
#: "Scythe solo: the mat and the faction dealt").
SOLO_NEXT_PRODUCE = 0.5
#: A full payment of a bottom action in hand, solo. Played out from the same position, a candidate turn ending with
#: one more payment in hand finished 0.70 ± 0.26 coins ahead of the others at the end of the game, where the
#: heuristic had counted it level (benchmarks/solo_turn_rollouts.py); 5.0 instead of 4.0 gained +2.0 ± 0.8 coins a
#: game on 600 paired deals at the Automa (docs/scythe-solo.md, "Scythe solo: a turn's candidates played to the end").
SOLO_PAYMENT = 5.0
#: The Speed mech ability once deployed (§6.2), solo, over the rest of the game (§14: every mech and the character
#: moves a territory further). Counted as any mech, the four deploys scored alike and the beam took Speed last;
#: counted, it comes first: +1.3 ± 0.7 coins a game on 600 paired deals at the Automa, the Automa's territory down on
#: both sets (docs/scythe-solo.md, "Scythe solo: Speed first").
SOLO_SPEED = 2.0
#: The chance of placing the sixth star first (``solo_plan.race_chance``: the Automa's clock against the human's
#: cheapest stars), at this many coins. The games are won in that race (the bot wins nearly every game it ends),
#: which the coins of one position do not see: a step toward a star within reach before the Automa's end counts
#: more than one that is not, and a star for the Automa more than the coins it scores. Paired at the Automa, the
#: coins level: 85 games won against 76 on 300 tuning deals, 150 against 142 on 600 fresh; at the Autometta 143
#: against 151 of 200 (docs/scythe-solo.md, "Scythe solo: the race to the sixth star").
SOLO_RACE = 8.0

_R = len(D.RESOURCES)


def evaluate(s: ScytheState) -> list[float]:
    """Each seat's value; in a solo game one value, the human's less the Automa's score so far (automa §10). A
    finished game is worth its final scores (§13), the Automa's as its result counts it: nothing is left to build,
    and a search whose rollouts reach the end compares them by their margins."""
    if s.is_over:
        if s.automa is not None:
            return [float(s.score(0) - s.score(1))]  # seat 1 is the Automa's (solo_result)
        return [float(s.score(p)) for p in range(s.num_players)]
    stakes = combat_stakes(s) if s.combat_at >= 0 else {}
    holdings = board_holdings(s)
    fade = engine_left(s)
    if s.automa is not None:
        return [evaluate_seat(s, 0, stakes, holdings[0], fade) - float(s.automa_score()) - stakes.get(1, 0.0)]
    return [evaluate_seat(s, p, stakes, holdings[p], fade) for p in range(s.num_players)]


def board_holdings(s: ScytheState) -> list[tuple[int, list[int]]]:
    """Per side, in one pass over the board: territories controlled (§13: the Factory counts 3) and the
    resource tokens on them by kind."""
    ctrl = s.board()[0]
    return [side_holdings(ctrl, s.res, p) for p in range(s.n_sides)]


def side_holdings(ctrl: list[int], res: list[int], p: int) -> tuple[int, list[int]]:
    """Side ``p``'s territories (the Factory counts 3) and resource tokens by kind, from the board's control."""
    territories = 0
    totals = [0] * _R
    for h, owner in enumerate(ctrl):
        if owner == p:
            territories += 1
            base = h * _R
            for r in range(_R):
                totals[r] += res[base + r]
    return (territories + 2 if ctrl[FACTORY] == p else territories, totals)


def evaluate_seat(s: ScytheState, p: int, stakes: dict[int, float], holdings: tuple[int, list[int]], fade: float) -> float:
    from . import objectives

    territories, totals = holdings
    solo = s.automa is not None
    upgrade, mech, star_share, power = (SOLO_UPGRADE, SOLO_MECH, SOLO_STAR_SHARE, SOLO_POWER) if solo else (UPGRADE, MECH, STAR_SHARE, POWER)
    curve = SOLO_STAR_CURVE if solo else STAR_CURVE
    pairs = sum(totals) // 2
    per_star, per_territory, per_two = D.tier_of(s.pop[p])
    stars = s.stars[p]
    # The final score (§13), as ScytheState.score counts it.
    value = float(s.coins[p] + per_star * sum(stars) + per_territory * territories + per_two * pairs + s.structure_bonus(p))
    value += stakes.get(p, 0.0)

    upgrades = 6 - bin(s.top_cubes[p]).count("1")
    mechs = sum(1 for h in s.pos[p][MECH0:WORKER0] if h >= 0)
    structures = sum(1 for h in s.struct_hex[p] if h >= 0)
    recruits = bin(s.recruits[p]).count("1")
    workers = sum(1 for h in s.pos[p][WORKER0:] if h >= 0) - 2
    done = (upgrades, mechs, structures, recruits, workers)
    # Not faded: a development made is kept, and fading it would make a seat with a big engine shun the stars that
    # end the game it leads.
    value += upgrade * upgrades + mech * mechs + STRUCTURE * structures + RECRUIT * recruits + WORKER * workers

    value += STAR_TEMPO * sum(stars)
    for (kind, size), n in zip(D.STAR_TRACKS, done, strict=True):
        if not stars[kind]:
            value += star_share * per_star * (n / size) ** curve
    if not stars[D.STAR_POPULARITY]:
        value += star_share * per_star * (s.pop[p] / D.MAX_POPULARITY) ** curve
    if not stars[D.STAR_POWER]:
        value += star_share * per_star * (s.power[p] / D.MAX_POWER) ** curve

    value += tier_progress(s.pop[p], (sum(stars) + FUTURE_STARS, territories, pairs))
    value += fade * (POPULARITY * min(s.pop[p], D.MAX_POPULARITY) + power * s.power[p] + CARD * sum(s.hand[p]))
    value += fade * resource_value(s, p, done, totals, SOLO_PAYMENT if solo else PAYMENT)
    # Pairs of resources score at the end, but a token is spent before then more often than not.
    value -= fade * PAIRS_SPENT * per_two * pairs
    if solo and s.abil[p] >> D.SPEED & 1:
        value += fade * SOLO_SPEED
    if solo and SOLO_NEXT_PRODUCE:
        value += fade * SOLO_NEXT_PRODUCE * next_produce(s, p, done, totals)

    # Once its stars are placed an objective counts for nothing, here or in the race.
    met = [objectives.met(s, p, c) for c in s.objectives[p]] if stars[D.STAR_OBJECTIVE] < D.OBJECTIVE_STAR_CAP or s.faction[p] == D.SAXONY else []
    value += sum(OBJECTIVE_MET if m else OBJECTIVE_OPEN for m in met)
    if solo and SOLO_RACE:
        value += SOLO_RACE * solo_plan.race_chance(s, done, any(met))
    if s.factory_card[p] >= 0:
        value += FACTORY_CARD
    return value


def tier_progress(pop: int, counts: tuple[int, int, int]) -> float:
    """A share of what the next popularity tier would add to the final score (counting ``counts``: stars,
    territories, resource pairs), growing across the current tier."""
    for i, (lo, hi, *rates) in enumerate(D.TIERS[:-1]):
        if lo <= pop <= hi:
            gain = [b - a for a, b in zip(rates, D.TIERS[i + 1][2:], strict=True)]
            return TIER_SHARE * (pop - lo) / (hi + 1 - lo) * sum(g * n for g, n in zip(gain, counts, strict=True))
    return 0.0


def engine_left(s: ScytheState) -> float:
    """1 early on, falling toward 0.2 as the leader nears the 6th star."""
    most = max(sum(st) for st in s.stars)
    return 1.0 - 0.8 * (most / D.MAX_STARS) ** 2


def resource_value(s: ScytheState, p: int, done: tuple[int, ...], totals: list[int], payment: float) -> float:
    """Controlled resource tokens as the bottom actions they pay: a full payment at ``payment``, a partial one at a
    share of it, nothing for a bottom action with nothing left to give (all upgrades, mechs, ... done)."""
    left = payments_left(done)
    value = 0.0
    for b, (tokens, n) in enumerate(zip(totals, left, strict=True)):
        if n <= 0 or not tokens:
            continue
        cost = max(s.bottom_cost(p, b), 1)
        full = min(tokens // cost, n)
        value += payment * full
        if full < n:
            value += payment * PARTIAL * (tokens - full * cost) / cost
    return value


def combat_stakes(s: ScytheState) -> dict[int, float]:
    """During a combat: the power and cards each side has committed are spent, and the winner gets a star and the
    territory, shared by a smooth guess of who wins from the totals chosen so far (ties: attacker). A side that has
    not chosen yet counts ``UNCHOSEN_SHARE`` of the most it could commit (its power up to the dial's 7, its best
    cards up to its card limit): counted as 0, it made every attack look won before the defender answered."""
    sides = s.sides()
    totals = [
        max(s.dial[r], 0) + sum(D.CARD_VALUES[i] * k for i, k in enumerate(s.played[r])) if s.dial[r] >= 0 else UNCHOSEN_SHARE * most_committed(s, p)
        for r, p in enumerate(sides)
    ]
    p_attacker = 1.0 / (1.0 + math.exp(-(totals[0] - totals[1] + 0.5) / 1.5))
    out = {}
    for r, p in enumerate(sides):
        spent = 0.2 * max(s.dial[r], 0) + 0.3 * sum(s.played[r])
        out[p] = (p_attacker if r == 0 else 1.0 - p_attacker) * COMBAT_STAKE - spent
    return out


def most_committed(s: ScytheState, p: int) -> float:
    """The largest total ``p`` could still commit to the combat under way (§8.2)."""
    cards = [D.CARD_VALUES[i] for i in range(len(D.CARD_VALUES)) for _ in range(s.hand[p][i])]
    cards.sort(reverse=True)
    return min(s.power[p], D.MAX_DIAL) + sum(cards[: s.card_cap(p)])


def payments_left(done: tuple[int, ...]) -> list[int]:
    """Per bottom action, the payments still counted: those its track has left, at most ``PAYMENTS_AHEAD``."""
    return [min(n, PAYMENTS_AHEAD) for n in (6 - done[0], D.MECHS - done[1], 4 - done[2], 4 - done[3])]


def next_produce(s: ScytheState, p: int, done: tuple[int, ...], totals: list[int]) -> float:
    """What the seat's next Produce would yield (§5.4): on its best 2 (3 upgraded) territories with workers, each
    token while the bottom action it pays still wants more than the payments on hand, a village's workers while
    any are left on the mat."""
    count: dict[int, int] = {}
    for h in s.pos[p][WORKER0:]:
        if h >= 0 and not D.IS_HOME[h]:
            count[h] = count.get(h, 0) + 1
    ctrl = s.board()[0]
    mill = s.mill_space(p)
    room = D.WORKERS - s.workers_on_board(p)  # a worker sent home never returns to the mat
    left = payments_left(done)
    worth = []
    for h, n in count.items():
        if h == mill or ctrl[h] != p:
            continue
        r = D.PRODUCT[h]
        if r >= 0:
            cost = max(s.bottom_cost(p, r), 1)
            want = max(0, left[r] * cost - totals[r])
            worth.append(SOLO_PAYMENT * PARTIAL / cost * min(n, want))
        elif D.IS_VILLAGE[h]:
            worth.append(WORKER * min(n, room))
    worth.sort(reverse=True)
    return sum(worth[: 2 + s.upgraded(p, D.SLOT_PRODUCE)])
