"""Scythe in the terminal, drawn from an observation only (so it can never show hidden information).

The board is the hex grid of map.json drawn as offset rows of cells (even rows shifted half a cell east), so each
cell touches its six neighbours: two above, two beside, two below. Edges are drawn as the board prints them: a
river is ``~`` (only Riverwalk and some faction abilities cross it), a lake's cell is filled with ``≈``. Each cell
holds three lines: its name, terrain and mark (``*`` encounter token, ``T`` tunnel); the units on it (faction
letter, then ``c`` the character, ``mN`` mechs, ``wN`` workers); its resources (o oil, m metal, w wood, f food) and
structure. Home bases carry their faction's name. The cells narrow to fit an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from meeple.core.words import english_words

from .data import (
    COLROW,
    ENCOUNTER_OPTIONS,
    FACTIONS,
    FACTORY_TOP,
    HEXES,
    IS_HOME,
    IS_LAKE,
    IS_TUNNEL,
    MECH_ABILITIES,
    NEIGHBOURS,
    OBJECTIVE_NAMES,
    SPACE_INDEX,
    SPACE_NAMES,
    STRUCTURES,
    TERRAIN,
)

STYLE = {"nordic": "bold blue", "rusviet": "bold red", "polania": "bold white", "crimea": "bold yellow", "saxony": "bold magenta"}
RIVER_STYLE = "bold bright_blue"
LAKE_STYLE = "blue"
TERRAIN_SHORT = {
    "mountain": "mtn", "forest": "for", "farm": "frm", "tundra": "tun", "village": "vil",
    "lake": "lake", "factory": "FAC", "home": "home",
}  # fmt: skip
TERRAIN_LONG = {"factory": "FACTORY", "home": "home"}
RES_LETTER = {"oil": "o", "metal": "m", "wood": "w", "food": "f"}
STRUCT_SHORT = {"mine": "Mi", "monument": "Mo", "armory": "Ar", "mill": "Ml"}
#: The view's words in English. ``render(obs, say)`` asks ``say`` for them instead (the terminal passes the player's
#: catalogue, where the same keys stand in i18n/<lang>.terminal.json; tests/test_terminal.py checks they agree).
#: Space names, terrain codes on the map and notation words stay as they are: they are what a player types.
WORDS = {
    "terminal.view.you": "(you)",
    "terminal.view.scythe.tracks": "power {power} · popularity {popularity} · coins {coins}",
    "terminal.view.scythe.stars": "stars {n}",
    "terminal.view.scythe.combat_cards": "combat cards {n}",
    "terminal.view.scythe.mat": "mat",
    "terminal.view.scythe.mechs": "mechs: {mechs} (✓ deployed)",
    "terminal.view.scythe.structures": "workers on mat {n} · structures: {built}",
    "terminal.view.scythe.recruits": "recruits: {recruits} · upgraded: {upgraded}",
    "terminal.view.scythe.legend_water": " river: only Riverwalk crosses   {lake} lake: only Seaworthy/Submerge enter",
    "terminal.view.scythe.legend_marks": "T tunnel: tunnels link to each other   * encounter   home: a home base",
    "terminal.view.scythe.legend_targets": "a name in reverse: a space your legal moves name",
    "terminal.view.scythe.legend_units": "N R P C S factions: c character, m2 two mechs, w3 three workers",
    "terminal.view.scythe.legend_goods": "o oil, m metal, w wood, f food   Mi mine, Mo monument, Ar armory, Ml mill",
    "terminal.view.scythe.legend_terrain": "mtn mountain, for forest, frm farm, tun tundra, vil village, FAC the Factory",
    "terminal.view.scythe.phase": "phase: {phase}",
    "terminal.view.scythe.section": "section {n} ({action})",
    "terminal.view.scythe.moving": "moving {unit} at {space}, {steps} step(s) left",
    "terminal.view.scythe.carrying": ", carrying {cargo} and {workers} worker(s)",
    "terminal.view.scythe.moves_left": "units left to move: {n}",
    "terminal.view.scythe.paying": "pay {n} {resource} for {what}",
    "terminal.view.scythe.encounter": "encounter card {card}",
    "terminal.view.scythe.gain": "gain: {kind} ({n} left)",
    "terminal.view.scythe.factory_cards": "Factory cards to keep one of: {cards}",
    "terminal.view.scythe.objectives": "your objectives: {objectives}",
    "terminal.view.scythe.facts": "structure bonus: {bonus}; combat deck {deck}; Factory cards {factory}.",
    "terminal.view.scythe.over": "game over (6th star by {who})",
    "terminal.view.scythe.last_combat": "last combat at {space}: {attacker} {attack} vs {defender} {defence}, {winner} won",
    "terminal.view.scythe.seat": "seat {n}",
    "terminal.view.scythe.automa": "the Automa",
}
Say = Callable[..., str]


#: A word of the view in English (a game term as itself).
english = english_words(WORDS)


def _term(w: Say, word: str, shown: str | None = None) -> str:
    """A game term through ``say``; in English (no catalogue) as the data prints it."""
    return (shown or word.replace("_", " ")) if w is english else w(f"term.{word}")


#: Cell widths (the west edge included): roomy where the terminal allows, else narrow enough for 80 columns.
WIDE, NARROW = 13, 9
HOME_FACTION = {i: h.get("faction", "") for i, h in enumerate(HEXES) if IS_HOME[i]}
_RIVER = {(a, b) for a, ns in enumerate(NEIGHBOURS) for b, river in ns if river}


def _units(obs: Mapping[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """Per space, (text, style) for each faction's units there."""
    out: dict[str, list[tuple[str, str]]] = {}
    for pl in [*obs["players"], *([obs["automa"]] if obs.get("automa") else [])]:
        here: dict[str, list[str]] = {}
        if pl["character"]:
            here.setdefault(pl["character"], []).append("c")
        for kind, key in (("m", "mechs"), ("w", "workers")):
            counts: dict[str, int] = {}
            for space in pl[key]:
                counts[space] = counts.get(space, 0) + 1
            for space, k in counts.items():
                here.setdefault(space, []).append(f"{kind}{k}")
        for space, parts in here.items():
            out.setdefault(space, []).append((pl["faction"][0].upper() + "".join(parts), STYLE.get(pl["faction"], "")))
    return out


