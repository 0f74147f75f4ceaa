"""`python -m bot backup DEST` and `python -m bot restore SRC` for the SQLite database.

Why SQLite's online backup API (`sqlite3.Connection.backup`) and not a file copy: the bot keeps
recent commits in the `-wal` file beside the database, so copying the main file alone loses them,
and copying both while a commit lands gives a torn pair. The backup API copies the database as one
read transaction sees it (WAL readers never block the bot's writer, nor it them): a consistent
snapshot, whatever the bot commits meanwhile. One step (`pages=-1`) keeps it one snapshot: a copy in
several steps restarts whenever another connection writes between them.

A restore writes into the bot's database with the same API while holding the bot's own process lock
(bot/startup.py `ProcessLock`): refused while a bot runs on the file, and no bot can start halfway
through. What was there before is kept beside it (`<database>.before-restore`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bot.startup import ProcessLock

BEFORE_RESTORE = ".before-restore"


class BackupError(Exception):
    """A backup or restore refused: a catalog key and its parameters."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Copied:
    """What a backup or restore wrote: the file, its size and how many games it holds."""

    path: Path
    size: int
    games: int


def backup_file(database: Path, dest: Path) -> Path:
    """Where a backup to `dest` goes: `dest` itself, or a dated file inside it if it is a folder."""
    if dest.is_dir():
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        return dest / f"{database.stem}-{stamp}{database.suffix or '.db'}"
    return dest


def backup(database: Path, dest: Path) -> Copied:
    """A consistent copy of the SQLite `database` at `dest` (a file, or a folder to put it in), taken
    while a bot may be writing to it. Written beside the target first, then renamed into place, so a
    failed or interrupted backup never leaves a half-written file under the final name."""
    if not database.exists():
        raise BackupError("cli-backup-no-database", db=str(database))
    target = backup_file(database, dest)
    if target.resolve() == database.resolve():
        raise BackupError("cli-backup-same-file", db=str(database))
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        # read-write: a reader of a WAL database needs the -shm file, which a read-only open may not create
        with contextlib.closing(sqlite3.connect(database, timeout=30)) as source, \
                contextlib.closing(sqlite3.connect(partial)) as copy:
            source.backup(copy, pages=-1)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
            _check(copy, partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError("cli-backup-failed", db=str(database), reason=str(error)) from error
    return Copied(target, target.stat().st_size, _games(target))


def restore(source: Path, database: Path) -> Copied:
    """Put the backup `source` in place of the SQLite `database`, with no bot running on it (its
    process lock is taken for the whole restore: StartupError "startup-db-in-use" names the bot
    that holds it). The database as it was is kept at `<database>.before-restore`. The bot brings
    an older backup's schema up to date when it starts on it."""
    if not source.exists():
        raise BackupError("cli-backup-no-database", db=str(source))
    if database.exists() and source.resolve() == database.resolve():
        raise BackupError("cli-backup-same-file", db=str(database))
    try:
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_db:
            _check(backup_db, source)
    except sqlite3.Error as error:
        raise BackupError("cli-restore-not-a-backup", src=str(source), reason=str(error)) from error
    database.parent.mkdir(parents=True, exist_ok=True)
    lock = ProcessLock.take(str(database))
    try:
        if database.exists():
            backup(database, database.with_name(database.name + BEFORE_RESTORE))
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_db, \
                contextlib.closing(sqlite3.connect(database, timeout=5)) as live:
            backup_db.backup(live, pages=-1)
            live.execute("PRAGMA journal_mode=WAL")  # as the bot keeps it
    except sqlite3.Error as error:
        raise BackupError("cli-restore-failed", db=str(database), reason=str(error)) from error
    finally:
        lock.release()
    return Copied(database, database.stat().st_size, _games(database))


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """A backup worth keeping: intact, and a bot's database (it has the games table)."""
    (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise sqlite3.DatabaseError(f"{path}: {verdict}")
    if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone() is None:
        raise sqlite3.DatabaseError(f"{path} holds no games table")


def _games(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
