"""PostgreSQL storage (asyncpg), chosen by `DATABASE_URL=postgresql://…`: SQLite's interface and semantics.

- Writes are group-committed as on SQLite: steps that arrive together share one transaction and one commit, up
  to `COMMITTERS` transactions under way at once, each on a connection of its own; a failing step is undone alone
  (the batch runs again without it: `_run_batch`). Migrations and `transaction()` use one more writer connection.
  A step is one statement (postgres_step.py).
  A connection whose transaction could not be rolled back (cancelled meanwhile) is dropped (`_rollback`).
- Every connection runs with `synchronous_commit = on`, whatever the server's default: a COMMIT
  returns once the step is on the server's disk, before the player is answered.
- Reads go through a small pool, so they never wait behind a commit.
- `game_lock(game_id)` is a session advisory lock on a connection of its own (a pool that opens
  them on demand): held across a game's check → apply → save, it lets several bot processes
  share one database. Taken together with the game's version in one round trip (`lock_game`,
  migration 008). Advisory keys: a game's lock is the one-bigint key `game_id`; the storage's
  own locks use the two-int keyspace, the first int naming what is locked (LOCK_SPACE …
  DEADLINE_SPACE) — PostgreSQL keeps the two keyspaces apart.
- The bot process (`exclusive`) holds, on a guard connection for its whole life: without shard
  ids, the bot lock alone (one bot per database); with them (the process runs some of the gateway
  shards) the bot lock shared, one lock per shard it runs (one process per shard) and the lock on
  its own process number (taken from a sequence at start): the server itself then knows which
  processes are alive, since a session's locks end with it, however the process ends. A delivery
  row belongs to the process that saved it (`owner`); the rows of a process that is no longer
  alive are adopted by another (`adopt_deliveries`), atomically, so exactly one sends them.
- A deadline is fired by one process at a time (`claim_deadline`: a try-lock on that deadline, skipped by the
  others, given up with its session if the process dies); the game's own lock orders one game's firings.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, ClassVar, TypeVar

import asyncpg

from bot.storage import migrate as schema
from bot.storage.away import NotAliveNow
from bot.storage.base import Storage
from bot.storage.postgres_forwarding import ForwardedInteractions
from bot.storage.postgres_locks import (
    ADOPTING,
    CLOSE_SECONDS,
    DEADLINE_SPACE,
    LIVE_PROCESSES,
    LOCK_CONNECTIONS,
    LOCK_SPACE,
    LOST_CONNECTION,
    MIGRATION_LOCK,
    PROCESS_SPACE,
    LockConnections,
    adopt_rows,
    deadline_key,
    open_connection,
    open_pool,
    reset_reads,
    take_bot_locks,
    take_process_number,
)
from bot.storage.postgres_step import one_statement_step
from bot.storage.program import (
    GroupCommit,
    Outcome,
    Program,
    Rows,
    Run,
    SavedStep,
    StepWrite,
    Tx,
    Write,
    claimable,
    numbered,
    run_in,
    submit_as_task,
)
from bot.storage.rows import DeliveryRow, IntegrityError, OwnShards, delivery_row

T = TypeVar("T")
log = logging.getLogger(__name__)

ADOPT_GRACE_SECONDS = 10.0
"""After this process took its locks again, the time it leaves the other processes to take theirs before it
adopts the rows of any that look gone (`adopt_deliveries`)."""

READERS = 4
"""Connections for reads (the pool grows to this under load)."""
COMMITTERS = 4
"""Group commits under way at once, each on a writer connection of its own: a commit waits on the
server's fsync, and a statement at a time on one connection waits a round trip each; several
transactions at once keep the server busy (its own group commit shares their fsyncs)."""
CONFLICTS = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
"""Two transactions that met: the server undid one of them, which is run again."""
CONFLICT_RETRIES = 3


class PostgresTx:
    """`Tx` on an asyncpg connection: `?` placeholders numbered for PostgreSQL."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.connection.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self.connection.executemany(numbered(sql), rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.connection.fetch(numbered(sql), *params)]


