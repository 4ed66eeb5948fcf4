"""meeple: Splendor, Stone Age and Scythe, exactly by their published rules.

>>> import meeple
>>> game = meeple.load("splendor")
>>> state = game.new_game(players=2, seed=7)
>>> state.current_player
0
"""

from . import games  # the package of games, callable: games() lists their names
from .core import Action, ChanceError, Game, IllegalAction, RecordError, Result, State, load

__version__ = "0.1.0"

__all__ = ["Action", "ChanceError", "Game", "IllegalAction", "RecordError", "Result", "State", "__version__", "games", "load"]
