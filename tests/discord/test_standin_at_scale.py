"""What the stand-in offers a long run with many servers (tests/bench/scale/): servers placed on chosen
gateway shards, a Discord outage, a RESUME that missed more than Discord keeps, the requests Discord counts
per second without keeping every body, and the edits a click's deferred answer led to."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.ext import commands

from tests.discord.test_standin import DemoCog, make_bot
from tests.discord_standin import DiscordStandIn, running
from tests.discord_standin import gateway as gw


def test_servers_are_placed_on_the_shards_asked_for() -> None:
    standin = DiscordStandIn(spec=False)
    guilds = [standin.add_guild(f"Server {n}", shard=(n % 16, 16)) for n in range(40)]
    assert [(g.id >> 22) % 16 for g in guilds] == [n % 16 for n in range(40)]
    ids = [g.id for g in guilds]
    assert ids == sorted(ids) and len(set(ids)) == len(ids), "still increasing snowflakes"
    assert standin.add_user("later").id > ids[-1]


async def test_an_outage_fails_every_request_and_keeps_the_gateway_down_until_it_ends(
    discord_standin: DiscordStandIn, no_leftovers: None
) -> None:
    d = discord_standin
    guild = d.add_guild("Game Night")
    alice = d.add_user("alice")
    d.add_member(guild, alice)
    async with running(make_bot(DemoCog()), d) as bot:
        await bot.tree.sync()
        channel = bot.get_channel(guild.channel("general").id)
        assert isinstance(channel, discord.TextChannel)
        [session] = d.gateway.sessions.values()
        outage = asyncio.create_task(d.outage(1.0, landed_every=2))
        await d.wait_for(lambda: not session.connected, what="the gateway to drop")
        outcomes = []
        for n in range(4):
            try:
                await channel.send(f"during {n}")
                outcomes.append("sent")
            except discord.DiscordServerError:
                outcomes.append("5xx")
        assert outcomes == ["5xx"] * 4, "discord.py tries a 5xx a few times, then raises"
        assert not session.connected, "new connections are refused while it lasts"
        rules = await outage
        assert not d.server_errors, "the outage's rules are gone with it"
        assert sum(len(rule.failed) for rule in rules) >= 4
        made = [m.content for m in d.channel_view(guild.channel("general"))]
        assert made and set(made) <= {f"during {n}" for n in range(4)}, "some were carried out before their 5xx"
        await d.wait_for(lambda: session.connected and session.resumes >= 1, timeout=30, what="the RESUME")
        call = await d.invoke_slash(alice, "ping", channel=guild.channel("general"))
        assert (await call.wait_response(timeout=10))["status"] == 200


async def test_in_an_outage_one_request_in_landed_every_is_carried_out_before_its_5xx(
    discord_standin: DiscordStandIn, no_leftovers: None
) -> None:
    """As `outage` says (before, it carried out all but one in `landed_every`); `gateway=False` leaves the gateway
    up (a REST outage alone)."""
    d = discord_standin
    guild = d.add_guild("Game Night")
    async with running(make_bot(DemoCog()), d) as bot:
        channel = bot.get_channel(guild.channel("general").id)
        assert isinstance(channel, discord.TextChannel)
        [session] = d.gateway.sessions.values()
        outage = asyncio.create_task(d.outage(1.0, landed_every=3, gateway=False))
        await asyncio.sleep(0)
        for n in range(6):
            with pytest.raises(discord.DiscordServerError):  # a 503: discord.py does not try it again
                await channel.send(f"during {n}")
        assert session.connected, "the gateway stayed up"
        await outage
        made = [m.content for m in d.channel_view(guild.channel("general"))]
        assert made == ["during 2", "during 5"], "one in three was carried out"

async def test_a_resume_that_missed_more_than_discord_keeps_is_refused_and_the_bot_identifies_again(
    discord_standin: DiscordStandIn, no_leftovers: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gw, "BACKLOG", 5)
    d = discord_standin
    guild = d.add_guild("Game Night")
    async with running(make_bot(DemoCog()), d):
        [session] = d.gateway.sessions.values()
        d.gateway.refusing = True
        await d.drop_gateway()
        for n in range(10):  # more than the session keeps, while the bot cannot connect
            await d.dispatch("TYPING_START", {"channel_id": str(guild.channel("general").id), "user_id": str(n),
                                              "timestamp": 0}, guild_id=guild.id)
        d.gateway.refusing = False
        await d.wait_for(lambda: len(d.gateway.sessions) == 2, timeout=30, what="a new session")
        assert session.invalid and session.resumes == 0
        new = next(s for s in d.gateway.sessions.values() if s is not session)
        await d.wait_for(lambda: new.connected, what="the new session")


async def test_counted_requests_per_second_without_their_bodies(no_leftovers: None) -> None:
    async with DiscordStandIn(keep_request_bodies=False) as d:
        guild = d.add_guild("Game Night")
        async with running(make_bot(DemoCog()), d) as bot:
            await bot.tree.sync()
            channel = bot.get_channel(guild.channel("general").id)
            assert isinstance(channel, discord.TextChannel)
            for n in range(3):
                await channel.send(f"line {n}")
        posts = d.requests_to("POST", "/channels/{channel_id}/messages")
        assert len(posts) == 3 and all(r.body is None and r.response is None and r.status == 200 for r in posts)
        assert sum(d.counted_per_second.values()) == sum(1 for r in d.requests if d.counted(r) and r.route)


class Late(commands.Cog):
    @discord.app_commands.command(description="Answers a click late")
    async def late(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        button: discord.ui.Button[Any] = discord.ui.Button(label="Go", custom_id="late:go")

        async def go(click: discord.Interaction) -> None:
            await click.response.defer()
            await click.edit_original_response(content="done")

        button.callback = go  # type: ignore[method-assign]
        view.add_item(button)
        await interaction.response.send_message("press", view=view)


async def test_a_deferred_click_records_the_edit_that_answered_it(
    discord_standin: DiscordStandIn, no_leftovers: None
) -> None:
    d = discord_standin
    guild = d.add_guild("Game Night")
    alice = d.add_user("alice")
    d.add_member(guild, alice)
    bot = make_bot(DemoCog())

    async def setup_hook() -> None:
        await bot.add_cog(Late())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    async with running(bot, d):
        await bot.tree.sync()
        await (await d.invoke_slash(alice, "late", channel=guild.channel("general"))).wait_response()
        click = await d.click(alice, "Go", channel=guild.channel("general"))
        await click.wait_response()
        await d.wait_for(lambda: click.edited, what="the edit")
        message = d.last_message(guild.channel("general"))
        assert click.response_type == 6 and click.edited == [message.id] and message.content == "done"
