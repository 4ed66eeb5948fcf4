"""Scythe's fixed action space and its notation (docs/rules/scythe.md, "Notation").

A turn is a sequence of small decisions by the same seat. Spaces are named ``col,row`` as in map.json.

    section 2              put the action token on column 2 of your mat (``section factory``: the Factory card)
    move | coins           the Move top action: move units, or gain coins instead
    power | cards          Bolster: gain power, or draw combat cards
    trade | popularity     Trade: gain 2 resources, or popularity
    produce                Produce
    no top                 skip the top action
    pick character         start moving a unit (``pick mech 3,4``, ``pick worker 3,4``)
    load wood              the moving unit picks up a resource token here (``load worker``: a mech picks up a worker)
    unload wood            the moving unit drops a carried token here (``unload worker``)
    to 3,4                 the moving unit steps to an adjacent space
    stop                   the moving unit ends its move (it drops what it carries)
    done                   end the current list of choices (the Move, Trade or Produce top action)
    put food 3,4           Trade: place one gained resource token
    produce 3,4            Produce on one territory
    upgrade power>deploy   Upgrade: cube from a top-row slot to a bottom action's cost space
    deploy m2 3,4          Deploy the mech covering mech ability 2 (1 Riverwalk, 2 movement, 3 combat, 4 Speed)
    build mill 3,4         Build a structure
    enlist build coins     Enlist: the recruit of the Build section, taking the one-time bonus of 2 coins
    bottom only            pay the bottom action for its coins and recruit bonuses, without the primary benefit
    end turn               skip the bottom action
    pay 3,4                pay one token of the bottom action's resource from this territory
    pay card 2             Crimea (Coercion): spend a combat card of value 2 as the resource; also the card a
                           Factory card's top action costs
    fight 3,4              the attacker chooses the combat to resolve next (§8)
    artillery | no artillery   Nordic Artillery before a combat: pay 1 power, the opponent loses 2
    dial 5                 set the power dial of a combat (0..min(7, power)), secretly
    cards 5+4              the combat cards tucked behind the dial, all at once (``cards none``: no card)
    retreat home | retreat 2,2   the loser of a combat retreats (Nordic Seaworthy: onto an adjacent lake)
    option a               an encounter card's option (a, b, c); a Factory card's "choose one" gain
    factory top            the top action of your Factory card
    factory move           the bottom action of your Factory card: one unit up to 2 territories
    keep factory 7         keep Factory card 7 (your character reached the Factory)
    reveal 12              reveal objective card 12 (its condition holds now)
"""

from __future__ import annotations

import re

from meeple.core import Action, IllegalAction

from .data import (
    BOTTOM_ACTIONS,
    FACTORY_CARDS,
    LAKES,
    MECH_ABILITIES,
    NUM_SPACES,
    OBJECTIVES,
    RECRUIT_BONUSES,
    RESOURCES,
    SPACE_INDEX,
    SPACE_NAMES,
    STRUCTURES,
    TOP_SLOTS,
)

(
    SECTION, TOP, NO_TOP, PICK_CHAR, PICK_MECH, PICK_WORKER, LOAD, LOAD_WORKER, UNLOAD, UNLOAD_WORKER, STEP, STOP, DONE,
    PUT, PRODUCE_AT, UPGRADE, DEPLOY, BUILD, ENLIST, BOTTOM_ONLY, END_TURN, PAY, PAY_CARD,
    # combat, encounters, the Factory and objectives (appended later, so the ids above never changed)
    FIGHT, ARTILLERY, NO_ARTILLERY, DIAL, CARDS, RETREAT_HOME, RETREAT, OPTION, FACTORY_TOP, FACTORY_MOVE,
    KEEP_FACTORY, REVEAL,
) = range(35)  # fmt: skip

