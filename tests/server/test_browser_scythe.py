"""Scythe's table in a real browser (issue 18): every kind of decision made by clicking the board (a mat's section
or spot, a unit, a hex, a card, the combat dial), at desktop and phone sizes, a combat and an encounter reached by
a seeded game, the Automa in the player list; no console error; screenshots to the temporary folder.

Positions come from seeded games: both seats human, the early decisions sent through the HTTP API (a prefix played
by the aggressive random player of tests/scythe/test_simulation.py), then a person's clicks in Chromium."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

import meeple

from .browser import MISSING, console_errors, screenshot, wait, window

if not MISSING:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

GAME = meeple.load("scythe")
DESKTOP, PHONE = (1400, 900), (390, 844)


# -- the server and the page ----------------------------------------------------------------------------------------


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + "api/" + path, data=data, headers={"Content-Type": "application/json"}, method="POST" if body is not None else "GET"
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def create(base: str, seats: list[str], seed: int | None = None, **options: Any) -> tuple[str, dict[int, str]]:
    spec: dict[str, Any] = {"game": "scythe", "players": len(seats), "seats": seats, "options": options}
    if seed is not None:
        spec.update(seed=seed, seeded=True)
    body = api(base, "games", spec)
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def open_seat(driver: Any, base: str, gid: str, seat: int, tokens: dict[int, str], lang: str = "en") -> None:
    """This browser holds every human seat's token (as after accepting invitations) and shows ``seat``."""
    driver.get(base)
    seats = {gid: {"game": "scythe", "seats": {str(s): t for s, t in tokens.items()}}}
    driver.execute_script(
        "localStorage.setItem('meeple.seats', arguments[0]); localStorage.setItem('meeple.lang', arguments[1]);", json.dumps(seats), lang
    )
    driver.get(f"{base}#/game/{gid}/{seat}")
    driver.refresh()
    # the printed board has come (home bases are drawn from it): no redraw for it will follow under a test's clicks
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply] .scythe .hexmap g.home"), 40)

    def speaks(d: Any) -> bool:
        return bool(
            d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
            and d.find_element(By.ID, "lang").get_attribute("value") == lang
            and d.find_elements(By.CSS_SELECTOR, "#game[data-ply] .scythe .hexmap g.home")
        )

    if not speaks(driver):  # the page kept the language it had
        Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
        wait(driver, speaks, 40)


def page_ply(driver: Any) -> int:
    return int(driver.find_element(By.ID, "game").get_attribute("data-ply"))


def legal(driver: Any) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#moves button[data-action]')].map(b => b.dataset.action)")


def prefix(seed: int, until: Any, limit: int = 3000) -> tuple[list[str], Any]:
    """The aggressive random player's decisions from the start of a seeded 2-player game up to the first state
    ``until`` accepts (that state is returned too)."""
    from tests.scythe.test_simulation import choose

    rng = random.Random(seed)
    s = GAME.new_game(players=2, seed=seed)
    moves: list[str] = []
    while not s.is_over and len(moves) < limit:
        if until(s):
            return moves, s
        a = choose(s, s.legal_actions(), rng, True)
        moves.append(str(a))
        s.apply(a)
    raise AssertionError("the seeded game never reached the wanted position")


def send(
    base: str, gid: str, tokens: dict[int, str], moves: list[str], players: int = 2, seed: int | None = None, done: list[str] = ()
) -> None:
    """Play ``moves`` through the API, each by the seat whose decision it is (after ``done``, already played)."""
    s = GAME.new_game(players=players, seed=SEED if seed is None else seed)
    for m in done:
        s.apply(m)
    ply = api(base, f"games/{gid}/view", {"seat": None})["ply"]
    for m in moves:
        seat = s.current_player
        ply = api(base, f"games/{gid}/act", {"seat": seat, "token": tokens[seat], "action": m, "ply": ply})["ply"]
        s.apply(m)


# -- clicking a move on the board ----------------------------------------------------------------------------------


def click(driver: Any, el: Any) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", el)
    if el.tag_name in ("g", "polygon", "path"):
        ActionChains(driver).move_to_element(el).click().perform()
    else:
        el.click()


def find(driver: Any, css: str) -> Any:
    found = [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]
    assert found, f"nothing on the board to click for {css}"
    return found[0]


def on_hex(driver: Any, action: str, hex_id: str) -> None:
    click(driver, find(driver, f".hexmap g.hex.playable[data-hex='{hex_id}'] .ground"))  # its centre: a unit may stand there
    if action in legal(driver) and driver.find_elements(By.CSS_SELECTOR, "#chooser"):
        click(driver, find(driver, f"#chooser button[data-action='{action}']"))


