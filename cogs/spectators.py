"""`/spectate` and `/unspectate` in a game's channel: watch the game from its graveyard thread (or, in a game
with no graveyard, a spectators' thread with the same feed). The rules are bot/discord/spectators.py's."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.checks import is_moderator
from bot.discord.game_cog import game_master
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.live import LiveGame


class Spectating(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def channel_game(self, interaction: discord.Interaction, language: str) -> LiveGame | None:
        """The game played in the command's channel, or None (the member told there is none)."""
        gm = game_master(self.bot)
        game = await gm.spectators.game_in(interaction.channel_id)
        if game is None:
            await gm.ephemeral(interaction, t(language, "spectate-no-game"))
        return game

    @app_commands.command(name="spectate", description=text("cmd-spectate", "Watch the game in this channel"))
    @app_commands.guild_only()
    async def spectate(self, interaction: discord.Interaction) -> None:
        gm, language = game_master(self.bot), normalize(str(interaction.locale))
        game = await self.channel_game(interaction, language)
        if game is None:
            return
        await interaction.response.defer(ephemeral=True)
        answer = await gm.spectators.spectate(game, interaction.user.id)
        await gm.ephemeral(interaction, t(language, answer.key, id=game.id, **answer.params))

    @app_commands.command(name="unspectate", description=text("cmd-unspectate", "Stop watching the game here"))
    @app_commands.describe(member=text("opt-spectator", "Moderators: the spectator to remove"))
    @app_commands.guild_only()
    async def unspectate(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        gm, language = game_master(self.bot), normalize(str(interaction.locale))
        game = await self.channel_game(interaction, language)
        if game is None:
            return
        who = interaction.user.id
        if member is not None and member.id != who:
            if not await is_moderator(interaction, gm.storage):
                await gm.ephemeral(interaction, t(language, "spectate-moderators-only"))
                return
            who = member.id
        await interaction.response.defer(ephemeral=True)
        answer = await gm.spectators.unspectate(game, who, limited=who == interaction.user.id)
        key = "unspectate-removed" if answer.key == "unspectate-ok" and who != interaction.user.id else answer.key
        await gm.ephemeral(interaction, t(language, key, id=game.id, **answer.params))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Spectating(bot))
