"""Storage: migrations from empty, WAL, created on first run, several games at once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage import Storage, migrations


async def test_migrations_from_empty_reach_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "bot.db"
    storage = await Storage.open(path)
    try:
        assert path.exists(), "the database file is created on first run, folders included"
        assert await storage.schema_version() == len(migrations())
        assert await storage.migrate() == len(migrations()), "a second run applies nothing"
    finally:
        await storage.close()
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "actions", "events", "deadlines", "guild_settings", "results"} <= tables
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_failing_migration_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "bot.db"
    good = migrations()
    monkeypatch.setattr(
        "bot.storage.migrations",
        lambda: [*good, (len(good) + 1, "CREATE TABLE extra (x INTEGER); THIS IS NOT SQL;")],
    )
    try:
        await Storage.open(path)
    except sqlite3.OperationalError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a broken migration must fail")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(good)
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        assert "extra" not in names, "each migration is applied atomically"


def test_migrations_are_numbered_one_to_n() -> None:
    assert [v for v, _ in migrations()] == list(range(1, len(migrations()) + 1))


async def test_guild_settings_round_trip(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        assert (await storage.guild_settings(5))["language"] is None
        await storage.save_guild_settings(5, {"language": "ru", "gm_role_id": 9, "deadlines": {"choose": 30}})
        assert await storage.guild_settings(5) == {
            "language": "ru", "gm_role_id": 9, "deadlines": {"choose": 30}, "absent_after": 0
        }
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "absent_after": 3})
        assert (await storage.guild_settings(5))["absent_after"] == 3
    finally:
        await storage.close()
