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
from bot.discord.translator import text
from bot.i18n import t
from bot.live import LiveGame
from games.core import Event, GameState
from games.maskmen.picture import ORDER_CHANGES, order_texts, render_order, text_form


def order_picture(game: LiveGame, state: GameState, events: list[Event]) -> list[dict[str, Any]]:
    """The strength-order picture after the events that change the order: saved with the step as
    what it takes to draw it again (a restart sends it from this)."""
    if not any(e.key in ORDER_CHANGES and e.to is None for e in events):
        return []
    view = game.engine.view(state, None)
    language = game.row.language
    order: dict[str, Any] = view["order"]
    alt = text_form(order, partial(t, language))
    return [{
        "game": "maskmen", "text": alt[:2000], "order": order, "season": view["season"], "language": language,
        "name": f"maskmen-{game.id}-season-{view['season']}.png",
    }]


async def build_picture(body: dict[str, Any]) -> dict[str, Any]:
    """The picture's file, rendered off the event loop."""
    say = partial(t, body["language"])
    png = await asyncio.to_thread(render_order, body["order"], order_texts(say, season=body["season"]))
    return {"file": discord.File(io.BytesIO(png), filename=body["name"], description=body["text"][:1000])}


class Maskmen(commands.GroupCog, group_name="maskmen", group_description=text("cmd-maskmen", "Maskmen (2–6 players)")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        game_master(bot).presenters["maskmen"] = order_picture
        game_master(bot).pictures["maskmen"] = build_picture

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
