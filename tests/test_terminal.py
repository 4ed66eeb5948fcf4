"""The terminal table (`meeple play`): help, quit, narration, records' place, grouped payments, the Scythe map.

Sessions are driven through scripted stdin, as a person types; rule references are docs/rules/<game>.md
("Notation").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import meeple
from meeple import record
from meeple.agents import make_agent
from meeple.cli import app
from meeple.terminal import Table, records_dir
from meeple.terminal.texts import hook

runner = CliRunner()
GAMES = ["splendor", "stoneage", "scythe"]


def play(args: list[str], typed: str, data_home: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=typed, env={"XDG_DATA_HOME": str(data_home), "COLUMNS": "100"})
    return result.exit_code, result.output


def saved_records(data_home: Path) -> list[Path]:
    return sorted((data_home / "meeple" / "records").glob("*.record.json"))


# -- help ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_help_example_reads_as_the_games_notation(name: str) -> None:
    """docs/rules/<game>.md, "Notation": what help shows a person can type, and the engine reads it."""
    game = meeple.load(name)
    state = game.new_game(players=2, seed=1)
    entries = hook(game, "help_entries")(state.observation(0))
    assert len(entries) >= 10
    for example, key, _ in entries:
        game.read_notation(example)  # raises IllegalAction for an example the engine does not read
        assert key.startswith(f"terminal.help.{name}.")


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_help_is_in_the_tables_language(lang: str, tmp_path: Path) -> None:
    code, out = play(["splendor", "--seed", "1", "--lang", lang], "help\nquit\n", tmp_path)
    assert code == 0, out
    assert "buy 2.4 gold:wr" in out and "reserve deck 2" in out
    title = {"en": "how to write moves", "vi": "cách viết nước đi", "fa": "نوشتن حرکت‌ها"}[lang]
    assert title in out
    white = {"en": "w white", "vi": "w trắng", "fa": "w سفید"}[lang]
    assert white in out  # the symbols' legend speaks the language too
    assert "cannot read" not in out  # help is not taken for a bad move


def test_play_refuses_an_unknown_language(tmp_path: Path) -> None:
    code, out = play(["splendor", "--lang", "klingon"], "", tmp_path)
    assert code == 2 and "no language 'klingon'" in out


def test_scythe_help_names_the_players_own_mechs(tmp_path: Path) -> None:
    """`deploy m3`: which mech is m3? Help names the four of the human's faction."""
    game = meeple.load("scythe")
    state = game.new_game(players=2, seed=3)
    faction = state.observation(0)["players"][0]["faction"]
    code, out = play(["scythe", "--seed", "3"], "help\nquit\n", tmp_path)
    assert code == 0, out
    from meeple.games.scythe.data import FACTIONS, MECH_ABILITIES

    names = MECH_ABILITIES[FACTIONS.index(faction)]
    flat = " ".join(out.split())
    assert f"m1 {names[0]}, m2 {names[1]}, m3 {names[2]}, m4 {names[3]}" in flat


# -- a session per game: help, a few moves, quit ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "moves"),
    [("splendor", "1\n1\n1\n"), ("stoneage", "1\n2\n1\n1\n"), ("scythe", "1\n" * 12)],
)
def test_a_session_helps_narrates_and_saves_where_it_said(name: str, moves: str, tmp_path: Path) -> None:
    code, out = play([name, "--seed", "3"], "help\n" + moves + "quit\n", tmp_path)
    assert code == 0, out
    example = {"splendor": "take wug", "stoneage": "place hunt 3", "scythe": "deploy m3 3,4"}[name]
    assert example in out  # help came first
    assert "Seat 2 (random)" in out  # the bot's moves are told as they happen
    assert "Seat 1 (you) " in out  # and the person's own
    records = saved_records(tmp_path)
    assert len(records) == 1
    assert f"The record will be saved to {records[0]}" in " ".join(out.split())  # said at the start
    assert f"Game saved to {records[0]}" in " ".join(out.split())  # and where it went at quit
    doc = record.read(records[0])
    assert doc["result"] is None and doc["seats"] == ["human", "random"]
    record.replay(doc)


def test_a_solo_scythe_session_tells_the_automas_turn(tmp_path: Path) -> None:
    """The Automa has no seat to type at, but its turn is told like any other player's (issue #16)."""
    code, out = play(["scythe", "--players", "1", "--seed", "3"], "1\n" * 12 + "quit\n", tmp_path)
    assert code == 0, out
    automa = [line for line in out.splitlines() if line.startswith("Automa")]
    assert automa and any("star tracker" in line for line in automa)
    assert len(saved_records(tmp_path)) == 1


