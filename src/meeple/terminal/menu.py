"""The list of legal moves a person chooses from: numbered, described in words, long choices grouped.

Two kinds of group keep the list short. A game's ``choice_group`` hook gathers moves that are one choice made of
amounts (Stone Age's ``pay wwcs``: how many of each resource), chosen amount by amount. Without a hook, moves that
differ only in a trailing number (``place hunt 1`` … ``place hunt 10``, ``dial 0`` … ``dial 7``) become one line,
chosen by typing the number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.core import Action, Game

from .texts import hook, phrase, say, value_text

#: Fewer moves than this in a group are listed one by one: a short list reads better than a question.
GROUP_AT = 6
NUMBERED = re.compile(r"(.*\D) (\d+)")


@dataclass
class Entry:
    """One line of the move list: a single move, or a group of moves chosen step by step."""

    label: str
    actions: list[Action]
    words: str | None = None
    kind: str = "move"  # "move", "amounts" (choose how many of each part) or "number" (choose the trailing number)
    stem: str = ""
    amounts: list[list[tuple[str, int]]] = field(default_factory=list)  # per action, for "amounts"

    @property
    def action(self) -> Action:
        return self.actions[0]


def build(game: Game, observation: Mapping[str, Any], legal: Sequence[Action], lang: str) -> list[Entry]:
    """The move list for ``legal``, in the engine's order (a group stands where its first move stood)."""
    words_of = hook(game, "move_words")
    group_of = hook(game, "choice_group")
    groups: dict[str, list[tuple[Action, list[tuple[str, int]]]]] = {}
    numbers: dict[str, list[Action]] = {}
    worded: dict[int, str | None] = {}
    for action in legal:
        text = str(action)
        words = words_of(observation, text) if words_of else None
        worded[action.id] = phrase(words[0], words[1], lang) if words else None
        spec = group_of(text) if group_of else None
        if spec is not None:
            groups.setdefault(spec[0], []).append((action, [(value_text(label, lang), n) for label, n in spec[1]]))
        elif (m := NUMBERED.fullmatch(text)) and worded[action.id] is None:
            numbers.setdefault(m.group(1), []).append(action)
    entries: list[Entry] = []
    placed: set[str] = set()
    for action in legal:
        text = str(action)
        spec = group_of(text) if group_of else None
        m = NUMBERED.fullmatch(text)
        if spec is not None and len(groups[spec[0]]) >= GROUP_AT:
            stem = spec[0]
            if stem not in placed:
                placed.add(stem)
                members = groups[stem]
                entries.append(
                    Entry(
                        f"{stem} …",
                        [a for a, _ in members],
                        say("terminal.menu.amounts", lang, n=len(members), stem=stem, example=str(members[-1][0])),
                        "amounts",
                        stem,
                        [parts for _, parts in members],
                    )
                )
        elif m and m.group(1) in numbers and len(numbers[m.group(1)]) >= 3:
            stem = m.group(1)
            if stem not in placed:
                placed.add(stem)
                members = numbers[stem]
                values = [int(NUMBERED.fullmatch(str(a)).group(2)) for a in members]  # type: ignore[union-attr]
                entries.append(Entry(f"{stem} {span(values)}", members, None, "number", stem))
        else:
            entries.append(Entry(text, [action], worded[action.id]))
    return entries


def span(values: Sequence[int]) -> str:
    """``1–7`` for a run, ``2, 4, 5`` otherwise."""
    ordered = sorted(values)
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(map(str, ordered))


def find_group(entries: Sequence[Entry], text: str) -> Entry | None:
    """The group a person names by its stem (``pay``, ``place hunt``, ``dial``)."""
    norm = " ".join(text.lower().split())
    return next((e for e in entries if e.kind != "move" and e.stem == norm), None)


def choose(entry: Entry, ask: Callable[[str], str], tell: Callable[[str], None], lang: str) -> Action | None:
    """Pick one move of a group by asking; None when the person goes back (an empty answer or ``back``)."""
    if entry.kind == "move":
        return entry.action
    if entry.kind == "number":
        by_value = {int(NUMBERED.fullmatch(str(a)).group(2)): a for a in entry.actions}  # type: ignore[union-attr]
        while True:
            answer = ask(say("terminal.menu.which_number", lang, stem=entry.stem, values=span(list(by_value)))).strip().lower()
            if answer in ("", "back"):
                return None
            if answer.isdigit() and int(answer) in by_value:
                return by_value[int(answer)]
            tell(say("terminal.menu.not_offered", lang, answer=answer, values=span(list(by_value))))
    left = list(range(len(entry.actions)))
    labels = [label for label, _ in entry.amounts[0]]
    for i, label in enumerate(labels):
        offered = sorted({entry.amounts[k][i][1] for k in left})
        if len(offered) == 1:
            continue
        while True:
            answer = ask(say("terminal.menu.how_many", lang, part=label, values=span(offered))).strip().lower()
            if answer in ("", "back"):
                return None
            if answer.isdigit() and int(answer) in offered:
                break
            tell(say("terminal.menu.not_offered", lang, answer=answer, values=span(offered)))
        left = [k for k in left if entry.amounts[k][i][1] == int(answer)]
    # the amounts name one move of the group (a game's groups never hold two moves with the same amounts)
    return entry.actions[left[0]]
