"""The game master inside Discord: builds the parts that turn table deliveries into messages and
interactions into table inputs, each given what it uses when it is made. Every game cog uses it; none talks
to Discord on its own for prompts, events or the status message.

    kinds.py         the delivery kind: how a kind of row is planned and sent (the registry: `KINDS` here)
    planning.py      a saved step → the delivery rows it needs (each kind's, in the registry's order)
    delivering.py    saved rows → the outboxes, each as its kind sends it
    outboxes.py      every destination's paced outbox, and their journal
    presenting.py    a prompt or the status → content, components, allowed mentions
    standing.py      messages kept up to date in place (status, order sheets, the Join button)
    prompts.py       the prompts, posted to their players
    interactions.py  answers, modals, the private view, refusals
    pictures.py      the games' pictures, as each game's spec draws them (games/registry.py)
    channel.py, relay.py, flow.py, shards.py   the managed channel, anonymous speech, a phase's
                     extras (deadlines, live messages, dossiers, the final log), several processes
    gathering.py     game nights' kinds (sign-up message, Discord event, DMs); the nights themselves run in
                     the scheduler (bot/gathering/)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from discord.ext import commands

from bot import metrics
from bot.config import Settings
from bot.discord import presenting
from bot.discord.achievements import AchievementPost
from bot.discord.channel import ChannelKeeper
from bot.discord.delivering import Deliveries
from bot.discord.dm_reach import DmReach
from bot.discord.flow import Flow
from bot.discord.gathering import Gathering
from bot.discord.graveyard import Graveyard
from bot.discord.interactions import Interactions
from bot.discord.kinds import Kind, Kinds
from bot.discord.outbox import WINDOW_SECONDS
from bot.discord.outboxes import Outboxes
from bot.discord.pictures import Pictures
from bot.discord.planning import Planner, Texts
from bot.discord.priority import Foreground
from bot.discord.prompts import Prompts
from bot.discord.relay import Relay
from bot.discord.replies import Replies, ephemeral
from bot.discord.shards import Cluster
from bot.discord.spectators import Spectators
from bot.discord.standing import Standing
from bot.discord.voice import VoiceKeeper
from bot.gathering.model import Schedule
from bot.gathering.nights import Nights
from bot.i18n import normalize, render
from bot.live import Delivery, LiveGame, Step
from bot.lobby import Lobby, LobbyLimits
from bot.scheduler import OTHERS_GRACE_SECONDS, Scheduler
from bot.storage import DeliveryRow, OwnShards, Storage, database_away, log_failure
from bot.storage.web import web_off_guilds, web_secret
from bot.table import Table
from bot.table.elsewhere import EndedElsewhere
from bot.web.links import BotLinks, Links, OffServersReread

log = logging.getLogger(__name__)
RESUME_RETRY_SECONDS = 1.0
"""How long resuming waits before trying a game again while the database is out of reach (a restart)."""

KINDS: list[Callable[[GameMaster], Kind]] = [
    # every delivery kind, in the order a step's rows are planned (bot/discord/kinds.py)
    lambda gm: gm.flow.lines,  # the public events: lines (with a phase's deadline) and live messages
    lambda gm: gm.flow.notices,  # for the moderators
    lambda gm: gm.flow.handovers,
    lambda gm: gm.flow.dossiers,
    lambda gm: gm.flow.archives,
    lambda gm: gm.texts,  # private events and reminders, in DMs
    lambda gm: gm.pictures,
    lambda gm: gm.prompts,  # and the order sheets' `edit` rows
    lambda gm: gm.standing.edit,
    lambda gm: gm.standing.sheet_closed,
    lambda gm: gm.channels.kind,
    lambda gm: gm.graveyard.kind,  # and its `graveyard-feed` rows
    lambda gm: gm.graveyard.feed,
    lambda gm: gm.voice.kind,
    lambda gm: gm.achievements,
    lambda gm: gm.standing.status,
    lambda gm: gm.standing.lobby,
    lambda gm: gm.gathering.signup,  # a game night's rows, planned with the night's changes (bot/gathering/)
    lambda gm: gm.gathering.event,
    lambda gm: gm.gathering.dm,
]
"""The registry of delivery kinds: adding one is its own module and one line here (README, "Adding what the
bot sends")."""


class GameMaster:
    def __init__(
        self, bot: commands.Bot, storage: Storage, settings: Settings, *, window: float | None = None
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.window = window or getattr(settings, "outbox_window_seconds", None) or WINDOW_SECONDS
        self.table = table = Table(
            storage, planner=self._plan, listeners=[self._note_behind, self._queue_rows, self._note_channel],
            reloaded=[self._reloaded],
        )
        self.lobby = Lobby(storage, table, LobbyLimits(
            max_per_server=settings.lobby_max_per_server, idle_seconds=settings.lobby_idle_minutes * 60.0,
            openings_per_hour=settings.lobby_openings_per_hour,
        ))
        self.replies = Replies()
        """Players' latest interactions, whose tokens carry messages outside Discord's global rate limit
        (bot/discord/replies.py)."""
        self.foreground = Foreground()
        self.outboxes = outboxes = Outboxes(bot, storage, table, self.replies, self.window, self.foreground,
                                            DmReach(storage, settings.join_dm_test_hours))
        self.web = BotLinks(Links(b""), set())
        """The links to the web record the bot gives (bot/web/links.py), with its key once started."""
        self.standing = Standing(bot, storage, table, outboxes, self.replies)
        self.prompts = Prompts(storage, table, outboxes, self.standing)
        self.texts = Texts(outboxes, table.clock)
        self.pictures = Pictures(outboxes, storage)
        """The games' pictures, as their specs draw them: bot/discord/pictures.py."""
        self.graveyard = Graveyard(bot, storage, table, outboxes)
        """The dead's private thread and its feed of the whole game: bot/discord/graveyard.py."""
        self.relay = Relay(bot, table, outboxes, self.graveyard.outbox)
        """Players of a game that hides them speak through the bot: bot/discord/relay.py."""
        self.channels = ChannelKeeper(bot, table, outboxes, self.relay)
        """Who may write in each game's channel (its permission overwrites): bot/discord/channel.py."""
        self.flow = Flow(bot, storage, table, outboxes, self.prompts, self.standing, self.web)
        """Deadlines shown at a phase's start, live messages, moderator notices, dossiers, the final log:
        bot/discord/flow.py."""
        self.voice = VoiceKeeper(bot, table, outboxes)
        """Server mutes in a live game's voice channel: bot/discord/voice.py."""
        self.achievements = AchievementPost(bot, storage, outboxes)
        """A finished game's achievements, in its channel after the final reveal: bot/discord/achievements.py."""
        self.nights = Nights(storage, self.lobby, table, queue=self._enqueue, listed=self._listed,
                             started=[self.standing.retire_join_button])
        """Game nights planned ahead, fired by the one scheduler: bot/gathering/nights.py."""
        self.gathering = Gathering(bot, self.nights, outboxes, self._enqueue)
        """What nights send, and their Discord events: bot/discord/gathering.py."""
        self.scheduler = Scheduler(table, others=[self.nights, OffServersReread(self.web, storage, table.clock),
                                                  EndedElsewhere(table, self._own_shards)],
                                   own=self._own_shards)
        self.kinds = Kinds(make(self) for make in KINDS)
        self.planner = Planner(self.kinds)
        self.cluster = Cluster(storage, table, enqueue=self._enqueue, forget=self._forget, reload=self._reload,
                               unqueue=lambda rows: self.deliveries.unqueue(rows), own=self._own_shards)
        """Several bot processes on one database: delivery order, a dead one's rows: bot/discord/shards.py."""
        self.deliveries = Deliveries(storage, outboxes, self.kinds, self.planner, self.prompts, self.cluster,
                                     self._forget)
        outboxes.deliver = self.deliveries.deliver  # a line that is no step's (`Outboxes.say`) goes in order too
        self.spectators = Spectators(storage, table, self.graveyard, self.deliveries.deliver)
        """Members watching a game from its graveyard (or spectators') thread: bot/discord/spectators.py."""
        self.interactions = Interactions(
            table, storage, outboxes, self.standing, self.replies, self.relay, self._enqueue, self.foreground
        )
        self._resumed = False

        # what the cogs use
        self.gone_channels = outboxes.gone
        self.channel_outbox = outboxes.channel_outbox
        self.dm_outbox = outboxes.dm_outbox
        self.dm_channel_id = outboxes.dm_channel_id
        self.tell_moderators = outboxes.tell_moderators
        self.retire_join_button = self.standing.retire_join_button
        self.on_interaction = self.interactions.on_interaction
        self.report_failure = self.interactions.report_failure
        self.ephemeral = ephemeral
        self.refusal = presenting.refusal
        self.public_player = presenting.public_player
        self.status_text = presenting.status_text
        self.seat_language = presenting.seat_language

    # --- the table's steps, in order: planned, then handed to the parts that send them ----------------
    def _plan(self, step: Step) -> list[DeliveryRow]:
        return self.planner.plan(step)

    async def _note_behind(self, delivery: Delivery) -> None:
        await self.cluster.note_behind(delivery)  # before the rows are queued

    async def _queue_rows(self, delivery: Delivery) -> None:
        await self.deliveries.on_delivery(delivery)

    async def _note_channel(self, delivery: Delivery) -> None:
        await self.channels.on_delivery(delivery)

    async def _reloaded(self, game: LiveGame) -> None:
        await self.cluster.refresh(game)

    def _own_shards(self) -> OwnShards | None:
        """This process's gateway shards, when it shares the database with others: it fires their games' deadlines
        first (bot/scheduler.py), and adopts their games' rows first (bot/discord/shards.py)."""
        ids, count = getattr(self.bot, "shard_ids", None), getattr(self.bot, "shard_count", None)
        if not self.storage.shared or not ids or not count:
            return None
        return OwnShards(tuple(ids), count, OTHERS_GRACE_SECONDS)

    async def _listed(self, schedule: Schedule) -> list[tuple[int, str]] | None:
        return await self.gathering.listed(schedule)

    def _enqueue(self, rows: list[DeliveryRow]) -> None:
        metrics.deliveries_queued(row.id for row in rows)
        self.deliveries.enqueue(rows)

    def _forget(self, game_id: int) -> None:
        """A game that ended: nothing of it stays in memory but what is still to send."""
        self.prompts.forget(game_id)
        self.standing.forget(game_id)
        self.outboxes.dm_failed.pop(game_id, None)
        self._stale(game_id)

    def _stale(self, game_id: int) -> None:
        """The caches read again from the game's meta when next needed."""
        self.flow.forget(game_id)
        self.channels.planned.pop(game_id, None)
        self.graveyard.forget(game_id)

    async def _reload(self, game: LiveGame) -> None:
        """Another process moved the game on: what was posted where, as saved, and the caches of its meta."""
        await self.prompts.load(game)
        self._stale(game.id)

    # --- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        """Before anything new can happen (the scheduler, interactions): queue what earlier runs
        saved but did not send, in order, so it goes out before anything newer."""
        await self.storage.prune_deliveries()
        self.web.load(Links(await web_secret(self.storage), self.settings.web_base()),
                      await web_off_guilds(self.storage))
        own = self._own_shards()
        await self.table.load_unfinished(None if own is None else lambda row: own.holds(row.guild_id))
        await self.table.record_missing_results()  # before the achievements' rows read them
        await self.prompts.load(own=own)
        await self.cluster.queue_at_start(await self.cluster.take_at_start())
        self.scheduler.start()
        self.cluster.start()

    async def resume_all(self) -> None:
        """After (re)connecting: post any prompt never queued (games saved before the outbox, a seat
        that changed hands) and bring status messages up to date. Once a process: a game the database is
        out of reach for is tried again until it is resumed (a restart of the database used to end the whole
        pass there, leaving every later game unresumed); one that fails otherwise is logged and left."""
        if self._resumed:
            return
        self._resumed = True
        for game in list(self.table.games.values()):
            while True:
                try:
                    async with self.table.hold(game):
                        if game.running:  # (another process may have ended it)
                            await self.deliveries.refresh(game)
                    break
                except Exception as error:  # one game's failure must not leave the others unresumed
                    log_failure(log, error, "resuming game %s failed", game.id)
                    if not database_away(error):
                        break
                    await asyncio.sleep(RESUME_RETRY_SECONDS)
        await self.voice.resume()  # the voice channels' mutes as the games want them now

    async def close(self) -> None:
        await self.lobby.close()
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
