"""What a seat may see (observation), a state it cannot tell apart (determinize), and the full state as JSON.

Hidden (§1, §2): opponents' combat-card values (hand sizes are public), the decks, opponents' objectives,
the face-down Factory cards and opponents' coin totals. Every coin change is a public event, so ``determinize``
keeps coin totals (any other value would contradict the public record); it resamples hands, objectives and decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.serial import field, int_in, int_list, read_base

from . import actions as A
from . import data as D
from .cards import GAIN_TYPES
from .data import CHAR, MECH0, NUM_SPACES, SPACE_NAMES, UNIT_SLOTS, WORKER0

if TYPE_CHECKING:
    from .state import ScytheState

_R = len(D.RESOURCES)


def _space(h: int) -> str | None:
    return None if h < 0 else SPACE_NAMES[h]


def observation(s: ScytheState, seat: int | None) -> dict[str, Any]:
    from .state import FIGHT, GAIN, PAYING, UNIT

    n = s.num_players
    players = []
    for p in range(n):
        units = s.pos[p]
        mine = p == seat
        players.append(
            {
                "faction": D.FACTIONS[s.faction[p]],
                "mat": D.MATS[s.mat[p]],
                "power": s.power[p],
                "popularity": s.pop[p],
                "coins": s.coins[p] if mine else None,
                "stars": {k: s.stars[p][i] for i, k in enumerate(D.STAR_KINDS)},
                "star_count": sum(s.stars[p]),
                "hand_size": held(s, p),
                "combat_cards": [v for i, v in enumerate(D.CARD_VALUES) for _ in range(s.hand[p][i])] if mine else None,
                "objectives": list(s.objectives[p]) if mine else None,
                "objective_count": len(s.objectives[p]),
                "objectives_revealed": list(s.objective_done[p]),
                "objectives_discarded": list(s.objective_discard[p]) if mine else len(s.objective_discard[p]),
                "character": _space(units[CHAR]),
                "mechs": [SPACE_NAMES[h] for h in units[MECH0:WORKER0] if h >= 0],
                "workers": sorted(SPACE_NAMES[h] for h in units[WORKER0:] if h >= 0),
                "workers_on_mat": sum(1 for h in units[WORKER0:] if h < 0),
                "mech_abilities": [D.MECH_ABILITIES[s.faction[p]][m] for m in range(4) if s.abil[p] >> m & 1],
                "structures": {name: _space(s.struct_hex[p][i]) for i, name in enumerate(D.STRUCTURES)},
                "upgraded": [slot for i, slot in enumerate(D.TOP_SLOTS) if not s.top_cubes[p] >> i & 1],
                "bottom_costs": {b: s.bottom_cost(p, i) for i, b in enumerate(D.BOTTOM_ACTIONS)},
                "coins_reward": dict(zip(D.BOTTOM_ACTIONS, D.MAT_COINS_REWARD[s.mat[p]], strict=True)),
                "sections": [D.TOP_ACTIONS[t] + "/" + D.BOTTOM_ACTIONS[b] for b, t in enumerate(D.MAT_TOP[s.mat[p]])],
                "recruits": [b for i, b in enumerate(D.BOTTOM_ACTIONS) if s.recruits[p] >> i & 1],
                "recruit_bonuses": [k for i, k in enumerate(D.RECRUIT_BONUSES) if s.bonuses[p] >> i & 1],
                "last_section": s.last_section[p],
                "factory_card": s.factory_card[p] if s.factory_card[p] >= 0 else None,
                "territories": s.territories(p),
                "resources": s.resources_controlled(p),
            }
        )
    resources = {}
    for h in range(NUM_SPACES):
        row = s.res[h * _R : h * _R + _R]
        if any(row):
            resources[SPACE_NAMES[h]] = {r: k for r, k in zip(D.RESOURCES, row, strict=True) if k}
    structures = {SPACE_NAMES[h]: {"owner": v >> 2, "structure": D.STRUCTURES[v & 3]} for h, v in enumerate(s.struct_at) if v >= 0}
    turn: dict[str, Any] = {"section": s.section if s.section >= 0 else None}
    cur = s.current_player
    if cur is not None and s.section >= 0:
        turn["top_action"] = D.TOP_ACTIONS[s.top_action(cur)] if s.section < 4 else "factory"
        turn["moves_left"] = s.moves_left
        turn["moved_units"] = bin(s.moved).count("1")
        if s.phase == UNIT:
            turn["moving"] = {
                "unit": "character" if s.active == CHAR else "mech" if s.active < WORKER0 else "worker",
                "space": SPACE_NAMES[s.pos[cur][s.active]],
                "steps_left": s.steps,
                "cargo": {r: k for r, k in zip(D.RESOURCES, s.cargo, strict=True) if k},
                "workers": len(s.cargo_workers),
            }
        turn["trade_left"] = s.trade_left
        turn["produced"] = [SPACE_NAMES[h] for h in s.produced]
        if s.phase == PAYING:
            turn["paying"] = {"resource": D.RESOURCES[s.pay_res], "left": s.to_pay, "for": A.ACTIONS[s.pending].text}
    if s.combat_at >= 0 or s.phase == FIGHT:
        turn["combat"] = combat_view(s, seat)
    if s.encounter_card >= 0:
        turn["encounter"] = {"card": s.encounter_card, "options_taken": [o for i, o in enumerate("abc") if s.meander >> i & 1]}
    if s.phase == GAIN:
        turn["gain"] = {
            "kind": GAIN_TYPES[s.gain_kind],
            "left": s.gain_left,
            "then": [[GAIN_TYPES[t], a] for t, a in zip(s.gains[::2], s.gains[1::2], strict=True)],
        }
    return {
        "game": "scythe",
        "seat": seat,
        "current_player": cur,
        "phase": s.phase,
        "turn_order": list(s.order),
        "turns": s.turns,
        "players": players,
        "resources": resources,
        "structures": structures,
        "encounter_tokens": sorted(SPACE_NAMES[h] for h in s.tokens),
        "structure_bonus": D.BONUS_TILES[s.bonus_tile],
        "factory_cards": len(s.factory),
        # a seat that has looked at the Factory knows what is left there (the kept cards are public)
        "factory_cards_seen": sorted(s.factory) if seat is not None and s.factory_seen >> seat & 1 else None,
        "pending_combats": sorted(SPACE_NAMES[h] for h in s.pending_combats),
        **({"automa": s.automa_view()} if s.automa is not None else {}),
        "last_combat": last_combat_view(s),
        "encounter_cards_used": list(s.encounter_used),
        "combat_deck": sum(s.deck),
        "combat_discard": {str(v): s.discard[i] for i, v in enumerate(D.CARD_VALUES)},
        "objective_deck": len(s.objective_deck),
        "encounter_deck": len(s.encounter_deck),
        "turn": turn,
        "ended_by": s.ended_by if 0 <= s.ended_by < s.num_players else "automa" if s.ended_by >= 0 else None,
    }


def held(s: ScytheState, p: int) -> int:
    """Cards in hand as others count them: cards tucked behind a dial still count until the reveal."""
    n = sum(s.hand[p])
    if s.combat_at >= 0:
        sides = s.sides()
        for role in range(2):
            if sides[role] == p:
                n += sum(s.played[role])
    return n


def combat_view(s: ScytheState, seat: int | None) -> dict[str, Any]:
    """The combat in progress: a seat sees its own dial and cards, and of the other side only whether it has chosen."""
    if s.combat_at < 0:
        return {"choose_order": True}
    sides = s.sides()
    out: dict[str, Any] = {"space": SPACE_NAMES[s.combat_at], "attacker": sides[0], "defender": sides[1]}
    for role, name in enumerate(("attacker", "defender")):
        chosen = s.cstage > 2 + role
        mine = sides[role] == seat
        out[name + "_chosen"] = chosen
        out[name + "_dial"] = s.dial[role] if mine and s.dial[role] >= 0 else None
        out[name + "_cards"] = [v for i, v in enumerate(D.CARD_VALUES) for _ in range(s.played[role][i])] if mine else None
    return out


def last_combat_view(s: ScytheState) -> dict[str, Any] | None:
    if not s.last_combat:
        return None
    h, a, d, ad, ac, dd, dc, w = s.last_combat
    return {
        "space": SPACE_NAMES[h],
        "attacker": a,
        "defender": d,
        "attacker_dial": ad,
        "attacker_cards": ac,
        "defender_dial": dd,
        "defender_cards": dc,
        "winner": w,
    }


def determinize(s: ScytheState, seat: int | None, seed: int) -> ScytheState:
    """Resample what ``seat`` cannot see: opponents' combat cards, objectives, the decks and the Factory cards."""
    t = s.clone()
    t.rng = s.reseeded(seed)
    rng = t.rng
    others = [p for p in range(t.n_sides) if p != seat]  # solo: the Automa's face-down combat cards too
    # an unrevealed combat choice of another seat: its cards go back to the pool, its dial and cards are redrawn
    hidden_roles = []
    if t.combat_at >= 0 and t.cstage in (2, 3):
        sides = t.sides()
        for role in range(t.cstage - 1):
            if sides[role] != seat and sides[role] < t.num_players:  # the Automa chooses only at the reveal
                hidden_roles.append(role)
                for i in range(4):
                    t.hand[sides[role]][i] += t.played[role][i]
                t.played[role] = [0, 0, 0, 0]
    pool = list(t.deck)
    for p in others:
        for i in range(4):
            pool[i] += t.hand[p][i]
    cards = [i for i in range(4) for _ in range(pool[i])]
    rng.shuffle(cards)
    for p in others:
        size = sum(t.hand[p])
        t.hand[p] = [0, 0, 0, 0]
        for i in cards[:size]:
            t.hand[p][i] += 1
        cards = cards[size:]
    t.deck = [cards.count(i) for i in range(4)]
    for role in reversed(hidden_roles):  # the defender's entries come last in the history: rewrite them first
        redraw_choice(t, role, rng)
    objectives = list(t.objective_deck)
    for p in others:
        objectives += t.objectives[p] + t.objective_discard[p]
    rng.shuffle(objectives)
    for p in others:
        k = len(t.objectives[p])
        t.objectives[p], objectives = objectives[:k], objectives[k:]
        k = len(t.objective_discard[p])
        t.objective_discard[p], objectives = objectives[:k], objectives[k:]
    t.objective_deck = sorted(objectives)
    if seat is None or not t.factory_seen >> seat & 1:
        automa = [t.factory_card[1]] if t.automa is not None and t.factory_card[1] >= 0 else []  # taken unseen
        factory = t.factory + automa + t.factory_rest
        rng.shuffle(factory)
        k = len(t.factory)
        t.factory = factory[:k]
        if automa:
            t.factory_card[1] = factory[k]
            k += 1
        t.factory_rest = sorted(factory[k:])
    rewrite_deals(t, others)
    t._legal = None
    return t


