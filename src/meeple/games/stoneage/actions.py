"""Stone Age's fixed action space and its notation (docs/rules/stoneage.md, "Notation").

One decision per action; a turn with several choices is a sequence of them:

    place hunt 3       placement (§4): 3 people on the hunting grounds
    place forest 2     clay, quarry, river alike; ``place toolmaker``, ``place hut`` (2 people), ``place field``
    place card 2       the card slot that costs 2 (slot 1 is the right-most and costs 1)
    place building 1   building stack 1
    use quarry         actions phase (§5.1): resolve this location next (only asked when the order matters)
    tool 2             add an unused tool tile of value 2 to the roll just made (§5.2, §6)
    once 3             add the one-use tool card of value 3 to the roll
    done               take the roll's yield
    pay wwc            pay these resources (w wood, c clay, s stone, g gold) for the card or building (§5.6, §5.7)
    decline            leave the card or building; the person just goes home
    die 5              take the die showing 5 from a dice-for-all roll (§5.6)
    feed s             pay 1 stone for 1 missing food (§7)
    starve             take −10 points instead of paying the food shortfall with resources (§7)
    cash wg            use the "2 resources" card: take these two resources (any time, §5.6)
"""

from __future__ import annotations

import itertools
import re

from meeple.core import Action, IllegalAction

from .data import HUNT, HUT, LETTERS, LOCATION_NAMES, NUM_LOCATIONS, TOOL_MAKER

PLACE, USE, TOOL, ONCE, DONE, PAY, DECLINE, DIE, FEED, STARVE, CASH = range(11)


class StoneAgeAction(Action):
    """``kind`` is one of the constants above.

    PLACE: loc, count. USE: loc. TOOL: value (a tool tile's value). ONCE: value (a one-use tool card).
    PAY, CASH: counts (4 resource counts). DIE: face (1..6). FEED: resource index.
    """

    __slots__ = ("count", "counts", "kind", "loc", "value")

    def __init__(self, id: int, text: str, kind: int, loc: int = -1, count: int = 0, value: int = 0, counts: tuple[int, ...] = ()) -> None:
        super().__init__(id, text)
        self.kind = kind
        self.loc = loc
        self.count = count
        self.value = value
        self.counts = counts


def letters(counts: tuple[int, ...]) -> str:
    return "".join(LETTERS[r] * n for r, n in enumerate(counts))


def multisets(size: int) -> list[tuple[int, int, int, int]]:
    """Every way to choose ``size`` resources, as counts, in a fixed order (more wood first)."""
    out = [c for c in itertools.product(range(size + 1), repeat=4) if sum(c) == size]
    return sorted(out, reverse=True)  # type: ignore[arg-type]


def place_counts(loc: int) -> range:
    """How many people one placement may put on a location (§4.2)."""
    if loc == HUNT:
        return range(1, 11)
    if loc < TOOL_MAKER:
        return range(1, 8)
    if loc == HUT:
        return range(2, 3)
    return range(1, 2)


MAX_PAY = 7


def _build() -> tuple[list[StoneAgeAction], dict[str, StoneAgeAction]]:
    table: list[StoneAgeAction] = []

    def add(text: str, kind: int, **kw: object) -> None:
        table.append(StoneAgeAction(len(table), text, kind, **kw))  # type: ignore[arg-type]

    for loc in range(NUM_LOCATIONS):
        for n in place_counts(loc):
            shown = f" {n}" if loc < TOOL_MAKER else ""
            add(f"place {LOCATION_NAMES[loc]}{shown}", PLACE, loc=loc, count=n)
    for loc in range(NUM_LOCATIONS):
        add(f"use {LOCATION_NAMES[loc]}", USE, loc=loc)
    for v in range(1, 5):
        add(f"tool {v}", TOOL, value=v)
    for v in range(2, 5):
        add(f"once {v}", ONCE, value=v)
    add("done", DONE)
    for size in range(1, MAX_PAY + 1):
        for c in multisets(size):
            add(f"pay {letters(c)}", PAY, counts=c)
    add("decline", DECLINE)
    for face in range(1, 7):
        add(f"die {face}", DIE, value=face)
    for r in range(4):
        add(f"feed {LETTERS[r]}", FEED, value=r)
    add("starve", STARVE)
    for c in multisets(2):
        add(f"cash {letters(c)}", CASH, counts=c)
    return table, {a.text: a for a in table}


ACTIONS, BY_TEXT = _build()
NUM_ACTIONS = len(ACTIONS)

#: PLACE_BY[loc][n] is the action placing n people there (None where n is not allowed).
PLACE_BY: list[list[StoneAgeAction | None]] = [[None] * 11 for _ in range(NUM_LOCATIONS)]
for _a in ACTIONS:
    if _a.kind == PLACE:
        PLACE_BY[_a.loc][_a.count] = _a
USE_BY = [next(a for a in ACTIONS if a.kind == USE and a.loc == loc) for loc in range(NUM_LOCATIONS)]
TOOL_BY = {a.value: a for a in ACTIONS if a.kind == TOOL}
ONCE_BY = {a.value: a for a in ACTIONS if a.kind == ONCE}
DONE_ACTION = BY_TEXT["done"]
DECLINE_ACTION = BY_TEXT["decline"]
STARVE_ACTION = BY_TEXT["starve"]
DIE_BY = {a.value: a for a in ACTIONS if a.kind == DIE}
FEED_BY = [BY_TEXT[f"feed {x}"] for x in LETTERS]
#: PAY_BY_SIZE[n]: the pay actions of n resources, as (counts, action).
PAY_BY_SIZE: list[list[tuple[tuple[int, ...], StoneAgeAction]]] = [[] for _ in range(MAX_PAY + 1)]
for _a in ACTIONS:
    if _a.kind == PAY:
        PAY_BY_SIZE[sum(_a.counts)].append((_a.counts, _a))
