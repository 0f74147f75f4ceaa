"""Game nights in Discord: each kind of row a night sends is a delivery kind (bot/discord/kinds.py), one class
here, registered in bot/discord/service.py's `KINDS` like every other kind. Its rows are planned with the
night's change that calls for them, by bot/gathering/plans.py (the nights use it, with no Discord), never by
a game's step; the kind sends them. And the night's Guild Scheduled Event, which carries Discord's own RSVP
("Interested").

    SignupKind   the sign-up message: posted once (its nonce: a restart does not post it twice), then edited
                 to show the night as saved now; its Join / Maybe / Leave buttons while sign-ups are open
    EventKind    the Discord event: made (looked for first: a restart does not make it twice), started at the
                 opening, cancelled with the night; without Manage Events the moderators are told once per
                 server and the night goes on with its sign-up message alone
    DmKind       a DM sent once (claimed, with its nonce); when Discord refuses it for good (DMs closed) a
                 mention in the night's channel stands in for it, saved in the same write as the DM is given up

discord.py hands on_scheduled_event_user_add only for members it has cached (without the members intent,
hardly any): `hear_rsvps` has it tell every Interested as it comes (`night_rsvp`), and each stage of a night
reads the event's list again (`listed`), so nothing pressed while the bot was away is missed.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.discord.component_rows import ComponentRows
from bot.discord.gathering_components import night_buttons
from bot.discord.kinds import Planned, Sending, tag
from bot.discord.outbox import Message, Status
from bot.discord.outboxes import Outboxes
from bot.gathering import model, plans
from bot.gathering.model import Schedule, Signup
from bot.gathering.nights import Nights, seat_range
from bot.i18n import t
from bot.live import Step
from bot.render import clip
from bot.storage import DeliveryRow
from games import registry

log = logging.getLogger(__name__)

EVENT_HOURS = 3
"""How long a night's Discord event says it lasts (an external event needs an end)."""
LISTED_SECONDS = 10.0
"""The longest a night's stage waits for Discord to say who is Interested; then it goes on without."""


def names(signups: list[Signup]) -> str:
    return ", ".join(f"<@{s.user_id}>" for s in signups)


def signup_text(schedule: Schedule, signups: list[Signup]) -> str:
    """The sign-up message as the night stands, in its channel's language: never a name in a game played
    anonymously (how many come, and that is all)."""
    language = schedule.language
    engine = registry.engine(schedule.game)
    hidden = plans.hidden(schedule)
    seating = model.seating(signups, schedule.seats)
    maybe = sum(1 for s in signups if s.answer == "maybe")
    low, _ = seat_range(engine, engine.parse_options(schedule.options))
    when, channel = plans.stamp(schedule.starts_at), f"<#{schedule.channel_id}>"
    lines = [
        t(language, "night-signup-head", game=plans.title(schedule, language), id=schedule.id),
        t(language, "night-signup-when-hidden", when=when, channel=channel) if hidden
        else t(language, "night-signup-when", when=when, channel=channel, host=f"<@{schedule.host_id}>"),
        t(language, "night-signup-count", count=len(seating.seated), seats=schedule.seats, least=low, maybe=maybe),
    ]
    if seating.seated and not hidden:
        lines.append(t(language, "night-signup-names", names=names(seating.seated)))
    if seating.waiting:
        lines.append(t(language, "night-signup-waiting", count=len(seating.waiting)) if hidden
                     else t(language, "night-signup-waiting-names", names=names(seating.waiting)))
    if schedule.meta.get("deadline"):
        lines.append(t(language, "night-signup-deadline", time=schedule.meta["deadline"],
                       zone=schedule.meta.get("deadline_zone") or schedule.zone))
    if schedule.fill_bots:
        lines.append(t(language, "night-signup-bots"))
    if schedule.repeat == "weekly":
        lines.append(t(language, "night-signup-weekly"))
    if schedule.status == "scheduled":
        lines.append(t(language, "night-signup-hint"))
    elif schedule.status == "opened":
        lines.append(t(language, "night-signup-opened", id=schedule.lobby_id or 0))
    else:
        lines.append(t(language, "night-signup-cancelled"))
    return clip("\n".join(lines), 2000)


class NightKind:
    """A kind of row of the nights: planned by bot/gathering/plans.py with the night's change, by no step."""

    name: str

    def __init__(self, gathering: Gathering) -> None:
        self.gathering = gathering

    def plan(self, step: Step) -> list[Planned]:
        return []