def play_by_board(driver: Any, action: str, seat: int) -> str:
    """Make ``action`` by clicking what it is about; returns the kind of board element used."""
    w = action.split(" ")
    mat = f".mat[data-seat='{seat}']"
    hexes = [x for x in w[1:] if "," in x]
    if w[0] == "section":
        click(driver, find(driver, f"{mat} [data-action='{action}']"))
        return "mat section"
    if action in ("move", "coins", "power", "cards", "trade", "popularity", "produce", "no top") and driver.find_elements(
        By.CSS_SELECTOR, ".top-options"
    ):
        click(driver, find(driver, f".top-options [data-action='{action}']"))
        return "top action"
    if w[0] == "pick":
        click(driver, find(driver, f".hexmap g.unit.playable[data-action='{action}']"))
        return "unit"
    if w[0] == "dial":
        click(driver, find(driver, f"#combat .dial [data-action='{action}']"))
        return "power dial"
    if w[0] == "cards":
        for v in [] if w[1] == "none" else w[1].split("+"):
            click(driver, find(driver, f"#combat .combat-card.toggle[data-card='{v}']:not(.on)"))
        click(driver, find(driver, f"#combat button.commit[data-action='{action}']"))
        return "combat cards"
    if w[0] == "option" and driver.find_elements(By.CSS_SELECTOR, "#encounter button[data-action]"):
        click(driver, find(driver, f"#encounter button[data-action='{action}']"))
        return "encounter card"
    if w[0] == "keep" or (w[0] == "option" and driver.find_elements(By.CSS_SELECTOR, "#factory")):
        click(driver, find(driver, f"#factory [data-action='{action}']"))
        return "factory card"
    if w[0] in ("load", "unload") or action == "stop":
        click(driver, find(driver, f"#carry [data-action='{action}']"))
        return "carry panel"
    if w[0] == "upgrade":
        slot = w[1].split(">")[0]
        click(driver, find(driver, f"{mat} [data-mark='mat:{seat}:top:{slot}']"))
        click(driver, find(driver, f"{mat} [data-action='{action}']"))
        return "mat upgrade"
    if w[0] == "enlist":
        click(driver, find(driver, f"{mat} [data-mark='mat:{seat}:recruit:{w[1]}']"))
        click(driver, find(driver, f"{mat} [data-action='{action}']"))
        return "mat enlist"
    if w[0] == "deploy":
        click(driver, find(driver, f"{mat} [data-mark='mat:{seat}:mech:{int(w[1][1:]) - 1}']"))
        on_hex(driver, action, w[2])
        return "mat mech then hex"
    if w[0] == "build":
        click(driver, find(driver, f"{mat} [data-mark='mat:{seat}:structure:{w[1]}']"))
        on_hex(driver, action, w[2])
        return "mat structure then hex"
    if w[0] == "reveal" or action == "section factory" or action.startswith("pay card "):
        click(driver, find(driver, f"{mat} [data-action='{action}']"))
        return "mat card"
    if hexes:
        on_hex(driver, action, hexes[-1])
        return "hex"
    click(driver, find(driver, f"#action-bar [data-action='{action}']"))
    return "action bar"


def decide(driver: Any, action: str, seat: int) -> str:
    before = page_ply(driver)
    how = play_by_board(driver, action, seat)
    try:
        wait(driver, lambda d: page_ply(d) != before)
    except Exception:
        screenshot(driver, "scythe-failed-click")
        raise AssertionError(f"clicking {how} did not make {action!r} (legal: {legal(driver)[:12]})") from None
    return how


def coverage_choice(options: list[str], seen: dict[str, int], rng: random.Random) -> str:
    """The legal move of the kind played least so far (ties at random): a short game tries every kind it can."""
    kind = lambda a: a.split(" ")[0]  # noqa: E731
    return min(options, key=lambda a: (seen.get(kind(a), 0), rng.random()))


def click_through(driver: Any, seat: int, decisions: int, rng: random.Random, stop: Any = None) -> dict[str, set[str]]:
    """Make ``decisions`` of ``seat``'s decisions by clicking (waiting for the others); returns kind -> elements."""
    seen: dict[str, int] = {}
    used: dict[str, set[str]] = {}
    made = 0
    while made < decisions:
        wait(
            driver,
            lambda d: (
                d.find_element(By.ID, "game").get_attribute("data-mine") == "true"
                or d.find_element(By.ID, "game").get_attribute("data-over") == "true"
            ),
            60,
        )
        if driver.find_element(By.ID, "game").get_attribute("data-over") == "true":
            break
        options = legal(driver)
        if stop and stop(options):
            break
        a = coverage_choice(options, seen, rng)
        how = decide(driver, a, seat)
        kind = a.split(" ")[0]
        seen[kind] = seen.get(kind, 0) + 1
        used.setdefault(kind, set()).add(how)
        made += 1
    return used


