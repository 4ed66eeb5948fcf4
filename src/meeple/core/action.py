"""Actions: small immutable objects with a stable integer id and a canonical notation."""

from __future__ import annotations


class Action:
    """One decision a seat can make.

    ``id`` is the action's index in its game's fixed action space (``game.num_actions``);
    ``str(action)`` is its canonical notation, which ``game.parse_action`` reads back.
    Games build their actions once and hand out the same objects, so comparing and
    hashing are cheap; two actions are equal when they are of the same game and id.
    """

    __slots__ = ("id", "text")

    def __init__(self, id: int, text: str) -> None:
        self.id = id
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text!r} #{self.id}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.id == self.id  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.id))
