"""The outcome of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Final scores, ranks after every tie-break, and the winners.

    ``ranks[seat]`` is 1 for the winners; seats that stay tied after the tie-breaks share a
    rank (competition ranking: 1, 1, 3). ``details`` holds game-specific, JSON-safe facts
    (tie-break values, how the game ended).
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, r in enumerate(self.ranks) if r == 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "details": self.details,
        }

    @classmethod
    def from_keys(cls, scores: Sequence[int], keys: Sequence[Sequence[float]], **details: Any) -> Result:
        """Rank seats by ``keys`` (higher is better, compared in order); equal keys share a rank."""
        order = sorted(range(len(keys)), key=lambda s: tuple(keys[s]), reverse=True)
        ranks = [0] * len(keys)
        for pos, seat in enumerate(order):
            if pos and tuple(keys[seat]) == tuple(keys[order[pos - 1]]):
                ranks[seat] = ranks[order[pos - 1]]
            else:
                ranks[seat] = pos + 1
        return cls(tuple(scores), tuple(ranks), dict(details))
