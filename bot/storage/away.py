"""A database away for a moment (a PostgreSQL restart, a lost connection), told apart from a defect: the
member is asked to look and try again, and the log says so in one line instead of a traceback."""

from __future__ import annotations

import logging
import traceback

import asyncpg

from bot.startup import StartupError


class NotAliveNow(Exception):
    """This bot process's liveness lock is lost for now (the database restarted under it): it sends nothing of its
    own until it takes the lock again (`keep_alive`), while another process may adopt its rows meanwhile."""


AWAY = (
    NotAliveNow,
    asyncpg.InterfaceError,  # the connection was closed under the query
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,  # "terminating connection", "the database system is starting up"
    ConnectionError,
)

LEFT_BY_THE_SERVER = ("another operation (2) is in progress", "another operation (4) is in progress")
"""A connection's next query while it still waits for the end of the server's error (2), or is being closed
(4): the server went away in between (a restart). Another operation in progress is two at once: a defect."""


def database_away(error: BaseException) -> bool:
    """Whether `error`, or what it was raised from, is the database being out of reach."""
    seen: BaseException | None = error
    for _ in range(8):  # a short chain: wrapped by the table or discord.py at most a few times
        if seen is None:
            return False
        if isinstance(seen, AWAY):
            return True
        if isinstance(seen, StartupError) and seen.key == "startup-db-pg-cannot-connect":
            return True  # a new connection refused while the server restarts (its socket gone meanwhile)
        if isinstance(seen, OSError) and _raised_in_asyncpg(seen):
            return True  # a pool's new connection to a server's socket that is gone for now
        if isinstance(seen, asyncpg.exceptions.InternalClientError) and str(seen).endswith(LEFT_BY_THE_SERVER):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _raised_in_asyncpg(error: BaseException) -> bool:
    """Whether `error` came from inside asyncpg (a missing socket file is the database's, not a defect's)."""
    return any("/asyncpg/" in frame.filename for frame in traceback.extract_tb(error.__traceback__))


def log_failure(log: logging.Logger, error: BaseException, message: str, *args: object) -> None:
    """`message` failed because of `error`: with the database away for a moment, one warning line (it is
    tried again); anything else is an ERROR with its traceback."""
    if database_away(error):
        log.warning(message + " (the database is out of reach for now: %s)", *args, type(error).__name__)
    else:
        log.error(message, *args, exc_info=error)