PAY_BY_COUNTS = {a.counts: a for a in ACTIONS if a.kind == PAY}
CASH_ACTIONS = [(a.counts, a) for a in ACTIONS if a.kind == CASH]

_LOC_WORDS = {
    "hunt": "hunt", "hunting": "hunt", "hunting grounds": "hunt", "food": "hunt",
    "forest": "forest", "wood": "forest",
    "clay": "clay", "clay pit": "clay", "claypit": "clay", "pit": "clay", "brick": "clay",
    "quarry": "quarry", "stone": "quarry",
    "river": "river", "gold": "river",
    "toolmaker": "toolmaker", "tool maker": "toolmaker", "tools": "toolmaker", "tool": "toolmaker",
    "hut": "hut", "love hut": "hut", "field": "field", "agriculture": "field",
}  # fmt: skip
_RES_WORDS = {"wood": "w", "clay": "c", "brick": "c", "stone": "s", "gold": "g"}
_LETTER_ORDER = {x: i for i, x in enumerate(LETTERS)}


def _location(words: str) -> str:
    """A location name in canonical form (number of people excluded)."""
    words = words.strip()
    m = re.fullmatch(r"(card|slot|civ|civilization|civilisation)\s*(?:card\s*)?([1-4])", words)
    if m:
        return f"card {m.group(2)}"
    m = re.fullmatch(r"(building|stack|bldg|b)\s*([1-4])", words)
    if m:
        return f"building {m.group(2)}"
    if words in _LOC_WORDS:
        return _LOC_WORDS[words]
    raise IllegalAction(f"'{words}' is not a location (hunt, forest, clay, quarry, river, toolmaker, hut, field, card 1-4, building 1-4)")


def _resources(words: list[str]) -> tuple[int, int, int, int]:
    """Resource letters or words, with optional counts (``2w c``, ``wood wood clay``), as counts."""
    counts = [0, 0, 0, 0]
    for word in words:
        m = re.fullmatch(r"(\d*)([a-z]+)", word)
        if not m:
            raise IllegalAction(f"'{word}' is not a resource (w wood, c clay, s stone, g gold)")
        times = int(m.group(1)) if m.group(1) else 1
        body = _RES_WORDS.get(m.group(2), m.group(2))
        if body in _LETTER_ORDER:
            counts[_LETTER_ORDER[body]] += times
        elif not m.group(1) and all(ch in _LETTER_ORDER for ch in body):
            for ch in body:
                counts[_LETTER_ORDER[ch]] += 1
        else:
            raise IllegalAction(f"'{word}' is not a resource (w wood, c clay, s stone, g gold; food cannot pay)")
    return counts[0], counts[1], counts[2], counts[3]


def read(text: str) -> StoneAgeAction:
    """The action a notation names (spacing, case and common synonyms tolerated)."""
    norm = " ".join(text.lower().replace(",", " ").replace("+", " ").split())
    hit = BY_TEXT.get(norm)
    if hit is not None:
        return hit
    if not norm:
        raise IllegalAction("empty notation: type an action such as 'place hunt 3', 'use forest', 'pay wc' or 'done'")
    verb, _, rest = norm.partition(" ")
    canonical: str | None = None
    if verb == "place" and rest:
        m = re.fullmatch(r"(.*?)\s*(\d+)?", rest)
        assert m is not None
        if re.fullmatch(r"(card|slot|civ|civilization|civilisation|building|stack|bldg|b)\s*[1-4]", rest):
            loc, n = _location(rest), None
        else:
            loc, n = _location(m.group(1)), m.group(2)
        if loc in ("hunt", "forest", "clay", "quarry", "river"):
            canonical = f"place {loc} {n or 1}"
        elif loc == "hut":
            if n not in (None, "2"):
                raise IllegalAction(
                    f"'{text}': the hut takes exactly 2 people, placed together ('place hut'; "
                    "docs/rules/stoneage.md, Placement: the hut)"
                )
            canonical = "place hut"
        elif n not in (None, "1"):
            raise IllegalAction(
                f"'{text}': the {loc} takes exactly 1 person ('place {loc}'; docs/rules/stoneage.md, Placement: one person)"
            )
        else:
            canonical = f"place {loc}"
    elif verb in ("use", "resolve") and rest:
        canonical = f"use {_location(rest)}"
    elif verb in ("pay", "buy", "cash") and rest:
        counts = _resources(rest.split())
        canonical = f"{'cash' if verb == 'cash' else 'pay'} {letters(counts)}"
    elif verb == "feed" and rest:
        counts = _resources(rest.split())
        if sum(counts) == 1:
            canonical = f"feed {letters(counts)}"
    elif verb in ("tool", "once", "die") and rest.isdigit():
        canonical = f"{verb} {int(rest)}"
    elif norm in ("stop", "take", "yield", "no tools", "roll"):
        canonical = "done"
    elif norm in ("pass", "leave", "skip", "no"):
        canonical = "decline"
    elif norm in ("-10", "starve", "take -10", "penalty"):
        canonical = "starve"
    if canonical is not None and canonical in BY_TEXT:
        return BY_TEXT[canonical]
    raise IllegalAction(
        f"cannot read {text!r} as a Stone Age action; examples: 'place hunt 3', 'place hut', 'place card 2', "
        "'use quarry', 'tool 2', 'once 3', 'done', 'pay wwc', 'decline', 'die 5', 'feed s', 'starve', 'cash wg'"
    )
