"""Slash-command descriptions in the reader's language, from the same Fluent catalogs."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalog


def text(key: str, default: str) -> app_commands.locale_str:
    """A command/option description: English default here, translations from catalog `key`."""
    return app_commands.locale_str(default, key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if not key or not str(locale.value).startswith("ru"):
            return None
        russian = catalog("ru")
        return russian.text(key) if russian.has(key) else None
