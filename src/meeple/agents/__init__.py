"""Agents: anything that picks an action for the seat to move, over the game contract only.

    >>> import meeple
    >>> from meeple.agents import make_agent
    >>> state = meeple.load("splendor").new_game(players=2, seed=1)
    >>> bot = make_agent("random", seed=3)
    >>> state.apply(bot.act(state))

Agents are chosen by name wherever a seat is chosen (``--seats human,random``), with parameters
after colons: ``--seats mcts:iterations=500,greedy`` (see :func:`parse_agent_spec`). The ladder:
``random`` < ``greedy`` (one-ply lookahead on the game's heuristic) < ``mcts`` (IS-MCTS). Players choose
levels by name: ``easy`` < ``medium`` < ``hard`` (levels.py).
"""

from .base import Agent, agent_names, make_agent, parse_agent_spec, register_agent
from .evaluation import has_evaluation
from .greedy import GreedyAgent
from .levels import LEVELS, LevelAgent, level_spec
from .mcts import MctsAgent
from .random_agent import RandomAgent

__all__ = [
    "LEVELS",
    "Agent",
    "GreedyAgent",
    "LevelAgent",
    "MctsAgent",
    "RandomAgent",
    "agent_names",
    "has_evaluation",
    "level_spec",
    "make_agent",
    "parse_agent_spec",
    "register_agent",
]
