"""Every destination's outbox (a channel, a member's DMs) and their journal: rows claimed before a
message goes out, marked once Discord accepted it (bot/discord/outbox.py sends and paces).

A claim is saved before its message goes: a restart sends a claimed message again with the same nonce
(or looks for a follow-up first), so Discord makes it once. The marks that rows were sent are saved
together: those made while one save is under way share the next (one write for a burst of sends, not
one each, on the click's way to the disk). A mark not saved yet when the process dies leaves the rows
claimed, and the restart's send is that same idempotent one (after a follow-up, which has no nonce, an
outbox sends nothing new until `saved`: bot/discord/outbox.py). A mark the database could not save (a
restart of it) is saved again until it is; so is a drop (a message refused for good, a prompt no longer wanted).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.discord.attempts import already_there, carried_by, follow_up_since, same_content
from bot.discord.batches import claimed_since
from bot.discord.dm_reach import DmReach
from bot.discord.failures import backoff
from bot.discord.outbox import Item, Message, Outbox, Sender, Text
from bot.discord.patience import go_by, oldest
from bot.discord.presenting import public_player
from bot.discord.priority import Foreground
from bot.discord.replies import Replies
from bot.i18n import t
from bot.live import LiveGame
from bot.storage import DELIVERY_DROPPED, DeliveryRow, Storage, log_failure
from bot.table import Table
from bot.waiting import stop_task

log = logging.getLogger(__name__)

MARKS_ON_CLOSE_SECONDS = 10.0
"""How long closing waits for the last marks to be saved (a database that is away is tried again meanwhile)."""


class ChannelGone(Exception):
    """A send to a channel that no longer exists (or a server the bot is no longer in)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} is gone")