class PostgresStorage(ForwardedInteractions, Storage):
    dialect: ClassVar[str] = "postgres"
    live_owners: ClassVar[str | None] = LIVE_PROCESSES

    def __init__(self, url: str, writer: asyncpg.Connection) -> None:
        self.url = url
        self._writer = writer
        self._lock = asyncio.Lock()
        """The first writer's: migrations and `transaction()` run on it, one at a time."""
        self._committers: list[asyncpg.Connection | None] = [None] * COMMITTERS
        self._free_committers: asyncio.Queue[int] = asyncio.Queue()
        for number in range(COMMITTERS):
            self._free_committers.put_nowait(number)
        self._commits = GroupCommit(submit_as_task(self._run_on_a_committer), parallel=COMMITTERS)
        self._reads: asyncpg.Pool | None = None
        self._locks: LockConnections | None = None
        self._guard: asyncpg.Connection | None = None
        self._shard_ids: tuple[int, ...] | None = None
        self._adopt_from = 0.0
        """The monotonic time before which this process adopts nothing: it took its locks again (`keep_alive`)."""

    @classmethod
    async def connect(
        cls, url: str, *, exclusive: bool = False, shard_ids: Sequence[int] | None = None
    ) -> PostgresStorage:
        """Connect, bring the schema up to date and open the pools. A server that cannot be
        reached, a refused login or a missing database raise StartupError (one clear line), and so
        does, for the bot process (`exclusive`), another bot running what this one would run."""
        storage = cls(url, await open_connection(url))
        try:
            if exclusive:
                storage._shard_ids = None if shard_ids is None else tuple(sorted(set(shard_ids)))
                storage._guard = await take_bot_locks(url, storage._shard_ids)
            await storage.migrate()
            if storage._guard is not None:
                storage.owner = await take_process_number(storage._guard)
                storage.shared = storage._shard_ids is not None
            storage._reads = await open_pool(url, min_size=1, max_size=READERS, reset=reset_reads)
            storage._locks = LockConnections(url, LOCK_CONNECTIONS)
        except BaseException:
            await storage.close()
            raise
        return storage

    async def close(self) -> None:
        await self._commits.drain()
        await self.close_listener()
        if self._locks is not None:
            await self._locks.close()
        if self._reads is not None:
            try:
                await asyncio.wait_for(self._reads.close(), CLOSE_SECONDS)
            except TimeoutError:
                self._reads.terminate()
        self._reads = self._locks = None
        for connection in (self._writer, self._guard, *self._committers):
            if connection is not None and not connection.is_closed():
                await connection.close()
        self._guard = None

    # --- several processes on one database ------------------------------------------------------
    @asynccontextmanager
    async def claim_deadline(self, game_id: int, prompt_id: str, now: float) -> AsyncIterator[bool]:
        if not self.shared:
            yield True
            return
        assert self._locks is not None, "the storage is closed"
        async with self._locks.acquire() as (connection, _):
            key = (DEADLINE_SPACE, deadline_key(game_id, prompt_id))
            if not await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", *key):
                yield False  # another process is firing this deadline
                return
            # read after the lock: one that fired it just before has removed or moved it (the lock goes
            # back with the connection: `LockConnections`)
            due = await connection.fetchval(
                "SELECT 1 FROM deadlines d JOIN games g ON g.id = d.game_id WHERE d.game_id = $1"
                " AND d.prompt_id = $2 AND d.due <= $3 AND g.paused = 0 AND g.status = 'running'",
                game_id, prompt_id, now,
            )
            yield due is not None

    async def adopt_deliveries(
        self, own: OwnShards | None = None, orphaned: OwnShards | None = None
    ) -> list[DeliveryRow]:
        if self.owner is None or time.monotonic() < self._adopt_from:
            return []
        # without `own`, every game's rows shared out (as one process of several that knows not its shards)
        mine = "FALSE" if own is None else own.sql()
        shared = "TRUE" if own is None else "FALSE" if orphaned is None else orphaned.sql()
        async with self.transaction() as tx:  # one adopter at a time, never waiting on a row: no deadlock
            alone = (await tx.fetchall(ADOPTING, (self.owner,)))[0][0]
            rows = await tx.fetchall(adopt_rows(mine, shared), (self.owner, self.owner)) if alone else []
        if rows:
            log.info("adopted %d delivery rows of bot processes that stopped", len(rows))
        return sorted((delivery_row(r) for r in rows), key=lambda row: row.id)

    async def claim_deliveries(
        self, ids: list[int], batch: int, carrier: int | None = None, *, again: bool = False
    ) -> bool:
        """False when this process is not to send all the rows: another adopted some of them, or one is sent or
        claimed by another message already (`claimable`); nothing is claimed then, and `unclaimed_deliveries` tells
        which are still its own. Raises NotAliveNow (the database away, for the outbox: tried again, in order)
        while this process's liveness lock is lost: another may be adopting its rows now. Giving them up instead
        let its later rows of the same games go first, and the adopted ones after them (out of order)."""
        if self.owner is None:
            return await super().claim_deliveries(ids, batch, carrier, again=again)
        owner = self.owner
        return await self._write(partial(_owned_claim, ids, batch, carrier, owner, again))

    async def waiting_deliveries(self) -> list[DeliveryRow]:
        if self.owner is None:  # not a bot process: every waiting row, as SQLite
            return await super().waiting_deliveries()
        return await self.adopt_deliveries()  # a new process owns nothing yet

    async def keep_alive(self) -> None:
        """A guard connection that was lost (a server restart) took this process's locks with it:
        connect again and take them again, under the same number (its rows are still its own). For
        ADOPT_GRACE_SECONDS then it adopts nothing: the other processes take their locks again too."""
        if self._guard is None or self.owner is None or not self._guard.is_closed():
            return
        log.warning("the PostgreSQL guard connection was lost; taking this process's locks again")
        guard = await take_bot_locks(self.url, self._shard_ids)
        try:
            if not await guard.fetchval("SELECT pg_try_advisory_lock($1, $2)", PROCESS_SPACE, self.owner):
                raise RuntimeError(f"bot process number {self.owner} is taken")
        except BaseException:
            await guard.close()
            raise
        self._guard = guard
        # a database restart took every process's locks: the others take theirs again within a moment, and
        # adopting their rows meanwhile took all of them here (59,165 rows of one process in the full scale run)
        self._adopt_from = time.monotonic() + ADOPT_GRACE_SECONDS

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[tuple[int | None, int]]:
        assert self._locks is not None, "the storage is closed"
        async with self._locks.acquire(clean=False) as (connection, holding):
            rows = await self._locks.lock(
                connection, "SELECT version, behind FROM lock_game($1, $2, $3)", game_id, self.owner, holding
            )
            yield (int(rows[0][0]), int(rows[0][1] or 0)) if rows else (None, 0)

    # --- migrations -------------------------------------------------------------------------
    async def schema_version(self) -> int:
        async with self._lock:
            connection = await self._connection()
            exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            return int(await connection.fetchval("SELECT version FROM schema_version")) if exists else 0

    async def migrate(self) -> int:
        """Apply every migration newer than the `schema_version` row, each in its own transaction
        with the new version. Bot processes starting together take turns (an advisory lock) and
        each applies only what is still missing."""
        current = await self.schema_version()
        if current == 0:  # a new database (a role without CREATE rights runs on a made one)
            await self._create_version_record()
        for version, sql in schema.migrations(self.dialect):
            if version > current:
                current = await self._apply(version, sql)
        return current

    async def _create_version_record(self) -> None:
        async with self._lock:
            connection = await self._connection()
            async with connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_SPACE, MIGRATION_LOCK)
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version ("
                    " version integer NOT NULL, one boolean PRIMARY KEY DEFAULT true CHECK (one))"
                )
                await connection.execute("INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING")

    async def _apply(self, version: int, sql: str) -> int:
        async with self._lock:
            connection = await self._connection()
            async with connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_SPACE, MIGRATION_LOCK)
                reached = int(await connection.fetchval("SELECT version FROM schema_version"))
                if reached >= version:  # another process applied it meanwhile
                    return reached
                await connection.execute(sql)
                await connection.execute("UPDATE schema_version SET version = $1", version)
        return version

    # --- reads and transactions ---------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            connection = await self._connection()
            await connection.execute("BEGIN")
            try:
                yield PostgresTx(connection)
            except asyncpg.IntegrityConstraintViolationError as error:
                await self._rollback(connection)
                raise IntegrityError(str(error)) from error
            except BaseException:
                await self._rollback(connection)
                raise
            await connection.execute("COMMIT")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        assert self._reads is not None, "the storage is closed"
        return [tuple(r) for r in await self._reads.fetch(numbered(sql), *params)]

    async def _connection(self) -> asyncpg.Connection:
        """The writer connection (inside the lock); a new one if the last was lost (a server restart) or dropped
        (`_rollback`): the writes that were on it failed, the next ones go through."""
        if self._writer.is_closed():
            log.warning("the PostgreSQL connection was lost; connecting again")
            self._writer = await open_connection(self.url)
        return self._writer

    async def _rollback(self, connection: asyncpg.Connection) -> None:
        """Undo the transaction, or drop a connection lost, confused or cancelled meanwhile (its end undoes it)."""
        try:
            await connection.execute("ROLLBACK")
        except BaseException as error:
            connection.terminate()  # in an unknown state: the next write connects afresh
            if not isinstance(error, LOST_CONNECTION):
                raise

    # --- the group commit ------------------------------------------------------------------------
    @staticmethod
    def _step_program(step: StepWrite) -> Program[SavedStep | None]:
        return one_statement_step(step)

    async def _run_on_a_committer(self, writes: list[Write[Any]]) -> list[Outcome]:
        """A batch on a free committer connection (opened when first needed, again when lost)."""
        number = await self._free_committers.get()
        try:
            connection = self._committers[number]
            if connection is None or connection.is_closed():  # (`_rollback` drops one it could not roll back)
                connection = self._committers[number] = await open_connection(self.url)
            return await self._run_batch(connection, writes)
        finally:
            self._free_committers.put_nowait(number)

    async def _run_batch(self, connection: asyncpg.Connection, writes: list[Write[Any]]) -> list[Outcome]:
        """The batch in one transaction, without savepoints (each would cost a round trip): when a
        write fails, the transaction is rolled back and the others run again without it (a write
        rarely fails: a repeated input); a deadlock with another committer runs them all again."""
        tx = PostgresTx(connection)
        if len(writes) == 1 and (alone := await _one_statement(tx, writes[0])) is not None:
            return [alone]
        outcomes: list[Outcome | None] = [None] * len(writes)
        conflicts = 0
        while left := [n for n, outcome in enumerate(outcomes) if outcome is None]:
            answers: list[Any] = []
            failed: tuple[int, Exception] | None = None
            await connection.execute("BEGIN")
            try:
                for n in left:
                    try:
                        answers.append(await run_in(tx, writes[n]()))
                    except LOST_CONNECTION:
                        raise
                    except Exception as error:
                        failed = (n, error)
                        break
                if failed is None:
                    await connection.execute("COMMIT")
            except BaseException:
                await self._rollback(connection)
                raise
            if failed is None:
                for n, answer in zip(left, answers, strict=True):
                    outcomes[n] = (answer, None)
                break
            await self._rollback(connection)
            n, error = failed
            if isinstance(error, CONFLICTS) and conflicts < CONFLICT_RETRIES:
                conflicts += 1  # nobody's fault: the same writes again
                log.warning("a commit met another process's (%s); running it again", type(error).__name__)
                continue
            outcomes[n] = (None, _translated(error))
        return [outcome for outcome in outcomes if outcome is not None]


