"""End to end in a real headless browser: create games from the lobby, play by clicking, reload mid-game, switch
to Persian (right to left), finish a game against a bot and step through its replay."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import games as game_names

from .browser import By, Select, my_turn, new_game, ply, wait


def click_a_move(driver: Any) -> None:
    """Choose by clicking: on Splendor's board where it can, else from the list of moves."""
    before = ply(driver)
    board = driver.find_element(By.ID, "board").get_attribute("data-game")
    clicked = False
    if board == "splendor":
        buys = [b for b in driver.find_elements(By.CSS_SELECTOR, "#moves button.move") if b.get_attribute("data-action").startswith("buy ")]
        if buys:
            slot = buys[0].get_attribute("data-action").split()[1]
            cards = driver.find_elements(By.CSS_SELECTOR, f".card.playable[data-slot='{slot}']")
            if cards:
                cards[0].click()
                choices = driver.find_elements(By.CSS_SELECTOR, "#chooser button[data-action^='buy ']")
                if choices:
                    choices[0].click()
                clicked = True
        elif driver.find_elements(By.CSS_SELECTOR, "#supply button.token:not([disabled])") and not driver.find_elements(
            By.CSS_SELECTOR, "button[data-ret].playable"
        ):
            for _ in range(3):
                free = [
                    t
                    for t in driver.find_elements(By.CSS_SELECTOR, "#supply button.token:not([disabled])")
                    if "picked" not in t.get_attribute("class")
                ]
                if free:
                    free[0].click()
            take = driver.find_element(By.ID, "take")
            if take.is_enabled():
                take.click()
                clicked = True
        elif driver.find_elements(By.CSS_SELECTOR, "button[data-ret].playable"):
            driver.find_element(By.CSS_SELECTOR, "button[data-ret].playable").click()
            clicked = True
    elif board == "stoneage" and driver.find_elements(By.CSS_SELECTOR, "#board .spot.playable"):
        driver.find_element(By.CSS_SELECTOR, "#board .spot.playable").click()
        choices = driver.find_elements(By.CSS_SELECTOR, "#chooser button[data-action]")
        if choices:
            choices[0].click()
        clicked = True
    elif board == "scythe" and driver.find_elements(By.CSS_SELECTOR, ".section.playable, g.hex.playable"):
        driver.find_element(By.CSS_SELECTOR, ".section.playable, g.hex.playable").click()
        choices = driver.find_elements(By.CSS_SELECTOR, "#chooser button[data-action]")
        if choices:
            choices[0].click()
        clicked = True
    if not clicked:
        driver.find_element(By.CSS_SELECTOR, "#moves button.move").click()
    wait(driver, lambda d: ply(d) != before)


@pytest.mark.parametrize("game", game_names())
def test_create_play_by_clicking_and_reload(server: str, browser: Any, game: str) -> None:
    new_game(browser, server, game, ["human", "random"])
    for _ in range(3):
        wait(browser, lambda d: my_turn(d) or d.find_element(By.ID, "game").get_attribute("data-over") == "true")
        if not my_turn(browser):
            break
        click_a_move(browser)
    wait(browser, my_turn)
    seen = ply(browser)
    log = browser.find_element(By.CSS_SELECTOR, ".log h3").text
    browser.refresh()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]") and ply(d) == seen)
    assert browser.find_element(By.CSS_SELECTOR, ".log h3").text == log
    assert browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
    assert browser.find_element(By.ID, "turn").text.endswith("Your turn")
    # a phone-sized window: the page itself never scrolls sideways (wide tables scroll inside their own box)
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_persian_is_laid_out_right_to_left_and_remembered(server: str, browser: Any) -> None:
    new_game(browser, server, "splendor", ["human", "random"])
    Select(browser.find_element(By.ID, "lang")).select_by_value("fa")
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl")
    wait(browser, lambda d: "نوبت" in d.find_element(By.ID, "turn").text)
    first, second = browser.find_elements(By.CSS_SELECTOR, "ol.seats li")[:2]
    assert first.rect["x"] > second.rect["x"], "seats should run from right to left"
    browser.refresh()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fa"
    assert browser.find_element(By.ID, "nav-lobby").text == "سالن"
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "ltr")


