"""A database away for a moment (a PostgreSQL restart, a lost connection), told apart from a defect: the
member is asked to look and try again, and the log says so in one line instead of a traceback."""

from __future__ import annotations

import asyncpg

from bot.startup import StartupError

AWAY = (
    asyncpg.InterfaceError,  # the connection was closed under the query
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,  # "terminating connection", "the database system is starting up"
    ConnectionError,
)


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
        seen = seen.__cause__ or seen.__context__
    return False
