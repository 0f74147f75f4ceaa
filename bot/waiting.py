"""One way to wait for an event for a limited time (or while the task that sets it runs), one way to stop a task,
one way to space tries after failures, and an event that says how soon it matters.

`asyncio.wait_for(event.wait(), seconds)` on Python 3.11 swallows a cancellation that comes in the same
loop pass as the event (gh-86296): the cancelled task carries on as if woken. A task stopped that way
and then awaited (a graceful stop) can wait for ever. `asyncio.timeout` keeps the two apart, and it
makes no task of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from typing import Any


async def wait_at_most(event: asyncio.Event, seconds: float) -> bool:
    """Wait until `event` is set or `seconds` pass: whether it is set."""
    if event.is_set():
        return True
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()
    return event.is_set()


async def wait_while_running(event: asyncio.Event, task: asyncio.Task[Any] | None) -> bool:
    """Wait until `event` is set or `task`, which would set it, has ended (or there is none): whether it is set.
    Never for ever: a stopped task sets nothing (an outbox closed with its queue full, at a test's end)."""
    if event.is_set() or task is None or task.done():
        return event.is_set()
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiter, task}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
    return event.is_set()


async def stop_task(task: asyncio.Task[Any] | None) -> None:
    """Cancel `task` and wait until it has stopped. Its cancellation is not an error; the caller's own is
    (a stop that is itself cancelled goes on being cancelled), and so is anything else the task raised."""
    if task is None:
        return
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise


def doubling(failures: int, first: float, most: float) -> float:
    """Seconds before the next try after `failures` failures in a row: `first`, then twice as long each time, at
    most `most`."""
    return min(most, first * 2 ** max(0, failures - 1))


class Alarm(asyncio.Event):
    """An event that also says how soon what set it falls due: `set(at)` with a time; `take()` clears it
    and gives the earliest since it was last taken (-inf when it was set without one: anything may have
    changed). The deadline scheduler, woken by a step that saved a deadline later than its next wake-up,
    sleeps on."""

    def __init__(self) -> None:
        super().__init__()
        self._earliest = math.inf

    def set(self, at: float = -math.inf) -> None:
        self._earliest = min(self._earliest, at)
        super().set()

    def take(self) -> float:
        self.clear()
        earliest, self._earliest = self._earliest, math.inf
        return earliest
