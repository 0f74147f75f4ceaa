"""The stand-in against the real discord.py: a tiny cog, defined here, driven like users would drive it."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.discord.urls import ask_gateway_url
from tests.discord_standin import (
    GUILD_MEMBERS,
    DiscordStandIn,
    Guild,
    User,
    running,
    start_bot,
)
from tests.discord_standin.models import Channel

# --- the test cog ----------------------------------------------------------------------------------------------


class AgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ping:(?P<count>\d+)"):
    """A persistent button: its custom_id carries the count, so it works after a restart."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label="Again", style=discord.ButtonStyle.primary, custom_id=f"ping:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> AgainButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AgainButton(self.count + 1))
        text = f"pong #{self.count + 1} ({interaction.user.name}, {interaction.locale.value})"
        await interaction.response.edit_message(content=text, view=view)


class RevealButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"reveal:(?P<secret>\w+)"):
    def __init__(self, secret: str) -> None:
        super().__init__(discord.ui.Button(label="Reveal", custom_id=f"reveal:{secret}"))
        self.secret = secret

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> RevealButton:
        return cls(match["secret"])

    async def callback(self, interaction: discord.Interaction) -> None:
        where = "DM" if interaction.guild is None else "server"
        await interaction.response.send_message(f"your secret is {self.secret} ({where})")


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(label="Your message", max_length=200)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class VoteModal(discord.ui.Modal, title="Vote"):
    """The newer modal layout: labels around a select, a radio group and an optional text input."""

    def __init__(self) -> None:
        super().__init__()
        self.target = discord.ui.Select[VoteModal](
            custom_id="target", options=[discord.SelectOption(label=n, value=n.lower()) for n in ("Alice", "Bob")]
        )
        self.mood = discord.ui.RadioGroup[VoteModal](
            custom_id="mood",
            options=[discord.RadioGroupOption(label=m.title(), value=m) for m in ("sure", "unsure")],
        )
        self.why = discord.ui.TextInput[VoteModal](custom_id="why", required=False, style=discord.TextStyle.long)
        self.add_item(discord.ui.Label(text="Who", component=self.target))
        self.add_item(discord.ui.Label(text="How sure", component=self.mood))
        self.add_item(discord.ui.Label(text="Why", component=self.why))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        reason = self.why.value or "-"
        await interaction.response.send_message(f"vote {self.target.values} {self.mood.value} {reason}")


class BoardLayout(discord.ui.LayoutView):
    """A components-v2 message: a container with text and a row holding a persistent button."""

    def __init__(self, text: str) -> None:
        super().__init__(timeout=None)
        row = discord.ui.ActionRow[BoardLayout]()
        row.add_item(RevealButton("board"))
        self.add_item(discord.ui.Container[BoardLayout](discord.ui.TextDisplay[BoardLayout](text), row))


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick one",
        options=[discord.SelectOption(label=name.title(), value=name[0]) for name in ("alpha", "beta", "gamma")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[PickView]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values}", view=None)
        self.stop()


