"""Slash-command names and descriptions in the reader's language, from the same Fluent catalogs.

Descriptions carry their catalog key (`text(key, default)`). Names are the code's English names;
their Russian forms are looked up by what they name (data/locales/<lang>/commands.ftl):
`name-<command or group>`, `param-<parameter>`, `choice-<choice name>`. A name without an entry
stays English in every language."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalog

Location = app_commands.TranslationContextLocation

NAME_KEYS = {
    Location.command_name: "name",
    Location.group_name: "name",
    Location.parameter_name: "param",
    Location.choice_name: "choice",
}
"""Which catalog prefix names each kind of name."""


def text(key: str, default: str) -> app_commands.locale_str:
    """A command/option description: English default here, translations from catalog `key`."""
    return app_commands.locale_str(default, key=key)


def name_key(string: app_commands.locale_str, location: Location) -> str | None:
    """The catalog key of a name (`name-join`), or of a description (its own key), or None."""
    key = string.extras.get("key")
    if key:
        return str(key)
    prefix = NAME_KEYS.get(location)
    return f"{prefix}-{string.message}" if prefix else None


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if not str(locale.value).startswith("ru"):
            return None
        key = name_key(string, context.location)
        russian = catalog("ru")
        return russian.text(key) if key and russian.has(key) else None