def no_errors(driver: Any) -> None:
    errors = console_errors(driver)
    assert errors == [], errors


def no_overflow(driver: Any) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= driver.execute_script("return window.innerWidth"), f"the page is {width}px wide"


# -- the tests -----------------------------------------------------------------------------------------------------

SEED = 4  # the aggressive player of this seed meets an encounter early, takes a Factory card, then fights


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_game_against_a_bot_is_played_by_clicking_the_board(server: str, browser: Any, size: tuple[int, int]) -> None:
    window(browser, *size)
    gid, tokens = create(server, ["human", "random"], seed=11 if size == DESKTOP else 12)
    open_seat(browser, server, gid, 0, tokens)
    rng = random.Random(5)
    used = click_through(browser, 0, 45, rng)
    tag = "desktop" if size == DESKTOP else "phone"
    screenshot(browser, f"scythe-2p-mid-{tag}")
    no_errors(browser)
    no_overflow(browser)
    assert {"section", "pick", "to"} <= set(used), used
    assert all(
        "action bar" not in how
        for kind, how in used.items()
        if kind in ("section", "pick", "to", "produce", "put", "upgrade", "deploy", "build", "enlist")
    ), used
    assert browser.find_elements(By.CSS_SELECTOR, ".mat[data-seat='1']"), "the opponent's mat is drawn"
    # what the bot did since my last decision is marked on the board (the events' marks name the board's elements)
    click_through(browser, 0, 30, rng, stop=lambda options: any(a.startswith("section ") for a in options))
    assert browser.find_elements(By.CSS_SELECTOR, ".scythe [data-mark].changed"), "nothing of the bot's turn is marked"


def test_an_encounter_and_a_factory_card_are_chosen_on_their_cards(server: str, browser: Any) -> None:
    window(browser, *DESKTOP)
    gid, tokens = create(server, ["human", "human"], seed=SEED)
    met = len(prefix(SEED, lambda s: s.phase == "encounter")[0])
    moves, s = prefix(SEED, lambda s: s.phase == "factory")
    # go back to the mover's step onto the token: the click on the hex draws the card
    cut = max(i for i, m in enumerate(moves[:met]) if m.startswith("to "))
    send(server, gid, tokens, moves[:cut])
    mirror = GAME.new_game(players=2, seed=SEED)
    for m in moves[:cut]:
        mirror.apply(m)
    seat = mirror.current_player
    open_seat(browser, server, gid, seat, tokens)
    used = set()
    for m in moves[cut:met]:
        used.add(decide(browser, m, seat))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#encounter button.playable"))
    screenshot(browser, "scythe-encounter-desktop")
    used.add(decide(browser, moves[met], seat))  # the option the seeded player took
    assert "encounter card" in used
    log = browser.find_element(By.ID, "log").text
    assert "encounter card" in log and "option" in log, log[:400]
    # on to the Factory: the character that reaches it looks at the cards and keeps one, on its card
    send(server, gid, tokens, moves[met + 1 :], done=moves[: met + 1])
    open_seat(browser, server, gid, s.current_player, tokens)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#factory .factory-card.playable"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#factory .factory-card")) == len(s.factory)
    screenshot(browser, "scythe-factory-desktop")
    keep = next(a for a in legal(browser) if a.startswith("keep factory "))
    assert decide(browser, keep, s.current_player) == "factory card"
    assert browser.find_elements(By.CSS_SELECTOR, f".mat[data-seat='{s.current_player}'] .factory-card")
    no_errors(browser)