class DemoCog(commands.Cog):
    def __init__(self, slow_delay: float = 0.0) -> None:
        self.errors: list[Exception] = []
        self.slow_delay = slow_delay
        self.heard: list[tuple[str, str]] = []

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.heard.append(("DM" if message.guild is None else "server", message.content))

    @app_commands.command(description="Answers with a button")
    async def ping(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AgainButton(1))
        await interaction.response.send_message("pong #1", view=view)

    @app_commands.command(name="dm-me", description="Sends you a DM")
    async def dm_me(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(RevealButton("s3cret"))
        try:
            await interaction.user.send("psst", view=view)
        except discord.Forbidden as error:
            self.errors.append(error)
            await interaction.response.send_message("I cannot DM you: open your DMs", ephemeral=True)
        else:
            await interaction.response.send_message("check your DMs", ephemeral=True)

    @app_commands.command(description="Answers too late")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(self.slow_delay)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as error:
            self.errors.append(error)

    @app_commands.command(description="Answers twice")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        # discord.py refuses a second response itself; forget the first one, as a second process would.
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("two")
        except discord.HTTPException as error:
            self.errors.append(error)

    @app_commands.command(description="Opens a modal")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(description="Opens a vote form")
    async def vote(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(VoteModal())

    @app_commands.command(description="Shows the board")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=BoardLayout("Round 1: night falls"))

    @app_commands.command(description="A select menu")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick", view=PickView())

    @app_commands.command(description="Thinks, then answers with a file")
    async def think(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done", file=discord.File(io.BytesIO(b"hello"), "hello.txt"))

    @app_commands.command(description="Rolls dice")
    @app_commands.describe(sides="How many sides", count="How many dice")
    async def roll(
        self,
        interaction: discord.Interaction,
        sides: app_commands.Range[int, 2, 100],
        count: int = 1,
        who: discord.Member | None = None,
    ) -> None:
        target = who.display_name if who is not None else interaction.user.display_name
        await interaction.response.send_message(f"{target} rolls {count}d{sides}")

    @app_commands.command(description="Moderators only")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def stop_game(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("stopped", ephemeral=True)

    @app_commands.command(description="Autocompletes a colour")
    async def colour(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(name)

    @colour.autocomplete("name")
    async def colour_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = ["red", "green", "blue"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]


def make_bot(cog: DemoCog, intents: discord.Intents | None = None) -> commands.Bot:
    if intents is None:
        intents = discord.Intents.default()
        intents.members = intents.presences = intents.message_content = False
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=intents)
    bot.add_dynamic_items(AgainButton, RevealButton)

    async def setup_hook() -> None:
        await bot.add_cog(cog)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


# --- fixtures --------------------------------------------------------------------------------------------------


@dataclass
class World:
    discord: DiscordStandIn
    bot: commands.Bot
    cog: DemoCog
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    """Bob's DMs are closed."""
    mod: User


@pytest.fixture
async def world(discord_standin: DiscordStandIn, no_leftovers: None) -> AsyncIterator[World]:
    guild = discord_standin.add_guild("Game Night")
    alice = discord_standin.add_user("alice", locale="ru")
    bob = discord_standin.add_user("bob", dms_open=False)
    mod = discord_standin.add_user("mod")
    moderators = discord_standin.add_role(guild, "Moderator", permissions=discord.Permissions(manage_guild=True).value)
    for user in (alice, bob):
        discord_standin.add_member(guild, user)
    discord_standin.add_member(guild, mod, roles=[moderators])
    cog = DemoCog()
    async with running(make_bot(cog), discord_standin) as bot:
        await bot.tree.sync()
        yield World(discord_standin, bot, cog, guild, guild.channel("general"), alice, bob, mod)


# --- tests -----------------------------------------------------------------------------------------------------


async def test_the_bot_logs_in_connects_and_syncs(world: World) -> None:
    d = world.discord
    assert [guild.name for guild in world.bot.guilds] == ["Game Night"]
    assert world.bot.user is not None and world.bot.user.id == d.bot_user.id
    assert {c["name"] for c in d.commands[None].values()} >= {"ping", "dm-me", "roll", "stop_game"}
    assert [str(r) for r in d.requests[:3]] == [
        "GET /users/@me -> 200",
        "GET /oauth2/applications/@me -> 200",
        f"PUT /applications/{d.application_id}/commands -> 200",
    ]
    identify = d.gateway.identifies[0]
    assert identify["intents"] & (1 << 1 | 1 << 8 | 1 << 15) == 0, "no privileged intents"
    assert d.gateway.connections
    assert all(connection.compress for connection in d.gateway.connections), "discord.py asked for zlib-stream"


async def test_slash_command_reply_and_dynamic_button(world: World) -> None:
    d = world.discord
    call = await d.invoke_slash(world.alice, "ping", channel=world.channel)
    assert (await call.wait_response())["status"] == 200
    message = d.last_message(world.channel)
    assert message.content == "pong #1"
    assert message.button_labels == ["Again"]
    assert message.interaction_metadata is not None and message.interaction_metadata["name"] == "ping"

    click = await d.click(world.bob, "Again", channel=world.channel)
    await click.wait_response()
    assert click.data["custom_id"] == "ping:1"
    assert click.callbacks[0]["type"] == 7  # UPDATE_MESSAGE: the same message, edited
    assert message.content == "pong #2 (bob, en-US)"
    assert message.history[0]["content"] == "pong #1"

    click = await d.click(world.alice, "Again", channel=world.channel)
    await click.wait_response()
    assert message.content == "pong #3 (alice, ru)"
    assert len(d.channel_view(world.channel)) == 1


async def test_old_buttons_work_after_a_restart(world: World, discord_standin: DiscordStandIn) -> None:
    d = discord_standin
    await (await d.invoke_slash(world.alice, "ping", channel=world.channel)).wait_response()
    await world.bot.close()

    run = await start_bot(make_bot(DemoCog()), d)
    try:
        click = await d.click(world.alice, "Again", channel=world.channel)
        await click.wait_response()
        assert d.last_message(world.channel).content == "pong #2 (alice, ru)"
    finally:
        await run.stop()


async def test_dm_with_buttons_and_closed_dms(world: World) -> None:
    d = world.discord
    await (await d.invoke_slash(world.alice, "dm-me", channel=world.channel)).wait_response()
    assert [m.content for m in d.dm_view(world.alice)] == ["psst"]
    assert d.last_message(world.channel, viewer=world.alice).content == "check your DMs"
    assert d.channel_view(world.channel) == [], "the ephemeral answer is for alice only"

    click = await d.click(world.alice, "Reveal")  # in alice's DMs
    await click.wait_response()
    assert click.guild is None
    assert d.last_message(world.alice).content == "your secret is s3cret (DM)"

    call = await d.invoke_slash(world.bob, "dm-me", channel=world.channel)
    await call.wait_response()
    [error] = world.cog.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert d.last_message(world.channel, viewer=world.bob).content == "I cannot DM you: open your DMs"
    assert d.dm_view(world.bob) == []


async def test_a_dm_to_someone_sharing_no_server_is_refused(world: World) -> None:
    stranger = world.discord.add_user("stranger")
    with pytest.raises(discord.Forbidden) as caught:
        await world.bot.http.start_private_message(stranger.id)
        dm = await world.bot.create_dm(discord.Object(stranger.id))
        await dm.send("hello")
    assert caught.value.code == 50007


async def test_first_response_after_the_deadline_is_unknown_interaction(world: World) -> None:
    d = world.discord
    d.ack_deadline = 0.2
    world.cog.slow_delay = 0.3
    call = await d.invoke_slash(world.alice, "slow", channel=world.channel)
    first = await call.wait_response()
    assert (first["status"], first["code"]) == (404, 10062)
    assert first["after"] > 0.2
    [error] = world.cog.errors
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert d.channel_view(world.channel) == []


async def test_second_acknowledgement_is_refused(world: World) -> None:
    d = world.discord
    call = await d.invoke_slash(world.alice, "twice", channel=world.channel)
    await d.wait_for(lambda: world.cog.errors, what="the second response to fail")
    [error] = world.cog.errors
    assert isinstance(error, discord.HTTPException) and error.code == 40060
    assert [(c["status"], c["code"]) for c in call.callbacks] == [(200, None), (400, 40060)]
    assert [m.content for m in d.channel_view(world.channel)] == ["one"]


async def test_rate_limits_are_retried(world: World) -> None:
    d = world.discord
    route = "/channels/{channel_id}/messages"
    d.rate_limit("POST", route, times=2, retry_after=0.05)
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("hello")
    assert [r.status for r in d.requests_to("POST", route)] == [429, 429, 200]
    assert [m.content for m in d.channel_view(world.channel)] == ["hello"]

    d.rate_limit("POST", "/interactions/{interaction_id}/{interaction_token}/callback", retry_after=0.05)
    call = await d.invoke_slash(world.alice, "ping", channel=world.channel)
    assert (await call.wait_response())["status"] == 200


async def test_server_errors_at_intervals_on_chosen_requests_and_after_carrying_them_out(world: World) -> None:
    """`fail(..., every=, where=, landed=)`: one in `every` of the requests `where` accepts fails, and a landed
    failure is carried out first (here a channel post, made and then answered 503, which discord.py raises)."""
    d = world.discord
    route = "/channels/{channel_id}/messages"
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    rule = d.fail("POST", route, status=503, times=2, every=2, landed=True,
                  where=lambda r: "odd" in str((r.body or {}).get("content")))
    outcomes = []
    for n in range(4):
        try:
            await channel.send(f"odd {n}" if n % 2 else f"even {n}")
            outcomes.append("ok")
        except discord.DiscordServerError:
            outcomes.append("503")
    assert outcomes == ["ok", "ok", "ok", "503"], "the second odd post fails, once made"
    assert rule.seen == 2 and rule.remaining == 1 and [r.status for r in rule.failed] == [503]
    assert [m.content for m in d.channel_view(world.channel)] == ["even 0", "odd 1", "even 2", "odd 3"]
    assert d.channel_webhook_post(rule.failed[0]) is False and d.interaction_follow_up(rule.failed[0]) is False


async def test_invalid_bodies_are_caught(world: World) -> None:
    d = world.discord
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=world.channel.id)
    with pytest.raises(discord.HTTPException) as caught:
        await world.bot.http.request(route, json={"content": "x" * 2001})
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert any("content is 2001 characters" in v for v in d.violations)

    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException):
        await channel.send(embeds=[discord.Embed(description="x" * 4000), discord.Embed(description="y" * 2500)])
    assert any("6500 characters of text together" in v for v in d.violations)

    if d.spec is not None:  # Discord's OpenAPI description is beside the project (always in CI)
        with pytest.raises(discord.HTTPException):
            await world.bot.http.request(route, json={"content": "hi", "embeds": [{"title": 5}]})
        assert any("$.embeds[0].title" in v for v in d.violations)
    assert d.channel_view(world.channel) == []
    d.clear_records()  # expected: do not fail the test at teardown


async def test_modal_submit(world: World) -> None:
    d = world.discord
    await (await d.invoke_slash(world.alice, "feedback", channel=world.channel)).wait_response()
    [modal] = d.open_modals[world.alice.id]
    assert modal.title == "Feedback"
    with pytest.raises(AssertionError, match="required"):
        await d.submit_modal(world.alice, {})
    submitted = await d.submit_modal(world.alice, {"Your message": "great game"})
    await submitted.wait_response()
    assert d.last_message(world.channel, viewer=world.alice).content == "thanks: great game"
    assert d.channel_view(world.channel) == []


async def test_select_menu(world: World) -> None:
    d = world.discord
    await (await d.invoke_slash(world.alice, "pick", channel=world.channel)).wait_response()
    with pytest.raises(AssertionError, match="not an option"):
        await d.select(world.alice, ["delta"], channel=world.channel)
    call = await d.select(world.alice, ["Beta"], channel=world.channel)
    await call.wait_response()
    message = d.last_message(world.channel)
    assert message.content == "picked ['b']"
    assert message.components == []


async def test_defer_then_followup_with_a_file(world: World) -> None:
    d = world.discord
    call = await d.invoke_slash(world.alice, "think", channel=world.channel)
    assert (await call.wait_response())["type"] == 5
    await d.wait_for(lambda: not d.last_message(world.channel).loading, what="the followup")
    message = d.last_message(world.channel)
    assert message.content == "done"
    [attachment] = message.attachments
    assert (attachment.filename, attachment.data) == ("hello.txt", b"hello")
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == b"hello"
    assert any(r.files for r in d.requests), "the followup was sent as multipart with payload_json"


async def test_options_permissions_and_autocomplete(world: World) -> None:
    d = world.discord
    call = await d.invoke_slash(world.alice, "roll", channel=world.channel, options={"sides": 6, "who": world.bob})
    await call.wait_response()
    assert d.last_message(world.channel).content == "bob rolls 1d6"
    with pytest.raises(ValueError, match="outside"):
        await d.invoke_slash(world.alice, "roll", channel=world.channel, options={"sides": 1000})
    with pytest.raises(ValueError, match="required"):
        await d.invoke_slash(world.alice, "roll", channel=world.channel)
    with pytest.raises(LookupError, match="not registered"):
        await d.invoke_slash(world.alice, "nope", channel=world.channel)

    with pytest.raises(PermissionError):
        await d.invoke_slash(world.alice, "stop_game", channel=world.channel)
    with pytest.raises(LookupError, match="not available"):
        await d.invoke_slash(world.mod, "stop_game")  # in DMs: guild only
    await (await d.invoke_slash(world.mod, "stop_game", channel=world.channel)).wait_response()
    assert d.last_message(world.channel, viewer=world.mod).content == "stopped"

    typing = await d.autocomplete(world.alice, "colour", "name", channel=world.channel, options={"name": "g"})
    answer = await typing.wait_response()
    assert answer["type"] == 8
    assert answer["body"]["data"]["choices"] == [{"name": "green", "value": "green"}]


async def test_unknown_routes_are_recorded(world: World) -> None:
    d = world.discord
    with pytest.raises(discord.NotFound):
        await world.bot.http.request(discord.http.Route("GET", "/no/such/route"))
    assert [(r.method, r.path) for r in d.unknown_requests] == [("GET", "/no/such/route")]
    with pytest.raises(AssertionError, match="unknown route"):
        d.assert_clean()
    d.clear_records()


async def test_channel_flood_is_detected(world: World) -> None:
    d = world.discord
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    for number in range(6):
        await channel.send(f"message {number}")
    assert d.flood_problems() == ["#general got 6 messages within 5.0 s (limit 5)"]
    d.clear_records()


async def test_gateway_reconnect_resumes_the_session(world: World) -> None:
    d = world.discord
    [session] = d.gateway.sessions.values()
    await d.reconnect_gateway()
    await d.wait_for(lambda: session.resumes == 1 and session.connected, what="the RESUME")
    await (await d.invoke_slash(world.alice, "ping", channel=world.channel)).wait_response()
    assert d.last_message(world.channel).content == "pong #1"
    assert len(d.gateway.sessions) == 1, "resumed, not identified again"


async def test_privileged_intents_are_refused_unless_enabled(
    discord_standin: DiscordStandIn, no_leftovers: None
) -> None:
    intents = discord.Intents.default()
    intents.members = True
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await start_bot(make_bot(DemoCog(), intents), discord_standin, ready_timeout=5)

    discord_standin.privileged_intents.add(GUILD_MEMBERS)
    discord_standin.add_guild("Members Visible")
    bot = make_bot(DemoCog(), intents)
    async with running(bot, discord_standin):
        [guild] = bot.guilds
        assert guild.member_count == 2 and len(guild.members) == 2


async def test_modal_with_labels_select_and_radio(world: World) -> None:
    d = world.discord
    await (await d.invoke_slash(world.alice, "vote", channel=world.channel)).wait_response()
    call = await d.submit_modal(world.alice, {"Who": ["Bob"], "How sure": "Unsure"})
    await call.wait_response()
    assert d.last_message(world.channel).content == "vote ['bob'] unsure -"


async def test_components_v2_message(world: World) -> None:
    d = world.discord
    await (await d.invoke_slash(world.alice, "board", channel=world.channel)).wait_response()
    message = d.last_message(world.channel)
    assert message.flags & (1 << 15), "IS_COMPONENTS_V2"
    assert message.text == "Round 1: night falls"
    click = await d.click(world.bob, "Reveal", channel=world.channel)
    await click.wait_response()
    assert d.last_message(world.channel).content == "your secret is board (server)"


async def test_a_status_message_is_edited_in_place(world: World) -> None:
    d = world.discord
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    status = await channel.send("Round 1")
    for round_number in range(2, 9):
        status = await status.edit(content=f"Round {round_number}")
    fetched = await channel.fetch_message(status.id)
    assert fetched.content == "Round 8" and fetched.edited_at is not None
    [message] = d.channel_view(world.channel)
    assert len(message.history) == 7
    assert d.flood_problems() == []


async def test_events_sent_while_disconnected_arrive_on_resume(world: World) -> None:
    d = world.discord
    [session] = d.gateway.sessions.values()
    await d.drop_gateway()
    call = await d.invoke_slash(world.alice, "ping", channel=world.channel)  # the bot is reconnecting
    assert (await call.wait_response())["status"] == 200
    assert session.resumes == 1
    assert d.last_message(world.channel).content == "pong #1"


async def test_sharded_bot_gets_dm_interactions_on_shard_zero(no_leftovers: None) -> None:
    async with DiscordStandIn(shard_count=2) as d:
        guilds = [d.add_guild("Server 0")]
        while len({(g.id >> 22) % 2 for g in guilds}) < 2:  # a server on each shard
            await asyncio.sleep(0.001)
            guilds.append(d.add_guild(f"Server {len(guilds)}"))
        alice = d.add_user("alice")
        for guild in guilds:
            d.add_member(guild, alice)
        intents = discord.Intents.default()
        intents.members = intents.presences = intents.message_content = False
        bot = commands.AutoShardedBot(command_prefix=commands.when_mentioned, intents=intents)
        bot.add_dynamic_items(RevealButton)

        async def no_identify_delay(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        bot.before_identify_hook = no_identify_delay  # type: ignore[method-assign]
        await bot.add_cog(DemoCog())
        async with running(bot, d):
            await bot.tree.sync()
            assert bot.shard_count == 2 and len(bot.guilds) == len(guilds)
            sessions = {s.shard_id: s for s in d.gateway.sessions.values()}
            assert sorted(sessions) == [0, 1]
            before = {shard: s.seq for shard, s in sessions.items()}
            await (await d.invoke_slash(alice, "dm-me")).wait_response()
            assert sessions[0].seq > before[0] and sessions[1].seq == before[1], "DM events go to shard 0 only"
            click = await d.click(alice, "Reveal")
            await click.wait_response()
            assert d.last_message(alice).content == "your secret is s3cret (DM)"
            for guild in guilds:
                call = await d.invoke_slash(alice, "ping", channel=guild.channel("general"))
                await call.wait_response()
                got = {
                    shard
                    for shard, session in sessions.items()
                    if any(e["t"] == "INTERACTION_CREATE" and e["d"]["id"] == str(call.id) for e in session.backlog)
                }
                assert got == {(guild.id >> 22) % 2}
                assert bot.get_guild(guild.id).shard_id in got  # type: ignore[union-attr]
            assert d.violations == []


async def test_the_bot_process_can_find_the_stand_in_from_its_settings(discord_standin: DiscordStandIn) -> None:
    env = discord_standin.env()
    assert env["DISCORD_API_BASE_URL"].endswith("/api/v10")
    assert await ask_gateway_url(env["DISCORD_API_BASE_URL"]) == env["DISCORD_GATEWAY_URL"]


async def test_user_messages_reach_the_bot_as_discord_would_deliver_them(world: World) -> None:
    d = world.discord
    await d.user_message(world.alice, "my secret plan", channel=world.channel)
    await d.user_message(world.alice, f"{d.bot_user.mention} hello", channel=world.channel)
    await d.user_message(world.alice, "psst, bot")  # in DMs
    await d.wait_for(lambda: len(world.cog.heard) == 3, what="three messages")
    assert world.cog.heard == [
        ("server", ""),  # no MESSAGE_CONTENT intent: content hidden
        ("server", f"{d.bot_user.mention} hello"),  # unless the bot is mentioned
        ("DM", "psst, bot"),  # DMs always carry content
    ]


async def test_reactions_and_pins(world: World) -> None:
    d = world.discord
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("vote here")
    await sent.add_reaction("👍")
    await sent.pin()
    fetched = await channel.fetch_message(sent.id)
    assert fetched.pinned and [str(r.emoji) for r in fetched.reactions] == ["👍"] and fetched.reactions[0].me
    await sent.remove_reaction("👍", world.bot.user)  # type: ignore[arg-type]
    assert d.last_message(world.channel).reactions == {}
