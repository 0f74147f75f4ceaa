"""`python -m tests.bench.memory_probe`: the bot (`python -m bot`) with a probe inside, for
tests/bench/memory_process.py. SIGUSR1 writes what the process holds, as JSON, to MEMORY_PROBE_OUT (one line per
reading); SIGUSR2 first calls glibc's `malloc_trim(0)` and then writes, so a reading shows what the allocator keeps
free but not given back. MEMORY_PROBE_STATES_KEPT and MEMORY_PROBE_STATE_IDLE set the table's bounds on parsed
states instead (bot/table/limits.py STATES_KEPT, STATE_IDLE_SECONDS).
Never part of the bot: a benchmark's instrument."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import json
import os
import re
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

HEADER = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")
"""A mapping's line in /proc/self/smaps: start, end, permissions, name."""


class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def libc() -> Any:
    with contextlib.suppress(OSError):
        return ctypes.CDLL("libc.so.6")
    return None


def proc() -> dict[str, int]:
    """Resident memory from /proc/self: status's VmRSS, RssAnon, RssFile and smaps_rollup's Anonymous (bytes);
    the threads."""
    out: dict[str, int] = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0]) * 1024
        elif key == "Threads":
            out[key] = int(value)
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
            if line.startswith("Anonymous:"):
                out["Anonymous"] = int(line.split()[1]) * 1024
    return out


def mappings() -> dict[str, int]:
    """Resident bytes by kind of mapping (/proc/self/smaps): glibc's main arena ([heap]); its thread arenas (a
    read-write mapping at a 64 MiB boundary followed by its reserve), with their count; other anonymous memory
    (pymalloc's arenas, malloc's big blocks, stacks); files (code)."""
    out = {"main arena": 0, "thread arenas": 0, "thread arena count": 0, "other anonymous": 0, "files": 0}
    maps: list[tuple[int, int, str, str, int]] = []
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/smaps").read_text().splitlines():
            header = HEADER.match(line)
            if header:
                maps.append((int(header[1], 16), int(header[2], 16), header[3], header[4].strip(), 0))
            elif line.startswith("Rss:") and maps:
                start, end, perm, name, _ = maps[-1]
                maps[-1] = (start, end, perm, name, int(line.split()[1]) * 1024)
    for n, (start, end, perm, name, rss) in enumerate(maps):
        following = maps[n + 1] if n + 1 < len(maps) else None
        if name == "[heap]":
            out["main arena"] += rss
        elif name.startswith("/"):
            out["files"] += rss
        elif (not name and perm.startswith("rw") and start % (64 << 20) == 0 and following is not None
              and following[2] == "---p" and following[0] == end):
            out["thread arenas"] += rss
            out["thread arena count"] += 1
        elif not name:
            out["other anonymous"] += rss
    return out


def glibc() -> dict[str, int]:
    """glibc's malloc (all arenas): bytes it has from the system in arenas (`arena`) and in mmaps (`hblkhd`), of
    them in use (`uordblks`) and free but kept (`fordblks`)."""
    c = libc()
    if c is None or not hasattr(c, "mallinfo2"):
        return {}
    c.mallinfo2.restype = MallInfo2
    info = c.mallinfo2()
    return {name: int(getattr(info, name)) for name in ("arena", "hblkhd", "uordblks", "fordblks")}


