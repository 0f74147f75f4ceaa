"""The group commit: the writes of one loop pass share a transaction, no more than `parallel` are under way,
and a writer resumes on the loop's pass right after its batch is settled (no task in between)."""

from __future__ import annotations

import asyncio
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