class SignupKind(NightKind):
    """The sign-up message (plans.SignupRows)."""

    name = plans.SignupRows.name

    def send(self, row: DeliveryRow) -> Sending:
        # the newest waiting edit shows everything the older ones would
        return self.gathering.update(row, partial(self.show, row.schedule_id), key=(self.name, row.schedule_id))

    async def show(self, schedule_id: int | None) -> None:
        """Post the night's sign-up message, or edit it to show the night as saved now."""
        store = self.gathering.nights.store
        schedule = await store.schedule(schedule_id) if schedule_id is not None else None
        if schedule is None or schedule.channel_id in self.gathering.outboxes.gone:
            return
        content = signup_text(schedule, await store.signups(schedule.id))
        view = night_buttons(schedule) if schedule.status == "scheduled" else None
        channel = self.gathering.bot.get_partial_messageable(schedule.channel_id)
        where = schedule.meta.get("message")
        if where:
            try:
                await channel.get_partial_message(int(where[1])).edit(content=content, view=view)
                return
            except discord.NotFound:
                pass  # deleted by a moderator: posted again
        try:
            posted = await channel.send(content=content, view=view or ComponentRows(), nonce=f"night-{schedule.id}")
        except (discord.NotFound, discord.Forbidden) as error:  # the channel is gone, or closed to the bot
            log.info("game night %s: its sign-up message could not be posted (%s)", schedule.id, error)
            return
        await store.update_meta(schedule.id, message=[posted.channel.id, posted.id])


class EventKind(NightKind):
    """The Discord event (plans.EventRows): made, started or cancelled."""

    name = plans.EventRows.name

    def send(self, row: DeliveryRow) -> Sending:
        # each action its own (made, then started or cancelled)
        update = partial(self.apply, row.schedule_id, str(row.body.get("action")))
        return self.gathering.update(row, update, key=(self.name, row.schedule_id, row.id))

    async def apply(self, schedule_id: int | None, action: str) -> None:
        schedule = await self.gathering.nights.store.schedule(schedule_id) if schedule_id is not None else None
        guild = await self.gathering.guild(schedule.guild_id) if schedule is not None else None
        if schedule is None or guild is None:
            return  # gone, or the bot is no longer in that server
        if action == plans.EventRows.CREATE:
            await self._create(schedule, guild)
            return
        event = await self._event(schedule, guild)
        if event is None or event.status != discord.EventStatus.scheduled:
            return  # none, or a moderator moved it on already
        try:
            await (event.start() if action == plans.EventRows.START else event.cancel())
        except (discord.Forbidden, discord.NotFound) as error:
            log.info("game night %s: its event was left as it is (%s)", schedule.id, error)

    async def _event(self, schedule: Schedule, guild: discord.Guild) -> discord.ScheduledEvent | None:
        if schedule.event_id is None:
            return None
        try:
            return guild.get_scheduled_event(schedule.event_id) or await guild.fetch_scheduled_event(schedule.event_id)
        except discord.NotFound:
            return None

    async def _create(self, schedule: Schedule, guild: discord.Guild) -> None:
        if schedule.meta.get("event") is not None:
            return  # made (or refused) already
        language = schedule.language
        name = clip(t(language, "night-event-name", game=plans.title(schedule, language), id=schedule.id), 100)
        start = dt.datetime.fromtimestamp(schedule.starts_at, dt.UTC)
        me = self.gathering.bot.user.id if self.gathering.bot.user else 0
        try:
            for made in await guild.fetch_scheduled_events():  # made before a restart cut the rest short?
                if made.name == name and made.creator_id == me and made.start_time == start:
                    await self.gathering.nights.store.update_meta(schedule.id, event=made.id)
                    return
            channel = guild.get_channel(schedule.channel_id) or await self.gathering.bot.fetch_channel(
                schedule.channel_id
            )
            channel_name = getattr(channel, "name", None)
            where = f"#{channel_name}" if channel_name else t(language, "night-event-here")
            event = await guild.create_scheduled_event(
                name=name, start_time=start, end_time=start + dt.timedelta(hours=EVENT_HOURS),
                entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only,
                location=clip(where, 100), description=clip(t(
                    language, "night-event-description", channel=where, seats=schedule.seats, id=schedule.id,
                ), 1000),
            )
        except discord.Forbidden:
            await self.gathering.refused(schedule)
            return
        await self.gathering.nights.store.update_meta(schedule.id, event=event.id)


