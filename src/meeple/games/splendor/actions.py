"""Splendor's fixed action space and its notation (docs/rules/splendor.md, "Notation").

Canonical notation, one decision per action:

    take wug         take 3 different gems (fewer only where the rules allow it: ``take wu``, ``take w``)
    take rr          take 2 gems of the same colour
    reserve 1.3      reserve the face-up card in tier 1, slot 3 (slots count from 1, left to right)
    reserve deck 2   reserve the top card of the tier-2 deck, blind
    buy 2.4          buy a face-up card, paying coloured tokens first and gold for the shortfall
    buy r1           buy your first reserved card
    buy 2.4 gold:wr  the same purchase, paying gold instead of one white and one red token you hold
    return k         return one token (``return gold`` for a gold token) while over 10
    noble 2          receive the noble in slot 2 when several visit at once
    pass             only when no other action is legal

Letters: w white (diamond), u blue (sapphire), g green (emerald), r red (ruby), k black (onyx).
"""

from __future__ import annotations

import itertools
import re

from meeple.core import Action, IllegalAction

from .data import DISPLAY_PER_TIER, LETTERS, MAX_RESERVED, TIERS

TAKE, TAKE_TWO, RESERVE, RESERVE_DECK, BUY, RETURN, NOBLE, PASS = range(8)


class SplendorAction(Action):
    """``kind`` is one of the constants above; ``arg`` and ``gold`` depend on it.

    TAKE: arg = tuple of colour indices; TAKE_TWO: arg = colour; RESERVE: arg = display slot
    (0..11, tier-major); RESERVE_DECK: arg = tier index (0..2); BUY: arg = source (0..11 a
    display slot, 12..14 a reserve position), gold = extra gold used per colour; RETURN: arg =
    token kind (0..5, 5 = gold); NOBLE: arg = noble slot; PASS: no arg.
    """

    __slots__ = ("arg", "gold", "kind")

    def __init__(self, id: int, text: str, kind: int, arg: object = None, gold: tuple[int, ...] = (0, 0, 0, 0, 0)) -> None:
        super().__init__(id, text)
        self.kind = kind
        self.arg = arg
        self.gold = gold


DISPLAY_SLOTS = TIERS * DISPLAY_PER_TIER
BUY_SOURCES = DISPLAY_SLOTS + MAX_RESERVED
MAX_NOBLE_SLOTS = 5

#: Every way to pay gold instead of coloured tokens on top of the shortfall: per-colour counts, total ≤ 5.
GOLD_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    sorted((p for p in itertools.product(range(6), repeat=5) if sum(p) <= 5), key=lambda p: (sum(p), tuple(-x for x in p)))
)
GOLD_INDEX = {p: i for i, p in enumerate(GOLD_PATTERNS)}
NO_EXTRA_GOLD = GOLD_PATTERNS[0]


def slot_name(slot: int) -> str:
    return f"{slot // DISPLAY_PER_TIER + 1}.{slot % DISPLAY_PER_TIER + 1}"


def source_name(source: int) -> str:
    return slot_name(source) if source < DISPLAY_SLOTS else f"r{source - DISPLAY_SLOTS + 1}"