#: Top-action options: (notation, top action index, option index within it).
TOP_OPTIONS = (("move", 0, 0), ("coins", 0, 1), ("power", 1, 0), ("cards", 1, 1), ("trade", 2, 0), ("popularity", 2, 1), ("produce", 3, 0))
OPT_MOVE, OPT_COINS, OPT_POWER, OPT_CARDS, OPT_TRADE, OPT_POPULARITY, OPT_PRODUCE = range(7)
FACTORY_SECTION = 4
#: A combat card set: how many cards of value 2, 3, 4, 5; at most 6 cards (a character, 4 mechs and People's Army).
MAX_COMBAT_CARDS = 6
CARD_SETS = tuple(
    sorted(
        ((a, b, c, d) for a in range(7) for b in range(7) for c in range(7) for d in range(7) if a + b + c + d <= MAX_COMBAT_CARDS),
        key=lambda k: (sum(k), k[::-1]),
    )
)


def card_set_text(counts: tuple[int, ...]) -> str:
    """``5+4+2`` (highest first), or ``none``."""
    values = [str(v) for i, v in reversed(list(enumerate((2, 3, 4, 5)))) for _ in range(counts[i])]
    return "+".join(values) or "none"


class ScytheAction(Action):
    """``kind`` is one of the constants above; ``a`` and ``b`` are its arguments (space, resource, slot...)."""

    __slots__ = ("a", "b", "kind")

    def __init__(self, id: int, text: str, kind: int, a: int = -1, b: int = -1) -> None:
        super().__init__(id, text)
        self.kind = kind
        self.a = a
        self.b = b


def _build() -> tuple[list[ScytheAction], dict[str, ScytheAction]]:
    table: list[ScytheAction] = []

    def add(text: str, kind: int, a: int = -1, b: int = -1) -> None:
        table.append(ScytheAction(len(table), text, kind, a, b))

    for c in range(4):
        add(f"section {c + 1}", SECTION, c)
    add("section factory", SECTION, FACTORY_SECTION)
    for i, (name, _, _) in enumerate(TOP_OPTIONS):
        add(name, TOP, i)
    add("no top", NO_TOP)
    add("pick character", PICK_CHAR)
    for h in range(NUM_SPACES):
        add(f"pick mech {SPACE_NAMES[h]}", PICK_MECH, h)
    for h in range(NUM_SPACES):
        add(f"pick worker {SPACE_NAMES[h]}", PICK_WORKER, h)
    for r, name in enumerate(RESOURCES):
        add(f"load {name}", LOAD, r)
    add("load worker", LOAD_WORKER)
    for r, name in enumerate(RESOURCES):
        add(f"unload {name}", UNLOAD, r)
    add("unload worker", UNLOAD_WORKER)
    for h in range(NUM_SPACES):
        add(f"to {SPACE_NAMES[h]}", STEP, h)
    add("stop", STOP)
    add("done", DONE)
    for r, name in enumerate(RESOURCES):
        for h in range(NUM_SPACES):
            add(f"put {name} {SPACE_NAMES[h]}", PUT, r, h)
    for h in range(NUM_SPACES):
        add(f"produce {SPACE_NAMES[h]}", PRODUCE_AT, h)
    for s, slot in enumerate(TOP_SLOTS):
        for b, bottom in enumerate(BOTTOM_ACTIONS):
            add(f"upgrade {slot}>{bottom}", UPGRADE, s, b)
    for m in range(4):
        for h in range(NUM_SPACES):
            add(f"deploy m{m + 1} {SPACE_NAMES[h]}", DEPLOY, m, h)
    for s, name in enumerate(STRUCTURES):
        for h in range(NUM_SPACES):
            add(f"build {name} {SPACE_NAMES[h]}", BUILD, s, h)
    for b, bottom in enumerate(BOTTOM_ACTIONS):
        for k, bonus in enumerate(RECRUIT_BONUSES):
            add(f"enlist {bottom} {bonus}", ENLIST, b, k)
    add("bottom only", BOTTOM_ONLY)
    add("end turn", END_TURN)
    for h in range(NUM_SPACES):
        add(f"pay {SPACE_NAMES[h]}", PAY, h)
    for v in (2, 3, 4, 5):
        add(f"pay card {v}", PAY_CARD, v)
    # -- combat (§8), encounters (§9), the Factory (§10), objectives (§11) --
    for h in range(NUM_SPACES):
        add(f"fight {SPACE_NAMES[h]}", FIGHT, h)
    add("artillery", ARTILLERY)
    add("no artillery", NO_ARTILLERY)
    for d in range(8):
        add(f"dial {d}", DIAL, d)
    for i, counts in enumerate(CARD_SETS):
        add(f"cards {card_set_text(counts)}", CARDS, i)
    add("retreat home", RETREAT_HOME)
    for h in LAKES:
        add(f"retreat {SPACE_NAMES[h]}", RETREAT, h)
    for i, letter in enumerate("abc"):
        add(f"option {letter}", OPTION, i)
    add("factory top", FACTORY_TOP)
    add("factory move", FACTORY_MOVE)
    for c in FACTORY_CARDS:
        add(f"keep factory {c}", KEEP_FACTORY, c)
    for c in OBJECTIVES:
        add(f"reveal {c}", REVEAL, c)
    return table, {a.text: a for a in table}