def rewrite_deals(t: ScytheState, others: list[int]) -> None:
    """Make the history's objective and Factory deals the resampled ones (revealed and kept cards stay as dealt)."""
    entries = [i for i, e in enumerate(t.history) if isinstance(e, dict) and e.get("chance") in ("objective", "factory")]
    objective = [i for i in entries if t.history[i]["chance"] == "objective"]
    factory = [i for i in entries if t.history[i]["chance"] == "factory"]
    for p in others:  # setup deals 2 objectives to each seat in seat order
        hidden = iter(t.objectives[p] + t.objective_discard[p])
        for i in objective[2 * p : 2 * p + 2]:
            if t.history[i]["value"] not in t.objective_done[p]:
                t.history[i] = {"chance": "objective", "value": next(hidden)}
    kept = set(t.factory_card[: t.num_players])
    automa = [t.factory_card[1]] if t.automa is not None and t.factory_card[1] >= 0 else []
    face_down = iter(t.factory + automa)
    for i in factory:
        if t.history[i]["value"] not in kept:
            t.history[i] = {"chance": "factory", "value": next(face_down)}
    for i, e in enumerate(t.history):
        if isinstance(e, dict) and e.get("chance") == "automa_factory":
            t.history[i] = {"chance": "automa_factory", "value": automa[0]}


