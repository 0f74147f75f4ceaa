"""The Discord bot process: settings → discord.py client → cogs → the game master service.

Sharding: with SHARD_COUNT (and SHARD_IDS) the process runs those gateway shards only — Discord sends
it the events of their servers (DM interactions come to shard 0, whose process forwards a DM click on a game
to the process of the game's server: bot/discord/forwarding.py) — and other processes run the rest,
sharing one PostgreSQL database (bot/table/core.py `hold`, bot/discord/shards.py)."""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any
from zoneinfo import ZoneInfo

import aiohttp
import discord
from discord.ext import commands
from PIL import Image

from bot import metrics, slow_steps
from bot.config import Settings
from bot.discord import budget
from bot.discord.attempts import install
from bot.discord.components import DYNAMIC_ITEMS, released
from bot.discord.forwarding import Forwarding
from bot.discord.gathering import hear_rsvps
from bot.discord.gathering_components import NIGHT_ITEMS
from bot.discord.observing import HealthServer, Observer
from bot.discord.service import GameMaster
from bot.discord.stopping import GracefulStop
from bot.discord.translator import CatalogTranslator
from bot.discord.urls import DISCORD_API_BASE_URL, ask_gateway_url, point_discord_at
from bot.gathering.times import DEFAULT_ZONE, read_time
from bot.i18n import LANGUAGES, catalog, t
from bot.morphology import analyser
from bot.process import (
    bound_malloc_arenas,
    bound_mmap_threshold,
    collect_rarely,
    collect_young_now_and_then,
    give_memory_back_now_and_then,
    tune_gc,
)
from bot.startup import StartupError
from bot.storage import Storage, open_storage
from bot.web.app import WebServer
from games import registry

log = logging.getLogger(__name__)


def warm_up() -> None:
    """What the first messages would otherwise load on the event loop (dateparser's languages: the first
    time a member types for /schedule, its autocomplete must answer within Discord's 3 seconds; Pillow's image
    formats, which the first picture saved imports: 12 ms)."""
    for language in LANGUAGES:
        catalog(language)
        read_time("21:00", language, ZoneInfo(DEFAULT_ZONE), 0.0)
    analyser()
    Image.preinit()

SAFE_MENTIONS = discord.AllowedMentions(everyone=False, users=False, roles=False, replied_user=False)
"""Every message by default: names and relayed text are players' words, and must never ping (a nickname
`@everyone`, a `<@&role>`). A message that means to ping says whom (a public prompt, the GM role)."""

EXTENSIONS = (
    "cogs.lobby", "cogs.moderation", "cogs.events",
    *(f"cogs.{registry.package(name)}" for name in registry.available()),  # each game's own cog: cogs/<package>.py
    "cogs.stats", "cogs.privacy", "cogs.spectators", "cogs.schedule",
)


def shard_ids(settings: Settings) -> list[int] | None:
    """The shards this process runs (None: not sharded, discord.py runs what Discord recommends)."""
    if settings.shard_count is None:
        return None
    return list(settings.shard_ids) if settings.shard_ids is not None else list(range(settings.shard_count))


class GameMasterTree(discord.app_commands.CommandTree):
    """The bot's slash commands: a command that fails is answered, never left unanswered
    (`GameMasterBot.on_app_command_error`)."""

    async def on_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        client = self.client
        assert isinstance(client, GameMasterBot)
        await client.on_app_command_error(interaction, error)