def pymalloc() -> dict[str, int]:
    """pymalloc's arenas (sys._debugmallocstats, read from the C stderr): allocated now, bytes in used blocks,
    in free blocks of used pools (and of each size class's), in free pools."""
    wanted = {"# arenas allocated current": "arenas", "# bytes in allocated blocks": "used",
              "# bytes in available blocks": "free blocks", "# bytes lost to pool headers": "pool headers"}
    out: dict[str, int] = {}
    with tempfile.TemporaryFile() as capture:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(capture.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        capture.seek(0)
        for line in capture.read().decode(errors="replace").splitlines():
            cells = line.split()
            if len(cells) == 5 and all(cell.isdigit() for cell in cells):  # a size class: its free blocks' bytes
                out[f"free blocks of {cells[1]} B"] = int(cells[1]) * int(cells[4])
                continue
            key, _, value = line.partition("=")
            key = key.strip()
            if key in wanted:
                out[wanted[key]] = int(value.strip().replace(",", ""))
            elif "unused pools" in key:
                out["free pools"] = out.get("free pools", 0) + int(value.strip().replace(",", ""))
    if "arenas" in out:
        out["arena bytes"] = out["arenas"] * (1 << 20)  # 1 MiB arenas since Python 3.10 (64-bit)
    return out


TRACED_LINES = 400
"""The biggest allocation sites a traced reading lists (PYTHONTRACEMALLOC=1, or N frames: by caller too)."""

BOTS: list[Any] = []
"""The bot of this process, as run_bot made it (gc.get_objects misses it: bot/process.py's gc.freeze)."""


def caches(bot: Any) -> dict[str, int]:
    """What discord.py and the table keep, by count."""
    if bot is None:
        return {}
    state = bot._connection
    views = state._view_store
    out = {
        "guilds": len(state._guilds), "users": len(state._users), "DM channels": len(state._private_channels),
        "members": sum(len(g._members) for g in state._guilds.values()),
        "channels": sum(len(g._channels) for g in state._guilds.values()),
        "threads": sum(len(g._threads) for g in state._guilds.values()),
        "roles": sum(len(g._roles) for g in state._guilds.values()),
        "messages": len(state._messages or ()),
        "views (by message)": len(getattr(views, "_synced_message_views", {})),
        "views": len(getattr(views, "_views", {})),
        "interaction webhooks": len(getattr(state, "_interaction_webhooks", {}) or {}),
        "rate-limit buckets": len(getattr(bot.http, "_buckets", {})),
    }
    with contextlib.suppress(AttributeError):
        out["table games"] = len(bot.game_master.table.games)
        out["states parsed"] = len(bot.game_master.table.states._games)
    with contextlib.suppress(AttributeError):
        gm = bot.game_master
        queues = [box._queue for box in gm.outboxes.outboxes.values()]
        out["outboxes"] = len(queues)
        kinds = Counter(type(item).__name__ for queue in queues for item in queue)
        for kind in ("Text", "Message", "Status"):
            out[f"queued {kind}"] = kinds.get(kind, 0)
        out["held rows"] = sum(len(rows) for rows in gm.cluster.held.values())
        out["replies"] = sum(len(v) if hasattr(v, "__len__") else 1 for v in vars(gm.replies).values()
                             if isinstance(v, dict))
    return out


FIRST_MODULES: set[str] = set()
"""The modules imported at the first reading (before any game): what is imported later is paid for by a game."""


def reading(trimmed: bool) -> dict[str, Any]:
    began = time.monotonic()
    objects = Counter(type(o).__name__ for o in gc.get_objects())
    out: dict[str, Any] = {
        "trimmed": trimmed, "proc": proc(), "mappings": mappings(), "glibc": glibc(), "pymalloc": pymalloc(),
        "blocks": sys.getallocatedblocks(), "gc objects": sum(objects.values()),
        "frozen": gc.get_freeze_count(), "types": dict(objects.most_common(20)),
        "caches": caches(BOTS[0] if BOTS else None),
    }
    if tracemalloc.is_tracing():
        out["traced"] = tracemalloc.get_traced_memory()[0]
        out["tracemalloc's own"] = tracemalloc.get_tracemalloc_memory()
        snapshot = tracemalloc.take_snapshot()
        out["traced by line"] = [(str(s.traceback[0]), s.size, s.count)
                                 for s in snapshot.statistics("lineno")[:TRACED_LINES]]
        if (frames := tracemalloc.get_traceback_limit()) > 1:
            out["traced by caller"] = [
                (" <- ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}" for f in list(s.traceback)[:frames]),
                 s.size, s.count) for s in snapshot.statistics("traceback")[:TRACED_LINES]]
    if FIRST_MODULES:
        out["modules imported since the first reading"] = sorted(set(sys.modules) - FIRST_MODULES)
    else:
        FIRST_MODULES.update(sys.modules)
    out["modules"] = len(sys.modules)
    out["probe seconds"] = time.monotonic() - began
    return out