def redraw_choice(t: ScytheState, role: int, rng: Any) -> None:
    """A dial and tucked cards for a seat whose choice the determinizing seat has not seen (its phase kept)."""
    p = t.sides()[role]
    deciding = t.cstage == 2 + role
    if deciding and t.phase == "dial":
        return  # nothing chosen yet
    t.dial[role] = rng.below(t.max_dial(p) + 1)
    cap = t.card_cap(p)
    k = 0 if deciding else rng.below(min(cap, sum(t.hand[p])) + 1)  # a seat still choosing has tucked nothing
    cards = sorted((i for i in range(4) for _ in range(t.hand[p][i])), key=lambda _: rng.below(1 << 30))[: max(k, 0)]
    for i in cards:
        t.hand[p][i] -= 1
        t.played[role][i] += 1
    rewrite_choice(t, role)


def rewrite_choice(t: ScytheState, role: int) -> None:
    """Make the history's entries of a redrawn choice the ones that choice would have produced."""
    p = t.sides()[role]
    start = t.choice_at[role]
    end = t.choice_at[1] if role == 0 and t.cstage == 3 else len(t.history)
    entries: list[Any] = [f"dial {t.dial[role]}"] if t.max_dial(p) > 0 else []
    if t.cstage > 2 + role and t.may_tuck_before(role):
        entries.append(f"cards {A.card_set_text(tuple(t.played[role]))}")
    t.history[start:end] = entries
    if role == 0 and t.cstage == 3:
        t.choice_at[1] += len(entries) - (end - start)


