"""A heuristic value per seat (Game.evaluate): what a position is likely worth at the end, in final-score points.

Per seat it adds the running score; the final scoring of the cards held, with the sand figures' multipliers grown
by what the rounds left should add; what this round still brings in (people at home, and each location people
stand on but have not used yet, at its expected yield: dice locations by the exact expectation of
floor((dice + tools) / divisor), hut, field, tool maker, cards and buildings net of what they cost); resources at
their building value while they can still be turned into buildings; the coming feeding (food short costs the
cheapest resources or the starvation penalty); and the engine (people, agriculture, tools) over the rounds after
this one, net of the food the people eat.

It reads the full (possibly determinized) state, but only what every seat can see, apart from the extra cards,
which it counts for their owner as the final scoring would; ``determinize`` resamples the opponents' ones.
"""

from __future__ import annotations

from .data import (
    CARD0,
    CARDS,
    COUNT_KINDS,
    FIELD,
    FIXED,
    HUNT,
    HUT,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_STEPS,
    NUM_LOCATIONS,
    RESOURCES,
    RIVER,
    STACK0,
    STARVATION_PENALTY,
    TILES,
    TOOL_MAKER,
    VALUES,
)
from .state import FEED, OVER, PAY, PLACE, TOOLS, StoneAgeState, culture_points

#: Hand-tuned rates, in points. A resource is worth this share of its building value while buildings can be bought.
BUILD_RATE = 0.8
#: One person's work for one round (about what a gathering spot yields), one food, one tool pip for one round.
PERSON = 2.8
FOOD = 1.6
PIP = 0.6
#: Food held beyond what the rounds left need is almost worthless.
SPARE_FOOD = 0.1
#: The average worth of an unknown card (the extra-card effect) and of a dice-for-all die.
EXTRA_CARD = 3.0
DICE_FOR_ALL = 2.5
#: How fast the sand figures' multipliers still grow, per round left: agriculture, tools, buildings, people.
GROWTH = {"farmer": 0.4, "tool_maker": 0.4, "hut_builder": 0.6, "shaman": 0.2}

_DIVISORS = (2, *VALUES)  # food, then wood..gold
_MAX_DICE = 10
_MAX_PIPS = 40


def _sum_distribution(dice: int) -> list[float]:
    dist = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(dist) + 6)
        for total, p in enumerate(dist):
            for face in range(1, 7):
                nxt[total + face] += p / 6
        dist = nxt
    return dist