class Outboxes:
    def __init__(
        self, bot: commands.Bot, storage: Storage, table: Table, replies: Replies, window: float,
        foreground: Foreground, dm_reach: DmReach | None = None,
    ) -> None:
        self.bot = bot
        self.foreground = foreground
        """Clicks being answered go before the outboxes' sends."""
        self.storage = storage
        self.table = table
        self.replies = replies
        self.window = window
        self.outboxes: dict[Hashable, Outbox] = {}
        """By destination: a channel's id, a member's DMs (minus their id), another module's own key."""
        self.gone: set[int] = set()
        """Channels deleted, or in a server the bot was removed from: nothing is sent there (cogs/events.py)."""
        self.dm_channels: dict[int, int] = {}
        """member → their DM channel."""
        self.dm_reach = dm_reach or DmReach(storage, 0)
        """When members' DMs were last reached: a member reached lately joins without a test DM (none: every
        join tests)."""
        self.dm_failed: dict[int, set[int]] = {}
        """game → seats whose DMs failed (the moderators were told once)."""
        self.left_the_server: list[Callable[[LiveGame, int], Awaitable[bool]]] = []
        """Asked in turn, when a DM fails, whether the player left the server (the world-events cog's check,
        registered while it is loaded)."""
        self._marks: list[tuple[list[int], list[tuple[int, str, int, int]]]] = []
        """Rows sent (and where their prompts went) not saved as sent yet."""
        self._drops: list[int] = []
        """Rows dropped (refused for good, or a prompt no longer wanted) not saved as dropped yet."""
        self._marking: asyncio.Task[None] | None = None
        self.deliver: Callable[[list[DeliveryRow]], Awaitable[None]] | None = None
        """Saves rows that are no step's and queues them in their order among their game's (bot/discord/delivering.py
        `Deliveries.deliver`, set once it exists)."""

    # --- destinations ----------------------------------------------------------------------------
    def channel_outbox(self, channel_id: int) -> Outbox:
        if channel_id not in self.outboxes:
            channel = self.bot.get_partial_messageable(channel_id)
            gone = self.gone

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                if channel_id in gone:  # not into the void: the channel was deleted
                    raise ChannelGone(channel_id)
                return await self._post(channel, content, extra)

            self._open(channel_id, send,
                       follow_up=self.replies.router(lambda: None if channel_id in gone else channel_id, send))
        return self.outboxes[channel_id]

    def dm_outbox(self, user_id: int) -> Outbox:
        """One paced outbox per member's DMs, whatever game the messages belong to."""
        key = -user_id  # DM outboxes keyed apart from channel ids
        if key not in self.outboxes:

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                channel = self.bot.get_partial_messageable(
                    await self.dm_channel_id(user_id), type=discord.ChannelType.private
                )
                sent = await self._post(channel, content, extra)
                await self.dm_reach.reached(user_id)
                return sent

            async def failed(error: BaseException) -> None:
                if isinstance(error, discord.Forbidden):
                    await self.dms_closed_mid_game(user_id)

            self._open(key, send, on_failure=failed, linger=True,
                       follow_up=self.replies.router(lambda: self.dm_channels.get(user_id), send))
        return self.outboxes[key]

    def own_outbox(self, key: Hashable, send: Sender) -> Outbox:
        """The outbox of a destination another module sends to itself (a game's graveyard thread, whose id is
        known only once it is made: bot/discord/graveyard.py), paced, journaled and forgotten when idle like
        every other."""
        if key not in self.outboxes:
            self._open(key, send)
        return self.outboxes[key]

    def _open(self, key: Hashable, send: Sender, **options: Any) -> None:
        """A destination's outbox, as every one is: paced in this window, journaled here, in the foreground's turn,
        ordered by its game's deadline under a short REST budget, forgotten when idle."""
        self.outboxes[key] = Outbox(send, window=self.window, journal=self, go_by=self._go_by,
                                    turn=self.foreground.turn, on_idle=partial(self._forget_outbox, key), **options)

    def _go_by(self, items: list[Item]) -> float | None:
        """By when a message of these items should go while the REST budget is short: its game's deadline decides."""
        return go_by((item.tag for item in items), self.table.games, since=oldest(items), wall=self.table.clock)

    def of(self, row: DeliveryRow) -> Outbox:
        """A row's destination: its channel's outbox, else its member's DMs'."""
        return self.channel_outbox(row.channel_id) if row.channel_id else self.dm_outbox(row.user_id or 0)

    async def dm_channel_id(self, user_id: int) -> int:
        """The member's DM channel: remembered, else saved by a process before, else asked of Discord once (a
        counted request) and saved for every process. A save that fails costs only a later ask."""
        channels = self.dm_channels
        if user_id not in channels:
            saved = await self.storage.dm_channel(user_id)
            if saved is None:
                saved = int((await self.bot.http.start_private_message(user_id))["id"])
                try:
                    await self.storage.save_dm_channel(user_id, saved)
                except Exception as error:
                    log.warning("could not save a DM channel (%s)", type(error).__name__)
            channels[user_id] = saved
        return channels[user_id]

    async def _post(self, channel: discord.PartialMessageable, content: str, extra: dict[str, Any]) -> discord.Message:
        """The ordinary send. A negative nonce is a message claimed for a follow-up that may have reached Discord
        without a nonce (the follow-up met an error that may hide it, or a restart cut it off): if it is there,
        it is not sent again. It is looked for among the bot's follow-ups made since the claim (other processes
        may have posted there since): the one the interaction saved with the claim made (it may have been
        answered and edited since, even before a restart), else (a claim saved before claims named it) the first
        with its words. One made before the claim, or a message posted the ordinary way, is another line."""
        nonce = extra.get("nonce")
        if isinstance(nonce, int) and nonce < 0:
            assert self.bot.user is not None
            since = claimed_since(nonce)
            interaction = await self.storage.follow_up_carrier(nonce)
            matches = same_content(content) if interaction is None else carried_by(interaction)
            found = await (already_there(channel, self.bot.user.id, matches) if since is None
                           else follow_up_since(channel, self.bot.user.id, since, matches))
            return found or await channel.send(content=content, **{**extra, "nonce": -nonce})
        return await channel.send(content=content, **extra)

    def _forget_outbox(self, key: Hashable, outbox: Outbox) -> None:
        """An outbox idle for a whole window holds nothing worth keeping (finished games release it)."""
        if self.outboxes.get(key) is outbox:
            del self.outboxes[key]

    async def close(self) -> None:
        for outbox in list(self.outboxes.values()):
            await outbox.close()
        try:  # a database that stays away leaves the rows claimed: the next start sends them, as after a crash
            await asyncio.wait_for(self.saved(), MARKS_ON_CLOSE_SECONDS)
        except TimeoutError:
            log.warning("closing before every sent row was saved as sent: the next start sends them again")
        await stop_task(self._marking)

    async def drained(self) -> None:
        """Every queued message sent and saved as sent (tests and shutdown)."""
        for outbox in list(self.outboxes.values()):
            await outbox.drained()
        await self.saved()

    # --- telling people ---------------------------------------------------------------------------
    async def dms_closed_mid_game(self, user_id: int) -> None:
        """Tell the channel (and the GM role) once per game; the player still has the 🂠 button. Their next join
        tests their DMs again. A tell that fails (the database away) is told at their next refused DM."""
        await self.dm_reach.refused(user_id)
        for game in list(self.table.games.values()):
            seat_number = game.seat_of(user_id)
            if seat_number is None or seat_number in self.dm_failed.setdefault(game.id, set()):
                continue
            if any([await left(game, user_id) for left in list(self.left_the_server)]):
                continue  # not closed DMs: the player left, and that is handled as such
            self.dm_failed[game.id].add(seat_number)
            try:
                await self.tell_moderators(game, "dm-failed", player=public_player(game, seat_number, user_id))
            except Exception as error:  # told at their next refused DM
                self.dm_failed[game.id].discard(seat_number)
                log_failure(log, error, "could not tell game %s that a player's DMs are closed", game.id)

    def line(self, row: DeliveryRow) -> tuple[Outbox, Item]:
        """A saved `text` row: a line of its destination (with the one role ping it names, if any)."""
        tag = (row.game_id, row.step, row.prompt_id)
        role = row.body.get("ping")
        if role:  # the one ping this message means; the client allows no role pings otherwise
            mentions = discord.AllowedMentions(roles=[discord.Object(int(role))])
            return self.of(row), Message(
                content=row.body["text"], build=lambda: {"allowed_mentions": mentions}, rows=[row.id], tag=tag
            )
        return self.of(row), Text(row.body["text"], [row.id], tag)

    async def say(
        self, game_id: int, step: int, text: str, *, channel_id: int | None = None, user_id: int | None = None,
        ping: int | None = None,
    ) -> None:
        """A line that is no step's (a lobby's news, a notice): saved first, so a restart still sends it."""
        body: dict[str, Any] = {"text": text} | ({"ping": ping} if ping else {})
        assert self.deliver is not None, "the deliveries are set up"
        await self.deliver([DeliveryRow(game_id, step, "text", body, channel_id=channel_id, user_id=user_id)])

    async def _to_moderators(self, game: LiveGame, key: str, params: dict[str, Any]) -> tuple[str, int | None]:
        settings = await self.storage.guild_settings(game.row.guild_id) if game.row.guild_id else {}
        role = settings.get("gm_role_id")
        text = t(game.row.language, key, **params)
        return (f"<@&{role}> {text}", int(role)) if role else (text, None)

    async def tell_moderators(self, game: LiveGame, key: str, **params: Any) -> None:
        if game.row.channel_id:
            text, role = await self._to_moderators(game, key, params)
            step = game.state.step if game.row.state is not None else 0
            await self.say(game.id, step, text, channel_id=game.row.channel_id, ping=role)

    async def missing(self, game_id: int, what: str) -> None:
        """Tell the moderators, once per game, what the bot lacks (`channel-missing-<what>`; the game's meta
        `channel` keeps what they were told)."""
        first = False

        def mark(record: dict[str, Any] | None) -> dict[str, Any]:
            nonlocal first
            record = dict(record or {})
            reported = list(record.get("reported") or [])
            if what not in reported:
                reported.append(what)
                first = True
            record["reported"] = reported
            return record

        await self.table.update_meta(game_id, "channel", mark)
        game = await self.table.get(game_id)
        if first and game is not None:
            log.warning("game %s: the bot cannot %s in channel %s", game_id, what, game.row.channel_id)
            await self.tell_moderators(game, f"channel-missing-{what}")

    async def tell_moderators_now(self, game: LiveGame, key: str, **params: Any) -> None:
        """Past the channel's queue (when what waits there is the trouble being reported); best effort."""
        if not game.row.channel_id:
            return
        text, role = await self._to_moderators(game, key, params)
        mentions = discord.AllowedMentions(roles=[discord.Object(role)]) if role else discord.AllowedMentions.none()
        try:
            await self.bot.get_partial_messageable(game.row.channel_id).send(content=text, allowed_mentions=mentions)
        except discord.HTTPException as error:
            log.warning("game %s: could not tell the moderators (%s): %s", game.id, key, error)

    # --- the journal: rows claimed before sending, marked once Discord accepted them -------------
    async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
        return await self.storage.claim_deliveries(rows, batch, carrier, again=again)

    async def unclaimed(self, rows: list[int], batch: int | None) -> list[int]:
        return await self.storage.unclaimed_deliveries(rows, batch)

    async def others_have(self, rows: list[int]) -> set[int]:
        return await self.storage.still_waiting(rows, by_others=True)

    async def done(self, rows: list[int], sent: Any, items: list[Item]) -> None:
        prompts = []
        if isinstance(sent, discord.Message):  # where each prompt went, saved with the marks
            for item in items:
                if isinstance(item, Message) and item.tag is not None and item.tag[2] is not None:
                    prompts.append((item.tag[0], item.tag[2], sent.channel.id, sent.id))
        self._marks.append((rows, prompts))
        if self._marking is None or self._marking.done():
            self._marking = asyncio.create_task(self._save_marks())

    async def _save_marks(self) -> None:
        """Save the marks, those made meanwhile with the next save. A save the database could not make (it is
        restarting) is made again, with backoff, until it is (`saved` waits for it): rows left claimed would
        hold back their game's later lines in the other processes, and be sent again by whichever adopted
        them once this process is gone."""
        failures = 0
        while self._marks or self._drops:
            marks, self._marks = self._marks, []
            drops, self._drops = self._drops, []
            rows = [row for sent, _ in marks for row in sent]
            posts: dict[tuple[int, str], tuple[int, str, int, int]] = {}
            for _, prompts in marks:
                for post in prompts:  # a prompt posted again is where it was posted last
                    posts.pop(post[:2], None)
                    posts[post[:2]] = post
            try:
                if drops:
                    await self.storage.finish_deliveries(drops, state=DELIVERY_DROPPED)
                    drops = []
                if rows:
                    await self.storage.finish_deliveries(rows, prompts=list(posts.values()))
            except Exception as error:  # still claimed (a restart sends them again, as the same messages)
                failures += 1
                log.warning("could not save %d rows as sent (%s); trying again in %.0f s", len(rows) + len(drops),
                            error, backoff(failures))
                self._marks[:0] = marks  # before the marks made meanwhile: a prompt posted again stays the last
                self._drops[:0] = drops
                await asyncio.sleep(backoff(failures))
            else:
                failures = 0

    async def saved(self) -> None:
        """Every mark made so far is on disk."""
        while self._marking is not None and not self._marking.done():
            await asyncio.shield(self._marking)

    async def dropped(self, rows: list[int]) -> None:
        """Saved as the marks are (`_save_marks`): a database away for now is tried again, not raised."""
        self._drops += rows
        if self._marking is None or self._marking.done():
            self._marking = asyncio.create_task(self._save_marks())
