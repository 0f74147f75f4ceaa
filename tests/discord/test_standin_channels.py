"""The stand-in's channel permissions and webhooks against the real discord.py: overwrites need Manage
Roles and only change what they name, the bot and users post only where their permissions let them,
webhooks need Manage Webhooks, post under their own name or the request's, keep allowed mentions,
stop at 15 per channel and can be deleted. Every request passes the OpenAPI checks."""

from __future__ import annotations

import base64

import discord
import pytest
from discord.ext import commands

from tests.discord_standin import ApiError, DiscordStandIn, start_bot
from tests.discord_standin.models import MANAGE_ROLES, MANAGE_WEBHOOKS, SEND_MESSAGES

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16


def plain_bot() -> commands.Bot:
    return commands.Bot(command_prefix="!", intents=discord.Intents.none(), help_command=None)


async def test_overwrites_need_manage_roles_and_decide_who_may_post(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    channel = guild.channel("general")
    alice = standin.add_user("alice")
    standin.add_member(guild, alice)
    bot = plain_bot()
    run = await start_bot(bot, standin)
    try:
        http = bot.http
        with pytest.raises(discord.Forbidden):  # invited without Manage Roles
            await http.edit_channel_permissions(channel.id, guild.id, "0", str(SEND_MESSAGES), 0)  # type: ignore[arg-type]
        standin.bot_role(guild).permissions |= MANAGE_ROLES
        me = standin.bot_user.id
        await http.edit_channel_permissions(channel.id, me, str(SEND_MESSAGES), "0", 1)  # type: ignore[arg-type]
        await http.edit_channel_permissions(channel.id, guild.id, "64", str(SEND_MESSAGES), 0)  # type: ignore[arg-type]
        assert (channel.overwrites[guild.id].allow, channel.overwrites[guild.id].deny) == (64, SEND_MESSAGES)
        data = await http.get_channel(channel.id)
        assert {o["id"] for o in data["permission_overwrites"]} == {str(me), str(guild.id)}
        assert not standin.can_send(alice, channel) and standin.can_send(standin.bot_user, channel)
        with pytest.raises(ApiError):
            await standin.user_message(alice, "hello", channel=channel)
        await bot.get_partial_messageable(channel.id).send("the bot still speaks")
        await http.edit_channel_permissions(channel.id, alice.id, str(SEND_MESSAGES), "0", 1)  # type: ignore[arg-type]
        assert standin.can_send(alice, channel)
        await http.delete_channel_permissions(channel.id, me)
        with pytest.raises(discord.Forbidden):  # @everyone's deny now holds for the bot too
            await bot.get_partial_messageable(channel.id).send("silenced")
        with pytest.raises(discord.NotFound):
            await http.delete_channel_permissions(channel.id, me)
    finally:
        await run.stop()
    assert [r.status for r in standin.requests if r.route and "permissions" in r.route][-1] == 404


async def test_webhooks_post_under_their_name_with_the_mentions_allowed(discord_standin: DiscordStandIn) -> None:
    standin = discord_standin
    guild = standin.add_guild("Tables")
    channel = guild.channel("general")
    bot = plain_bot()
    run = await start_bot(bot, standin)
    try:
        http = bot.http
        with pytest.raises(discord.Forbidden):  # invited without Manage Webhooks
            await http.channel_webhooks(channel.id)
        standin.bot_role(guild).permissions |= MANAGE_WEBHOOKS
        avatar = "data:image/png;base64," + base64.b64encode(PNG).decode()
        made = await http.create_webhook(channel.id, name="Alien", avatar=avatar)  # type: ignore[arg-type]
        hook = standin.webhooks[int(made["id"])]
        assert hook.avatar == PNG and made["avatar"] == hook.avatar_hash
        webhook = discord.Webhook.partial(int(made["id"]), made["token"], client=bot)
        sent = await webhook.send("hi @everyone", allowed_mentions=discord.AllowedMentions.none(), wait=True)
        posted = standin.message(sent.id)
        assert posted.author.username == "Alien" and posted.webhook_id == hook.id
        assert posted.pings == {"everyone": False, "users": set(), "roles": set()}
        again = await webhook.send("as someone else", username="Jester", wait=True)
        assert standin.message(again.id).author.username == "Jester"
        for number in range(14):
            await http.create_webhook(channel.id, name=f"seat {number}")  # type: ignore[arg-type]
        with pytest.raises(discord.HTTPException) as full:
            await http.create_webhook(channel.id, name="one too many")  # type: ignore[arg-type]
        assert full.value.code == 30007
        assert len(await http.channel_webhooks(channel.id)) == 15
        await webhook.delete()
        assert hook.id not in standin.webhooks and len(standin.channel_webhooks(channel)) == 14
    finally:
        await run.stop()
