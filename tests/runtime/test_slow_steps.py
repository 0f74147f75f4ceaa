"""SLOW_STEP_MS: an event-loop step longer than the threshold is logged with the code that ran it, and a garbage
collection longer than it with what it freed."""

from __future__ import annotations

import asyncio
import gc
import inspect
import logging
import time
from asyncio import base_events, events
from collections.abc import Iterator

import pytest

from bot import slow_steps


@pytest.fixture
def watched() -> Iterator[None]:
    assert slow_steps.watch(20)
    try:
        yield
    finally:
        slow_steps.unwatch()


def hold_the_loop(at_least: float = 0.05, at_most: float = 5.0) -> None:
    """Hold the loop as a long synchronous step would: `at_least` seconds, and on until the watcher's thread has
    looked at it (on a loaded machine that thread may wake later than the step's 50 ms: "not sampled")."""
    began = time.perf_counter()
    while (held := time.perf_counter() - began) < at_least or (
            slow_steps._watcher is not None and not slow_steps._watcher.samples.get(slow_steps._watcher.step)
            and held < at_most):
        time.sleep(0.005)


async def resolving_the_night() -> None:
    await asyncio.sleep(0)
    hold_the_loop()
    await asyncio.sleep(0)


async def answering_a_click() -> None:
    await asyncio.sleep(0)


async def test_a_step_that_holds_the_loop_is_logged_with_its_coroutine_and_where_it_ran(
        watched: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.slow_steps"):
        await asyncio.create_task(resolving_the_night())
    [record] = [r for r in caplog.records if r.name == "bot.slow_steps"]
    said = record.getMessage()
    assert said.startswith("the event loop was held ")
    held, running = said.split("; running: ")
    assert "task resolving_the_night: from runtime/test_slow_steps.py:" in held
    assert held.endswith("resolving_the_night")
    assert "runtime/test_slow_steps.py:" in running and "resolving_the_night" in running


async def test_a_quick_step_is_not_logged(watched: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.slow_steps"):
        await asyncio.create_task(answering_a_click())
    assert [r for r in caplog.records if r.name == "bot.slow_steps"] == []


def test_a_garbage_collection_longer_than_the_threshold_is_logged_with_what_it_freed(
        caplog: pytest.LogCaptureFixture) -> None:
    assert slow_steps.watch(0.001)  # a microsecond: any collection is longer
    try:
        with caplog.at_level(logging.WARNING, logger="bot.slow_steps"):
            cycle: list[object] = []
            cycle.append(cycle)
            del cycle  # garbage only the collector frees
            gc.collect()
    finally:
        slow_steps.unwatch()
    [said] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("a garbage collection")]
    assert said.startswith("a garbage collection of generation 2 held the interpreter ")
    assert "of it on a core) in thread MainThread: " in said
    assert int(said.rsplit(": ", 1)[1].split()[0]) >= 1, "the cycle was freed"
    assert slow_steps._timed_collection not in gc.callbacks, "unwatched: collections are not timed"


def test_watching_twice_wraps_once_and_unwatching_restores_the_loops_own_runner() -> None:
    own = events.Handle._run
    assert slow_steps.watch(20)
    assert not slow_steps.watch(20)
    slow_steps.unwatch()
    assert events.Handle._run is own


def test_the_loop_still_runs_every_callback_through_handle_run() -> None:
    """The diagnostic wraps this asyncio internal: if Python moves it, this fails rather than the log going quiet."""
    assert inspect.isfunction(events.Handle._run)
    assert "handle._run()" in inspect.getsource(base_events.BaseEventLoop._run_once)
