"""The game-agnostic core: the Game/State contract, actions, chance, records, errors."""

from .action import Action
from .chance import ChanceScript, ForcedChance, is_chance
from .errors import ChanceError, IllegalAction, RecordError
from .game import Game, State
from .registry import games, load
from .result import Result
from .rng import Rng, mix

__all__ = [
    "Action",
    "ChanceError",
    "ChanceScript",
    "ForcedChance",
    "Game",
    "IllegalAction",
    "RecordError",
    "Result",
    "Rng",
    "State",
    "games",
    "is_chance",
    "load",
    "mix",
]
