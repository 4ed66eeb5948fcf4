"""Stone Age (Bernd Brunnhofer, Hans im Glück 2008), played exactly by the published rules."""

from .game import GAME, StoneAge
from .state import StoneAgeState

__all__ = ["GAME", "StoneAge", "StoneAgeState"]
