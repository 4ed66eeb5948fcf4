"""Whole games watched to their end in headless Chromium (issue 16, item 8): Splendor, Stone Age at 2 and at 4 players
with the default rules, Scythe at 2 players and Scythe solo. In each, a human seat makes at least 20 decisions by
clicking on the board (the move list only where the board offers nothing), then leaves its seat to a bot and watches
the bots finish. No SEVERE console entry, no uncaught exception or unhandled rejection; the end shows the result
with its breakdown. Screenshots (early, mid-game, end; desktop and phone; one game in Persian) go to the
screenshots folder, outside the repository."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from .browser import (
    By,
    Select,
    StaleElementReferenceException,
    WebDriverException,
    console_errors,
    my_turn,
    new_game,
    ply,
    screenshot,
    wait,
    window,
)

DESKTOP = (1400, 900)
PHONE = (390, 844)

# Records what the page never logs to the console itself: uncaught errors and unhandled promise rejections; and
# counts the page's changes, so a test can tell that a click did something without reading the whole board.
RECORDER = """
if (!window.__meepleErrors) {
  window.__meepleErrors = [];
  window.__meepleChanges = 0;
  window.addEventListener('error', (e) => window.__meepleErrors.push('error: ' + (e.message || e.type)));
  window.addEventListener('unhandledrejection', (e) => window.__meepleErrors.push('rejection: ' + String(e.reason)));
  const watch = () => new MutationObserver(() => { window.__meepleChanges++; })
    .observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
}
"""


@dataclass
class Tally:
    on_board: int = 0
    from_list: int = 0
    kinds: list[str] = field(default_factory=list)

    @property
    def decisions(self) -> int:
        return self.on_board + self.from_list


def page_errors(driver: Any) -> list[str]:
    return driver.execute_script("return window.__meepleErrors || []")


def over(driver: Any) -> bool:
    return driver.find_element(By.ID, "game").get_attribute("data-over") == "true"


def visible(elements: list[Any]) -> list[Any]:
    shown = []
    for e in elements:
        try:
            if e.is_displayed():
                shown.append(e)
        except StaleElementReferenceException:  # redrawn while we looked: the next look finds the new one
            pass
    return shown


def settled(driver: Any, before: int, marker: int, seconds: float = 5) -> bool:
    """Whether the click made the game move on, or changed the page (a chooser opened, a token was picked)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if ply(driver) != before or over(driver):
                return True
            if changes(driver) != marker:
                return True
        except Exception:  # the page redrew under us: look again
            pass
        time.sleep(0.05)
    return False


def changes(driver: Any) -> int:
    return int(driver.execute_script("return window.__meepleChanges || 0"))


def decide_on_the_board(driver: Any, rng: random.Random, tally: Tally) -> None:
    """One decision, by clicking what a person would click: a chooser's option, else a highlighted board target,
    else (Splendor) tokens of the supply and Take; only when the board offers nothing, a button of the move list."""
    before = ply(driver)
    for _ in range(6):  # a decision may take a few clicks (a card, then buy or reserve; three tokens, then take)
        if ply(driver) != before or over(driver):
            tally.on_board += 1
            return
        choices = visible(driver.find_elements(By.CSS_SELECTOR, "#board #chooser button[data-action], #board .chooser button[data-action]"))
        targets = visible(driver.find_elements(By.CSS_SELECTOR, "#board .playable"))
        tokens = visible(driver.find_elements(By.CSS_SELECTOR, "#supply button.token:not([disabled]):not(.picked)"))
        take = visible(driver.find_elements(By.CSS_SELECTOR, "#take:not([disabled])"))
        pick = None
        if choices:
            pick = rng.choice(choices)
        elif take and (not targets or rng.random() < 0.7):
            pick = take[0]
        elif tokens and (not targets or rng.random() < 0.5):
            pick = rng.choice(tokens)
        elif targets:
            pick = rng.choice(targets)
        if pick is None:
            break
        marker = changes(driver)
        try:
            tally.kinds.append(pick.get_attribute("class") or pick.tag_name)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pick)
            try:
                pick.click()
            except WebDriverException:  # covered (a sticky banner): the element's own handler still gets it
                driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", pick)
        except StaleElementReferenceException:  # the page redrew before the click: look again
            continue
        if not settled(driver, before, marker):
            break
    # a loaded machine may still be carrying the board's decision out: it counts once its view arrives
    wait(driver, lambda d: ply(d) != before or over(d) or visible(d.find_elements(By.CSS_SELECTOR, "#moves button.move")))
    if ply(driver) != before or over(driver):
        tally.on_board += 1
        return
    moves = visible(driver.find_elements(By.CSS_SELECTOR, "#moves button.move"))
    try:
        rng.choice(moves).click()
    except StaleElementReferenceException:
        return decide_on_the_board(driver, rng, tally)
    wait(driver, lambda d: ply(d) != before or over(d))
    tally.from_list += 1


