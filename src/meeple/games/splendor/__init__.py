"""Splendor (Marc André, Space Cowboys 2014), played exactly by the published rules."""

from .game import GAME, Splendor
from .state import SplendorState

__all__ = ["GAME", "Splendor", "SplendorState"]
