"""A game at the terminal: people type moves, bots move, and everyone's moves are told in game terms.

What a person sees comes from ``observation(seat)`` (the board) and ``Game.describe`` for the seat watching (the
narration), so the terminal shows nothing a seat may not know. With several people at one terminal (hot-seat) the
narration is told as to a spectator: everyone at the screen reads it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table as Grid
from rich.text import Text

from meeple import record
from meeple.agents import Agent
from meeple.core import Action, Game, IllegalAction, State
from meeple.i18n import event_text, term

from . import menu
from .texts import hook, phrase, say

HUMAN = "human"
QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
BOARD_WORDS = ("board",)


class Quit(Exception):
    """The person typed ``quit``."""


class Table:
    """One game at the terminal, from its first decision to its end (or a ``quit``)."""

    def __init__(
        self,
        state: State,
        seat_names: Sequence[str],
        agents: Mapping[int, Agent],
        record_path: Path,
        *,
        lang: str = "en",
        console: Console | None = None,
        ask: Callable[[str], str] = input,
    ) -> None:
        self.state = state
        self.game = state.game
        self.seat_names = list(seat_names)
        self.agents = dict(agents)
        self.record_path = record_path
        self.lang = lang
        self.console = console or Console(highlight=False)
        self.ask = ask
        self.humans = [i for i in range(state.num_players) if i not in self.agents]
        # one person at the table reads everything as their own seat; several read it as onlookers
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.names = [self.seat_label(i) for i in range(state.num_players)]
        self.human_moves = 0

    # -- words ------------------------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return say(key, self.lang, **params)

    def seat_label(self, seat: int) -> str:
        if seat == self.viewer:
            # a seat number, not "You": event messages are written for a name ("{player} is the start player")
            return self.t("terminal.you", n=seat + 1)
        if seat in self.agents:
            return self.t("terminal.seat_agent", n=seat + 1, agent=self.seat_names[seat])
        return self.t("terminal.seat", n=seat + 1)

    def out(self, text: str, style: str = "", *, path: bool = False) -> None:
        """One message; prose wraps at words, a line holding a path is never broken (so it can be copied)."""
        self.console.print(f"[{style}]{escape(text)}[/{style}]" if style else escape(text), soft_wrap=path)

    # -- the game ---------------------------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; the exit status: 0 finished or quit, 1 stopped (input ended, Ctrl+C)."""
        state = self.state
        seats = ", ".join(f"{i + 1}={n}" for i, n in enumerate(self.seat_names))
        self.out(self.t("terminal.start", title=self.game.title, players=state.num_players, seed=state.seed, seats=seats))
        if self.humans:
            self.out(self.t("terminal.record_at", path=self.record_path), path=True)
            self.out(self.t("terminal.commands"), "dim")
        try:
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                action = self.agents[seat].act(state) if seat in self.agents else self.human_decision(seat)
                self.play(seat, action)
        except Quit:
            return self.save_if_played("terminal.quit_saved")
        except (EOFError, KeyboardInterrupt):
            self.out("")
            self.save_if_played("terminal.stopped_saved")
            return 1
        self.show_end()
        return self.save("terminal.saved")

    def play(self, seat: int, action: Action) -> None:
        """Apply one decision and tell it in game terms, as the watching seat may know it."""
        before = self.state.clone()
        self.state.apply(action)
        if seat in self.humans:
            self.human_moves += 1
        try:
            events = self.game.describe(before, action, self.state, self.viewer)
        except Exception:  # a narration bug must not end a person's game: tell the move as the contract's default does
            events = Game.describe(self.game, before, action, self.state, self.viewer)
        for event in events:
            style = "cyan" if seat != self.viewer else "green"
            self.out(event_text(event, self.lang, self.names), style)

    def save_if_played(self, message: str) -> int:
        """A game nobody at the table has moved in is not worth a file (issue #21); any other is saved."""
        played = self.human_moves > 0 or (not self.humans and any(isinstance(e, str) for e in self.state.history))
        if not played:
            self.out(self.t("terminal.nothing_saved"))
            return 0
        return self.save(message)

    def save(self, message: str) -> int:
        """Write the record and say where (catalogue key ``message``); 1 with the reason when it cannot be written."""
        try:
            path = record.write(record.make(self.state, seats=self.seat_names), self.record_path)
        except OSError as e:
            self.out(self.t("terminal.cannot_save", path=self.record_path, reason=e.strerror or e), "red", path=True)
            return 1
        self.out(self.t(message, path=path), path=True)
        return 0

    def board(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> Any:
        """The game's terminal view, in the table's language where the view takes its words (``say``) and showing
        where the legal moves lead where it takes them (``legal``)."""
        view = hook(self.game, "render")
        if view is None:
            return self.game.render(observation)
        accepts = inspect.signature(view).parameters
        extra: dict[str, Any] = {}
        if "say" in accepts:
            extra["say"] = self.view_word
        if "legal" in accepts:
            extra["legal"] = [str(a) for a in legal]
        return view(observation, **extra)

    def view_word(self, key: str, **params: Any) -> str:
        """A word a game's view asks for: a game term (``term.<word>``) or a catalogue message."""
        if key.startswith("term."):
            return term(key.removeprefix("term."), self.lang)
        return say(key, self.lang, **params)

    # -- a person's decision ----------------------------------------------------------------------------------

    def human_decision(self, seat: int) -> Action:
        state = self.state
        self.console.rule(self.t("terminal.to_move", name=self.names[seat]))
        observation = state.observation(seat)
        legal = state.legal_actions()
        self.console.print(self.board(observation, legal))
        entries = menu.build(self.game, observation, legal, self.lang)
        self.show_moves(entries)
        while True:
            text = self.ask(f"{self.names[seat]}> ").strip()
            low = " ".join(text.lower().split())
            if not low:
                continue
            if low in QUIT_WORDS:
                raise Quit
            if low in HELP_WORDS:
                self.show_help(observation)
                continue
            if low in BOARD_WORDS:
                self.console.print(self.board(observation, legal))
                self.show_moves(entries)
                continue
            try:
                action = self.read_move(low, text, entries)
            except IllegalAction as e:
                self.out(str(e), "red")
                continue
            if action is not None:
                return action

    def read_move(self, low: str, text: str, entries: Sequence[menu.Entry]) -> Action | None:
        """The move a person typed: a number from the list, a group's name, or the notation."""
        if low.isdigit():
            number = int(low)
            if not 1 <= number <= len(entries):
                raise IllegalAction(self.t("terminal.no_number", number=number, last=len(entries)))
            entry = entries[number - 1]
        else:
            entry = menu.find_group(entries, low)
            if entry is None:
                return self.game.parse_action(self.state, text)
        action = menu.choose(entry, self.ask, self.out, self.lang)
        if action is not None and entry.kind != "move":
            self.out(f"→ {action}", "dim")
        return action

    def show_moves(self, entries: Sequence[menu.Entry]) -> None:
        """Moves in columns; runs of bare notations pack tightly, moves told in words get their own wider run."""
        self.out(self.t("terminal.moves"))
        width = len(str(len(entries)))
        runs: list[list[str]] = []
        worded_run: bool | None = None
        for i, entry in enumerate(entries):
            words = f" [dim]{escape(entry.words)}[/dim]" if entry.words else ""
            cell = f"[bold]{i + 1:>{width}}[/bold] {escape(entry.label)}{words}"
            if worded_run is None or worded_run != bool(entry.words):
                runs.append([])
                worded_run = bool(entry.words)
            runs[-1].append(cell)
        for run in runs:
            self.console.print(Columns(run, padding=(0, 3)))

    def show_help(self, observation: Mapping[str, Any]) -> None:
        """The game's notation with an example of each kind of move, and its symbols."""
        self.console.rule(self.t("terminal.help.title", title=self.game.title))
        entries = hook(self.game, "help_entries")
        symbols = hook(self.game, "help_symbols")
        if entries is not None:
            grid = Grid.grid(padding=(0, 2))
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column()
            for example, key, params in entries(observation):
                grid.add_row(Text("  " + example), Text(phrase(key, params, self.lang)))
            self.console.print(grid)
        else:
            self.out(self.t("terminal.help.generic"))
        if symbols is not None:
            self.out("")
            for key, params in symbols(observation):
                self.out("  " + phrase(key, params, self.lang))
        self.out("")
        self.out(self.t("terminal.help.table"))

    # -- the end ----------------------------------------------------------------------------------------------

    def show_end(self) -> None:
        self.console.rule(self.t("terminal.game_over"))
        watching = self.viewer
        self.console.print(self.board(self.state.observation(watching)))
        show_result(self.state, self.console, self.lang, self.names)


def show_result(state: State, console: Console, lang: str = "en", names: Sequence[str] | None = None) -> None:
    """The score of each seat by the rulebook's categories where the game gives them, the tie-breaker, the winners."""
    result = state.result()
    assert result is not None
    game = state.game.name
    names = list(names) if names is not None else [say("terminal.seat", lang, n=i + 1) for i in range(state.num_players)]
    details = result.details if isinstance(result.details, Mapping) else {}
    breakdown = details.get("breakdown")
    columns: list[tuple[str, Mapping[str, Any], Any, Any]] = []  # (who, categories, score, rank)
    for seat, (score, rank) in enumerate(zip(result.scores, result.ranks, strict=True)):
        parts = breakdown[seat] if isinstance(breakdown, list) and seat < len(breakdown) and isinstance(breakdown[seat], Mapping) else {}
        columns.append((names[seat], parts, score, rank))
    if "automa_score" in details:  # a solo game: the game's own opponent (Scythe's Automa)
        automa = details.get("automa_breakdown") if isinstance(details.get("automa_breakdown"), Mapping) else {}
        columns.append((say("terminal.automa", lang, level=details.get("automa_level")), automa, details["automa_score"], "-"))
    categories = [k for _, parts, _, _ in columns for k in parts if k != "total"]
    categories = list(dict.fromkeys(categories))
    table = Grid(box=None, header_style="bold", padding=(0, 2))
    table.add_column("", no_wrap=True)  # the rulebook's category names stay whole; seat names wrap instead
    for who, _, _, _ in columns:
        table.add_column(who, justify="right")
    for k in categories:
        label = say(f"score.{game}.{k}", lang) if _has(f"score.{game}.{k}", lang) else k.replace("_", " ")
        table.add_row(label, *(str(parts.get(k, "")) for _, parts, _, _ in columns))
    table.add_row(Text(say("terminal.total", lang), style="bold"), *(Text(str(score), style="bold") for _, _, score, _ in columns))
    table.add_row(say("terminal.rank", lang), *(str(rank) for _, _, _, rank in columns))
    console.print(table)
    tiebreak = details.get("tiebreak")
    if tiebreak:
        key = f"tiebreak.{game}.{tiebreak}"
        console.print(escape(say("terminal.tiebreak", lang, rule=say(key, lang) if _has(key, lang) else str(tiebreak))))
    winners = ", ".join(names[w] for w in result.winners)
    if "automa_score" in details and not winners:
        winners = say("terminal.automa_won", lang)
    console.print(escape(say("terminal.winners", lang, winners=winners)))


def _has(key: str, lang: str) -> bool:
    from meeple.i18n import catalogue

    return key in catalogue(lang) or key in catalogue("en")
