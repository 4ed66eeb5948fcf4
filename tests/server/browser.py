"""What every browser test shares: a live server, a headless Chromium (Debian's, driven by Selenium) whose console
is read, and small helpers to create a game and wait for views. A test module that imports this is skipped, with
a warning saying why, where chromium is not installed.

The fixtures ``server`` (the base URL) and ``browser`` (the driver) come through tests/server/conftest.py; the
``browser`` fixture skips where Chromium is missing. ``console_errors(driver)`` returns the SEVERE console
entries (fail on any), ``screenshot(driver, name)`` saves a picture to a temporary folder (``$MEEPLE_SCREENSHOTS``
if set), never into the repository."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the server-test extra brings it
    webdriver = None  # type: ignore[assignment]

MISSING = (
    "browser tests skipped: install chromium and chromium-driver (apt-get install -y chromium chromium-driver) and selenium"
    if webdriver is None or not (Path(CHROMIUM).exists() and Path(DRIVER).exists())
    else ""
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from meeple.server import create_app
    from meeple.server.limits import Limits

    db = tmp_path_factory.mktemp("browser") / "games.sqlite3"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # a module creates many games a minute: no creation limit
    config = uvicorn.Config(create_app(db=str(db), bot_delay=0.0, limits=Limits(creations_per_minute=0)), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if MISSING:
        warnings.warn(MISSING, stacklevel=1)
        pytest.skip(MISSING)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--window-size=420,900",
    ):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    except WebDriverException as e:  # pragma: no cover - depends on the machine
        warnings.warn(f"browser tests skipped: chromium does not start: {e.msg}", stacklevel=1)
        pytest.skip(f"chromium does not start: {e.msg}")
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def wait(driver: Any, check: Any, seconds: float = 20) -> Any:
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: check(d)
    )


def new_game(driver: Any, base: str, game: str, seats: list[str], lang: str = "en") -> str:
    driver.get(base + "#/")
    # The page stores the language it starts in once its catalogue has loaded: only after that (the lobby is drawn)
    # does the test's choice stay put.
    wait(driver, lambda d: d.find_elements(By.ID, "ng-create"))
    driver.execute_script("localStorage.setItem('meeple.lang', arguments[0])", lang)
    driver.refresh()
    wait(driver, lambda d: d.find_elements(By.ID, "ng-create") and d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang)
    Select(driver.find_element(By.ID, "ng-game")).select_by_value(game)
    Select(driver.find_element(By.ID, "ng-players")).select_by_value(str(len(seats)))
    for i, kind in enumerate(seats):
        Select(driver.find_element(By.CSS_SELECTOR, f"select.seat-kind[data-seat='{i}']")).select_by_value(kind)
    driver.find_element(By.ID, "ng-create").click()
    wait(driver, lambda d: "#/game/" in d.current_url and d.find_elements(By.CSS_SELECTOR, "#game[data-ply]"))
    return driver.current_url.split("#/game/")[1].split("/")[0]


def ply(driver: Any) -> int:
    return int(driver.find_element(By.ID, "game").get_attribute("data-ply"))


def my_turn(driver: Any) -> bool:
    game = driver.find_elements(By.ID, "game")
    return bool(game) and game[0].get_attribute("data-mine") == "true"



def console_errors(driver: Any) -> list[str]:
    """The SEVERE entries the page's console logged since the last call (reading the log empties it)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


SCREENSHOTS = Path(os.environ.get("MEEPLE_SCREENSHOTS") or tempfile.gettempdir()) / "meeple-screenshots"


def screenshot(driver: Any, name: str) -> Path:
    """Save the window as ``<name>.png`` in the screenshots folder (outside the repository) and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def window(driver: Any, width: int, height: int) -> None:
    """Resize to a desktop (1400x900) or phone (390x844) window."""
    driver.set_window_size(width, height)
