"""Durable storage of games with SQLAlchemy: SQLite by default, PostgreSQL by URL.

A game is one row of ``games`` (its setup and seats) and one row of ``entries`` per history
entry (action notation or chance outcome). The record of a game is exactly its setup plus
its entries in order, so a restart rebuilds every game with :func:`meeple.record.replay`.
``(game_id, seq)`` is unique: two servers racing for the same decision cannot both commit it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32), default="1")  # the rules version the record was played under
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(32))  # seeds may exceed a 64-bit signed column
    options: Mapped[str] = mapped_column(Text)
    seats: Mapped[str] = mapped_column(Text)  # JSON list of seat dicts (kind, agent, token hash, joined)
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # the creator chose the seed (shown to everyone)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)  # expired unfinished: over, without a result
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the id of this game's rematch


#: Columns added since the first release, with their SQL type and default: added in place to older databases.
ADDED_COLUMNS = {"seeded": "BOOLEAN DEFAULT FALSE", "abandoned": "BOOLEAN DEFAULT FALSE", "rematch": "VARCHAR(32)"}


class EntryRow(Base):
    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    entry: Mapped[str] = mapped_column(Text)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # who decided; None for chance


@dataclass
class Append:
    """New history entries of one game, the first decided by ``decider`` (the rest are chance)."""

    game_id: str
    start: int
    entries: list[Any]
    decider: int | None
    over: bool
    result: dict[str, Any] | None


class Conflict(Exception):
    """Another writer already committed this position of the game's history."""


@dataclass
class StoredGame:
    id: str
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    open: bool
    clock: float | None
    over: bool
    result: dict[str, Any] | None
    created: float
    seeded: bool = False
    abandoned: bool = False
    rematch: str | None = None
    updated: float = 0.0
    history: list[Any] = field(default_factory=list)
    deciders: list[int | None] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        return {
            "format": "meeple-record",
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "history": list(self.history),
            "result": self.result,
        }


def database_url(target: str) -> str:
    """A SQLAlchemy URL from a URL or a plain file path (SQLite)."""
    if "://" in target:
        if target.startswith("postgresql://"):
            return "postgresql+psycopg://" + target.removeprefix("postgresql://")
        return target
    return f"sqlite:///{target}"