_SCALARS = (
    "bonus_tile",
    "ti",
    "turns",
    "ended_by",
    "section",
    "moves_left",
    "moved",
    "active",
    "steps",
    "trade_left",
    "pending",
    "pay_res",
    "to_pay",
    "decider",
    "combat_at",
    "defender",
    "cstage",
    "after",
    "encounter_card",
    "meander",
    "gain_kind",
    "gain_left",
    "gain_ctx",
    "factory_seen",
)
_BOOLS = ("stepped", "coercion_used", "bottom_move", "sent_back")
_LISTS = (
    "faction", "mat", "order", "abil", "res", "struct_at", "power", "pop", "coins", "deck", "discard", "top_cubes", "recruits",
    "bonuses", "last_section", "objective_deck", "factory", "factory_rest", "factory_card", "encounter_deck", "tokens", "cargo",
    "cargo_workers", "produced", "pending_combats", "dial", "choice_at", "last_combat", "origin", "encounter_used", "gains",
)  # fmt: skip
_NESTED = ("pos", "struct_hex", "hand", "bottom_cubes", "stars", "objectives", "played", "objective_done", "objective_discard")


def to_dict(s: ScytheState) -> dict[str, Any]:
    d = s.base_dict()
    for k in _SCALARS:
        d[k] = getattr(s, k)
    for k in _BOOLS:
        d[k] = getattr(s, k)
    for k in _LISTS:
        d[k] = list(getattr(s, k))
    for k in _NESTED:
        d[k] = [list(x) for x in getattr(s, k)]
    d["phase"] = s.phase
    d["here"] = s.here
    if s.automa is not None:
        d["automa"] = s.automa.to_dict()
    return d


