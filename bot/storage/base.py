"""The storage interface, written once: every query and write of the runtime, on top of a few
primitives each backend provides (a read, a transaction, a group-committed write, migrations:
bot/storage/backend.py). Its parts, by concern: the games, their step commit, logs and deadlines
(game_store.py); the outbox and the prompts' messages (delivery_store.py); lobbies and server settings
(server_store.py); results (result_store.py). `Storage` is all of them, one interface for both backends.

`open_storage(target)` (bot/storage/opening.py) picks the backend from one setting: a `postgresql://` (or `postgres://`)
URL opens PostgreSQL, anything else is an SQLite file path (`sqlite:///path` is taken too).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.storage.delivery_store import DeliveryStore
from bot.storage.game_store import GameStore
from bot.storage.result_store import ResultStore
from bot.storage.server_store import ServerStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


def shown_target(target: str | Path) -> str:
    """The database as a message may show it: a path as is, a URL without its password."""
    return shown_url(str(target)) if is_postgres_url(target) else str(target)


def sqlite_path(target: str | Path) -> str:
    """The file of an SQLite target: a path, or a `sqlite:///path` URL."""
    text = str(target)
    return text[len(SQLITE_SCHEME):] if text.startswith(SQLITE_SCHEME) else text


def shown_url(url: str) -> str:
    """`url` fit for a message or a log line: the password, in either place a URL may carry it,
    replaced by ***."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}:***@{host}"
    query = parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(k == "password" for k, _ in pairs):
        query = urlencode([(k, "***" if k == "password" else v) for k, v in pairs], safe="/*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class Storage(GameStore, DeliveryStore, ServerStore, ResultStore):
    """Games, their logs, deadlines, the outbox and per-server settings, durably.

    Every write is one transaction; a step's write (`commit_step`) is durable before it returns,
    and steps of different games that arrive together share one commit (a failing one is undone
    alone and raises `IntegrityError` to its caller: `GroupCommit`).
    """
