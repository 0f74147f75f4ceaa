"""SQLite storage (aiosqlite): the embedded default. Numbered migrations, WAL, one transaction per step.

Reads run on the connection's own thread, in the order they were queued there, each in one hop. The
group commit's write batches run in one hop each too: on that thread, or, for the bot process, in its
writer process (bot/storage/writer.py: a connection of its own, off the event loop's GIL). A
`transaction()` (several hops) holds a lock that everything else on the thread takes only to queue
itself, so concurrent games never interleave statements inside a transaction, and nothing waits for
another's answer to come back before queueing (the writer process waits for SQLite's write lock).
`synchronous=FULL` makes each COMMIT durable: an action a player was told succeeded is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import aiosqlite

from bot.startup import ProcessLock, StartupError, sqlite_fault
from bot.storage import migrate as schema
from bot.storage.base import Storage
from bot.storage.program import GroupCommit, Settle, Tx, Write
from bot.storage.rows import IntegrityError
from bot.storage.sqlite_batch import BUSY_MS, WRITER_PRAGMAS, run_batch
from bot.storage.writer import Writer
from bot.waiting import stop_task

T = TypeVar("T")
log = logging.getLogger(__name__)

CHECKPOINT_SECONDS = 5.0
"""The bot process's background checkpoint, where its writes run on its own thread (no writer process)."""
BATCHES_UNDER_WAY = 4
FLUSH_AFTER_SECONDS = 0.0005
"""A write queued this long ago in a loop pass that is still running starts its batch, when one may start.
Measured (32 players acting at once, `python -m bot bench`): the writer process idled while the event loop
finished a pass of 32 players' steps before sending any of them; with 4 batches under way and this, the durable
actions/s went from ~4,000 to ~6,500 and the p50 latency from ~7.5 to ~4.5 ms."""
STARTUP_BUSY_MS = 1000
DELIVERY_KINDS_MIGRATION = 6
"""006 rebuilds the deliveries table, copying every column of the released 004."""



class SqliteTx:
    """`Tx` on the aiosqlite connection (inside the storage lock)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.db.execute(sql, tuple(params))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self.db.execute(sql, tuple(params)) as cursor:
            return [tuple(r) for r in await cursor.fetchall()]


class SqliteStorage(Storage):
    dialect: ClassVar[str] = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self.db = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._commits = GroupCommit(self._submit_batch, parallel=BATCHES_UNDER_WAY, flush_after=FLUSH_AFTER_SECONDS)
        """Up to four batches under way: the next are queued (on the thread, or in the writer's pipe) while one
        commits, so the writer goes on to them at once instead of waiting for the event loop to take the answer
        and send more; and in a long loop pass what waited FLUSH_AFTER_SECONDS goes then (bot/storage/program.py
        `GroupCommit`)."""
        self._queuing: set[asyncio.Task[None]] = set()
        """Batches waiting for a `transaction()` to end before they are queued on the thread."""
        self._checkpointer: asyncio.Task[None] | None = None
        self._process_lock: ProcessLock | None = None
        self.writer: Writer | None = None
        """The bot process's writer process, which runs the write batches (None: they run on the thread)."""

    @classmethod
    async def connect(cls, path: str, *, exclusive: bool = False) -> SqliteStorage:
        """Open the file (created, with its folders, on first run) and bring it up to date.

        `exclusive` is for the bot process: it takes the process lock (one bot per database) and
        checks now, not at the first click, that the database can be written: a file locked by
        another process would make every write wait the busy timeout while the storage lock stalls
        every game, and a read-only file would fail every action. Both raise StartupError.
        """
        lock = None
        if path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StartupError("startup-db-cannot-open", path=path, reason=error.strerror or str(error)) from error
            if exclusive:
                lock = ProcessLock.take(path)
        try:
            connection = await _connect(path, exclusive=exclusive)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        storage = cls(connection, path)
        storage._process_lock = lock
        try:
            await storage.migrate()
        except BaseException:
            await storage.close()
            raise
        if path == ":memory:":
            return storage
        if exclusive:
            storage.writer = Writer(path, on_lost=writer_lost)
            try:
                await storage.writer.start()
            except BaseException:
                await storage.close()
                raise
        else:  # the writer process checkpoints when there is one (bot/storage/writer.py)
            storage._checkpointer = asyncio.create_task(storage._checkpoint_now_and_then())
        return storage

    async def _checkpoint_now_and_then(self) -> None:
        """Move the WAL into the database on a second connection, off the writers' path: a
        PASSIVE checkpoint never blocks a commit, so no player's click waits for one."""

        def checkpoint() -> None:
            with contextlib.closing(sqlite3.connect(self.path, timeout=1)) as db:
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")

        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await asyncio.to_thread(checkpoint)
            except sqlite3.Error as error:
                log.warning("background checkpoint failed: %s", error)

    async def close(self) -> None:
        await stop_task(self._checkpointer)
        await self._commits.drain()
        if self.writer is not None:
            await self.writer.close()
        await self.db.close()
        if self._process_lock is not None:
            self._process_lock.release()
            self._process_lock = None

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[tuple[int | None, int]]:
        yield await self.game_position(game_id)  # one bot process per file: the table's own lock is enough

    # --- migrations -------------------------------------------------------------------------
    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration newer than `PRAGMA user_version`, each in its own transaction."""
        current = await self.schema_version()
        for version, sql in schema.migrations(self.dialect):
            if version <= current:
                continue
            async with self._lock:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    if version == DELIVERY_KINDS_MIGRATION:
                        await _deliveries_prompt_id(self.db)
                    for statement in schema.split_sql(sql):
                        await self.db.execute(statement)
                    await self.db.execute(f"PRAGMA user_version = {version}")
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise
            current = version
        return current

    # --- reads and transactions ---------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTx(self.db)
            except sqlite3.IntegrityError as error:
                await self.db.execute("ROLLBACK")
                raise IntegrityError(str(error)) from error
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._in_thread(partial(_fetch, sql, tuple(params)))

    # --- the group commit ------------------------------------------------------------------------
    async def _in_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on the connection's own thread in one hop. One hop instead of one per
        statement is what keeps a step's transaction cheap. The lock is held only to queue the
        work: the thread runs it in that order, and no `transaction()` is under way then."""
        async with self._lock:
            done = self._queue(work)
        return await done

    def _queue(self, work: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Queue `work` on the connection's thread, which sets the future (aiosqlite 0.22.1 internals,
        pinned; tests/runtime/test_pins.py fails loudly if they move)."""
        if not self.db._running:
            raise ValueError("the database connection is closed")
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.db._tx.put_nowait((done, partial(work, self.db._conn)))
        return done

    def _submit_batch(self, writes: list[Write[Any]], settle: Settle) -> None:
        """A group commit's batch, sent to the writer process, or queued on the thread at once (after a
        `transaction()` under way, if one is); the thread schedules `settle` itself, so the writers resume
        on the loop's next pass."""
        if self.writer is not None:
            self.writer.submit(writes, settle)
            return
        loop = asyncio.get_running_loop()

        def work(db: sqlite3.Connection) -> None:
            try:
                outcomes = run_batch(writes, db)
            except BaseException as error:
                loop.call_soon_threadsafe(settle, None, error)
                return
            loop.call_soon_threadsafe(settle, outcomes, None)

        async def after_the_transaction() -> None:
            try:
                await self._in_thread(work)
            except BaseException as error:  # the connection closed meanwhile
                settle(None, error)

        if self._lock.locked():
            task = asyncio.create_task(after_the_transaction())
            self._queuing.add(task)
            task.add_done_callback(self._queuing.discard)
            return
        try:
            self._queue(work)
        except ValueError as error:
            loop.call_soon(settle, None, error)


