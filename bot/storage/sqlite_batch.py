"""A batch of write programs run on one SQLite connection, synchronously: by the connection's thread
(bot/storage/sqlite.py) or by the writer process (bot/storage/writer.py). Plain `sqlite3` only."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from bot.storage.program import Outcome, Program, Write, run_in
from bot.storage.rows import IntegrityError

T = TypeVar("T")

WAL_AUTOCHECKPOINT_PAGES = 10_000
"""A commit that crosses this many WAL pages checkpoints inline; the background checkpoint
(bot/storage/sqlite.py) normally gets there first, so commits stay small and steady."""
BUSY_MS = 5000

WRITER_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=FULL",  # each COMMIT on disk: an action a player was told succeeded is saved
    "PRAGMA foreign_keys=ON",
    f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}",
)
"""How every connection that writes is set up (the bot's own connection and its writer process's)."""


def run_batch(writes: list[Write[Any]], db: sqlite3.Connection) -> list[Outcome]:
    """One transaction, a savepoint per write (cheap here: no round trip), one COMMIT (on the
    connection's thread)."""
    outcomes: list[Outcome] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for write in writes:
            db.execute("SAVEPOINT step")
            try:
                outcomes.append((run_here(write(), db), None))
            except sqlite3.IntegrityError as error:
                db.execute("ROLLBACK TO step")
                failure = IntegrityError(str(error))
                failure.__cause__ = error
                outcomes.append((None, failure))
            except Exception as error:
                db.execute("ROLLBACK TO step")
                outcomes.append((None, error))
            db.execute("RELEASE step")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return outcomes


class ConnectionTx:
    """A plain `sqlite3` connection as a `Tx`: its awaits never suspend, so `run_in`, the one way a write
    program is run, finishes in a single step here (`run_here`)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.db.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, params).fetchall()


def run_here(program: Program[T], db: sqlite3.Connection) -> T:
    """Run a write program synchronously, on this thread: `run_in` on the connection, driven to its end."""
    running = run_in(ConnectionTx(db), program)
    try:
        running.send(None)
    except StopIteration as end:
        return end.value  # type: ignore[no-any-return]
    running.close()
    raise RuntimeError("a write program waited on a plain sqlite3 connection")
