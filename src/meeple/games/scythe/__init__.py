"""Scythe (Jamey Stegmaier, Stonemaier Games 2016), the base game for 2–5 players."""

from .game import GAME, Scythe
from .state import ScytheState

__all__ = ["GAME", "Scythe", "ScytheState"]
