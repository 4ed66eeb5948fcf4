"""End to end in a real headless browser: create games from the lobby, play by clicking, reload mid-game, switch
to Persian (right to left), finish a game against a bot and step through its replay."""

from __future__ import annotations

import re
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


# -- the table's shell (issue 16): the log in game terms, what changed since my turn, the clock, the end ----------


def held_token(driver: Any, game_id: str, seat: int) -> str:
    return driver.execute_script("return JSON.parse(localStorage.getItem('meeple.seats'))[arguments[0]].seats[arguments[1]]", game_id, str(seat))


def api(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    import json
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + "api/" + path, data=data, headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def play_by_api(server: str, game_id: str, seat: int, token: str, until: Any, limit: int = 3000, prefer: str = "") -> dict[str, Any]:
    """Play the seat's first legal move (the first starting with ``prefer``, if any) until ``until(view)`` holds
    (the bots answer in between)."""
    import time

    for _ in range(limit):
        v = api(server, f"games/{game_id}/view", {"seat": seat, "token": token})
        if until(v):
            return v
        if v["legal"]:
            move = next((m for m in v["legal"] if prefer and m.startswith(prefer)), v["legal"][0])
            api(server, f"games/{game_id}/act", {"seat": seat, "token": token, "action": move, "ply": v["ply"]})
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not get there")


def test_the_log_speaks_in_game_terms_with_long_numbers_and_what_changed_is_marked(server: str, browser: Any) -> None:
    from .browser import console_errors, window

    window(browser, 1400, 900)
    gid = new_game(browser, server, "stoneage", ["human", "random"])
    token = held_token(browser, gid, 0)
    v = play_by_api(server, gid, 0, token, lambda v: v["moves"] > 110 and v["legal"] and v["since"] and any(e["ply"] >= v["since"] for e in v["events"]))
    wait(browser, lambda d: ply(d) == v["ply"])
    numbers = browser.find_elements(By.CSS_SELECTOR, "#log .log-list li .n")
    assert max(int(n.text) for n in numbers) == v["moves"] > 99
    for n in numbers[:3]:  # a three-digit number is shown whole
        assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", n)
    bots = [li for li in browser.find_elements(By.CSS_SELECTOR, "#log .log-list li") if li.get_attribute("data-seat") == "1"]
    assert bots and "Bot: random" in bots[0].text  # the decision's events, with the seat's name for {player}
    # not the notation ("place hut 1", "use 2"); the words may hold "place" ("on card place 1"), never open with it
    assert not re.search(r"(?m)^(place|use) ", bots[0].text), bots[0].text
    news = [e for e in v["events"] if e["ply"] >= v["since"]]
    mine = [e for e in v["events"] if e["ply"] < v["since"] and e["seat"] == 0][-1]  # others' part of my last decision
    inside = [ev for ev in mine["events"] if ev["seat"] not in (0, None)]
    summary = browser.find_element(By.ID, "since")
    assert len(summary.find_elements(By.CSS_SELECTOR, ".since-list li")) == min(40, sum(len(e["events"]) for e in news) + len(inside))
    marks = {m for e in news for ev in e["events"] for m in ev["marks"]} | {m for ev in inside for m in ev["marks"]}
    changed = browser.find_elements(By.CSS_SELECTOR, "#game .changed")
    assert changed, "the board marks what the bot touched"
    assert all(set(c.get_attribute("data-mark").split()) & marks for c in changed)  # only what was touched
    for el in browser.find_elements(By.CSS_SELECTOR, "#game [data-mark]"):  # and all of it
        if set(el.get_attribute("data-mark").split()) & marks:
            assert "changed" in el.get_attribute("class"), el.get_attribute("data-mark")
    assert not console_errors(browser)


def test_the_automas_turn_is_told_since_my_last_decision_under_its_own_name(server: str, browser: Any) -> None:
    """Solo Scythe: the Automa plays inside the human's decision, and that is what happened since it."""
    from .browser import window

    window(browser, 1400, 900)
    gid = new_game(browser, server, "scythe", ["human"])
    token = held_token(browser, gid, 0)

    def automa_played(v: dict[str, Any]) -> bool:
        last = [e for e in v["events"] if e["seat"] == 0 and e["ply"] < v["since"]]
        return bool(v["legal"] and last and any(ev["seat"] == 1 for ev in last[-1]["events"]))

    v = play_by_api(server, gid, 0, token, automa_played)
    wait(browser, lambda d: ply(d) == v["ply"])
    text = browser.find_element(By.ID, "since").text
    assert "Automa" in text and "Seat 2" not in text


def test_what_changed_flashes_once_and_not_under_reduced_motion(server: str, browser: Any) -> None:
    from .browser import window

    window(browser, 1400, 900)
    for reduced in (False, True):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce" if reduced else "no-preference"}]})
        gid = new_game(browser, server, "splendor", ["human", "random"])
        token = held_token(browser, gid, 0)
        at = play_by_api(server, gid, 0, token, lambda v: v["legal"] and v["since"] > 0)["ply"]
        wait(browser, lambda d, at=at: ply(d) == at and d.find_elements(By.CSS_SELECTOR, ".changed"))
        flashing = browser.find_elements(By.CSS_SELECTOR, ".flash")
        assert flashing
        name = browser.execute_script("return getComputedStyle(arguments[0]).animationName", flashing[0])
        assert name == ("none" if reduced else "flash")
        browser.find_element(By.CSS_SELECTOR, "#since summary").click()  # a redraw of the same view: no second flash
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#since[open]"))
        browser.execute_script("document.querySelector('#supply button.token:not([disabled])')?.click()")
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".flash") and d.find_elements(By.CSS_SELECTOR, ".changed"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_persian_move_buttons_keep_the_label_and_the_notation_apart(server: str, browser: Any) -> None:
    from .browser import window

    window(browser, 390, 844)
    new_game(browser, server, "splendor", ["human", "random"], lang="fa")
    wait(browser, my_turn)
    buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
    assert buttons
    for b in buttons[:5]:
        label = b.find_element(By.CSS_SELECTOR, "bdi.label")
        code = b.find_elements(By.CSS_SELECTOR, "code")
        if not code:
            continue
        assert code[0].get_attribute("dir") == "ltr" and code[0].text == b.get_attribute("data-action")
        lr, cr = label.rect, code[0].rect
        apart = cr["x"] + cr["width"] <= lr["x"] + 1 or cr["y"] >= lr["y"] + lr["height"] - 1  # beside it (RTL) or below
        assert apart, (b.text, lr, cr)
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "ltr")


