"""Scythe in the terminal, drawn from an observation only (so it can never show hidden information).

The board is the hex grid of map.json in text: even rows are shifted half a cell east. Each space takes three
lines: its name, terrain and marks (* encounter token, T tunnel); the units on it (faction letter, then c the
character, mN mechs, wN workers); its resources (o oil, m metal, w wood, f food) and structure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .data import COLROW, ENCOUNTER_OPTIONS, FACTORY_TOP, IS_TUNNEL, OBJECTIVE_NAMES, SPACE_NAMES, STRUCTURES, TERRAIN

CELL = 13
STYLE = {"nordic": "bold blue", "rusviet": "bold red", "polania": "bold white", "crimea": "bold yellow", "saxony": "bold magenta"}
TERRAIN_SHORT = {
    "mountain": "mount", "forest": "forest", "farm": "farm", "tundra": "tundra", "village": "village",
    "lake": "~lake~", "factory": "FACTORY", "home": "home",
}  # fmt: skip
RES_LETTER = {"oil": "o", "metal": "m", "wood": "w", "food": "f"}
STRUCT_SHORT = {"mine": "Mi", "monument": "Mo", "armory": "Ar", "mill": "Ml"}


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


def board_text(obs: Mapping[str, Any]) -> Text:
    units = _units(obs)
    tokens = set(obs["encounter_tokens"])
    by_pos = {COLROW[i]: i for i in range(len(SPACE_NAMES))}
    rows = max(r for _, r in COLROW) + 1
    cols = max(c for c, _ in COLROW) + 1
    out = Text()
    for r in range(rows):
        lines = [Text(" " * (CELL // 2 if r % 2 == 0 else 0)) for _ in range(3)]
        for c in range(cols):
            i = by_pos.get((c, r))
            if i is None:
                for line in lines:
                    line.append(" " * CELL)
                continue
            name = SPACE_NAMES[i]
            marks = ("*" if name in tokens else "") + ("T" if IS_TUNNEL[i] else "")
            lines[0].append(
                f"{name} {TERRAIN_SHORT[TERRAIN[i]]}{marks}"[: CELL - 1].ljust(CELL), style="dim" if TERRAIN[i] == "lake" else ""
            )
            used = 0
            for text, style in units.get(name, []):
                lines[1].append(text[: CELL - 1 - used], style=style)
                used += len(text[: CELL - 1 - used])
                if used < CELL - 1:
                    lines[1].append(" ")
                    used += 1
            lines[1].append(" " * max(0, CELL - used))
            res = obs["resources"].get(name, {})
            cell = "".join(f"{k}{RES_LETTER[r]}" for r, k in res.items())
            st = obs["structures"].get(name)
            if st:
                cell += " " + obs["players"][st["owner"]]["faction"][0].upper() + STRUCT_SHORT[st["structure"]]
            lines[2].append(cell[: CELL - 1].ljust(CELL))
        for line in lines:
            out.append_text(line)
            out.append("\n")
    return out


def render(obs: Mapping[str, Any]) -> Group:
    seats = Table(show_header=True, header_style="bold", title="Scythe")
    for col in (
        "seat",
        "faction/mat",
        "power",
        "pop",
        "coins",
        "stars",
        "cards",
        "mat sections (top/bottom: cost)",
        "upgraded",
        "recruits",
    ):
        seats.add_column(col)
    for p, pl in enumerate(obs["players"]):
        marker = "▶ " if obs["current_player"] == p else "  "
        you = " (you)" if obs["seat"] == p else ""
        sections = " | ".join(
            f"{i + 1}{'•' if pl['last_section'] == i else ''} {sec}:{pl['bottom_costs'][sec.split('/')[1]]}"
            for i, sec in enumerate(pl["sections"])
        )
        cards = str(pl["hand_size"]) + (f" {pl['combat_cards']}" if pl["combat_cards"] is not None else "")
        seats.add_row(
            Text(f"{marker}{p}{you}"),
            Text(f"{pl['faction']}/{pl['mat']}", style=STYLE.get(pl["faction"], "")),
            str(pl["power"]),
            str(pl["popularity"]),
            "?" if pl["coins"] is None else str(pl["coins"]),
            f"{pl['star_count']} " + ",".join(k for k, v in pl["stars"].items() if v),
            cards,
            sections,
            ",".join(pl["upgraded"]) or "-",
            ",".join(pl["recruits"]) or "-",
        )
    extra = []
    for p, pl in enumerate(obs["players"]):
        built = ", ".join(f"{k}@{v}" for k, v in pl["structures"].items() if v) or "none"
        extra.append(
            Text(
                f"seat {p}: mech abilities {', '.join(pl['mech_abilities']) or 'none'}; structures {built}; on mat {pl['workers_on_mat']} workers"
            )
        )
    if obs.get("automa"):
        extra.append(_automa_line(obs["automa"]))
    turn = obs["turn"]
    status = Text(f"phase: {obs['phase']}", style="bold")
    if turn.get("section") is not None:
        status.append(f"  section {turn['section'] + 1} ({turn.get('top_action')})")
    if "moving" in turn:
        mv = turn["moving"]
        status.append(
            f"  moving {mv['unit']} at {mv['space']}, {mv['steps_left']} step(s) left, cargo {mv['cargo'] or '-'} +{mv['workers']} workers"
        )
    if obs["phase"] == "move":
        status.append(f"  units left to move: {turn['moves_left']}")
    if "paying" in turn:
        pay = turn["paying"]
        status.append(f"  pay {pay['left']} {pay['resource']} for {pay['for']}")
    if "combat" in turn:
        status.append("  " + _combat_line(turn["combat"], obs["pending_combats"]))
    if "encounter" in turn:
        enc = turn["encounter"]
        status.append(f"  encounter card {enc['card']}: {_encounter_options(enc['card'])}")
    if "gain" in turn:
        status.append(f"  gain: {turn['gain']['kind']} ({turn['gain']['left']} left)")
    if obs.get("factory_cards_seen") is not None and obs["phase"] == "factory":
        status.append(f"  Factory cards to keep one of: {', '.join(_factory_card(c) for c in obs['factory_cards_seen'])}")
    me = obs["players"][obs["seat"]] if obs["seat"] is not None else None
    if me is not None and me["objectives"]:
        status.append("  your objectives: " + "; ".join(f"{c} {OBJECTIVE_NAMES[c]}" for c in me["objectives"]))
    if obs.get("last_combat"):
        lc = obs["last_combat"]
        extra.append(
            Text(
                f"last combat at {lc['space']}: seat {lc['attacker']} {lc['attacker_dial']}+{lc['attacker_cards']} vs "
                f"seat {lc['defender']} {lc['defender_dial']}+{lc['defender_cards']}, seat {lc['winner']} won",
                style="dim",
            )
        )
    legend = Text(
        f"structure bonus: {obs['structure_bonus']}; combat deck {obs['combat_deck']}; Factory cards {obs['factory_cards']}. "
        "Units: c character, mN mechs, wN workers; resources o oil, m metal, w wood, f food; * encounter, T tunnel.",
        style="dim",
    )
    if obs["phase"] == "over":
        status.append(f"  game over (6th star by seat {obs['ended_by']})")
    return Group(board_text(obs), seats, *extra, status, legend)


def _automa_line(a: Mapping[str, Any]) -> Text:
    """The solo game's Automa (seat 1 in combat lines): level, tracker, scheme, power, cards, stars, units."""
    last = f", last card {a['discard'][-1]}" if a["discard"] else ""
    if a.get("last_move"):
        last += f" ({a['last_move'].replace('_', ' ')})"
    return Text(
        f"Automa ({a['level']}, {a['faction']}): tracker {a['tracker_space']}/{a['tracker_spaces']}, scheme {'I' * a['scheme']}, "
        f"rivers {'open' if a['rivers_allowed'] else 'closed'}; power {a['power']}, combat cards {a['hand_size']}, "
        f"stars {a['star_count']}, territories {a['territories']}, deck {a['deck_size']}{last}",
        style=STYLE.get(a["faction"], ""),
    )


