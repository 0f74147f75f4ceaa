"""`python -m bot backup` copies a database another process is writing, consistently (SQLite's
online backup API: one read transaction's view); `restore` refuses a running bot's database and
anything that is not a backup, and keeps the database it replaces."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import BEFORE_RESTORE, BackupError, backup, restore
from bot.startup import ProcessLock, StartupError
from bot.storage import open_storage
from bot.storage.migrate import migrations, split_sql
from bot.table import Table

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, db: Path, language: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(db), "DATABASE_URL": "",
           "DEFAULT_LANGUAGE": language, "LANG": "C"}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


async def test_a_backup_taken_while_a_game_is_written_is_a_consistent_snapshot(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.runtime.kill_driver", str(db), "41", "5", "0.002"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert writer.stdout is not None
    acked, copies = 0, []
    for line in writer.stdout:
        word, _, value = line.strip().partition(" ")
        if word == "ACK":
            acked = int(value)
            if acked in (10, 25, 40):  # three backups while the driver keeps writing
                copies.append((acked, backup(db, tmp_path / f"copy-{acked}.db")))
    assert writer.wait(timeout=30) == 0
    assert len(copies) == 3
    for acked_before, copied in copies:
        assert not Path(str(copied.path) + "-wal").exists(), "a backup is one self-contained file"
        storage = await open_storage(copied.path)
        table = Table(storage)
        (game,) = await table.load_unfinished()
        assert game.state.step >= acked_before, "every action saved before the backup began is in it"
        replayed = await table.replay(game.id)
        assert replayed.model_dump_json() == game.state.model_dump_json(), "its log and its state agree"
        await storage.close()


def test_restore_is_refused_while_a_bot_holds_the_database(tmp_path: Path) -> None:
    db, copy = tmp_path / "bot.db", tmp_path / "copy.db"
    bot_database(db)
    backup(db, copy)
    lock = ProcessLock.take(str(db))  # what a running bot holds
    try:
        with pytest.raises(StartupError) as refused:
            restore(copy, db)
        assert refused.value.key == "startup-db-in-use"
        result = cli("restore", str(copy), db=db)
        assert result.returncode == 1
        assert f"A bot process (pid {os.getpid()}) runs on {db}: stop it first" in result.stderr
        assert "Traceback" not in result.stderr
    finally:
        lock.release()
    assert not Path(str(db) + BEFORE_RESTORE).exists(), "a refused restore touched nothing"


def test_restore_keeps_the_database_it_replaces_and_refuses_a_stranger(tmp_path: Path) -> None:
    db, copy, stranger = tmp_path / "bot.db", tmp_path / "copy.db", tmp_path / "notes.txt"
    bot_database(db, "backed up")
    result = cli("backup", str(copy), db=db)
    assert result.returncode == 0, result.stderr
    assert f"Backup written: {copy}" in result.stdout and "one game" in result.stdout
    bot_database(db, "after the backup")  # (the schema is there already: only the game is added)
    result = cli("restore", str(copy), db=db)
    assert result.returncode == 0, result.stderr
    assert tags(db) == ["backed up"]
    assert len(tags(Path(str(db) + BEFORE_RESTORE))) == 2, "the replaced database is kept"

    stranger.write_text("not a database")
    with pytest.raises(BackupError) as refused:
        restore(stranger, db)
    assert refused.value.key == "cli-restore-not-a-backup"
    result = cli("backup", str(db), db=db)
    assert result.returncode == 1 and "is the bot's database itself" in result.stderr


def test_a_backup_into_a_folder_is_dated_and_postgres_points_to_pg_dump(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    folder = tmp_path / "backups"
    folder.mkdir()
    copied = backup(db, folder)
    assert copied.path.parent == folder and copied.path.name.startswith("bot-") and copied.games == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": "postgresql://gm:secret@db.example/gm",
           "DEFAULT_LANGUAGE": "en", "LANG": "C"}
    result = subprocess.run([sys.executable, "-m", "bot", "backup", str(folder)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "pg_dump" in result.stderr
    assert "secret" not in result.stderr, "the password is never shown"


def bot_database(path: Path, *tags: str) -> None:
    """An SQLite file as the bot makes it (every migration, the version recorded), with a finished game per
    tag (the tag kept in the game's meta); on a file that has them, only the games are added."""
    with contextlib.closing(sqlite3.connect(path)) as connection:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        for number, sql in migrations("sqlite")[version:]:
            for statement in split_sql(sql):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {number}")
        for tag in tags:
            connection.execute("INSERT INTO games (game, status, seed, meta, created_at, updated_at)"
                               " VALUES ('cookie', 'finished', 1, ?, 0, 0)", (json.dumps({"tag": tag}),))
        connection.commit()


def tags(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return [json.loads(meta)["tag"] for (meta,) in connection.execute("SELECT meta FROM games ORDER BY id")]


def test_restoring_the_before_restore_file_undoes_a_restore(tmp_path: Path) -> None:
    """`restore <db>.before-restore`, the natural undo, gives back the database the restore replaced (and
    keeps the one it undoes in its turn): the source is read before anything is backed up over it."""
    db, copy = tmp_path / "bot.db", tmp_path / "copy.db"
    kept = Path(str(db) + BEFORE_RESTORE)
    bot_database(db, "live", "played after the backup")
    bot_database(copy, "backed up")
    restore(copy, db)
    assert tags(db) == ["backed up"] and tags(kept) == ["live", "played after the backup"]
    result = cli("restore", str(kept), db=db)
    assert result.returncode == 0, result.stderr
    assert tags(db) == ["live", "played after the backup"], "the undo gives the replaced data back"
    assert tags(kept) == ["backed up"], "and keeps what it replaced in its turn"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.db", "bot.db.before-restore", "bot.db.lock", "copy.db"]


def test_a_backup_to_a_folder_that_does_not_exist_yet_goes_into_it(tmp_path: Path) -> None:
    """`backup backups/` (a trailing slash) with no such folder makes the folder and puts a dated file in it;
    a second backup is a second file, never the first one overwritten. A plain name is that file, and the
    answer says when it replaced one that was there."""
    db = tmp_path / "bot.db"
    bot_database(db, "a game")
    folder = tmp_path / "backups"
    first = cli("backup", f"{folder}/", db=db)
    second = cli("backup", f"{folder}/", db=db)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert folder.is_dir(), "a folder, not a file named backups"
    written = sorted(folder.iterdir())
    assert len(written) == 2 and all(p.name.startswith("bot-") and p.suffix == ".db" for p in written)
    said = {line.split(": ", 1)[1].rsplit(" (", 1)[0] for line in (first.stdout, second.stdout)}
    assert said == {str(p) for p in written}, "each answer names its own file"
    again = [backup(db, folder).path for _ in range(2)]  # most likely within one second: "-2"
    assert len(set(again) | set(written)) == 4 and len(list(folder.iterdir())) == 4, "never over an earlier one"
    assert all(tags(p) == ["a game"] for p in written)

    single = tmp_path / "nightly.db"
    made = cli("backup", str(single), db=db)
    assert made.returncode == 0 and f"Backup written: {single}" in made.stdout and "replaced" not in made.stdout
    again = cli("backup", str(single), db=db)
    assert again.returncode == 0 and f"Backup written: {single}" in again.stdout
    assert "it replaced the file that was there" in again.stdout


@pytest.mark.parametrize("problem", ["no schema", "newer", "a table missing"])
def test_restore_refuses_a_file_that_is_not_the_bots_schema(tmp_path: Path, problem: str) -> None:
    """Any SQLite file with a `games` table is not a backup: without the bot's schema version, with a version
    newer than this bot knows, or missing a table its version has, the restore is refused, says why, and
    changes nothing."""
    db, source = tmp_path / "bot.db", tmp_path / "source.db"
    bot_database(db, "live")
    latest = len(migrations("sqlite"))
    if problem == "no schema":
        with sqlite3.connect(source) as connection:
            connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        expected = "has no schema version"
    elif problem == "newer":
        bot_database(source, "future")
        with contextlib.closing(sqlite3.connect(source)) as connection:
            connection.execute(f"PRAGMA user_version = {latest + 1}")
        expected = f"schema version {latest + 1}, newer than this bot's ({latest})"
    else:
        bot_database(source, "broken")
        with contextlib.closing(sqlite3.connect(source)) as connection:
            connection.execute("DROP TABLE deliveries")
        expected = "has no table deliveries"
    result = cli("restore", str(source), db=db)
    assert result.returncode == 1
    assert "is not a backup of the bot's database" in result.stderr and expected in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert tags(db) == ["live"] and not Path(str(db) + BEFORE_RESTORE).exists(), "nothing changed"
    russian = cli("restore", str(source), db=db, language="ru")
    assert "не резервная копия базы данных бота" in russian.stderr, russian.stderr
