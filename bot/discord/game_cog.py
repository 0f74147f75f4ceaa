"""What every game cog shares: creating a lobby for the game with house rules from command
options, and the rules summary. A game cog declares its `/<game> new` options and calls this."""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.discord.components import JoinButton
from bot.discord.outbox import Message
from bot.discord.service import GameMaster
from bot.i18n import normalize, t
from bot.lobby import LobbyError
from bot.render import joined
from bot.table import Seat
from games import registry


def game_master(bot: commands.Bot) -> GameMaster:
    return bot.game_master  # type: ignore[attr-defined]


async def test_dm(gm: GameMaster, interaction: discord.Interaction, language: str, game_name: str) -> bool:
    """Send the join test DM; False (and the player told how to open DMs) if they are closed."""
    try:
        channel_id = await gm.dm_channel_id(interaction.user.id)
        channel = gm.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        text = t(language, "lobby-test-dm", game=t(language, f"{game_name}-title"))
        await gm.dm_outbox(interaction.user.id).send_now(lambda: channel.send(text))
    except discord.Forbidden as error:
        if error.code == 50007:
            await gm.ephemeral(interaction, t(language, "lobby-dms-closed"))
            return False
        raise
    return True


def seat_for(interaction: discord.Interaction, language: str, **extra: Any) -> Seat:
    user = interaction.user
    return Seat(name=user.display_name, user_id=user.id, language=language, **extra)


async def create_game(
    interaction: discord.Interaction, game_name: str, options: dict[str, Any], *, host_buy_in: int | None = None
) -> None:
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    language = normalize(str(interaction.locale))
    if interaction.guild is None or interaction.channel is None:
        await gm.ephemeral(interaction, t(language, "lobby-guild-only"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    if not await test_dm(gm, interaction, language, game_name):
        return
    settings = await gm.storage.guild_settings(interaction.guild.id)
    channel_language = await gm.guild_language(interaction.guild.id, interaction.guild_locale)
    try:
        row = await gm.lobby.create(
            game_name, guild_id=interaction.guild.id, channel_id=interaction.channel.id,
            host=seat_for(interaction, language, join={} if host_buy_in is None else {"buy_in": host_buy_in}),
            options=options, language=channel_language,
            default_deadlines=settings.get("deadlines") or {},
        )
    except LobbyError as error:
        await gm.ephemeral(interaction, gm.refusal(error.refusal, language, None))
        return
    engine = registry.engine(game_name)
    lobby_cog = interaction.client.get_cog("Lobby")  # type: ignore[attr-defined]
    if not row.seats and lobby_cog is not None:  # a game with sign-up questions: the host signs up too
        await lobby_cog.ask_first(interaction, row, language, intro=t(language, "lobby-created-signup", id=row.id))
    else:
        await gm.ephemeral(interaction, t(language, "lobby-created-you", id=row.id))
    title = t(channel_language, f"{game_name}-title")
    if engine.anonymous(engine.parse_options(row.options)):  # not even the host is named
        gm.replies.forget(interaction.channel.id)  # nor anyone whose interaction a follow-up would show
        announcement = t(channel_language, "lobby-created-anonymous", game=title, id=row.id,
                         min=engine.min_players, max=engine.max_players)
    else:
        announcement = t(channel_language, "lobby-created", game=title, id=row.id,
                         host=interaction.user.mention, min=engine.min_players, max=engine.max_players)
        gm.replies.offer(interaction)  # a public act: the announcement follows it up

    def join_button() -> dict[str, Any]:  # Join in one click: the same as /join
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(row.id, label=t(channel_language, "lobby-join-button")))
        return {"view": view}

    gm.join_pending.add(row.id)
    gm.channel_outbox(interaction.channel.id).put_message(
        Message(content=announcement, build=join_button, on_sent=partial(gm.join_posted, row.id))
    )


async def send_rules(interaction: discord.Interaction, game_name: str) -> None:
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    language = normalize(str(interaction.locale))
    engine = registry.engine(game_name)
    chunks = joined(t(language, engine.rules_key()).splitlines())
    await interaction.response.send_message(chunks[0], ephemeral=True)
    for chunk in chunks[1:5]:
        await interaction.followup.send(chunk, ephemeral=True)
    del gm
