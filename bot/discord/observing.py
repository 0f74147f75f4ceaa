"""The metrics and health endpoint (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default), served by
aiohttp.web inside the bot's own event loop, and what feeds bot/metrics.py from the Discord side.

    /metrics   Prometheus' text format (prometheus-client's `generate_latest`)
    /healthz   200 while the process runs its event loop
    /readyz    200 when the gateway is connected, the database answers and no delivery has waited
               longer than READY_MAX_DELIVERY_AGE_SECONDS; else 503, with what is wrong (JSON)

Every REST request is seen once, where it ends, through an aiohttp trace on discord.py's own session
(`http_trace`): whether it counted against the global rate limit, a 429's scope, and for an
interaction's answer the time since Discord made the interaction (its id is a snowflake: it carries
that moment), and the bot's own share of it: from the parse to the answer's request leaving the bot, and for
a prompt's answer where that time went (`metrics.clicked`, `metrics.PHASES`).
Interactions are counted where discord.py parses them. Nothing here reads a user id,
a name or a chosen value into a label.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from typing import Any

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot import metrics
from bot.config import Settings
from bot.discord.budget import CALLBACK, exempt
from bot.discord.forwarding import FORWARDED_AT
from bot.discord.parsing import Parse, around_interactions
from bot.run_queue import RunQueueDelay
from bot.storage import Storage, shard_of
from bot.storage.away import log_failure
from bot.storage.operations import ping, unfinished_games, waiting_deliveries

log = logging.getLogger(__name__)

INTERACTION_KINDS = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}
REMEMBERED = 2048
"""Interactions whose shard is remembered until their answer (an answer comes within seconds)."""
DATABASE_TIMEOUT = 2.0


class Observer:
    """Counts the bot's interactions and REST requests into bot/metrics.py (made before the bot, whose
    session needs the trace; told the bot once it exists)."""

    def __init__(self) -> None:
        self.bot: discord.Client | None = None
        self._shards: OrderedDict[int, tuple[int, float | None, str, float | None]] = OrderedDict()
        """Interaction id → its shard, when it was parsed (monotonic) until its first answer leaves, how it came
        (made in a server, in a DM, in a DM and forwarded by another process), and the event loop's run-queue delay
        then (None: not known)."""
        self._run_queue = RunQueueDelay()
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_start.append(self._request_started)
        self.trace.on_request_end.append(self._request_ended)

    @property
    def shard_count(self) -> int:
        return (self.bot.shard_count if self.bot is not None else None) or 1

    def watch(self, bot: discord.Client) -> None:
        """Count each interaction where discord.py parses it (one call, no task of its own)."""
        self.bot = bot

        def interaction_create(data: Any, parse: Parse) -> None:
            guild = data.get("guild_id")
            shard = shard_of(int(guild) if guild else None, self.shard_count)
            metrics.interaction(shard, INTERACTION_KINDS.get(data.get("type"), "other"))
            forwarded = data.get(FORWARDED_AT)  # received by shard 0's process then: the bot's share counts from then
            received = time.monotonic() - (max(0.0, time.time() - forwarded) if forwarded else 0.0)
            via = "server" if guild else "dm-forwarded" if forwarded else "dm"
            self._shards[int(data["id"])] = (shard, received, via, self._run_queue.waited())
            if len(self._shards) > REMEMBERED:
                self._shards.popitem(last=False)
            with metrics.clicked(received, via):  # the handler's task inherits the clock of its phases
                parse(data)

        around_interactions(bot, interaction_create)

    async def _request_started(self, session: Any, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        answer = CALLBACK.search(params.url.path)
        if answer is None or (known := self._shards.get(int(answer.group(1)))) is None:
            return
        shard, parsed, via, waited = known
        if parsed is not None:  # once: a retried answer is the same answer
            now_waited = self._run_queue.waited() if waited is not None else None
            core_wait = None if waited is None or now_waited is None else now_waited - waited
            metrics.handling(shard, time.monotonic() - parsed, via, core_wait)
            metrics.answered()
            self._shards[int(answer.group(1))] = (shard, None, via, None)

    async def _request_ended(self, session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        path = params.url.path
        status = params.response.status
        answer = CALLBACK.search(path)
        application = self.bot.application_id if self.bot is not None else None
        metrics.rest_request(exempt(path, application), status, params.response.headers.get("X-RateLimit-Scope"))
        if answer is not None and status < 400:
            interaction_id = int(answer.group(1))
            shard = self._shards.pop(interaction_id, (0, 0.0, "server", None))[0]
            metrics.first_response(shard, time.time() - discord.utils.snowflake_time(interaction_id).timestamp())


LAG_EVERY_SECONDS = 0.25


async def watch_loop_lag() -> None:
    """How late the loop runs a timer due every LAG_EVERY_SECONDS: the wait of anything ready behind the work
    before it (a click's handling among it), as a histogram."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + LAG_EVERY_SECONDS
        await asyncio.sleep(LAG_EVERY_SECONDS)
        metrics.loop_lag(loop.time() - due)


class HealthServer:
    """/metrics, /healthz and /readyz on METRICS_HOST:METRICS_PORT, in the bot's event loop."""

    def __init__(self, bot: Any, storage: Storage, settings: Settings) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self._runner: web.AppRunner | None = None
        self._lag: asyncio.Task[None] | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.settings.metrics_host, self.settings.metrics_port)
        await site.start()
        self._lag = asyncio.create_task(watch_loop_lag(), name="event loop lag")
        log.info("metrics and health on http://%s:%s/metrics", self.settings.metrics_host, self.settings.metrics_port)

    async def stop(self) -> None:
        if self._lag is not None:
            self._lag.cancel()
            self._lag = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _shards_here(self) -> set[int] | None:
        ids = getattr(self.bot, "shard_ids", None)
        return set(ids) if ids else None

    def _connected(self) -> bool:
        """Ready, not stopping, and every gateway connection open now (one per shard when sharded)."""
        bot = self.bot
        if not bot.is_ready() or bot.is_closed() or getattr(bot, "stopping", False):
            return False
        shards = getattr(bot, "shards", None)
        if isinstance(shards, dict) and shards:
            return all(not shard.is_closed() for shard in shards.values())
        socket = getattr(bot, "ws", None)
        return socket is None or bool(getattr(socket, "open", True))

    async def _metrics(self, request: web.Request) -> web.Response:
        """Everything the process counts; the games' and deliveries' gauges read from the database first. A database
        that does not answer leaves those two as last read and the rest still goes out: a scrape during a PostgreSQL
        restart was a 500 with a traceback, and lost the counters that would show the restart."""
        try:
            found = await asyncio.wait_for(unfinished_games(self.storage), DATABASE_TIMEOUT)
            waiting = await asyncio.wait_for(waiting_deliveries(self.storage), DATABASE_TIMEOUT)
        except TimeoutError:
            log.warning("/metrics: the database did not answer in %.0f s; the games and deliveries waiting are as "
                        "last read", DATABASE_TIMEOUT)
        except Exception as error:  # away: one line; a defect: its traceback (the scrape still answers)
            log_failure(log, error, "/metrics: the games and deliveries waiting are as last read")
        else:
            count = self.bot.shard_count or 1
            here = self._shards_here()
            games: dict[tuple[str, str, int], int] = {}
            for game, state, guild_id, number in found:
                shard = shard_of(guild_id, count)
                if here is None or shard in here:  # each process tells of its own shards' games
                    games[(game, state, shard)] = games.get((game, state, shard), 0) + number
            metrics.games(games)
            metrics.waiting(*waiting)
        return web.Response(body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, request: web.Request) -> web.Response:
        report: dict[str, Any] = {"gateway": self._connected()}
        try:
            await asyncio.wait_for(ping(self.storage), DATABASE_TIMEOUT)
            report["database"] = True
            oldest = metrics.waiting(*await asyncio.wait_for(waiting_deliveries(self.storage), DATABASE_TIMEOUT))
        except Exception as error:  # a database that does not answer, whatever the reason
            report["database"] = False
            report["database_error"] = error.__class__.__name__
            oldest = 0.0
        report["oldest_delivery_seconds"] = round(oldest, 3)
        report["deliveries"] = oldest <= self.settings.ready_max_delivery_age_seconds
        ready = report["gateway"] and report["database"] and report["deliveries"]
        report["ready"] = ready
        return web.Response(status=200 if ready else 503, text=json.dumps(report) + "\n",
                            content_type="application/json")