def test_a_game_against_a_bot_is_played_to_the_end_and_replayed(server: str, browser: Any) -> None:
    gid = new_game(browser, server, "splendor", ["human", "random"])
    for _ in range(400):
        wait(browser, lambda d: my_turn(d) or d.find_element(By.ID, "game").get_attribute("data-over") == "true")
        if browser.find_element(By.ID, "game").get_attribute("data-over") == "true":
            break
        click_a_move(browser)
    result = browser.find_element(By.ID, "result")
    assert "Final scores" in result.text
    result.find_element(By.CSS_SELECTOR, "a.button").click()
    wait(browser, lambda d: d.find_elements(By.ID, "replay-next"))
    assert f"#/replay/{gid}" in browser.current_url
    browser.find_element(By.ID, "replay-next").click()
    wait(browser, lambda d: d.find_element(By.ID, "replay-step").text.startswith("move 1 of"))
    assert browser.find_elements(By.CSS_SELECTOR, ".last-move")


def test_an_invitation_link_seats_its_holder_and_leaves_the_address_bar_clean(server: str, browser: Any) -> None:
    browser.get(server + "#/")
    wait(browser, lambda d: d.find_elements(By.ID, "ng-create"))
    Select(browser.find_element(By.ID, "ng-game")).select_by_value("splendor")
    Select(browser.find_element(By.CSS_SELECTOR, "select.seat-kind[data-seat='1']")).select_by_value("human")
    browser.find_element(By.ID, "ng-create").click()
    link = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "input.invite-link[data-seat='1']"))[0].get_attribute("value")
    token = link.rsplit("/", 1)[1]
    gid = link.split("#/play/")[1].split("/")[0]
    browser.execute_script("localStorage.removeItem('meeple.seats')")  # as if a friend opened it in another browser
    browser.get(link)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    assert browser.current_url.endswith(f"#/game/{gid}/1") and token not in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, "ol.seats li.me").get_attribute("data-seat") == "1"
    assert token not in browser.page_source
    browser.get(server + f"#/game/{gid}/0")  # seat 0's token is not in this browser
    wait(browser, lambda d: "no token" in d.find_element(By.ID, "app").text)


def test_a_preset_locks_the_options_it_turns_on_and_the_game_gets_them(server: str, browser: Any) -> None:
    """Stone Age's house-rules preset (issue 9): the form shows the four options on, locked, and the game has them."""
    import json
    import urllib.request

    browser.get(server + "#/")
    wait(browser, lambda d: d.find_elements(By.ID, "ng-create"))
    Select(browser.find_element(By.ID, "ng-game")).select_by_value("stoneage")
    for details in browser.find_elements(By.TAG_NAME, "details"):
        browser.execute_script("arguments[0].open = true", details)
    preset = browser.find_element(By.CSS_SELECTOR, 'select[data-option="house_rules"]')
    placement = browser.find_element(By.CSS_SELECTOR, 'select[data-option="placement"]')
    assert placement.is_enabled() and json.loads(placement.get_attribute("value")) == "any_number"
    Select(preset).select_by_value('"seed001"')
    assert not placement.is_enabled() and json.loads(placement.get_attribute("value")) == "one_at_a_time"
    Select(preset).select_by_value('"none"')
    assert placement.is_enabled() and json.loads(placement.get_attribute("value")) == "any_number"
    Select(preset).select_by_value('"seed001"')
    for i in range(2):
        Select(browser.find_element(By.CSS_SELECTOR, f"select.seat-kind[data-seat='{i}']")).select_by_value("random")
    browser.find_element(By.ID, "ng-create").click()
    wait(browser, lambda d: "#/game/" in d.current_url)
    game_id = browser.current_url.split("#/game/")[1].split("/")[0]
    with urllib.request.urlopen(f"{server}api/games/{game_id}") as r:
        options = json.load(r)["options"]
    assert options["placement"] == "one_at_a_time" and options["tools_before_roll"] is True
