"""Simulation at scale: tournaments between agents, their statistics, reports and plots.

Games run in this process, in local worker processes, or on a Ray cluster (``backend="ray"``,
extra ``meeple[ray]``); plots need matplotlib (extra ``meeple[sim]``). See docs/tournaments.md.
"""

from .play import GameJob, play_game
from .stats import Rate, Summary, summarize, wilson
from .tournament import Tournament, load_results, output_paths, run_tournament, summary_of

__all__ = [
    "GameJob",
    "Rate",
    "Summary",
    "Tournament",
    "load_results",
    "output_paths",
    "play_game",
    "run_tournament",
    "summarize",
    "summary_of",
    "wilson",
]
