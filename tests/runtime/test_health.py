"""/readyz says which part is not ready (a delivery waiting too long, a gateway not connected, a stop
under way), LOG_FORMAT=json lines carry the game a line is about, and /metrics tells how long the event loop
was held."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot import metrics
from bot.config import Settings
from bot.discord.observing import HealthServer, watch_loop_lag
from bot.discord.outbox import Message, Outbox
from bot.logs import TEXT_FORMAT, JsonFormatter, RedactTokens
from bot.scheduler import Scheduler
from bot.storage import open_storage
from bot.storage.operations import ping, unfinished_games, waiting_deliveries
from bot.table import Table
from tests.endpoints import free_port, get
from tests.runtime.databases import Database
from tests.runtime.helpers import humans


class FakeBot:
    """What the endpoint asks of the bot."""

    shard_count = None
    shard_ids = None

    def __init__(self) -> None:
        self.ready = True
        self.stopping = False

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return False


async def readyz(port: int) -> tuple[int, dict[str, object]]:
    status, text = await get(port, "/readyz")
    return status, json.loads(text)


async def test_readiness_fails_for_an_old_delivery_a_lost_gateway_or_a_stop(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "bot.db")
    game = await Table(storage).start("cookie", humans(4), seed=3)
    async with storage.transaction() as tx:
        await tx.execute(
            "INSERT INTO deliveries (game_id, step, kind, channel_id, body) VALUES (?, 0, 'text', 1, '{}')", (game.id,)
        )
    settings = Settings(metrics_port=free_port(), ready_max_delivery_age_seconds=0.2)
    bot = FakeBot()
    server = HealthServer(bot, storage, settings)
    await server.start()
    try:
        status, report = await readyz(settings.metrics_port)  # type: ignore[arg-type]
        assert (status, report["ready"], report["deliveries"]) == (200, True, True)
        await asyncio.sleep(0.3)
        status, report = await readyz(settings.metrics_port)  # type: ignore[arg-type]
        assert (status, report["deliveries"], report["gateway"], report["database"]) == (503, False, True, True)
        assert float(report["oldest_delivery_seconds"]) >= 0.2  # type: ignore[arg-type]

        async with storage.transaction() as tx:
            await tx.execute("UPDATE deliveries SET state = 1")
        assert (await readyz(settings.metrics_port))[0] == 200  # type: ignore[arg-type]
        bot.ready = False
        status, report = await readyz(settings.metrics_port)  # type: ignore[arg-type]
        assert (status, report["gateway"]) == (503, False)
        bot.ready, bot.stopping = True, True
        assert (await readyz(settings.metrics_port))[0] == 503  # type: ignore[arg-type]
    finally:
        await server.stop()
        await storage.close()


async def test_a_scrape_counts_the_waiting_deliveries_in_the_database_not_by_reading_each(tmp_path: Path) -> None:
    """A backlog of thousands of waiting rows (the scale run at 1,000 games): the scrape asks the database how many
    and the oldest, it does not read every id into the bot (5% of the bots' CPU in py-spy)."""
    storage = await open_storage(tmp_path / "bot.db")
    game = await Table(storage).start("cookie", humans(4), seed=3)
    async with storage.transaction() as tx:
        await tx.executemany(
            "INSERT INTO deliveries (game_id, step, kind, channel_id, body) VALUES (?, 0, 'text', 1, '{}')",
            [(game.id,)] * 300,
        )
    read: list[int] = []
    fetch = storage._fetchall

    async def counted(sql: str, params: Iterable[object] = ()) -> list[tuple[object, ...]]:
        rows = await fetch(sql, params)
        read.append(len(rows))
        return rows

    storage._fetchall = counted  # type: ignore[method-assign]
    settings = Settings(metrics_port=free_port())
    server = HealthServer(FakeBot(), storage, settings)
    await server.start()
    try:
        status, text = await get(settings.metrics_port, "/metrics")  # type: ignore[arg-type]
        assert status == 200
        assert "gamemaster_deliveries_waiting 300.0" in text
        assert read and max(read) < 10, f"the scrape read {max(read)} rows from the database"
        await asyncio.sleep(0.2)
        await get(settings.metrics_port, "/metrics")  # type: ignore[arg-type]
        oldest = metrics.REGISTRY.get_sample_value("gamemaster_delivery_oldest_seconds")
        assert oldest is not None and oldest >= 0.2, "the oldest has waited since the first scrape saw it"
    finally:
        await server.stop()
        await storage.close()


async def test_a_scrape_with_the_database_away_still_answers_with_the_gauges_as_last_read(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    """Found by the scale run: a scrape during the PostgreSQL restart was a 500 with a traceback at ERROR, and the
    counters that would show the restart were lost with it."""
    storage = await open_storage(tmp_path / "bot.db")
    game = await Table(storage).start("cookie", humans(4), seed=3)
    async with storage.transaction() as tx:
        await tx.execute(
            "INSERT INTO deliveries (game_id, step, kind, channel_id, body) VALUES (?, 0, 'text', 1, '{}')", (game.id,)
        )
    settings = Settings(metrics_port=free_port())
    server = HealthServer(FakeBot(), storage, settings)
    await server.start()
    fetch = storage._fetchall
    try:
        assert "gamemaster_deliveries_waiting 1.0" in (await get(settings.metrics_port, "/metrics"))[1]  # type: ignore[arg-type]

        async def away(sql: str, params: Iterable[object] = ()) -> list[tuple[object, ...]]:
            raise ConnectionRefusedError("the server restarts")

        storage._fetchall = away  # type: ignore[method-assign]
        with caplog.at_level(logging.WARNING):
            status, text = await get(settings.metrics_port, "/metrics")  # type: ignore[arg-type]
        assert status == 200
        assert "gamemaster_deliveries_waiting 1.0" in text, "the gauge as last read"
        assert "# TYPE gamemaster_interactions_total counter" in text, "the counters still go out"
        assert [r.levelname for r in caplog.records if "/metrics" in r.getMessage()] == ["WARNING"]
        assert not any(r.exc_info for r in caplog.records)
    finally:
        storage._fetchall = fetch  # type: ignore[method-assign]
        await server.stop()
        await storage.close()


def test_json_log_lines_name_their_game_and_keep_the_template() -> None:
    formatter = JsonFormatter(shards=[0, 1])
    record = logging.LogRecord("bot.discord.relay", logging.WARNING, __file__, 1,
                               "game %s: relaying failed: %s", (42, "timeout"), None)
    line = json.loads(formatter.format(record))
    assert line["game_id"] == 42 and line["shards"] == [0, 1]
    assert line["event"] == "game %s: relaying failed: %s"
    assert line["message"] == "game 42: relaying failed: timeout"
    other = logging.LogRecord("bot.scheduler", logging.INFO, __file__, 1, "deadline %s/%s fired (%s)",
                              (7, "p1", "acted"), None)
    other.game_id = 7
    assert json.loads(formatter.format(other))["game_id"] == 7


def test_a_line_never_carries_a_webhooks_or_an_interactions_token() -> None:
    """discord.py's webhook adapter logs whole URLs at DEBUG (an interaction's follow-up, a seat webhook's post):
    whatever the level or the format, the line keeps the id and loses the token, in the arguments, the
    message and an exception's text alike."""
    hook, interaction = "hOoKtOkEn-123_abc", "aW50ZXJhY3Rpb246MTIz"

    def records() -> list[logging.LogRecord]:
        url = f"https://discord.com/api/v10/webhooks/111/{hook}?wait=true"
        adapter = logging.LogRecord("discord.webhook.async_", logging.DEBUG, __file__, 1,
                                    "Webhook ID %s with %s %s has returned status code %s",
                                    (111, "POST", url, 200), None)
        inline = logging.LogRecord("discord.http", logging.WARNING, __file__, 1,
                                   f"POST /interactions/222/{interaction}/callback responded with 429", None, None)
        try:
            raise RuntimeError(f"500 at /webhooks/333/{interaction}/messages/@original")
        except RuntimeError:
            failed = logging.LogRecord("bot", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
        return [adapter, inline, failed]

    for formatter in (logging.Formatter(TEXT_FORMAT), JsonFormatter()):
        for record in records():
            assert RedactTokens().filter(record)
            line = formatter.format(record)
            assert hook not in line and interaction not in line, line
            assert "/111/***" in line or "/222/***" in line or "/333/***" in line, line


async def test_the_endpoint_reads_work_on_each_backend(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        running = await table.start("cookie", humans(4), seed=5)
        await table.start("cookie", humans(4), seed=6)
        async with storage.transaction() as tx:
            await tx.execute("UPDATE games SET paused = 1 WHERE id <> ?", (running.id,))
            await tx.execute(
                "INSERT INTO deliveries (game_id, step, kind, channel_id, body) VALUES (?, 0, 'text', 1, '{}')",
                (running.id,),
            )
        await ping(storage)
        ((delivery_id,),) = await storage.read("SELECT id FROM deliveries")
        assert await waiting_deliveries(storage) == (1, delivery_id), "how many, and the oldest"
        games = sorted(await unfinished_games(storage))
        assert games == [("cookie", "paused", None, 1), ("cookie", "running", None, 1)]
    finally:
        await storage.close()


async def test_the_outbox_counts_retries_and_drops_by_reason() -> None:
    def count(name: str, **labels: str) -> float:
        return metrics.REGISTRY.get_sample_value(name, labels) or 0.0

    before = (count("gamemaster_delivery_retries_total"), count("gamemaster_delivery_drops_total", reason="unwanted"),
              count("gamemaster_delivery_drops_total", reason="refused"))
    failed_once: list[str] = []

    async def send(content: str, extra: dict[str, object]) -> str:
        if content == "flaky" and not failed_once:
            failed_once.append(content)
            raise TimeoutError  # Discord did not answer in time: tried again
        if content == "refused":
            raise RuntimeError("403")  # permanent: given up
        return content

    metrics.enable()
    try:
        outbox = Outbox(send, window=0.05)
        outbox.put_message(Message(content="flaky"))
        outbox.put_message(Message(content="answered meanwhile", wanted=lambda: False))
        outbox.put_message(Message(content="refused"))
        await outbox.drained()
    finally:
        metrics.disable()
    after = (count("gamemaster_delivery_retries_total"), count("gamemaster_delivery_drops_total", reason="unwanted"),
             count("gamemaster_delivery_drops_total", reason="refused"))
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1]


async def test_a_deadline_fired_late_is_measured_by_how_late(setup) -> None:  # type: ignore[no-untyped-def]
    table, clock, _database, _delivered = setup
    await table.start("cookie", humans(4), seed=9)  # four choices, due in 90 s
    clock.advance(95)  # the bot was busy: they fire 5 s late
    before = metrics.REGISTRY.get_sample_value("gamemaster_deadline_lateness_seconds_count") or 0.0
    late = metrics.REGISTRY.get_sample_value("gamemaster_deadline_lateness_seconds_bucket", {"le": "2.0"}) or 0.0
    metrics.enable()
    try:
        assert await Scheduler(table).run_due() >= 4
    finally:
        metrics.disable()
    count = metrics.REGISTRY.get_sample_value("gamemaster_deadline_lateness_seconds_count")
    assert count is not None and count - before >= 4
    within_two = metrics.REGISTRY.get_sample_value("gamemaster_deadline_lateness_seconds_bucket", {"le": "2.0"})
    assert within_two == late, "none of them was on time"


def sample(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


async def test_a_garbage_collection_and_a_busy_event_loop_are_measured_by_how_long_they_stopped_it() -> None:
    collections = sample("gamemaster_gc_pause_seconds_count", generation="2")
    lags = sample("gamemaster_event_loop_lag_seconds_count")
    late = sample("gamemaster_event_loop_lag_seconds_bucket", le="0.1")
    metrics.enable()
    watch = asyncio.create_task(watch_loop_lag())
    try:
        await asyncio.sleep(0.01)  # the watch has set its first timer
        time.sleep(0.4)  # a step that holds the loop: the timer due in 0.25 s runs at least 0.15 s late
        await asyncio.sleep(0.05)
        gc.collect()
    finally:
        watch.cancel()
        metrics.disable()
    assert sample("gamemaster_gc_pause_seconds_count", generation="2") == collections + 1
    assert sample("gamemaster_event_loop_lag_seconds_count") == lags + 1
    assert sample("gamemaster_event_loop_lag_seconds_bucket", le="0.1") == late, "it ran more than 0.1 s late"
