"""Scythe's table in a real browser, the gaps issue 18's first pass left: an objective revealed by clicking it on the
mat, the map pinched, dragged and ctrl-wheeled on a phone (Chrome DevTools touch events), the reach of a moving
unit highlighted apart from other targets, and the seat bar of a solo game (no pill stretched to the Automa's
height). Positions come from seeded games played through the HTTP API, as in test_browser_scythe.py."""

from __future__ import annotations

from typing import Any

import pytest

import meeple

from .browser import MISSING, console_errors, screenshot, wait, window
from .test_browser_scythe import DESKTOP, PHONE, api, create, decide, legal, open_seat, page_ply, prefix, send

if not MISSING:
    from selenium.webdriver.common.by import By

GAME = meeple.load("scythe")


def no_errors(driver: Any) -> None:
    errors = console_errors(driver)
    assert errors == [], errors


# -- objectives (docs/rules/scythe.md §11) ----------------------------------------------------------------------------

REVEAL_SEED = 20  # the aggressive random player of this seed may reveal an objective after its 175th decision


def test_a_completed_objective_is_revealed_by_clicking_it_on_the_mat(server: str, browser: Any) -> None:
    window(browser, *DESKTOP)
    moves, s = prefix(REVEAL_SEED, lambda s: any(str(a).startswith("reveal ") for a in s.legal_actions()))
    reveal = next(str(a) for a in s.legal_actions() if str(a).startswith("reveal "))
    card = reveal.split(" ")[1]
    seat = s.current_player
    gid, tokens = create(server, ["human", "human"], seed=REVEAL_SEED)
    send(server, gid, tokens, moves, seed=REVEAL_SEED)
    open_seat(browser, server, gid, seat, tokens)
    objective = f".mat[data-seat='{seat}'] button.objective.playable[data-mark='objective:{card}']"
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, objective))
    # the other objective in hand, whose condition does not hold, is not a button
    held = s.observation(seat)["players"][seat]["objectives"]
    for other in (c for c in held if str(c) != card):
        assert not browser.find_elements(By.CSS_SELECTOR, f"button.objective[data-mark='objective:{other}']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", browser.find_element(By.CSS_SELECTOR, objective))
    screenshot(browser, "scythe-objective-before-desktop")
    before = page_ply(browser)
    assert decide(browser, reveal, seat) == "mat card"
    assert page_ply(browser) > before
    wait(browser, lambda d: f"completed objective {card}" in d.find_element(By.ID, "log").text)
    # the card now lies face up as done, with its star on the mat; the server agrees
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f".mat[data-seat='{seat}'] .objective.done[data-mark='objective:{card}']"))
    assert browser.find_elements(By.CSS_SELECTOR, f".mat[data-seat='{seat}'] .star[data-mark='mat:{seat}:star:objective']")
    view = api(server, f"games/{gid}/view", {"seat": None})
    assert int(card) in view["observation"]["players"][seat]["objectives_revealed"]
    screenshot(browser, "scythe-objective-revealed-desktop")
    no_errors(browser)


# -- the map on a phone: pinch, drag, ctrl + wheel --------------------------------------------------------------------


def touch(driver: Any, kind: str, points: list[tuple[float, float]]) -> None:
    driver.execute_cdp_cmd(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 2, "radiusY": 2, "force": 1} for i, (x, y) in enumerate(points)],
        },
    )


def gesture(driver: Any, frames: list[list[tuple[float, float]]]) -> None:
    """Fingers down at the first frame, moved through the others, lifted."""
    touch(driver, "touchStart", frames[0])
    for f in frames[1:]:
        touch(driver, "touchMove", f)
    touch(driver, "touchEnd", [])


def map_state(driver: Any) -> dict[str, Any]:
    return driver.execute_script(
        "const m = document.querySelector('.hexmap'), r = m.getBoundingClientRect();"
        "return {zoom: Number(m.dataset.zoom), box: m.getAttribute('viewBox').split(' ').map(Number),"
        " left: r.left, top: r.top, width: r.width, height: r.height,"
        " scrollX: window.scrollX, wide: document.documentElement.scrollWidth, inner: window.innerWidth}"
    )


