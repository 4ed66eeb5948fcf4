"""Where a terminal game's record goes: a per-user data folder, never the current folder unless asked."""

from __future__ import annotations

import os
import time
from pathlib import Path


def records_dir() -> Path:
    """``$XDG_DATA_HOME/meeple/records``, else ``~/.local/share/meeple/records`` (the XDG base-directory default)."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    # the XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "meeple" / "records"


def default_record_path(game: str, seed: int, now: float | None = None) -> Path:
    """A fresh file name per game: the game, when it started and its seed (two games never share a file)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder = records_dir()
    path = folder / f"{game}-{stamp}-seed{seed}.record.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-seed{seed}-{n}.record.json"
        n += 1
    return path


def check_writable(path: Path) -> None:
    """ValueError now, with the reason, for a record path a game could not be saved to at its end."""
    if path.is_dir():
        raise ValueError(f"--record {path} is a folder; give a file name")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise ValueError(f"cannot save a record to {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"cannot save a record to {path}: {folder} is not writable")
