"""The group commit: the writes of one loop pass share a transaction, no more than `parallel` are under way,
and a writer resumes on the loop's pass right after its batch is settled (no task in between)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.storage.program import GroupCommit, Outcome, Settle, Write


class Backend:
    """Records the batches started; the test settles them by hand."""

    def __init__(self) -> None:
        self.batches: list[tuple[list[Write[Any]], Settle]] = []

    def submit(self, writes: list[Write[Any]], settle: Settle) -> None:
        self.batches.append((writes, settle))


def write(name: str) -> Write[str]:
    def program() -> Any:
        return name
        yield  # a program: a generator (this one needs no statement)

    return program


def saved(writes: list[Write[Any]]) -> list[Outcome]:
    return [(next_value(w), None) for w in writes]


def next_value(w: Write[Any]) -> Any:
    try:
        next(w())
    except StopIteration as done:
        return done.value
    raise AssertionError("the test's programs run no statement")


async def test_the_writes_of_one_pass_share_a_batch_and_each_writer_resumes_right_after_it() -> None:
    backend = Backend()
    commits = GroupCommit(backend.submit, parallel=1)
    writers = [asyncio.create_task(commits.write(write(name))) for name in ("ada", "bob")]
    await asyncio.sleep(0)  # the writers queued their writes in this pass
    await asyncio.sleep(0)  # the batch starts on the next
    assert len(backend.batches) == 1 and len(backend.batches[0][0]) == 2
    writes, settle = backend.batches[0]
    settle(saved(writes), None)
    await asyncio.sleep(0)
    assert [w.result() for w in writers if w.done()] == ["ada", "bob"]


async def test_writes_arriving_while_the_batches_are_under_way_wait_and_go_together() -> None:
    backend = Backend()
    commits = GroupCommit(backend.submit, parallel=2)
    first = [asyncio.create_task(commits.write(write("a")))]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    second = [asyncio.create_task(commits.write(write("b")))]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    later = [asyncio.create_task(commits.write(write(name))) for name in ("c", "d")]
    for _ in range(3):
        await asyncio.sleep(0)
    assert [len(writes) for writes, _ in backend.batches] == [1, 1], "no more than two batches under way"
    writes, settle = backend.batches[0]
    settle(saved(writes), None)
    await asyncio.sleep(0)
    assert [len(writes) for writes, _ in backend.batches] == [1, 1, 2]
    for writes, settle in backend.batches[1:]:
        settle(saved(writes), None)
    done = await asyncio.gather(*first, *second, *later)
    assert done == ["a", "b", "c", "d"]
    await commits.drain()


async def test_a_failed_transaction_fails_every_write_in_it() -> None:
    backend = Backend()
    commits = GroupCommit(backend.submit)
    writers = [asyncio.create_task(commits.write(write(name))) for name in ("ada", "bob")]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    backend.batches[0][1](None, OSError("disk full"))
    for writer in writers:
        with pytest.raises(OSError, match="disk full"):
            await writer


async def test_a_write_that_waited_flush_after_in_a_long_pass_starts_its_batch_at_once() -> None:
    """A loop pass that runs long (a burst of interactions): what was queued early in it does not wait for the
    pass's end while the writer has room; the writes so far go together, the later ones at the pass's end."""
    backend = Backend()
    commits = GroupCommit(backend.submit, parallel=2, flush_after=0.01)
    seen: list[int] = []

    async def busy_then_write(name: str) -> str:
        time.sleep(0.02)  # this pass's work so far: longer than flush_after
        return await commits.write(write(name))

    async def look() -> None:
        seen.append(len(backend.batches))

    writers = [asyncio.create_task(commits.write(write("early"))), asyncio.create_task(busy_then_write("late")),
               asyncio.create_task(look()), asyncio.create_task(commits.write(write("last")))]
    await asyncio.sleep(0)  # all four ran in one pass
    assert seen == [1], "the writes that waited went before the pass ended"
    assert [len(writes) for writes, _ in backend.batches] == [2]
    await asyncio.sleep(0)
    assert [len(writes) for writes, _ in backend.batches] == [2, 1], "the rest at the pass's end, as before"
    for writes, settle in backend.batches:
        settle(saved(writes), None)
    assert await asyncio.gather(writers[0], writers[1], writers[3]) == ["early", "late", "last"]
    await commits.drain()


async def test_without_flush_after_a_long_pass_keeps_every_write_for_its_end() -> None:
    backend = Backend()
    commits = GroupCommit(backend.submit, parallel=2)
    seen: list[int] = []

    async def busy_then_write(name: str) -> str:
        time.sleep(0.02)
        return await commits.write(write(name))

    async def look() -> None:
        seen.append(len(backend.batches))

    writers = [asyncio.create_task(commits.write(write("early"))), asyncio.create_task(busy_then_write("late")),
               asyncio.create_task(look())]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert seen == [0] and [len(writes) for writes, _ in backend.batches] == [2]
    backend.batches[0][1](saved(backend.batches[0][0]), None)
    assert await asyncio.gather(*writers[:2]) == ["early", "late"]