def from_dict(cls: type[ScytheState], game: Any, data: Mapping[str, Any]) -> ScytheState:
    from .state import PHASES

    s = cls.__new__(cls)
    read_base(s, game, data)
    n = s.num_players
    big = 10**6
    m = n  # seats with a mat and a turn
    if n == 1:
        from .automa import AutomaSide

        s.automa = AutomaSide.from_dict(data.get("automa"))
        n = 2  # the per-side lists hold the Automa too
    else:
        s.automa = None
    s.faction = int_list(data, "faction", n, 0, 4)
    s.mat = int_list(data, "mat", m, 0, 4)
    s.order = int_list(data, "order", m, 0, m - 1)
    s.abil = int_list(data, "abil", n, 0, 15)
    s.res = int_list(data, "res", NUM_SPACES * _R, 0, big)
    s.struct_at = int_list(data, "struct_at", NUM_SPACES, -1, 4 * n - 1)
    s.power = int_list(data, "power", n, 0, D.MAX_POWER)
    s.pop = int_list(data, "pop", n, 0, D.MAX_POPULARITY)
    s.coins = int_list(data, "coins", n, 0, big)
    s.deck = int_list(data, "deck", 4, 0, D.TOTAL_CARDS)
    s.discard = int_list(data, "discard", 4, 0, D.TOTAL_CARDS)
    s.top_cubes = int_list(data, "top_cubes", n, 0, D.ALL_SLOTS)
    s.recruits = int_list(data, "recruits", n, 0, 15)
    s.bonuses = int_list(data, "bonuses", n, 0, 15)
    s.last_section = int_list(data, "last_section", n, -1, 4)
    s.objective_deck = int_list(data, "objective_deck", None, 1, max(D.OBJECTIVES))
    s.factory = int_list(data, "factory", None, 1, max(D.FACTORY_CARDS))
    s.factory_rest = int_list(data, "factory_rest", None, 1, max(D.FACTORY_CARDS))
    s.factory_card = int_list(data, "factory_card", n, -1, max(D.FACTORY_CARDS))
    s.encounter_deck = int_list(data, "encounter_deck", None, 1, max(D.ENCOUNTER_CARDS))
    s.tokens = int_list(data, "tokens", None, 0, NUM_SPACES - 1)
    s.cargo = int_list(data, "cargo", 4, 0, big)
    s.cargo_workers = int_list(data, "cargo_workers", None, WORKER0, UNIT_SLOTS - 1)
    s.produced = int_list(data, "produced", None, 0, NUM_SPACES - 1)
    s.pending_combats = int_list(data, "pending_combats", None, 0, NUM_SPACES - 1)
    s.dial = int_list(data, "dial", 2, -1, D.MAX_DIAL)
    s.choice_at = int_list(data, "choice_at", 2, -1, len(s.history))
    s.last_combat = int_list(data, "last_combat", None, -1, big)
    if len(s.last_combat) not in (0, 8):
        raise ValueError("state['last_combat'] must be empty or hold 8 numbers")
    s.origin = int_list(data, "origin", UNIT_SLOTS, -1, NUM_SPACES - 1)
    s.encounter_used = int_list(data, "encounter_used", None, 1, max(D.ENCOUNTER_CARDS))
    s.gains = int_list(data, "gains", None, 0, big)
    if len(s.gains) % 2:
        raise ValueError("state['gains'] must hold (gain, amount) pairs")
    s.played = _nested(data, "played", 2, 4, 0, D.TOTAL_CARDS)
    s.objective_done = _nested(data, "objective_done", n, None, 1, max(D.OBJECTIVES))
    if n > m:  # the Automa's stars have a tracker entry
        stars = field(data, "stars", list)
        s.stars = _nested({"stars": stars[:m]}, "stars", m, len(D.STAR_KINDS), 0, D.MAX_STARS)
        s.stars += _nested({"stars": stars[m:]}, "stars", 1, len(D.STAR_KINDS) + 1, 0, D.MAX_STARS)
    else:
        s.stars = _nested(data, "stars", n, len(D.STAR_KINDS), 0, D.MAX_STARS)
    s.objective_discard = _nested(data, "objective_discard", n, None, 1, max(D.OBJECTIVES))
    s.decider = int_in(data, "decider", -1, m - 1)
    s.combat_at = int_in(data, "combat_at", -1, NUM_SPACES - 1)
    s.defender = int_in(data, "defender", -1, n - 1)
    s.cstage = int_in(data, "cstage", -1, 4)
    s.after = int_in(data, "after", 0, 3)
    s.encounter_card = int_in(data, "encounter_card", -1, max(D.ENCOUNTER_CARDS))
    s.meander = int_in(data, "meander", 0, 7)
    s.gain_kind = int_in(data, "gain_kind", -1, len(GAIN_TYPES) - 1)
    s.gain_left = int_in(data, "gain_left", 0, 10)
    s.gain_ctx = int_in(data, "gain_ctx", 0, 1)
    s.factory_seen = int_in(data, "factory_seen", 0, (1 << n) - 1)
    s.bottom_move = field(data, "bottom_move", bool)
    s.sent_back = field(data, "sent_back", bool)
    s.pos = _nested(data, "pos", n, UNIT_SLOTS, -1, NUM_SPACES - 1)
    s.struct_hex = _nested(data, "struct_hex", n, 4, -1, NUM_SPACES - 1)
    s.hand = _nested(data, "hand", n, 4, 0, D.TOTAL_CARDS)
    s.bottom_cubes = _nested(data, "bottom_cubes", n, 4, 0, 3)
    s.objectives = _nested(data, "objectives", n, None, 1, max(D.OBJECTIVES))
    s.bonus_tile = int_in(data, "bonus_tile", 0, len(D.BONUS_TILES) - 1)
    s.ti = int_in(data, "ti", 0, m - 1)
    s.turns = int_in(data, "turns", 0, big)
    s.ended_by = int_in(data, "ended_by", -1, n - 1)
    s.section = int_in(data, "section", -1, 4)
    s.moves_left = int_in(data, "moves_left", 0, 3)
    s.moved = int_in(data, "moved", 0, (1 << UNIT_SLOTS) - 1)
    s.active = int_in(data, "active", -1, UNIT_SLOTS - 1)
    s.steps = int_in(data, "steps", 0, 3)
    s.trade_left = int_in(data, "trade_left", 0, 2)
    s.pending = int_in(data, "pending", -1, A.NUM_ACTIONS - 1)
    s.pay_res = int_in(data, "pay_res", -1, 3)
    s.to_pay = int_in(data, "to_pay", 0, 10)
    s.here = int_in(data, "here", 0, 2)
    s.stepped = field(data, "stepped", bool)
    s.coercion_used = field(data, "coercion_used", bool)
    s.phase = field(data, "phase", str)
    if s.phase not in PHASES:
        raise ValueError(f"state['phase'] = {s.phase!r} is not a Scythe phase")
    s._board = None
    check_consistency(s)
    return s


