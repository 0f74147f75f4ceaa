"""What holds the event loop: an opt-in diagnostic (`SLOW_STEP_MS`, off by default).

Every interaction a process answers waits while its event loop runs something else, so the slowest first responses
are mostly other work's long steps (a deadline's step, a big delivery packed, a game parsed). With SLOW_STEP_MS set,
each callback the loop runs for longer than that many milliseconds is logged at WARNING: how long, and for a task's
step the task's coroutine with where the step began and where it stopped (the innermost awaiting frames), which
names the code that held the loop. asyncio's own debug mode says as much but slows every coroutine; this costs a
clock read and two frame walks per callback, and nothing at all when off.

It wraps `asyncio.events.Handle._run` (pure Python in CPython 3.11–3.13: the loop runs every callback and timer
through it); tests/runtime/test_slow_steps.py fails loudly if that moves.
"""

from __future__ import annotations

import logging
import time
from asyncio import events
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

_original: Callable[[events.Handle], None] | None = None


def where(task: Any) -> str:
    """The innermost frame a task's coroutine is at (file:line function), asyncio's own left out (a `sleep(0)`
    says nothing of who slept), or what it is if it has none."""
    coro = task.get_coro() if hasattr(task, "get_coro") else None
    frame_owner, last = coro, None
    while frame_owner is not None:
        frame = getattr(frame_owner, "cr_frame", None) or getattr(frame_owner, "gi_frame", None)
        if frame is None:
            break
        if "/asyncio/" not in frame.f_code.co_filename or last is None:
            last = frame
        frame_owner = getattr(frame_owner, "cr_await", None) or getattr(frame_owner, "gi_yieldfrom", None)
    if last is None:
        return getattr(coro, "__qualname__", repr(coro))
    place = "/".join(last.f_code.co_filename.rsplit("/", 2)[-2:])
    return f"{place}:{last.f_lineno} {last.f_code.co_name}"


def describe(handle: events.Handle, began: str) -> str:
    callback = handle._callback  # type: ignore[attr-defined]
    task = getattr(callback, "__self__", None)
    if task is not None and hasattr(task, "get_coro"):
        coro = task.get_coro()
        return f"task {getattr(coro, '__qualname__', coro)!s}: from {began} to {where(task)}"
    return getattr(callback, "__qualname__", None) or repr(callback)


def watch(threshold_ms: float) -> bool:
    """Log every event-loop callback longer than `threshold_ms` from now on (once per process; False if already)."""
    global _original
    if _original is not None:
        return False
    original = _original = events.Handle._run
    limit = threshold_ms / 1000.0

    def timed(handle: events.Handle) -> None:
        task = getattr(handle._callback, "__self__", None)  # type: ignore[attr-defined]
        began = where(task) if task is not None and hasattr(task, "get_coro") else ""
        start = time.perf_counter()
        try:
            original(handle)
        finally:
            took = time.perf_counter() - start
            if took > limit:
                log.warning("the event loop was held %.0f ms by %s", took * 1000.0, describe(handle, began))

    events.Handle._run = timed  # type: ignore[method-assign]
    log.info("logging event-loop steps longer than %s ms (SLOW_STEP_MS)", threshold_ms)
    return True


def unwatch() -> None:
    """Back to the loop's own callback runner (tests)."""
    global _original
    if _original is not None:
        events.Handle._run = _original  # type: ignore[method-assign]
        _original = None
