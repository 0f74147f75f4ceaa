"""The shared lobby: join, leave, start, status, rules and cancel for the game in this channel.
Each game cog adds its own `/<game> new` with its house rules."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.checks import is_moderator
from bot.discord.game_cog import game_master, seat_for, send_rules, test_dm
from bot.discord.text import escape_name
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.lobby import LobbyError
from bot.render import list_names
from bot.storage import GameRow
from games import registry

log = logging.getLogger(__name__)


class Lobby(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    async def cog_load(self) -> None:
        self.gm.lobby.expired_listeners.append(self._expired)
        # look for idle lobbies a few times per idle period, at least once a minute
        self.close_idle.change_interval(seconds=max(1.0, min(60.0, self.gm.lobby.limits.idle_seconds / 4)))
        self.close_idle.start()

    async def cog_unload(self) -> None:
        self.close_idle.cancel()
        if self._expired in self.gm.lobby.expired_listeners:
            self.gm.lobby.expired_listeners.remove(self._expired)

    @tasks.loop(seconds=60)
    async def close_idle(self) -> None:
        try:
            await self.gm.lobby.expire_idle()
        except Exception:  # keep sweeping whatever one pass met
            log.exception("closing idle lobbies failed")

    async def _expired(self, row: GameRow) -> None:
        minutes = max(1, round(self.gm.lobby.limits.idle_seconds / 60))
        self.gm.channel_outbox(row.channel_id or 0).put_text(
            t(row.language, "lobby-expired", id=row.id, game=t(row.language, f"{row.game}-title"), minutes=minutes)
        )

    async def _refuse(self, interaction: discord.Interaction, error: LobbyError, language: str) -> None:
        await self.gm.ephemeral(interaction, self.gm.refusal(error.refusal, language, None))

    @app_commands.command(name="join", description=text("cmd-join", "Join the game being set up in this channel"))
    @app_commands.describe(buy_in=text("opt-buy-in", "Your stack, for games with chips (at least the minimum)"))
    @app_commands.guild_only()
    async def join(
        self, interaction: discord.Interaction, buy_in: app_commands.Range[int, 1, 10**9] | None = None
    ) -> None:
        await self.join_lobby(interaction, buy_in=buy_in)

    async def join_lobby(
        self, interaction: discord.Interaction, *, buy_in: int | None = None, lobby_id: int | None = None
    ) -> None:
        """/join, and the Join button on the lobby's message (`lobby_id`: the lobby it opened)."""
        language = normalize(str(interaction.locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self.gm.lobby.current(interaction.channel_id or 0)
        if row is None:
            await self.gm.ephemeral(interaction, t(language, "lobby-none"))
            return
        if lobby_id is not None and row.id != lobby_id:
            await self.gm.ephemeral(interaction, t(language, "lobby-button-stale", id=lobby_id))
            return
        if row.status != "lobby":  # no test DM for a seat that cannot be had
            await self.gm.ephemeral(interaction, t(language, "lobby-already-started"))
            return
        if not await test_dm(self.gm, interaction, language, row.game):
            return
        join = {} if buy_in is None else {"buy_in": buy_in}  # the game checks it (its own bounds)
        try:
            row = await self.gm.lobby.join(
                interaction.channel_id or 0, seat_for(interaction, language, join=join), lobby_id=lobby_id
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        engine = registry.engine(row.game)
        await self.gm.ephemeral(interaction, t(language, "lobby-joined-you", id=row.id))
        self.gm.channel_outbox(row.channel_id or 0).put_text(
            t(row.language, "lobby-joined", player=interaction.user.mention, count=len(row.seats),
              max=engine.max_players)
        )

    @app_commands.command(
        name="addbot", description=text("cmd-addbot", "Add a bot player to the game being set up (host or moderator)")
    )
    @app_commands.describe(count=text("opt-addbot-count", "How many bot players (default 1)"))
    @app_commands.guild_only()
    async def addbot(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 11] = 1) -> None:
        language = normalize(str(interaction.locale))
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            row, names = await self.gm.lobby.add_bot(
                interaction.channel_id or 0, interaction.user.id, moderator=moderator, count=count
            )
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        engine = registry.engine(row.game)
        await interaction.response.send_message(
            t(row.language, "lobby-bots-added", bots=len(names), count=len(row.seats), max=engine.max_players,
              names=list_names([escape_name(n) for n in names], row.language))
        )

    @app_commands.command(name="leave", description=text("cmd-leave", "Leave the game being set up here"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        try:
            left = await self.gm.lobby.leave(interaction.channel_id or 0, interaction.user.id)
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        row = left.row
        lines = [t(row.language, "lobby-left", player=interaction.user.mention, count=len(row.seats))]
        if row.status == "cancelled":
            lines.append(t(row.language, "lobby-cancelled", id=row.id))
        if left.new_host is not None:
            lines.append(t(row.language, "lobby-host-passed", player=f"<@{left.new_host}>"))
        await interaction.response.send_message("\n".join(lines))

    @app_commands.command(name="start", description=text("cmd-start", "Start the game (host or moderator)"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            game = await self.gm.lobby.start(interaction.channel_id or 0, interaction.user.id, moderator=moderator)
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        await self.gm.ephemeral(interaction, t(language, "lobby-started-you", id=game.id))

    @app_commands.command(name="status", description=text("cmd-status", "The game in this channel"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        row = await self.gm.lobby.current(interaction.channel_id or 0)
        if row is None:
            await self.gm.ephemeral(interaction, t(language, "lobby-none"))
            return
        if row.status == "lobby":
            engine = registry.engine(row.game)
            names = ", ".join(
                f"<@{s['user_id']}>" if s.get("user_id") else f"🤖 {escape_name(s['name'])}" for s in row.seats
            )
            await self.gm.ephemeral(
                interaction,
                t(language, "lobby-status", game=t(language, f"{row.game}-title"), id=row.id, players=names,
                  count=len(row.seats), min=engine.min_players, max=engine.max_players),
            )
            return
        game = await self.gm.table.get(row.id)
        assert game is not None
        await self.gm.ephemeral(interaction, self.gm.status_text(game))

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    @app_commands.describe(game=text("opt-game", "Which game (default: the one in this channel)"))
    @app_commands.choices(
        game=[app_commands.Choice(name=name, value=name) for name in ("cookie", "maskmen", "sword-of-lies", "castle")]
    )
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        language = normalize(str(interaction.locale))
        if game is None:
            row = await self.gm.lobby.current(interaction.channel_id or 0)
            game = row.game if row else None
        if game is None or game not in registry.available():
            await self.gm.ephemeral(interaction, t(language, "lobby-rules-which"))
            return
        await send_rules(interaction, game)

    @app_commands.command(name="cancel", description=text("cmd-cancel", "Cancel the game here (host or moderator)"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        moderator = await is_moderator(interaction, self.gm.storage)
        try:
            row = await self.gm.lobby.cancel(interaction.channel_id or 0, interaction.user.id, moderator=moderator)
        except LobbyError as error:
            await self._refuse(interaction, error, language)
            return
        await interaction.response.send_message(t(row.language, "lobby-cancelled", id=row.id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
