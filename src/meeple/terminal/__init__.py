"""The terminal table behind ``meeple play``: the board as text, numbered and grouped moves, ``help``, ``quit``,
every player's move told in game terms, and the record saved where a user expects it.

    from meeple.terminal import setup_table
    table = setup_table("splendor", players=2, seats=["human", "random"], seed=7)
    table.run()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

import meeple
from meeple.agents import make_agent
from meeple.i18n import LANGUAGES

from .records import check_writable, default_record_path, records_dir
from .table import HUMAN, Table, show_result

__all__ = ["HUMAN", "Table", "default_record_path", "records_dir", "setup_table", "show_result"]


def setup_table(
    game_name: str,
    players: int,
    seats: Sequence[str] | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    record_path: Path | None = None,
    lang: str = "en",
    console: Console | None = None,
    ask: Callable[[str], str] = input,
) -> Table:
    """A table ready to run; ValueError (with the reason) for a game, seat, option or language that does not exist."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; available: {', '.join(LANGUAGES)}")
    if record_path is not None:
        check_writable(Path(record_path))
    game = meeple.load(game_name)
    seat_names = list(seats) if seats else [HUMAN] + ["random"] * (players - 1)
    if len(seat_names) != players:
        raise ValueError(f"--seats names {len(seat_names)} seats for {players} players")
    state = game.new_game(players=players, seed=seed, **dict(options or {}))
    agents = {i: make_agent(name, seed=state.seed * 10 + i) for i, name in enumerate(seat_names) if name != HUMAN}
    path = record_path or default_record_path(game.name, state.seed)
    return Table(state, seat_names, agents, path, lang=lang, console=console, ask=ask)
