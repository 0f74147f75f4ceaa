"""Members' data in Discord: `/privacy` (what the bot keeps and for how long), `/forget-me` (after a
confirmation button: bot/privacy.py), and the purge of old finished games' records when the host sets
KEEP_FINISHED_DAYS. A moderator's `/gm forget` is in cogs/moderation.py."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import game_master
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.privacy import forget_member, games_in_the_way, purge_finished
from bot.storage import GameRow
from bot.waiting import stop_task

log = logging.getLogger(__name__)

CONFIRM_SECONDS = 300.0
"""How long the confirmation buttons work."""
PURGE_EVERY_SECONDS = 6 * 3600.0


def reader(interaction: discord.Interaction) -> str:
    return normalize(str(interaction.locale))


def games_list(language: str, rows: list[GameRow]) -> str:
    """`#12 (Cookie), #15 (Mafia)`: which games stand in the way."""
    return ", ".join(f"#{row.id} ({t(language, f'{row.game}-title')})" for row in rows)


class ForgetConfirmation(discord.ui.View):
    """The member's own buttons under the warning: forget, or leave everything as it is."""

    def __init__(self, cog: Privacy, user_id: int, language: str) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.cog, self.user_id, self.language = cog, user_id, language
        forget = discord.ui.Button(style=discord.ButtonStyle.danger, label=t(language, "forget-confirm-button"),
                                   custom_id="privacy-forget-confirm")
        cancel = discord.ui.Button(style=discord.ButtonStyle.secondary, label=t(language, "forget-cancel-button"),
                                   custom_id="privacy-forget-cancel")
        forget.callback = self._forget  # type: ignore[method-assign]
        cancel.callback = self._cancel  # type: ignore[method-assign]
        self.add_item(forget)
        self.add_item(cancel)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id  # the message is private; this keeps it theirs

    async def _forget(self, interaction: discord.Interaction) -> None:
        self.stop()
        answer = await self.cog.forget(interaction.user, self.language)
        await interaction.response.edit_message(content=answer, view=None)

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=t(self.language, "forget-cancelled"), view=None)


class Privacy(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._purging: asyncio.Task[None] | None = None

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    @property
    def keep_days(self) -> int | None:
        return getattr(getattr(self.bot, "settings", None), "keep_finished_days", None)

    async def cog_load(self) -> None:
        if self.keep_days is not None:
            self._purging = asyncio.create_task(self._purge_now_and_then(self.keep_days), name="purge-finished")

    async def cog_unload(self) -> None:
        await stop_task(self._purging)

    async def _purge_now_and_then(self, days: int) -> None:
        while True:
            try:
                purged = await purge_finished(self.gm.storage, days)
                if purged:
                    log.info("purged the records of %d games finished over %d days ago", purged, days)
            except Exception:  # tried again next time
                log.exception("purging old finished games failed")
            await asyncio.sleep(PURGE_EVERY_SECONDS)

    @app_commands.command(name="privacy", description=text("cmd-privacy", "What the bot keeps about you"))
    async def privacy(self, interaction: discord.Interaction) -> None:
        await self.gm.ephemeral(interaction, t(reader(interaction), "privacy-text", days=self.keep_days or 0))

    @app_commands.command(name="forget-me", description=text("cmd-forget-me", "Remove your id and name"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        language = reader(interaction)
        blocking = await games_in_the_way(self.gm.storage, interaction.user.id)
        if blocking:
            await self.gm.ephemeral(interaction, t(language, "forget-blocked", count=len(blocking),
                                                   games=games_list(language, blocking)))
            return
        await interaction.response.send_message(
            t(language, "forget-confirm"), view=ForgetConfirmation(self, interaction.user.id, language), ephemeral=True
        )

    async def forget(self, user: discord.abc.User, language: str) -> str:
        """Forget `user` everywhere (checked again: a game may have started since the warning)."""
        blocking = await games_in_the_way(self.gm.storage, user.id)
        if blocking:
            return t(language, "forget-blocked", count=len(blocking), games=games_list(language, blocking))
        names = {user.name, user.display_name, getattr(user, "global_name", None) or ""}
        done = await forget_member(self.gm.storage, user.id, names)
        log.info("a member was forgotten: %d games, %d results", len(done.games), done.results)
        return t(language, "forget-done", games=len(done.games), results=done.results)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