def _floor_table() -> dict[int, list[list[float]]]:
    """E[floor((sum of n dice + t) / d)] for every divisor d, n ≤ 10 dice and t ≤ 40 tool pips."""
    dists = [_sum_distribution(n) for n in range(_MAX_DICE + 1)]
    return {
        d: [[sum(p * ((s + t) // d) for s, p in enumerate(dists[n])) for t in range(_MAX_PIPS + 1)] for n in range(_MAX_DICE + 1)]
        for d in _DIVISORS
    }


_FLOOR = _floor_table()


def expected_yield(dice: int, pips: int, divisor: int) -> float:
    return _FLOOR[divisor][min(dice, _MAX_DICE)][min(pips, _MAX_PIPS)]


def rounds_left(state: StoneAgeState) -> float:
    """An estimate of the rounds left, this one included: cards go at about 2.5 a round, a stack loses a tile every
    1.5 rounds."""
    if state.ending:
        return 1.0
    by_cards = len(state.deck) / 2.5 + 1
    sizes = [(t >= 0) + b for t, b in zip(state.tops, state.below, strict=True)]
    by_tiles = min(sizes) * 1.5 if sizes else by_cards
    return max(1.0, min(by_cards, by_tiles))


class _Seat:
    """One seat's goods as they will be once this round's placed people are used (expected values)."""

    __slots__ = ("agri", "buildings", "figures", "food", "once", "people", "pips", "points", "res", "symbols")

    def __init__(self, state: StoneAgeState, seat: int) -> None:
        self.people = state.people[seat]
        self.agri = state.agri[seat]
        self.pips = sum(state.tiles[seat])
        self.once = sum(state.once[seat])
        self.food = float(state.food[seat])
        self.res = [float(r) for r in state.res[seat]]
        self.buildings = len(state.buildings[seat])
        self.points = float(state.score[seat])
        self.symbols: list[int] = []
        self.figures = dict.fromkeys(GROWTH, 0)
        for c in state.cards[seat] + state.secret[seat]:
            self.add_bottom(c)

    def add_bottom(self, card_id: int) -> None:
        card = CARDS[card_id]
        if card.bottom == "culture":
            self.symbols.append(card.symbol)
        else:
            self.figures[card.bottom] += card.symbol

    def tool_step(self) -> None:
        self.pips = min(MAX_TOOL_STEPS, self.pips + 1)  # every tool step adds one pip (§6)

    def grow_agri(self) -> None:
        self.agri = min(MAX_AGRICULTURE, self.agri + 1)


def resource_values(conv: float) -> list[float]:
    """What one of each resource is worth: its building value while buildings can be bought, one point at the end."""
    return [1.0 + (BUILD_RATE * v - 1.0) * conv for v in VALUES]


def _pay_cheapest(res: list[float], count: int, rv: list[float]) -> float:
    """Take ``count`` resources, the least valuable first; the value given up (inf if they are not there)."""
    lost = 0.0
    for r in range(4):
        take = min(res[r], count)
        res[r] -= take
        count -= take
        lost += take * rv[r]
        if count <= 0:
            return lost
    return float("inf")


def _take_card(g: _Seat, card_id: int, cost: int, rv: list[float]) -> None:
    """Buy a card from the display if the seat can pay for it (§5.6): pay the cheapest resources, add its effects."""
    if sum(g.res) < cost:
        return
    _pay_cheapest(g.res, cost, rv)
    card = CARDS[card_id]
    top, value = card.top, card.value
    if top == "food":
        g.food += value
    elif top.startswith("resource_"):
        g.res[RESOURCES.index(top[9:])] += value
    elif top == "points":
        g.points += value
    elif top == "tool":
        g.tool_step()
    elif top == "agriculture":
        g.grow_agri()
    elif top == "one_use_tool":
        g.once += value
    elif top == "extra_card":
        g.points += EXTRA_CARD
    elif top == "any_resources":
        g.res[3] += 2
    elif top.startswith("dice_roll_"):
        r = RESOURCES.index(top[10:])
        g.res[r] += expected_yield(value, 0, VALUES[r])
    else:  # dice_for_all
        g.points += DICE_FOR_ALL
    g.add_bottom(card_id)


def _take_building(g: _Seat, tile_id: int, rv: list[float]) -> None:
    """Build if the seat can pay (§5.7): a fixed tile at its cost, the others with the resources worth most to pay."""
    tile = TILES[tile_id]
    res = g.res
    if tile.kind == FIXED:
        if all(res[r] >= tile.cost[r] for r in range(4)):
            for r in range(4):
                res[r] -= tile.cost[r]
            g.points += tile.points
            g.buildings += 1
        return
    # A variable tile pays its resources' values: pay with the resources whose building value gains most (gold first).
    kinds = [r for r in range(4) if res[r] >= 1]
    need_kinds = tile.kinds if tile.kind == COUNT_KINDS else 1
    if len(kinds) < need_kinds or sum(res) < (tile.count if tile.kind == COUNT_KINDS else 1):
        return
    count = tile.count if tile.kind == COUNT_KINDS else min(7, int(sum(res)))
    chosen = sorted(kinds, reverse=True)[:need_kinds]
    paid = [0.0] * 4
    for r in chosen:
        paid[r] = 1.0
    left = count - need_kinds
    pool = chosen if tile.kind == COUNT_KINDS else [3, 2, 1, 0]
    for r in sorted(pool, reverse=True):
        take = min(res[r] - paid[r], left)
        paid[r] += take
        left -= take
    if left > 1e-9:
        return
    for r in range(4):
        res[r] -= paid[r]
    g.points += sum(p * v for p, v in zip(paid, VALUES, strict=True))
    g.buildings += 1


def _feeding_cost(state: StoneAgeState, seat: int, g: _Seat, rv: list[float]) -> float:
    """The coming feeding: the food short is paid with the cheapest resources, or the seat takes the penalty."""
    per_food = state.per_missing_food
    if state.phase == FEED and seat == state.turn:
        short = state.feed_left
        may_starve = per_food or not state.feed_paid
    elif state.phase == FEED and (seat - state.start) % state.num_players < (state.turn - state.start) % state.num_players:
        return 0.0  # already fed this round
    else:
        have = g.food + g.agri
        if have >= g.people:
            g.food = have - g.people
            return 0.0
        g.food = 0.0
        short = g.people - have
        may_starve = True
    res = g.res
    spendable = sum(res) + 2 * state.joker[seat]
    if per_food:
        cost = 0.0
        for r in range(4):
            while short > 0 and res[r] >= 1 and rv[r] < STARVATION_PENALTY:
                res[r] -= 1
                short -= 1
                cost += rv[r]
        return cost + STARVATION_PENALTY * max(0.0, short)
    if spendable + 1e-9 < short:
        return float(STARVATION_PENALTY)
    trial = res.copy()
    lost = _pay_cheapest(trial, short, rv)
    if may_starve and lost > STARVATION_PENALTY:
        return float(STARVATION_PENALTY)
    res[:] = [max(0.0, x) for x in trial]
    return lost if lost != float("inf") else float(STARVATION_PENALTY)


def seat_value(state: StoneAgeState, seat: int, left: float) -> float:
    future = left - 1.0  # the rounds after this one
    conv = min(1.0, left / 2.0)
    rv = resource_values(conv)
    g = _Seat(state, seat)
    value = 0.0
    mine = state.at[seat]
    on_turn = seat == state.turn
    # People still at home this round will be placed somewhere: about one gathering spot each.
    if state.phase == PLACE:
        value += PERSON * state.home[seat]
    # Unused tools this round help one of the rolls still to come.
    tools = sum(state.once[seat]) + sum(v for v, u in zip(state.tiles[seat], state.used[seat], strict=True) if not u)
    tool_gain = 0.0
    if on_turn and state.phase == TOOLS:
        d = _DIVISORS[state.roll_target + 1 if state.roll_target < 4 else 0]
        worth = FOOD if state.roll_target == 4 else rv[state.roll_target]
        if state.opts["tools_before_roll"]:
            got = expected_yield(state.roll_dice, state.roll_total, d)
            tool_gain = (expected_yield(state.roll_dice, state.roll_total + tools, d) - got) * worth
        else:
            got = state.roll_total // d
            tool_gain = ((state.roll_total + tools) // d - got) * worth
        if state.roll_target == 4:
            g.food += got
        else:
            g.res[state.roll_target] += got
    for loc in range(HUNT, RIVER + 1):
        n = mine[loc]
        if not n:
            continue
        target = 4 if loc == HUNT else loc - 1
        d = _DIVISORS[0] if loc == HUNT else VALUES[target]
        got = expected_yield(n, 0, d)
        worth = FOOD if loc == HUNT else rv[target]
        tool_gain = max(tool_gain, (expected_yield(n, tools, d) - got) * worth)
        if loc == HUNT:
            g.food += got
        else:
            g.res[target] += got
    value += tool_gain
    if mine[HUT] and g.people < MAX_PEOPLE:
        g.people += 1
    if mine[FIELD]:
        g.grow_agri()
    if mine[TOOL_MAKER]:
        g.tool_step()
    pay_loc = state.pay_loc if on_turn and state.phase == PAY else -1
    for loc in range(CARD0, NUM_LOCATIONS):
        if not (mine[loc] or loc == pay_loc):
            continue
        if loc < STACK0:
            card = state.display[loc - CARD0]
            if card >= 0:
                _take_card(g, card, loc - CARD0 + 1, rv)
        else:
            top = state.tops[loc - STACK0]
            if top >= 0:
                _take_building(g, top, rv)
    value -= _feeding_cost(state, seat, g, rv)
    # Final scoring with the multipliers grown by the rounds to come.
    value += g.points + culture_points(g.symbols)
    fig = g.figures
    value += fig["farmer"] * min(MAX_AGRICULTURE, g.agri + GROWTH["farmer"] * future)
    value += fig["tool_maker"] * min(MAX_TOOL_STEPS, g.pips + GROWTH["tool_maker"] * future)
    value += fig["hut_builder"] * (g.buildings + GROWTH["hut_builder"] * future)
    value += fig["shaman"] * min(MAX_PEOPLE, g.people + GROWTH["shaman"] * future)
    value += sum(n * v for n, v in zip(g.res, rv, strict=True)) + 2 * state.joker[seat] * rv[3]
    # The engine over the rounds after this one: what people make, net of the food they eat beyond agriculture.
    hungry = max(0, g.people - g.agri)
    need = hungry * future
    value += future * (g.people * PERSON - hungry * FOOD + g.pips * PIP) + g.once * PIP
    value += FOOD * min(g.food, need) + SPARE_FOOD * max(0.0, g.food - need)
    return value


def evaluate(state: StoneAgeState) -> list[float]:
    n = state.num_players
    if state.phase == OVER:
        return [float(state.score[s]) + state.tie_break(s) / 100 for s in range(n)]
    left = rounds_left(state)
    return [seat_value(state, s, left) for s in range(n)]
