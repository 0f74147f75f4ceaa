"""The stand-in's Guild Scheduled Events against the real discord.py: the bot makes an external event (Manage
Events needed, 50013 without), discord.py hears it made and members pressing Interested, lists who is
interested, starts it; a status Discord does not allow from there is refused (180000). Every request passes
the OpenAPI description's checks, and what the stand-in answers is shaped as its ScheduledEventResponse."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import discord
import pytest
from discord.ext import commands
from jsonschema import Draft202012Validator

from tests.discord_standin import DiscordStandIn, SpecValidator, start_bot
from tests.discord_standin.scheduled_events import (
    ACTIVE,
    CANCELED,
    MANAGE_EVENTS,
    events_of,
    interested,
    not_interested,
)


def plain_bot() -> commands.Bot:
    intents = discord.Intents.none()
    intents.guilds = intents.guild_scheduled_events = True
    return commands.Bot(command_prefix="!", intents=intents, help_command=None)


def response_problems(payload: dict[str, Any]) -> list[str]:
    """What in `payload` Discord's description of an external event's response would not have."""
    spec = SpecValidator.load()
    if spec is None:
        pytest.skip("Discord's OpenAPI description is not beside the project")
    schema = {"$ref": "#/components/schemas/ExternalScheduledEventResponse"}
    validator = Draft202012Validator({**schema, "components": spec.document["components"]})
    return [error.message for error in validator.iter_errors(payload)]


async def test_the_bot_makes_an_event_and_hears_who_is_interested(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    for user in (alice, bob):
        standin.add_member(guild, user)
    bot = plain_bot()
    heard: list[tuple[str, int]] = []

    async def on_scheduled_event_create(event: discord.ScheduledEvent) -> None:
        heard.append(("made", event.id))

    async def on_scheduled_event_user_add(event: discord.ScheduledEvent, user: discord.User) -> None:
        heard.append(("interested", user.id))

    bot.add_listener(on_scheduled_event_create)
    bot.add_listener(on_scheduled_event_user_add)
    run = await start_bot(bot, standin)
    try:
        client_guild = bot.get_guild(guild.id)
        assert client_guild is not None
        start = discord.utils.utcnow() + dt.timedelta(days=1)
        kwargs: dict[str, Any] = {
            "name": "Mafia of Heroes — game night", "start_time": start, "end_time": start + dt.timedelta(hours=3),
            "entity_type": discord.EntityType.external, "privacy_level": discord.PrivacyLevel.guild_only,
            "location": "#general", "description": "Sign up in #general",
        }
        with pytest.raises(discord.Forbidden) as refused:
            await client_guild.create_scheduled_event(**kwargs)
        assert refused.value.code == 50013, "Manage Events is needed"
        standin.bot_role(guild).permissions |= MANAGE_EVENTS
        event = await client_guild.create_scheduled_event(**kwargs)
        (kept,) = events_of(guild)
        assert kept.id == event.id and kept.location == "#general" and kept.creator.id == standin.bot_user.id
        assert response_problems(kept.payload()) == []
        await standin.wait_for(lambda: ("made", event.id) in heard, what="GUILD_SCHEDULED_EVENT_CREATE")

        await interested(standin, alice, kept)
        await interested(standin, bob, kept)
        await not_interested(standin, bob, kept)
        users = [user.id async for user in event.users()]
        assert users == [alice.id]
        await asyncio.sleep(0.05)
        assert client_guild.get_scheduled_event(event.id) is not None, "GUILD_CREATE and CREATE keep it known"

        started = await event.start()
        assert started.status == discord.EventStatus.active and kept.status == ACTIVE
        with pytest.raises(discord.HTTPException) as moved:
            await bot.http.edit_scheduled_event(guild.id, event.id, status=CANCELED)
        assert moved.value.code == 180000, "an active event ends; it is not cancelled"
        await started.end()
        await started.delete()
        assert events_of(guild) == []
    finally:
        await run.stop()
    assert not standin.violations and not standin.unknown_requests, (standin.violations, standin.unknown_requests)


async def test_an_external_event_needs_a_place_and_an_end(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    standin.bot_role(guild).permissions |= MANAGE_EVENTS
    bot = plain_bot()
    run = await start_bot(bot, standin)
    try:
        start = (discord.utils.utcnow() + dt.timedelta(days=1)).isoformat()
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.create_guild_scheduled_event(
                guild.id, name="Night", privacy_level=2, scheduled_start_time=start, entity_type=3,
                entity_metadata={"location": "#general"},
            )
        assert refused.value.status == 400
    finally:
        await run.stop()
    assert events_of(guild) == []