WRITER_LOST_EXIT_CODE = 70
"""The bot's exit code when its writer process died under it (EX_SOFTWARE)."""


def writer_lost() -> None:
    """The bot's writer process died: the writes it had may or may not be saved, so the games in memory
    may not be the games on disk. Stop at once, as a crash would (what was saved stays saved; the
    outbox's rows are sent by the next start): systemd's `Restart=on-failure` (README) starts the bot
    again from the database, as after a SIGKILL, which is tested to lose nothing."""
    logging.shutdown()
    os._exit(WRITER_LOST_EXIT_CODE)


async def _connect(path: str, *, exclusive: bool) -> aiosqlite.Connection:
    try:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            # briefly patient at start-up: a lock held longer than this is not a passing commit
            await connection.execute(f"PRAGMA busy_timeout={STARTUP_BUSY_MS if exclusive else BUSY_MS}")
            for pragma in WRITER_PRAGMAS:
                await connection.execute(pragma)
            if exclusive and path != ":memory:":
                await _probe_write(connection)
            await connection.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        except BaseException:
            await connection.close()
            raise
    except sqlite3.Error as error:
        raise sqlite_fault(error, path) from error
    return connection


def _fetch(sql: str, params: tuple[Any, ...], db: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in db.execute(sql, params).fetchall()]


async def _probe_write(connection: aiosqlite.Connection) -> None:
    """Take the write lock and write (a table, rolled back): fails now if another process holds the
    lock or the file or its folder is read-only."""
    await connection.execute("BEGIN IMMEDIATE")
    try:
        await connection.execute("CREATE TABLE _startup_write_probe (x INTEGER)")
    finally:
        await connection.execute("ROLLBACK")


async def _deliveries_prompt_id(db: aiosqlite.Connection) -> None:
    """A deliveries table made by a pre-release 004 lacks `prompt_id`: add it, so 006 can copy the table."""
    async with db.execute("SELECT name FROM pragma_table_info('deliveries')") as cursor:
        columns = {row[0] for row in await cursor.fetchall()}
    if columns and "prompt_id" not in columns:
        await db.execute("ALTER TABLE deliveries ADD COLUMN prompt_id TEXT")
