"""The scale run's memory probe (`--probe`): every bot process runs with tests/bench/memory_probe.py inside, and
at the end of each window each is asked (SIGUSR1) what it holds: resident memory by part, discord.py's and the
bot's caches (the outboxes' queued items, the order hold's rows), the gc's objects by type and, with `--traced N`
(PYTHONTRACEMALLOC=N in every process), the biggest allocation sites. A benchmark's instrument, never the bot's."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

from tests.discord.bot_process import BotProcess

KB = 1024
SITES = 25
"""The allocation sites shown, those grown most since before any game."""


class ProbedBot(BotProcess):
    program = ("-m", "tests.bench.memory_probe")


def env(folder: Path, traced: int) -> dict[str, str]:
    """The bot processes' settings for the probe: where each writes its readings and its middle generation's census
    (by pid), tracemalloc's frames."""
    out = {"MEMORY_PROBE_OUT": str(folder / "probe-{pid}.jsonl"),
           "MEMORY_PROBE_CENSUS": str(folder / "census-{pid}.jsonl")}
    if traced:
        out["PYTHONTRACEMALLOC"] = str(traced)
    return out


async def read(process: BotProcess, folder: Path, timeout: float = 120.0) -> dict[str, Any] | None:
    """One reading of a process (None: it did not answer in time, or is not running)."""
    if process.process is None or not process.alive:
        return None
    out = folder / f"probe-{process.process.pid}.jsonl"
    lines = len(out.read_text().splitlines()) if out.exists() else 0
    process.process.send_signal(signal.SIGUSR1)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        await asyncio.sleep(0.5)
        if out.exists() and len(found := out.read_text().splitlines()) > lines:
            return dict(json.loads(found[-1]))
    return None


def lines(name: str, r: dict[str, Any], base: dict[str, Any] | None, live: float) -> list[str]:
    """A reading, compact: per live game of this process against its reading before any game."""
    p, m = r["proc"], r["pymalloc"]
    traced_own = int(r.get("tracemalloc's own", 0))
    rss = int(p["VmRSS"]) - traced_own

    def per(now: int, key: str) -> str:
        if base is None or live <= 0:
            return ""
        then = {"rss": int(base["proc"]["VmRSS"]) - int(base.get("tracemalloc's own", 0)),
                "pymalloc": int(base["pymalloc"].get("used", 0)),
                "traced": int(base.get("traced", 0))}[key]
        return f" ({(now - then) / live / KB:.1f} KB a live game)"

    out = [f"  {name}: resident {rss / 2**20:.0f} MB{per(rss, 'rss')}, pymalloc used "
           f"{m.get('used', 0) / 2**20:.0f} MB{per(int(m.get('used', 0)), 'pymalloc')}"
           + (f", traced {r['traced'] / 2**20:.0f} MB{per(int(r['traced']), 'traced')}" if "traced" in r else "")
           + f"; gc objects {r['gc objects']:,}"]
    out.append("    caches: " + ", ".join(f"{k} {v:,}" for k, v in r["caches"].items()))
    out.append("    types: " + ", ".join(f"{k} {v:,}" for k, v in list(r["types"].items())[:14]))
    for label in ("traced by line", "traced by caller"):
        then = {site: (size, count) for site, size, count in (base or {}).get(label, [])}
        grown = sorted(((size - then.get(site, (0, 0))[0], count - then.get(site, (0, 0))[1], site)
                        for site, size, count in r.get(label, [])), reverse=True)
        for size, count, site in grown[:SITES]:
            out.append(f"    {label}{' (grown)' if base else ''}: {size / 2**20:7.2f} MB {count:9,} blocks"
                       f"{f' ({size / live / KB:.1f} KB a live game)' if base and live > 0 else ''}  {site}")
    return out
