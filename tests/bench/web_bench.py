"""How fast the web record serves (figures printed, never asserted): `python -m tests.bench.web_bench`.

A 12-player Mafia game of bots, played to its end, served by `python -m bot web` in a process of its own (as
a host runs it; the bot's own process serves with the same code). Then, through HTTP on this machine:

- the first request of each page (its record read and rendered: what a page costs when nobody asked yet);
- 100 clients at once asking for the review page again and again (spoilers off, then on, gzip accepted as
  browsers do): each request's time from sending to the last byte, p50 / p90 / p99 / max, and pages per
  second. The clients run in this process, on the same cores as the server: the times include their share.
- 100 clients at once asking for a variant nobody asked for yet (it is made once; all wait for it);
- the page rendered without HTTP (its catalog lines and template), cold: what a cache miss costs in CPU.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from bot.benchmarking import percentile
from bot.config import ROOT
from bot.i18n import catalog
from bot.live import Seat
from bot.morphology import analyser
from bot.storage import open_storage
from bot.storage.web import web_secret
from bot.table import Table
from bot.web import pages
from bot.web.links import Links
from bot.web.record import load_record
from tests.web.games import free_port

PLAYERS = 12
CLIENTS = 100
ROUNDS = 20
"""Each client asks this many times (2,000 pages per variant)."""


async def made(db: Path) -> tuple[str, int]:
    storage = await open_storage(db)
    try:
        seats = [Seat(name=f"Игрок {n + 1}", bot=True) for n in range(PLAYERS)]
        game = await Table(storage).start("mafia", seats, seed=12, language="ru", guild_id=1, channel_id=2,
                                          meta={"place": {"server": "Bench", "channel": "mafia"}})
        assert not game.running
        return Links(await web_secret(storage)).token("game", game.id), game.id
    finally:
        await storage.close()


async def rendered(db: Path, game_id: int) -> float:
    """A cold render without HTTP (the record read, every line through the catalogs, the template), in ms."""
    storage = await open_storage(db)
    try:
        catalog("ru")
        analyser()  # loaded once per process: not the page's cost
        started = time.perf_counter()
        record = await load_record(storage, game_id)
        assert record is not None
        pages.game_page(record, "ru", True, "token", "../")
        return (time.perf_counter() - started) * 1000
    finally:
        await storage.close()


async def hammer(url: str, rounds: int = ROUNDS) -> tuple[list[float], float, int]:
    """CLIENTS clients asking for `url` `rounds` times each: each request's ms, pages per second, bytes a page."""
    times: list[float] = []
    size = 0

    async def client(http: aiohttp.ClientSession) -> None:
        nonlocal size
        for _ in range(rounds):
            started = time.perf_counter()
            async with http.get(url) as response:
                body = await response.read()
                assert response.status == 200
            times.append((time.perf_counter() - started) * 1000)
            size = len(body)

    connector = aiohttp.TCPConnector(limit=CLIENTS)
    async with aiohttp.ClientSession(connector=connector, auto_decompress=False,
                                     headers={"Accept-Encoding": "gzip"}) as http:
        started = time.perf_counter()
        await asyncio.gather(*(client(http) for _ in range(CLIENTS)))
        elapsed = time.perf_counter() - started
    return times, len(times) / elapsed, size


def figures(times: list[float]) -> str:
    return (f"p50 {percentile(times, 0.5):.1f} ms, p90 {percentile(times, 0.9):.1f} ms, "
            f"p99 {percentile(times, 0.99):.1f} ms,"
            f" max {max(times):.1f} ms, mean {statistics.fmean(times):.1f} ms")


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        started = time.perf_counter()
        token, game_id = await made(db)
        print(f"web record: a {PLAYERS}-player Mafia game played by bots in {time.perf_counter() - started:.1f} s")
        print(f"  render without HTTP, cold (record + catalogs + template, spoilers on): "
              f"{await rendered(db, game_id):.0f} ms")
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "PUBLIC_URL": "",
               "DATABASE_PATH": str(Path(folder) / "none.db")}
        server = subprocess.Popen([sys.executable, "-m", "bot", "web", "--db", str(db), "--port", str(port)],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            server.stdout.readline()  # serving
            base = f"http://127.0.0.1:{port}/game/{token}"
            for label, query in (("spoilers off", ""), ("spoilers on", "?spoilers=on")):
                async with aiohttp.ClientSession() as http:
                    first = time.perf_counter()
                    async with http.get(base + query) as response:
                        raw = len(await response.read())
                    first_ms = (time.perf_counter() - first) * 1000
                times, rate, gzipped = await hammer(base + query)
                print(f"  review page, {label}: {raw / 1024:.0f} KB ({gzipped / 1024:.0f} KB gzipped); first request "
                      f"{first_ms:.0f} ms")
                print(f"    {CLIENTS} clients at once, {len(times)} pages: {figures(times)}; {rate:.0f} pages/s")
            times, _, _ = await hammer(base + "?lang=en&spoilers=on", rounds=1)
            print(f"  {CLIENTS} clients at once asking for a page nobody asked for yet (made once, all wait for it):"
                  f" {figures(times)}")
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    asyncio.run(main())
