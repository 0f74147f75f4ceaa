"""`python -m bot bench`: the table measured against bare aiosqlite on the same disk.

Figures (printed, never asserted):
- durable actions per second through the table (check + apply + save) with N games in
  progress, divided by bare aiosqlite single-row commits per second (same pragmas, same disk);
- p50/p99 latency of one action through the table under that load;
- time to reload M unfinished games at start-up, and memory per loaded game;
- with DATABASE_URL=postgresql://…: the same table load on PostgreSQL (in a scratch database the
  bench creates on that server and drops after; the role needs CREATEDB), as a ratio to SQLite; and
  two bot processes sharing that database as shard processes do (each game under the cross-process
  lock, its version checked), their actions/s together as a ratio to SQLite's with as many players.

Every ratio is measured interleaved (`bot.benchmarking`): the baseline and the subjects take turns in
short rounds of `actions / ROUNDS` actions (each table opened once, its games started once), and the
figure is the median of the per-round ratios with their spread, so one run compares with the next on a
shared machine.
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from bot.benchmarking import interleaved_async
from bot.live import Seat
from bot.process import tune_gc
from bot.storage import WAL_AUTOCHECKPOINT_PAGES, Storage, is_postgres_url, open_storage
from bot.table import Table
from games import registry
from games.core import Action

GAME = registry.FIRST_GAME
"""The game the table plays: the one a newcomer plays first (many short steps)."""
CONCURRENCIES = (1, 4, 32)
ROUNDS = 6
"""Rounds of each interleaved comparison (the PostgreSQL two-process one, which spawns processes, takes 4)."""


class BareSqlite:
    """Single-row commits on bare aiosqlite, one at a time, with the storage's pragmas: the baseline."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.next_id = 0

    @classmethod
    async def open(cls, path: Path) -> BareSqlite:
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")  # the storage's own setting
        await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
        return cls(db)

    async def commits_per_second(self, count: int) -> float:
        payload = "x" * 200
        started = time.perf_counter()
        for _ in range(count):
            await self.db.execute("BEGIN IMMEDIATE")
            await self.db.execute("INSERT INTO t (id, payload) VALUES (?, ?)", (self.next_id, payload))
            await self.db.execute("COMMIT")
            self.next_id += 1
        return count / (time.perf_counter() - started)

    async def close(self) -> None:
        await self.db.close()


async def _start_games(table: Table, count: int, players: int = 5) -> list[int]:
    ids = []
    for n in range(count):
        seats = [Seat(name=f"P{n}-{i}", user_id=n * 10 + i) for i in range(players)]
        game = await table.start(GAME, seats, seed=n)
        ids.append(game.id)
    return ids


class TableLoad:
    """A table with `games` games in progress; `burst` has `concurrency` players act at once on random games
    (as on a busy server), each action acknowledged only after its commit. Opened once, measured in bursts."""

    def __init__(self, storage: Storage, table: Table, ids: list[int], concurrency: int) -> None:
        self.storage, self.table, self.ids = storage, table, ids
        self.rngs = [random.Random(number) for number in range(concurrency)]
        self.latencies: list[float] = []
        self.rates: list[float] = []
        """Actions/s of each burst."""

    @classmethod
    async def open(cls, target: str | Path, games: int, concurrency: int, shard: int | None = None) -> TableLoad:
        """`shard`: opened as that shard's bot process on a shared PostgreSQL database (the cross-process lock
        and version check on every action)."""
        if shard is None:  # SQLite as the bot opens it: its writes in its writer process (bot/storage/writer.py)
            storage = await open_storage(target, exclusive=not is_postgres_url(target))
        else:
            storage = await open_storage(target, exclusive=True, shard_ids=[shard])
        table = Table(storage)
        ids = await _start_games(table, games)
        tune_gc()  # as the bot does once its games are in memory: else a full collection pauses a round
        return cls(storage, table, ids, concurrency)

    async def actions_per_second(self, actions: int) -> float:
        done = 0

        async def player(rng: random.Random) -> None:
            nonlocal done
            while done < actions:
                game = self.table.games.get(rng.choice(self.ids))
                if game is None or not game.state.prompts:
                    continue
                prompt = rng.choice([p for p in game.state.prompts if not p.answered] or game.state.prompts)
                # a cheap legal answer: the measurement is the table's, not a bot's thinking
                value = rng.choice([o.value for o in prompt.options if o.disabled is None])
                action = Action(prompt=prompt.id, value=value)
                t0 = time.perf_counter()
                outcome = await self.table.act(game.id, prompt.seat, action)
                self.latencies.append(time.perf_counter() - t0)
                if outcome.ok:
                    done += 1

        started = time.perf_counter()
        await asyncio.gather(*[player(rng) for rng in self.rngs])
        self.rates.append(done / (time.perf_counter() - started))
        return self.rates[-1]

    async def close(self) -> None:
        await self.storage.close()


async def reload_time(path: Path, count: int) -> tuple[float, float, float, float]:
    storage = await open_storage(path)
    table = Table(storage)
    await _start_games(table, count)
    await storage.close()
    gc.collect()
    storage = await open_storage(path)
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
    storage = await open_storage(path)
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


