"""`python -m bot backup DEST` and `python -m bot restore SRC` for the SQLite database.

Why SQLite's online backup API (`sqlite3.Connection.backup`) and not a file copy: the bot keeps
recent commits in the `-wal` file beside the database, so copying the main file alone loses them,
and copying both while a commit lands gives a torn pair. The backup API copies the database as one
read transaction sees it (WAL readers never block the bot's writer, nor it them): a consistent
snapshot, whatever the bot commits meanwhile. One step (`pages=-1`) keeps it one snapshot: a copy in
several steps restarts whenever another connection writes between them.

`DEST` is a folder when it ends with a slash or is one already (made if missing): the copy goes in it under
a dated name no earlier backup holds. Anything else is the file itself, and the answer says when it
replaced one that was there.

A restore writes into the bot's database with the same API while holding the bot's own process lock
(bot/startup.py `ProcessLock`): refused while a bot runs on the file, and no bot can start halfway
through. Only the bot's own database is taken: intact, with the bot's schema version (no newer than this
bot's migrations) and every table and column its migrations made by that version. The source is read into
a copy beside the database before anything else is written, so restoring `<database>.before-restore` (the
natural undo) gives back what the last restore replaced; what was there before is kept beside it, in turn
(`<database>.before-restore`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bot.startup import ProcessLock
from bot.storage.migrate import migrations, split_sql

BEFORE_RESTORE = ".before-restore"
RESTORING = ".restoring"
"""The source's copy beside the database while a restore runs."""


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
    replaced: bool = False
    """A backup written over a file that was there."""


def is_folder(dest: str | Path) -> bool:
    """Whether `dest` names a folder: it ends with a slash (as typed: a Path drops it) or is one already."""
    text = str(dest)
    return text.endswith(("/", os.sep, *([os.altsep] if os.altsep else []))) or Path(text).is_dir()


def backup_file(database: Path, dest: str | Path) -> Path:
    """Where a backup to `dest` goes: `dest` itself, or, for a folder, a dated file in it that no earlier
    backup holds (a second backup in the same second gets `-2`)."""
    if not is_folder(dest):
        return Path(dest)
    folder = Path(dest)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    suffix = database.suffix or ".db"
    target = folder / f"{database.stem}-{stamp}{suffix}"
    number = 1
    while target.exists():
        number += 1
        target = folder / f"{database.stem}-{stamp}-{number}{suffix}"
    return target


def backup(database: Path, dest: str | Path) -> Copied:
    """A consistent copy of the SQLite `database` at `dest` (a file, or a folder to put it in: see
    `is_folder`), taken while a bot may be writing to it. Written beside the target first, then renamed
    into place, so a failed or interrupted backup never leaves a half-written file under the final name."""
    if not database.exists():
        raise BackupError("cli-backup-no-database", db=str(database))
    target = backup_file(database, dest)
    if target.resolve() == database.resolve():
        raise BackupError("cli-backup-same-file", db=str(database))
    if target.is_dir():
        raise BackupError("cli-backup-failed", db=str(database), reason=f"{target} is a folder")
    replaced = target.exists()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # e.g. `notes.txt/`: a file where the folder would be
        raise BackupError("cli-backup-failed", db=str(database), reason=str(error)) from error
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
    return Copied(target, target.stat().st_size, _games(target), replaced)


def restore(source: Path, database: Path) -> Copied:
    """Put the backup `source` in place of the SQLite `database`, with no bot running on it (its
    process lock is taken for the whole restore: StartupError "startup-db-in-use" names the bot
    that holds it). The source is copied beside the database first (it may be the very file the
    database is about to be kept in: `<database>.before-restore`, restored to undo a restore); then the
    database as it was is kept at `<database>.before-restore`, and the copy put in its place. The bot
    brings an older backup's schema up to date when it starts on it."""
    if not source.exists():
        raise BackupError("cli-backup-no-database", db=str(source))
    if database.exists() and source.resolve() == database.resolve():
        raise BackupError("cli-backup-same-file", db=str(database))
    try:
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_db:
            _check(backup_db, source)
            _check_schema(backup_db, source)
    except sqlite3.Error as error:
        raise BackupError("cli-restore-not-a-backup", src=str(source), reason=str(error)) from error
    database.parent.mkdir(parents=True, exist_ok=True)
    staged = database.with_name(database.name + RESTORING)
    lock = ProcessLock.take(str(database))
    try:
        staged.unlink(missing_ok=True)
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_db, \
                contextlib.closing(sqlite3.connect(staged)) as copy:
            backup_db.backup(copy, pages=-1)  # read before anything is written over it
        if database.exists():
            backup(database, database.with_name(database.name + BEFORE_RESTORE))
        with contextlib.closing(sqlite3.connect(staged)) as copy, \
                contextlib.closing(sqlite3.connect(database, timeout=5)) as live:
            copy.backup(live, pages=-1)
            live.execute("PRAGMA journal_mode=WAL")  # as the bot keeps it
    except sqlite3.Error as error:
        raise BackupError("cli-restore-failed", db=str(database), reason=str(error)) from error
    finally:
        staged.unlink(missing_ok=True)
        lock.release()
    return Copied(database, database.stat().st_size, _games(database))


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """A backup worth keeping: intact, and a bot's database (it has the games table)."""
    (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise sqlite3.DatabaseError(f"{path}: {verdict}")
    if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone() is None:
        raise sqlite3.DatabaseError(f"{path} holds no games table")


def _check_schema(connection: sqlite3.Connection, path: Path) -> None:
    """The bot's own schema: a version its migrations recorded (`PRAGMA user_version`), no newer than
    this bot's, and every table and column those migrations had made by that version."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    known = migrations("sqlite")
    if version <= 0:
        raise BackupError("cli-restore-no-schema", src=str(path))
    if version > len(known):
        raise BackupError("cli-restore-newer", src=str(path), version=version, known=len(known))
    expected = _schema(known[:version])
    for table, columns in sorted(expected.items()):
        found = _columns(connection, table)
        if not found:
            raise BackupError("cli-restore-no-table", src=str(path), version=version, table=table)
        missing = sorted(columns - found)
        if missing:
            raise BackupError("cli-restore-no-column", src=str(path), version=version, table=table,
                              column=missing[0])


def _schema(applied: list[tuple[int, str]]) -> dict[str, set[str]]:
    """table → its columns, as these migrations make them on an empty database."""
    with contextlib.closing(sqlite3.connect(":memory:")) as empty:
        for _, sql in applied:
            for statement in split_sql(sql):
                empty.execute(statement)
        tables = [name for (name,) in empty.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {table: _columns(empty, table) for table in tables}


def _columns(connection: sqlite3.Connection, table: str) -> set[str]:
    return {name for (name,) in connection.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def _games(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