def write(trim: bool) -> None:
    collected = None
    if trim:
        collected = gc.collect()  # what only a full collection frees (the bot's thresholds make them rare)
        c = libc()
        if c is not None and hasattr(c, "malloc_trim"):
            c.malloc_trim(0)
    found = reading(trim)
    if collected is not None:
        found["collected"] = collected
    append("MEMORY_PROBE_OUT", found)


def append(setting: str, line: dict[str, Any]) -> None:
    """A JSON line at the end of the file the setting names ({pid}: this process's)."""
    with open(os.environ[setting].replace("{pid}", str(os.getpid())), "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


CENSUS_EVERY = 2
"""With MEMORY_PROBE_CENSUS set (a path; {pid} is the process's): every this many middle-generation collections,
what that generation held when it began (by type, the most numerous) and how long the collection took, a line each."""
_census: dict[str, Any] = {"seen": 0, "began": (0.0, 0.0), "line": None}


def census(phase: str, info: dict[str, int]) -> None:
    """gc.callbacks' hook: the middle generation's census at the start of every CENSUS_EVERY-th of its collections,
    written with the collection's time once it stops."""
    if info["generation"] != 1:
        return
    if phase == "start":
        _census["seen"] += 1
        if _census["seen"] % CENSUS_EVERY:
            return
        objects = gc.get_objects(generation=1)
        kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in objects)
        _census["line"] = {"census": len(objects), "young": len(gc.get_objects(generation=0)),
                           "old": len(gc.get_objects(generation=2)), "types": dict(kinds.most_common(40)),
                           "at": time.time()}
        del objects
        _census["began"] = (time.perf_counter(), time.thread_time())
    elif _census["line"] is not None:
        line, _census["line"] = _census["line"], None
        line["ms"] = (time.perf_counter() - _census["began"][0]) * 1000
        line["on a core ms"] = (time.thread_time() - _census["began"][1]) * 1000
        line["collected"] = info.get("collected", 0)
        append("MEMORY_PROBE_CENSUS", line)


def on_signal(number: int, frame: FrameType | None) -> None:
    write(number == signal.SIGUSR2)


def main() -> int:
    signal.signal(signal.SIGUSR1, on_signal)
    signal.signal(signal.SIGUSR2, on_signal)
    if os.environ.get("MEMORY_PROBE_CENSUS"):
        gc.callbacks.append(census)
    from bot.cli import main as bot
    from bot.discord import app

    make_bot = app.make_bot

    kept_setting, idle_setting = os.environ.get("MEMORY_PROBE_STATES_KEPT"), os.environ.get("MEMORY_PROBE_STATE_IDLE")
    if kept_setting is not None or idle_setting is not None:
        from bot import live  # the table's bounds on parsed states (bot.table.limits), to compare

        made_with = live.ParsedStates.__init__

        def bounded(self: live.ParsedStates, kept: int, idle: float | None = None, *args: Any, **kwargs: Any) -> None:
            made_with(self, int(kept_setting) if kept_setting is not None else kept,
                      float(idle_setting) if idle_setting is not None else idle, *args, **kwargs)

        live.ParsedStates.__init__ = bounded  # type: ignore[method-assign]

    def kept(*args: Any, **kwargs: Any) -> Any:
        BOTS.append(made := make_bot(*args, **kwargs))
        return made

    app.make_bot = kept  # type: ignore[assignment]
    return bot([])


if __name__ == "__main__":
    raise SystemExit(main())
