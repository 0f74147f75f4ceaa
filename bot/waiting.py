"""One way to wait for an event for a limited time.

`asyncio.wait_for(event.wait(), seconds)` on Python 3.11 swallows a cancellation that comes in the same
loop pass as the event (gh-86296): the cancelled task carries on as if woken. A task stopped that way
and then awaited (a graceful stop) can wait for ever. `asyncio.timeout` keeps the two apart, and it
makes no task of its own.
"""

from __future__ import annotations

import asyncio
import contextlib


async def wait_at_most(event: asyncio.Event, seconds: float) -> bool:
    """Wait until `event` is set or `seconds` pass: whether it is set."""
    if event.is_set():
        return True
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()
    return event.is_set()