ACTIONS, BY_TEXT = _build()
NUM_ACTIONS = len(ACTIONS)


def _base(kind: int) -> int:
    return next(a.id for a in ACTIONS if a.kind == kind)


SECTION_BASE = _base(SECTION)
TOP_BASE = _base(TOP)
NO_TOP_ACTION = ACTIONS[_base(NO_TOP)]
PICK_CHAR_ACTION = ACTIONS[_base(PICK_CHAR)]
PICK_MECH_BASE = _base(PICK_MECH)
PICK_WORKER_BASE = _base(PICK_WORKER)
LOAD_BASE = _base(LOAD)
LOAD_WORKER_ACTION = ACTIONS[_base(LOAD_WORKER)]
UNLOAD_BASE = _base(UNLOAD)
UNLOAD_WORKER_ACTION = ACTIONS[_base(UNLOAD_WORKER)]
STEP_BASE = _base(STEP)
STOP_ACTION = ACTIONS[_base(STOP)]
DONE_ACTION = ACTIONS[_base(DONE)]
PUT_BASE = _base(PUT)
PRODUCE_BASE = _base(PRODUCE_AT)
UPGRADE_BASE = _base(UPGRADE)
DEPLOY_BASE = _base(DEPLOY)
BUILD_BASE = _base(BUILD)
ENLIST_BASE = _base(ENLIST)
BOTTOM_ONLY_ACTION = ACTIONS[_base(BOTTOM_ONLY)]
END_TURN_ACTION = ACTIONS[_base(END_TURN)]
PAY_BASE = _base(PAY)
PAY_CARD_BASE = _base(PAY_CARD)
FIGHT_BASE = _base(FIGHT)
ARTILLERY_ACTION = ACTIONS[_base(ARTILLERY)]
NO_ARTILLERY_ACTION = ACTIONS[_base(NO_ARTILLERY)]
DIAL_BASE = _base(DIAL)
CARDS_BASE = _base(CARDS)
CARD_SET_INDEX = {counts: i for i, counts in enumerate(CARD_SETS)}
RETREAT_HOME_ACTION = ACTIONS[_base(RETREAT_HOME)]
RETREAT_ACTIONS = {a.a: a for a in ACTIONS if a.kind == RETREAT}
OPTION_BASE = _base(OPTION)
FACTORY_TOP_ACTION = ACTIONS[_base(FACTORY_TOP)]
FACTORY_MOVE_ACTION = ACTIONS[_base(FACTORY_MOVE)]
KEEP_FACTORY_ACTIONS = {a.a: a for a in ACTIONS if a.kind == KEEP_FACTORY}
REVEAL_ACTIONS = {a.a: a for a in ACTIONS if a.kind == REVEAL}

# -- tolerant reading ----------------------------------------------------------------------------------------------

_ABILITY_WORDS: dict[str, int] = {}
for _names in MECH_ABILITIES:
    for _i, _n in enumerate(_names):
        _ABILITY_WORDS[_n.lower().replace("'", "").replace(" ", "")] = _i
