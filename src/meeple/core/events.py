"""What happened, in game terms: the events one decision made, as one viewer may know them.

Events are derived on demand from the state before a decision, the decision and the state after
(``Game.describe``), so playouts never pay for them. The server's log, the browser's highlights, the terminal's
narration and the records all speak through them, in the same words (the message catalogues' ``event.<kind>``).

An event's ``params`` are JSON-safe values for its message's ``{placeholders}``:

- a string or a number: written as it is (a player's name, a count);
- ``{"term": word}``: a game term, written as the catalogue's ``term.<word>`` (else the word, ``_`` as spaces);
- ``{"counts": {word: n, ...}}``: amounts of game terms ("2 white, 1 blue"); a view may draw them as icons;
- ``{"list": [value, ...]}``: values written as the language writes a list;
- ``{"seat": n}``: a seat, written as that seat's name.

``marks`` name the board elements the event touched, as the game's own views name them (``"card:37"``,
``"hex:12"``, ``"place:forest"``, ``"seat:1"``): the browser highlights the elements carrying ``data-mark`` equal to
one of them.

Hidden information: ``describe`` answers for one viewer, and must tell that viewer nothing its observation would
not (the leak tests of each game cover events as they cover observations).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened: its kind (catalogue key ``event.<kind>``), who did it, its values, what it touched."""

    kind: str
    seat: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    marks: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "params": dict(self.params), "marks": list(self.marks)}


def term(word: str) -> dict[str, str]:
    """A game term as an event parameter."""
    return {"term": word}


def counts(amounts: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """Amounts of game terms as an event parameter (zero amounts left out)."""
    return {"counts": {k: int(v) for k, v in amounts.items() if v}}
