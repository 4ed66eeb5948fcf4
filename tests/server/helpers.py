"""Shared helpers for the server tests: an app on a temporary SQLite file, and waiting for bots."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from meeple.server import create_app  # noqa: E402
from meeple.server.limits import Limits  # noqa: E402

#: Tests create many games quickly and use short clocks: no creation limit, clocks from 0.05 s.
TEST_LIMITS = Limits(creations_per_minute=0, min_clock=0.05, bot_workers=1)


def client_for(db: str, bot_delay: float = 0.0, limits: Limits = TEST_LIMITS) -> TestClient:
    return TestClient(create_app(db=db, bot_delay=bot_delay, limits=limits))


def rooms(client: TestClient) -> Any:
    return client.app.state.rooms  # type: ignore[attr-defined]


def create(client: TestClient, **spec: Any) -> tuple[str, dict[int, str]]:
    spec.setdefault("game", "splendor")
    if "seed" in spec:  # a test's chosen seed is shown to every seat, as the server requires with several humans
        spec.setdefault("seeded", True)
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def view(client: TestClient, game_id: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    r = client.post(f"/api/games/{game_id}/view", json={"seat": seat, "token": token})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, game_id: str, seat: int, token: str, action: str, ply: int | None = None) -> Any:
    """Play ``action``; without ``ply``, in the seat's current view (as a client reading the view first would)."""
    if ply is None:
        r = client.post(f"/api/games/{game_id}/view", json={"seat": seat, "token": token})
        ply = r.json()["ply"] if r.status_code == 200 else 0
    body: dict[str, Any] = {"seat": seat, "token": token, "action": action, "ply": ply}
    return client.post(f"/api/games/{game_id}/act", json=body)


def wait_for(check: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)


def undo(client: TestClient, game_id: str, seat: int, token: str, ply: int | None = None) -> Any:
    """Take back the seat's last decision; without ``ply``, in the seat's current view."""
    if ply is None:
        r = client.post(f"/api/games/{game_id}/view", json={"seat": seat, "token": token})
        ply = r.json()["ply"] if r.status_code == 200 else 0
    return client.post(f"/api/games/{game_id}/undo", json={"seat": seat, "token": token, "ply": ply})
