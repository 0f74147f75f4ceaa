"""The game master inside Discord: wires the parts that turn table deliveries into messages and
interactions into table inputs. Every game cog uses it; none talks to Discord on its own for
prompts, events or the status message.

    planning.py      a saved step → the delivery rows it needs
    delivering.py    saved rows → the outboxes, each kind as the message or edit that shows it
    outboxes.py      every destination's paced outbox, and their journal
    presenting.py    a prompt or the status → content, components, allowed mentions
    standing.py      messages kept up to date in place (status, order sheets, the Join button)
    interactions.py  answers, modals, the private view, refusals
    channel.py, relay.py, flow.py, shards.py   the managed channel, anonymous speech, a phase's
                     extras (deadlines, live messages, dossiers, the final log), several processes
    gathering.py     game nights: their kinds of rows (sign-up message, Discord event, DMs), registered
                     in Deliveries.kinds; the nights themselves run in the scheduler (bot/gathering/)
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot import metrics
from bot.config import Settings
from bot.discord import presenting
from bot.discord.achievements import KIND as ACHIEVEMENTS
from bot.discord.achievements import AchievementPost
from bot.discord.channel import ChannelKeeper
from bot.discord.delivering import Deliveries
from bot.discord.flow import Flow
from bot.discord.gathering import Gathering
from bot.discord.graveyard import FEED, Graveyard
from bot.discord.graveyard import KIND as GRAVEYARD
from bot.discord.interactions import Interactions
from bot.discord.memory import Memory
from bot.discord.outbox import WINDOW_SECONDS
from bot.discord.outboxes import Outboxes
from bot.discord.planning import Planner
from bot.discord.priority import Foreground
from bot.discord.relay import Relay
from bot.discord.replies import Replies, ephemeral
from bot.discord.shards import Cluster
from bot.discord.spectators import Spectators
from bot.discord.standing import Standing
from bot.discord.voice import KIND as VOICE
from bot.discord.voice import VoiceKeeper
from bot.gathering.nights import Nights
from bot.i18n import normalize, render
from bot.lobby import Lobby, LobbyLimits
from bot.scheduler import Scheduler
from bot.storage import DeliveryRow, Storage
from bot.storage.web import web_off_guilds, web_secret
from bot.table import Table
from bot.web.links import BotLinks, Links
from games.core.orders import sheet_of


class GameMaster:
    def __init__(
        self, bot: commands.Bot, storage: Storage, settings: Settings, *, window: float | None = None
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.window = window or getattr(settings, "outbox_window_seconds", None) or WINDOW_SECONDS
        self.table = table = Table(storage)
        self.scheduler = Scheduler(table)
        self.lobby = Lobby(storage, table, LobbyLimits(
            max_per_server=settings.lobby_max_per_server, idle_seconds=settings.lobby_idle_minutes * 60.0,
            openings_per_hour=settings.lobby_openings_per_hour,
        ))
        self.memory = memory = Memory()
        self.replies = Replies()
        """Players' latest interactions, whose tokens carry messages outside Discord's global rate limit
        (bot/discord/replies.py)."""
        self.foreground = Foreground()
        self.outboxes = Outboxes(bot, storage, table, memory, self.replies, self.window, self.foreground)
        self.standing = Standing(bot, storage, table, memory, self.replies)
        self.channels = ChannelKeeper(bot, storage, table, memory, self.outboxes)
        """Who may write in each game's channel (its permission overwrites): bot/discord/channel.py."""
        self.graveyard = Graveyard(bot, storage, table, memory, self.channels)
        """The dead's private thread and its feed of the whole game: bot/discord/graveyard.py."""
        self.relay = Relay(bot, table, self.outboxes, self.channels, self.graveyard.outbox)
        """Players of a game that hides them speak through the bot: bot/discord/relay.py."""
        self.channels.webhooks = self.relay
        self.flow = Flow(bot, storage, table, memory, self.outboxes)
        """Deadlines shown at a phase's start, live messages, moderator notices, dossiers, the final log:
        bot/discord/flow.py."""
        self.planner = Planner(table, memory, self.flow, self.channels)
        self.voice = VoiceKeeper(bot, table, self.channels)
        """Server mutes in a live game's voice channel: bot/discord/voice.py."""
        self.achievements = AchievementPost(bot, storage, memory)
        """A finished game's achievements, in its channel after the final reveal: bot/discord/achievements.py."""
        self.planner.extras += [self.graveyard.plan, self.voice.plan, self.achievements.plan]
        self.flow.appliers |= {GRAVEYARD: self.graveyard.apply, VOICE: self.voice.apply,
                               ACHIEVEMENTS: self.achievements.apply}
        self.spectators = Spectators(storage, table, self.graveyard, self._deliver_rows)
        """Members watching a game from its graveyard (or spectators') thread: bot/discord/spectators.py."""
        self.cluster = Cluster(storage, table, memory, enqueue=self._enqueue, forget=self._forget_caches)
        """Several bot processes on one database: delivery order, a dead one's rows: bot/discord/shards.py."""
        self.deliveries = Deliveries(
            table, storage, memory, self.outboxes, self.planner, self.standing, self.flow, self.channels, self.cluster
        )
        self.deliveries.routes |= {GRAVEYARD: self.graveyard.route, FEED: self.graveyard.route}  # its own outbox
        self.interactions = Interactions(
            table, storage, memory, self.replies, self.relay, self._enqueue, self.foreground
        )
        self.nights = Nights(storage, self.lobby, table)
        """Game nights planned ahead, fired by the one scheduler: bot/gathering/nights.py."""
        self.gathering = Gathering(bot, self.nights, self.outboxes, self._enqueue)
        """What nights send, each kind sent by one class: bot/discord/gathering.py."""
        self.deliveries.kinds.update(self.gathering.kinds)
        self.scheduler.others.append(self.nights)
        self.nights.queue = self._enqueue
        self.nights.listed = self.gathering.listed
        self.nights.started.append(self.standing.retire_join_button)
        table.planner = self.planner.plan
        table.listeners.append(self.deliveries.on_delivery)
        table.listeners.append(self.channels.on_delivery)
        self._resumed = False
        self.web = BotLinks(Links(b""), set())
        """The links to the web record the bot gives (bot/web/links.py), with its key once started."""

        # what the cogs use
        self.gone_channels = memory.gone_channels
        self.channel_outbox = self.outboxes.channel_outbox
        self.dm_outbox = self.outboxes.dm_outbox
        self.dm_channel_id = self.outboxes.dm_channel_id
        self.tell_moderators = self.outboxes.tell_moderators
        self.retire_join_button = self.standing.retire_join_button
        self.on_interaction = self.interactions.on_interaction
        self.report_failure = self.interactions.report_failure
        self.ephemeral = ephemeral
        self.refusal = presenting.refusal
        self.public_player = presenting.public_player
        self.status_text = presenting.status_text
        self.seat_language = presenting.seat_language

    async def _deliver_rows(self, rows: list[DeliveryRow]) -> None:
        await self.deliveries.deliver(rows)

    def _enqueue(self, rows: list[DeliveryRow]) -> None:
        metrics.deliveries_queued(row.id for row in rows)
        self.deliveries.enqueue(rows)

    def _forget_caches(self, game_id: int) -> None:
        self.flow.forget(game_id)
        self.channels.planned.pop(game_id, None)
        self.graveyard.forget(game_id)

    # --- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        """Before anything new can happen (the scheduler, interactions): queue what earlier runs
        saved but did not send, in order, so it goes out before anything newer."""
        await self.storage.prune_deliveries()
        self.web = BotLinks(Links(await web_secret(self.storage), self.settings.web_base()),
                            await web_off_guilds(self.storage))
        self.flow.web_link = self.web.game
        await self.table.load_unfinished()
        await self.table.record_missing_results()  # before the achievements' rows read them
        self.memory.sent = await self.storage.posted_prompts()
        for game_id, prompt_id, channel_id, message_id in await self.storage.prompt_messages():
            if (sheet := sheet_of(prompt_id)) is not None:
                self.memory.sheet_messages[(game_id, sheet)] = (channel_id, message_id)
        self._enqueue(await self.storage.waiting_deliveries())
        self.scheduler.start()
        self.cluster.start()

    async def resume_all(self) -> None:
        """After (re)connecting: post any prompt never queued (games saved before the outbox, a seat
        that changed hands) and bring status messages up to date."""
        if self._resumed:
            return
        self._resumed = True
        for game in list(self.table.games.values()):
            async with self.table.hold(game):
                if game.running:  # (another process may have ended it)
                    await self.deliveries.refresh(game)
        await self.voice.resume()  # the voice channels' mutes as the games want them now

    async def close(self) -> None:
        await self.scheduler.stop()
        await self.cluster.close()
        await self.outboxes.close()

    async def drained(self) -> None:
        """Every queued message sent (tests and shutdown)."""
        await self.outboxes.drained()

    # --- languages and texts for cogs -----------------------------------------------------------
    async def guild_language(self, guild_id: int | None, guild_locale: object = None) -> str:
        """The server's chosen language, else the server's own Discord locale, else the default."""
        if guild_id is not None:
            chosen = (await self.storage.guild_settings(guild_id)).get("language")
            if chosen:
                return normalize(chosen)
        if guild_locale is not None:
            locale = str(getattr(guild_locale, "value", guild_locale))
            if normalize(locale) == locale.split("-")[0].lower():
                return normalize(locale)
        return normalize(self.settings.default_language)

    def text(self, language: str | None, key: str, **params: Any) -> str:
        return render(language, key, params, str)
