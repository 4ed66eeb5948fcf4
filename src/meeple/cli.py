"""The ``meeple`` command: list games, play in the terminal, replay records."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

import meeple
from meeple import record
from meeple.agents import agent_names
from meeple.core import RecordError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Splendor, Stone Age and Scythe by the published rules.")
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

HUMAN = "human"


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value``; the value is read as JSON when it can be (numbers, true/false), else as a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise typer.BadParameter(f"option {text!r} must look like key=value")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


@app.command("games")
def list_games() -> None:
    """List the games."""
    for name in meeple.games():
        game = meeple.load(name)
        console.print(f"{name:10} {game.title}, {game.min_players}-{game.max_players} players")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="splendor, stoneage or scythe")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")] = 2,
    seats: Annotated[str | None, typer.Option(help="comma-separated: human or an agent name per seat")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the game's chance (omit for a fresh one)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option as key=value")] = None,
    record_path: Annotated[
        Path | None,
        typer.Option("--record", "--save", help="where to write the game record (default: the per-user records folder, printed at start)"),
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help="language of the table: en, vi or fa")] = "en",
) -> None:
    """Play a game in the terminal, against agents or hot-seat; type help at the prompt for the notation, quit to stop."""
    from meeple.terminal import setup_table

    try:
        options = dict(parse_option(o) for o in option or [])
        names = [s.strip() for s in seats.split(",")] if seats else None
        table = setup_table(game_name, players, names, seed, options, record_path, lang, console=console)
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}", soft_wrap=True)
        err.print(f"agents: {HUMAN}, {', '.join(agent_names())}")
        raise typer.Exit(2) from None
    code = table.run()
    if code:
        raise typer.Exit(code)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="print every action")] = False,
) -> None:
    """Replay a game record and print its final scores; a record that does not replay fails loudly."""
    try:
        doc = record.read(file)
        state = record.replay(doc)
    except RecordError as e:
        err.print(f"[red]record does not replay:[/red] {e}", soft_wrap=True)
        raise typer.Exit(1) from None
    if verbose:
        for entry in doc["history"]:
            if isinstance(entry, str):
                console.print(entry)
    if state.is_over:
        from meeple.terminal import show_result

        show_result(state, console)
    else:
        console.print(f"The record replays; the game is not over ({len(doc['history'])} entries, seat {state.current_player} to move).")


def require_extra(command: str, extra: str, *modules: str) -> None:
    """Stop before any work when ``command`` needs an optional extra that is not installed, naming the install line."""
    from importlib.util import find_spec

    def missing(name: str) -> bool:
        try:
            return find_spec(name) is None
        except (ImportError, ValueError):  # ValueError: a module set to None in sys.modules (not importable)
            return True

    absent = [m for m in modules if missing(m)]
    if absent:
        from rich.markup import escape

        line = f"pip install 'meeple[{extra}]' (in a source checkout: pip install -e '.[{extra}]')"
        err.print(f"[red]error:[/red] {command} needs {', '.join(absent)}, from meeple's '{extra}' extra: {escape(line)}", soft_wrap=True)
        raise typer.Exit(2)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLite file, or a URL such as postgresql://user:pass@host/dbname (default: meeple.sqlite3 in the per-user data folder)"),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before moving, so people can follow")] = 0.6,
    allow_origin: Annotated[list[str] | None, typer.Option(help="another origin whose pages may open WebSockets (behind a proxy); repeatable")] = None,
    max_games_per_minute: Annotated[int, typer.Option(help="new games one client address may create a minute (0: no limit)")] = 20,
    min_clock: Annotated[float, typer.Option(help="the shortest per-move clock a game may have, in seconds")] = 5.0,
    expire_hours: Annotated[float, typer.Option(help="an unfinished game without a decision this long is abandoned (0: never)")] = 168.0,
    max_live_games: Annotated[int, typer.Option(help="games held in memory; idle ones beyond it are served from storage")] = 2000,
    bot_workers: Annotated[int | None, typer.Option(help="worker processes for bot decisions (default: one per core but one)")] = None,
    log_level: Annotated[str, typer.Option(help="the server's log: info (one line per refused request), warning, error")] = "info",
) -> None:
    """Serve the browser UI and the game API: play against friends and bots (needs the 'server' extra)."""
    require_extra("meeple serve", "server", "fastapi", "uvicorn", "sqlalchemy", "websockets")
    if db and db.startswith("postgres"):
        require_extra("meeple serve --db postgresql://...", "server", "psycopg")
    if db is None:
        from meeple.core.paths import default_database

        path = default_database()
        path.parent.mkdir(parents=True, exist_ok=True)
        db = str(path)
    try:
        import uvicorn

        from meeple.server import create_app
    except ImportError as e:
        err.print(f"[red]error:[/red] the server needs its extra: pip install 'meeple[server]' ({e})")
        raise typer.Exit(2) from None
    try:
        import logging

        from meeple.server.limits import Limits, default_bot_workers

        limits = Limits(
            creations_per_minute=max_games_per_minute, min_clock=min_clock, expire_after=expire_hours * 3600, max_live=max_live_games,
            bot_workers=bot_workers or default_bot_workers(), allowed_origins=tuple(allow_origin or ()),
        )  # fmt: skip
        server_log = logging.getLogger("meeple.server")
        server_log.setLevel(log_level.upper())
        server_log.addHandler(logging.StreamHandler())
        application = create_app(db=db, bot_delay=bot_delay, limits=limits)
    except Exception as e:
        err.print(f"[red]error:[/red] cannot open the database {db!r}: {e}")
        raise typer.Exit(2) from None
    console.print(f"meeple is serving on http://{host}:{port}/ (database: {db}); Ctrl+C stops it.")
    # no per-message compression: views are small, and compressing each one costs more CPU than it saves on a LAN
    uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=16 * 1024, ws_per_message_deflate=False)


@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="splendor, stoneage or scythe")],
    seats: Annotated[str | None, typer.Option(help="comma-separated agent specs, one per player: mcts:iterations=500,greedy")] = None,
    league: Annotated[
        str | None, typer.Option(help="comma-separated agent specs for a rating league: every group of --players of them plays --games games")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="number of games (with --league: per group of entrants)")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players (default: one per seat)")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="games played at once")] = 1,
    seed: Annotated[int, typer.Option(help="seed of the whole tournament")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option as key=value")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="results file (JSON lines; a .csv twin beside it); rerun to resume")] = None,
    report: Annotated[Path | None, typer.Option("--report", help="directory for summary.json and PNG plots")] = None,
    backend: Annotated[str, typer.Option(help="process (local workers) or ray")] = "process",
    max_decisions: Annotated[int, typer.Option(help="stop a game not over after this many decisions (stored as aborted)")] = 20_000,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")] = False,
) -> None:
    """Play agents against each other with rotating seats; print win rates with 95% intervals (--report needs the
    'sim' extra, --backend ray the 'ray' extra)."""
    if report is not None:
        require_extra("meeple tournament --report", "sim", "matplotlib")
    if backend == "ray":
        require_extra("meeple tournament --backend ray", "ray", "ray")
    from meeple.sim import Tournament, output_paths, run_tournament, summary_of
    from meeple.sim.report import summary_tables, write_report

    if (seats is None) == (league is None):
        err.print("[red]error:[/red] give either --seats (one tournament) or --league (a rating league)", soft_wrap=True)
        raise typer.Exit(2)
    if league is not None:
        return league_command(game_name, league, games, players, workers, seed, option, out, report, backend, max_decisions, quiet)
    assert seats is not None
    try:
        specs = tuple(s.strip() for s in seats.split(","))
        if players is not None and players != len(specs):
            raise ValueError(f"--seats names {len(specs)} entrants for {players} players: give one agent spec per seat")
        options = dict(parse_option(o) for o in option or [])
        spec = Tournament(game_name, seats=specs, games=games, seed=seed, options=options, max_decisions=max_decisions)
        out = out or Path(f"tournament-{game_name}-seed{seed}.jsonl")
        if not quiet:
            err.print(f"Results go to {output_paths(out)[0]} (rerun the same command to resume).", soft_wrap=True)
        results = run_tournament(spec, out=out, workers=workers, backend=backend, progress=not quiet)
    except (ValueError, NotImplementedError) as e:
        err.print(f"[red]error:[/red] {e}", soft_wrap=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err.print(f"\nInterrupted. Finished games are in {out}; run the same command again to continue.")
        raise typer.Exit(130) from None
    summary = summary_of(spec, results)
    console.print(summary_tables(summary, f"{spec.game}, {spec.players} players"))
    jsonl, csv_path = output_paths(out)
    console.print(f"Results: {jsonl} and {csv_path}")
    if report is not None:
        files = write_report(report, summary, results, title=spec.game)
        console.print(f"Report: {', '.join(str(f) for f in files)}")


def league_command(
    game_name: str,
    entrants: str,
    games: int,
    players: int | None,
    workers: int,
    seed: int,
    option: list[str] | None,
    out: Path | None,
    report: Path | None,
    backend: str,
    max_decisions: int,
    quiet: bool,
) -> None:
    """``meeple tournament GAME --league a,b,c``: a round robin with rotating seats, then a rating per entrant."""
    from meeple.sim.league import League, league_table, run_league, write_league_report

    try:
        options = dict(parse_option(o) for o in option or [])
        spec = League(
            game_name,
            entrants=tuple(s.strip() for s in entrants.split(",")),
            games=games,
            players=players or 2,
            seed=seed,
            options=options,
            max_decisions=max_decisions,
        )
        out = out or Path(f"league-{game_name}-seed{seed}")
        if not quiet:
            err.print(f"Results go to {out}/ (rerun the same command to resume).", soft_wrap=True)
        table = run_league(spec, out=out, workers=workers, backend=backend, progress=not quiet)
    except (ValueError, NotImplementedError) as e:
        err.print(f"[red]error:[/red] {e}", soft_wrap=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err.print(f"\nInterrupted. Finished games are in {out}/; run the same command again to continue.")
        raise typer.Exit(130) from None
    console.print(league_table(table, f"{spec.game}, {spec.players} players"))
    if report is not None:
        files = write_league_report(report, table, title=spec.game)
        console.print(f"Report: {', '.join(str(f) for f in files)}")


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # e.g. `meeple replay x | head`
        sys.exit(0)


if __name__ == "__main__":
    main()
