"""Splendor's table in a real headless browser (issues 16 and 17): every kind of decision made by clicking on the board
(take three colours, take two of one, return tokens over the limit, reserve from the display and from a deck, buy
from the display and from the reserve, choose between two visiting nobles), at desktop and phone sizes and once in
Persian, failing on any console error. The other seat is played through the server's API, so each position is the
one a seeded game reaches; screenshots go to the temporary folder (tests/server/browser.py)."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

import meeple

from .browser import By, console_errors, my_turn, ply, screenshot, wait, window

GAME = meeple.load("splendor")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}
COLOUR = {"w": "white", "u": "blue", "g": "green", "r": "red", "k": "black"}
LETTER = {v: k for k, v in COLOUR.items()}


def api(server: str, path: str, body: dict | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + "api/" + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


class Table:
    """A seeded two-player game on the server with both seats human, and its twin here to know what is legal."""

    def __init__(self, server: str, seed: int) -> None:
        self.server = server
        created = api(server, "games", {"game": "splendor", "players": 2, "seats": ["human", "human"], "seed": seed, "seeded": True})
        self.id, self.tokens = created["id"], {int(k): v for k, v in created["tokens"].items()}
        self.state = GAME.new_game(players=2, seed=seed)

    def act(self, action: str) -> None:
        seat = self.state.current_player
        body = {"seat": seat, "token": self.tokens[seat], "action": action, "ply": len(self.state.history)}
        api(self.server, f"games/{self.id}/act", body)
        self.state.apply(action)

    def sync(self) -> None:
        """Catch up with what the browser played (the server's log, as seat 0 sees it, is the truth)."""
        view = api(self.server, f"games/{self.id}/view", {"seat": 0, "token": self.tokens[0]})
        done = [e for e in self.state.history if isinstance(e, str)]
        for entry in [e["action"] for e in view["log"]][len(done) :]:
            self.state.apply(entry)

    def last(self) -> str:
        return [e for e in self.state.history if isinstance(e, str)][-1]

    def open(self, driver: Any, seat: int, lang: str) -> None:
        driver.get(self.server)
        wait(driver, lambda d: d.find_elements(By.ID, "ng-create"))  # the page has settled its language: ours now wins
        seats = json.dumps({self.id: {"game": "splendor", "seats": {str(seat): self.tokens[seat]}}})
        driver.execute_script("localStorage.setItem('meeple.lang', arguments[0]); localStorage.setItem('meeple.seats', arguments[1])", lang, seats)
        driver.get(f"{self.server}#/game/{self.id}/{seat}")
        driver.refresh()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply] .splendor"))


def click(driver: Any, css: str) -> None:
    el = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, css))[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    el.click()


def decide(driver: Any, table: Table, *css: str) -> str:
    """Click the given elements in order (the last one plays); the notation the server recorded."""
    before = ply(driver)
    for c in css:
        click(driver, c)
    wait(driver, lambda d: ply(d) != before)
    table.sync()
    return table.last()


def other_seat_plays(driver: Any, table: Table) -> None:
    """Seat 1 buys where it can (so tokens flow back to the supply), else takes three, until seat 0 is to move."""
    while table.state.current_player == 1:
        moves = legal(table)
        buys = [a for a in moves if a.startswith("buy ") and " gold:" not in a]
        takes = [a for a in moves if a.startswith("take ") and len(a) == 8]
        table.act((buys or takes or [a for a in moves if a.startswith("return ")] or moves)[0])
    wait(driver, lambda d: my_turn(d) and ply(d) == len(table.state.history))
    # Everything the other seat's turn touched (as the events name it) is an element of the board, to be lit up.
    view = api(table.server, f"games/{table.id}/view", {"seat": 0, "token": table.tokens[0]})
    marks = {m for entry in view["events"] if entry["ply"] >= view["since"] for e in entry["events"] for m in e["marks"]}
    assert marks
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".player .stack"))
    missing = [m for m in marks if not driver.find_elements(By.CSS_SELECTOR, f'#board [data-mark="{m}"]')]
    assert missing == [], f"marks with no board element: {missing}"


def legal(table: Table) -> list[str]:
    return [str(a) for a in table.state.legal_actions()]


def shot(driver: Any, name: str, css: str | None = None) -> None:
    """A screenshot, first scrolled to ``css`` (the players' tableaux sit below the fold)."""
    if css:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", css)
    screenshot(driver, name)