def _combat_line(c: Mapping[str, Any], pending: list[str]) -> str:
    if c.get("choose_order"):
        return f"combats to fight: {', '.join(pending)} (attacker's order)"
    parts = [f"combat at {c['space']}: seat {c['attacker']} attacks seat {c['defender']}"]
    for side in ("attacker", "defender"):
        if c[side + "_dial"] is not None:
            parts.append(f"your dial {c[side + '_dial']}, cards {c[side + '_cards'] or '-'}")
        elif c[side + "_chosen"]:
            parts.append(f"the {side} has chosen (hidden)")
    return "; ".join(parts)


def _gain_text(items: Any) -> str:
    return " + ".join(f"{a} {t}" for t, a in items) or "nothing"


def _encounter_options(card: int) -> str:
    return " | ".join(
        f"{'abc'[i]}: pay {_gain_text(cost)} for {_gain_text(gain)}" for i, (cost, gain) in enumerate(ENCOUNTER_OPTIONS[card])
    )


def _factory_card(card: int) -> str:
    cost, gain, mode = FACTORY_TOP[card]
    joined = " or ".join(f"{a} {t}" for t, a in gain) if mode == "choose_one" else _gain_text(gain)
    return f"#{card} (pay {_gain_text(cost)} for {joined})"


__all__ = ["STRUCTURES", "render"]