class GameMasterBot(commands.Bot):
    def __init__(
        self, settings: Settings, *, outbox_window: float | None = None, storage: Storage | None = None
    ) -> None:
        # Interactions need no gateway intents; guilds keeps channels and roles known (and tells of a
        # deleted channel or the bot removed from a server). No message events: the bot never reads
        # messages. The privileged members intent only when asked for (DISCORD_MEMBERS_INTENT): it
        # tells at once that a player left the server (cogs/events.py).
        intents = discord.Intents.none()
        intents.guilds = True
        intents.members = settings.discord_members_intent
        intents.voice_states = True  # who is in a live game's voice channel (bot/discord/voice.py)
        intents.guild_scheduled_events = True  # game nights' Discord events and who is Interested (cogs/schedule.py)
        shards: dict[str, object] = {}
        if isinstance(self, commands.AutoShardedBot):
            shards = {"shard_ids": shard_ids(settings), "shard_count": settings.shard_count}
        observer = None
        if settings.metrics_port is not None:
            metrics.enable()
            observer = Observer()
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, max_messages=None,
            allowed_mentions=SAFE_MENTIONS, http_trace=observer.trace if observer else None,
            guild_ready_timeout=settings.guild_ready_timeout_seconds, tree_cls=GameMasterTree, **shards,
        )
        if observer is not None:
            observer.watch(self)
        self.health: HealthServer | None = None
        self.web_server: WebServer | None = None
        self.stopping = False
        """Set by a graceful stop (bot/discord/stopping.py): /readyz then says not ready."""
        self.settings = settings
        self.outbox_window = outbox_window
        self.storage: Storage | None = storage
        self.game_master: GameMaster
        self.forwarding: Forwarding | None = None
        self._closing_once: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        install(self.http)  # callbacks and creations through the bot's own retries (before the gateway's task)
        budget.install(self.http, budget.Budget(budget.per_process(self.settings)), lambda: self.application_id)
        if self.storage is None:
            shards = shard_ids(self.settings)
            self.storage = await open_storage(self.settings.database, exclusive=True, shard_ids=shards)
        kwargs = {} if self.outbox_window is None else {"window": self.outbox_window}
        self.game_master = GameMaster(self, self.storage, self.settings, **kwargs)
        # DM clicks on another process's games go there (shard 0's process); taken here when forwarded here
        self.forwarding = Forwarding(
            self, self.storage, shard_ids(self.settings), enabled=self.settings.forward_dm_clicks
        )
        self.forwarding.install()
        await asyncio.to_thread(warm_up)  # catalogs and the Russian dictionary: off the loop, before the first line
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *NIGHT_ITEMS)
        hear_rsvps(self)
        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except commands.ExtensionNotFound:
                log.warning("extension %s is not available", extension)
        self.add_listener(self.game_master.on_interaction, "on_interaction")
        await self.game_master.start()
        await self.forwarding.start()
        if self.settings.metrics_port is not None:
            self.health = HealthServer(self, self.storage, self.settings)
            await self.health.start()
        if self.settings.web_port is not None:  # the web record, in this process (bot/web/)
            self.web_server = WebServer([self.storage], self.settings.web_host, self.settings.web_port)
            await self.web_server.start()
        tune_gc()
        if self.settings.slow_step_ms is not None:
            slow_steps.watch(self.settings.slow_step_ms)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        released(interaction)  # answered: freed at once, not left to the cyclic collector

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """Never leave a player with "The application did not respond": log it and say so."""
        try:
            await self._command_failed(interaction, error)
        finally:
            released(interaction)

    async def _command_failed(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        if isinstance(error, discord.app_commands.CheckFailure):
            return  # the check already answered
        what = f"command {getattr(interaction.command, 'qualified_name', '?')}"
        await self.game_master.report_failure(interaction, getattr(error, "original", error), what)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s)", self.user, getattr(self.user, "id", "?"))
        await self.game_master.resume_all()

    async def close(self) -> None:
        """Once, however many callers ask (a graceful stop, then `async with`'s exit, then run_bot's
        clean-up): each waits for the one close, so the database is never closed twice at once."""
        if self._closing_once is None:
            self._closing_once = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing_once)

    async def _close(self) -> None:
        if self.health is not None:
            await self.health.stop()
        if self.web_server is not None:
            await self.web_server.stop()
        if self.forwarding is not None:
            await self.forwarding.close()
        if hasattr(self, "game_master"):
            await self.game_master.close()
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None


class ShardedGameMasterBot(GameMasterBot, commands.AutoShardedBot):
    """The bot running the shards SHARD_IDS of SHARD_COUNT; other processes may run the others."""


def make_bot(settings: Settings, **kwargs: Any) -> GameMasterBot:
    return (ShardedGameMasterBot if settings.sharded else GameMasterBot)(settings, **kwargs)


def run_bot(settings: Settings) -> int:
    assert settings.discord_token is not None

    async def main() -> None:
        # the database first: a locked, read-only or already used one stops us before Discord sees us
        storage = await open_storage(settings.database, exclusive=True, shard_ids=shard_ids(settings))
        bot: GameMasterBot | None = None
        trimming = asyncio.create_task(give_memory_back_now_and_then(), name="malloc-trim")
        collecting = asyncio.create_task(collect_young_now_and_then(settings.gc_young_every_seconds), name="gc-young")
        try:
            gateway = settings.discord_gateway_url
            if gateway is None and settings.discord_api_base_url.rstrip("/") != DISCORD_API_BASE_URL:
                gateway = await ask_gateway_url(settings.discord_api_base_url)  # a plain client never asks
            point_discord_at(settings.discord_api_base_url, gateway)
            bot = make_bot(settings, storage=storage)
            stop = GracefulStop(bot, settings.shutdown_flush_seconds)
            stop.install()  # SIGTERM, SIGINT: answer what is under way, send what waits, close (exit 0)
            async with bot:
                await bot.start(settings.discord_token.get_secret_value())  # type: ignore[union-attr]
        finally:
            trimming.cancel()
            collecting.cancel()
            if bot is None:
                await storage.close()
            else:  # the bot closes it, once, whoever asked first
                await bot.close()

    language = settings.default_language
    bound_malloc_arenas()  # before any thread allocates (bot/process.py)
    bound_mmap_threshold()
    collect_rarely()  # while its games load too
    try:
        asyncio.run(main())
    except asyncio.CancelledError:  # a second SIGTERM or Ctrl-C during a graceful stop
        return 130
    except StartupError as error:
        print(t(language, error.key, **error.params), file=sys.stderr)
        return 1
    except ValueError as error:  # a malformed URL setting
        print(t(language, "startup-bad-setting", reason=str(error)), file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(t(language, "startup-login-refused"), file=sys.stderr)
        return 1
    except (aiohttp.ClientError, discord.DiscordServerError, discord.GatewayNotFound, OSError, TimeoutError) as error:
        # unreachable, or reachable but failing (a 5xx from GET /gateway or the API): one line, no traceback
        reason = f"{error.__class__.__name__}: {error}".strip().rstrip(":")
        print(t(language, "startup-cannot-reach", url=settings.discord_api_base_url, reason=reason), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        key = "startup-members-intent-refused" if settings.discord_members_intent else "startup-intent-refused"
        print(t(language, key), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0
