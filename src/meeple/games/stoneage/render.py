"""Stone Age in the terminal, drawn from an observation only (so it can never show hidden cards)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.words import english_words

from .data import LETTERS, LOCATION_NAMES, RESOURCES

STYLE = {"wood": "yellow", "clay": "red", "stone": "bright_black", "gold": "bold yellow", "food": "green"}
SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold magenta")
SPOT = {"hunt": "∞", "forest": "7", "clay": "7", "quarry": "7", "river": "7", "toolmaker": "1", "hut": "2", "field": "1"}
#: The view's words in English. ``render(obs, say)`` asks ``say`` for them instead (the terminal passes the player's
#: catalogue, where the same keys stand in i18n/<lang>.terminal.json; tests/test_terminal.py checks they agree).
#: Place names stay in the notation's words (``hunt``, ``card 2``): they are what a player types.
WORDS = {
    "terminal.view.stoneage.title": "Stone Age — round {round}, start player {start}",
    "terminal.view.stoneage.civ_cards": "Civilization cards (deck: {deck})",
    "terminal.view.stoneage.stacks": "Building stacks",
    "terminal.view.stoneage.place": "place",
    "terminal.view.stoneage.room": "room",
    "terminal.view.stoneage.gives": "gives",
    "terminal.view.stoneage.by_seat": "people (by seat)",
    "terminal.view.stoneage.gives_hunt": "food (dice ÷ 2)",
    "terminal.view.stoneage.gives_forest": "wood (dice ÷ 3)",
    "terminal.view.stoneage.gives_clay": "clay (dice ÷ 4)",
    "terminal.view.stoneage.gives_quarry": "stone (dice ÷ 5)",
    "terminal.view.stoneage.gives_river": "gold (dice ÷ 6)",
    "terminal.view.stoneage.gives_toolmaker": "+1 tool",
    "terminal.view.stoneage.gives_hut": "+1 person",
    "terminal.view.stoneage.gives_field": "+1 agriculture",
    "terminal.view.stoneage.card_cost": "pay {n}: ",
    "terminal.view.stoneage.left": "({n} left)",
    "terminal.view.stoneage.kinds": "{count} of {kinds} kind(s)",
    "terminal.view.stoneage.any": "1-7 any",
    "terminal.view.stoneage.seat": "seat",
    "terminal.view.stoneage.score": "score",
    "terminal.view.stoneage.people": "people",
    "terminal.view.stoneage.food": "food",
    "terminal.view.stoneage.agri": "agri",
    "terminal.view.stoneage.goods": "goods",
    "terminal.view.stoneage.tools": "tools",
    "terminal.view.stoneage.cards": "cards",
    "terminal.view.stoneage.bldgs": "bldgs",
    "terminal.view.stoneage.once": "+{v}(once)",
    "terminal.view.stoneage.two_resources": "2-res",
    "terminal.view.stoneage.secret": "+{n} secret",
    "terminal.view.stoneage.hidden": "+{n} hidden",
    "terminal.view.you": "(you)",
    "terminal.view.empty": "(empty)",
    "terminal.view.stoneage.phase": "Phase: {phase}",
    "terminal.view.stoneage.rolled": "Rolled {dice} dice for {yields}: total {total} so far. Add tools or 'done'.",
    "terminal.view.stoneage.to_roll": "About to roll {dice} dice for {yields}: tools add {total} so far. Add tools, then 'done' to roll.",
    "terminal.view.stoneage.paying": "Paying for {what}: 'pay ...' (w c s g) or 'decline'.",
    "terminal.view.stoneage.dice_for_all": "Dice for all: {dice} — take one: 1 wood, 2 clay, 3 stone, 4 gold, 5 tool, 6 agriculture.",
    "terminal.view.stoneage.food_missing": "{n} food missing: 'feed w/c/s/g' for each, or 'starve' (−10).",
    "terminal.view.stoneage.last_round": "A building stack is empty: this is the last round.",
}
Say = Callable[..., str]


#: A word of the view in English (a game term as itself).
english = english_words(WORDS)


def resources(d: Mapping[str, int]) -> Text:
    t = Text()
    for name, letter in zip(RESOURCES, LETTERS, strict=True):
        if d[name]:
            t.append(f"{d[name]}{letter} ", style=STYLE[name])
    return t if t.plain else Text("-", style="dim")


def card_text(card: Mapping[str, Any], say: Say = english) -> str:
    """A civilization card: its immediate effect / its bottom (culture symbol, or a multiplier of a kind)."""
    top = say(f"term.{card['top']}") + ("" if card["top"] == "dice_for_all" else f" {card['value']}")
    kind = card["bottom"]
    bottom = say(f"term.{card['bottom_value']}") if kind == "culture" else f"{card['bottom_value']}× {say(f'term.{kind}')}"
    return f"{top} / {bottom}"


def tile_text(tile: Mapping[str, Any] | None, say: Say = english) -> str:
    if tile is None:
        return say("terminal.view.empty")
    if tile["kind"] == "fixed":
        cost = "".join(LETTERS[i] * tile["cost"][r] for i, r in enumerate(RESOURCES))
        return f"{cost} = {tile['points']}"
    if tile["kind"] == "count_kinds":
        return say("terminal.view.stoneage.kinds", count=tile["count"], kinds=tile["kinds"])
    return say("terminal.view.stoneage.any")


def who_is_where(obs: Mapping[str, Any]) -> dict[str, Text]:
    spots: dict[str, Text] = {name: Text() for name in LOCATION_NAMES}
    for p, pl in enumerate(obs["players"]):
        for name, n in pl["placed"].items():
            spots[name].append(f"{p + 1}" * n, style=SEAT_STYLE[p % 4])
    return spots


def render(obs: Mapping[str, Any], say: Say | None = None) -> Group:
    w = say or english
    spots = who_is_where(obs)
    # one table of every place a person can go, so the whole board fits a terminal screen
    title = w("terminal.view.stoneage.title", round=obs["round"], start=obs["start_player"] + 1)
    board = Table(title=title, header_style="bold", box=box.SIMPLE_HEAD)
    for col in ("place", "room", "gives", "by_seat"):
        board.add_column(w(f"terminal.view.stoneage.{col}"))
    for name in ("hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field"):
        board.add_row(name, SPOT[name], w(f"terminal.view.stoneage.gives_{name}"), spots[name])
    board.add_section()
    board.add_row("", "", Text(w("terminal.view.stoneage.civ_cards", deck=obs["deck"]), style="bold"), "")
    for slot in range(3, -1, -1):
        card = obs["display"][slot]
        name = f"card {slot + 1}"
        what = (
            Text(w("terminal.view.stoneage.card_cost", n=slot + 1)).append(card_text(card, w))
            if card
            else Text(w("terminal.view.empty"), style="dim")
        )
        board.add_row(name, "1", what, spots[name])
    board.add_section()
    board.add_row("", "", Text(w("terminal.view.stoneage.stacks"), style="bold"), "")
    for i, st in enumerate(obs["stacks"]):
        what = Text(tile_text(st["top"], w)).append("  " + w("terminal.view.stoneage.left", n=st["size"]), style="dim")
        board.add_row(f"building {i + 1}", "1", what, spots[f"building {i + 1}"])

    seats = Table(header_style="bold", box=box.SIMPLE_HEAD)
    for col in ("seat", "score", "people", "food", "agri", "goods", "tools", "cards", "bldgs"):
        seats.add_column(w(f"terminal.view.stoneage.{col}"))
    for p, pl in enumerate(obs["players"]):
        marker = "▶ " if obs["current_player"] == p else "  "
        you = " " + w("terminal.view.you") if obs["seat"] == p else ""
        tools = Text()
        for tool in pl["tools"]:
            tools.append(f"{tool['value']}", style="dim strike" if tool["used"] else "bold")
            tools.append(" ")
        for v in pl["one_use_tools"]:
            tools.append(w("terminal.view.stoneage.once", v=v) + " ", style="cyan")
        if pl["two_resources_card"]:
            tools.append(w("terminal.view.stoneage.two_resources") + " ", style="cyan")
        extra = pl["extra_cards"]
        secret = (
            " " + w("terminal.view.stoneage.secret", n=len(extra))
            if isinstance(extra, list) and extra
            else (" " + w("terminal.view.stoneage.hidden", n=extra) if isinstance(extra, int) and extra else "")
        )
        people = f"{pl['people']}" + (" " + w("terminal.view.stoneage.left", n=pl["unplaced"]) if obs["phase"] == "place" else "")
        seats.add_row(
            Text(f"{marker}{p + 1}{you}", style=SEAT_STYLE[p % 4]),
            str(pl["score"]),
            people,
            str(pl["food"]),
            str(pl["agriculture"]),
            resources(pl["resources"]),
            tools if tools.plain else Text("-", style="dim"),
            f"{len(pl['cards'])}{secret}",
            str(len(pl["buildings"])),
        )
    status = [Text(w("terminal.view.stoneage.phase", phase=w(f"term.{obs['phase']}")), style="bold")]
    if obs["roll"]:
        r = obs["roll"]
        key = "terminal.view.stoneage.rolled" if r.get("rolled", True) else "terminal.view.stoneage.to_roll"
        status.append(Text(w(key, dice=r["dice"], yields=w(f"term.{r['yields']}"), total=r["total"])))
    if obs["paying_for"]:
        status.append(Text(w("terminal.view.stoneage.paying", what=obs["paying_for"])))
    if obs["dice_for_all"]:
        status.append(Text(w("terminal.view.stoneage.dice_for_all", dice=obs["dice_for_all"])))
    if obs["food_missing"]:
        status.append(Text(w("terminal.view.stoneage.food_missing", n=obs["food_missing"])))
    if obs["last_round"]:
        status.append(Text(w("terminal.view.stoneage.last_round"), style="bold yellow"))
    return Group(board, seats, *status)


# -- terminal hooks (meeple.terminal.texts): help, moves in words, payments grouped --------------------------------

#: One example of each kind of move (docs/rules/stoneage.md, "Notation"), with its catalogue explanation.
HELP = (
    ("place hunt 3", "place_hunt"),
    ("place forest 2", "place_gather"),
    ("place toolmaker", "place_toolmaker"),
    ("place hut", "place_hut"),
    ("place field", "place_field"),
    ("place card 2", "place_card"),
    ("place building 1", "place_building"),
    ("use quarry", "use"),
    ("tool 2", "tool"),
    ("once 3", "once"),
    ("done", "done"),
    ("pay wwc", "pay"),
    ("decline", "decline"),
    ("die 5", "die"),
    ("feed s", "feed"),
    ("starve", "starve"),
    ("cash wg", "cash"),
)
#: What each face of a dice-for-all die gives (§5.6).
DIE_FACES = ("wood", "clay", "stone", "gold", "tool", "agriculture")
LETTER_OF = dict(zip(LETTERS, RESOURCES, strict=True))
Phrase = tuple[str, dict[str, Any]]


def help_entries(obs: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(example, f"terminal.help.stoneage.{key}", {}) for example, key in HELP]


def help_symbols(obs: Mapping[str, Any]) -> list[Phrase]:
    return [
        ("terminal.help.stoneage.letters", {"letters": {"pairs": [[x, {"term": r}] for x, r in zip(LETTERS, RESOURCES, strict=True)]}}),
        ("terminal.help.stoneage.board", {}),
        ("terminal.help.stoneage.grouped", {}),
    ]


def _amounts(letters_text: str) -> dict[str, int]:
    return {r: letters_text.count(x) for x, r in LETTER_OF.items()}


def _card_words(card: Mapping[str, Any] | None) -> Phrase | None:
    if card is None:
        return None
    top: Any = {"counts": {card["top"]: card["value"]}} if card["value"] else {"term": card["top"]}
    if card["bottom"] == "culture":
        bottom: Any = {"term": card["bottom_value"]}
    else:
        bottom = {"phrase": ("terminal.stoneage.multiplier", {"n": card["bottom_value"], "who": {"term": card["bottom"]}})}
    return "terminal.stoneage.card", {"top": top, "bottom": bottom}


def _tile_words(tile: Mapping[str, Any] | None) -> Phrase | None:
    if tile is None:
        return None
    if tile["kind"] == "fixed":
        return "terminal.stoneage.tile_fixed", {"cost": {"counts": {r: n for r, n in tile["cost"].items() if n}}, "points": tile["points"]}
    if tile["kind"] == "count_kinds":
        return "terminal.stoneage.tile_kinds", {"count": tile["count"], "kinds": tile["kinds"]}
    return "terminal.stoneage.tile_any", {"low": tile.get("count_min", 1), "high": tile.get("count_max", 7)}


def move_words(obs: Mapping[str, Any], notation: str) -> Phrase | None:
    """The card or building a move names, what a die gives, what a payment is in resources."""
    words = notation.split()
    if words[0] in ("place", "use") and words[1] == "card":
        return _card_words(obs["display"][int(words[2]) - 1])
    if words[0] in ("place", "use") and words[1] == "building":
        return _tile_words(obs["stacks"][int(words[2]) - 1]["top"])
    if words[0] == "die":
        return "terminal.stoneage.die", {"gain": {"term": DIE_FACES[int(words[1]) - 1]}}
    if words[0] in ("pay", "cash"):
        return "terminal.stoneage.resources", {"what": {"counts": _amounts(words[1])}}
    if words[0] == "feed":
        return "terminal.stoneage.feed", {"what": {"term": LETTER_OF[words[1]]}}
    return None


def choice_group(notation: str) -> tuple[str, list[tuple[Any, int]]] | None:
    """A payment is one choice of how many wood, clay, stone and gold: offered as one group, not one line each."""
    words = notation.split()
    if words[0] != "pay":
        return None
    amounts = _amounts(words[1])
    return "pay", [({"term": r}, amounts[r]) for r in RESOURCES]
