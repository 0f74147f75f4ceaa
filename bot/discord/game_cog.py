"""What every game cog shares: creating a lobby for the game with house rules from command
options, and the rules summary. A game cog declares its `/<game> new` options and calls this."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.budget import urgently
from bot.discord.failures import transient
from bot.discord.replies import told
from bot.discord.service import GameMaster
from bot.gathering.times import DEFAULT_ZONE, parse_clock
from bot.i18n import normalize, t
from bot.live import Seat, interaction_key
from bot.lobby import LobbyError
from bot.storage import DeliveryRow
from games import registry

log = logging.getLogger(__name__)


def game_master(bot: commands.Bot) -> GameMaster:
    return bot.game_master  # type: ignore[attr-defined]


async def test_dm(gm: GameMaster, interaction: discord.Interaction, language: str, game_name: str) -> bool:
    """Send the join test DM; False (and the player told how to open DMs) if they are closed. A member the bot
    reached in DMs lately gets none (bot/discord/dm_reach.py)."""
    reach = gm.outboxes.dm_reach
    if await reach.recent(interaction.user.id):
        return True
    try:
        with urgently():  # the member waits for the answer: ahead of the messages waiting for room (budget.py)
            channel_id = await gm.dm_channel_id(interaction.user.id)
            channel = gm.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            text = t(language, "lobby-test-dm", game=t(language, f"{game_name}-title"))
            await gm.dm_outbox(interaction.user.id).send_now(lambda: channel.send(text))
        await reach.reached(interaction.user.id)
    except discord.Forbidden as error:
        if error.code == 50007:
            await reach.refused(interaction.user.id)
            await gm.ephemeral(interaction, t(language, "lobby-dms-closed"))
            return False
        raise
    except Exception as error:
        if not transient(error):
            raise
        # Discord is having trouble, which says nothing about the member's DMs: the prompts wait in the outbox
        log.warning("the join test DM failed for now (%s); letting the member in", error)
    return True


def seat_for(interaction: discord.Interaction, language: str, **extra: Any) -> Seat:
    user = interaction.user
    return Seat(name=user.display_name, user_id=user.id, language=language, **extra)


async def create_game(
    interaction: discord.Interaction, game_name: str, options: dict[str, Any], *, host_buy_in: int | None = None,
    meta: dict[str, Any] | None = None, deadline: str | None = None,
) -> None:
    """`deadline`: the pace's phases end at this time of day on the server's clock (`deadline:21:00`)."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    language = normalize(str(interaction.locale))
    if interaction.guild is None or interaction.channel is None:
        await gm.ephemeral(interaction, t(language, "lobby-guild-only"))
        return
    if deadline is not None:
        if parse_clock(deadline) is None:
            await gm.ephemeral(interaction, t(language, "night-deadline-unreadable", typed=deadline[:40]))
            return
        zone = (await gm.storage.guild_settings(interaction.guild.id)).get("zone") or DEFAULT_ZONE
        meta = {**(meta or {}), "deadline_at": {"time": deadline.strip(), "zone": zone}}
    await interaction.response.defer(ephemeral=True, thinking=True)
    key = interaction_key(interaction.id)
    if await gm.storage.input_applied(key) is not None:  # delivered again: no second DM, no second lobby
        await gm.ephemeral(interaction, t(language, "error-duplicate"))
        return
    try:
        gm.lobby.may_open(interaction.guild.id, interaction.user.id)
    except LobbyError as error:
        await gm.ephemeral(interaction, gm.refusal(error.refusal, language, None))
        return
    if not await test_dm(gm, interaction, language, game_name):
        return
    settings = await gm.storage.guild_settings(interaction.guild.id)
    channel_language = await gm.guild_language(interaction.guild.id, interaction.guild_locale)
    # where it is played, as the game's web page names it (bot/web/): the names of the time
    place = {"server": interaction.guild.name, "channel": getattr(interaction.channel, "name", None)}
    meta = {**(meta or {}), "place": place}
    try:
        row = await gm.lobby.create(
            game_name, guild_id=interaction.guild.id, channel_id=interaction.channel.id,
            host=seat_for(interaction, language, join={} if host_buy_in is None else {"buy_in": host_buy_in}),
            options=options, language=channel_language,
            default_deadlines=settings.get("deadlines") or {}, input_key=key, meta=meta,
        )
    except LobbyError as error:
        await gm.ephemeral(interaction, gm.refusal(error.refusal, language, None))
        return
    engine = registry.engine(game_name)
    lobby_cog = interaction.client.get_cog("Lobby")  # type: ignore[attr-defined]
    # the lobby is saved: Discord failing the private answer leaves its announcement to go all the same
    if not row.seats and lobby_cog is not None:  # a game with sign-up questions: the host signs up too
        answered = await told(
            lobby_cog.ask_first(interaction, row, language, intro=t(language, "lobby-created-signup", id=row.id))
        )
    else:
        answered = await told(gm.ephemeral(interaction, t(language, "lobby-created-you", id=row.id)))
    title = t(channel_language, f"{game_name}-title")
    if engine.anonymous(engine.parse_options(row.options)):  # not even the host is named
        gm.replies.forget(interaction.channel.id)  # nor anyone whose interaction a follow-up would show
        announcement = t(channel_language, "lobby-created-anonymous", game=title, id=row.id,
                         min=engine.min_players, max=engine.max_players)
    else:
        announcement = t(channel_language, "lobby-created", game=title, id=row.id,
                         host=interaction.user.mention, min=engine.min_players, max=engine.max_players)
        if answered:
            gm.replies.offer(interaction)  # a public act: the announcement follows it up

    # with a Join button (one click: the same as /join) while the lobby is open (bot/discord/standing.py), and
    # how many members who asked to be called would come ("7 would come at 10")
    announcement = "\n".join([announcement, *await gm.nights.lines(row, channel_language)])
    body = {"text": announcement, "language": channel_language}
    await gm.deliveries.deliver([DeliveryRow(row.id, 0, "lobby", body, channel_id=interaction.channel.id)])
    await gm.lobby.tell_changed(row)  # members who asked to be called when such a lobby has N seated


async def answer_in_channel(
    interaction: discord.Interaction, public: str, *, game_id: int, hidden: bool, private: str | None = None
) -> None:
    """A command's answer for everyone in a game's channel. Discord shows above an interaction's answer
    who used the command ("Ada used /leave"), so in a game that hides its players (`hidden`) the
    member is answered privately (`private`, else the same text) and the channel gets the line as a
    plain message of the bot's — nor may a later follow-up name anyone (`replies.forget`). What was done is
    saved: Discord failing the answer (`told`) still leaves the channel its line, and the caller its next steps."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    channel_id = interaction.channel_id or 0
    if not hidden:
        if not await told(interaction.response.send_message(public)):
            await gm.outboxes.say(game_id, 0, public, channel_id=channel_id)
        return
    gm.replies.forget(channel_id)
    await gm.outboxes.say(game_id, 0, public, channel_id=channel_id)  # saved: a restart still says it
    await told(gm.ephemeral(interaction, private or public))


async def send_rules(interaction: discord.Interaction, game_name: str) -> None:
    """The game's rules, privately: one message, whatever their length (bot/discord/replies.py `ephemeral`)."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    language = normalize(str(interaction.locale))
    await gm.ephemeral(interaction, t(language, registry.engine(game_name).rules_key()))
