"""Agents: anything that picks an action for the seat to move, over the game contract only.

    >>> import meeple
    >>> from meeple.agents import make_agent
    >>> state = meeple.load("splendor").new_game(players=2, seed=1)
    >>> bot = make_agent("random", seed=3)
    >>> state.apply(bot.act(state))

Agents are chosen by name wherever a seat is chosen (``--seats human,random``).
"""

from .base import Agent, agent_names, make_agent, register_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "register_agent"]
