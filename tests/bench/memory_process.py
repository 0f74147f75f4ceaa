"""What a live game costs in resident memory in ONE real bot process, by part (figures printed, never asserted).

The scale run divides the resident memory of its bot processes by the live games; traced Python memory
(tests/bench/memory.py) is a fraction of that. This runs one `python -m bot` process as the scale run's
cluster.py starts it (PostgreSQL via tests/pg.py, the stand-in, the simulated players of players.py, all its
gateway shards) with a probe inside (tests/bench/memory_probe.py), opens tables in stages and, at each, after
the players have played a while, reads in the process: resident memory (VmRSS, smaps_rollup's Anonymous), glibc
malloc's arenas (in use / free but kept), pymalloc's arenas, `sys.getallocatedblocks()`, the gc's objects by
type, discord.py's caches; then the same after a full garbage collection and `malloc_trim(0)`, which shows what
only a full collection frees (the bot's thresholds make them rare) and what the allocator keeps.

    python -m tests.bench.memory_process [--stages 100,200] [--play 60] [--env MALLOC_ARENA_MAX=2] [--traced [FRAMES]]

`--env` sets the bot process's environment (one variant per run: run it again for the other); `--traced` turns
tracemalloc on in it (PYTHONTRACEMALLOC=FRAMES, 1 unless given; its own bookkeeping is printed and left out of the
resident figures; more than one frame slows the bot so that the players' clicks come too late).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.bench.scale.cluster import Cluster, start_cluster
from tests.bench.scale.players import Ledger, Pace, Table
from tests.bench.scale.probing import ProbedBot
from tests.bench.scale.run import Config, build, machine, open_tables, wait_live
from tests.discord.bot_process import PostgresReader
from tests.discord_standin import DiscordStandIn

KB = 1024


async def read(cluster: Cluster, out: Path, trim: bool) -> dict[str, Any]:
    """Ask the process for a reading (after a full collection and malloc_trim(0) with `trim`) and wait for it."""
    process = cluster.processes[0].process
    assert process is not None
    lines = len(out.read_text().splitlines()) if out.exists() else 0
    process.send_signal(signal.SIGUSR2 if trim else signal.SIGUSR1)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        await asyncio.sleep(0.5)
        if out.exists() and len(found := out.read_text().splitlines()) > lines:
            return dict(json.loads(found[-1]))
    raise TimeoutError("the probe did not answer")


def resident(r: dict[str, Any]) -> int:
    """Resident bytes, tracemalloc's own bookkeeping left out."""
    return int(r["proc"]["VmRSS"]) - int(r.get("tracemalloc's own", 0))


def parts(r: dict[str, Any]) -> dict[str, int]:
    """The reading's figures that are bytes or counts, flat, for differences."""
    p, g, m = r["proc"], r["glibc"], r["pymalloc"]
    out = {
        "resident (VmRSS)": resident(r), "anonymous (smaps_rollup)": p.get("Anonymous", 0),
        "file-backed resident": p.get("RssFile", 0),
        "glibc in use": g.get("uordblks", 0), "glibc free, kept": g.get("fordblks", 0),
        "glibc mmapped": g.get("hblkhd", 0),
        "pymalloc arenas": m.get("arena bytes", 0), "pymalloc used blocks": m.get("used", 0),
        "pymalloc free (blocks+pools)": m.get("free blocks", 0) + m.get("free pools", 0),
    }
    for name, value in r.get("mappings", {}).items():
        if name != "thread arena count":
            out[f"maps: {name}"] = value
    if "traced" in r:
        out["traced (tracemalloc)"] = int(r["traced"])
    return out


def show(
    label: str, r: dict[str, Any], base: dict[str, Any] | None, live: int, base_live: int,
    previous: tuple[dict[str, Any], int] | None = None,
) -> list[str]:
    """The reading by part; with `base`, per live game since the start (what the scale run prints: it holds what
    every process loads once, such as fonts, code and the first pictures' arena); with `previous` (a reading and
    its live games), per game added since then: what one more live game costs."""
    lines = [f"== {label}: {live} live games; threads {r['proc'].get('Threads')}, glibc thread arenas "
             f"{r.get('mappings', {}).get('thread arena count')}, allocated blocks {r['blocks']:,},"
             f" gc objects {r['gc objects']:,} (frozen {r['frozen']:,})"
             + (f", unreachable found by a full collection first {r['collected']:,}" if "collected" in r else "")
             + f"; probe took {r['probe seconds']:.1f} s"]
    lines.append("  caches: " + ", ".join(f"{k} {v}" for k, v in r["caches"].items()))
    now = parts(r)
    then = parts(base) if base is not None else None
    added = live - base_live
    before = parts(previous[0]) if previous is not None else None
    more = live - previous[1] if previous is not None else 0
    for name, value in now.items():
        per = ""
        if then is not None and added > 0:
            per = f"   {(value - then[name]) / added / KB:8.1f} KB per live game"
        if before is not None and more > 0:
            per += f"   {(value - before[name]) / more / KB:8.1f} KB per game added since the last stage"
        lines.append(f"  {name:30} {value / 2**20:9.1f} MB{per}")
    return lines


