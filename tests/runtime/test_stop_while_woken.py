"""A task stopped in the same moment as it is woken stops: the deadline scheduler's gentle stop (a
SIGTERM mid-step, whose saved step wakes the scheduler) returns, whichever comes first by a pass."""

from __future__ import annotations

import asyncio
import types

import pytest

from bot.scheduler import Scheduler
from bot.waiting import Alarm, stop_task, wait_at_most

PASSES = range(6)
"""Loop passes between the wake-up and the stop: the race lies somewhere in the first few."""


class IdleStorage:
    """Nothing due, nothing to wake for."""

    shared = False

    async def due_reminders(self, now: float) -> list[object]:
        return []

    async def due_deadlines(self, now: float) -> list[object]:
        return []

    async def next_wake_time(self) -> float | None:
        return None


async def passes(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.parametrize("between", PASSES)
async def test_a_gentle_stop_returns_when_a_step_wakes_the_scheduler_at_that_moment(between: int) -> None:
    table = types.SimpleNamespace(storage=IdleStorage(), deadlines_changed=Alarm(), clock=lambda: 0.0)
    scheduler = Scheduler(table)  # type: ignore[arg-type]
    scheduler.start()
    await passes(10)  # asleep until deadlines change
    table.deadlines_changed.set()  # a step saved new deadlines
    await passes(between)
    stopping = asyncio.create_task(scheduler.stop(gently=True))
    done, _ = await asyncio.wait({stopping}, timeout=2)
    assert stopping in done, "the gentle stop waits for ever for a scheduler that never stopped"


@pytest.mark.parametrize("between", PASSES)
async def test_a_wait_cancelled_as_its_event_is_set_is_cancelled(between: int) -> None:
    event = asyncio.Event()
    waiter = asyncio.create_task(wait_at_most(event, 60))
    await passes(3)
    event.set()
    await passes(between)
    cancelled = waiter.cancel()
    try:
        woken = await waiter
    except asyncio.CancelledError:
        return
    assert not cancelled, "a cancellation that was taken must not be swallowed"
    assert woken


async def test_stopping_a_task_waits_for_it_and_is_not_an_error() -> None:
    cleaned: list[str] = []

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        finally:
            cleaned.append("cleaned up")

    task = asyncio.create_task(forever())
    await passes(2)
    await stop_task(task)
    assert task.cancelled() and cleaned == ["cleaned up"]
    await stop_task(None)  # nothing started: nothing to stop


async def test_a_stop_that_is_itself_cancelled_stays_cancelled() -> None:
    async def slow_to_stop() -> None:
        try:
            await asyncio.sleep(3600)
        finally:
            await asyncio.sleep(3600)  # its clean-up takes long: the stopper is cancelled meanwhile

    task = asyncio.create_task(slow_to_stop())
    await passes(2)
    stopper = asyncio.create_task(stop_task(task))
    await passes(2)
    stopper.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stopper
    assert stopper.cancelled(), "the stopper's own cancellation was swallowed"
    task.cancel()


async def test_what_a_stopped_task_raised_reaches_its_stopper() -> None:
    async def broken() -> None:
        raise LookupError("broken")

    task = asyncio.create_task(broken())
    await passes(2)
    with pytest.raises(LookupError):
        await stop_task(task)
