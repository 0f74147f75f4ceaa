"""A PostgreSQL write cancelled mid-statement (a time-out, a task cancelled while the server restarts) must not
leave its connection to the next writes: asyncpg then still waits for the statement's end, and its cancel request
may reach the server after the next statement began. The scale run's PostgreSQL restart showed asyncpg's
"cannot switch to state …; another operation is in progress" on the writer connection, and the writes after it
failed ("current transaction is aborted") although the database was back. The connection is dropped and the next
write opens another."""

from __future__ import annotations

import asyncio
import contextlib

from bot.storage import open_storage
from bot.storage.postgres import PostgresStorage
from bot.storage.program import Rows, Run
from tests.runtime.databases import PostgresDatabase

CANCEL_AFTER = [0.0, 0.001, 0.002, 0.003, 0.004, 0.006, 0.008, 0.011]
"""Seconds after a write starts that it is cancelled: before, during and between its statements."""


async def cancelled(work: asyncio.Future[object] | asyncio.Task[object], after: float, *, twice: bool) -> None:
    await asyncio.sleep(after)
    work.cancel()
    if twice:  # cancelled again while it rolls back (a shutdown after a time-out)
        await asyncio.sleep(0.001)
        work.cancel()
    with contextlib.suppress(BaseException):  # cancelled, or failed: what matters is the write after it
        await work


async def test_a_transaction_cancelled_mid_statement_leaves_the_next_ones_working(postgres: PostgresDatabase) -> None:
    storage = await open_storage(postgres.target)
    assert isinstance(storage, PostgresStorage)
    try:
        game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                            language="en")

        async def slow_write() -> None:
            async with storage.transaction() as tx:
                for _ in range(4):
                    await tx.execute("SELECT pg_sleep(0.002)")

        for twice in (False, True):
            for after in CANCEL_AFTER:
                await cancelled(asyncio.create_task(slow_write()), after, twice=twice)
                async with storage.transaction() as tx:
                    await tx.execute("UPDATE games SET step = step + 1 WHERE id = ?", (game_id,))
        assert (await storage.load_game(game_id)).step == 2 * len(CANCEL_AFTER)  # type: ignore[union-attr]
    finally:
        await storage.close()


async def test_a_group_commit_cancelled_mid_statement_leaves_its_committer_working(postgres: PostgresDatabase) -> None:
    storage = await open_storage(postgres.target)
    assert isinstance(storage, PostgresStorage)
    try:
        game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                            language="en")

        def slow():  # type: ignore[no-untyped-def]
            for _ in range(4):
                yield Rows("SELECT pg_sleep(0.002)")

        def step():  # type: ignore[no-untyped-def]
            yield Run("UPDATE games SET step = step + 1 WHERE id = ?", (game_id,))

        for twice in (False, True):
            for after in CANCEL_AFTER:
                await cancelled(asyncio.create_task(storage._run_on_a_committer([slow, slow])), after, twice=twice)
                for _ in range(2):  # on every committer
                    await storage._write(step)
        assert (await storage.load_game(game_id)).step == 4 * len(CANCEL_AFTER)  # type: ignore[union-attr]
    finally:
        await storage.close()
