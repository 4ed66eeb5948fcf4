"""Splendor in the terminal, drawn from an observation only (so it can never show hidden cards)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.words import english_words

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
#: The view's words in English. ``render(obs, say)`` asks ``say`` for them instead (the terminal passes the player's
#: catalogue, where the same keys stand in i18n/<lang>.terminal.json; tests/test_terminal.py checks they agree).
WORDS = {
    "terminal.view.splendor.tier": "tier",
    "terminal.view.splendor.slot": "slot {n}",
    "terminal.view.splendor.deck": "deck",
    "terminal.view.splendor.nobles": "Nobles: ",
    "terminal.view.splendor.supply": "Supply: ",
    "terminal.view.splendor.seat": "seat",
    "terminal.view.splendor.points": "points",
    "terminal.view.splendor.tokens": "tokens",
    "terminal.view.splendor.bonuses": "bonuses",
    "terminal.view.splendor.noble_count": "nobles",
    "terminal.view.splendor.reserved": "reserved",
    "terminal.view.you": "(you)",
    "terminal.view.empty": "(empty)",
    "terminal.view.splendor.hidden": "[tier {tier}, hidden]",
    "terminal.view.splendor.blind": "(blind)",
    "terminal.view.splendor.final_round": "Final round: someone has 15 points.",
    "terminal.view.splendor.return": "Return {n} token(s) to get down to 10.",
    "terminal.view.splendor.noble_choice": "Several nobles visit: choose one.",
}
Say = Callable[..., str]


#: A word of the view in English (a game term as itself).
english = english_words(WORDS)


def counts(d: Mapping[str, int], skip_zero: bool = True) -> Text:
    t = Text()
    for colour, n in d.items():
        if n or not skip_zero:
            t.append(f"{n}{LETTER[colour]} ", style=STYLE[colour])
    return t if t.plain else Text("-", style="dim")


def card_text(card: Mapping[str, Any] | None, say: Say = english) -> Text:
    if card is None:
        return Text(say("terminal.view.empty"), style="dim")
    if card.get("hidden"):
        return Text(say("terminal.view.splendor.hidden", tier=card["tier"]), style="dim italic")
    t = Text()
    t.append(f"{card['points'] or ' '}", style="bold")
    t.append(f"{LETTER[card['bonus']]} ", style=STYLE[card["bonus"]])
    t.append_text(counts(card["cost"]))
    if card.get("blind"):
        t.append(" " + say("terminal.view.splendor.blind"), style="dim")
    return t


def render(obs: Mapping[str, Any], say: Say | None = None) -> Group:
    w = say or english
    board = Table(title="Splendor", show_header=True, header_style="bold")
    board.add_column(w("terminal.view.splendor.tier"))
    for i in range(4):
        board.add_column(w("terminal.view.splendor.slot", n=i + 1))
    board.add_column(w("terminal.view.splendor.deck"))
    for tier in (3, 2, 1):
        row = obs["display"][tier - 1]
        board.add_row(str(tier), *(card_text(c, w) for c in row), str(obs["decks"][tier - 1]))
    nobles = Text(w("terminal.view.splendor.nobles"))
    for i, noble in enumerate(obs["nobles"]):
        if noble is not None:
            nobles.append(f"{i + 1}:")
            nobles.append_text(counts(noble["requires"]))
            nobles.append(" ")
    supply = Text(w("terminal.view.splendor.supply")).append_text(counts(obs["supply"], skip_zero=False))

    seats = Table(show_header=True, header_style="bold")
    for col in ("seat", "points", "tokens", "bonuses", "noble_count", "reserved"):
        seats.add_column(w(f"terminal.view.splendor.{col}"))
    for p, pl in enumerate(obs["players"]):
        marker = "▶ " if obs["current_player"] == p else "  "
        you = " " + w("terminal.view.you") if obs["seat"] == p else ""
        # one reserved card a line: a card never breaks across lines
        reserved = Text("\n").join(card_text(c, w) for c in pl["reserved"]) if pl["reserved"] else Text("-", style="dim")
        seats.add_row(
            f"{marker}{p + 1}{you}", str(pl["points"]), counts(pl["tokens"]), counts(pl["bonuses"]), str(len(pl["nobles"])), reserved
        )
    status = []
    if obs["final_round"]:
        status.append(Text(w("terminal.view.splendor.final_round"), style="bold yellow"))
    if obs["phase"] == "return":
        status.append(Text(w("terminal.view.splendor.return", n=obs["to_return"]), style="bold"))
    if obs["phase"] == "noble":
        status.append(Text(w("terminal.view.splendor.noble_choice"), style="bold"))
    return Group(board, nobles, supply, seats, *status)


# -- terminal hooks (meeple.terminal.texts): help and moves in words, as catalogue keys with event-style params ----

#: One example of each kind of move (docs/rules/splendor.md, "Notation"), with its catalogue explanation.
HELP = (
    ("take wug", "take_three"),
    ("take w", "take_fewer"),
    ("take rr", "take_two"),
    ("reserve 1.3", "reserve"),
    ("reserve deck 2", "reserve_deck"),
    ("buy 2.4", "buy"),
    ("buy r1", "buy_reserved"),
    ("buy 2.4 gold:wr", "buy_gold"),
    ("return k", "return"),
    ("return gold", "return_gold"),
    ("noble 2", "noble"),
    ("pass", "pass"),
)
Phrase = tuple[str, dict[str, Any]]


def help_entries(obs: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(example, f"terminal.help.splendor.{key}", {}) for example, key in HELP]


def help_symbols(obs: Mapping[str, Any]) -> list[Phrase]:
    colours = {"pairs": [[LETTER[c], {"term": f"splendor.{c}", "text": c}] for c in COLOURS]}
    return [
        ("terminal.help.splendor.colours", {"colours": colours, "gold": {"term": "splendor.gold", "text": "gold"}}),
        ("terminal.help.splendor.slots", {}),
        ("terminal.help.splendor.cards", {}),
    ]


def _cost(cost: Mapping[str, int]) -> str:
    return " ".join(f"{n}{LETTER[c]}" for c, n in cost.items() if n) or "0"


def _card_words(card: Mapping[str, Any] | None) -> Phrase | None:
    if card is None:
        return None
    if card.get("hidden"):
        return "terminal.splendor.hidden_card", {"tier": card["tier"]}
    bonus = {"term": f"splendor.{card['bonus']}", "text": card["bonus"]}
    return "terminal.splendor.card", {"bonus": bonus, "points": card["points"], "cost": _cost(card["cost"])}


def move_words(obs: Mapping[str, Any], notation: str) -> Phrase | None:
    """The card a buy or reserve names, the noble a ``noble`` move names; other moves say it in their notation."""
    words = notation.split()
    if words[0] in ("buy", "reserve") and len(words) > 1 and "." in words[1]:
        tier, slot = (int(x) for x in words[1].split("."))
        return _card_words(obs["display"][tier - 1][slot - 1])
    if words[0] == "buy" and words[1].startswith("r"):
        reserved = obs["players"][obs["seat"]]["reserved"] if obs["seat"] is not None else []
        k = int(words[1][1:]) - 1
        return _card_words(reserved[k]) if k < len(reserved) else None
    if words[0] == "reserve" and words[1] == "deck":
        return "terminal.splendor.deck_card", {"tier": words[2]}
    if words[0] == "noble":
        noble = obs["nobles"][int(words[1]) - 1]
        return ("terminal.splendor.noble", {"points": noble["points"], "needs": _cost(noble["requires"])}) if noble else None
    return None