def test_a_combat_is_dialled_and_tucked_by_clicking_and_the_reveal_shows_to_both(server: str, browser: Any) -> None:
    window(browser, *DESKTOP)
    gid, tokens = create(server, ["human", "human"], seed=SEED)
    moves, s = prefix(SEED, lambda s: s.phase == "dial")
    attacker, defender = s.sides()
    first = s.current_player  # the attacker, unless it had no power and no card to choose
    second = 1 - first
    send(server, gid, tokens, moves)
    open_seat(browser, server, gid, first, tokens)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#combat .dial button"))
    screenshot(browser, "scythe-combat-dial-desktop")
    dial = max(legal(browser), key=lambda a: int(a.split(" ")[1]) if a.startswith("dial ") else -1)
    assert decide(browser, dial, first) == "power dial"
    if any(a.startswith("cards ") for a in legal(browser)):
        cards = max((a for a in legal(browser) if a.startswith("cards ")), key=len)
        assert decide(browser, cards, first) == "combat cards"
    if first == attacker:
        assert "⟳" in browser.find_element(By.ID, "combat").text  # my own dial stays in front of me
        open_seat(browser, server, gid, second, tokens)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#combat"))
        assert "⟳" not in browser.find_element(By.ID, "combat").text  # the attacker's dial is hidden before the reveal
        window(browser, *PHONE)
        screenshot(browser, "scythe-combat-defender-phone")
        no_overflow(browser)
        window(browser, *DESKTOP)
        if any(a.startswith("dial ") for a in legal(browser)):
            assert decide(browser, "dial 0", second) == "power dial"
        if any(a.startswith("cards ") for a in legal(browser)):
            decide(browser, "cards none", second)
    for seat in (defender, attacker):
        open_seat(browser, server, gid, seat, tokens)
        wait(browser, lambda d: d.find_elements(By.ID, "last-combat"))
        assert "Combat on" in browser.find_element(By.ID, "log").text
        screenshot(browser, f"scythe-combat-reveal-seat{seat}")
    # a spectator sees the same reveal, the board and both mats, and no hand
    browser.get(f"{server}#/game/{gid}/watch")
    browser.refresh()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#last-combat") and d.find_elements(By.CSS_SELECTOR, ".mat[data-seat='1']"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".mat .cards .combat-card:not(.back)"), "a spectator sees no combat card's value"
    no_errors(browser)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_solo_game_shows_the_automa_in_the_player_list_and_is_played_by_clicking(server: str, browser: Any, lang: str) -> None:
    window(browser, *DESKTOP)
    gid, tokens = create(server, ["human"], seed=21)
    open_seat(browser, server, gid, 0, tokens, lang)
    used = click_through(browser, 0, 25, random.Random(2))
    assert "section" in used
    extra = browser.find_elements(By.CSS_SELECTOR, "#seats li.automa-seat[data-mark='seat:1']")
    assert extra and extra[0].find_elements(By.CSS_SELECTOR, ".tracker .ticks .at"), (
        "the Automa and its star tracker are in the player list"
    )
    assert browser.find_elements(By.CSS_SELECTOR, ".hexmap g.unit[data-side='1']"), "its units are on the map"
    log = browser.find_element(By.ID, "log").text
    assert ("Automa played card" in log) if lang == "en" else ("آتوما" in log)
    if lang == "fa":
        assert browser.execute_script("return document.documentElement.dir") == "rtl"
        assert browser.find_element(By.CSS_SELECTOR, ".map-wrap").get_attribute("dir") == "ltr"  # the map is not mirrored
    screenshot(browser, f"scythe-solo-{lang}-desktop")
    window(browser, *PHONE)
    wait(browser, lambda d: d.execute_script("return window.innerWidth") < 500)
    screenshot(browser, f"scythe-solo-{lang}-phone")
    no_overflow(browser)

    # the map zooms and pans on a phone
    def view_box() -> str:
        return browser.execute_script("return document.querySelector('.hexmap').getAttribute('viewBox')")

    box = view_box()
    click(browser, find(browser, ".zoom .zoom-in"))
    assert view_box() != box and browser.find_element(By.CSS_SELECTOR, ".hexmap").get_attribute("data-zoom") != "1"
    click(browser, find(browser, ".zoom .zoom-fit"))
    assert view_box() == box
    no_errors(browser)


