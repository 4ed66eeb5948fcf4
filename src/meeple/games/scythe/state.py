"""A Scythe game in progress and its rules (§2–§7, §12–§15), in the order a turn happens.

State is flat: per player a list of 13 unit positions (character, 4 mechs, 8 workers; -1 = not on the board),
per space 4 resource counts, small integers for tracks and mats. Control and occupancy are derived and cached.

Combat (§8) lives in combat.py; encounters, the Factory, card gains and objectives (§9–§11) in cards.py: both are
mixins of rules methods over this state's fields. ``resume_after`` runs what follows a Move action in order:
the combats (attacker's order), the encounter, the Factory card, then the bottom action (or the end of the turn
after the Factory card's own move).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core import Action, ChanceScript, IllegalAction, Result, State

from . import actions as A
from . import data as D
from .automa import AUTOMA, AutomaRules
from .cards import ENCOUNTER, END, FACTORY_PICK, GAIN, CardRules
from .combat import ABILITY, CARDS, DIAL, FIGHT, RETREAT, CombatRules
from .data import (
    CHAR,
    FACTORY,
    HOME,
    IS_HOME,
    IS_LAKE,
    IS_MOUNTAIN,
    IS_TUNNEL,
    IS_VILLAGE,
    LAKES,
    MECH0,
    NEIGHBOURS,
    NUM_SPACES,
    PRODUCT,
    TERRAIN,
    TUNNELS,
    UNIT_SLOTS,
    WORKER0,
)
from .queries import BoardQueries

SECTION, TOP, MOVING, UNIT, TRADING, PRODUCING, BOTTOM, PAYING, OVER = (
    "section", "top", "move", "unit", "trade", "produce", "bottom", "pay", "over",
)  # fmt: skip
PLACE = "place"  # solo: the human chooses the resources placed on a hex conquered from the Automa (automa §7 O9)
PHASES = (
    SECTION,
    TOP,
    MOVING,
    UNIT,
    TRADING,
    PRODUCING,
    BOTTOM,
    PAYING,
    OVER,
    FIGHT,
    ABILITY,
    DIAL,
    CARDS,
    RETREAT,
    ENCOUNTER,
    GAIN,
    FACTORY_PICK,
    END,
    PLACE,
)

#: A character or mech may step onto an enemy character or mech, and combat follows the Move (§7.3, §8).
COMBAT = True

_ACT = A.ACTIONS
_VILLAGES = tuple(i for i in range(NUM_SPACES) if IS_VILLAGE[i])
_MOUNTAINS = tuple(i for i in range(NUM_SPACES) if IS_MOUNTAIN[i])
_LAND_NEIGHBOURS = tuple(tuple(n for n, _ in NEIGHBOURS[h] if not IS_HOME[n] and not IS_LAKE[n]) for h in range(NUM_SPACES))
_R = len(D.RESOURCES)


class ScytheState(AutomaRules, CombatRules, CardRules, BoardQueries, State):
    __slots__ = (
        "_board",
        "abil",
        "active",
        "after",
        "automa",
        "bonus_tile",
        "bonuses",
        "bottom_cubes",
        "bottom_move",
        "cargo",
        "cargo_workers",
        "choice_at",
        "coercion_used",
        "coins",
        "combat_at",
        "cstage",
        "decider",
        "deck",
        "defender",
        "dial",
        "discard",
        "encounter_card",
        "encounter_deck",
        "encounter_used",
        "ended_by",
        "faction",
        "factory",
        "factory_card",
        "factory_rest",
        "factory_seen",
        "gain_ctx",
        "gain_kind",
        "gain_left",
        "gains",
        "hand",
        "here",
        "last_combat",
        "last_section",
        "mat",
        "meander",
        "moved",
        "moves_left",
        "objective_deck",
        "objective_discard",
        "objective_done",
        "objectives",
        "order",
        "origin",
        "pay_res",
        "pending",
        "pending_combats",
        "phase",
        "played",
        "pop",
        "pos",
        "power",
        "produced",
        "recruits",
        "res",
        "section",
        "sent_back",
        "stars",
        "stepped",
        "steps",
        "struct_at",
        "struct_hex",
        "ti",
        "to_pay",
        "tokens",
        "top_cubes",
        "trade_left",
        "turns",
    )  # fmt: skip

    faction: list[int]
    mat: list[int]
    order: list[int]  # seats in turn order (§2.8)
    pos: list[list[int]]  # per seat, 13 unit slots
    abil: list[int]  # per seat, bitmask of the mech abilities unlocked
    res: list[int]  # NUM_SPACES * 4 resource counts
    struct_at: list[int]  # per space: -1, or seat * 4 + structure
    struct_hex: list[list[int]]  # per seat, the space of each structure (-1 = on the mat)
    power: list[int]
    pop: list[int]
    coins: list[int]
    hand: list[list[int]]  # per seat, combat cards by value index (2, 3, 4, 5)
    deck: list[int]
    discard: list[int]
    top_cubes: list[int]  # per seat, bitmask of the top-row slots still holding their cube
    bottom_cubes: list[list[int]]  # per seat, cubes placed on each bottom action's cost spaces
    recruits: list[int]  # per seat, bitmask of bottom actions whose recruit is enlisted
    bonuses: list[int]  # per seat, bitmask of one-time recruit bonuses taken
    stars: list[list[int]]  # per seat, stars per STAR_KINDS
    last_section: list[int]
    objectives: list[list[int]]
    objective_deck: list[int]
    factory: list[int]  # face-down Factory cards
    factory_rest: list[int]  # Factory cards returned unseen at setup
    factory_card: list[int]
    encounter_deck: list[int]
    tokens: list[int]  # spaces still holding an encounter token
    bonus_tile: int
    ti: int  # index into order of the seat whose turn it is
    phase: str
    turns: int
    ended_by: int
    # the turn in progress
    section: int
    moves_left: int
    moved: int  # bitmask of unit slots moved this Move action
    active: int  # unit slot moving now, -1 if none
    steps: int
    stepped: bool
    here: int  # at the current space the unit has 0 done nothing, 1 loaded, 2 unloaded (no load/unload loops)
    cargo: list[int]
    cargo_workers: list[int]
    trade_left: int
    produced: list[int]
    pending: int  # the chosen bottom-action benefit (action id) awaiting payment
    pay_res: int
    to_pay: int
    coercion_used: bool
    pending_combats: list[int]  # spaces where the mover shares space with an enemy character or mech (§8)
    # combat (§8)
    decider: int  # the seat deciding now when it is not the turn's seat (a defender, a retreating loser), else -1
    combat_at: int  # the space of the combat being resolved, -1 if none
    defender: int
    cstage: int  # 0/1 attacker's/defender's pre-combat ability, 2/3 attacker's/defender's choice, 4 retreat
    dial: list[int]  # per role (attacker, defender): the dialled power, -1 not yet
    played: list[list[int]]  # per role: combat cards tucked behind the dial (out of the hand, not yet revealed)
    choice_at: list[int]  # per role: where its combat choice starts in the history (determinize rewrites it)
    last_combat: list[int]  # the last revealed combat: space, attacker, defender, dial, cards, dial, cards, winner
    origin: list[int]  # per unit slot of the mover: where it started this Move (for a game ending mid-combats)
    after: int  # what follows the Move: 0 combats, 1 encounter, 2 Factory card, 3 done
    bottom_move: bool  # the Move is the Factory card's bottom action
    sent_back: bool  # this turn the seat forced an opponent's worker to retreat (objective 6)
    # encounters, Factory cards, objectives (§9–§11)
    encounter_card: int
    encounter_used: list[int]
    meander: int  # encounter options taken on this card (bitmask)
    gains: list[int]  # queued (gain type, amount) pairs, flattened
    gain_kind: int
    gain_left: int
    gain_ctx: int  # 0 an encounter, 1 a Factory card's top action
    factory_seen: int  # seats that have looked at the face-down Factory cards (bitmask)
    objective_done: list[list[int]]  # revealed, public
    objective_discard: list[list[int]]  # discarded unrevealed, known to their owner only
    _board: tuple[list[int], list[int]] | None
    automa: Any  # the solo game's AutomaSide (automa.py), None with 2-5 players

    # -- §2 Setup ----------------------------------------------------------------------------------------------

    @property
    def n_sides(self) -> int:
        """Seats plus the Automa in a solo game: the length of every per-side list but ``mat`` and ``order``."""
        return len(self.faction)

    def setup(self, script: ChanceScript | None) -> None:
        solo = self.num_players == 1
        self.automa = None
        self.deal_factions_and_mats()
        n = self.n_sides
        self.power = [D.STARTING_POWER[f] for f in self.faction[: self.num_players]]
        self.pop = [D.MAT_POPULARITY[m] for m in self.mat]
        self.coins = [D.MAT_COINS[m] for m in self.mat]
        if solo:
            self.setup_automa()
        self.deck = list(D.CARD_COUNTS)
        self.discard = [0, 0, 0, 0]
        self.hand = [[0, 0, 0, 0] for _ in range(n)]
        self.pos = []
        for f in self.faction:
            p = [-1] * UNIT_SLOTS
            p[CHAR] = HOME[f]
            p[WORKER0], p[WORKER0 + 1] = D.START_WORKERS[f]
            self.pos.append(p)
        self.abil = [0] * n
        self.res = [0] * (NUM_SPACES * _R)
        self.struct_at = [-1] * NUM_SPACES
        self.struct_hex = [[-1] * 4 for _ in range(n)]
        self.top_cubes = [D.ALL_SLOTS] * n
        self.bottom_cubes = [[0] * 4 for _ in range(n)]
        self.recruits = [0] * n
        self.bonuses = [0] * n
        self.stars = [[0] * len(D.STAR_KINDS) for _ in range(n)]
        self.last_section = [-1] * n
        self.tokens = list(D.ENCOUNTER_SPACES)
        self.encounter_deck = list(D.ENCOUNTER_CARDS)
        self.bonus_tile = self.chance_index("bonus_tile", D.BONUS_TILES)
        pool = list(D.FACTORY_CARDS)
        # automa §2 ⚠ O16: a solo game prepares the Factory as for 2 players (3 cards)
        count = self.opts["automa_factory_cards"] if solo else n + 1
        self.factory = [pool.pop(self.chance_index("factory", pool)) for _ in range(count)]
        self.factory_rest = sorted(pool)
        self.factory_card = [-1] * n
        self.factory_seen = 0
        self.encounter_used = []
        self.encounter_card = -1
        self.meander = 0
        for p in range(n):
            for _ in range(D.STARTING_CARDS[self.faction[p]]):
                self.draw_card(p)
        self.objective_deck = list(D.OBJECTIVES)
        self.objectives = [[] for _ in range(n)]
        self.objective_done = [[] for _ in range(n)]
        self.objective_discard = [[] for _ in range(n)]
        for p in range(self.num_players):
            for _ in range(2):
                self.objectives[p].append(self.objective_deck.pop(self.chance_index("objective", self.objective_deck)))
        # §2.8: the lowest mat number starts; play proceeds clockwise by faction seating.
        seating = sorted(range(self.num_players), key=lambda s: D.SEATING.index(D.FACTIONS[self.faction[s]]))
        start = min(range(self.num_players), key=lambda s: D.MAT_NUMBER[self.mat[s]])
        k = seating.index(start)
        self.order = seating[k:] + seating[:k]
        self.ti = 0
        self.turns = 0
        self.ended_by = -1
        self.phase = SECTION
        self.pending_combats = []
        self.last_combat = []
        self.reset_turn()
        self._board = None
        if solo:
            self.stars[AUTOMA].append(0)  # its tracker stars (automa §8)
            if self.opts["automa_first"]:  # automa §2 ⚠ O13
                self.automa_turn()

    def deal_factions_and_mats(self) -> None:
        """§2.4: factions and mats by option or by chance; the optional ban on two pairings (on by default)."""
        n = self.num_players
        opts = self.opts
        ban = opts["ban_pairs"]
        sides = n + 1 if n == 1 else n  # solo: the human's faction, then the Automa's
        if opts["factions"] == "random":
            pool = list(range(5))
            self.faction = [pool.pop(self.chance_index("faction", pool)) for _ in range(sides)]
        else:
            self.faction = _named_list(opts["factions"], D.FACTIONS, sides, "factions")
        if opts["mats"] == "random":
            import itertools

            deals = [
                ",".join(D.MATS[m] for m in perm)
                for perm in itertools.permutations(range(5), n)
                if not ban or not any((self.faction[s], perm[s]) in D.BANNED_PAIRS for s in range(n))
            ]
            self.mat = [D.MATS.index(x) for x in deals[self.chance_index("mats", deals)].split(",")]
        else:
            self.mat = _named_list(opts["mats"], D.MATS, n, "mats")
            for s in range(n):
                if ban and (self.faction[s], self.mat[s]) in D.BANNED_PAIRS:
                    raise ValueError(
                        f"{D.FACTIONS[self.faction[s]]} may not play the {D.MATS[self.mat[s]]} mat while ban_pairs=True (§2.4)"
                    )

    def reset_turn(self) -> None:
        self.section = -1
        self.moves_left = 0
        self.moved = 0
        self.active = -1
        self.steps = 0
        self.stepped = False
        self.here = 0
        self.cargo = [0, 0, 0, 0]
        self.cargo_workers = []
        self.trade_left = 0
        self.produced = []
        self.pending = -1
        self.pay_res = -1
        self.to_pay = 0
        self.coercion_used = False
        self.decider = -1
        self.combat_at = -1
        self.defender = -1
        self.cstage = -1
        self.dial = [-1, -1]
        self.played = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.choice_at = [-1, -1]
        self.origin = [-1] * UNIT_SLOTS
        self.after = 0
        self.bottom_move = False
        self.sent_back = False
        self.gains = []
        self.gain_kind = -1
        self.gain_left = 0
        self.gain_ctx = 0

    # -- whose turn -------------------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.decider if self.decider >= 0 else self.order[self.ti]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # -- §4 Control ---------------------------------------------------------------------------------------------

    def board(self) -> tuple[list[int], list[int]]:
        """(control, occupancy) per space, cached until a unit moves or a structure is built.

        Control: the seat with a unit there, else the owner of a structure there, else -1 (home bases: -1).
        Occupancy bits: 1 << 2q a worker of seat q, 1 << (2q + 1) a character or mech of seat q.
        """
        b = self._board
        if b is None:
            ctrl = [-1] * NUM_SPACES
            occ = [0] * NUM_SPACES
            for h, v in enumerate(self.struct_at):
                if v >= 0:
                    ctrl[h] = v >> 2
            for q, units in enumerate(self.pos):
                wbit, cbit = 1 << 2 * q, 2 << 2 * q
                for slot, h in enumerate(units):
                    if h >= 0:
                        occ[h] |= wbit if slot >= WORKER0 else cbit
                        ctrl[h] = q
            for h in HOME:
                ctrl[h] = -1
            for h in D.ALL_HOMES.values():
                ctrl[h] = -1
            b = self._board = (ctrl, occ)
        return b

    def controls(self, seat: int, h: int) -> bool:
        return self.board()[0][h] == seat

    def workers_at(self, seat: int, h: int) -> int:
        return sum(1 for x in self.pos[seat][WORKER0:] if x == h)

    def workers_on_board(self, seat: int) -> int:
        """Workers off the mat (on territories or sent home by a retreat: they never return to the mat)."""
        return sum(1 for x in self.pos[seat][WORKER0:] if x >= 0)

    def mechs_deployed(self, seat: int) -> int:
        return sum(1 for x in self.pos[seat][MECH0:WORKER0] if x >= 0)

    def available(self, seat: int, r: int) -> int:
        """§3: resource ``r`` spendable by ``seat``: tokens on territories it controls."""
        ctrl = self.board()[0]
        res = self.res
        return sum(res[h * _R + r] for h in range(NUM_SPACES) if ctrl[h] == seat and res[h * _R + r])

    def worker_territories(self, seat: int) -> list[int]:
        """Territories (not home bases) holding at least one of ``seat``'s workers, in space order."""
        return sorted({h for h in self.pos[seat][WORKER0:] if h >= 0 and not IS_HOME[h]})

    def neighbours_of(self, seat: int) -> list[int]:
        """§6.5: the left (next clockwise) and right neighbour, once each (2 players: one opponent)."""
        n = self.num_players
        if n == 1:
            return []
        order = self.order
        i = order.index(seat)
        left, right = order[(i + 1) % n], order[(i - 1) % n]
        return [left] if left == right else [left, right]

    # -- tracks, cards and stars (§1, §12) ------------------------------------------------------------------------

    def gain_power(self, seat: int, k: int) -> None:
        self.power[seat] = max(0, min(D.MAX_POWER, self.power[seat] + k))

    def gain_popularity(self, seat: int, k: int) -> None:
        if seat >= self.num_players:
            return  # the Automa's popularity stays at 10 (automa §1)
        self.pop[seat] = max(0, min(D.MAX_POPULARITY, self.pop[seat] + k))

    def draw_card(self, seat: int) -> None:
        """§1: draw a combat card; an empty deck is refilled from the discards; both empty: no card."""
        deck = self.deck
        if not any(deck):
            if not any(self.discard):
                return
            self.deck, self.discard = self.discard, [0, 0, 0, 0]
            deck = self.deck
        total = sum(deck)

        def sample(rng: Any) -> int:
            k = rng.below(total)
            for i, c in enumerate(deck):
                if k < c:
                    return D.CARD_VALUES[i]
                k -= c
            raise AssertionError("unreachable")

        value = self.chance_value("card", sample, lambda v: v in D.CARD_VALUES and deck[D.CARD_VALUES.index(v)] > 0)
        i = D.CARD_VALUES.index(value)
        deck[i] -= 1
        self.hand[seat][i] += 1

    def check_stars(self, seat: int) -> None:
        """§12: place every star whose condition holds; the 6th star ends the game at once."""
        if self.phase == OVER:
            return
        st = self.stars[seat]
        earned = (
            (D.STAR_UPGRADES, self.top_cubes[seat] == 0),
            (D.STAR_MECHS, self.mechs_deployed(seat) == D.MECHS),
            (D.STAR_STRUCTURES, all(h >= 0 for h in self.struct_hex[seat])),
            (D.STAR_RECRUITS, self.recruits[seat] == 15),
            (D.STAR_WORKERS, self.workers_on_board(seat) == D.WORKERS),
            (D.STAR_POPULARITY, self.pop[seat] >= D.MAX_POPULARITY),
            (D.STAR_POWER, self.power[seat] >= D.MAX_POWER),
        )
        for kind, ok in earned:
            if ok and not st[kind]:
                st[kind] = 1
                if sum(st) >= D.MAX_STARS:
                    self.end_game(seat)
                    return

    def end_game(self, seat: int) -> None:
        if self.pending_combats or self.combat_at >= 0:
            self.return_unresolved()
        self.ended_by = seat
        self.decider = -1
        self.phase = OVER
        self.active = -1

    # -- legal actions ----------------------------------------------------------------------------------------------

    def generate_legal(self) -> list[Action]:
        seat = self.current_player
        assert seat is not None
        phase = self.phase
        if phase == SECTION:
            return [*self.legal_sections(seat), *self.revealable(seat)]
        if phase == TOP:
            return self.legal_top(seat)
        if phase == MOVING:
            return [*self.legal_picks(seat), A.DONE_ACTION]
        if phase == UNIT:
            return self.legal_unit(seat)
        if phase == TRADING:
            return [*(_ACT[A.PUT_BASE + r * NUM_SPACES + h] for r in range(_R) for h in self.worker_territories(seat)), A.DONE_ACTION]
        if phase == PRODUCING:
            return [*(_ACT[A.PRODUCE_BASE + h] for h in self.produce_targets(seat)), A.DONE_ACTION]
        if phase == BOTTOM:
            return self.legal_bottom(seat)
        if phase == PAYING:
            return self.payment_options(seat)
        if phase == DIAL:
            return self.legal_dials()
        if phase == CARDS:
            return self.legal_cards()
        if phase == ABILITY:
            return [A.ARTILLERY_ACTION, A.NO_ARTILLERY_ACTION]
        if phase == FIGHT:
            return self.legal_fights()
        if phase == RETREAT:
            return self.legal_retreats()
        if phase == ENCOUNTER:
            return self.legal_encounter(seat)
        if phase == GAIN:
            return self.legal_gain(seat)
        if phase == FACTORY_PICK:
            return self.legal_factory_pick()
        if phase == END:
            return [*self.revealable(seat), A.END_TURN_ACTION]
        if phase == PLACE:
            h = self.automa.place_at
            return [_ACT[A.PUT_BASE + r * NUM_SPACES + h] for r in range(_R)]
        return []

    def legal_sections(self, seat: int) -> list[Action]:
        """§3.1: a section other than last turn's (Rusviet Relentless may repeat a mat section)."""
        last = self.last_section[seat]
        relentless = self.faction[seat] == D.RUSVIET
        out: list[Action] = [_ACT[A.SECTION_BASE + c] for c in range(4) if c != last or relentless]
        if self.factory_card[seat] >= 0 and (last != A.FACTORY_SECTION or (relentless and self.opts["relentless_factory"])):
            out.append(_ACT[A.SECTION_BASE + A.FACTORY_SECTION])  # the Factory card's section (§10)
        return out

    def top_action(self, seat: int) -> int:
        return D.MAT_TOP[self.mat[seat]][self.section]

    def upgraded(self, seat: int, slot: int) -> int:
        return 0 if self.top_cubes[seat] >> slot & 1 else 1

    def legal_top(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.section == A.FACTORY_SECTION:
            if self.can_factory_top(seat):
                out.append(A.FACTORY_TOP_ACTION)
            out.append(A.NO_TOP_ACTION)
            return out
        top = self.top_action(seat)
        if top == D.MOVE:
            out += [_ACT[A.TOP_BASE + A.OPT_MOVE], _ACT[A.TOP_BASE + A.OPT_COINS]]
        elif top == D.BOLSTER:
            if self.coins[seat] >= 1:
                out += [_ACT[A.TOP_BASE + A.OPT_POWER], _ACT[A.TOP_BASE + A.OPT_CARDS]]
        elif top == D.TRADE:
            if self.coins[seat] >= 1:
                if self.worker_territories(seat):
                    out.append(_ACT[A.TOP_BASE + A.OPT_TRADE])
                out.append(_ACT[A.TOP_BASE + A.OPT_POPULARITY])
        elif self.can_pay_produce(seat):
            out.append(_ACT[A.TOP_BASE + A.OPT_PRODUCE])
        out.append(A.NO_TOP_ACTION)
        return out

    def can_pay_produce(self, seat: int) -> bool:
        power, pop, coins = D.produce_cost(self.workers_on_board(seat))
        return self.power[seat] >= power and self.pop[seat] >= pop and self.coins[seat] >= coins

    # -- §7 Movement ---------------------------------------------------------------------------------------------

    def targets(self, seat: int, slot: int, h: int) -> list[int]:
        """§7.1 and §14: spaces one step from ``h`` for this unit, before the entering rules of §7.3."""
        f = self.faction[seat]
        abil = self.abil[seat]
        mine = self.struct_hex[seat][D.MINE]
        out: list[int] = []
        if slot >= WORKER0:
            if IS_LAKE[h]:
                return out  # §7.2: a worker leaves a lake only with a mech
            swim = f == D.NORDIC
            for n, river in NEIGHBOURS[h]:
                if not (IS_HOME[n] or IS_LAKE[n]) and (swim or not river):
                    out.append(n)
        else:
            lakes = abil & 2 and (f == D.NORDIC or f == D.POLANIA)
            walk = D.RIVERWALK_TERRAINS[f] if abil & 1 else ()
            for n, river in NEIGHBOURS[h]:
                if IS_HOME[n]:
                    continue
                if IS_LAKE[n]:
                    if lakes:
                        out.append(n)
                elif not river or TERRAIN[n] in walk:
                    out.append(n)
            if abil & 2:
                ctrl = self.board()[0]
                if f == D.POLANIA and IS_LAKE[h]:
                    out += LAKES  # Submerge
                elif f == D.RUSVIET and (h == FACTORY or (IS_VILLAGE[h] and ctrl[h] == seat)):
                    out.append(FACTORY)  # Township
                    out += [v for v in _VILLAGES if ctrl[v] == seat]
                elif f == D.SAXONY and (IS_TUNNEL[h] or h == mine or (IS_MOUNTAIN[h] and ctrl[h] == seat)):
                    out += TUNNELS  # Underpass
                    out += [m for m in _MOUNTAINS if ctrl[m] == seat]
                    if mine >= 0:
                        out.append(mine)
                elif f == D.CRIMEA:
                    out += self.wayfare_homes(seat)
        if IS_TUNNEL[h] or (h == mine and h >= 0):
            out += TUNNELS  # §7.1 tunnels, §6.3 the Mine
            if mine >= 0:
                out.append(mine)
        if len(out) > 1:
            out = sorted(set(out))
        if h in out:
            out.remove(h)
        return out

    def wayfare_homes(self, seat: int) -> list[int]:
        """Crimea Wayfare: its own home base and every home base of a faction not in the game."""
        active = {D.FACTIONS[f] for f in self.faction}
        own = D.FACTIONS[self.faction[seat]]
        allowed = [h for name, h in D.ALL_HOMES.items() if name == own or name not in active]
        if not self.opts["wayfare_expansion_homes"]:
            allowed = [h for name, h in D.ALL_HOMES.items() if name == own or (name in D.FACTIONS and name not in active)]
        return allowed

    def enterable(self, seat: int, slot: int, h: int, carrying: bool) -> list[int]:
        """§7.3: the steps the rules let this unit take now (the one-step targets minus forbidden entries)."""
        occ = self.board()[1]
        mine_bits = 3 << 2 * seat
        out = []
        worker = slot >= WORKER0
        for n in self.targets(seat, slot, h):
            other = occ[n] & ~mine_bits
            if other:
                if worker:
                    continue  # a worker alone never enters a space with an opponent unit
                if other & 0xAAAAAAAA and not COMBAT:
                    continue  # entering an enemy character or mech leads to combat (§8)
            if carrying and IS_LAKE[n] and not self.lake_exit(seat, n):
                continue
            out.append(n)
        return out

    def lake_exit(self, seat: int, lake: int) -> bool:
        """§7.2: a unit carrying tokens onto a lake must be able to step off it again this move."""
        if self.steps < 2:
            return False
        occ = self.board()[1]
        mine_bits = 3 << 2 * seat
        return any(not (occ[n] & ~mine_bits & 0xAAAAAAAA) for n in _LAND_NEIGHBOURS[lake])

    def legal_picks(self, seat: int) -> list[Action]:
        if self.moves_left <= 0:
            return []
        units = self.pos[seat]
        moved = self.moved
        out: list[Action] = []
        if not moved & 1 and units[CHAR] >= 0 and self.enterable(seat, CHAR, units[CHAR], False):
            out.append(A.PICK_CHAR_ACTION)
        seen: set[int] = set()
        for slot in range(MECH0, WORKER0):
            h = units[slot]
            if h >= 0 and not moved >> slot & 1 and h not in seen:
                seen.add(h)
                if self.enterable(seat, slot, h, False):
                    out.append(_ACT[A.PICK_MECH_BASE + h])
        seen.clear()
        occ = self.board()[1]
        enemy = ~(3 << 2 * seat) & 0xAAAAAAAA
        for slot in range(WORKER0, UNIT_SLOTS):
            h = units[slot]
            if h >= 0 and not moved >> slot & 1 and h not in seen:
                seen.add(h)
                if occ[h] & enemy:
                    continue  # §7.3: a worker may not leave a territory held by an enemy character or mech
                if self.enterable(seat, slot, h, False):
                    out.append(_ACT[A.PICK_WORKER_BASE + h])
        return out

    def legal_unit(self, seat: int) -> list[Action]:
        slot = self.active
        h = self.pos[seat][slot]
        carrying = bool(self.cargo_workers) or any(self.cargo)
        out: list[Action] = []
        if self.steps > 0:
            out += [_ACT[A.STEP_BASE + n] for n in self.enterable(seat, slot, h, carrying)]
        lake = IS_LAKE[h]
        if self.here != 2 and not lake:
            base = h * _R
            out += [_ACT[A.LOAD_BASE + r] for r in range(_R) if self.res[base + r]]
            if MECH0 <= slot < WORKER0 and not self.stepped and self.free_worker_at(seat, h) >= 0:
                out.append(A.LOAD_WORKER_ACTION)
        if self.here != 1 and not lake:
            out += [_ACT[A.UNLOAD_BASE + r] for r in range(_R) if self.cargo[r]]
            if self.cargo_workers:
                out.append(A.UNLOAD_WORKER_ACTION)
        if not (lake and carrying):
            out.append(A.STOP_ACTION)
        return out

    def free_worker_at(self, seat: int, h: int) -> int:
        units = self.pos[seat]
        for slot in range(WORKER0, UNIT_SLOTS):
            if units[slot] == h and not self.moved >> slot & 1:
                return slot
        return -1

    # -- §5.4 Produce targets ------------------------------------------------------------------------------------------

    def produce_targets(self, seat: int) -> list[int]:
        if len(self.produced) >= 2 + self.upgraded(seat, D.SLOT_PRODUCE):
            return []
        ctrl = self.board()[0]
        mill = self.mill_space(seat)
        room = D.WORKERS - self.workers_on_board(seat)
        out = []
        for h in self.worker_territories(seat):
            if h == mill or h in self.produced or ctrl[h] != seat:
                continue
            if PRODUCT[h] >= 0 or (IS_VILLAGE[h] and room > 0):
                out.append(h)
        return out

    def mill_space(self, seat: int) -> int:
        """The Mill's territory if built and controlled (§4: no Produce on it otherwise), else -1."""
        h = self.struct_hex[seat][D.MILL]
        return h if h >= 0 and self.board()[0][h] == seat else -1

    # -- §6 Bottom-row actions ---------------------------------------------------------------------------------------------

    def bottom_cost(self, seat: int, b: int) -> int:
        return D.MAT_BASE_COST[self.mat[seat]][b] - self.bottom_cubes[seat][b]

    def can_pay_bottom(self, seat: int, b: int) -> bool:
        have = self.available(seat, b)
        if self.faction[seat] == D.CRIMEA and not self.coercion_used and any(self.hand[seat]):
            have += 1  # §3 Coercion
        return have >= self.bottom_cost(seat, b)

    def legal_bottom(self, seat: int) -> list[Action]:
        out: list[Action] = []
        b = self.section
        if b == A.FACTORY_SECTION:
            out.append(A.FACTORY_MOVE_ACTION)
        elif self.can_pay_bottom(seat, b):
            out += self.benefits(seat, b)
            out.append(A.BOTTOM_ONLY_ACTION)
        out.append(A.END_TURN_ACTION)
        out += self.revealable(seat)
        return out

    def benefits(self, seat: int, b: int) -> list[Action]:
        out: list[Action] = []
        if b == D.UPGRADE:
            spaces = D.MAT_CUBE_SPACES[self.mat[seat]]
            cubes = self.bottom_cubes[seat]
            open_b = [x for x in range(4) if cubes[x] < spaces[x]]
            for s in range(6):
                if self.top_cubes[seat] >> s & 1:
                    out += [_ACT[A.UPGRADE_BASE + s * 4 + x] for x in open_b]
        elif b == D.DEPLOY:
            free = [m for m in range(4) if not self.abil[seat] >> m & 1]
            if free:
                spaces = [h for h in self.worker_territories(seat) if not IS_LAKE[h] and self.controls(seat, h)]
                out += [_ACT[A.DEPLOY_BASE + m * NUM_SPACES + h] for m in free for h in spaces]
        elif b == D.BUILD:
            free = [s for s in range(4) if self.struct_hex[seat][s] < 0]
            if free:
                spaces = [h for h in self.worker_territories(seat) if not IS_LAKE[h] and self.struct_at[h] < 0 and self.controls(seat, h)]
                out += [_ACT[A.BUILD_BASE + s * NUM_SPACES + h] for s in free for h in spaces]
        else:
            rec = [x for x in range(4) if not self.recruits[seat] >> x & 1]
            bon = [k for k in range(4) if not self.bonuses[seat] >> k & 1]
            out += [_ACT[A.ENLIST_BASE + x * 4 + k] for x in rec for k in bon]
        return out

    def payment_options(self, seat: int) -> list[Action]:
        r = self.pay_res
        ctrl = self.board()[0]
        res = self.res
        out: list[Action] = [_ACT[A.PAY_BASE + h] for h in range(NUM_SPACES) if ctrl[h] == seat and res[h * _R + r]]
        if self.faction[seat] == D.CRIMEA and not self.coercion_used:
            out += [_ACT[A.PAY_CARD_BASE + i] for i in range(4) if self.hand[seat][i]]
        return out

    # -- applying actions ------------------------------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        a: A.ScytheAction = action  # type: ignore[assignment]
        seat = self.decider if self.decider >= 0 else self.order[self.ti]
        kind = a.kind
        if self.phase == GAIN:
            self.take_gain(seat, a)
        elif self.phase == PLACE:
            self.place_conquest(seat, a.a)
        elif kind >= A.FIGHT or self.phase in (ENCOUNTER, END):
            self.do_combat_or_card(seat, a)
        elif kind == A.SECTION:
            self.choose_section(seat, a.a)
        elif kind == A.TOP:
            self.top(seat, a.a)
        elif kind == A.NO_TOP:
            self.phase = BOTTOM
        elif kind in (A.PICK_CHAR, A.PICK_MECH, A.PICK_WORKER):
            self.pick(seat, kind, a.a)
        elif kind == A.STEP:
            self.step(seat, a.a)
        elif kind == A.LOAD:
            self.load(seat, a.a)
        elif kind == A.LOAD_WORKER:
            self.load_worker(seat)
        elif kind == A.UNLOAD:
            self.unload(seat, a.a)
        elif kind == A.UNLOAD_WORKER:
            self.unload_worker(seat)
        elif kind == A.STOP:
            self.end_unit(seat)
        elif kind == A.DONE:
            self.done(seat)
        elif kind == A.PUT:
            self.put(seat, a.a, a.b)
        elif kind == A.PRODUCE_AT:
            self.produce_on(seat, a.a)
        elif kind in (A.UPGRADE, A.DEPLOY, A.BUILD, A.ENLIST, A.BOTTOM_ONLY):
            self.take_bottom(seat, a)
        elif kind == A.END_TURN:
            self.end_turn(seat)
        elif kind == A.PAY:
            self.pay_from(seat, a.a)
        elif kind == A.PAY_CARD:
            self.pay_card(seat, a.a)
        else:  # pragma: no cover - the table holds no other kind
            raise IllegalAction(f"{action} has an unknown kind")

    def do_combat_or_card(self, seat: int, a: A.ScytheAction) -> None:
        """The decisions of combat (§8), encounters (§9), the Factory (§10) and objectives (§11)."""
        kind = a.kind
        if kind == A.DIAL:
            self.set_dial(a.a)
        elif kind == A.CARDS:
            self.tuck(A.CARD_SETS[a.a])
        elif kind == A.FIGHT:
            self.start_combat(seat, a.a)
        elif kind in (A.ARTILLERY, A.NO_ARTILLERY):
            self.artillery(kind == A.ARTILLERY)
        elif kind == A.RETREAT_HOME:
            self.finish_combat(-1)
        elif kind == A.RETREAT:
            self.finish_combat(a.a)
        elif kind == A.OPTION:
            self.choose_option(seat, a.a)
        elif kind == A.DONE:
            self.finish_encounter(seat)
        elif kind == A.KEEP_FACTORY:
            self.keep_factory(seat, a.a)
        elif kind == A.REVEAL:
            self.reveal_objective(seat, a.a)
        elif kind == A.FACTORY_TOP:
            self.factory_top(seat)
        elif kind == A.FACTORY_MOVE:
            self.factory_move(seat)
        elif kind == A.END_TURN:
            self.finish_turn(seat)

    def choose_section(self, seat: int, section: int) -> None:
        """§3.1: move the action token; then the optional top action."""
        self.section = section
        self.phase = TOP

    def top(self, seat: int, option: int) -> None:
        """§5: pay the top action's cost, then its benefit."""
        if option == A.OPT_MOVE:
            self.moves_left = 2 + self.upgraded(seat, D.SLOT_MOVE)
            self.moved = 0
            self.phase = MOVING
            self.settle_move(seat)
            return
        if option == A.OPT_COINS:
            self.coins[seat] += 1 + self.upgraded(seat, D.SLOT_COINS)
        elif option in (A.OPT_POWER, A.OPT_CARDS):
            self.bolster(seat, option == A.OPT_POWER)
        elif option == A.OPT_TRADE:
            self.coins[seat] -= 1
            self.trade_left = 2
            self.phase = TRADING
            return
        elif option == A.OPT_POPULARITY:
            self.coins[seat] -= 1
            self.gain_popularity(seat, 1 + self.upgraded(seat, D.SLOT_POPULARITY))
            self.finish_trade(seat)
            return
        else:
            self.start_produce(seat)
            return
        self.finish_top(seat)

    def finish_top(self, seat: int) -> None:
        self.check_stars(seat)
        if self.phase != OVER:
            self.phase = BOTTOM

    def bolster(self, seat: int, power: bool) -> None:
        """§5.2: pay 1 coin; 2/3 power or 1/2 combat cards; the Monument adds 1 popularity."""
        self.coins[seat] -= 1
        if power:
            self.gain_power(seat, 2 + self.upgraded(seat, D.SLOT_POWER))
        else:
            for _ in range(1 + self.upgraded(seat, D.SLOT_CARDS)):
                self.draw_card(seat)
        if self.struct_hex[seat][D.MONUMENT] >= 0:
            self.gain_popularity(seat, 1)

    def put(self, seat: int, r: int, h: int) -> None:
        """§5.3: one gained resource onto a territory with one of your workers."""
        self.res[h * _R + r] += 1
        self.trade_left -= 1
        if self.trade_left <= 0:
            self.finish_trade(seat)

    def finish_trade(self, seat: int) -> None:
        if self.struct_hex[seat][D.ARMORY] >= 0:
            self.gain_power(seat, 1)  # §6.3 Armory
        self.finish_top(seat)

    def start_produce(self, seat: int) -> None:
        """§5.4: pay the exposed costs, the Mill produces at once, then choose 2/3 territories."""
        power, pop, coins = D.produce_cost(self.workers_on_board(seat))
        self.power[seat] -= power
        self.pop[seat] -= pop
        self.coins[seat] -= coins
        self.produced = []
        mill = self.mill_space(seat)
        if mill >= 0:
            self.produce_here(seat, mill, self.workers_at(seat, mill) + 1)
        self.phase = PRODUCING
        if not self.produce_targets(seat):
            self.finish_top(seat)

    def produce_on(self, seat: int, h: int) -> None:
        self.produced.append(h)
        self.produce_here(seat, h, self.workers_at(seat, h))
        if not self.produce_targets(seat):
            self.finish_top(seat)

    def produce_here(self, seat: int, h: int, count: int) -> None:
        """Each worker (and the Mill) produces one of the terrain's product; villages produce workers from the mat."""
        r = PRODUCT[h]
        if r >= 0:
            self.res[h * _R + r] += count
        elif IS_VILLAGE[h]:
            units = self.pos[seat]
            for slot in range(WORKER0, UNIT_SLOTS):
                if count <= 0:
                    break
                if units[slot] < 0:
                    units[slot] = h
                    count -= 1
            self._board = None

    def done(self, seat: int) -> None:
        if self.phase == MOVING:
            self.end_move(seat)
        elif self.phase == TRADING:
            self.finish_trade(seat)
        else:
            self.finish_top(seat)

    # -- the Move action, unit by unit (§5.1, §7) ------------------------------------------------------------------------------

    def settle_move(self, seat: int) -> None:
        """The Move action ends by itself once no unit may still start moving."""
        if not self.legal_picks(seat):
            self.end_move(seat)

    def pick(self, seat: int, kind: int, h: int) -> None:
        units = self.pos[seat]
        if kind == A.PICK_CHAR:
            slot = CHAR
        else:
            lo, hi = (MECH0, WORKER0) if kind == A.PICK_MECH else (WORKER0, UNIT_SLOTS)
            slot = next(s for s in range(lo, hi) if units[s] == h and not self.moved >> s & 1)
        self.active = slot
        self.moved |= 1 << slot
        self.moves_left -= 1
        self.origin[slot] = units[slot]
        speed = 1 if slot < WORKER0 and self.abil[seat] >> D.SPEED & 1 else 0
        self.steps = (2 if self.bottom_move else 1) + speed
        self.stepped = False
        self.here = 0
        self.cargo = [0, 0, 0, 0]
        self.cargo_workers = []
        self.phase = UNIT

    def load(self, seat: int, r: int) -> None:
        h = self.pos[seat][self.active]
        self.res[h * _R + r] -= 1
        self.cargo[r] += 1
        self.here = 1

    def load_worker(self, seat: int) -> None:
        """§7.2: a mech carries workers from its starting territory; a carried worker has moved."""
        h = self.pos[seat][self.active]
        slot = self.free_worker_at(seat, h)
        self.moved |= 1 << slot
        self.origin[slot] = h
        self.cargo_workers.append(slot)
        self.here = 1

    def unload(self, seat: int, r: int) -> None:
        h = self.pos[seat][self.active]
        self.cargo[r] -= 1
        self.res[h * _R + r] += 1
        self.here = 2

    def unload_worker(self, seat: int) -> None:
        self.cargo_workers.pop()
        self.here = 2

    def step(self, seat: int, n: int) -> None:
        """§7: one step; entering opponents' units (or an encounter, for the character) ends the unit's move."""
        units = self.pos[seat]
        slot = self.active
        units[slot] = n
        for w in self.cargo_workers:
            units[w] = n
        self._board = None
        self.steps -= 1
        self.stepped = True
        self.here = 0
        stop = self.steps <= 0
        if slot < WORKER0:
            occ = self.board()[1]
            others = occ[n] & ~(3 << 2 * seat)
            if others & 0xAAAAAAAA:
                if n not in self.pending_combats:
                    self.pending_combats.append(n)
                stop = True
            elif others:
                self.displace_workers(seat, n)
                stop = True
            if slot == CHAR and n in self.tokens:
                stop = True  # the encounter is resolved after the combats (§9)
        if stop:
            self.end_unit(seat)

    def displace_workers(self, seat: int, h: int) -> None:
        """§7.3: lone opponent workers retreat to their home base; the mover loses 1 popularity per worker."""
        lost = 0
        automa_driven_off = False
        for q in range(self.n_sides):
            if q == seat:
                continue
            units = self.pos[q]
            for slot in range(WORKER0, UNIT_SLOTS):
                if units[slot] == h:
                    units[slot] = HOME[self.faction[q]]
                    lost += 1
                    automa_driven_off = automa_driven_off or (self.automa is not None and q == AUTOMA)
        if automa_driven_off and self.opts["automa_resources_on_displace"]:
            # automa §7 step 9 ⚠ O10: the hex is conquered once, however many workers left it.
            self.conquest_resources(h)
        self._board = None
        self.sent_back = True
        self.gain_popularity(seat, -lost)

    def end_unit(self, seat: int) -> None:
        """The unit's move ends: what it carries is left on its space."""
        h = self.pos[seat][self.active]
        base = h * _R
        for r in range(_R):
            if self.cargo[r]:
                self.res[base + r] += self.cargo[r]
        self.cargo = [0, 0, 0, 0]
        self.cargo_workers = []
        self.active = -1
        self.phase = MOVING
        self.settle_move(seat)

    def end_move(self, seat: int) -> None:
        self.after = 0
        self.resume_after(seat)

    def resume_after(self, seat: int) -> None:
        """§8–§10: combats in the attacker's order, then the encounter, then the Factory card; then the bottom action."""
        if self.automa is not None and self.automa.place_left:
            self.phase = PLACE
            return
        if self.after == 0:
            if self.next_combat(seat):
                return
            self.after = 1
            if self.pos[seat][CHAR] in self.tokens:
                self.start_encounter(seat)
                return
        if self.after == 1:
            self.after = 2
            if self.offer_factory(seat):
                return
        self.after = 3
        self.check_stars(seat)
        if self.phase == OVER:
            return
        if self.bottom_move:
            self.end_turn(seat)
        else:
            self.phase = BOTTOM

    # -- the bottom action (§6) ---------------------------------------------------------------------------------------------------

    def take_bottom(self, seat: int, action: A.ScytheAction) -> None:
        """§6: choose the benefit, pay the cost (choosing which territories pay where it matters), then resolve."""
        b = self.section
        self.pending = action.id
        self.pay_res = b
        self.to_pay = self.bottom_cost(seat, b)
        self.phase = PAYING
        self.settle_payment(seat)

    def settle_payment(self, seat: int) -> None:
        """Pay automatically wherever the player has no real choice (or under ``payment="auto"``)."""
        r = self.pay_res
        auto = self.opts["payment"] == "auto"
        while self.to_pay > 0:
            options = self.payment_options(seat)
            spaces = [a.a for a in options if a.kind == A.PAY]
            cards = [a for a in options if a.kind == A.PAY_CARD]
            tokens = sum(self.res[h * _R + r] for h in spaces)
            if auto:
                if tokens >= self.to_pay or not cards:
                    h = max(spaces, key=lambda x: self.res[x * _R + r])
                    self.pay_from(seat, h, settle=False)
                else:
                    self.pay_card(seat, cards[0].a, settle=False)
            elif tokens + (1 if cards else 0) == self.to_pay and len(cards) <= 1:
                # everything the player can pay with must be paid: no choice to make
                if spaces:
                    self.pay_from(seat, spaces[0], settle=False)
                else:
                    self.pay_card(seat, cards[0].a, settle=False)
            elif not cards and len(spaces) == 1:
                self.pay_from(seat, spaces[0], settle=False)
            else:
                return
        self.finish_bottom(seat)

    def pay_from(self, seat: int, h: int, settle: bool = True) -> None:
        self.res[h * _R + self.pay_res] -= 1
        self.to_pay -= 1
        if settle:
            self.settle_payment(seat)

    def pay_card(self, seat: int, value: int, settle: bool = True) -> None:
        """§3 Crimea Coercion: once per turn a combat card stands in for one resource."""
        i = D.CARD_VALUES.index(value)
        self.hand[seat][i] -= 1
        self.discard[i] += 1
        self.coercion_used = True
        self.to_pay -= 1
        if settle:
            self.settle_payment(seat)

    def finish_bottom(self, seat: int) -> None:
        """§6: the benefit, the coins, then the recruits' ongoing bonuses; stars in that order of seats."""
        b = self.section
        had_recruit = self.recruits[seat] >> b & 1
        action = _ACT[self.pending]
        kind = action.kind
        if kind == A.UPGRADE:
            self.upgrade(seat, action.a, action.b)
        elif kind == A.DEPLOY:
            self.deploy(seat, action.a, action.b)
        elif kind == A.BUILD:
            self.build(seat, action.a, action.b)
        elif kind == A.ENLIST:
            self.enlist(seat, action.a, action.b)
        self.coins[seat] += D.MAT_COINS_REWARD[self.mat[seat]][b]
        receivers = ([seat] if had_recruit else []) + [q for q in self.neighbours_of(seat) if self.recruits[q] >> b & 1]
        for q in receivers:
            self.recruit_bonus(q, b)
        for q in [seat, *self.neighbours_of(seat)]:
            self.check_stars(q)
        self.pending = -1
        if self.phase != OVER:
            self.end_turn(seat)

    def place_conquest(self, seat: int, r: int) -> None:
        """automa §7 step 9 O9 ``choose``: one resource of the human's choice on the conquered hex."""
        a = self.automa
        self.res[a.place_at * _R + r] += 1
        a.place_left -= 1
        if not a.place_left:
            a.place_at = -1
            self.resume_after(seat)

    def upgrade(self, seat: int, slot: int, b: int) -> None:
        """§6.1: a cube from a top-row slot onto a bottom action's cost space."""
        self.top_cubes[seat] &= ~(1 << slot)
        self.bottom_cubes[seat][b] += 1

    def deploy(self, seat: int, m: int, h: int) -> None:
        """§6.2: the mech covering ability ``m`` onto a worker's territory; the ability is unlocked."""
        units = self.pos[seat]
        slot = next(s for s in range(MECH0, WORKER0) if units[s] < 0)
        units[slot] = h
        self.abil[seat] |= 1 << m
        self._board = None

    def build(self, seat: int, s: int, h: int) -> None:
        """§6.3: a structure onto a worker's territory, one per territory."""
        self.struct_hex[seat][s] = h
        self.struct_at[h] = seat * 4 + s
        self._board = None

    def enlist(self, seat: int, b: int, k: int) -> None:
        """§6.4: a recruit from section ``b``'s bottom row onto one-time bonus ``k``, gained at once."""
        self.recruits[seat] |= 1 << b
        self.bonuses[seat] |= 1 << k
        if k == 0:
            self.gain_power(seat, 2)
        elif k == 1:
            self.coins[seat] += 2
        elif k == 2:
            self.gain_popularity(seat, 2)
        else:
            self.draw_card(seat)
            self.draw_card(seat)

    def recruit_bonus(self, seat: int, b: int) -> None:
        """§6.5: Upgrade → 1 power, Deploy → 1 coin, Build → 1 popularity, Enlist → 1 combat card."""
        if b == D.UPGRADE:
            self.gain_power(seat, 1)
        elif b == D.DEPLOY:
            self.coins[seat] += 1
        elif b == D.BUILD:
            self.gain_popularity(seat, 1)
        else:
            self.draw_card(seat)

    def end_turn(self, seat: int) -> None:
        """§11: before the turn passes, the player may still reveal an objective met now."""
        if self.revealable(seat):
            self.phase = END
        else:
            self.finish_turn(seat)

    def finish_turn(self, seat: int) -> None:
        self.last_section[seat] = self.section
        self.turns += 1
        self.ti = (self.ti + 1) % self.num_players
        self.phase = SECTION
        self.reset_turn()
        if self.automa is not None:
            self.automa_turn()  # automa §4: its turn follows the human's, inside the same apply

    # -- §13 Final scoring --------------------------------------------------------------------------------------------------------

    def territories(self, seat: int) -> int:
        """Territories controlled (lakes count, the Factory counts as 3, home bases never)."""
        ctrl = self.board()[0]
        n = sum(1 for h in range(NUM_SPACES) if ctrl[h] == seat)
        return n + 2 if ctrl[FACTORY] == seat else n

    def resources_controlled(self, seat: int) -> int:
        ctrl = self.board()[0]
        res = self.res
        return sum(res[h * _R + r] for h in range(NUM_SPACES) if ctrl[h] == seat for r in range(_R))

    def structure_bonus(self, seat: int) -> int:
        from .scoring import structure_bonus

        return structure_bonus(D.BONUS_TILES[self.bonus_tile], [h for h in self.struct_hex[seat] if h >= 0])

    def score(self, seat: int) -> int:
        from .scoring import breakdown

        return sum(breakdown(self, seat).values())  # §13 category by category (scoring.py)

    def tie_keys(self, seat: int) -> tuple[int, ...]:
        """§13 tie-breakers: units and structures on the board, power, popularity, resources, territories, stars."""
        on_board = self.workers_on_board(seat) + self.mechs_deployed(seat) + sum(1 for h in self.struct_hex[seat] if h >= 0) + 1
        return (on_board, self.power[seat], self.pop[seat], self.resources_controlled(seat), self.territories(seat), sum(self.stars[seat]))

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        n = self.num_players
        if self.automa is not None:
            return self.solo_result()
        from .scoring import breakdown, deciding_tiebreak

        scores = [self.score(p) for p in range(n)]
        keys = [(scores[p], *self.tie_keys(p)) for p in range(n)]
        return Result.from_keys(
            scores,
            keys,
            breakdown=[breakdown(self, p) for p in range(n)],
            tiebreak=deciding_tiebreak(keys),
            ended_by=self.ended_by,
            turns=self.turns,
            stars=[sum(s) for s in self.stars],
            factions=[D.FACTIONS[f] for f in self.faction],
            mats=[D.MATS[m] for m in self.mat],
        )

    def solo_result(self) -> Result:
        """automa §10: the human's rank against the Automa (1 won or tied after the tie-breakers, 2 lost)."""
        from .scoring import breakdown, deciding_tiebreak

        human = (self.score(0), *self.tie_keys(0))
        automa = (self.score(AUTOMA), *self.tie_keys(AUTOMA))
        return Result(
            (human[0],),
            (1 if human >= automa else 2,),
            {
                "breakdown": [breakdown(self, 0)],
                "automa_breakdown": breakdown(self, AUTOMA),
                "tiebreak": deciding_tiebreak([human, automa]),
                "ended_by": "automa" if self.ended_by == AUTOMA else self.ended_by,
                "turns": self.turns,
                "stars": [sum(s) for s in self.stars[:1]],
                "factions": [D.FACTIONS[self.faction[0]]],
                "mats": [D.MATS[m] for m in self.mat],
                "automa_score": automa[0],
                "automa_stars": sum(self.stars[AUTOMA]),
                "automa_faction": D.FACTIONS[self.faction[AUTOMA]],
                "automa_level": self.automa.level,
                "coin_difference": human[0] - automa[0],
                "tied": human == automa,
            },
        )

    # -- copying ------------------------------------------------------------------------------------------------------------------

    def clone(self) -> ScytheState:
        s = ScytheState.__new__(ScytheState)
        self.copy_base_into(s)
        s.faction = self.faction
        s.mat = self.mat
        s.order = self.order
        s.pos = [u.copy() for u in self.pos]
        s.abil = self.abil.copy()
        s.res = self.res.copy()
        s.struct_at = self.struct_at.copy()
        s.struct_hex = [x.copy() for x in self.struct_hex]
        s.power = self.power.copy()
        s.pop = self.pop.copy()
        s.coins = self.coins.copy()
        s.hand = [x.copy() for x in self.hand]
        s.deck = self.deck.copy()
        s.discard = self.discard.copy()
        s.top_cubes = self.top_cubes.copy()
        s.bottom_cubes = [x.copy() for x in self.bottom_cubes]
        s.recruits = self.recruits.copy()
        s.bonuses = self.bonuses.copy()
        s.stars = [x.copy() for x in self.stars]
        s.last_section = self.last_section.copy()
        s.objectives = [x.copy() for x in self.objectives]
        s.objective_deck = self.objective_deck.copy()
        s.factory = self.factory.copy()
        s.factory_rest = self.factory_rest.copy()
        s.factory_card = self.factory_card.copy()
        s.encounter_deck = self.encounter_deck.copy()
        s.tokens = self.tokens.copy()
        s.bonus_tile = self.bonus_tile
        s.ti = self.ti
        s.phase = self.phase
        s.turns = self.turns
        s.ended_by = self.ended_by
        s.section = self.section
        s.moves_left = self.moves_left
        s.moved = self.moved
        s.active = self.active
        s.steps = self.steps
        s.stepped = self.stepped
        s.here = self.here
        s.cargo = self.cargo.copy()
        s.cargo_workers = self.cargo_workers.copy()
        s.trade_left = self.trade_left
        s.produced = self.produced.copy()
        s.pending = self.pending
        s.pay_res = self.pay_res
        s.to_pay = self.to_pay
        s.coercion_used = self.coercion_used
        s.pending_combats = self.pending_combats.copy()
        s.decider = self.decider
        s.combat_at = self.combat_at
        s.defender = self.defender
        s.cstage = self.cstage
        s.dial = self.dial.copy()
        s.played = [x.copy() for x in self.played]
        s.choice_at = self.choice_at.copy()
        s.last_combat = self.last_combat  # replaced, never mutated
        s.origin = self.origin.copy()
        s.after = self.after
        s.bottom_move = self.bottom_move
        s.sent_back = self.sent_back
        s.encounter_card = self.encounter_card
        s.encounter_used = self.encounter_used.copy()
        s.meander = self.meander
        s.gains = self.gains.copy()
        s.gain_kind = self.gain_kind
        s.gain_left = self.gain_left
        s.gain_ctx = self.gain_ctx
        s.factory_seen = self.factory_seen
        s.objective_done = [x.copy() for x in self.objective_done]
        s.objective_discard = [x.copy() for x in self.objective_discard]
        s._board = self._board  # never mutated in place, only replaced
        s.automa = None if self.automa is None else self.automa.copy()
        return s

    def why_illegal(self, action: Action) -> str:
        seat = self.current_player
        hints = {
            SECTION: "choose a section of your mat ('section 1'..'section 4'), not the one of your last turn",
            TOP: "take the section's top action or 'no top'",
            MOVING: "pick a unit that can move ('pick character', 'pick mech 3,4', 'pick worker 3,4') or 'done'",
            UNIT: "step the moving unit ('to col,row'), load/unload, or 'stop'",
            TRADING: "place a gained resource on a territory with your worker ('put food 3,4') or 'done'",
            PRODUCING: "choose a territory you control with your workers ('produce 3,4') or 'done'",
            BOTTOM: "take the bottom action ('upgrade ...', 'deploy ...', 'build ...', 'enlist ...', 'bottom only') or 'end turn'",
            PAYING: "choose a territory you control to pay from ('pay 3,4')",
            PLACE: "choose each resource placed on the hex conquered from the Automa ('put oil 5,4')",
        }
        return f"seat {seat} is in the {self.phase} step: {hints.get(self.phase, '')}"

    # views, determinization and serialisation live in views.py to keep this file about the rules
    def observation(self, seat: int | None) -> dict[str, Any]:
        from .views import observation

        self.check_seat(seat)
        return observation(self, seat)

    def determinize(self, seat: int | None, seed: int) -> ScytheState:
        from .views import determinize

        self.check_seat(seat)
        return determinize(self, seat, seed)

    def to_dict(self) -> dict[str, Any]:
        from .views import to_dict

        return to_dict(self)

    @classmethod
    def from_dict(cls, game: Any, data: Mapping[str, Any]) -> ScytheState:
        from .views import from_dict

        return from_dict(cls, game, data)


def _named_list(value: Any, names: tuple[str, ...], n: int, what: str) -> list[int]:
    """Option ``factions``/``mats`` as "a,b,c" (or a list): one distinct known name per seat."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise ValueError(f"option {what} must be 'random' or a comma-separated list of {', '.join(names)}")
    items = [str(x).strip().lower() for x in items]
    if len(items) != n:
        raise ValueError(f"option {what} names {len(items)} entries for {n} players")
    for x in items:
        if x not in names:
            raise ValueError(f"option {what}: {x!r} is not one of {', '.join(names)}")
    if len(set(items)) != n:
        raise ValueError(f"option {what} names the same entry twice")
    return [names.index(x) for x in items]
