"""The stand-in's private threads, thread members and voice against the real discord.py: a private thread
needs Create Private Threads; its members and moderators with Manage Threads see it, nobody else; a
removed member stops seeing it at once; the active-threads list finds it again; a member is muted only
while connected to voice (40032 otherwise) and only with Mute Members (50013). Every request passes the
OpenAPI checks."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from tests.discord_standin import ChannelType, DiscordStandIn, start_bot
from tests.discord_standin.models import CREATE_PRIVATE_THREADS, MUTE_MEMBERS
from tests.discord_standin.threads import thread_members
from tests.discord_standin.voice import join_voice, leave_voice, muted


def plain_bot() -> commands.Bot:
    intents = discord.Intents.none()
    intents.guilds = intents.voice_states = True
    return commands.Bot(command_prefix="!", intents=intents, help_command=None)


async def test_a_private_thread_shows_itself_to_its_members_and_moderators(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    channel = guild.channel("general")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    for user in (alice, bob):
        standin.add_member(guild, user)
    owner = standin.users[guild.owner_id]
    bot = plain_bot()
    run = await start_bot(bot, standin)
    try:
        http = bot.http
        permissions = standin.bot_role(guild).permissions
        standin.bot_role(guild).permissions = permissions & ~CREATE_PRIVATE_THREADS
        with pytest.raises(discord.Forbidden):
            await http.start_thread_without_message(channel.id, name="crypt", auto_archive_duration=10080, type=12)
        standin.bot_role(guild).permissions = permissions
        made = await http.start_thread_without_message(
            channel.id, name="crypt", auto_archive_duration=10080, type=12, invitable=False
        )
        thread = standin.channels[int(made["id"])]
        assert thread.type == ChannelType.PRIVATE_THREAD and thread.parent_id == channel.id
        await http.add_user_to_thread(thread.id, alice.id)
        await bot.get_partial_messageable(thread.id).send("for the dead only")
        assert [m.content for m in standin.channel_view(thread, alice)] == ["for the dead only"]
        assert standin.channel_view(thread, bob) == [] and standin.channel_view(thread) == []
        assert standin.channel_view(thread, owner), "a moderator (Manage Threads) sees it"
        assert standin.can_send(alice, thread) and not standin.can_send(bob, thread)
        active = await http.get_active_threads(guild.id)
        assert [t["name"] for t in active["threads"]] == ["crypt"]
        await http.remove_user_from_thread(thread.id, alice.id)
        assert thread_members(thread) == {standin.bot_user.id}
        assert standin.channel_view(thread, alice) == [], "removed: sees nothing any more"
        with pytest.raises(discord.NotFound):
            await http.remove_user_from_thread(thread.id, alice.id)
    finally:
        await run.stop()
    standin.assert_clean()


async def test_a_member_is_muted_only_while_connected_and_with_mute_members(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    voice = standin.add_channel(guild, "Voice", type=ChannelType.GUILD_VOICE)
    alice = standin.add_user("alice")
    standin.add_member(guild, alice)
    bot = plain_bot()
    run = await start_bot(bot, standin)
    try:
        http = bot.http
        await join_voice(standin, guild, alice, voice)
        await standin.settle()
        seen = bot.get_guild(guild.id)
        assert seen is not None and alice.id in seen.get_channel(voice.id).voice_states  # type: ignore[union-attr]
        with pytest.raises(discord.Forbidden):
            await http.edit_member(guild.id, alice.id, mute=True)
        standin.bot_role(guild).permissions |= MUTE_MEMBERS
        await http.edit_member(guild.id, alice.id, mute=True)
        await standin.settle()
        assert muted(guild, alice)
        assert seen.get_channel(voice.id).voice_states[alice.id].mute  # type: ignore[union-attr]
        await leave_voice(standin, guild, alice)
        with pytest.raises(discord.HTTPException) as error:
            await http.edit_member(guild.id, alice.id, mute=False)
        assert error.value.code == 40032
        assert muted(guild, alice), "a server mute stays across sessions"
    finally:
        await run.stop()
    standin.assert_clean()