_WORDS = {
    "char": "character", "hero": "character", "c": "character", "m": "mech", "w": "worker",
    "sec": "section", "col": "section", "column": "section", "s": "section", "f": "factory",
    "pass": "end turn", "end": "end turn", "skip": "no top", "notop": "no top", "go": "to",
    "gold": "coins", "coin": "coins", "card": "card", "pop": "popularity", "fact": "factory",
    "opt": "option",
}  # fmt: skip
_HEX = re.compile(r"(\d)\s*,\s*(\d)")


def _read_cards(text: str, words: list[str]) -> ScytheAction:
    """``cards 2 5``, ``cards 5+2``, ``card 4``: a set of combat cards in any order; ``cards none`` or ``cards``."""
    values = [w for w in re.split(r"[+,\s]+", " ".join(words)) if w and w not in ("none", "no")]
    counts = [0, 0, 0, 0]
    for w in values:
        if w not in ("2", "3", "4", "5"):
            raise IllegalAction(f"cannot read {text!r}: combat cards are worth 2, 3, 4 or 5 (e.g. 'cards 5+4' or 'cards none')")
        counts["2345".index(w)] += 1
    i = CARD_SET_INDEX.get(tuple(counts))
    if i is None:
        raise IllegalAction(f"cannot read {text!r}: at most {MAX_COMBAT_CARDS} combat cards go into one combat")
    return ACTIONS[CARDS_BASE + i]


def read(text: str) -> ScytheAction:
    """The action a notation names: case, spacing, ``3, 4`` or ``3 4`` spaces and a few synonyms are tolerated."""
    if not isinstance(text, str):
        raise IllegalAction(f"notation must be a string, got {type(text).__name__}")
    norm = " ".join(_HEX.sub(r"\1,\2", text.lower()).split())
    hit = BY_TEXT.get(norm)
    if hit is not None:
        return hit
    words = [_WORDS.get(w, w) for w in norm.replace(">", " > ").split()]
    norm = " ".join(words)
    norm = re.sub(r"\b(\d) (\d)\b", r"\1,\2", norm)
    hit = BY_TEXT.get(norm) or BY_TEXT.get(norm.replace(" > ", ">"))
    if hit is not None:
        return hit
    words = norm.split()
    if words and words[0] in ("s", "section") and len(words) == 1:
        pass
    elif len(words) == 1 and re.fullmatch(r"s[1-4]", words[0]):
        return BY_TEXT[f"section {words[0][1]}"]
    if len(words) >= 2 and words[0] == "deploy":
        w = words[1].replace("'", "")
        if w in _ABILITY_WORDS and len(words) == 3:
            hit = BY_TEXT.get(f"deploy m{_ABILITY_WORDS[w] + 1} {words[2]}")
        elif len(words) == 4 and (words[1] + words[2]).replace("'", "") in _ABILITY_WORDS:
            hit = BY_TEXT.get(f"deploy m{_ABILITY_WORDS[(words[1] + words[2]).replace(chr(39), '')] + 1} {words[3]}")
        if hit is not None:
            return hit
    if words and words[0] in ("cards", "card"):
        return _read_cards(text, words[1:])
    if not norm:
        raise IllegalAction("empty notation: type an action such as 'section 2', 'move', 'to 3,4' or 'end turn'")
    for word in words:
        if "," in word and word not in SPACE_INDEX:
            raise IllegalAction(f"{word!r} is not a space of the board (spaces are col,row, e.g. 3,4 for the Factory)")
    raise IllegalAction(
        f"cannot read {text!r} as a Scythe action; examples: 'section 2', 'move', 'pick mech 3,4', 'load wood', 'to 3,4', "
        "'stop', 'done', 'put food 3,4', 'produce 3,4', 'upgrade power>deploy', 'deploy m4 3,4', 'build mill 3,4', "
        "'enlist build coins', 'bottom only', 'end turn', 'pay 3,4'"
    )
