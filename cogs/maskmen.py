"""Maskmen in Discord: `/maskmen new` with its house rules, `/maskmen rules`, and the picture of
the strength order posted whenever it changes (rendered off the event loop, with a text form)."""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, game_master, send_rules
from bot.discord.outbox import Message, Outbox
from bot.discord.translator import text
from bot.i18n import t
from bot.table import LiveGame
from games.core import Event
from games.maskmen.picture import order_texts, render_order, text_form

ORDER_CHANGES = {"maskmen-season-start", "maskmen-debut", "maskmen-proved"}


def order_picture(game: LiveGame, events: list[Event], channel: Outbox) -> None:
    """Queue the strength-order picture after the events that change the order."""
    if not any(e.key in ORDER_CHANGES and e.to is None for e in events):
        return
    view = game.engine.view(game.state, None)
    language = game.row.language
    say = partial(t, language)
    order: dict[str, Any] = view["order"]
    alt = text_form(order, say)

    async def build() -> dict[str, Any]:
        png = await asyncio.to_thread(render_order, order, order_texts(say, season=view["season"]))
        name = f"maskmen-{game.id}-season-{view['season']}.png"
        return {"file": discord.File(io.BytesIO(png), filename=name, description=alt[:1000])}

    channel.put_message(Message(content=alt[:2000], build=build))


class Maskmen(commands.GroupCog, group_name="maskmen", group_description=text("cmd-maskmen", "Maskmen (2–6 players)")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        game_master(bot).presenters["maskmen"] = order_picture

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