class Board:
    """The map as a rich renderable: it picks its cell width from the space the console gives it."""

    def __init__(self, obs: Mapping[str, Any], width: int | None = None, targets: frozenset[str] = frozenset()) -> None:
        self.obs = obs
        self.width = width
        self.targets = targets

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board_text(self.obs, self.width or options.max_width, self.targets)


def cell_width(columns: int) -> int:
    cols = max(c for c, _ in COLROW) + 1
    return WIDE if cols * WIDE + WIDE // 2 + 1 <= columns else NARROW


def targets_of(legal: Sequence[str]) -> frozenset[str]:
    """The spaces the legal moves name (``to 3,4``, ``deploy m2 4,1``, ``produce 5,2``): where the player may act."""
    return frozenset(words[-1] for words in (n.split() for n in legal) if words and words[-1] in SPACE_INDEX)


def board_text(obs: Mapping[str, Any], columns: int = 120, targets: frozenset[str] = frozenset()) -> Text:
    """The map in text for a terminal ``columns`` wide (at least 80 to show it whole); ``targets`` shown reversed."""
    w = cell_width(columns)
    inner = w - 1
    units = _units(obs)
    tokens = set(obs["encounter_tokens"])
    playing = {pl["faction"] for pl in obs["players"]} | ({obs["automa"]["faction"]} if obs.get("automa") else set())
    rows = max(r for _, r in COLROW) + 1
    cols = max(c for c, _ in COLROW) + 1
    total = cols * w + w // 2 + 1
    by_row: dict[int, list[tuple[int, int]]] = {r: [] for r in range(rows)}  # row -> (x0, space)
    for i, (c, r) in enumerate(COLROW):
        by_row[r].append((c * w + (w // 2 if r % 2 == 0 else 0), i))

    def at(r: int, x: int) -> int | None:
        """The space of row r whose cell covers column x (its west edge included)."""
        for x0, i in by_row.get(r, []):
            if x0 <= x < x0 + w:
                return i
        return None

    out = Text(no_wrap=True, overflow="crop")

    def edge(r: int) -> None:
        """The edge line above row r: rivers as ~, the board's outline and land edges as ─."""
        line = Text()
        for x in range(total):
            up, down = at(r - 1, x), at(r, x)
            if up is None and down is None:
                line.append(" ")
            elif up is not None and down is not None and (up, down) in _RIVER:
                line.append("~", style=RIVER_STYLE)
            else:
                line.append("─", style="dim")
        out.append_text(line.rstrip() or line)
        out.append("\n")

    for r in range(rows):
        edge(r)
        cells = sorted(by_row[r])
        lines = [Text() for _ in range(3)]
        x = 0
        for x0, i in cells:
            for line in lines:
                line.append(" " * (x0 - x))
            west = at(r, x0 - 1)
            river = west is not None and (west, i) in _RIVER
            for k, line in enumerate(lines):
                line.append("~" if river else "│", style=RIVER_STYLE if river else "dim")
                text, style = _cell_line(obs, i, k, inner, units, tokens, playing)
                if k == 0 and SPACE_NAMES[i] in targets:  # reverse video reads without colour too
                    style = f"{style} reverse".strip()
                if isinstance(text, Text):
                    text.pad_right(inner - len(text.plain))
                    line.append_text(text)
                else:
                    line.append(text[:inner].ljust(inner), style=style)
            x = x0 + w
            if at(r, x) is None:  # the board's edge, or a gap before the next cell
                for line in lines:
                    line.append("│", style="dim")
                x += 1
        for line in lines:
            out.append_text(line)
            out.append("\n")
    edge(rows)
    return out


def _cell_line(
    obs: Mapping[str, Any], i: int, k: int, inner: int, units: Mapping[str, list[tuple[str, str]]], tokens: set[str], playing: set[str]
) -> tuple[Text | str, str]:
    """Line k (0 name and terrain, 1 units, 2 resources and structure) of space i's cell."""
    name = SPACE_NAMES[i]
    here = units.get(name, [])
    if k == 0:
        mark = "*" if name in tokens else ("T" if IS_TUNNEL[i] else "")
        long = f"{name} {TERRAIN_LONG.get(TERRAIN[i], TERRAIN[i])}{mark}"
        label = long if len(long) <= inner else f"{name} {TERRAIN_SHORT[TERRAIN[i]]}{mark}"
        return label, "bold" if TERRAIN[i] in ("factory", "home") else ("blue" if IS_LAKE[i] else "")
    if k == 1 and IS_HOME[i]:
        faction = HOME_FACTION[i]
        return faction.capitalize(), STYLE.get(faction, "") if faction in playing else "dim"
    unit_line = 1 if not IS_HOME[i] else 2
    if k == unit_line and here:
        t = Text()
        for text, style in here:
            if t.plain:
                t.append(" ")
            t.append(text, style=style)
        t.truncate(inner)
        return t, ""
    if IS_LAKE[i]:
        return "≈" * inner, LAKE_STYLE
    if k == 2:
        res = obs["resources"].get(name, {})
        cell = "".join(f"{n}{RES_LETTER[r]}" for r, n in res.items())
        st = obs["structures"].get(name)
        if st:
            cell += (" " if cell else "") + obs["players"][st["owner"]]["faction"][0].upper() + STRUCT_SHORT[st["structure"]]
        return cell, ""
    return "", ""


def _player_lines(p: int, pl: Mapping[str, Any], obs: Mapping[str, Any], w: Say = english) -> list[Any]:
    """A seat's faction, mat and tracks, its mat's sections, and its mechs by number and name (fits 80 columns)."""
    marker = "▶ " if obs["current_player"] == p else "  "
    you = " " + w("terminal.view.you") if obs["seat"] == p else ""
    head = Text(marker)
    head.append(f"{p + 1}{you} {_term(w, pl['faction'], pl['faction'].capitalize())}", style=STYLE.get(pl["faction"], ""))
    coins = "?" if pl["coins"] is None else pl["coins"]
    head.append(
        f" · {_term(w, pl['mat'])} · " + w("terminal.view.scythe.tracks", power=pl["power"], popularity=pl["popularity"], coins=coins)
    )
    stars = ", ".join(_term(w, f"star_{k}", k) for k, v in pl["stars"].items() if v)
    cards = w("terminal.view.scythe.combat_cards", n=pl["hand_size"])
    if pl["combat_cards"] is not None:
        hand = sorted(pl["combat_cards"], reverse=True)
        if len(hand) <= 6:
            cards += f": {'+'.join(map(str, hand)) or '-'}"
        else:  # a big hand by value, so the line stays short
            cards += " (" + ", ".join(f"{hand.count(v)}×{v}" for v in sorted(set(hand), reverse=True)) + ")"
    tracks = Text("    " + w("terminal.view.scythe.stars", n=pl["star_count"]) + (f" ({stars})" if stars else "") + f" · {cards}")
    mat = Table.grid(padding=(0, 2))
    cells = []
    for i, sec in enumerate(pl["sections"]):
        top, bottom = sec.split("/")
        cells.append(f"{i + 1}{'•' if pl['last_section'] == i else ''} {_term(w, top)}/{_term(w, bottom)} {pl['bottom_costs'][bottom]}")
    if pl.get("factory_card") is not None:
        cells.append(f"F {_term(w, 'factory')} #{pl['factory_card']}")
    for _ in range(3):
        mat.add_column()
    for k in range(0, len(cells), 2):  # two sections a line, so a mat fits 80 columns
        mat.add_row("    " + w("terminal.view.scythe.mat") if k == 0 else "", *cells[k : k + 2], *([""] if k + 1 >= len(cells) else []))
    faction = FACTIONS.index(pl["faction"]) if pl["faction"] in FACTIONS else None
    names = MECH_ABILITIES[faction] if faction is not None else ()
    mechs = ", ".join(
        f"m{k + 1} {_term(w, _ability(name)['term'], name)}{'✓' if name in pl['mech_abilities'] else ''}" for k, name in enumerate(names)
    )
    built = ", ".join(f"{_term(w, k)} {v}" for k, v in pl["structures"].items() if v) or "-"
    recruits = ", ".join(_term(w, r) for r in pl["recruits"]) or "-"
    upgraded = ", ".join(_term(w, u) for u in pl["upgraded"]) or "-"
    return [
        head,
        tracks,
        mat,
        Text("    " + w("terminal.view.scythe.mechs", mechs=mechs), style="dim"),
        Text("    " + w("terminal.view.scythe.structures", n=pl["workers_on_mat"], built=built), style="dim"),
        Text("    " + w("terminal.view.scythe.recruits", recruits=recruits, upgraded=upgraded), style="dim"),
    ]


def render(obs: Mapping[str, Any], say: Say | None = None, legal: Sequence[str] = ()) -> Group:
    """The map, its legend, each seat's mat and tracks, and what is being decided; ``legal`` moves' spaces stand out."""
    w = say or english
    seats: list[Text] = []
    for p, pl in enumerate(obs["players"]):
        seats.extend(_player_lines(p, pl, obs, w))
    extra: list[Text] = []
    if obs.get("automa"):
        extra.append(_automa_line(obs["automa"]))
    turn = obs["turn"]
    status = Text(w("terminal.view.scythe.phase", phase=_term(w, obs["phase"])), style="bold")
    if turn.get("section") is not None:
        action = _term(w, turn["top_action"]) if turn.get("top_action") else "-"
        status.append("  " + w("terminal.view.scythe.section", n=turn["section"] + 1, action=action))
    if "moving" in turn:
        mv = turn["moving"]
        status.append("  " + w("terminal.view.scythe.moving", unit=_term(w, mv["unit"]), space=mv["space"], steps=mv["steps_left"]))
        if mv["cargo"] or mv["workers"]:
            status.append(w("terminal.view.scythe.carrying", cargo=mv["cargo"] or "-", workers=mv["workers"]))
    if obs["phase"] == "move":
        status.append("  " + w("terminal.view.scythe.moves_left", n=turn["moves_left"]))
    if "paying" in turn:
        pay = turn["paying"]
        status.append("  " + w("terminal.view.scythe.paying", n=pay["left"], resource=_term(w, pay["resource"]), what=_term(w, pay["for"])))
    if "combat" in turn:
        status.append("  " + _combat_line(turn["combat"], obs["pending_combats"], obs))
    if "encounter" in turn:
        enc = turn["encounter"]
        status.append("  " + w("terminal.view.scythe.encounter", card=enc["card"]))
        if w is english:
            status.append(f": {_encounter_options(enc['card'])}")
    if "gain" in turn:
        status.append("  " + w("terminal.view.scythe.gain", kind=_term(w, turn["gain"]["kind"]), n=turn["gain"]["left"]))
    if obs.get("factory_cards_seen") is not None and obs["phase"] == "factory":
        status.append("  " + w("terminal.view.scythe.factory_cards", cards=", ".join(f"#{c}" for c in obs["factory_cards_seen"])))
    me = obs["players"][obs["seat"]] if obs["seat"] is not None else None
    if me is not None and me["objectives"]:
        objectives = "; ".join(f"{c} {_term(w, f'objective_{c}', OBJECTIVE_NAMES[c])}" for c in me["objectives"])
        status.append("\n" + w("terminal.view.scythe.objectives", objectives=objectives))
    if obs.get("last_combat"):
        lc = obs["last_combat"]
        extra.append(
            Text(
                w(
                    "terminal.view.scythe.last_combat",
                    space=lc["space"],
                    attacker=_who(obs, lc["attacker"], w),
                    attack=f"{lc['attacker_dial']}+{lc['attacker_cards']}",
                    defender=_who(obs, lc["defender"], w),
                    defence=f"{lc['defender_dial']}+{lc['defender_cards']}",
                    winner=_who(obs, lc["winner"], w),
                ),
                style="dim",
            )
        )
    bonus = _term(w, obs["structure_bonus"])
    facts = Text(w("terminal.view.scythe.facts", bonus=bonus, deck=obs["combat_deck"], factory=obs["factory_cards"]), style="dim")
    if obs["phase"] == "over":
        status.append("  " + w("terminal.view.scythe.over", who=_who(obs, obs["ended_by"], w)))
    # the map last, next to the moves it explains: a short terminal still shows it while a unit is moved
    return Group(*seats, *extra, facts, legend(w), Board(obs, targets=targets_of(legal)), status)


def legend(w: Say = english) -> Text:
    """What the map's symbols mean, in lines that fit 80 columns."""
    t = Text(style="dim")
    t.append("~", style=RIVER_STYLE)
    water = w("terminal.view.scythe.legend_water", lake="{lake}").split("{lake}")
    t.append(water[0])
    if len(water) > 1:
        t.append("≈", style=LAKE_STYLE)
        t.append(water[1])
    for part in ("marks", "targets", "units", "goods", "terrain"):
        t.append("\n" + w(f"terminal.view.scythe.legend_{part}"))
    return t


def _who(obs: Mapping[str, Any], seat: int | str | None, w: Say = english) -> str:
    """A seat as players count them (from 1); the solo game's Automa fights as the seat after the player."""
    if seat is None:
        return "-"
    if isinstance(seat, str) or (obs.get("automa") and seat >= len(obs["players"])):
        return w("terminal.view.scythe.automa")
    return w("terminal.view.scythe.seat", n=seat + 1)


def _automa_line(a: Mapping[str, Any]) -> Text:
    """The solo game's Automa (seat 1 in combat lines): level, tracker, scheme, power, cards, stars, units."""
    last = f"\n    last card {a['discard'][-1]}" if a["discard"] else ""
    if a.get("last_move"):
        last += f" ({a['last_move'].replace('_', ' ')})"
    # two short lines rather than one long one: an 80-column terminal breaks neither mid-word
    return Text(
        f"  Automa ({a['level']}, {a['faction'].capitalize()}) · star tracker {a['tracker_space']}/{a['tracker_spaces']} · "
        f"scheme {'I' * a['scheme']} · rivers {'open' if a['rivers_allowed'] else 'closed'}\n"
        f"    power {a['power']} · combat cards {a['hand_size']} · stars {a['star_count']} · territories {a['territories']} · "
        f"deck {a['deck_size']}{last}",
        style=STYLE.get(a["faction"], ""),
    )


def _combat_line(c: Mapping[str, Any], pending: list[str], obs: Mapping[str, Any]) -> str:
    if c.get("choose_order"):
        return f"combats to fight: {', '.join(pending)} (attacker's order)"
    parts = [f"combat at {c['space']}: {_who(obs, c['attacker'])} attacks {_who(obs, c['defender'])}"]
    for side in ("attacker", "defender"):
        if c[side + "_dial"] is not None:
            parts.append(f"your dial {c[side + '_dial']}, cards {c[side + '_cards'] or '-'}")
        elif c[side + "_chosen"]:
            parts.append(f"the {side} has chosen (hidden)")
    return "; ".join(parts)


def _gain_text(items: Any) -> str:
    return " + ".join(f"{a} {t}".replace("_", " ") for t, a in items) or "nothing"


def _amounts(items: Any) -> Any:
    """A cost or a gain as an event parameter: amounts of game terms, or nothing."""
    total: dict[str, int] = {}
    for t, a in items:
        total[t] = total.get(t, 0) + a
    return {"counts": total} if total else {"phrase": ("terminal.scythe.nothing", {})}


def _encounter_options(card: int) -> str:
    return " | ".join(
        f"{'abc'[i]}: pay {_gain_text(cost)} for {_gain_text(gain)}" for i, (cost, gain) in enumerate(ENCOUNTER_OPTIONS[card])
    )


def _factory_card(card: int) -> str:
    cost, gain, mode = FACTORY_TOP[card]
    joined = " or ".join(f"{a} {t}" for t, a in gain) if mode == "choose_one" else _gain_text(gain)
    return f"#{card} (pay {_gain_text(cost)} for {joined})"


# -- terminal hooks (meeple.terminal.texts): help and moves in words, as catalogue keys with event-style params ----

#: One example of each kind of move (docs/rules/scythe.md, "Notation"), with its catalogue explanation.
HELP = (
    ("section 2", "section"),
    ("move", "move"),
    ("coins", "coins"),
    ("power", "power"),
    ("cards", "cards"),
    ("trade", "trade"),
    ("popularity", "popularity"),
    ("produce", "produce"),
    ("no top", "no_top"),
    ("pick character", "pick_character"),
    ("pick mech 3,4", "pick_mech"),
    ("pick worker 3,4", "pick_worker"),
    ("to 3,4", "to"),
    ("load wood", "load"),
    ("load worker", "load_worker"),
    ("unload wood", "unload"),
    ("stop", "stop"),
    ("done", "done"),
    ("put food 3,4", "put"),
    ("produce 3,4", "produce_at"),
    ("upgrade power>deploy", "upgrade"),
    ("deploy m3 3,4", "deploy"),
    ("build mill 3,4", "build"),
    ("enlist build coins", "enlist"),
    ("bottom only", "bottom_only"),
    ("end turn", "end_turn"),
    ("pay 3,4", "pay"),
    ("pay card 2", "pay_card"),
    ("section factory", "section_factory"),
    ("factory top", "factory_top"),
    ("factory move", "factory_move"),
    ("keep factory 7", "keep_factory"),
    ("fight 3,4", "fight"),
    ("artillery", "artillery"),
    ("dial 5", "dial"),
    ("cards 5+4", "combat_cards"),
    ("retreat home", "retreat"),
    ("option a", "option"),
    ("reveal 12", "reveal"),
)
Phrase = tuple[str, dict[str, Any]]


def _mechs(obs: Mapping[str, Any]) -> list[str]:
    """The viewer's four mech abilities, m1..m4 (every faction: 1 Riverwalk, 2 movement, 3 combat, 4 Speed)."""
    me = obs["players"][obs["seat"]] if obs.get("seat") is not None and obs["seat"] < len(obs["players"]) else None
    if me is None or me["faction"] not in FACTIONS:
        return []
    return list(MECH_ABILITIES[FACTIONS.index(me["faction"])])


def _ability(name: str) -> dict[str, str]:
    """A mech ability as a term (``People's Army`` is ``term.peoples_army``), written as printed where untranslated."""
    return {"term": name.lower().replace("'", "").replace(" ", "_"), "text": name}


def help_entries(obs: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    names = _mechs(obs)
    mechs: Any = (
        {"pairs": [[f"m{k + 1}", _ability(n)] for k, n in enumerate(names)]}
        if names
        else {"phrase": ("terminal.help.scythe.mech_kinds", {})}
    )
    return [(example, f"terminal.help.scythe.{key}", {"mechs": mechs} if key == "deploy" else {}) for example, key in HELP]


def help_symbols(obs: Mapping[str, Any]) -> list[Phrase]:
    return [("terminal.help.scythe.spaces", {}), ("terminal.help.scythe.map", {}), ("terminal.help.scythe.units", {})]


def _space_words(name: str, obs: Mapping[str, Any]) -> Phrase | None:
    i = SPACE_INDEX.get(name)
    if i is None:
        return None
    what: list[Any] = [{"term": TERRAIN[i] if not IS_HOME[i] else "home_base"}]
    if name in obs["encounter_tokens"]:
        what.append({"term": "encounter"})
    if IS_TUNNEL[i]:
        what.append({"term": "tunnel"})
    return "terminal.scythe.space", {"what": {"list": what}}


def move_words(obs: Mapping[str, Any], notation: str) -> Phrase | None:
    """Mechs and structures by name, a section by its two actions, a step by where it leads, cards by their text."""
    words = notation.split()
    me = obs["players"][obs["seat"]] if obs.get("seat") is not None and obs["seat"] < len(obs["players"]) else None
    if words[0] == "section" and words[1].isdigit() and me is not None:
        top, bottom = me["sections"][int(words[1]) - 1].split("/")
        return "terminal.scythe.section", {"top": {"term": top}, "bottom": {"term": bottom}, "cost": me["bottom_costs"][bottom]}
    if words[0] == "deploy" and len(words) == 3:
        names = _mechs(obs)
        k = int(words[1][1:]) - 1
        return ("terminal.scythe.deploy", {"mech": _ability(names[k]), "where": {"phrase": _space_words(words[2], obs)}}) if names else None
    if words[0] == "build" and len(words) == 3:
        return "terminal.scythe.build", {"structure": {"term": words[1]}, "where": {"phrase": _space_words(words[2], obs)}}
    if words[0] == "enlist" and len(words) == 3:
        return "terminal.scythe.enlist", {"section": {"term": words[1]}, "bonus": {"term": words[2]}}
    if words[0] == "upgrade" and ">" in notation:
        top, bottom = words[1].split(">")
        return "terminal.scythe.upgrade", {"top": {"term": top}, "bottom": {"term": bottom}}
    if words[0] in ("to", "retreat", "fight", "produce") and len(words) == 2 and words[1] in SPACE_INDEX:
        return _space_words(words[1], obs)
    if words[0] == "reveal" and words[1].isdigit():
        return "terminal.scythe.objective", {"name": {"term": f"objective_{words[1]}", "text": OBJECTIVE_NAMES.get(int(words[1]), "?")}}
    if words[:2] == ["keep", "factory"]:
        cost, gain, mode = FACTORY_TOP[int(words[2])]
        given = {"list": [_amounts([g]) for g in gain]} if mode == "choose_one" else _amounts(gain)
        key = "terminal.scythe.exchange_one_of" if mode == "choose_one" else "terminal.scythe.exchange"
        return key, {"cost": _amounts(cost), "gain": given}
    if words[0] == "option" and "encounter" in obs["turn"]:
        options = ENCOUNTER_OPTIONS[obs["turn"]["encounter"]["card"]]
        k = "abc".index(words[1]) if words[1] in ("a", "b", "c") else -1
        if 0 <= k < len(options):
            cost, gain = options[k]
            return "terminal.scythe.exchange", {"cost": _amounts(cost), "gain": _amounts(gain)}
    return None


def choice_group(notation: str) -> tuple[str, list[tuple[Any, int]]] | None:
    """The combat cards tucked behind the dial are one choice: how many of each value (2, 3, 4, 5)."""
    words = notation.split()
    if words[0] != "cards" or len(words) != 2:
        return None
    values = [] if words[1] == "none" else [int(v) for v in words[1].split("+")]
    return "cards", [({"phrase": ("terminal.scythe.card_value", {"value": v})}, values.count(v)) for v in (2, 3, 4, 5)]


__all__ = ["STRUCTURES", "Board", "board_text", "render"]