@pytest.mark.parametrize("name", GAMES)
def test_quitting_before_the_first_move_saves_nothing(name: str, tmp_path: Path) -> None:
    """Issue #21: a game quit at its first prompt leaves no file, wherever it would have gone."""
    code, out = play([name, "--seed", "5"], "quit\n", tmp_path)
    assert code == 0 and "Nothing saved" in out
    assert saved_records(tmp_path) == []
    chosen = tmp_path / "mine.json"
    play([name, "--seed", "5", "--record", str(chosen)], "exit\n", tmp_path)
    assert not chosen.exists()


def test_a_bot_moving_first_is_not_a_move_of_the_person(tmp_path: Path) -> None:
    """The human sits second: the bot has moved, but nobody at the table has, so quitting saves nothing."""
    code, out = play(["splendor", "--seed", "5", "--seats", "random,human"], "quit\n", tmp_path)
    assert code == 0 and "Seat 1 (random)" in out and "Nothing saved" in out
    assert saved_records(tmp_path) == []


def test_records_go_to_the_per_user_data_folder_never_the_current_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert records_dir() == tmp_path / "data" / "meeple" / "records"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # the XDG spec: a relative value is ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert records_dir() == tmp_path / "home" / ".local" / "share" / "meeple" / "records"
    monkeypatch.chdir(tmp_path)
    code, _ = play(["splendor", "--seats", "random,random", "--seed", "2"], "", tmp_path / "x")
    assert code == 0
    assert list(tmp_path.glob("*.json")) == []  # nothing in the current folder
    assert len(saved_records(tmp_path / "x")) == 1


def test_a_record_path_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    """Bad input changes nothing: a --record inside a file, or a folder, is refused at once, not after the game."""
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, out = play(["splendor", "--record", str(blocker / "game.json")], "", tmp_path)
    assert code == 2 and "is not a folder" in out
    code, out = play(["splendor", "--record", str(tmp_path)], "", tmp_path)
    assert code == 2 and "is a folder" in out


def test_a_record_that_fails_to_write_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(doc, path):  # type: ignore[no-untyped-def]
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(record, "write", refuse)
    code, out = play(["splendor", "--seats", "random,random", "--seed", "4", "--record", str(tmp_path / "r.json")], "", tmp_path)
    assert code == 1 and "Cannot write the record to" in out and "Permission denied" in out


def test_a_finished_game_prints_where_its_record_is(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    code, out = play(["splendor", "--seats", "random,random", "--seed", "4", "--record", str(path)], "", tmp_path)
    assert code == 0 and f"Record saved to {path}" in " ".join(out.split())
    result = json.loads(path.read_text())["result"]
    assert result is not None
    # the score as the rulebook counts it (Result.details["breakdown"]), one column per seat
    cards = [part["cards"] for part in result["details"]["breakdown"]]
    row = next(line for line in out.splitlines() if line.strip().startswith("Development cards"))
    assert row.split()[-2:] == [str(n) for n in cards]
    assert "Nobles" in out and "Total" in out and "winner(s)" in out


# -- narration: what the watching seat may know ----------------------------------------------------------------------


def spy_on_describe(game: meeple.Game, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int | None, int | None]]:
    """Record (actor, viewer) of every describe call the table makes."""
    calls: list[tuple[int | None, int | None]] = []
    real = game.describe

    def describe(before, action, after, viewer):  # type: ignore[no-untyped-def]
        calls.append((before.current_player, viewer))
        return real(before, action, after, viewer)

    monkeypatch.setattr(game, "describe", describe)
    return calls


def test_opponents_moves_are_told_as_the_human_seat_may_know_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hidden information stays hidden: the bot's moves are described for the person watching, not for the bot."""
    game = meeple.load("splendor")
    calls = spy_on_describe(game, monkeypatch)
    code, _ = play(["splendor", "--seats", "random,human", "--seed", "6"], "1\n1\n1\nquit\n", tmp_path)
    assert code == 0
    assert {actor for actor, _ in calls} == {0, 1}
    assert all(viewer == 1 for _, viewer in calls)


