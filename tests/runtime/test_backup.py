"""`python -m bot backup` copies a database another process is writing, consistently (SQLite's
online backup API: one read transaction's view); `restore` refuses a running bot's database and
anything that is not a backup, and keeps the database it replaces."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import BEFORE_RESTORE, BackupError, backup, restore
from bot.startup import ProcessLock, StartupError
from bot.storage import open_storage
from bot.table import Table

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(db), "DATABASE_URL": "",
           "DEFAULT_LANGUAGE": "en", "LANG": "C"}
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
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
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
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
        connection.execute("INSERT INTO games (name) VALUES ('backed up')")
    result = cli("backup", str(copy), db=db)
    assert result.returncode == 0, result.stderr
    assert f"Backup written: {copy}" in result.stdout and "one game" in result.stdout
    with sqlite3.connect(db) as connection:
        connection.execute("INSERT INTO games (name) VALUES ('after the backup')")
    result = cli("restore", str(copy), db=db)
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT name FROM games").fetchall() == [("backed up",)]
    with sqlite3.connect(str(db) + BEFORE_RESTORE) as connection:
        assert len(connection.execute("SELECT name FROM games").fetchall()) == 2, "the replaced database is kept"

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
