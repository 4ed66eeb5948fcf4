"""Finding games by name: the built-in ones and any installed plugin.

Games are found through the ``meeple.games`` entry-point group and the package
``meeple.games`` (whose ``BUILTIN`` maps names to modules); each game module exposes
``GAME``, its :class:`~meeple.core.game.Game` instance. Modules are imported only when
a game is loaded.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points

from .game import Game


@cache
def _sources() -> dict[str, str]:
    builtin = importlib.import_module("meeple.games")
    found = dict(getattr(builtin, "BUILTIN", {}))
    for ep in entry_points(group="meeple.games"):
        found.setdefault(ep.name, ep.value.split(":")[0])
    return found


def games() -> list[str]:
    """Names of every available game, sorted."""
    return sorted(_sources())


@cache
def load(name: str) -> Game:
    """The game called ``name`` (see :func:`games`)."""
    sources = _sources()
    if not isinstance(name, str) or name not in sources:
        raise ValueError(f"no game called {name!r}; available: {', '.join(games())}")
    module = importlib.import_module(sources[name])
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise ValueError(f"module {sources[name]} does not define GAME, a meeple Game")
    return game