def no_overflow(driver: Any) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("size,lang", [("desktop", "en"), ("phone", "fa")])
def test_every_kind_of_turn_is_played_on_the_board(server: str, browser: Any, size: str, lang: str) -> None:
    window(browser, *SIZES[size])
    table = Table(server, seed=1)  # a deal where this plan meets every kind of turn within a few rounds
    table.open(browser, 0, lang)
    console_errors(browser)
    name = f"splendor-{size}-{lang}"
    assert no_overflow(browser)
    # Nothing is affordable yet: every card is marked "reserve only", none "buy", and the legend says which is which.
    assert browser.find_elements(By.CSS_SELECTOR, "#display .card.reserve") and not browser.find_elements(By.CSS_SELECTOR, "#display .card.buy")
    assert browser.find_element(By.CSS_SELECTOR, ".legend .badge.buy") and browser.find_element(By.CSS_SELECTOR, ".legend .badge.reserve")
    screenshot(browser, f"{name}-early")
    # Colour-blind safe: each gem colour has its own shape; every cost pip stays inside its card, even on a phone.
    shapes = browser.execute_script(
        "return ['white','blue','green','red','black','gold'].map((c) => { const e = document.querySelector(`#board .${c} > i`);"
        " return e && getComputedStyle(e).clipPath; })"
    )
    assert None not in shapes and len(set(shapes)) == 6, shapes
    for card_el in browser.find_elements(By.CSS_SELECTOR, "#display .card.face"):
        box = card_el.rect
        for pip in card_el.find_elements(By.CSS_SELECTOR, ".pip, .bonus-gem, .badge"):
            r = pip.rect
            assert box["x"] <= r["x"] + 0.5 and r["x"] + r["width"] <= box["x"] + box["width"] + 0.5, "a pip sticks out of its card"
            assert box["y"] <= r["y"] + 0.5 and r["y"] + r["height"] <= box["y"] + box["height"] + 0.5, "a pip sticks out of its card"
    if size == "desktop":  # the widths between a phone and a desktop fit too (the table scales, nothing overflows)
        for width in (360, 500, 640, 780, 1000):
            window(browser, width, 900)
            assert no_overflow(browser), f"the page scrolls sideways at {width} px"
        window(browser, *SIZES[size])
    # Right to left in Persian: each level's deck stands at the start of its row, the right-hand end.
    deck, first = browser.find_element(By.CSS_SELECTOR, ".deck[data-deck='1']"), browser.find_element(By.CSS_SELECTOR, ".card[data-slot='1.1']")
    assert (deck.rect["x"] > first.rect["x"]) == (lang == "fa")
    # ... while numbers keep their own order: a bonus reads "+2", never "2+".
    directions = browser.execute_script("return [...document.querySelectorAll('.bonus-pip b, .held')].map((e) => getComputedStyle(e).direction)")
    assert directions and set(directions) == {"ltr"}

    # Take three different: three supply tokens, then the take button. The hand shows 0 + 3 = 3 / 10 before playing.
    colours = [c for i, c in enumerate(COLOUR.values()) if table.state.supply[i]][:3]
    for c in colours:
        click(browser, f"#supply button[data-token='{c}']")
        # the board is redrawn, and the token keeps the focus, so a keyboard goes on from where it was
        wait(browser, lambda d, c=c: d.switch_to.active_element.get_attribute("data-token") == c, 5)
    assert "0 + 3 = 3" in browser.find_element(By.ID, "hand-count").text
    assert decide(browser, table, "#take") == "take " + "".join(LETTER[c] for c in colours)
    other_seat_plays(browser, table)

    # Take two of one colour: the same token twice.
    two = next(a for a in legal(table) if a.startswith("take ") and len(a) == 7 and a[5] == a[6])
    colour = COLOUR[two[5]]
    assert decide(browser, table, f"#supply button[data-token='{colour}']", f"#supply button[data-token='{colour}']", "#take") == two
    other_seat_plays(browser, table)

    # Reserve from the display: the cheapest level-1 card, through the chooser's reserve button.
    slot = min(range(4), key=lambda i: sum(display_card(table, 0, i)["cost"].values()))
    card = f"#display .card[data-slot='1.{slot + 1}']"
    assert "Costs you" in browser.find_element(By.CSS_SELECTOR, card).get_attribute("title") or lang != "en"
    click(browser, card)  # a card opens its panel: what it would cost me, then buy or reserve
    assert browser.find_element(By.ID, "chooser-cost").text
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("data-action") is not None, 5)  # the panel has the focus
    screenshot(browser, f"{name}-chooser")
    assert decide(browser, table, f"#chooser button[data-action='reserve 1.{slot + 1}']") == f"reserve 1.{slot + 1}"
    other_seat_plays(browser, table)

    # Reserve blind from the level-1 deck: the deck is the thing touched (from the keyboard on the desktop).
    if size == "desktop":
        from selenium.webdriver.common.keys import Keys

        before = ply(browser)
        deck = browser.find_element(By.CSS_SELECTOR, "#display .deck[data-deck='1']")
        browser.execute_script("arguments[0].focus()", deck)
        assert browser.switch_to.active_element == deck
        deck.send_keys(Keys.ENTER)
        wait(browser, lambda d: ply(d) != before)
        table.sync()
        assert table.last() == "reserve deck 1"
    else:
        assert decide(browser, table, "#display .deck[data-deck='1']") == "reserve deck 1"
    mine = browser.find_elements(By.CSS_SELECTOR, ".player.mine .reserved-cards .card.face")
    assert len(mine) == 2, "my own reserved cards, the blind one included, are face up to me"
    other_seat_plays(browser, table)
    screenshot(browser, f"{name}-mid")

    done: set[str] = set()
    for _ in range(30):
        if {"return", "buy display", "buy reserved"} <= done:
            break
        moves = legal(table)
        if any(a.startswith("return ") for a in moves):
            assert browser.find_elements(By.ID, "to-return")
            played = decide(browser, table, ".player.mine button.returnable")
            assert played.startswith("return ")
            done.add("return")
            if table.state.current_player == 1:
                other_seat_plays(browser, table)
            continue
        reserved_buys = [a for a in moves if a.startswith("buy r")]
        display_buys = [a for a in moves if a.startswith("buy ") and not a.startswith("buy r")]
        if reserved_buys and "buy reserved" not in done:
            source = reserved_buys[0].split()[1]
            el = browser.find_element(By.CSS_SELECTOR, f".player.mine .card.buy[data-slot='{source}']")
            assert "✓" in el.text
            played = decide_card(browser, table, f".player.mine .card.buy[data-slot='{source}']")
            assert played.startswith(f"buy {source}")
            done.add("buy reserved")
        elif display_buys and "buy display" not in done and ("return" in done or not any(a.startswith("take ") for a in moves)):
            source = display_buys[0].split()[1]
            el = browser.find_element(By.CSS_SELECTOR, f"#display .card.buy[data-slot='{source}']")
            assert "Costs you" in el.get_attribute("title") or lang != "en"
            played = decide_card(browser, table, f"#display .card.buy[data-slot='{source}']")
            assert played.startswith(f"buy {source}")
            done.add("buy display")
        else:
            takes = [a for a in moves if a.startswith("take ") and len(a) == 8] or [a for a in moves if a.startswith("take ")]
            held = sum(table.state.tokens[0])
            letters = takes[0].split()[1]
            for letter in letters:
                click(browser, f"#supply button[data-token='{COLOUR[letter]}']")
            if held + len(letters) > 10:
                hand = browser.find_element(By.ID, "hand-count")
                assert str(held + len(letters) - 10) in hand.text and "over" in hand.get_attribute("class")
                screenshot(browser, f"{name}-over-limit")
            decide(browser, table, "#take")
        if table.state.current_player == 1:
            other_seat_plays(browser, table)
    assert {"return", "buy display", "buy reserved"} <= done, done
    # The tableau shows what was bought, stacked under its colour, and the page never scrolls sideways.
    assert len(browser.find_elements(By.CSS_SELECTOR, ".player.mine .stack .mini")) == len(table.state.bought[0])
    assert no_overflow(browser)
    shot(browser, f"{name}-late")
    shot(browser, f"{name}-tableaux", ".players")
    assert console_errors(browser) == []
    # A spectator sees seat 0's blind reservation as the back of its level, and nothing on the page names the card.
    hidden = [c for c, blind in zip(table.state.reserved[0], table.state.blind[0], strict=True) if blind]
    browser.get(f"{server}#/game/{table.id}/watch")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply] .splendor .player .stack"))
    backs = browser.find_elements(By.CSS_SELECTOR, ".player[data-seat='0'] .reserved-cards .card.back")
    assert hidden, "the plan keeps one blind card reserved"
    assert len(backs) == len(hidden)
    for cid in hidden:
        assert not browser.find_elements(By.CSS_SELECTOR, f'[data-mark="card:{cid}"]')
    assert console_errors(browser) == []


