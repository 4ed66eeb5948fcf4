"""The server on a real PostgreSQL server (``--db postgresql://...``): games persist and resume, and the
database refuses a second commit of the same position. Uses MEEPLE_TEST_POSTGRES when set, else starts a
throwaway cluster with Debian's initdb/pg_ctl; skipped with a warning when neither is possible."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import warnings
from collections.abc import Iterator

import pytest

from meeple import record
from meeple.server.storage import Conflict, Storage

from .helpers import act, client_for, create, rooms, view, wait_for


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    matches = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return matches[-1] if matches else None


def _skip(reason: str) -> None:
    warnings.warn(f"PostgreSQL test skipped: {reason}", stacklevel=2)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    given = os.environ.get("MEEPLE_TEST_POSTGRES")
    if given:
        yield given
        return
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        _skip("no initdb/pg_ctl here (apt-get install postgresql) and MEEPLE_TEST_POSTGRES is not set")
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run it as the postgres user
        if shutil.which("runuser") is None or subprocess.run(["id", "postgres"], capture_output=True).returncode:
            _skip("running as root without a postgres user to start the server as")
        as_user = ["runuser", "-u", "postgres", "--"]
    base = tempfile.mkdtemp(prefix="meeple-pg-")
    data = os.path.join(base, "data")
    if as_user:
        shutil.chown(base, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    try:
        subprocess.run(
            [*as_user, initdb, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], check=True, capture_output=True, timeout=120
        )
        opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = os.path.join(base, "log")
        subprocess.run([*as_user, pg_ctl, "-D", data, "-o", opts, "-l", log, "-w", "start"], check=True, capture_output=True, timeout=60)
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(base, ignore_errors=True)
        _skip(f"could not start a local PostgreSQL server: {e}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def test_games_persist_and_resume_on_postgresql(postgres_url: str) -> None:
    with client_for(postgres_url) as c:
        gid, tokens = create(c, players=2, seats=["human", "random"], seed=17)
        v = view(c, gid, 0, tokens[0])
        assert act(c, gid, 0, tokens[0], v["legal"][0], v["ply"]).status_code == 200
        wait_for(lambda: rooms(c).live[gid].state.current_player == 0)
        before = view(c, gid, 0, tokens[0])
        bots, _ = create(c, players=2, seats=["random", "random"], seed=3)
        wait_for(lambda: rooms(c).live[bots].state.is_over)
    with client_for(postgres_url) as c:
        after = view(c, gid, 0, tokens[0])
        assert (after["ply"], after["observation"], after["log"]) == (before["ply"], before["observation"], before["log"])
        doc = c.get(f"/api/games/{bots}/record").json()
        assert record.replay(doc).result().to_dict() == doc["result"]


def test_postgresql_refuses_a_second_commit_of_a_position(postgres_url: str) -> None:
    with client_for(postgres_url) as c:
        gid, _ = create(c, players=2, seats=["human", "human"], seed=1)
        start = len(rooms(c).live[gid].stored.history)
    a, b = Storage(postgres_url), Storage(postgres_url)
    try:
        a.append(gid, start, ["take wug"], 0, False, None)
        with pytest.raises(Conflict):
            b.append(gid, start, ["take urk"], 0, False, None)
        assert a.load(gid).history[start:] == ["take wug"]
    finally:
        a.close()
        b.close()
