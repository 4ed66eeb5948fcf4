"""A small, seedable, copyable random number generator.

Every state owns one. Its whole state is one integer, so cloning a game state and
serialising it to JSON cost nothing, and the stream is the same on every platform
and Python version (``random.Random`` promises neither).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix(*parts: int) -> int:
    """Combine integers into one well-spread 64-bit seed (order matters)."""
    h = 0x243F6A8885A308D3
    for p in parts:
        h = (h ^ (p & _MASK)) * 0xBF58476D1CE4E5B9 & _MASK
        h ^= h >> 31
    return h


class Rng:
    """SplitMix64. Period 2**64; passes BigCrush; enough for games, not for cryptography."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix(seed)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below n / 2**64: negligible."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return self.next64() % n

    def die(self, sides: int = 6) -> int:
        return self.next64() % sides + 1

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    @classmethod
    def from_state(cls, state: int) -> Rng:
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= _MASK:
            raise ValueError(f"rng state must be an integer in [0, 2**64), got {state!r}")
        r = cls.__new__(cls)
        r.state = state
        return r
