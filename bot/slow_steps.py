"""What holds the event loop: an opt-in diagnostic (`SLOW_STEP_MS`, off by default).

Every interaction a process answers waits while its event loop runs something else, so the slowest first responses
are mostly other work's long steps (a deadline's step, a big delivery packed, a game parsed). With SLOW_STEP_MS set,
each callback the loop runs for longer than that many milliseconds is logged at WARNING: how long (and how much of it
the thread spent on a core: the rest it waited for one, other processes busy), for a task's
step the task's coroutine with where the step began and where it stopped (the innermost awaiting frames), and what
the loop's thread was running while the step went on: a watching thread looks at its stack each SLOW_STEP_MS of
the step (`sys._current_frames`), which names the code that held the loop. asyncio's own debug mode says less and
slows every coroutine; this costs two clock reads and two frame walks per callback, and nothing at all when off.

It wraps `asyncio.events.Handle._run` (pure Python in CPython 3.11–3.13: the loop runs every callback and timer
through it); tests/runtime/test_slow_steps.py fails loudly if that moves. A garbage collection longer than
SLOW_STEP_MS is logged too (`gc.callbacks`): its generation, how much of it was on a core, what it freed, and the
thread it ran in (any thread's collection holds the interpreter, so the loop waits for it).
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
import time
import traceback
from asyncio import events
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

log = logging.getLogger(__name__)

SAMPLES_AT_MOST = 8
"""Stacks looked at in one long step (one each SLOW_STEP_MS of it)."""
FRAMES_SHOWN = 6
"""The innermost frames of a sampled stack that are shown (the loop's own frames left out)."""

_original: Callable[[events.Handle], None] | None = None
_watcher: _Watcher | None = None
_collection_began: tuple[float, float] = (0.0, 0.0)
_collection_limit = 0.0


def place(frame: FrameType, line: int | None = None) -> str:
    path = "/".join(frame.f_code.co_filename.rsplit("/", 2)[-2:])
    return f"{path}:{frame.f_lineno if line is None else line} {frame.f_code.co_name}"


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
    return place(last)


def describe(handle: events.Handle, began: str) -> str:
    callback = handle._callback  # type: ignore[attr-defined]
    task = getattr(callback, "__self__", None)
    if task is not None and hasattr(task, "get_coro"):
        coro = task.get_coro()
        return f"task {getattr(coro, '__qualname__', coro)!s}: from {began} to {where(task)}"
    return getattr(callback, "__qualname__", None) or repr(callback)


def stack_of(frame: FrameType | None) -> str:
    """The innermost FRAMES_SHOWN frames of a stack, innermost first, asyncio's and this module's left out."""
    shown: list[str] = []
    for summary in reversed(traceback.extract_stack(frame)):
        if "/asyncio/" in summary.filename or summary.filename == __file__:
            continue
        path = "/".join(summary.filename.rsplit("/", 2)[-2:])
        shown.append(f"{path}:{summary.lineno} {summary.name}")
        if len(shown) == FRAMES_SHOWN:
            break
    return " < ".join(shown)


class _Watcher(threading.Thread):
    """Looks at the loop thread's stack each `every` seconds while one step has run longer than that."""

    def __init__(self, loop_thread: int, every: float) -> None:
        super().__init__(name="slow-steps", daemon=True)
        self.loop_thread = loop_thread
        self.every = every
        self.step = 0
        """Steps begun so far (0: none running)."""
        self.began = 0.0
        self.running = False
        self.samples: dict[int, Counter[str]] = {}
        """Step number → the stacks seen while it ran (taken by the loop thread at the step's end)."""
        self._stop = threading.Event()

    def run(self) -> None:
        while not self._stop.wait(self.every):
            step, began, running = self.step, self.began, self.running
            if not running or time.perf_counter() - began < self.every:
                continue
            seen = self.samples.setdefault(step, Counter())
            if sum(seen.values()) < SAMPLES_AT_MOST:
                seen[stack_of(sys._current_frames().get(self.loop_thread))] += 1
            if self.step != step:  # it ended meanwhile: nobody takes these
                self.samples.pop(step, None)

    def stop(self) -> None:
        self._stop.set()


def _timed_collection(phase: str, info: dict[str, Any]) -> None:
    """gc.callbacks' hook while watching: a collection longer than the threshold is logged."""
    global _collection_began
    if phase == "start":
        _collection_began = (time.perf_counter(), time.thread_time())
        return
    took = time.perf_counter() - _collection_began[0]
    if took > _collection_limit:
        log.warning("a garbage collection of generation %s held the interpreter %.0f ms (%.0f ms of it on a core) in"
                    " thread %s: %s objects freed", info.get("generation"), took * 1000.0,
                    (time.thread_time() - _collection_began[1]) * 1000.0, threading.current_thread().name,
                    info.get("collected"))


def watch(threshold_ms: float) -> bool:
    """Log every event-loop callback of this thread longer than `threshold_ms` from now on (once per process; False
    if already)."""
    global _original, _watcher
    if _original is not None:
        return False
    original = _original = events.Handle._run
    limit = threshold_ms / 1000.0
    watcher = _watcher = _Watcher(threading.get_ident(), limit)
    watcher.start()
    global _collection_limit
    _collection_limit = limit
    gc.callbacks.append(_timed_collection)

    def timed(handle: events.Handle) -> None:
        task = getattr(handle._callback, "__self__", None)  # type: ignore[attr-defined]
        began = where(task) if task is not None and hasattr(task, "get_coro") else ""
        watcher.step += 1
        step = watcher.step
        start = watcher.began = time.perf_counter()
        cpu = time.thread_time()
        watcher.running = True
        try:
            original(handle)
        finally:
            watcher.running = False
            took = time.perf_counter() - start
            seen = watcher.samples.pop(step, None)
            if took > limit:
                running = "; ".join(f"{n}× {stack}" for stack, n in seen.most_common()) if seen else "not sampled"
                log.warning("the event loop was held %.0f ms (%.0f ms of it on a core) by %s; running: %s",
                            took * 1000.0, (time.thread_time() - cpu) * 1000.0, describe(handle, began), running)

    events.Handle._run = timed  # type: ignore[method-assign]
    log.info("logging event-loop steps longer than %s ms (SLOW_STEP_MS)", threshold_ms)
    return True


def unwatch() -> None:
    """Back to the loop's own callback runner (tests)."""
    global _original, _watcher
    if _original is not None:
        events.Handle._run = _original  # type: ignore[method-assign]
        _original = None
    if _watcher is not None:
        _watcher.stop()
        _watcher = None
    if _timed_collection in gc.callbacks:
        gc.callbacks.remove(_timed_collection)
