"""What the metrics cost (figures printed, never asserted): `python -m tests.bench.metrics_bench`.

- Durable actions per second through the table (32 players at once on 200 Cookie games) with the metrics
  on (every hook counting, and the endpoint scraped every SCRAPE_SECONDS meanwhile, far more often than
  Prometheus' usual 15 s) as a ratio to the same load with them off: on this disk (SQLite, FULL sync, as
  the bot runs) and in memory (no fsync: the hooks' own CPU cost shows).
- One scrape of /metrics (the games and waiting-delivery queries, then the exposition) with 1,000 games:
  p50 / p99 in milliseconds.

Interleaved pairs (`bot.benchmarking`): off, on, off, on, …; the ratio is the median of the per-pair
ratios, with its spread. Under a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import tempfile
import time
from pathlib import Path

from bot import metrics
from bot.bench import TableLoad, _start_games
from bot.benchmarking import interleaved_async
from bot.storage import Storage, open_storage
from bot.storage.operations import unfinished_games, waiting_deliveries
from bot.table import Table

ROUNDS = 9
BURST = 400
CONCURRENCY = 32
GAMES = 200
SCRAPE_SECONDS = 0.25
SCRAPES = 200


async def scrape(storage: Storage) -> bytes:
    """What the endpoint does for one /metrics (bot/discord/observing.py), without the HTTP."""
    counts: dict[tuple[str, str, int], int] = {}
    for game, state, _guild, number in await unfinished_games(storage):
        counts[(game, state, 0)] = counts.get((game, state, 0), 0) + number
    metrics.games(counts)
    metrics.waiting(*await waiting_deliveries(storage))
    return metrics.exposition()


async def with_metrics(load: TableLoad) -> float:
    metrics.enable()

    async def scraper() -> None:
        while True:
            await asyncio.sleep(SCRAPE_SECONDS)
            await scrape(load.storage)

    task = asyncio.create_task(scraper())
    try:
        return await load.actions_per_second(BURST)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        metrics.disable()


async def without_metrics(load: TableLoad) -> float:
    metrics.disable()
    return await load.actions_per_second(BURST)


async def ratio(target: str | Path, where: str) -> None:
    load = await TableLoad.open(target, GAMES, CONCURRENCY)
    try:
        ratios = await interleaved_async(ROUNDS, lambda: without_metrics(load), {"on": lambda: with_metrics(load)})
        off = statistics.median(load.rates[0::2])
        print(f"table actions/s {where}: off {off:,.0f}; metrics on / off: {ratios['on']}")
    finally:
        await load.close()


async def scrape_times(folder: Path) -> None:
    storage = await open_storage(folder / "scrape.db")
    try:
        await _start_games(Table(storage), 1000)
        times = []
        for _ in range(SCRAPES):
            started = time.perf_counter()
            await scrape(storage)
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        print(f"one /metrics scrape with 1,000 games: p50 {times[len(times) // 2]:.2f} ms, "
              f"p99 {times[int(len(times) * 0.99)]:.2f} ms")
    finally:
        await storage.close()


async def main() -> None:
    print(f"Metrics cost: {ROUNDS} interleaved pairs of {BURST} actions, {CONCURRENCY} players on {GAMES} games, "
          f"scraped every {SCRAPE_SECONDS} s when on")
    with tempfile.TemporaryDirectory() as folder:
        await ratio(Path(folder) / "bench.db", "on disk")
        await ratio(":memory:", "in memory")
        await scrape_times(Path(folder))


if __name__ == "__main__":
    asyncio.run(main())
