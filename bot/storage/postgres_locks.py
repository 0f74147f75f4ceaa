"""PostgreSQL connections and the storage's advisory locks (bot/storage/postgres.py tells what each
lock is for): connecting with our session settings, a pool, the lock connections that hold games'
locks, the bot process's guard locks and number, and the start-up message for a connection fault
(the password never shown)."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import asyncpg

from bot.startup import StartupError
from bot.storage.away import database_away
from bot.storage.base import shown_url
from bot.storage.rows import DELIVERY_COLUMNS

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10.0
CLOSE_SECONDS = 10.0
LOCK_CONNECTIONS = 20
"""Games locked at once by this process (each `game_lock` holds a connection while it is held)."""
UNLOCK_AFTER = 0.002
"""Seconds a lock connection given back keeps its locks for a next holder to give them back with
its own lock (`LockConnections`): other processes wait at most this much longer for a game."""
LOCK_SPACE = 0x6A6D  # the storage's two-int advisory keys: (LOCK_SPACE, what)
MIGRATION_LOCK, BOT_LOCK, ADOPT_LOCK = 1, 2, 3
SHARD_SPACE = LOCK_SPACE + 1  # (SHARD_SPACE, shard id): the process running that shard
PROCESS_SPACE = LOCK_SPACE + 2  # (PROCESS_SPACE, number): a live bot process
DEADLINE_SPACE = LOCK_SPACE + 3  # (DEADLINE_SPACE, deadline_key): the process firing that deadline
INT4 = 2**31


def deadline_key(game_id: int, prompt_id: str) -> int:
    """One deadline's advisory key: a game's prompts are claimed apart, so one process firing a prompt
    never makes another skip the next (it would wait a whole poll). A hash: two deadlines sharing a key
    only take turns."""
    return zlib.crc32(f"{game_id}/{prompt_id}".encode()) - INT4
KEEPALIVE = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}
"""The guard's TCP keepalives: a process whose machine vanished is seen dead in about 25 s (a
process that dies on a live machine closes its connection at once)."""
LIVE_PROCESSES = (
    "SELECT l.objid::bigint FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
    f" AND l.classid = {PROCESS_SPACE}"
    " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
ADOPTING = (
    f"SELECT pg_try_advisory_xact_lock({LOCK_SPACE}, {ADOPT_LOCK}) AND EXISTS ({LIVE_PROCESSES} AND l.objid = ?)"
)
"""One process adopts at a time (`adopt_deliveries`): the others leave it to that one (a game's rows go to one). And
only while its own liveness lock is held as the database sees it: just after a PostgreSQL restart a process whose
liveness connection had not been seen closed yet (`keep_alive`) adopted the rows of every process that had not taken
its lock again in that half second, the others sent their later lines of the same games first (40 lines out of
order in a full scale run)."""
def adopt_rows(mine: str, shared: str) -> str:
    """The statement adopting the rows of processes gone (or of none): the games matching `mine` (a condition on `g`,
    the games row: its server on this process's shards) whole; of the others that match `shared` (servers on shards
    no live process runs) and rows of no game, this process's share (the games over the processes alive, rounded up:
    all of a game's rows go to one). Rows another transaction holds (a process claiming its own) are left: adopting
    never waits on them.

    Why the share: a process killed with thousands of games left them all to the first to adopt (27,099 rows in the
    full scale run), whose share of the REST budget then held them back. Why the games of one's own shards first:
    shared out at once, a killed process's games went on in its restart with their earlier rows in the other
    processes, each of its steps held behind those (37 games stalled in a full scale run, 30 of them with rows
    adopted, 22 with rows in three or four processes)."""
    mine = f"(d.game_id IS NOT NULL AND {mine})"
    return (
        f"WITH adoptable AS (SELECT d.id, d.game_id, {mine} AS mine FROM deliveries d LEFT JOIN games g"
        " ON g.id = d.game_id WHERE d.state = 0 AND d.owner IS DISTINCT FROM ?"
        f" AND (d.owner IS NULL OR d.owner NOT IN ({LIVE_PROCESSES})) AND (d.game_id IS NULL OR {mine} OR {shared})),"
        " share AS (SELECT DISTINCT game_id FROM adoptable WHERE game_id IS NOT NULL AND NOT mine ORDER BY game_id"
        " LIMIT (SELECT CEIL(COUNT(DISTINCT game_id) / GREATEST(1, (SELECT COUNT(*) FROM"
        f" ({LIVE_PROCESSES}) AS live))::numeric) FROM adoptable WHERE NOT mine))"
        " UPDATE deliveries SET owner = ? WHERE id IN (SELECT d.id FROM deliveries d WHERE d.id IN (SELECT id FROM"
        " adoptable WHERE mine OR game_id IS NULL OR game_id IN (SELECT game_id FROM share)) AND d.state = 0 AND"
        f" (d.owner IS NULL OR d.owner NOT IN ({LIVE_PROCESSES})) ORDER BY d.id FOR UPDATE OF d SKIP LOCKED)"
        f" RETURNING {DELIVERY_COLUMNS}"
    )


_DIGITS = re.compile(r"\d+")

LOST_CONNECTION = (asyncpg.InterfaceError, asyncpg.PostgresConnectionError, OSError)


def session_settings() -> dict[str, str]:
    """What every connection of ours runs with: durable commits, and who we are (shown in
    pg_stat_activity, and in the message when a second bot finds the database in use)."""
    return {"synchronous_commit": "on", "application_name": f"gamemaster-bot pid {os.getpid()}"}


async def open_connection(url: str, extra: dict[str, str] | None = None) -> asyncpg.Connection:
    try:
        settings = session_settings() | (extra or {})
        return await asyncpg.connect(url, timeout=CONNECT_SECONDS, server_settings=settings)
    except Exception as error:
        raise postgres_fault(error, url) from error


async def reset_reads(connection: asyncpg.Connection) -> None:
    """Nothing to undo on a reading connection (plain SELECTs outside transactions): no round trip
    on every read (asyncpg's own reset is one)."""


class LockConnections:
    """Connections that hold advisory locks (a game's, a deadline's), at most `size` held at once.
    Lighter than asyncpg's pool, on the path of every action: a connection given back keeps its
    locks for a moment (`UNLOCK_AFTER`), so that the next holder, taking it at once as under load,
    gives them back and takes its own in ONE round trip (`lock_game`'s `unlock_first`); one not
    taken by then gives them back by itself. A connection that broke, or whose lock wait was cut
    short, is closed: its locks end with its session."""

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self._free: list[asyncpg.Connection] = []
        self._holding: set[asyncpg.Connection] = set()
        """Free connections that still hold the locks of their last holder."""
        self._slots = asyncio.Semaphore(size)
        self._busy: set[asyncpg.Connection] = set()
        self._unlocking: asyncio.TimerHandle | None = None
        self._unlockers: set[asyncio.Task[None]] = set()

    @asynccontextmanager
    async def acquire(self, *, clean: bool = True) -> AsyncIterator[tuple[asyncpg.Connection, bool]]:
        """A connection, and whether it still holds its last holder's locks (never, when `clean`:
        they are given back first). Its locks are given back soon after it returns."""
        async with self._slots:
            connection = await self._take(clean)
            self._busy.add(connection)
            try:
                yield connection, connection in self._holding
            finally:
                self._busy.discard(connection)
                if not connection.is_closed():
                    self._holding.add(connection)
                    self._free.append(connection)
                    if self._unlocking is None:
                        self._unlocking = asyncio.get_running_loop().call_later(UNLOCK_AFTER, self._unlock_free)

    async def lock(self, connection: asyncpg.Connection, sql: str, *params: Any) -> list[asyncpg.Record]:
        """Run a statement that takes locks (the connection's earlier locks given back by it, when
        it says so). A wait cut short, or a connection that broke, closes the connection: whatever
        it held or was about to get ends with its session."""
        try:
            rows: list[asyncpg.Record] = await connection.fetch(sql, *params)
        except BaseException:
            connection.terminate()
            raise
        finally:
            self._holding.discard(connection)
        return rows

    async def _take(self, clean: bool) -> asyncpg.Connection:
        while self._free:
            connection = self._free.pop()
            if connection.is_closed():
                self._holding.discard(connection)
                continue
            if clean and connection in self._holding and not await self._unlock(connection):
                continue
            return connection
        return await open_connection(self.url)

    async def _unlock(self, connection: asyncpg.Connection) -> bool:
        """Give back the connection's locks; False when it broke (closed: they ended with it)."""
        try:
            await connection.execute("SELECT pg_advisory_unlock_all()")
        except LOST_CONNECTION:
            connection.terminate()
            return False
        except Exception as error:
            connection.terminate()
            if database_away(error):  # left mid-query by a server restarting (its locks ended with it): seen in a
                return False  # scale run as a task's exception never retrieved, the connections after it lost
            raise
        except BaseException:
            connection.terminate()
            raise
        finally:
            self._holding.discard(connection)
        return True

    def _unlock_free(self) -> None:
        self._unlocking = None
        waiting = [connection for connection in self._free if connection in self._holding]
        if not waiting:
            return
        for connection in waiting:
            self._free.remove(connection)
        task = asyncio.ensure_future(self._unlock_and_free(waiting))
        self._unlockers.add(task)
        task.add_done_callback(self._unlockers.discard)

    async def _unlock_and_free(self, connections: list[asyncpg.Connection]) -> None:
        for connection in connections:
            if await self._unlock(connection):
                self._free.append(connection)

    async def close(self) -> None:
        """Close the free connections (their locks end with them); one still held (a task that never
        finished) is cut off, so it cannot keep the bot from stopping."""
        if self._unlocking is not None:
            self._unlocking.cancel()
            self._unlocking = None
        if self._unlockers:
            await asyncio.gather(*self._unlockers, return_exceptions=True)
        free, self._free = self._free, []
        self._holding.clear()
        for connection in free:
            try:
                await asyncio.wait_for(connection.close(), CLOSE_SECONDS)
            except (TimeoutError, *LOST_CONNECTION):
                connection.terminate()
        for connection in list(self._busy):
            connection.terminate()


async def open_pool(
    url: str, *, min_size: int, max_size: int, reset: Callable[[asyncpg.Connection], Awaitable[None]]
) -> asyncpg.Pool:
    try:
        return await asyncpg.create_pool(
            url, min_size=min_size, max_size=max_size, timeout=CONNECT_SECONDS, server_settings=session_settings(),
            reset=reset,
        )
    except Exception as error:
        raise postgres_fault(error, url) from error


async def take_bot_locks(url: str, shard_ids: tuple[int, ...] | None) -> asyncpg.Connection:
    """The bot process's locks, held by a guard connection for the bot's life (the server drops
    them when the connection ends, however the process ends): without shard ids the bot lock (one
    bot per database); with them the bot lock shared and one lock per shard."""
    guard = await open_connection(url, KEEPALIVE)
    try:
        shared = "_shared" if shard_ids is not None else ""
        if not await guard.fetchval(f"SELECT pg_try_advisory_lock{shared}($1, $2)", LOCK_SPACE, BOT_LOCK):
            pid = await _holder(guard, LOCK_SPACE, BOT_LOCK)
            raise StartupError("startup-db-pg-in-use", url=shown_url(url), pid=pid)
        for shard in shard_ids or ():
            if not await guard.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_SPACE, shard):
                pid = await _holder(guard, SHARD_SPACE, shard)
                raise StartupError("startup-db-pg-shard-in-use", url=shown_url(url), pid=pid, shard=shard)
    except BaseException:
        await guard.close()
        raise
    return guard


async def _holder(guard: asyncpg.Connection, space: int, key: int) -> str:
    """The pid of the bot process holding an advisory lock of ours (from its application name), or "?"."""
    holder = await guard.fetchval(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2"
        " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) LIMIT 1",
        space, key,
    )
    pid = _DIGITS.search(holder or "")
    return pid.group(0) if pid else "?"


async def take_process_number(guard: asyncpg.Connection) -> int:
    """This process's number, new for its life, and the lock that tells the others it is alive."""
    number = int(await guard.fetchval("SELECT nextval('bot_process_numbers')"))
    await guard.execute("SELECT pg_advisory_lock($1, $2)", PROCESS_SPACE, number)
    return number


def postgres_fault(error: BaseException, url: str) -> StartupError:
    """The start-up message for an error met while connecting to `url`."""
    shown = shown_url(url)
    reason = _without_secret(str(error) or type(error).__name__, url)
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError | asyncpg.InvalidPasswordError):
        return StartupError("startup-db-pg-auth", url=shown, reason=reason)
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return StartupError("startup-db-pg-no-database", url=shown)
    if isinstance(error, OSError | TimeoutError | asyncpg.CannotConnectNowError | asyncpg.PostgresConnectionError):
        return StartupError("startup-db-pg-cannot-connect", url=shown, reason=reason)
    return StartupError("startup-db-error", path=shown, reason=reason)


def _without_secret(text: str, url: str) -> str:
    password = urlsplit(url).password or dict(parse_qsl(urlsplit(url).query)).get("password")
    return text.replace(password, "***") if password else text