def letters(counts: tuple[int, ...]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


def _build() -> tuple[list[SplendorAction], dict[str, SplendorAction]]:
    table: list[SplendorAction] = []

    def add(text: str, kind: int, arg: object = None, gold: tuple[int, ...] = NO_EXTRA_GOLD) -> None:
        table.append(SplendorAction(len(table), text, kind, arg, gold))

    for size in (3, 2, 1):
        for combo in itertools.combinations(range(5), size):
            add("take " + "".join(LETTERS[c] for c in combo), TAKE, combo)
    for c in range(5):
        add(f"take {LETTERS[c] * 2}", TAKE_TWO, c)
    for slot in range(DISPLAY_SLOTS):
        add(f"reserve {slot_name(slot)}", RESERVE, slot)
    for tier in range(TIERS):
        add(f"reserve deck {tier + 1}", RESERVE_DECK, tier)
    for source in range(BUY_SOURCES):
        for pattern in GOLD_PATTERNS:
            suffix = f" gold:{letters(pattern)}" if sum(pattern) else ""
            add(f"buy {source_name(source)}{suffix}", BUY, source, pattern)
    for kind in range(6):
        add(f"return {LETTERS[kind] if kind < 5 else 'gold'}", RETURN, kind)
    for slot in range(MAX_NOBLE_SLOTS):
        add(f"noble {slot + 1}", NOBLE, slot)
    add("pass", PASS)
    return table, {a.text: a for a in table}


ACTIONS, BY_TEXT = _build()
NUM_ACTIONS = len(ACTIONS)
#: Id of the first BUY action; buy id = BUY_BASE + source * len(GOLD_PATTERNS) + pattern index.
BUY_BASE = next(a.id for a in ACTIONS if a.kind == BUY)
RETURN_BASE = next(a.id for a in ACTIONS if a.kind == RETURN)
NOBLE_BASE = next(a.id for a in ACTIONS if a.kind == NOBLE)
RESERVE_BASE = next(a.id for a in ACTIONS if a.kind == RESERVE)
RESERVE_DECK_BASE = next(a.id for a in ACTIONS if a.kind == RESERVE_DECK)
TAKE_TWO_BASE = next(a.id for a in ACTIONS if a.kind == TAKE_TWO)
PASS_ACTION = ACTIONS[-1]
TAKE_BY_COMBO = {a.arg: a for a in ACTIONS if a.kind == TAKE}


def buy_action(source: int, pattern: tuple[int, ...] = NO_EXTRA_GOLD) -> SplendorAction:
    return ACTIONS[BUY_BASE + source * len(GOLD_PATTERNS) + GOLD_INDEX[pattern]]


_WORDS = {
    "white": "w", "diamond": "w", "blue": "u", "sapphire": "u", "green": "g", "emerald": "g",
    "red": "r", "ruby": "r", "black": "k", "onyx": "k", "gold": "gold", "joker": "gold", "y": "gold",
}  # fmt: skip
_GEM_ORDER = {letter: i for i, letter in enumerate(LETTERS)}


def _gems(words: list[str]) -> str:
    """Colour words or letters, in any order and spacing, as canonical letters (sorted)."""
    out = []
    for word in words:
        word = _WORDS.get(word, word)
        if word in _GEM_ORDER:
            out.append(word)
        elif word != "gold" and all(ch in _GEM_ORDER for ch in word):
            out.extend(word)
        else:
            raise IllegalAction(f"'{word}' is not a gem colour (use w u g r k, or white/blue/green/red/black)")
    return "".join(sorted(out, key=_GEM_ORDER.__getitem__))


def read(text: str) -> SplendorAction:
    """The action a notation names (spacing, case, word order of colours and synonyms tolerated)."""
    norm = " ".join(text.lower().replace(",", " ").split())
    hit = BY_TEXT.get(norm)
    if hit is not None:
        return hit
    words = norm.split(" ")
    if not norm:
        raise IllegalAction("empty notation: type an action such as 'take wug', 'buy 1.3' or 'pass'")
    verb, rest = words[0], words[1:]
    canonical: str | None = None
    if verb == "take" and rest:
        canonical = "take " + _gems(rest)
    elif verb == "return" and len(rest) == 1:
        word = _WORDS.get(rest[0], rest[0])
        canonical = "return " + (word if word == "gold" else _gems([word]))
    elif verb == "reserve" and rest:
        m = re.fullmatch(r"(?:deck ?|d)([1-3])|([1-3])\.deck", " ".join(rest))
        canonical = f"reserve deck {m.group(1) or m.group(2)}" if m else "reserve " + " ".join(rest)
    elif verb == "buy" and rest:
        source, extra = rest[0], rest[1:]
        if extra:
            spec = " ".join(extra)
            spec = spec.removeprefix("gold").lstrip(":= ")
            canonical = f"buy {source} gold:{_gems(spec.split())}" if spec else f"buy {source}"
        else:
            canonical = f"buy {source}"
    elif verb == "noble" and len(rest) == 1:
        canonical = f"noble {rest[0]}"
    if canonical is not None and canonical in BY_TEXT:
        return BY_TEXT[canonical]
    raise IllegalAction(
        f"cannot read {text!r} as a Splendor action; examples: 'take wug', 'take rr', 'reserve 1.3', "
        "'reserve deck 2', 'buy 2.4', 'buy r1', 'buy 2.4 gold:wr', 'return k', 'noble 2', 'pass'"
    )
