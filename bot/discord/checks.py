"""Who is a moderator: "Manage Server", or the GM role set for the server."""

from __future__ import annotations

import discord

from bot.storage import Storage


async def is_moderator(interaction: discord.Interaction, storage: Storage) -> bool:
    if interaction.guild is None:
        return False
    permissions = interaction.permissions
    if permissions.manage_guild or permissions.administrator:
        return True
    role_id = (await storage.guild_settings(interaction.guild.id)).get("gm_role_id")
    roles = getattr(interaction.user, "roles", [])
    return bool(role_id) and any(role.id == role_id for role in roles)
