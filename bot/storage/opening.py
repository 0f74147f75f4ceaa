"""Opening a database by what its setting names: a PostgreSQL URL or an SQLite file (the backends
are chosen here, not by the interface they implement, so imports run one way)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.storage.base import Storage, is_postgres_url, sqlite_path


async def open_storage(
    target: str | Path, *, exclusive: bool = False, shard_ids: Sequence[int] | None = None
) -> Storage:
    """Open the database `target` names (see bot/storage/base.py) and bring it up to date.

    `exclusive` is for the bot process, checked now (StartupError): on SQLite one bot per file;
    on PostgreSQL one bot per database, or with `shard_ids` (the gateway shards this process
    runs) one process per shard, several processes sharing the database."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresStorage  # asyncpg only where PostgreSQL is used

        return await PostgresStorage.connect(str(target), exclusive=exclusive, shard_ids=shard_ids)
    from bot.storage.sqlite import SqliteStorage

    return await SqliteStorage.connect(sqlite_path(target), exclusive=exclusive)
