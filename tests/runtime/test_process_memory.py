"""The bot process gives freed memory back to the system (bot/process.py): at most two malloc arenas and big blocks
mapped on their own unless the operator says otherwise, and `malloc_trim(0)` now and then, in a worker thread.
Figures: tests/bench/memory_process.py."""

from __future__ import annotations

import asyncio
import gc
import platform
import random
from collections.abc import Coroutine
from typing import Any

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
    assert process.bound_mmap_threshold({}) is False
    assert process.give_memory_back() is False
    asyncio.run(asyncio.wait_for(process.give_memory_back_now_and_then(0.01), timeout=5))  # returns at once


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_memory_is_given_back_again_and_again_off_the_event_loop_until_cancelled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    threads: list[threading.Thread] = []
    monkeypatch.setattr(process, "give_memory_back", lambda: threads.append(threading.current_thread()) or True)

    asyncio.run(asyncio.wait_for(again_and_again_until_cancelled(process.give_memory_back_now_and_then(0.01), threads),
                                 timeout=10))
    assert threading.main_thread() not in threads


BIG_BLOCK_AFTER_A_BIGGER_ONE = """
import ctypes, sys, threading
from bot import process

class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
libc.mallinfo2.restype = MallInfo2
process.bound_malloc_arenas({})
process.bound_mmap_threshold({})
seen = []

def drawn() -> None:  # as a picture is drawn: in a worker thread, a big buffer, freed, then a smaller one
    libc.free(libc.malloc(8 << 20))
    before = libc.mallinfo2().hblkhd
    block = libc.malloc(1 << 20)
    seen.append(libc.mallinfo2().hblkhd - before)
    libc.free(block)

thread = threading.Thread(target=drawn)
thread.start()
thread.join()
print(seen[0])
"""


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_a_big_block_is_mapped_on_its_own_and_given_back_when_freed_even_after_a_bigger_one() -> None:
    """glibc raises its mmap threshold to the size of every mapped block freed (up to 32 MiB), so after one picture
    the next pictures' buffers were carved out of an arena, and kept there once freed. With the threshold set, a
    block of a MiB is always a mapping of its own (given back to the system by `free`)."""
    import subprocess
    import sys

    mapped = subprocess.run([sys.executable, "-c", BIG_BLOCK_AFTER_A_BIGGER_ONE], capture_output=True, text=True,
                            check=True, env={"PATH": "/usr/bin:/bin"}).stdout
    assert int(mapped) >= 1 << 20


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_the_mmap_threshold_is_left_to_an_operator_who_set_it() -> None:
    assert process.bound_mmap_threshold({"MALLOC_MMAP_THRESHOLD_": "65536"}) is False


YOUNG_GROWN_BY_REPLACING = """
import gc, json
from bot import process

process.tune_gc()  # as the bot, once its games are loaded
held = [[n] for n in range(50_000)]  # states in memory
gc.collect()
gc.freeze()
for n in range(len(held)):  # each let go and parsed again: one object freed for each one made
    held[n] = [n]
grown = {"count": gc.get_count()[0], "young": len(gc.get_objects(0))}
process.collect_young()
grown["after"] = len(gc.get_objects(0))
print(json.dumps(grown))
"""


def test_the_young_generation_grows_past_its_threshold_unseen_by_its_count_and_the_clock_collects_it() -> None:
    """CPython starts a young collection when allocations outnumber deallocations by its threshold; deallocations
    of old objects count too, so a state let go and parsed again leaves the count where it was while the young
    generation grows: the collection that comes at last scans it all in one step of the event loop."""
    import json
    import subprocess
    import sys

    found = json.loads(subprocess.run([sys.executable, "-c", YOUNG_GROWN_BY_REPLACING], capture_output=True,
                                      text=True, check=True).stdout)
    threshold = 20_000
    assert found["count"] < threshold < 50_000 <= found["young"]
    assert found["after"] < 100


def test_the_clock_collects_the_middle_generation_as_often_as_its_threshold_says() -> None:
    before = gc.get_threshold()
    gc.set_threshold(20_000, 2, 1000)
    try:
        gc.collect()
        assert [process.collect_young() for _ in range(8)] == [0, 0, 0, 1, 0, 0, 0, 1]
    finally:
        gc.set_threshold(*before)


def test_the_young_generation_is_collected_again_and_again_until_cancelled_and_never_at_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    collected: list[int] = []
    monkeypatch.setattr(process, "collect_young", lambda: collected.append(0) or 0)

    asyncio.run(asyncio.wait_for(process.collect_young_now_and_then(0), timeout=1))  # off: returns at once
    assert collected == []
    asyncio.run(asyncio.wait_for(again_and_again_until_cancelled(process.collect_young_now_and_then(0.01), collected),
                                 timeout=10))


async def again_and_again_until_cancelled(periodic: Coroutine[Any, Any, None], calls: list[Any]) -> None:
    """Runs `periodic` until it has called three times, cancels it, and checks it calls no more."""
    task = asyncio.create_task(periodic)
    while len(calls) < 3:
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    made = len(calls)
    await asyncio.sleep(0.05)
    assert len(calls) == made, "called after the cancel"


def test_processes_started_together_collect_the_middle_generation_at_different_times() -> None:
    """Each process starts at its own place of the middle generation's cycle: the young collections made count
    towards the next middle one, so it comes that many ticks sooner."""
    before = gc.get_threshold()
    gc.set_threshold(20_000, 5, 1000)
    try:
        places = set()
        for seed in range(12):
            gc.collect(1)  # the middle generation's count starts again from 0
            made = process.spread_middle_collections(random.Random(seed))
            assert 0 <= made < 5
            ticks_to_middle = next(n for n in range(1, 10) if process.collect_young() == 1)
            assert ticks_to_middle == 5 - made + 2  # once its count has passed the threshold, as CPython does
            places.add(made)
        assert len(places) > 1
    finally:
        gc.set_threshold(*before)


def test_the_clock_first_collects_at_a_random_instant_of_its_first_period(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 3:
            raise asyncio.CancelledError

    monkeypatch.setattr(process, "collect_young", lambda: 0)
    monkeypatch.setattr(process.asyncio, "sleep", sleep)
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(process.collect_young_now_and_then(10.0, random.Random(7)))
    assert 0 < slept[0] < 10.0 and slept[0] == random.Random(7).uniform(0, 10.0)
    assert slept[1:] == [10.0, 10.0]