class DmKind(NightKind):
    """A DM, or the mention standing in for it (plans.DmRows)."""

    name = plans.DmRows.name

    def send(self, row: DeliveryRow) -> Sending:
        ping = row.body.get("ping")
        mentions = discord.AllowedMentions(users=[discord.Object(int(ping))]) if ping else None
        fallback = row.body.get("fallback") if row.user_id else None
        return self.gathering.outboxes.of(row), Message(
            content=clip(str(row.body.get("text", "")), 2000),
            build=(lambda: {"allowed_mentions": mentions}) if mentions else dict, rows=[row.id], tag=tag(row),
            on_refused=partial(self.instead, row) if fallback else None,
        )

    async def instead(self, row: DeliveryRow, error: BaseException) -> None:
        """The member's DMs are closed: the night's channel mentions them instead, once."""
        if not isinstance(error, discord.Forbidden):
            return
        body = row.body
        mention = DeliveryRow(row.game_id, row.step, self.name, {"text": body["fallback"], "ping": row.user_id},
                              channel_id=int(body["channel"]), schedule_id=row.schedule_id)
        if await self.gathering.nights.store.instead(row.id, mention):
            self.gathering.enqueue([mention])


class Gathering:
    def __init__(
        self, bot: commands.Bot, nights: Nights, outboxes: Outboxes, enqueue: Callable[[list[DeliveryRow]], None]
    ) -> None:
        self.bot = bot
        self.nights = nights
        self.outboxes = outboxes
        self.enqueue = enqueue
        self.signup = SignupKind(self)
        self.event = EventKind(self)
        self.dm = DmKind(self)
        """The kinds of row a night sends (registered in bot/discord/service.py's `KINDS`)."""

    def update(self, row: DeliveryRow, update: Callable[[], Awaitable[None]], *, key: Any) -> Sending:
        """A night's row shown by one change made when its turn comes in the channel's ordered stream (as a
        game's status edit: a newer one of the same key replaces one still waiting, and takes its rows)."""
        return self.outboxes.of(row), Status(update, key=key, rows=[row.id], tag=tag(row))

    async def guild(self, guild_id: int) -> discord.Guild | None:
        """The server, known or asked of Discord (a restart sends what waits before the servers are known);
        None when the bot is no longer in it."""
        try:
            return self.bot.get_guild(guild_id) or await self.bot.fetch_guild(guild_id)
        except (discord.NotFound, discord.Forbidden):
            return None

    async def listed(self, schedule: Schedule) -> list[tuple[int, str]] | None:
        """Who the night's event lists as Interested now, or None when Discord cannot say."""
        if schedule.event_id is None:
            return None
        try:
            async with asyncio.timeout(LISTED_SECONDS):  # the scheduler waits for it: never for long
                guild = await self.guild(schedule.guild_id)
                if guild is None:
                    return None
                event = guild.get_scheduled_event(schedule.event_id) or await guild.fetch_scheduled_event(
                    schedule.event_id
                )
                return [(user.id, user.display_name) async for user in event.users()]
        except (discord.HTTPException, TimeoutError) as error:
            log.info("game night %s: its event's list could not be read (%s)", schedule.id, error or "too slow")
            return None

    async def refused(self, schedule: Schedule) -> None:
        """No Manage Events: the night keeps its sign-up message; the moderators are told once per server."""
        store = self.nights.store
        told = await store.events_refused(schedule.guild_id)
        await store.update_meta(schedule.id, event="refused")
        if told:
            return
        settings = await self.nights.storage.guild_settings(schedule.guild_id)
        role = settings.get("gm_role_id")
        text = t(schedule.language, "night-event-refused")
        body: dict[str, Any] = {"text": f"<@&{role}> {text}", "ping": role} if role else {"text": text}
        row = DeliveryRow(None, 0, "text", body, channel_id=schedule.channel_id, schedule_id=schedule.id)
        await self.nights.storage.add_deliveries([row])
        self.enqueue([row])


def hear_rsvps(bot: commands.Bot) -> None:
    """Have discord.py tell every Interested pressed or taken back (`on_night_rsvp(event, user, added)`),
    also for members it has not cached, before its own handling (which drops those)."""
    parsers = bot._connection.parsers  # discord.py 2.7.1, pinned: tests/runtime/test_pins.py

    for name, added in (("GUILD_SCHEDULED_EVENT_USER_ADD", True), ("GUILD_SCHEDULED_EVENT_USER_REMOVE", False)):
        original = parsers[name]

        def parse(data: Any, original: Callable[[Any], None] = original, added: bool = added) -> None:
            bot.dispatch("night_rsvp", int(data["guild_scheduled_event_id"]), int(data["user_id"]),
                         int(data["guild_id"]), added)
            original(data)

        parsers[name] = parse