async def run_bench(*, games: int = 1000, actions: int = 3000, reload: int = 10000, postgres: str | None = None) -> int:
    """`actions`: per table, over all rounds. `postgres`: a PostgreSQL URL to measure the table on too."""
    burst = max(50, actions // ROUNDS)
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        base = Path(folder)
        bare = await BareSqlite.open(base / "bare.db")
        loads = {c: await TableLoad.open(base / f"table{c}.db", games, c) for c in CONCURRENCIES}
        try:
            bare_rates: list[float] = []

            async def bare_round() -> float:
                bare_rates.append(await bare.commits_per_second(burst))
                return bare_rates[-1]

            ratios = await interleaved_async(ROUNDS, bare_round, {
                c: (lambda load=load: load.actions_per_second(burst)) for c, load in loads.items()
            })
            print(f"{ROUNDS} interleaved rounds of {burst} commits / actions each (ratios: median of the rounds,"
                  f" IQR and range)")
            print(f"bare aiosqlite commits/s (one at a time): {statistics.median(bare_rates):10.0f}   "
                  f"(rounds {min(bare_rates):.0f}–{max(bare_rates):.0f})")
            for concurrency, load in loads.items():
                print(f"table, {games} games live, {concurrency:2d} players acting at once:")
                _print_rates(load.rates)
                print(f"  ratio table/bare:                   {ratios[concurrency]}   (goal >= 0.5)")
                _print_latencies(load.latencies)
            if postgres is not None:
                await postgres_figures(postgres, games, burst, loads)
        finally:
            await bare.close()
            for load in loads.values():
                await load.close()
        seconds, parse_all, rows_only, parsed = await reload_time(base / "reload.db", reload)
        print(f"reload {reload} unfinished games:      {seconds:10.2f} s    (goal < 3 s; states parsed on first use)")
        print(f"  then parsing every state:          {parse_all:10.2f} s")
        print(f"memory per loaded game:              {rows_only / 1024:10.1f} KB   (goal < 100 KB)")
        print(f"  with its state parsed:             {parsed / 1024:10.1f} KB")
    return 0


async def postgres_figures(url: str, games: int, burst: int, sqlite: dict[int, TableLoad]) -> None:
    """The same table load on PostgreSQL, interleaved with the SQLite table at the same concurrency."""
    from bot.storage import shown_url

    print(f"PostgreSQL at {shown_url(url)}, the same load, interleaved with SQLite's:")
    for concurrency in CONCURRENCIES:
        async with scratch_database(url) as target:
            load = await TableLoad.open(target, games, concurrency)
            try:
                ratios = await interleaved_async(ROUNDS, lambda c=concurrency: sqlite[c].actions_per_second(burst),
                                                 {"pg": lambda load=load: load.actions_per_second(burst)})
            finally:
                await load.close()
        print(f"table, {games} games live, {concurrency:2d} players acting at once:")
        _print_rates(load.rates)
        print(f"  ratio PostgreSQL/SQLite:            {ratios['pg']}")
        _print_latencies(load.latencies)
    concurrency = CONCURRENCIES[-1]
    # one pool for every round: its two processes import the bot once
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:

        async def two_process_round() -> float:
            async with scratch_database(url) as target:
                return await two_processes(pool, target, games, 2 * burst, concurrency)

        ratios = await interleaved_async(4, lambda: sqlite[concurrency].actions_per_second(burst),
                                         {"two": two_process_round})
    print(f"two shard processes on one database, {games // 2} games live and {concurrency // 2} players each:")
    print(f"  ratio PostgreSQL/SQLite:            {ratios['two']}   (goal >= 0.5;"
          f" SQLite: one process, {concurrency} players)")


def _shard_process(target: str, games: int, actions: int, concurrency: int, shard: int) -> tuple[float, float]:
    """One shard process's part: when its players started and stopped acting, on the shared clock."""

    async def act() -> float:
        load = await TableLoad.open(target, games, concurrency, shard=shard)
        try:
            return await load.actions_per_second(actions)
        finally:
            await load.close()

    through = asyncio.run(act())
    ended = time.time()
    return ended - actions / through, ended


async def two_processes(pool: ProcessPoolExecutor, target: str, games: int, actions: int, concurrency: int) -> float:
    """Actions/s of two bot processes (shards 0 and 1) acting at once, each on its own games of one
    database: all their actions over the time from the first one's start of acting to the last one's end."""
    loop = asyncio.get_running_loop()
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


def _print_rates(rates: list[float]) -> None:
    print(f"  durable actions/s:                  {statistics.median(rates):10.0f}   "
          f"(rounds {min(rates):.0f}–{max(rates):.0f})")


def _print_latencies(latencies: list[float]) -> None:
    print(f"  action latency p50:                 {statistics.median(latencies) * 1000:10.2f} ms")
    print(f"  action latency p99:                 {_pct(latencies, 0.99) * 1000:10.2f} ms   (goal < 10 ms)")


if __name__ == "__main__":
    asyncio.run(run_bench())
