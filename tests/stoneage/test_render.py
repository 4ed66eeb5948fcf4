"""The terminal view (meeple play stoneage) is drawn from an observation and shows the board."""

import random

from rich.console import Console

from meeple.games.stoneage.game import GAME

from .helpers import card_with, force, new, put_card, to_actions


def draw(obs) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.render(obs))
    return console.export_text()


def test_render_shows_locations_players_cards_and_stacks():
    s = new(3, seed=61)
    s.apply("place forest 2")
    text = draw(s.observation(s.current_player))
    for word in ("hunt", "forest", "toolmaker", "Civilization cards", "Building stacks", "score", "Phase: place"):
        assert word in text
    assert "(you)" in text


def test_render_through_a_random_game_and_hides_secrets():
    s = new(4, seed=62)
    put_card(s, 0, card_with("extra_card"))
    s.res[0] = [1, 0, 0, 0]
    to_actions(s, 0, {"card 1": 1, "hut": 2, "field": 1})
    s.apply("use card 1")
    force(s, ("extra", s.deck[0]))
    s.apply("pay w")
    s.script = None
    assert "+1 secret" in draw(s.observation(0)) and "+1 hidden" in draw(s.observation(1))
    rng = random.Random(1)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        if len(s.history) % 97 == 0:
            draw(s.observation(s.current_player))
    assert "over" in draw(s.observation(None))


def test_meeple_play_stoneage_in_the_terminal_saves_a_record_that_replays(tmp_path):
    from typer.testing import CliRunner

    from meeple import record
    from meeple.cli import app

    path = tmp_path / "game.json"
    out = CliRunner().invoke(
        app, ["play", "stoneage", "--players", "3", "--seats", "random,random,random", "--seed", "5", "--save", str(path)]
    )
    assert out.exit_code == 0, out.output
    state = record.replay(record.read(path))
    assert state.is_over and state.game.name == "stoneage"
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 0 and "winner" in out.output