def test_hot_seat_tells_every_move_as_to_an_onlooker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Several people share the screen: nothing one seat alone may know is told to all of them."""
    game = meeple.load("splendor")
    calls = spy_on_describe(game, monkeypatch)
    code, out = play(["splendor", "--seats", "human,human", "--seed", "6"], "1\n1\nquit\n", tmp_path)
    assert code == 0 and calls and all(viewer is None for _, viewer in calls)
    assert "Seat 1 to move" in out and "Seat 2 to move" in out


def test_a_failing_narration_falls_back_to_the_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = meeple.load("splendor")

    def broken(before, action, after, viewer):  # type: ignore[no-untyped-def]
        raise KeyError("a bug in a game's describe")

    monkeypatch.setattr(game, "describe", broken)
    code, out = play(["splendor", "--seed", "6"], "take wug\nquit\n", tmp_path)
    assert code == 0 and "Seat 1 (you): take wug" in out and "Game saved" in out


# -- grouped choices and moves in words ------------------------------------------------------------------------------


def a_stone_age_payment(minimum: int = 20) -> meeple.State:
    """A position from seeded random play where the seat to move may pay in at least ``minimum`` ways."""
    game = meeple.load("stoneage")
    for seed in range(50):
        state = game.new_game(players=2, seed=seed)
        agent = make_agent("random", seed=seed)
        while not state.is_over:
            if sum(str(a).startswith("pay ") for a in state.legal_actions()) >= minimum:
                return state
            state.apply(agent.act(state))
    raise AssertionError("no rich payment in 50 random games")


def scripted(answers: list[str]):  # type: ignore[no-untyped-def]
    it = iter(answers)

    def ask(prompt: str) -> str:
        return next(it)

    return ask


def test_stone_age_payments_are_one_line_chosen_resource_by_resource() -> None:
    """Issue #16: a building's payment was up to 310 numbered lines; now one, chosen by how many of each."""
    state = a_stone_age_payment()
    seat = state.current_player
    pays = [a for a in state.legal_actions() if str(a).startswith("pay ")]
    console = Console(width=100, record=True)
    target = pays[len(pays) // 2]
    counts = {x: str(target)[4:].count(x) for x in "wcsg"}
    answers = ["pay", str(counts["w"]), str(counts["c"]), str(counts["s"]), str(counts["g"])]
    seats = ["human", "random"] if seat == 0 else ["random", "human"]
    table = Table(state, seats, {1 - seat: make_agent("random")}, Path("/nonexistent/x.json"), console=console, ask=scripted(answers))
    chosen = table.human_decision(seat)
    text = console.export_text()
    listed = [line for line in text.splitlines() if re.match(r"\s*\d+ pay ", line)]
    assert len(listed) == 1 and f"{len(pays)} ways" in listed[0]  # one line for all of them
    assert chosen == target


def test_typing_a_payment_still_works_and_a_wrong_amount_is_asked_again() -> None:
    from meeple.terminal import menu

    state = a_stone_age_payment()
    seat = state.current_player
    pays = [str(a) for a in state.legal_actions() if str(a).startswith("pay ")]
    entries = menu.build(state.game, state.observation(seat), state.legal_actions(), "en")
    number = next(i for i, e in enumerate(entries) if e.kind == "amounts") + 1
    # the group by its number, an amount not offered, back out, then the payment typed as notation
    answers = [str(number), "99", "", pays[0]]
    console = Console(width=100, record=True)
    seats = ["human", "random"] if seat == 0 else ["random", "human"]
    table = Table(state, seats, {1 - seat: make_agent("random")}, Path("/nonexistent/x.json"), console=console, ask=scripted(answers))
    chosen = table.human_decision(seat)
    assert str(chosen) == pays[0]
    assert "99 is not one of" in console.export_text()


def test_moves_name_their_cards_and_mechs_in_words() -> None:
    """Splendor's buy/reserve name the card; Scythe's deploy names the mech and the section its two actions."""
    splendor = meeple.load("splendor")
    state = splendor.new_game(players=2, seed=1)
    card = state.observation(0)["display"][0][2]
    words = hook(splendor, "move_words")(state.observation(0), "reserve 1.3")
    assert words[0] == "terminal.splendor.card" and words[1]["points"] == card["points"]
    scythe = meeple.load("scythe")
    s = scythe.new_game(players=2, seed=3)
    obs = s.observation(0)
    from meeple.games.scythe.data import FACTIONS, MECH_ABILITIES

    key, params = hook(scythe, "move_words")(obs, "deploy m3 3,4")
    assert key == "terminal.scythe.deploy" and params["mech"]["text"] == MECH_ABILITIES[FACTIONS.index(obs["players"][0]["faction"])][2]
    key, params = hook(scythe, "move_words")(obs, "section 1")
    top, bottom = obs["players"][0]["sections"][0].split("/")
    assert params["top"] == {"term": top} and params["bottom"] == {"term": bottom}


def test_numbered_moves_are_grouped_and_chosen_by_their_number(tmp_path: Path) -> None:
    """Stone Age placements: `place hunt 1`…`place hunt 10` are one line; `place hunt` then asks how many."""
    code, out = play(["stoneage", "--seed", "3"], "place hunt\n3\nquit\n", tmp_path)
    assert code == 0
    assert re.search(r"\d+ place hunt 1–\d+", out)
    assert "Seat 1 (you) placed 3" in out


# -- the Scythe map --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", [80, 120])
def test_scythe_map_draws_rivers_lakes_tunnels_and_home_bases_within_the_width(columns: int) -> None:
    from meeple.games.scythe.render import board_text

    state = meeple.load("scythe").new_game(players=2, seed=3)
    lines = board_text(state.observation(0), columns).plain.splitlines()
    assert max(len(line) for line in lines) <= columns
    row = next(line for line in lines if "3,1 " in line)
    # docs/rules/scythe.md: map.json's rivers; 3,1 and 4,1 are split by one, drawn on their shared edge
    assert re.search(r"3,1 \S*\s*~4,1", row)
    assert any("Nordic" in line for line in lines) and any("home" in line for line in lines)
    assert any("≈≈≈" in line for line in lines)  # lakes
    assert any(re.search(r"2,3 \w+T", line) for line in lines)  # a tunnel
    # 1,1 and 2,1 share a land edge (no river): drawn as a plain border
    row11 = next(line for line in lines if "1,1 " in line)
    assert re.search(r"1,1 \S*\s*│2,1", row11)


def test_scythe_render_has_a_legend_and_names_mechs() -> None:
    game = meeple.load("scythe")
    state = game.new_game(players=2, seed=3)
    console = Console(width=80, record=True)
    console.print(game.render(state.observation(0)))
    text = console.export_text()
    assert "~ river" in text and "lake" in text and "T tunnel" in text and "home base" in text
    assert "m1 Riverwalk" in text


# -- the board in the table's language -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_views_english_words_are_the_english_catalogues(name: str) -> None:
    """A view's built-in English (Game.render, no catalogue) and the catalogue the terminal passes must agree."""
    from meeple.i18n import catalogue

    module = hook(meeple.load(name), "render").__module__
    words = __import__(module, fromlist=["WORDS"]).WORDS
    en = catalogue("en")
    assert words and {k: en.get(k) for k in words} == words


@pytest.mark.parametrize(
    ("name", "lang", "word"),
    [("splendor", "fa", "ذخیره: "), ("stoneage", "vi", "mang lại"), ("scythe", "fa", "دریاچه"), ("scythe", "en", "Republic of Polania")],
)
def test_the_board_speaks_the_tables_language(name: str, lang: str, word: str, tmp_path: Path) -> None:
    code, out = play([name, "--seed", "3", "--lang", lang, "--seats", "human,random"], "quit\n", tmp_path)
    assert code == 0 and word in out


def test_game_render_without_a_catalogue_stays_english() -> None:
    game = meeple.load("splendor")
    console = Console(width=100, record=True)
    console.print(game.render(game.new_game(players=2, seed=1).observation(0)))
    text = console.export_text()
    assert "Supply: " in text and "(you)" in text


def test_scythe_map_reverses_the_spaces_the_legal_moves_name() -> None:
    """Where a unit may step (`to 3,4`) stands out on the map, without relying on colour."""
    from meeple.games.scythe.render import board_text, targets_of

    state = meeple.load("scythe").new_game(players=2, seed=3)
    assert targets_of(["to 3,4", "stop", "deploy m2 4,1"]) == {"3,4", "4,1"}
    text = board_text(state.observation(0), 120, targets_of(["to 3,4"]))
    reversed_text = {text.plain[span.start : span.end] for span in text.spans if "reverse" in str(span.style)}
    assert any(t.startswith("3,4 ") for t in reversed_text) and not any(t.startswith("4,1 ") for t in reversed_text)
