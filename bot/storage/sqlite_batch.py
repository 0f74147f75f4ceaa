"""A batch of write programs run on one SQLite connection, synchronously: by the connection's thread
(bot/storage/sqlite.py) or by the writer process (bot/storage/writer.py). Plain `sqlite3` only."""

from __future__ import annotations

import sqlite3
from typing import Any, TypeVar

from bot.storage.program import Outcome, Program, Rows, Run, Write
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


def run_here(program: Program[T], db: sqlite3.Connection) -> T:
    """Run a write program statement by statement, synchronously, on this thread."""
    answer: Any = None
    while True:
        try:
            statement = program.send(answer)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
        if isinstance(statement, Rows):
            answer = db.execute(statement.sql, statement.params).fetchall()
        elif isinstance(statement, Run):
            answer = db.execute(statement.sql, statement.params).rowcount
        else:
            db.executemany(statement.sql, statement.rows)
            answer = None
