"""The games that ship with meeple. Each module exposes ``GAME``.

This package is also what ``meeple.games`` names once it is imported, so it is callable:
``meeple.games()`` lists the game names whichever of the two it finds.
"""

import sys
import types

BUILTIN = {
    "scythe": "meeple.games.scythe",
    "splendor": "meeple.games.splendor",
    "stoneage": "meeple.games.stoneage",
}


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from meeple.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