def test_a_finished_game_shows_its_breakdown_and_a_rematch_seats_the_players_again(server: str, browser: Any) -> None:
    from .browser import console_errors, screenshot, window

    window(browser, 390, 844)
    gid = new_game(browser, server, "splendor", ["human", "random"])
    token = held_token(browser, gid, 0)
    # buying when it can: a seat that only ever takes tokens let some deals run past the loop's bound
    play_by_api(server, gid, 0, token, lambda v: v["over"], prefer="buy")
    result = wait(browser, lambda d: d.find_elements(By.ID, "result"))[0]
    rows = result.find_elements(By.CSS_SELECTOR, "#breakdown tbody tr")
    labels = [r.find_element(By.TAG_NAME, "th").text for r in rows]
    assert len(labels) >= 3 and not any(label.startswith("score.") for label in labels), labels
    assert browser.find_element(By.ID, "winner").text.endswith("wins") or "share" in browser.find_element(By.ID, "winner").text
    screenshot(browser, "shell-end-phone")
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")
    browser.find_element(By.ID, "rematch").click()
    wait(browser, lambda d: "#/game/" in d.current_url and gid not in d.current_url and d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    new_id = browser.current_url.split("#/game/")[1].split("/")[0]
    assert browser.current_url.endswith(f"#/game/{new_id}/0")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "ol.seats li.me").get_attribute("data-seat") == "0")
    assert api(server, f"games/{gid}/view", {})["rematch"] == new_id
    again = api(server, f"games/{new_id}")
    assert [s["kind"] for s in again["seats"]] == ["human", "bot"] and again["options"] == api(server, f"games/{gid}")["options"]
    assert not console_errors(browser)


def test_after_a_bots_move_the_next_human_sees_its_clock(server: str, browser: Any) -> None:
    from .browser import window

    window(browser, 1400, 900)
    browser.get(server + "#/")
    wait(browser, lambda d: d.find_elements(By.ID, "ng-create"))
    Select(browser.find_element(By.ID, "ng-game")).select_by_value("splendor")
    for details in browser.find_elements(By.TAG_NAME, "details"):
        browser.execute_script("arguments[0].open = true", details)
    browser.find_element(By.ID, "ng-clock").send_keys("600")
    browser.find_element(By.ID, "ng-create").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    wait(browser, my_turn)
    before = ply(browser)
    click_a_move(browser)
    wait(browser, lambda d: my_turn(d) and ply(d) > before + 1)  # the bot has answered
    clock = wait(browser, lambda d: d.find_elements(By.ID, "clock"))[0]
    seconds = int("".join(ch for ch in clock.text if ch.isdigit()))
    assert 550 <= seconds <= 600


def test_bot_levels_are_offered_by_name_and_a_chosen_seed_is_shown_to_everyone(server: str, browser: Any) -> None:
    """Issue 20 §4: the seat lists offer easy, medium and hard first (medium chosen for a bot seat); issue 19 §1: a
    game whose creator chose the seed says so, with the seed, in the lobby and on the table."""
    browser.get(server + "#/")
    wait(browser, lambda d: d.find_elements(By.ID, "ng-create"))
    Select(browser.find_element(By.ID, "ng-game")).select_by_value("splendor")
    bot_seat = Select(browser.find_element(By.CSS_SELECTOR, "select.seat-kind[data-seat='1']"))
    assert [o.get_attribute("value") for o in bot_seat.options][1:4] == ["easy", "medium", "hard"]
    assert bot_seat.first_selected_option.get_attribute("value") == "medium"
    assert bot_seat.first_selected_option.text == "Bot: Medium"
    browser.find_element(By.CSS_SELECTOR, "#new-game details summary").click()
    browser.find_element(By.ID, "ng-seed").send_keys("4242")
    browser.find_element(By.ID, "ng-create").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    assert "4242" in wait(browser, lambda d: d.find_element(By.ID, "seeded").text)
    assert "Bot: Medium" in browser.find_element(By.CSS_SELECTOR, "ol.seats").text
    browser.get(server + "#/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#recent-games li"))
    assert "seed 4242" in browser.find_element(By.CSS_SELECTOR, "#recent-games li").text
