"""Durable storage of games, logs, deadlines, the outbox and per-server settings.

Two backends behind one interface (`Storage`), chosen by one setting (`Settings.database`):
SQLite (the embedded default, bot/storage/sqlite.py) and PostgreSQL (`DATABASE_URL=postgresql://…`,
bot/storage/postgres.py). The queries and writes are written once (base.py composes them from
game_store.py, delivery_store.py, server_store.py and result_store.py; program.py); each
backend provides reads, transactions, the group commit and its numbered migrations (migrate.py).
"""

from bot.storage.away import database_away, log_failure
from bot.storage.base import Storage, is_postgres_url, shown_target, shown_url, sqlite_path
from bot.storage.migrate import MIGRATIONS_DIR, migrations
from bot.storage.opening import open_storage
from bot.storage.program import Tx
from bot.storage.rows import (
    DELIVERY_DROPPED,
    DELIVERY_SENT,
    DELIVERY_WAITING,
    ActionRow,
    DeadlineRow,
    DeliveryRow,
    Elsewhere,
    EventRow,
    GameRow,
    IntegrityError,
    OwnShards,
    shard_of,
)
from bot.storage.sqlite import SqliteStorage
from bot.storage.sqlite_batch import WAL_AUTOCHECKPOINT_PAGES

__all__ = [
    "DELIVERY_DROPPED",
    "DELIVERY_SENT",
    "DELIVERY_WAITING",
    "MIGRATIONS_DIR",
    "WAL_AUTOCHECKPOINT_PAGES",
    "ActionRow",
    "DeadlineRow",
    "DeliveryRow",
    "Elsewhere",
    "EventRow",
    "GameRow",
    "IntegrityError",
    "OwnShards",
    "SqliteStorage",
    "Storage",
    "Tx",
    "database_away",
    "is_postgres_url",
    "log_failure",
    "migrations",
    "open_storage",
    "shard_of",
    "shown_target",
    "shown_url",
    "sqlite_path",
]
