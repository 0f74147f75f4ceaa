"""Interactions forwarded between bot processes sharing one PostgreSQL database (bot/discord/forwarding.py), the
storage's part of it:

- Which process runs which gateway shard, read from the server's own locks: a process's guard connection holds
  one lock per shard it runs and the lock on its number (postgres_locks.py), so the pairs of one session are its
  shards and its number, alive exactly as long as the process (they end with its connection, however it ends).
- A forwarded interaction's gateway payload goes in a row of `forwarded_interactions` (migration 016, UNLOGGED:
  its commits wait for no disk flush) and its id to the target process by NOTIFY on that process's channel, in
  one statement: a NOTIFY's payload is limited to 8,000 bytes, and a click with its message can be more.
- Its row's id is the interaction's. The target takes it when told, the forwarding process once it stops
  waiting (writing a row it finds missing, the hand-over having failed, as taken by itself): `taken_by` is set
  by whichever comes first, in one statement each, so exactly one of them answers the interaction. Rows are
  dropped a while later (`prune_forwarded`).
- Its three statements (write, take, take back) are each committed alone on a connection of the read pool, not
  through the storage's writer: a forwarded click's first answer waits for two of them, and through the writer each
  waited for a free committer and for the disk flush of the game steps it was group-committed with (the table being
  UNLOGGED, a statement alone waits for none). In a short scale run at 1,000 games (four processes) the forwarded
  clicks' bot's share p99 was 191 and 319 ms through the writer, 124 and 131 ms so. NOTIFY needs no connection of
  its own (it is sent when its statement commits); LISTEN does (`listen_forwarded`). They are not game saves: a
  step's one way to save is untouched.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar, cast

import asyncpg

from bot.storage.postgres_locks import LOST_CONNECTION, PROCESS_SPACE, SHARD_SPACE, open_connection
from bot.storage.program import Program, Rows, Tx, numbered

log = logging.getLogger(__name__)
T = TypeVar("T")

SHARD_PROCESSES = (
    "SELECT s.objid::bigint, p.objid::bigint FROM pg_locks s JOIN pg_locks p ON p.pid = s.pid"
    f" WHERE s.locktype = 'advisory' AND s.granted AND s.objsubid = 2 AND s.classid = {SHARD_SPACE}"
    f" AND p.locktype = 'advisory' AND p.granted AND p.objsubid = 2 AND p.classid = {PROCESS_SPACE}"
    " AND s.database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND p.database = s.database"
)


def _forward(forward_id: int, target: int, payload: str, at: float) -> Program[None]:
    yield Rows(
        "WITH r AS (INSERT INTO forwarded_interactions (id, target, payload, at) VALUES (?, ?, ?, ?) RETURNING id)"
        " SELECT pg_notify(?, r.id::text) FROM r", (forward_id, target, payload, at, channel(target)), only=True,
    )


def _take(forward_id: int, owner: int) -> Program[str | None]:
    rows = yield Rows(
        "UPDATE forwarded_interactions SET taken_by = ? WHERE id = ? AND taken_by IS NULL RETURNING payload",
        (owner, forward_id), only=True,
    )
    return str(rows[0][0]) if rows else None


def _claim(forward_id: int, target: int, at: float, owner: int) -> Program[bool]:
    rows = yield Rows(
        "INSERT INTO forwarded_interactions AS f (id, target, payload, at, taken_by) VALUES (?, ?, '', ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET taken_by = EXCLUDED.taken_by WHERE f.taken_by IS NULL RETURNING f.id",
        (forward_id, target, at, owner), only=True,
    )
    return bool(rows)


def channel(owner: int) -> str:
    """The NOTIFY channel of the bot process numbered `owner`."""
    return f"gm_forward_{owner}"


class ForwardedInteractions:
    """PostgresStorage's forwarding (bot/storage/backend.py says what each method is for)."""

    url: str
    owner: int | None
    shared: bool
    _reads: asyncpg.Pool | None
    _listener: asyncpg.Connection | None = None
    transaction: Callable[[], AbstractAsyncContextManager[Tx]]

    async def shard_processes(self) -> dict[int, int]:
        assert self._reads is not None, "the storage is closed"
        return {int(shard): int(owner) for shard, owner in await self._reads.fetch(SHARD_PROCESSES)}

    async def forward_interaction(self, forward_id: int, target: int, payload: str, at: float) -> bool:
        await self._at_once(_forward(forward_id, target, payload, at))
        return True

    async def take_forwarded(self, forward_id: int) -> str | None:
        assert self.owner is not None, "not a bot process"
        taken: str | None = await self._at_once(_take(forward_id, self.owner))
        return taken

    async def claim_forwarded(self, forward_id: int, target: int, at: float) -> bool:
        assert self.owner is not None, "not a bot process"
        claimed: bool = await self._at_once(_claim(forward_id, target, at, self.owner))
        return claimed

    async def _at_once(self, program: Program[T]) -> T:
        """A hand-over's one statement, committed alone on a connection of the read pool: not behind the group
        commits of game steps (a free committer, then their disk flush), which made a forwarded click's first
        answer wait three commits where another waits one."""
        assert self._reads is not None, "the storage is closed"
        statement = program.send(None)
        assert isinstance(statement, Rows) and statement.only
        rows = [tuple(r) for r in await self._reads.fetch(numbered(statement.sql), *statement.params)]
        try:
            program.send(rows)
        except StopIteration as end:
            return cast(T, end.value)
        raise RuntimeError("a hand-over's program is one statement")

    async def prune_forwarded(self, before: float) -> int:
        async with self.transaction() as tx:
            return await tx.execute("DELETE FROM forwarded_interactions WHERE at < ?", (before,))

    async def listen_forwarded(self, heard: Callable[[int], None]) -> bool:
        if not self.shared or self.owner is None or (self._listener is not None and not self._listener.is_closed()):
            return False

        def notified(connection: Any, pid: int, name: str, payload: str) -> None:
            if payload.isdigit():
                heard(int(payload))

        listener = await open_connection(self.url)
        try:
            await listener.add_listener(channel(self.owner), notified)
        except BaseException:
            listener.terminate()
            raise
        self._listener = listener
        return True

    async def close_listener(self) -> None:
        listener, self._listener = self._listener, None
        if listener is None or listener.is_closed():
            return
        try:
            await listener.close(timeout=5)
        except (TimeoutError, *LOST_CONNECTION):
            listener.terminate()
