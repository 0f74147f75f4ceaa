"""`python -m bot bench`: the table measured against bare aiosqlite on the same disk, one run.

Figures (printed, never asserted):
- durable actions per second through the table (check + apply + save) with N games in
  progress, divided by bare aiosqlite single-row commits per second (same pragmas, same disk);
- p50/p99 latency of one action through the table under that load;
- time to reload M unfinished games at start-up, and memory per loaded game;
- with DATABASE_URL=postgresql://…: the same table load on PostgreSQL (in a scratch database the
  bench creates on that server and drops after; the role needs CREATEDB), as a ratio to SQLite; and
  two bot processes sharing that database as shard processes do (each game under the cross-process
  lock, its version checked), their actions/s together as a ratio to SQLite's with as many players.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from bot.process import tune_gc
from bot.storage import WAL_AUTOCHECKPOINT_PAGES, Storage
from bot.table import Seat, Table
from games.core import Action

GAME = "cookie"


async def bare_commits_per_second(path: Path, count: int) -> float:
    db = await aiosqlite.connect(path, isolation_level=None)
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=FULL")
    await db.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")  # the storage's own setting
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    payload = "x" * 200
    started = time.perf_counter()
    for i in range(count):
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("INSERT INTO t (id, payload) VALUES (?, ?)", (i, payload))
        await db.execute("COMMIT")
    elapsed = time.perf_counter() - started
    await db.close()
    return count / elapsed


async def _start_games(table: Table, count: int, players: int = 5) -> list[int]:
    ids = []
    for n in range(count):
        seats = [Seat(name=f"P{n}-{i}", user_id=n * 10 + i) for i in range(players)]
        game = await table.start(GAME, seats, seed=n)
        ids.append(game.id)
    return ids


async def table_throughput(
    target: str | Path, games: int, actions: int, concurrency: int = 1, shard: int | None = None
) -> tuple[float, list[float]]:
    """`concurrency` players act at once on random games (as on a busy server); each action is
    acknowledged only after its commit. `shard`: opened as that shard's bot process on a shared
    PostgreSQL database (the cross-process lock and version check on every action)."""
    if shard is None:
        storage = await Storage.open(target)
    else:
        storage = await Storage.open(target, exclusive=True, shard_ids=[shard])
    table = Table(storage)
    ids = await _start_games(table, games)
    latencies: list[float] = []
    done = 0

    async def player(number: int) -> None:
        nonlocal done
        rng = random.Random(number)
        while done < actions:
            game = table.games.get(rng.choice(ids))
            if game is None or not game.state.prompts:
                continue
            prompt = rng.choice([p for p in game.state.prompts if not p.answered] or game.state.prompts)
            # a cheap legal answer: the measurement is the table's, not a bot's thinking
            value = rng.choice([o.value for o in prompt.options if o.disabled is None])
            action = Action(prompt=prompt.id, value=value)
            t0 = time.perf_counter()
            outcome = await table.act(game.id, prompt.seat, action)
            latencies.append(time.perf_counter() - t0)
            if outcome.ok:
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*[player(n) for n in range(concurrency)])
    elapsed = time.perf_counter() - started
    await storage.close()
    return done / elapsed, latencies


async def reload_time(path: Path, count: int) -> tuple[float, float, float, float]:
    storage = await Storage.open(path)
    table = Table(storage)
    await _start_games(table, count)
    await storage.close()
    gc.collect()
    storage = await Storage.open(path)
    started = time.perf_counter()
    loaded = await Table(storage).load_unfinished()
    elapsed = time.perf_counter() - started
    tune_gc()  # as the bot does after loading
    started = time.perf_counter()
    for game in loaded:  # what parsing every state (each game's first click) costs in all
        assert game.state is not None
    parse_all = time.perf_counter() - started
    await storage.close()
    # memory measured in a second load: tracemalloc slows allocation, so it is not timed
    storage = await Storage.open(path)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    loaded = await Table(storage).load_unfinished()
    rows_only = tracemalloc.get_traced_memory()[0]
    for game in loaded:
        assert game.state is not None
    parsed = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    await storage.close()
    per = max(1, len(loaded))
    return elapsed, parse_all, (rows_only - before) / per, (parsed - before) / per


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


CONCURRENCIES = (1, 4, 32)


async def run_bench(*, games: int = 1000, actions: int = 3000, reload: int = 10000, postgres: str | None = None) -> int:
    """`postgres`: a PostgreSQL URL to measure the table on too, beside SQLite."""
    sqlite_through: dict[int, float] = {}
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        base = Path(folder)
        # bare and table runs alternate, three times each, so disk noise hits both alike
        bares: list[float] = []
        for trial in range(3):
            bares.append(await bare_commits_per_second(base / f"bare{trial}.db", max(1000, actions)))
        bare = statistics.median(bares)
        print(f"bare aiosqlite commits/s (one at a time, median of 3):  {bare:10.0f}")
        for concurrency in CONCURRENCIES:
            runs = [await table_throughput(base / f"table{concurrency}-{t}.db", games, actions, concurrency)
                    for t in range(1 if concurrency == 4 else 3)]  # the ratios' baselines: medians of 3
            through = sqlite_through[concurrency] = statistics.median(r[0] for r in runs)
            latencies = [x for r in runs for x in r[1]]
            print(f"table, {games} games live, {concurrency:2d} players acting at once:")
            print(f"  durable actions/s:                  {through:10.0f}")
            print(f"  ratio table/bare:                   {through / bare:10.2f}   (goal >= 0.5)")
            _print_latencies(latencies)
        seconds, parse_all, rows_only, parsed = await reload_time(base / "reload.db", reload)
        print(f"reload {reload} unfinished games:      {seconds:10.2f} s    (goal < 3 s; states parsed on first use)")
        print(f"  then parsing every state:          {parse_all:10.2f} s")
        print(f"memory per loaded game:              {rows_only / 1024:10.1f} KB   (goal < 100 KB)")
        print(f"  with its state parsed:             {parsed / 1024:10.1f} KB")
    if postgres is not None:
        await postgres_figures(postgres, games, actions, sqlite_through)
    return 0


async def postgres_figures(url: str, games: int, actions: int, sqlite_through: dict[int, float]) -> None:
    """The same table load on PostgreSQL, as a ratio to SQLite on this machine."""
    from bot.storage import shown_url

    print(f"PostgreSQL at {shown_url(url)}, the same load:")
    for concurrency in CONCURRENCIES:
        async with scratch_database(url) as target:
            through, latencies = await table_throughput(target, games, actions, concurrency)
        print(f"table, {games} games live, {concurrency:2d} players acting at once:")
        print(f"  durable actions/s:                  {through:10.0f}")
        print(f"  ratio PostgreSQL/SQLite:            {through / sqlite_through[concurrency]:10.2f}")
        _print_latencies(latencies)
    concurrency = CONCURRENCIES[-1]
    runs = []
    for _ in range(3):  # the busiest figure, the noisiest: a median of 3, as SQLite's it is divided by
        async with scratch_database(url) as target:
            runs.append(await two_processes(target, games, actions, concurrency))
    through = statistics.median(runs)
    print(f"two shard processes on one database, {games // 2} games live and {concurrency // 2} players each"
          f" (median of 3):")
    print(f"  durable actions/s, both together:   {through:10.0f}")
    print(f"  ratio PostgreSQL/SQLite:            {through / sqlite_through[concurrency]:10.2f}   (goal >= 0.5;"
          f" SQLite: one process, {concurrency} players)")


def _shard_process(target: str, games: int, actions: int, concurrency: int, shard: int) -> tuple[float, float]:
    """One shard process's part: when its players started and stopped acting, on the shared clock."""
    through, _ = asyncio.run(table_throughput(target, games, actions, concurrency, shard=shard))
    ended = time.time()
    return ended - actions / through, ended


async def two_processes(target: str, games: int, actions: int, concurrency: int) -> float:
    """Actions/s of two bot processes (shards 0 and 1) acting at once, each on its own games of one
    database: all their actions over the time from the first one's start of acting to the last one's end."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        spans = await asyncio.gather(*[
            loop.run_in_executor(pool, _shard_process, target, games // 2, actions // 2, concurrency // 2, shard)
            for shard in (0, 1)
        ])
    return 2 * (actions // 2) / (max(end for _, end in spans) - min(start for start, _ in spans))


@asynccontextmanager
async def scratch_database(url: str) -> AsyncIterator[str]:
    """A new database on the server of `url`, dropped afterwards: its URL."""
    import asyncpg

    name = f"gamemaster_bench_{os.getpid()}_{time.monotonic_ns()}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        parts = urlsplit(url)
        try:
            yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def _print_latencies(latencies: list[float]) -> None:
    print(f"  action latency p50:                 {statistics.median(latencies) * 1000:10.2f} ms")
    print(f"  action latency p99:                 {_pct(latencies, 0.99) * 1000:10.2f} ms   (goal < 10 ms)")


if __name__ == "__main__":
    asyncio.run(run_bench())
