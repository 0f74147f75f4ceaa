"""The bot process gives freed memory back to the system (bot/process.py): at most two malloc arenas unless the
operator says otherwise, and `malloc_trim(0)` now and then, in a worker thread.
Figures: tests/bench/memory_process.py."""

from __future__ import annotations

import asyncio
import platform

import pytest

from bot import process

GLIBC = platform.libc_ver()[0] == "glibc"


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_the_arenas_are_bounded_unless_the_operator_set_malloc_arena_max() -> None:
    assert process.bound_malloc_arenas({}) is True
    assert process.bound_malloc_arenas({"MALLOC_ARENA_MAX": "4"}) is False


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_freed_memory_is_given_back_with_glibc() -> None:
    assert process.give_memory_back() is True


def test_without_glibc_nothing_is_tuned_and_no_trimming_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(process, "_glibc", lambda: None)
    assert process.bound_malloc_arenas({}) is False
    assert process.give_memory_back() is False
    asyncio.run(asyncio.wait_for(process.give_memory_back_now_and_then(0.01), timeout=5))  # returns at once


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_memory_is_given_back_again_and_again_off_the_event_loop_until_cancelled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    threads: list[threading.Thread] = []
    monkeypatch.setattr(process, "give_memory_back", lambda: threads.append(threading.current_thread()) or True)

    async def run() -> None:
        task = asyncio.create_task(process.give_memory_back_now_and_then(0.01))
        while len(threads) < 3:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        calls = len(threads)
        await asyncio.sleep(0.05)
        assert len(threads) == calls  # none after the cancel

    asyncio.run(asyncio.wait_for(run(), timeout=10))
    assert threading.main_thread() not in threads
