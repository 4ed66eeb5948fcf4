"""What a player reads off the Scythe board, asked by space name: who controls a territory (rulebook "Control",
docs/rules/scythe.md §4), which territories a seat controls, the units, resources and structure on a space.

Derived on demand from the state's fields (nothing is stored or kept up to date for them), for scripts, bots,
tests and views. Seats are 0-based; in a solo game the Automa is side 1 (``meeple.games.scythe.automa.AUTOMA``).
"""

from __future__ import annotations

from typing import Any

from . import data as D


class BoardQueries:
    """Methods only, over ScytheState's fields (``pos``, ``res``, ``struct_at``) and its cached ``board()``."""

    __slots__ = ()

    def space_id(self: Any, where: int | str) -> int:
        """A space's id from its id or its name (``"3,4"``; the Factory is ``"3,4"``); ValueError if there is none."""
        if isinstance(where, bool) or not isinstance(where, (int, str)):
            raise ValueError(f"a space is named 'col,row' (e.g. '3,4') or given by its id, not {where!r}")
        if isinstance(where, int):
            if not 0 <= where < D.NUM_SPACES:
                raise ValueError(f"there is no space {where}: ids run 0..{D.NUM_SPACES - 1}")
            return where
        name = ",".join(p.strip() for p in where.replace(" ", ",").split(",") if p.strip())
        if name not in D.SPACE_INDEX:
            raise ValueError(f"there is no space {where!r} on the map: spaces are named 'col,row', e.g. '3,4'")
        return D.SPACE_INDEX[name]

    def controller(self: Any, where: int | str) -> int | None:
        """The side that controls this space: the one with a unit there, else the owner of a structure there;
        None when nobody does (an empty space, and every home base)."""
        side = self.board()[0][self.space_id(where)]
        return None if side < 0 else side

    def controlled(self: Any, side: int) -> list[str]:
        """The names of the spaces ``side`` controls, in reading order (the Factory counts once here; it counts as
        3 territories in ``territories(side)``, the final-scoring count)."""
        self.check_side(side)
        ctrl = self.board()[0]
        return [D.SPACE_NAMES[h] for h in range(D.NUM_SPACES) if ctrl[h] == side]

    def units_at(self: Any, where: int | str) -> dict[int, dict[str, int]]:
        """Per side with units on the space: ``{"character": 0/1, "mechs": n, "workers": n}``."""
        h = self.space_id(where)
        found: dict[int, dict[str, int]] = {}
        for side, units in enumerate(self.pos):
            here = [slot for slot, x in enumerate(units) if x == h]
            if here:
                found[side] = {
                    "character": sum(1 for s in here if s == D.CHAR),
                    "mechs": sum(1 for s in here if D.MECH0 <= s < D.WORKER0),
                    "workers": sum(1 for s in here if s >= D.WORKER0),
                }
        return found

    def resources_at(self: Any, where: int | str) -> dict[str, int]:
        """The resource tokens on the space, by kind (``oil``, ``metal``, ``wood``, ``food``)."""
        h = self.space_id(where)
        return {r: self.res[h * len(D.RESOURCES) + i] for i, r in enumerate(D.RESOURCES)}

    def structure_at(self: Any, where: int | str) -> tuple[int, str] | None:
        """``(side, "mill")`` for the structure on the space, or None."""
        v = self.struct_at[self.space_id(where)]
        return None if v < 0 else (v >> 2, D.STRUCTURES[v & 3])

    def check_side(self: Any, side: Any) -> None:
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < self.n_sides:
            raise ValueError(f"side must be a seat 0..{self.n_sides - 1} (in a solo game 1 is the Automa), got {side!r}")