def check_consistency(s: ScytheState) -> None:
    """ValueError unless units, structures, cards and decks are conserved and every value is in range."""
    from .state import OVER, PAYING, UNIT

    n = s.num_players
    active_homes = {D.HOME[f] for f in s.faction}
    if s.automa is not None:
        check_automa(s)
    if len(set(s.faction)) != s.n_sides or len(set(s.mat)) != n or sorted(s.order) != list(range(n)):
        raise ValueError("factions, mats and turn order must each name every seat once")
    for p in range(n):
        units = s.pos[p]
        f = s.faction[p]
        if units[CHAR] < 0:
            raise ValueError(f"seat {p}'s character is not on the board")
        mechs = [h for h in units[MECH0:WORKER0] if h >= 0]
        if len(mechs) != bin(s.abil[p]).count("1"):
            raise ValueError(f"seat {p} has {len(mechs)} mechs on the board but {bin(s.abil[p]).count('1')} abilities unlocked")
        if units[MECH0 : MECH0 + len(mechs)] != mechs:
            raise ValueError(f"seat {p}'s mechs must fill the first mech slots")
        for slot, h in enumerate(units):
            if h < 0:
                continue
            if D.IS_HOME[h] and h != D.HOME[f] and not (f == D.CRIMEA and h not in active_homes):
                raise ValueError(f"seat {p} has a unit on another faction's home base {SPACE_NAMES[h]}")
            carried = s.phase == UNIT and p == s.order[s.ti] and (slot == s.active or slot in s.cargo_workers)
            if slot >= WORKER0 and D.IS_LAKE[h] and not carried:
                raise ValueError(f"seat {p} has a worker left on the lake {SPACE_NAMES[h]}")
        if sum(1 for h in units[WORKER0:] if h >= 0) < 2:
            raise ValueError(f"seat {p} has fewer than its 2 starting workers on the board")
        for i, h in enumerate(s.struct_hex[p]):
            if h >= 0 and s.struct_at[h] != p * 4 + i:
                raise ValueError(f"seat {p}'s {D.STRUCTURES[i]} at {SPACE_NAMES[h]} is not recorded on that space")
        if sum(s.stars[p]) > D.MAX_STARS:
            raise ValueError(f"seat {p} has more than {D.MAX_STARS} stars")
        if bin(s.recruits[p]).count("1") != bin(s.bonuses[p]).count("1"):
            raise ValueError(f"seat {p} enlisted {bin(s.recruits[p]).count('1')} recruits but used {bin(s.bonuses[p]).count('1')} bonuses")
        spaces = D.MAT_CUBE_SPACES[s.mat[p]]
        if any(c > spaces[b] for b, c in enumerate(s.bottom_cubes[p])):
            raise ValueError(f"seat {p} has more cubes on a bottom action than it has spaces")
        if sum(s.bottom_cubes[p]) != 6 - bin(s.top_cubes[p]).count("1"):
            raise ValueError(f"seat {p}'s upgrade cubes are not conserved (6 per mat)")
    for h, v in enumerate(s.struct_at):
        if v >= 0 and (D.IS_HOME[h] or D.IS_LAKE[h] or s.struct_hex[v >> 2][v & 3] != h):
            raise ValueError(f"structure record at {SPACE_NAMES[h]} is inconsistent")
    for h in range(NUM_SPACES):
        if (D.IS_LAKE[h]) and any(s.res[h * _R : h * _R + _R]):
            raise ValueError(f"resources lie on the lake {SPACE_NAMES[h]}")
    for i in range(4):
        total = s.deck[i] + s.discard[i] + sum(h[i] for h in s.hand) + s.played[0][i] + s.played[1][i]
        if total != D.CARD_COUNTS[i]:
            raise ValueError(f"combat cards of value {D.CARD_VALUES[i]} add up to {total}, not {D.CARD_COUNTS[i]}")
    objectives = s.objective_deck + [o for x in (*s.objectives, *s.objective_done, *s.objective_discard) for o in x]
    if len(set(objectives)) != len(objectives) or not set(objectives) <= set(D.OBJECTIVES):
        raise ValueError("an objective card is in two places or unknown")
    factory = s.factory + s.factory_rest + [c for c in s.factory_card if c >= 0]
    if sorted(factory) != sorted(D.FACTORY_CARDS):
        raise ValueError("the Factory cards are not conserved")
    if not set(s.tokens) <= set(D.ENCOUNTER_SPACES) or len(set(s.tokens)) != len(s.tokens):
        raise ValueError("encounter tokens lie on spaces without an encounter symbol")
    encounters = s.encounter_deck + s.encounter_used + ([s.encounter_card] if s.encounter_card >= 0 else [])
    if sorted(encounters) != sorted(D.ENCOUNTER_CARDS):
        raise ValueError("the encounter cards are not conserved")
    automa_tokens = s.automa.tokens if s.automa is not None else 0
    if len(s.encounter_used) + (s.encounter_card >= 0) + automa_tokens != len(D.ENCOUNTER_SPACES) - len(s.tokens):
        raise ValueError("one encounter card is drawn per encounter token taken")
    for p in range(n):
        star_cap = D.MAX_STARS if s.faction[p] == D.SAXONY else None
        if s.stars[p][D.STAR_COMBAT] > (star_cap or D.COMBAT_STAR_CAP) or s.stars[p][D.STAR_OBJECTIVE] > (star_cap or D.OBJECTIVE_STAR_CAP):
            raise ValueError(f"seat {p} has more combat or objective stars than allowed")
        if len(s.objective_done[p]) != s.stars[p][D.STAR_OBJECTIVE]:
            raise ValueError(f"seat {p}'s objective stars do not match its revealed objectives")
        if s.factory_card[p] >= 0 and not s.factory_seen >> p & 1:
            raise ValueError(f"seat {p} holds a Factory card without having looked at the Factory")
    fighting = s.phase in ("artillery", "dial", "cards", "retreat")
    if fighting != (s.combat_at >= 0):
        raise ValueError("a combat is being resolved exactly in the combat phases")
    if (s.phase in ("dial", "cards")) != (s.cstage in (2, 3)) or (s.phase == "retreat") != (s.cstage == 4):
        raise ValueError("the combat stage does not match the phase")
    if s.phase == "dial" and s.dial[s.cstage - 2] >= 0:
        raise ValueError("a seat dialling has already dialled")
    if s.phase == "cards" and s.dial[s.cstage - 2] < 0:
        raise ValueError("a seat choosing cards has not dialled")
    if (any(s.played[0]) and s.cstage != 3) or any(s.played[1]):
        raise ValueError("combat cards are tucked outside a combat choice")
    if s.decider >= 0 and not fighting:
        raise ValueError("another seat decides only during a combat")
    if (s.phase == "encounter") != (s.encounter_card >= 0 and not s.gains and s.gain_kind < 0):
        raise ValueError("an encounter card is out exactly when the phase is 'encounter'")
    if (s.phase == UNIT) != (s.active >= 0):
        raise ValueError("a unit is moving exactly when the phase is 'unit'")
    if (s.phase == PAYING) != (s.to_pay > 0 and s.pending >= 0):
        raise ValueError("a payment is due exactly when the phase is 'pay'")
    if s.phase != OVER and any(sum(x) >= D.MAX_STARS for x in s.stars):
        raise ValueError("a player has 6 stars but the game is not over")


