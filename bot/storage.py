"""SQLite storage (aiosqlite): numbered migrations, WAL, one transaction per step.

Every write goes through `transaction()`, which holds one lock around BEGIN … COMMIT on the
single connection, so concurrent games never interleave statements inside a transaction.
`synchronous=FULL` makes each COMMIT durable: an action a player was told succeeded is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.startup import ProcessLock, StartupError, sqlite_fault

T = TypeVar("T")
log = logging.getLogger(__name__)

WAL_AUTOCHECKPOINT_PAGES = 10_000
"""A commit that crosses this many WAL pages checkpoints inline; the background task below
normally gets there first, so commits stay small and steady."""
CHECKPOINT_SECONDS = 5.0
STARTUP_BUSY_MS = 1000
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str]]:
    """(version, sql) for every numbered migration file, in order; numbers must be 1..n."""
    found = []
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise RuntimeError(f"badly named migration: {path.name}")
        found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    for expected, (version, _) in enumerate(found, start=1):
        if version != expected:
            raise RuntimeError(f"migrations must be numbered 1..n; missing {expected:03d}")
    return found


@dataclass
class GameRow:
    id: int
    game: str
    status: str
    guild_id: int | None
    channel_id: int | None
    host_id: int | None
    language: str
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    state: str | None
    step: int
    paused: bool
    meta: dict[str, Any]
    created_at: float
    updated_at: float


@dataclass
class ActionRow:
    kind: str
    step: int
    payload: dict[str, Any]
    seat: int | None = None
    actor_id: int | None = None
    by_bot: bool = False
    input_key: str | None = None
    seq: int = 0
    undone: bool = False
    at: float = field(default_factory=time.time)


@dataclass
class EventRow:
    key: str
    params: dict[str, Any]
    audience: list[int] | None
    seq: int = 0
    action_seq: int | None = None
    at: float = field(default_factory=time.time)


@dataclass
class DeliveryRow:
    """Something a step must show in Discord (see migration 004): a line for a channel or a member's
    DMs, a prompt to post, a status edit, a picture. Exactly one of channel_id / user_id is set."""

    game_id: int
    step: int
    kind: str
    body: dict[str, Any]
    channel_id: int | None = None
    user_id: int | None = None
    prompt_id: str | None = None
    id: int = 0
    batch: int | None = None


DELIVERY_WAITING, DELIVERY_SENT, DELIVERY_DROPPED = 0, 1, 2


@dataclass
class DeadlineRow:
    game_id: int
    prompt_id: str
    seat: int
    due: float
    remind_at: float | None
    reminded: bool = False


_GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, host_id, language, seed, options, seats, state, step,"
    " paused, meta, created_at, updated_at"
)


def _game_row(row: aiosqlite.Row | tuple[Any, ...]) -> GameRow:
    (gid, game, status, guild, channel, host, language, seed, options, seats, state, step, paused,
     meta, created, updated) = tuple(row)
    return GameRow(
        id=gid, game=game, status=status, guild_id=guild, channel_id=channel, host_id=host,
        language=language, seed=seed, options=json.loads(options), seats=json.loads(seats),
        state=state, step=step, paused=bool(paused), meta=json.loads(meta), created_at=created,
        updated_at=updated,
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Storage:
    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self.db = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._pending: list[tuple[Callable[[sqlite3.Connection], None], asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None

    _process_lock: ProcessLock | None = None

    @classmethod
    async def open(cls, path: str | Path, *, exclusive: bool = False) -> Storage:
        """Open the database (created, with its folders, on first run) and bring it up to date.

        `exclusive` is for the bot process: it takes the process lock (one bot per database) and
        checks now, not at the first click, that the database can be written: a file locked by
        another process would make every write wait the busy timeout while the storage lock stalls
        every game, and a read-only file would fail every action. Both raise StartupError.
        """
        path = str(path)
        lock = None
        if path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StartupError("startup-db-cannot-open", path=path, reason=error.strerror or str(error)) from error
            if exclusive:
                lock = ProcessLock.take(path)
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)
            try:
                # briefly patient at start-up: a lock held longer than this is not a passing commit
                await connection.execute(f"PRAGMA busy_timeout={STARTUP_BUSY_MS if exclusive else 5000}")
                await connection.execute("PRAGMA journal_mode=WAL")
                await connection.execute("PRAGMA synchronous=FULL")
                await connection.execute("PRAGMA foreign_keys=ON")
                await connection.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
                if exclusive and path != ":memory:":
                    await _probe_write(connection)
                await connection.execute("PRAGMA busy_timeout=5000")
            except BaseException:
                await connection.close()
                raise
        except sqlite3.Error as error:
            if lock is not None:
                lock.release()
            raise sqlite_fault(error, path) from error
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
        if path != ":memory:":
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
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
        if self._committer is not None and not self._committer.done():
            await self._committer
        await self.db.close()
        if self._process_lock is not None:
            self._process_lock.release()
            self._process_lock = None

    # --- migrations -------------------------------------------------------------------------
    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration newer than `PRAGMA user_version`, each in its own transaction."""
        current = await self.schema_version()
        for version, sql in migrations():
            if version <= current:
                continue
            async with self._lock:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    if version == DELIVERY_KINDS_MIGRATION:
                        await _deliveries_prompt_id(self.db)
                    for statement in _split_sql(sql):
                        await self.db.execute(statement)
                    await self.db.execute(f"PRAGMA user_version = {version}")
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise
            current = version
        return current

    # --- transactions -----------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        async with self._lock, self.db.execute(sql, tuple(params)) as cursor:
            return [tuple(r) for r in await cursor.fetchall()]

    # --- games ------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        game: str,
        status: str,
        seed: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        language: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        host_id: int | None = None,
        meta: dict[str, Any] | None = None,
    ) -> int:
        now = time.time()
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO games (game, status, guild_id, channel_id, host_id, language, seed, options,"
                " seats, meta, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (game, status, guild_id, channel_id, host_id, language, seed, _dumps(options),
                 _dumps(seats), _dumps(meta or {}), now, now),
            )
            assert cursor.lastrowid is not None
            return int(cursor.lastrowid)

    async def load_game(self, game_id: int) -> GameRow | None:
        rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game_row(rows[0]) if rows else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [_game_row(r) for r in rows]

    async def games_in_channel(self, channel_id: int, *statuses: str) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ({marks}) ORDER BY id",
            (channel_id, *statuses),
        )
        return [_game_row(r) for r in rows]

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Change lobby-level fields (status, seats, options, meta, paused, language …) at once."""
        await self.update_game_in(None, game_id, **fields)

    async def update_lobby(self, game_id: int, expected_seats: list[dict[str, Any]], **fields: Any) -> bool:
        """Change a lobby only if it is still a lobby with exactly `expected_seats` (a compare-and-set:
        a join can never land on a game that started, or erase a seat taken meanwhile)."""
        sql, params = _game_update(game_id, fields)
        sql += " AND status = 'lobby' AND seats = ?"
        async with self.transaction() as db:
            cursor = await db.execute(sql, (*params, _dumps(expected_seats)))
            return cursor.rowcount == 1

    async def update_game_in(self, db: aiosqlite.Connection | None, game_id: int, **fields: Any) -> None:
        sql, params = _game_update(game_id, fields)
        if db is None:
            async with self.transaction() as tx:
                await tx.execute(sql, params)
        else:
            await db.execute(sql, params)

    # --- the step commit: state + log + deadlines in one transaction -------------------------
    async def _in_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` on the connection's own thread in one hop (aiosqlite 0.22.1 internals,
        pinned; tests/runtime/test_pins.py fails loudly if they move). One hop instead of one
        per statement is what keeps a step's transaction cheap."""
        async with self._lock:
            return await self.db._execute(work, self.db._conn)

    async def _group_commit(self, work: Callable[[sqlite3.Connection], None]) -> None:
        """Write `work` durably. Steps of different games that arrive together share one
        transaction and one fsync (group commit); each runs in its own savepoint, so one that
        fails (a duplicate input) is undone alone and its caller gets the error."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((work, done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        await done

    async def _commit_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                errors = await self._in_thread(partial(_run_batch, [work for work, _ in batch]))
            except BaseException as error:  # the whole transaction failed: nobody's step is saved
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            for (_, done), error in zip(batch, errors, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)

    async def commit_step(
        self,
        game_id: int,
        *,
        game_fields: dict[str, Any],
        actions: list[ActionRow],
        events: list[EventRow],
        deadlines: list[DeadlineRow] | None = None,
        keep_prompts: list[str] | None = None,
        undo_from_step: int | None = None,
        shift_deadlines: float | None = None,
        deliveries: list[DeliveryRow] | None = None,
    ) -> None:
        """Write one step atomically. `actions`/`events` get their seq numbers here, `deliveries`
        (what the step must show in Discord) their ids.

        `deadlines` are inserted (existing rows for the same prompt kept, so a deadline is not
        restarted by an unrelated action); rows for prompts not in `keep_prompts` are dropped.
        `shift_deadlines` moves the game's existing deadlines (and reminders) by that many seconds
        in the same transaction (a moderator's pause, resume or extension).
        """
        game_sql, game_params = _game_update(game_id, game_fields) if game_fields else ("", ())

        def work(db: sqlite3.Connection) -> None:
            if undo_from_step is not None:
                db.execute(
                    "UPDATE actions SET undone = 1 WHERE game_id = ? AND kind = 'play' AND step >= ?",
                    (game_id, undo_from_step),
                )
                _undo_deliveries(db, game_id, undo_from_step)
            _insert_deliveries(db, deliveries or [])
            action_seq = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            event_seq = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            for action in actions:
                action_seq += 1
                action.seq = action_seq
            db.executemany(
                "INSERT INTO actions (game_id, seq, kind, step, seat, actor_id, payload, by_bot, input_key,"
                " at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [(game_id, a.seq, a.kind, a.step, a.seat, a.actor_id, _dumps(a.payload), int(a.by_bot),
                  a.input_key, a.at) for a in actions],
            )
            for event in events:
                event_seq += 1
                event.seq = event_seq
                if event.action_seq is None and actions:
                    event.action_seq = actions[-1].seq
            db.executemany(
                "INSERT INTO events (game_id, seq, action_seq, key, params, audience, at)"
                " VALUES (?,?,?,?,?,?,?)",
                [(game_id, e.seq, e.action_seq, e.key, _dumps(e.params),
                  None if e.audience is None else _dumps(e.audience), e.at) for e in events],
            )
            if shift_deadlines:
                db.execute(
                    "UPDATE deadlines SET due = due + ?, remind_at = remind_at + ? WHERE game_id = ?",
                    (shift_deadlines, shift_deadlines, game_id),
                )
            if keep_prompts is not None:
                marks = ",".join("?" * len(keep_prompts))
                db.execute(
                    f"DELETE FROM deadlines WHERE game_id = ? AND prompt_id NOT IN ({marks})",
                    (game_id, *keep_prompts),
                )
            if deadlines:
                db.executemany(
                    "INSERT OR IGNORE INTO deadlines (game_id, prompt_id, seat, due, remind_at)"
                    " VALUES (?,?,?,?,?)",
                    [(d.game_id, d.prompt_id, d.seat, d.due, d.remind_at) for d in deadlines],
                )
            if game_sql:
                db.execute(game_sql, game_params)

        await self._group_commit(work)

    # --- the outbox (deliveries) ----------------------------------------------------------------
    async def add_deliveries(self, rows: list[DeliveryRow]) -> None:
        """Deliveries that are not part of a step (a reminder, prompts a seat change calls for)."""
        if rows:
            await self._group_commit(partial(_insert_deliveries, rows=rows))

    async def claim_deliveries(self, ids: list[int], batch: int) -> None:
        """Record, before sending, which rows go into one Discord message (`batch` is its nonce)."""

        def work(db: sqlite3.Connection) -> None:
            db.executemany("UPDATE deliveries SET batch = ? WHERE id = ?", [(batch, i) for i in ids])

        await self._group_commit(work)

    async def finish_deliveries(
        self, ids: list[int], *, state: int = DELIVERY_SENT, prompts: Iterable[tuple[int, str, int, int]] = ()
    ) -> None:
        """Mark rows sent (or dropped); a prompt's message is recorded in the same transaction."""

        def work(db: sqlite3.Connection) -> None:
            db.executemany("UPDATE deliveries SET state = ? WHERE id = ?", [(state, i) for i in ids])
            db.executemany(
                "INSERT OR REPLACE INTO prompt_messages (game_id, prompt_id, channel_id, message_id, failed)"
                " VALUES (?,?,?,?,0)",
                prompts,
            )

        await self._group_commit(work)

    async def waiting_deliveries(self) -> list[DeliveryRow]:
        """Every row not yet sent, oldest first (start-up)."""
        rows = await self._fetchall(
            "SELECT id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch FROM deliveries"
            " WHERE state = 0 ORDER BY id"
        )
        return [
            DeliveryRow(game_id=r[1], step=r[2], kind=r[3], channel_id=r[4], user_id=r[5], body=json.loads(r[6]),
                        prompt_id=r[7], id=r[0], batch=r[8])
            for r in rows
        ]

    async def posted_prompts(self) -> dict[int, set[tuple[str, int | None]]]:
        """(prompt, member) pairs already queued for posting, by running game (for games from
        before the outbox: the prompts recorded as sent, member unknown)."""
        posted: dict[int, set[tuple[str, int | None]]] = {}
        for game_id, prompt_id, user_id in await self._fetchall(
            "SELECT d.game_id, d.prompt_id, json_extract(d.body, '$.user') FROM deliveries d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'running' AND d.prompt_id IS NOT NULL"
        ):
            posted.setdefault(game_id, set()).add((prompt_id, user_id))
        for game_id, prompt_id in await self._fetchall(
            "SELECT p.game_id, p.prompt_id FROM prompt_messages p JOIN games g ON g.id = p.game_id"
            " WHERE g.status = 'running' AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.game_id = p.game_id)"
        ):
            posted.setdefault(game_id, set()).add((prompt_id, None))
        return posted

    async def prune_deliveries(self) -> int:
        """Forget the delivered rows of games that are over (start-up housekeeping)."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM deliveries WHERE state != 0 AND game_id IN"
                " (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))"
            )
            return cursor.rowcount

    async def input_seen(self, game_id: int, input_key: str) -> bool:
        rows = await self._fetchall(
            "SELECT 1 FROM actions WHERE game_id = ? AND input_key = ?", (game_id, input_key)
        )
        return bool(rows)

    # --- logs -------------------------------------------------------------------------------
    async def actions(self, game_id: int, *, kind: str | None = None, live_only: bool = False) -> list[ActionRow]:
        sql = "SELECT seq, kind, step, seat, actor_id, payload, by_bot, input_key, undone, at FROM actions"
        sql += " WHERE game_id = ?"
        params: list[Any] = [game_id]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        if live_only:
            sql += " AND undone = 0"
        rows = await self._fetchall(sql + " ORDER BY seq", params)
        return [
            ActionRow(seq=r[0], kind=r[1], step=r[2], seat=r[3], actor_id=r[4], payload=json.loads(r[5]),
                      by_bot=bool(r[6]), input_key=r[7], undone=bool(r[8]), at=r[9])
            for r in rows
        ]

    async def events(self, game_id: int) -> list[EventRow]:
        rows = await self._fetchall(
            "SELECT seq, action_seq, key, params, audience, at FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            EventRow(seq=r[0], action_seq=r[1], key=r[2], params=json.loads(r[3]),
                     audience=None if r[4] is None else json.loads(r[4]), at=r[5])
            for r in rows
        ]

    # --- deadlines --------------------------------------------------------------------------
    async def deadlines(self, game_id: int | None = None) -> list[DeadlineRow]:
        sql = "SELECT d.game_id, d.prompt_id, d.seat, d.due, d.remind_at, d.reminded FROM deadlines d"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE d.game_id = ?"
            params = (game_id,)
        rows = await self._fetchall(sql + " ORDER BY d.due", params)
        return [DeadlineRow(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def all_dues(self) -> dict[int, dict[str, float]]:
        """Every deadline, by game and prompt (start-up: one query for all games)."""
        dues: dict[int, dict[str, float]] = {}
        for game_id, prompt_id, due in await self._fetchall("SELECT game_id, prompt_id, due FROM deadlines"):
            dues.setdefault(game_id, {})[prompt_id] = due
        return dues

    async def next_wake_time(self) -> float | None:
        rows = await self._fetchall(
            "SELECT MIN(CASE WHEN d.reminded = 0 AND d.remind_at IS NOT NULL AND d.remind_at < d.due"
            " THEN d.remind_at ELSE d.due END) FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running'"
        )
        return rows[0][0] if rows and rows[0][0] is not None else None

    async def due_deadlines(self, now: float) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT d.game_id, d.prompt_id, d.seat, d.due, d.remind_at, d.reminded FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE g.paused = 0 AND g.status = 'running' AND d.due <= ?"
            " ORDER BY d.due",
            (now,),
        )
        return [DeadlineRow(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def due_reminders(self, now: float) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT d.game_id, d.prompt_id, d.seat, d.due, d.remind_at, d.reminded FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE g.paused = 0 AND g.status = 'running'"
            " AND d.reminded = 0 AND d.remind_at IS NOT NULL AND d.remind_at <= ? AND d.due > ?"
            " ORDER BY d.remind_at",
            (now, now),
        )
        return [DeadlineRow(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def mark_reminded(self, game_id: int, prompt_id: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND prompt_id = ?", (game_id, prompt_id)
            )

    async def shift_deadlines(self, game_id: int, seconds: float, *, prompt_ids: list[str] | None = None) -> None:
        """Move deadlines (and their reminders) by `seconds`: extending, pausing and resuming."""
        sql = "UPDATE deadlines SET due = due + ?, remind_at = remind_at + ? WHERE game_id = ?"
        params: list[Any] = [seconds, seconds, game_id]
        if prompt_ids is not None:
            sql += f" AND prompt_id IN ({','.join('?' * len(prompt_ids))})"
            params += prompt_ids
        async with self.transaction() as db:
            await db.execute(sql, params)

    async def set_deadline_due(self, game_id: int, due: float) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE deadlines SET due = ? WHERE game_id = ?", (due, game_id))

    # --- where prompts were sent ----------------------------------------------------------------
    async def record_prompt_message(
        self, game_id: int, prompt_id: str, channel_id: int | None, message_id: int | None, *, failed: bool = False
    ) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO prompt_messages (game_id, prompt_id, channel_id, message_id, failed)"
                " VALUES (?,?,?,?,?)",
                (game_id, prompt_id, channel_id, message_id, int(failed)),
            )

    async def prompt_messages(self) -> list[tuple[int, str, int, int]]:
        """(game, prompt, channel, message) of the running games' posted prompts, oldest first."""
        rows = await self._fetchall(
            "SELECT p.game_id, p.prompt_id, p.channel_id, p.message_id FROM prompt_messages p"
            " JOIN games g ON g.id = p.game_id WHERE g.status = 'running' AND p.message_id IS NOT NULL"
            " ORDER BY p.rowid"
        )
        return [(int(r[0]), str(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def sent_prompts(self, game_id: int) -> set[str]:
        rows = await self._fetchall("SELECT prompt_id FROM prompt_messages WHERE game_id = ?", (game_id,))
        return {r[0] for r in rows}

    # --- per-server settings and results ------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._fetchall(
            "SELECT language, gm_role_id, deadlines, absent_after FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if not rows:
            return {"language": None, "gm_role_id": None, "deadlines": {}, "absent_after": 0}
        language, role, deadlines, absent_after = rows[0]
        return {"language": language, "gm_role_id": role, "deadlines": json.loads(deadlines),
                "absent_after": int(absent_after)}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, gm_role_id, deadlines, absent_after)"
                " VALUES (?,?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,"
                " gm_role_id = excluded.gm_role_id, deadlines = excluded.deadlines,"
                " absent_after = excluded.absent_after",
                (guild_id, settings.get("language"), settings.get("gm_role_id"),
                 _dumps(settings.get("deadlines") or {}), int(settings.get("absent_after") or 0)),
            )

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[tuple[int, int, int, int]]:
        """(user_id, total score, games, wins) best first."""
        return [
            (r[0], r[1], r[2], r[3])
            for r in await self._fetchall(
                "SELECT user_id, SUM(score), COUNT(*), SUM(won) FROM results WHERE guild_id = ? AND game = ?"
                " AND user_id IS NOT NULL GROUP BY user_id ORDER BY SUM(score) DESC LIMIT ?",
                (guild_id, game, limit),
            )
        ]


    async def player_results(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, list[str] | None]]:
        """(game, score, won, roles) of every finished game `user_id` played on the server."""
        rows = await self._fetchall(
            "SELECT game, score, won, roles FROM results WHERE guild_id = ? AND user_id = ? ORDER BY at",
            (guild_id, user_id),
        )
        return [(str(r[0]), int(r[1]), int(r[2]), None if r[3] is None else json.loads(r[3])) for r in rows]

    async def finished_games(self, guild_id: int, *, limit: int, offset: int = 0) -> tuple[list[GameRow], int]:
        """A page of the server's finished games, newest first, and how many there are in all."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        count = await self._fetchall(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished'", (guild_id,)
        )
        return [_game_row(r) for r in rows], int(count[0][0])

    async def game_results(self, game_id: int) -> list[tuple[int, int | None, int, int]]:
        """(seat, user_id, score, won) of a finished game, by seat."""
        rows = await self._fetchall(
            "SELECT seat, user_id, score, won FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows]


def _run_batch(works: list[Callable[[sqlite3.Connection], None]], db: sqlite3.Connection) -> list[Exception | None]:
    """One transaction, a savepoint per step, one COMMIT (on the connection's thread)."""
    errors: list[Exception | None] = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for work in works:
            db.execute("SAVEPOINT step")
            try:
                work(db)
            except Exception as error:
                db.execute("ROLLBACK TO step")
                errors.append(error)
            else:
                errors.append(None)
            db.execute("RELEASE step")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return errors


def _insert_deliveries(db: sqlite3.Connection, rows: list[DeliveryRow]) -> None:
    for row in rows:
        cursor = db.execute(
            "INSERT INTO deliveries (game_id, step, kind, channel_id, user_id, body, prompt_id)"
            " VALUES (?,?,?,?,?,?,?)",
            (row.game_id, row.step, row.kind, row.channel_id, row.user_id, _dumps(row.body), row.prompt_id),
        )
        assert cursor.lastrowid is not None
        row.id = int(cursor.lastrowid)


def _undo_deliveries(db: sqlite3.Connection, game_id: int, to_step: int) -> None:
    """A rollback: what was still waiting from the undone steps is dropped, and every prompt counts
    as not posted (a reopened prompt is posted again)."""
    db.execute(
        "UPDATE deliveries SET state = 2 WHERE game_id = ? AND state = 0 AND batch IS NULL AND step > ?",
        (game_id, to_step),
    )
    db.execute("UPDATE deliveries SET prompt_id = NULL WHERE game_id = ? AND prompt_id IS NOT NULL", (game_id,))
    db.execute("DELETE FROM prompt_messages WHERE game_id = ?", (game_id,))


def _game_update(game_id: int, fields: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    encoded = {
        k: (_dumps(v) if k in ("options", "seats", "meta") else int(v) if k == "paused" else v)
        for k, v in fields.items()
    }
    encoded["updated_at"] = time.time()
    assignments = ", ".join(f"{k} = ?" for k in encoded)
    return f"UPDATE games SET {assignments} WHERE id = ?", (*encoded.values(), game_id)


async def _probe_write(connection: aiosqlite.Connection) -> None:
    """Take the write lock and write (a table, rolled back): fails now if another process holds the
    lock or the file or its folder is read-only."""
    await connection.execute("BEGIN IMMEDIATE")
    try:
        await connection.execute("CREATE TABLE _startup_write_probe (x INTEGER)")
    finally:
        await connection.execute("ROLLBACK")


DELIVERY_KINDS_MIGRATION = 6
"""006 rebuilds the deliveries table, copying every column of the released 004."""


async def _deliveries_prompt_id(db: aiosqlite.Connection) -> None:
    """A deliveries table made by a pre-release 004 lacks `prompt_id`: add it, so 006 can copy the table."""
    async with db.execute("SELECT name FROM pragma_table_info('deliveries')") as cursor:
        columns = {row[0] for row in await cursor.fetchall()}
    if columns and "prompt_id" not in columns:
        await db.execute("ALTER TABLE deliveries ADD COLUMN prompt_id TEXT")


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]