def _owned_claim(ids: list[int], batch: int, carrier: int | None, owner: int, again: bool) -> Program[bool]:
    """`claim_deliveries` for a bot process: its rows locked (an adoption waits for the claim, and
    then sees them claimed by a live owner) and checked, with its own liveness, in one statement."""
    marks = ",".join("?" * len(ids))
    rows = yield Rows(
        f"SELECT d.owner, EXISTS ({LIVE_PROCESSES} AND l.objid = ?), d.batch, d.state FROM deliveries d"
        f" WHERE d.id IN ({marks}) FOR UPDATE OF d", (owner, *ids),
    )
    if not rows:
        return False
    if not rows[0][1]:  # tried again (in order) once its lock is back: its rows then its own still, or an adopter's
        raise NotAliveNow(f"bot process {owner} has lost its liveness lock for now")
    if not all(row[0] == owner for row in rows):
        return False  # some adopted by another process: those still this one's are told by `unclaimed_deliveries`
    if not claimable([row[2:] for row in rows], len(set(ids)), batch, again):
        return False  # another queued copy here sends them (or sent them)
    yield Run(f"UPDATE deliveries SET batch = ?, carrier = ? WHERE id IN ({marks})", (batch, carrier, *ids))
    return True


async def _one_statement(tx: PostgresTx, write: Write[Any]) -> Outcome | None:
    """A write whose program is one statement (`Rows.only`), run with no BEGIN and COMMIT around it
    (one round trip where they make three; a statement alone is atomic and, committed, durable).
    None: the program is not one statement (nothing was run), or it met another transaction."""
    program = write()
    try:
        statement = program.send(None)
    except StopIteration as end:
        return end.value, None
    if not isinstance(statement, Rows) or not statement.only:
        program.close()
        return None
    try:
        answer = await tx.fetchall(statement.sql, statement.params)
    except LOST_CONNECTION:
        raise
    except CONFLICTS:
        return None  # run again, in a transaction
    except Exception as error:
        return None, _translated(error)
    try:
        program.send(answer)
    except StopIteration as end:
        return end.value, None
    raise RuntimeError("a program's only statement was not its last")


def _translated(error: Exception) -> Exception:
    if isinstance(error, asyncpg.IntegrityConstraintViolationError):
        failure = IntegrityError(str(error))
        failure.__cause__ = error
        return failure
    return error


def _rowcount(status: str) -> int:
    """How many rows a command changed, from its status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0
