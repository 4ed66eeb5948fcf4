"""Splendor in the terminal, drawn from an observation only (so it can never show hidden cards)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .data import COLOURS, LETTERS

STYLE = {
    "white": "bold white",
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "black": "bold magenta",
    "gold": "bold yellow",
}
LETTER = dict(zip(COLOURS, LETTERS, strict=True)) | {"gold": "*"}


def counts(d: Mapping[str, int], skip_zero: bool = True) -> Text:
    t = Text()
    for colour, n in d.items():
        if n or not skip_zero:
            t.append(f"{n}{LETTER[colour]} ", style=STYLE[colour])
    return t if t.plain else Text("-", style="dim")


def card_text(card: Mapping[str, Any] | None) -> Text:
    if card is None:
        return Text("(empty)", style="dim")
    if card.get("hidden"):
        return Text(f"[tier {card['tier']}, hidden]", style="dim italic")
    t = Text()
    t.append(f"{card['points'] or ' '}", style="bold")
    t.append(f"{LETTER[card['bonus']]} ", style=STYLE[card["bonus"]])
    t.append_text(counts(card["cost"]))
    if card.get("blind"):
        t.append(" (blind)", style="dim")
    return t


def render(obs: Mapping[str, Any]) -> Group:
    board = Table(title="Splendor", show_header=True, header_style="bold")
    board.add_column("tier")
    for i in range(4):
        board.add_column(f"slot {i + 1}")
    board.add_column("deck")
    for tier in (3, 2, 1):
        row = obs["display"][tier - 1]
        board.add_row(str(tier), *(card_text(c) for c in row), str(obs["decks"][tier - 1]))
    nobles = Text("Nobles: ")
    for i, noble in enumerate(obs["nobles"]):
        if noble is not None:
            nobles.append(f"{i + 1}:")
            nobles.append_text(counts(noble["requires"]))
            nobles.append(" ")
    supply = Text("Supply: ").append_text(counts(obs["supply"], skip_zero=False))

    seats = Table(show_header=True, header_style="bold")
    for col in ("seat", "points", "tokens", "bonuses", "nobles", "reserved"):
        seats.add_column(col)
    for p, pl in enumerate(obs["players"]):
        marker = "▶ " if obs["current_player"] == p else "  "
        you = " (you)" if obs["seat"] == p else ""
        reserved = Text(" | ").join(card_text(c) for c in pl["reserved"]) if pl["reserved"] else Text("-", style="dim")
        seats.add_row(f"{marker}{p}{you}", str(pl["points"]), counts(pl["tokens"]), counts(pl["bonuses"]), str(len(pl["nobles"])), reserved)
    status = []
    if obs["final_round"]:
        status.append(Text("Final round: someone has 15 points.", style="bold yellow"))
    if obs["phase"] == "return":
        status.append(Text(f"Return {obs['to_return']} token(s) to get down to 10.", style="bold"))
    if obs["phase"] == "noble":
        status.append(Text("Several nobles visit: choose one.", style="bold"))
    return Group(board, nobles, supply, seats, *status)
