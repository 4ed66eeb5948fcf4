"""Shared helpers for the server tests: an app on a temporary SQLite file, and waiting for bots."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from meeple.server import create_app  # noqa: E402


def client_for(db: str, bot_delay: float = 0.0) -> TestClient:
    return TestClient(create_app(db=db, bot_delay=bot_delay))


def rooms(client: TestClient) -> Any:
    return client.app.state.rooms  # type: ignore[attr-defined]


def create(client: TestClient, **spec: Any) -> tuple[str, dict[int, str]]:
    spec.setdefault("game", "splendor")
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], {int(k): v for k, v in body["tokens"].items()}


def view(client: TestClient, game_id: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    r = client.post(f"/api/games/{game_id}/view", json={"seat": seat, "token": token})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, game_id: str, seat: int, token: str, action: str, ply: int | None = None) -> Any:
    body: dict[str, Any] = {"seat": seat, "token": token, "action": action}
    if ply is not None:
        body["ply"] = ply
    return client.post(f"/api/games/{game_id}/act", json=body)


def wait_for(check: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)
