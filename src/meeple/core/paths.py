"""Where meeple keeps a user's files when no path is given: one per-user data folder.

The XDG base-directory default (``$XDG_DATA_HOME/meeple``, else ``~/.local/share/meeple``) on Linux and the other
Unixes, ``~/Library/Application Support/meeple`` on macOS, ``%LOCALAPPDATA%\\meeple`` on Windows; ``MEEPLE_DATA``
overrides all of them (tests and shared machines point it elsewhere).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def user_data_dir() -> Path:
    """The per-user data folder (not created here: callers create it when they first write)."""
    override = os.environ.get("MEEPLE_DATA", "").strip()
    if override:
        return Path(override).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA", "").strip()
        return (Path(base) if base else Path.home() / "AppData" / "Local") / "meeple"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "meeple"
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    # the XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored
    root = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return root / "meeple"


def default_database() -> Path:
    """``meeple serve``'s SQLite file when ``--db`` is not given."""
    return user_data_dir() / "meeple.sqlite3"
