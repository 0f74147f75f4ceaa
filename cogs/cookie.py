"""Cookie in Discord: `/cookie new` with its house rules, `/cookie rules`. Everything else —
prompts in DMs, placements in the channel, the status message — is the shared machinery."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, send_rules
from bot.discord.translator import text


class Cookie(commands.GroupCog, group_name="cookie", group_description=text("cmd-cookie", "Cookie (4–6 players)")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        choose_seconds=text("opt-choose-seconds", "Seconds to choose a card (default 90)"),
        place_seconds=text("opt-place-seconds", "Seconds to place a sword or shield (default 60)"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        choose_seconds: app_commands.Range[int, 10, 86400] | None = None,
        place_seconds: app_commands.Range[int, 10, 86400] | None = None,
    ) -> None:
        await create_game(
            interaction, "cookie", {"choose_seconds": choose_seconds, "place_seconds": place_seconds}
        )

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, "cookie")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cookie(bot))