def display_card(table: Table, tier: int, i: int) -> dict:
    return table.state.observation(0)["display"][tier][i]


def decide_card(driver: Any, table: Table, css: str) -> str:
    """Click a card; if it offers several moves, the chooser's first buy (the plain payment)."""
    before = ply(driver)
    click(driver, css)
    if driver.find_elements(By.CSS_SELECTOR, "#chooser"):
        assert driver.find_element(By.ID, "chooser-cost").text
        click(driver, "#chooser button[data-action^='buy ']")
    wait(driver, lambda d: ply(d) != before)
    table.sync()
    return table.last()


def noble_position() -> tuple[int, list[str]]:
    """A seeded game and the decisions that bring it to a turn where two nobles visit at once (§9)."""
    for seed in range(500):
        s = GAME.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        played: list[str] = []
        while not s.is_over and len(played) < 300:
            if s.phase == "noble":
                return seed, played
            moves = [str(a) for a in s.legal_actions()]
            buys = [a for a in moves if a.startswith("buy ") and " gold:" not in a]
            takes = [a for a in moves if a.startswith("take ") and len(a) == 8]
            a = buys[0] if buys else rng.choice(takes) if takes else rng.choice(moves)
            played.append(a)
            s.apply(a)
    raise AssertionError("no seed led to a noble choice")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_choosing_between_two_visiting_nobles_on_the_board(server: str, browser: Any, size: str) -> None:
    window(browser, *SIZES[size])
    seed, played = noble_position()
    table = Table(server, seed)
    for a in played:
        table.act(a)
    chooser = table.state.current_player
    table.open(browser, chooser, "en")
    console_errors(browser)
    wait(browser, lambda d: my_turn(d) and ply(d) == len(table.state.history))
    assert browser.find_element(By.ID, "choose-noble").text
    tiles = browser.find_elements(By.CSS_SELECTOR, "#nobles .noble.playable")
    assert len(tiles) == len(legal(table)) >= 2
    for tile in browser.find_elements(By.CSS_SELECTOR, "#nobles .noble"):  # every requirement pip inside its tile
        box = tile.rect
        for pip in tile.find_elements(By.CSS_SELECTOR, ".pip"):
            r = pip.rect
            assert box["x"] - 1 <= r["x"] and r["x"] + r["width"] <= box["x"] + box["width"] + 1
            assert box["y"] - 1 <= r["y"] and r["y"] + r["height"] <= box["y"] + box["height"] + 1
    screenshot(browser, f"splendor-{size}-nobles")
    want = legal(table)[-1]
    noble_id = table.state.nobles[int(want.split()[1]) - 1]
    assert decide(browser, table, f"#nobles .noble[data-noble='{want.split()[1]}']") == want
    assert noble_id in table.state.nobles_won[chooser]
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f".player.mine .won .noble[data-mark='noble:{noble_id}']"))
    assert no_overflow(browser)
    # Played on to the end through the API: the final table and its scores, still without a console error.
    while not table.state.is_over:
        moves = legal(table)
        buys = [a for a in moves if a.startswith("buy ") and " gold:" not in a]
        takes = [a for a in moves if a.startswith("take ") and len(a) == 8]
        table.act((buys or takes or moves)[0])
    wait(browser, lambda d: d.find_element(By.ID, "game").get_attribute("data-over") == "true")
    shot(browser, f"splendor-{size}-end", ".players")
    shot(browser, f"splendor-{size}-end-scores", "#result")
    assert no_overflow(browser)
    assert console_errors(browser) == []
    # The finished game's replay draws the same table, stepping through it without an error.
    browser.get(f"{server}#/replay/{table.id}")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay .splendor"))
    for _ in range(3):
        step = browser.find_element(By.ID, "replay-step").text
        click(browser, "#replay-next")
        wait(browser, lambda d, step=step: d.find_element(By.ID, "replay-step").text != step)
    assert browser.find_elements(By.CSS_SELECTOR, "#replay .splendor .card.face")
    assert console_errors(browser) == []