def grown_sites(now: dict[str, Any], then: dict[str, Any], added: int, most: int = 25) -> list[str]:
    """With tracemalloc on: the allocation sites that grew most between two readings, per game added (with
    `--traced N`, N > 1: by their callers too)."""
    lines: list[str] = []
    for key, label in (("traced by line", "grown most"), ("traced by caller", "grown most, by caller")):
        if key not in now or added <= 0:
            continue
        before = {site: size for site, size, _ in then.get(key, [])}
        grown = sorted(((size - before.get(site, 0), site, count) for site, size, count in now[key]),
                       reverse=True)[:most]
        lines += [f"  {label} (traced, per game added): {per / added / KB:6.2f} KB  {site} ({count:,} blocks)"
                  for per, site, count in grown]
    return lines


def free_classes(now: dict[str, Any], then: dict[str, Any], added: int, most: int = 8) -> list[str]:
    """pymalloc's free space kept in its arenas, per game added: in unused pools (any size may take them) and in
    the free blocks of each size class's used pools (only that size may), the classes grown most."""
    if added <= 0:
        return []
    m, before = now["pymalloc"], then["pymalloc"]
    grown = sorted(((m[key] - before.get(key, 0), key) for key in m if key.startswith("free blocks of ")),
                   reverse=True)[:most]
    pools = (m.get("free pools", 0) - before.get("free pools", 0)) / added / KB
    blocks = (m.get("free blocks", 0) - before.get("free blocks", 0)) / added / KB
    return [f"  pymalloc free, per game added: {pools:.1f} KB in unused pools, {blocks:.1f} KB in free blocks; of them "
            + ", ".join(f"{key.removeprefix('free blocks of ')} {per / added / KB:.1f} KB" for per, key in grown)]


async def main(stages: list[int], play: float, env: dict[str, str], rate: float) -> None:
    print(f"machine: {machine()}")
    print(f"bot process environment: {env or 'as the scale run'}")
    config = Config(games=stages[-1], processes=1, shards_per_process=4, guilds=max(8, stages[-1] // 5), rate=rate)
    standin = DiscordStandIn(spec=False, flood_limit=None, keep_request_bodies=False, shard_count=4)
    await standin.start()
    ledger, pace = Ledger(), Pace(config.rate)
    tables: list[Table] = build(standin, config, pace, ledger)
    with tempfile.TemporaryDirectory(prefix="gm-memory-") as name:
        folder = Path(name)
        out = folder / "probe.jsonl"
        bot_env = {"LOG_LEVEL": "WARNING", "DEFAULT_LANGUAGE": "ru", "OUTBOX_WINDOW_SECONDS": "5.0",
                   "LOBBY_OPENINGS_PER_HOUR": "20", "MEMORY_PROBE_OUT": str(out), **env}
        cluster = await start_cluster(standin, folder, 1, 4, bot_env, kind=ProbedBot)
        tasks: list[asyncio.Task[None]] = []
        try:
            await asyncio.sleep(5)
            base = await read(cluster, out, trim=False)
            print("\n".join(show("before any game", base, None, 0, 0)))
            base_trimmed = await read(cluster, out, trim=True)
            print("\n".join(show("before any game, after gc.collect() and malloc_trim(0)", base_trimmed, None, 0, 0)))
            previous: tuple[dict[str, Any], int] | None = None
            previous_trimmed: tuple[dict[str, Any], int] | None = None
            for stage in stages:
                await open_tables(tables, tasks, stage, config.open_per_second * 2)
                await wait_live(tables, stage, timeout=300)
                await asyncio.sleep(play)
                live = sum(t.live for t in tables)
                r = await read(cluster, out, trim=False)
                print("\n".join(show(f"{stage} tables, after {play:.0f} s of play", r, base, live, 0, previous)))
                t = await read(cluster, out, trim=True)
                print("\n".join(show(f"{stage} tables, after gc.collect() and malloc_trim(0)", t, base_trimmed, live, 0,
                                      previous_trimmed)))
                since, since_live = previous_trimmed or (base_trimmed, 0)
                print("\n".join(grown_sites(t, since, live - since_live)))
                print("\n".join(free_classes(t, since, live - since_live)))
                previous, previous_trimmed = (r, live), (t, live)
                print(f"  types (most): {', '.join(f'{k} {v:,}' for k, v in list(t['types'].items())[:12])}")
            print("players: " + ", ".join(f"{k} {v}" for k, v in ledger.outcomes.most_common(8)))
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await cluster.stop()
            PostgresReader.close_all()
            cluster.server.stop()
            await standin.stop()
            log = folder / "bot-0.log"
            if log.exists():
                tail = log.read_text(errors="replace").splitlines()[-15:]
                if tail:
                    print("the bot's log ends:", *tail, sep="\n  ")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stages", default="100,200", help="tables open after each stage")
    parser.add_argument("--play", type=float, default=60.0, help="seconds of play at each stage before reading")
    parser.add_argument("--rate", type=float, default=20.0, help="the most interactions/s the players make")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE for the bot process (repeatable)")
    parser.add_argument("--traced", type=int, nargs="?", const=1, default=0, metavar="FRAMES",
                        help="tracemalloc on in the bot process, keeping FRAMES frames of each allocation (1)")
    args = parser.parse_args()
    extra = dict(item.split("=", 1) for item in args.env)
    if args.traced:
        extra["PYTHONTRACEMALLOC"] = str(args.traced)
    asyncio.run(main([int(s) for s in args.stages.split(",")], args.play, extra, args.rate))
