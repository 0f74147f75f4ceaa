"""A test's database on either backend: what to pass to `Storage.open`, and a look at the raw rows
with the backend's own driver (not through the storage under test)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import asyncpg

GAME_TABLES = ("actions", "events", "deadlines")


@dataclass
class SqliteDatabase:
    path: Path
    kind: ClassVar[str] = "sqlite"
    error: ClassVar[type[Exception]] = sqlite3.Error
    """What the driver raises for a statement the database refused."""

    @property
    def target(self) -> str:
        return str(self.path)

    async def snapshot(self, game_id: int) -> dict[str, Any]:
        """Everything stored about a game, read with the plain sqlite3 module."""
        with sqlite3.connect(self.path) as db:
            stored = {"game": db.execute(
                "SELECT state, step, status, seats, paused FROM games WHERE id = ?", (game_id,)
            ).fetchone()}
            for table in GAME_TABLES:
                stored[table] = db.execute(f"SELECT * FROM {table} WHERE game_id = ? ORDER BY 2", (game_id,)).fetchall()
        return stored

    async def execute(self, sql: str) -> None:
        with sqlite3.connect(self.path) as db:
            db.execute(sql)

    async def tables(self) -> set[str]:
        with sqlite3.connect(self.path) as db:
            return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    async def recorded_version(self) -> int:
        with sqlite3.connect(self.path) as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])


@dataclass
class PostgresDatabase:
    url: str
    kind: ClassVar[str] = "postgres"
    error: ClassVar[type[Exception]] = asyncpg.PostgresError

    @property
    def target(self) -> str:
        return self.url

    async def snapshot(self, game_id: int) -> dict[str, Any]:
        """Everything stored about a game, read on a connection of its own."""
        db = await asyncpg.connect(self.url)
        try:
            game = await db.fetchrow("SELECT state, step, status, seats, paused FROM games WHERE id = $1", game_id)
            stored: dict[str, Any] = {"game": None if game is None else tuple(game)}
            for table in GAME_TABLES:
                rows = await db.fetch(f"SELECT * FROM {table} WHERE game_id = $1 ORDER BY 2", game_id)
                stored[table] = [tuple(r) for r in rows]
        finally:
            await db.close()
        return stored

    async def execute(self, sql: str) -> None:
        db = await asyncpg.connect(self.url)
        try:
            await db.execute(sql)
        finally:
            await db.close()

    async def tables(self) -> set[str]:
        db = await asyncpg.connect(self.url)
        try:
            rows = await db.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        finally:
            await db.close()
        return {r[0] for r in rows}

    async def recorded_version(self) -> int:
        db = await asyncpg.connect(self.url)
        try:
            return int(await db.fetchval("SELECT version FROM schema_version"))
        finally:
            await db.close()


Database = SqliteDatabase | PostgresDatabase
