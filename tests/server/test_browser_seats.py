"""The seats of issue 19 as a person meets them in the browser: an invitation link seats one person, once."""

from __future__ import annotations

from typing import Any

from .browser import By, Select, console_errors, screenshot, wait, window


def open_as_stranger(driver: Any, server: str, link: str, lang: str) -> None:
    """Another person's browser: no seats held, the chosen language, then the link."""
    driver.get(server + "#/")
    driver.execute_script("localStorage.removeItem('meeple.seats'); localStorage.setItem('meeple.lang', arguments[0])", lang)
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.ID, "ng-create"))
    driver.get(link)


def test_an_invitation_seats_its_first_opener_and_tells_the_next_one_the_seat_is_taken(server: str, browser: Any) -> None:
    for lang, size, taken in (("en", (1400, 900), "already taken this seat"), ("fa", (390, 844), "این صندلی را گرفته است")):
        window(browser, *size)
        browser.get(server + "#/")
        browser.execute_script("localStorage.setItem('meeple.lang', arguments[0])", lang)
        browser.refresh()
        wait(browser, lambda d: d.find_elements(By.ID, "ng-create"))
        Select(browser.find_element(By.CSS_SELECTOR, "select.seat-kind[data-seat='1']")).select_by_value("human")
        browser.find_element(By.ID, "ng-create").click()
        link = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "input.invite-link[data-seat='1']"))[0].get_attribute("value")
        gid = link.split("#/play/")[1].split("/")[0]
        open_as_stranger(browser, server, link, lang)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
        assert browser.find_element(By.CSS_SELECTOR, "ol.seats li.me").get_attribute("data-seat") == "1"
        assert console_errors(browser) == []
        open_as_stranger(browser, server, link, lang)  # the same link, a third person
        toast = wait(browser, lambda d, taken=taken: [e for e in d.find_elements(By.ID, "toast") if taken in e.text])
        assert toast and browser.current_url.endswith(f"#/game/{gid}/1")
        assert not browser.find_elements(By.CSS_SELECTOR, "#game[data-ply]")  # no seat here: the page offers to watch
        screenshot(browser, f"seats-{lang}-link-used-again")
        # the browser logs the refused claim (409) as a failed request, and nothing else
        assert all("/claim" in e and "409" in e for e in console_errors(browser))
