"""Who is a moderator: "Manage Server", or the GM role set for the server (never @everyone); who chooses
that role: "Manage Server" only."""

from __future__ import annotations

import discord

from bot.storage import Storage


def manages_server(interaction: discord.Interaction) -> bool:
    """The member may manage the server (or is an administrator): they alone choose the GM role."""
    permissions = interaction.permissions
    return interaction.guild is not None and (permissions.manage_guild or permissions.administrator)


async def is_moderator(interaction: discord.Interaction, storage: Storage) -> bool:
    if interaction.guild is None:
        return False
    if manages_server(interaction):
        return True
    role_id = (await storage.guild_settings(interaction.guild.id)).get("gm_role_id")
    if not role_id or role_id == interaction.guild.id:  # @everyone is never the GM role (saved by an older bot)
        return False
    roles = getattr(interaction.user, "roles", [])
    return any(role.id == role_id for role in roles)
