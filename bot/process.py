"""Process-wide settings for the long-running bot: the cyclic collector, and glibc's malloc.

Resident memory per live game was about 1 MB where the games' Python objects are 110–220 KB (issue 41): much of
the rest was glibc's malloc keeping freed memory. Pictures are drawn in worker threads (`asyncio.to_thread`), a
thread's allocations go to an arena of its own (up to 8 per core), and an arena keeps what was freed in it unless
its top is free. Read from /proc/<pid>/smaps of a scale run's process at 500 games: of its 475 MB resident, 182 MB
were in 8 thread arenas and 82 MB in the main one. So: at most two arenas (`MALLOC_ARENA_MAX=2`, unless the
environment sets it), and every minute `malloc_trim(0)` gives what is free back to the system (figures:
tests/bench/memory_process.py).

The trim gives back only whole free pages, and the big buffers of pictures did not stay whole: glibc raises its
mmap threshold to the size of every mapped block freed (up to 32 MiB), so after the first picture each next one's
buffers (a Castle board is 1800×2000 pixels, 14 MB) were carved out of the thread arena and left it fragmented by
what was allocated between. Measured with Castle boards drawn in worker threads: 106 MB resident at the peak and
63 MB after the trim, against 55 and 52 with the threshold held at its start value (128 KiB), where each big block
is a mapping of its own that `free` returns at once.

The collector's young generation is also collected on a clock (`collect_young_now_and_then`, every
GC_YOUNG_EVERY_SECONDS: 1 unless set, 0 turns it off), not only when allocations outnumber deallocations by its
threshold: a state let go after a minute and parsed again frees old objects as it makes new ones, so the count
stays low while the young generation grows, and the collection that comes at last scans it all in one step of the
event loop (a scale run's processes: young collections of 50–490 ms, ten of the fourteen loop steps over 50 ms in
one run; tests/runtime/test_process_memory.py shows the growth).

Processes started together would collect together: their clocks tick alike, so every process's young collections
fell in the same instant and every 50th of them, the middle generation's, on the same second (a scale run's four
processes on two cores: all four middle collections at once every 52 s, 50–118 ms each). Each process starts its
clock at a random instant of its first second and at a random place of the middle generation's cycle
(`spread_middle_collections`)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import logging
import os
import random
from typing import Any

log = logging.getLogger(__name__)

M_ARENA_MAX = -8
"""mallopt's parameter number for the arena bound (glibc's malloc.h)."""
M_MMAP_THRESHOLD = -3
"""mallopt's parameter number for the size from which a block is a mapping of its own; setting it also stops glibc
from raising it (and the trim threshold) by itself."""
ARENAS = 2
MMAP_THRESHOLD = 128 * 1024
"""glibc's own start value: blocks this big or bigger (pictures' buffers, big JSON) are mapped and unmapped."""
TRIM_EVERY_SECONDS = 60.0
YOUNG_EVERY_SECONDS = 1.0
"""How often the young generation is collected whatever the allocation count says (the default of
GC_YOUNG_EVERY_SECONDS, bot/config.py)."""


GC_THRESHOLDS = (20_000, 50, 1000)
"""The collector's thresholds for a bot process: with thousands of games in memory, the default ones (700, 10, 10)
make it rescan them on every burst of allocation (measured: parsing 10,000 states 4.0 s by default, 0.8 s tuned;
see `python -m bot bench`)."""


def collect_rarely() -> None:
    """The bot's thresholds from the start, before its games are loaded: with the default ones a process restarted
    in a scale run at 2,000 games made about five full collections of its growing heap while it loaded its 500
    games (each up to a second, the event loop stopped)."""
    gc.set_threshold(*GC_THRESHOLDS)


def tune_gc(rng: random.Random | None = None) -> None:
    """After start-up loading: move what is loaded out of the collector's sight (`gc.freeze`), keep the bot's
    thresholds (`collect_rarely`), and start at a random place of the middle generation's cycle."""
    gc.collect()
    gc.freeze()
    collect_rarely()
    spread_middle_collections(rng or random.Random())


def spread_middle_collections(rng: random.Random) -> int:
    """A random number of young collections, fewer than the middle generation's threshold (each nearly free right
    after a full collection): each counts towards the middle generation's next collection, so processes started
    together collect it at different times. How many were made."""
    made = rng.randrange(gc.get_threshold()[1])
    for _ in range(made):
        gc.collect(0)
    return made


def _glibc() -> Any:
    """The C library when it is glibc (it has `malloc_trim` and `mallopt`); None elsewhere (musl, macOS,
    Windows), where there is nothing to tune."""
    with contextlib.suppress(OSError):
        libc = ctypes.CDLL("libc.so.6")
        if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt"):
            return libc
    return None


def bound_malloc_arenas(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """At most ARENAS malloc arenas for the whole process: called first, before any thread allocates. An
    operator's MALLOC_ARENA_MAX (read by glibc itself) is left as it is. True when the bound was set here."""
    libc = _glibc()
    if libc is None or environ.get("MALLOC_ARENA_MAX"):
        return False
    return bool(libc.mallopt(M_ARENA_MAX, ARENAS))


def bound_mmap_threshold(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Blocks of MMAP_THRESHOLD or more are mappings of their own for the process's whole life (glibc no longer
    raises the threshold after a big block is freed): called first, with `bound_malloc_arenas`. An operator's
    MALLOC_MMAP_THRESHOLD_ (read by glibc itself) is left as it is. True when the bound was set here."""
    libc = _glibc()
    if libc is None or environ.get("MALLOC_MMAP_THRESHOLD_"):
        return False
    return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def give_memory_back() -> bool:
    """glibc's `malloc_trim(0)`: the free memory of every arena back to the system. False without glibc."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True


async def give_memory_back_now_and_then(every: float = TRIM_EVERY_SECONDS) -> None:
    """`give_memory_back` every `every` seconds until cancelled, in a worker thread: it walks the arenas (tens of
    milliseconds with hundreds of MB) under their locks, never holding the event loop."""
    if _glibc() is None:
        return
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(give_memory_back)
        except RuntimeError:  # the default executor is shut down: the process is ending
            return


def collect_young() -> int:
    """Collect the young generation, or the middle one once as many young collections have run since its last
    as its threshold says (what CPython itself does when allocations start a collection); the generation
    collected. The oldest is left to CPython: its full collections stay as rare as `tune_gc` makes them."""
    generation = 1 if gc.get_count()[1] > gc.get_threshold()[1] else 0
    gc.collect(generation)
    return generation


async def collect_young_now_and_then(every: float = YOUNG_EVERY_SECONDS, rng: random.Random | None = None) -> None:
    """`collect_young` every `every` seconds until cancelled (0: never), on the event loop as every collection is:
    a young generation collected each second is small, so its pause is short. The first comes at a random instant
    of the first `every` seconds, so processes started together do not collect at once."""
    if every <= 0:
        return
    await asyncio.sleep((rng or random.Random()).uniform(0, every))
    while True:
        collect_young()
        await asyncio.sleep(every)