def test_a_finished_solo_game_shows_the_score_by_category_and_the_automa_s(server: str, browser: Any) -> None:
    window(browser, *DESKTOP)
    gid, tokens = create(server, ["human"], seed=9)
    rng = random.Random(9)
    s = GAME.new_game(players=1, seed=9)
    moves = []
    while not s.is_over:
        a = str(rng.choice(s.legal_actions()))
        moves.append(a)
        s.apply(a)
    send(server, gid, tokens, moves, players=1, seed=9)
    open_seat(browser, server, gid, 0, tokens)
    wait(browser, lambda d: d.find_elements(By.ID, "automa-score"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    score = browser.find_element(By.ID, "automa-score").text
    parts = s.result().details["automa_breakdown"]
    assert str(sum(parts.values())) in score and "Coins in hand" in score, score
    assert browser.find_elements(By.ID, "breakdown"), "the human's score by category (the shell's result panel)"
    screenshot(browser, "scythe-solo-end-desktop")
    window(browser, *PHONE)
    screenshot(browser, "scythe-solo-end-phone")
    no_overflow(browser)
    no_errors(browser)


def test_a_move_is_made_with_the_keyboard_alone(server: str, browser: Any) -> None:
    """Sections and options are buttons; units and highlighted hexes take the focus and answer Enter."""
    from selenium.webdriver.common.keys import Keys

    window(browser, *DESKTOP)
    gid, tokens = create(server, ["human", "human"], seed=3)
    view = api(server, f"games/{gid}/view", {"seat": None})
    seat = view["current_player"]
    column = [x.split("/")[0] for x in view["observation"]["players"][seat]["sections"]].index("move")
    open_seat(browser, server, gid, seat, tokens)

    def press(css: str) -> None:
        """Focus the element ``css`` names (found afresh: a redraw may have replaced it) and press Enter."""
        before = page_ply(browser)

        def focused(d: Any) -> bool:
            shown = [e for e in d.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]
            if not shown:
                return False
            el = shown[0]
            d.execute_script("arguments[0].focus()", el)
            return bool(d.switch_to.active_element == el)

        wait(browser, focused)  # the element takes the keyboard focus
        ActionChains(browser).send_keys(Keys.ENTER).perform()
        wait(browser, lambda d: page_ply(d) != before)

    section = f".mat[data-seat='{seat}'] .column[data-mark='mat:{seat}:section:{column}'] button.top-action"
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, f"{section} .action-name").text == "Move")
    press(section)
    press(".top-options [data-action='move']")
    press(".hexmap g.unit.playable[data-action='pick character']")
    target = find(browser, ".hexmap g.hex.playable")
    assert target.get_attribute("tabindex") == "0" and target.get_attribute("role") == "button"
    press(".hexmap g.hex.playable")
    assert any(a == "stop" or a.startswith(("to ", "pick ", "done")) for a in legal(browser)) or browser.find_elements(By.ID, "encounter")
    no_errors(browser)


def test_the_bottom_actions_and_payments_are_made_on_the_mats_and_the_map(server: str, browser: Any) -> None:
    """Deploy (the mech's spot, then a hex), build (the structure's spot, then a hex), upgrade (a top cube, then a
    bottom cost space), enlist (a recruit, then a one-time bonus) and a payment (the hex that pays): the seeded
    player plays the rest through the API, each of these is clicked as it first comes."""
    from tests.scythe.test_simulation import choose

    window(browser, *DESKTOP)
    wanted = ["deploy", "build", "upgrade", "enlist", "pay "]
    rng = random.Random(SEED)
    s = GAME.new_game(players=2, seed=SEED)
    plan: list[tuple[str, bool]] = []  # (move, clicked in the browser)
    while not s.is_over and wanted and len(plan) < 2500:
        legal_now = [str(a) for a in s.legal_actions()]
        kind = next((k for k in wanted if any(a.startswith(k) for a in legal_now) and (k != "pay " or s.phase == "pay")), None)
        if kind:
            wanted.remove(kind)
            move = next(a for a in legal_now if a.startswith(kind) and not a.startswith("pay card"))
            plan.append((move, True))
        else:
            move = str(choose(s, s.legal_actions(), rng, True))
            plan.append((move, False))
        s.apply(move)
    gid, tokens = create(server, ["human", "human"], seed=SEED)
    mirror = GAME.new_game(players=2, seed=SEED)
    played: list[str] = []
    pending: list[str] = []
    shown = None
    used = {}
    for move, by_click in plan:
        if not by_click:
            pending.append(move)
            continue
        if len(pending) > 20:
            browser.get("about:blank")  # a page open on the game would redraw at each of these moves
            shown = None
        send(server, gid, tokens, pending, done=played)
        for m in pending:
            mirror.apply(m)
        played += pending
        pending = []
        seat = mirror.current_player
        if seat != shown:
            open_seat(browser, server, gid, seat, tokens)
            shown = seat
        wait(browser, lambda d, move=move: move in legal(d))
        used[move.split(" ")[0]] = decide(browser, move, seat)
        mirror.apply(move)
        played.append(move)
    assert used.get("deploy") == "mat mech then hex" and used.get("build") == "mat structure then hex", used
    assert used.get("upgrade") == "mat upgrade" and used.get("enlist") == "mat enlist", used
    assert used.get("pay") == "hex", used
    screenshot(browser, "scythe-bottom-actions-desktop")
    no_errors(browser)
