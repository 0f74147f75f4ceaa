"""Sword of Lies in Discord: `/sword-of-lies new` with every house rule, buy-ins at `/join`,
`/sword-of-lies pay` during negotiation, and the server's leaderboard. Trades, bets, reveals and
war orders are prompts, rendered by the shared machinery (DMs for secrets, the channel for the
public ones; amounts as preset buttons plus an exact-amount modal)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, game_master, send_rules
from bot.discord.text import escape_name
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.live import interaction_key
from games.core import Action
from games.sword_of_lies.phase3 import NEGOTIATE, PAY_TO
from games.sword_of_lies.state import SolState

GAME = "sword-of-lies"


class SwordOfLies(
    commands.GroupCog, group_name="sword-of-lies", group_description=text("cmd-sol", "Sword of Lies (3–12 players)")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        hand_size=text("opt-hand-size", "Cards per player (2–8, default 4)"),
        min_buy_in=text("opt-min-buy-in", "Smallest buy-in (default 1000)"),
        ante=text("opt-ante", "Ante paid by everyone (default 0)"),
        big_blind=text("opt-big-blind", "Big blind (default 20)"),
        small_blind=text("opt-small-blind", "Small blind, 0 = none (default 10)"),
        betting=text("opt-betting", "Betting structure (default no_limit)"),
        rake_percent=text("opt-rake-percent", "House rake in percent (default 0)"),
        rake_cap=text("opt-rake-cap", "Most rake taken, 0 = no cap"),
        reveal_mode=text("opt-reveal-mode", "One at a time, or everyone at once"),
        folded_cards_count=text("opt-folded-cards-count", "A folded player's revealed cards still give swords"),
        sturdy_shields=text("opt-sturdy-shields", "A shield ignores a lone sword"),
        turn_seconds=text("opt-turn-seconds", "Seconds per turn (default 120)"),
        bet_seconds=text("opt-bet-seconds", "Seconds per bet (default 60)"),
        negotiation_seconds=text("opt-negotiation-seconds", "Seconds of negotiation (default 180)"),
        war_seconds=text("opt-war-seconds", "Seconds for war orders (default 120)"),
        buy_in=text("opt-buy-in", "Your stack, for games with chips (at least the minimum)"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        hand_size: app_commands.Range[int, 2, 8] | None = None,
        min_buy_in: app_commands.Range[int, 1, 1_000_000] | None = None,
        ante: app_commands.Range[int, 0, 1_000_000] | None = None,
        big_blind: app_commands.Range[int, 1, 1_000_000] | None = None,
        small_blind: app_commands.Range[int, 0, 1_000_000] | None = None,
        betting: Literal["no_limit", "pot_limit", "fixed_limit"] | None = None,
        rake_percent: app_commands.Range[int, 0, 100] | None = None,
        rake_cap: app_commands.Range[int, 0, 1_000_000] | None = None,
        reveal_mode: Literal["sequential", "simultaneous"] | None = None,
        folded_cards_count: bool | None = None,
        sturdy_shields: bool | None = None,
        turn_seconds: app_commands.Range[int, 10, 86400] | None = None,
        bet_seconds: app_commands.Range[int, 10, 86400] | None = None,
        negotiation_seconds: app_commands.Range[int, 10, 86400] | None = None,
        war_seconds: app_commands.Range[int, 10, 86400] | None = None,
        buy_in: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        options = {
            "hand_size": hand_size, "min_buy_in": min_buy_in, "ante": ante, "big_blind": big_blind,
            "small_blind": small_blind, "betting": betting, "rake_percent": rake_percent, "rake_cap": rake_cap,
            "reveal_mode": reveal_mode, "folded_cards_count": folded_cards_count, "sturdy_shields": sturdy_shields,
            "turn_seconds": turn_seconds, "bet_seconds": bet_seconds, "negotiation_seconds": negotiation_seconds,
            "war_seconds": war_seconds,
        }
        await create_game(interaction, GAME, options, host_buy_in=buy_in)

    @app_commands.command(name="pay", description=text("cmd-sol-pay", "Pay chips to another player (negotiation)"))
    @app_commands.describe(
        player=text("opt-sol-pay-player", "Who receives the chips"),
        chips=text("opt-sol-pay-chips", "How many chips"),
    )
    @app_commands.guild_only()
    async def pay(
        self, interaction: discord.Interaction, player: discord.Member, chips: app_commands.Range[int, 1, 10**9]
    ) -> None:
        gm = game_master(self.bot)
        language = normalize(str(interaction.locale))
        row = await gm.lobby.current(interaction.channel_id or 0)
        game = await gm.table.get(row.id) if row and row.status == "running" and row.game == GAME else None
        me = game.seat_of(interaction.user.id) if game else None
        if game is None or me is None:
            await gm.ephemeral(interaction, t(language, "error-not-in-game"))
            return
        to = game.seat_of(player.id)
        prompt = next((p for p in game.state.prompts_for(me) if p.key == NEGOTIATE), None)
        if prompt is None:  # in a negotiation, only a player made "Done" for having no chips is not asked
            state = game.state
            broke = isinstance(state, SolState) and state.phase == "negotiation" and not state.table[me].folded
            await gm.ephemeral(interaction, t(language, "sol-error-no-chips" if broke else "sol-pay-not-now"))
            return
        if to is None:
            await gm.ephemeral(interaction, t(language, "error-unknown-player"))
            return
        outcome = await gm.table.act(game.id, me, Action(prompt=prompt.id, value=f"{PAY_TO}{to}"),
                                     input_key=interaction_key(interaction.id, "to"), actor_id=interaction.user.id)
        if outcome.ok:
            outcome = await gm.table.act(game.id, me, Action(prompt=prompt.id, value=chips),
                                         input_key=interaction_key(interaction.id, "chips"),
                                         actor_id=interaction.user.id)
        if outcome.refusal is not None:
            await gm.ephemeral(interaction, gm.refusal(outcome.refusal, language, game, reader=me))
            return
        paid = t(language, "sol-pay-done", chips=chips, player=escape_name(player.display_name))
        await gm.ephemeral(interaction, paid)

    @app_commands.command(name="leaderboard", description=text("cmd-sol-leaderboard", "Net chips on this server"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        gm = game_master(self.bot)
        language = normalize(str(interaction.locale))
        rows = await gm.storage.leaderboard(interaction.guild_id or 0, GAME)
        if not rows:
            await gm.ephemeral(interaction, t(language, "sol-leaderboard-empty"))
            return
        lines = [t(language, "sol-leaderboard-title")]
        for place, (user_id, net, games, wins) in enumerate(rows, start=1):
            lines.append(t(language, "sol-leaderboard-line", place=place, player=f"<@{user_id}>", net=net,
                           games=games, wins=wins))
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SwordOfLies(bot))