def check_automa(s: ScytheState) -> None:
    """The solo game's Automa side: its units on its base or on hexes, popularity 10, no mat, recruits or structures."""
    from .automa import AUTOMA

    if len(s.faction) != 2 or any(len(x) != 2 for x in (s.pos, s.power, s.pop, s.coins, s.hand, s.stars, s.factory_card)):
        raise ValueError("a solo game holds the human and the Automa in every per-side list")
    home = D.HOME[s.faction[AUTOMA]]
    for h in s.pos[AUTOMA]:
        if h >= 0 and D.IS_HOME[h] and h != home:
            raise ValueError(f"the Automa has a unit on another home base {SPACE_NAMES[h]}")
    if s.pop[AUTOMA] != 10 or s.abil[AUTOMA] or s.recruits[AUTOMA] or any(h >= 0 for h in s.struct_hex[AUTOMA]):
        raise ValueError("the Automa has popularity 10 and no abilities, recruits or structures")
    if s.stars[AUTOMA][D.STAR_COMBAT] > D.COMBAT_STAR_CAP:
        raise ValueError("the Automa has more than 2 combat stars")


def _nested(data: Mapping[str, Any], key: str, n: int, length: int | None, lo: int, hi: int) -> list[list[int]]:
    value = field(data, key, list)
    if len(value) != n:
        raise ValueError(f"state['{key}'] must have one entry per seat ({n}), has {len(value)}")
    out = []
    for p, row in enumerate(value):
        out.append(int_list({"v": row}, "v", length, lo, hi, where=f"state['{key}'][{p}]"))
    return out