def test_the_map_pinches_drags_and_wheels_on_a_phone_without_the_page_scrolling_sideways(server: str, browser: Any) -> None:
    window(browser, *PHONE)
    gid, tokens = create(server, ["human"], seed=21)
    open_seat(browser, server, gid, 0, tokens)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        browser.execute_script("document.querySelector('.map-wrap').scrollIntoView({block: 'center'})")
        m = map_state(browser)
        assert m["zoom"] == 1
        cx, cy = m["left"] + m["width"] / 2, m["top"] + m["height"] / 2
        # two fingers moving apart, level with each other, left of the middle: the map zooms in about their midpoint
        px, py = m["left"] + m["width"] * 0.35, m["top"] + m["height"] * 0.4
        gesture(browser, [[(px - 20 - d / 2, py), (px + 20 + d / 2, py)] for d in range(0, 100, 10)])
        pinched = map_state(browser)
        assert pinched["zoom"] > 1.8, pinched

        def under(state: dict[str, Any], x: float, y: float) -> tuple[float, float]:
            box = state["box"]
            return (box[0] + (x - state["left"]) / state["width"] * box[2], box[1] + (y - state["top"]) / state["height"] * box[3])

        (x0, y0), (x1, y1) = under(m, px, py), under(pinched, px, py)
        assert abs(x1 - x0) < 6 and abs(y1 - y0) < 6, f"the map point between the fingers moved from {(x0, y0)} to {(x1, y1)}"
        assert pinched["scrollX"] == 0 and pinched["wide"] <= pinched["inner"], pinched
        # one finger dragging to the left shows more of the map's right; the page does not move
        gesture(browser, [[(cx + 60 - d, cy)] for d in range(0, 120, 10)])
        dragged = map_state(browser)
        assert dragged["zoom"] == pinched["zoom"] and dragged["box"][0] > pinched["box"][0], (pinched, dragged)
        assert dragged["scrollX"] == 0 and dragged["wide"] <= dragged["inner"], dragged
        assert page_ply(browser) == 0 or browser.find_element(By.ID, "game").get_attribute("data-mine") == "true"
        screenshot(browser, "scythe-pinched-phone")
        # fingers closing zoom back out, never below the whole map
        gesture(browser, [[(cx - 120 + d, cy), (cx + 120 - d, cy)] for d in range(0, 110, 10)])
        closed = map_state(browser)
        assert 1 <= closed["zoom"] < dragged["zoom"], closed
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    # the zoom-out button takes the map back to the whole board
    browser.find_element(By.CSS_SELECTOR, ".zoom .zoom-fit").click()
    assert map_state(browser)["zoom"] == 1
    # ctrl + wheel zooms (a trackpad's pinch); a plain wheel leaves the map as it is
    window(browser, *DESKTOP)
    wait(browser, lambda d: d.execute_script("return window.innerWidth") > 1000)
    wheel = (
        "const m = document.querySelector('.hexmap'), r = m.getBoundingClientRect();"
        "m.dispatchEvent(new WheelEvent('wheel', {deltaY: -200, ctrlKey: arguments[0], clientX: r.left + r.width / 2,"
        " clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));"
    )
    browser.execute_script(wheel, False)
    assert map_state(browser)["zoom"] == 1
    browser.execute_script(wheel, True)
    assert map_state(browser)["zoom"] > 1
    no_errors(browser)


# -- the reach of a moving unit ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_after_move_the_units_that_may_move_are_marked_and_a_picked_unit_s_reach_is_highlighted(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    window(browser, *size)
    gid, tokens = create(server, ["human", "human"], seed=3)
    view = api(server, f"games/{gid}/view", {"seat": None})
    seat = view["current_player"]
    open_seat(browser, server, gid, seat, tokens)
    tops = [x.split("/")[0] for x in view["observation"]["players"][seat]["sections"]]
    move_section = f"section {tops.index('move') + 1}"
    decide(browser, move_section, seat)
    assert not browser.find_elements(By.CSS_SELECTOR, ".hexmap g.hex.reach"), "no reach before a unit moves"
    decide(browser, "move", seat)
    picks = sorted(a for a in legal(browser) if a.startswith("pick "))
    marked = sorted(
        e.get_attribute("data-action") for e in browser.find_elements(By.CSS_SELECTOR, f".hexmap g.unit.playable[data-side='{seat}']")
    )
    assert picks and marked == picks, (picks, marked)
    assert not browser.find_elements(By.CSS_SELECTOR, f".hexmap g.unit.playable:not([data-side='{seat}'])")
    decide(browser, "pick character", seat)
    steps = sorted(a.split(" ")[1] for a in legal(browser) if a.startswith("to "))
    reach = sorted(e.get_attribute("data-hex") for e in browser.find_elements(By.CSS_SELECTOR, ".hexmap g.hex.playable.reach"))
    assert steps and reach == steps, (steps, reach)
    # the moving unit is ringed, its reach drawn apart (a solid green target with a dot, not the dashed purple)
    assert browser.find_elements(By.CSS_SELECTOR, ".hexmap g.unit.unit-character.moving")
    style = browser.execute_script(
        "const t = document.querySelector('.hexmap g.hex.reach .target'), s = getComputedStyle(t);"
        "return [s.stroke, s.strokeDasharray, document.querySelectorAll('.hexmap g.hex.reach .reach-dot').length]"
    )
    assert style[0] == "rgb(30, 132, 73)" and style[1] in ("none", ""), style
    assert style[2] == len(steps)
    screenshot(browser, f"scythe-reach-{'desktop' if size == DESKTOP else 'phone'}")
    # the step is made on a highlighted hex
    assert decide(browser, f"to {steps[0]}", seat) == "hex"
    no_errors(browser)


# -- the seat bar of a solo game ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "lang"), [(DESKTOP, "en"), (PHONE, "fa")], ids=["desktop-en", "phone-fa"])
def test_a_solo_game_s_seat_bar_keeps_the_player_s_pill_its_own_height(server: str, browser: Any, size: tuple[int, int], lang: str) -> None:
    window(browser, *size)
    gid, tokens = create(server, ["human"], seed=21)
    open_seat(browser, server, gid, 0, tokens, lang)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#seats li.automa-seat .tracker"))
    pill, automa = (
        browser.find_element(By.CSS_SELECTOR, "#seats li.seat:not(.automa-seat)"),
        browser.find_element(By.CSS_SELECTOR, "#seats li.automa-seat"),
    )
    # the pill is as high as its one line of text and its padding, whatever the Automa's item beside it needs
    natural = browser.execute_script(
        "const s = getComputedStyle(arguments[0]), r = document.createRange(); r.selectNodeContents(arguments[0]);"
        "return r.getBoundingClientRect().height + parseFloat(s.paddingTop)"
        " + parseFloat(s.paddingBottom) + parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth)",
        pill,
    )
    assert automa.size["height"] > natural + 10, "the Automa's item is the tall one"
    assert pill.size["height"] <= natural + 2, f"the player's pill is {pill.size['height']}px high, its line {natural}px"
    if size == DESKTOP:  # side by side, their tops level
        assert abs(pill.location["y"] - automa.location["y"]) < 3, (pill.location, automa.location)
    screenshot(browser, f"scythe-seatbar-{'desktop' if size == DESKTOP else 'phone'}-{lang}")
    no_errors(browser)