def click_leave(driver: Any) -> bool:
    """Click the page's button that gives up the seat, if it is there (``wait`` looks again when it was redrawn)."""
    buttons = driver.find_elements(By.ID, "leave")
    if not buttons:
        return False
    buttons[0].click()
    return True


def play_a_whole_game(driver: Any, server: str, game: str, seats: list[str], name: str, size: tuple[int, int], lang: str = "en") -> Tally:
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    window(driver, *size)
    console_errors(driver)  # start with an empty console log
    new_game(driver, server, game, seats, lang=lang)
    if driver.find_element(By.TAG_NAME, "html").get_attribute("lang") != lang:  # the page kept the language it had
        Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang and d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    driver.execute_script(RECORDER)
    rng = random.Random(name)
    tally = Tally()
    while tally.on_board < 20 and tally.decisions < 80:
        wait(driver, lambda d: my_turn(d) or over(d), 60)
        if over(driver):
            break
        decide_on_the_board(driver, rng, tally)
        if tally.decisions == 2:
            screenshot(driver, f"{name}-early")
        if tally.decisions == 14:
            screenshot(driver, f"{name}-mid")
            driver.execute_script("document.getElementById('since')?.scrollIntoView()")
            screenshot(driver, f"{name}-mid-since")
    if not over(driver):
        driver.execute_script("window.confirm = () => true")  # the page asks before a seat is given up
        wait(driver, click_leave)  # the page may redraw the button between finding and clicking it
        wait(driver, over, 150)
    result = wait(driver, lambda d: d.find_elements(By.ID, "result"))[0]
    assert result.find_elements(By.CSS_SELECTOR, "#breakdown tr.total"), "the end shows the scores"
    assert driver.find_element(By.ID, "winner").text.strip()
    for cell in result.find_elements(By.CSS_SELECTOR, "#breakdown td"):  # numbers keep their sign in a Persian table
        assert cell.text == "—" or cell.find_elements(By.CSS_SELECTOR, "bdi[dir=ltr]"), cell.text
    driver.execute_script("window.scrollTo(0, 0)")
    screenshot(driver, f"{name}-end")
    window(driver, *(PHONE if size == DESKTOP else DESKTOP))
    time.sleep(0.3)
    screenshot(driver, f"{name}-end-{'phone' if size == DESKTOP else 'desktop'}")
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page scrolls sideways"
    assert not driver.find_element(By.CSS_SELECTOR, "#app .conn").is_displayed(), "the page lost its connection"
    errors = console_errors(driver)
    assert not errors, errors
    assert not page_errors(driver), page_errors(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "#log .log-list li")
    return tally


GAMES = [
    ("splendor", ["human", "random"], "splendor-2p", DESKTOP, "en"),
    ("stoneage", ["human", "random"], "stoneage-2p", PHONE, "fa"),
    ("stoneage", ["human", "random", "random", "random"], "stoneage-4p", DESKTOP, "en"),
    ("scythe", ["human", "random"], "scythe-2p", DESKTOP, "en"),
    ("scythe", ["human"], "scythe-solo", PHONE, "en"),
]


@pytest.mark.parametrize(("game", "seats", "name", "size", "lang"), GAMES, ids=[g[2] for g in GAMES])
def test_a_whole_game_is_watched_to_its_end(server: str, browser: Any, game: str, seats: list[str], name: str, size: tuple[int, int], lang: str) -> None:
    tally = play_a_whole_game(browser, server, game, seats, name, size, lang)
    print(f"{name}: {tally.on_board} decisions on the board, {tally.from_list} from the move list")
    assert tally.on_board >= 20, f"{tally.on_board} of {tally.decisions} decisions were made on the board"
