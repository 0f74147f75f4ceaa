"""Maskmen in Discord: `/maskmen new` with its house rules, `/maskmen rules`. The picture of the strength
order, posted whenever it changes with a text form, is the game's (games/maskmen/spec.py), drawn by the shared
machinery (bot/discord/pictures.py)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, send_rules
from bot.discord.translator import text


class Maskmen(commands.GroupCog, group_name="maskmen", group_description=text("cmd-maskmen", "Maskmen (2–6 players)")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        season_end=text("opt-season-end", "first_out: season ends at the first empty hand; last_standing: play on"),
        seasons=text("opt-seasons", "Seasons with 3–6 players (default 4)"),
        turn_seconds=text("opt-turn-seconds", "Seconds per turn (default 60)"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        season_end: Literal["first_out", "last_standing"] | None = None,
        seasons: app_commands.Range[int, 1, 20] | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
    ) -> None:
        await create_game(
            interaction, "maskmen", {"season_end": season_end, "seasons": seasons, "turn_seconds": turn_seconds}
        )

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, "maskmen")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Maskmen(bot))