class Storage:
    def __init__(self, url: str) -> None:
        url = database_url(url)
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self._add_columns()
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def _add_columns(self) -> None:
        have = {c["name"] for c in inspect(self.engine).get_columns("games")}
        with self.engine.begin() as conn:
            for name, kind in ADDED_COLUMNS.items():
                if name not in have:
                    conn.execute(text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    def create(self, g: StoredGame) -> None:
        now = time.time()
        game = {
            "id": g.id, "game": g.game, "version": g.version, "players": g.players, "seed": str(g.seed), "options": json.dumps(g.options), "seats": json.dumps(g.seats),
            "open": g.open, "clock": g.clock, "over": g.over, "result": None, "created": now, "updated": now,
            "seeded": g.seeded, "abandoned": False, "rematch": None,
        }  # fmt: skip
        with self.engine.begin() as conn:
            conn.execute(insert(GameRow), [game])
            if g.history:
                entries = [{"game_id": g.id, "seq": i, "entry": json.dumps(e), "seat": None} for i, e in enumerate(g.history)]
                conn.execute(insert(EntryRow), entries)

    def append(
        self, game_id: str, start: int, entries: Sequence[Any], decider: int | None, over: bool, result: dict[str, Any] | None
    ) -> None:
        """Commit history entries ``start..`` (the first made by ``decider``); Conflict if taken."""
        error = self.append_batch([Append(game_id, start, list(entries), decider, over, result)])[0]
        if error is not None:
            raise error

    def append_batch(self, items: Sequence[Append]) -> list[Conflict | None]:
        """Commit several games' appends in one transaction (one disk sync for all of them).

        Each item gets None or the Conflict that refused it; the others are committed regardless.
        """
        try:
            with self.engine.begin() as conn:
                ids = list({item.game_id for item in items})
                have = dict(
                    conn.execute(select(EntryRow.game_id, func.count()).where(EntryRow.game_id.in_(ids)).group_by(EntryRow.game_id)).all()
                )
                out: list[Conflict | None] = []
                rows: list[dict[str, Any]] = []
                games: list[dict[str, Any]] = []
                now = time.time()
                for item in items:
                    if have.get(item.game_id, 0) != item.start:
                        out.append(Conflict(f"position {item.start} of game {item.game_id} is already taken"))
                        continue
                    have[item.game_id] = item.start + len(item.entries)
                    for k, entry in enumerate(item.entries):
                        rows.append(
                            {
                                "game_id": item.game_id,
                                "seq": item.start + k,
                                "entry": json.dumps(entry),
                                "seat": item.decider if k == 0 else None,
                            }
                        )
                    result = None if item.result is None else json.dumps(item.result)
                    games.append({"gid": item.game_id, "b_over": item.over, "b_result": result, "b_updated": now})
                    out.append(None)
                if rows:
                    conn.execute(insert(EntryRow), rows)
                if games:
                    values = {"over": bindparam("b_over"), "result": bindparam("b_result"), "updated": bindparam("b_updated")}
                    conn.execute(update(GameRow).where(GameRow.id == bindparam("gid")).values(values), games)
            return out
        except IntegrityError:
            if len(items) == 1:
                return [Conflict(f"position {items[0].start} of game {items[0].game_id} is already taken")]
            # another process won a race inside the batch: commit one by one so that only the loser fails
            return [self.append_batch([item])[0] for item in items]

    def truncate(self, game_id: str, length: int) -> None:
        """Drop history entries from ``length`` on (an undo of a decision that revealed nothing)."""
        with self.sessions.begin() as s:
            s.execute(delete(EntryRow).where(EntryRow.game_id == game_id, EntryRow.seq >= length))
            row = s.get(GameRow, game_id)
            assert row is not None
            row.updated = time.time()

    def update_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        with self.sessions.begin() as s:
            row = s.get(GameRow, game_id)
            assert row is not None
            row.seats = json.dumps(seats)

    def set_rematch(self, game_id: str, rematch: str) -> str:
        """Record ``rematch`` as the game's rematch unless one is already recorded; returns the one recorded."""
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.rematch.is_(None)).values(rematch=rematch))
            return str(conn.execute(select(GameRow.rematch).where(GameRow.id == game_id)).scalar_one())

    def abandon(self, game_id: str) -> None:
        """An unfinished game stops for good; its record stays."""
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id, GameRow.over.is_(False)).values(over=True, abandoned=True))

    def idle_ids(self, before: float) -> list[str]:
        """Unfinished games whose last change is older than ``before``."""
        with self.sessions() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.over.is_(False), GameRow.updated < before)))

    def load(self, game_id: str) -> StoredGame | None:
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            g = _stored(row)
            for e in s.scalars(select(EntryRow).where(EntryRow.game_id == game_id).order_by(EntryRow.seq)):
                g.history.append(json.loads(e.entry))
                g.deciders.append(e.seat)
            return g

    def ids(self, *, over: bool | None = None) -> list[str]:
        with self.sessions() as s:
            q = select(GameRow.id).order_by(GameRow.created)
            if over is not None:
                q = q.where(GameRow.over == over)
            return list(s.scalars(q))

    def summaries(self, limit: int = 200) -> list[StoredGame]:
        """The most recent games without their histories (for the lobby)."""
        with self.sessions() as s:
            rows = s.scalars(select(GameRow).order_by(GameRow.created.desc()).limit(limit))
            return [_stored(r) for r in rows]


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id, game=row.game, version=row.version, players=row.players, seed=int(row.seed), options=json.loads(row.options), seats=json.loads(row.seats),
        open=row.open, clock=row.clock, over=row.over, result=None if row.result is None else json.loads(row.result), created=row.created,
        seeded=bool(row.seeded), abandoned=bool(row.abandoned), rematch=row.rematch, updated=row.updated,
    )  # fmt: skip


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA synchronous=FULL")  # a committed action survives a power cut
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
