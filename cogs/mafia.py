"""Mafia of Heroes in Discord: `/mafia new` with its house rules (mode, pace, deadlines) and `/mafia
rules`. The draft picks, the Jester's hand and each phase's order sheet are prompts: a sheet is one
DM message edited in place (the shared machinery in bot/discord/, planning.py and standing.py); the end-of-phase report
is one channel message. In anonymous mode players speak with `/mafia say` (or the 🗣 Speak button on
their order sheet): the bot reposts the words under their public role (bot/discord/relay.py).
`/mafia role` and `/mafia card` answer a role's ability or a card's text, privately, with autocomplete in
the reader's language (bot/discord/lookups.py); the texts are the terminal guide's (games/mafia/help.py)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, game_master, send_rules
from bot.discord.lookups import Reference, autocomplete, with_hint
from bot.discord.replies import ephemeral
from bot.discord.translator import text
from bot.discord.voice import KIND as VOICE
from bot.i18n import normalize, render, t
from games.core import term
from games.mafia.collection import load_collection
from games.mafia.common import card_params
from games.mafia.help import role_ability
from games.mafia.roles import load_roles

GAME = "mafia"


def _nobody(seat: int) -> str:
    """A look-up names no seat."""
    raise AssertionError(f"a look-up text named seat {seat}")


def role_keys() -> list[str]:
    """The public roles, then the mafia roles, as roles.json lists them."""
    roles = load_roles()
    return [r.key for r in (*roles.public, *roles.mafia)]


def role_label(language: str, key: str) -> str:
    """A role as a choice: its name and the start of its ability."""
    ability = role_ability(key)
    return with_hint(language, t(language, f"mafia-role-{key}"), render(language, ability["message"],
                                                                        ability["params"], _nobody))


def role_text(language: str, key: str) -> str:
    """A role and its ability, as the terminal guide says it."""
    mafia = key in {r.key for r in load_roles().mafia}
    return render(language, "lookups-mafia-role", {
        "role": term(f"mafia-role-{key}"), "mafia": "yes" if mafia else "no", "ability": role_ability(key),
    }, _nobody)


def card_keys() -> list[str]:
    return [c.key for c in load_collection().cards]


def card_label(language: str, key: str) -> str:
    """A card as a choice: the order sheet's option (name, colour, cost, phase) and the start of its text."""
    params = card_params(load_collection(), key)
    effect = params.pop("text")
    return with_hint(language, render(language, "mafia-opt-card", params, _nobody),
                     render(language, effect["message"], effect["params"], _nobody))


def card_text(language: str, key: str) -> str:
    """A card with its colour, cost, phase and text: the guide's card line."""
    line = {"message": "mafia-line-card", "params": card_params(load_collection(), key)}
    return render(language, "lookups-mafia-card", {"line": line}, _nobody)


ROLES = Reference(keys=role_keys, name=lambda language, key: t(language, f"mafia-role-{key}"), text=role_text,
                  label=role_label, unknown="lookups-mafia-role-unknown")
CARDS = Reference(keys=card_keys, name=lambda language, key: t(language, f"mafia-card-{key}"), text=card_text,
                  label=card_label, unknown="lookups-mafia-card-unknown")


class Mafia(
    commands.GroupCog, group_name="mafia", group_description=text("cmd-mafia", "Mafia of Heroes (10–12 players)")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        mode=text("opt-mafia-mode", "open: Discord names; anonymous: public role names only (default open)"),
        pace=text("opt-mafia-pace", "live: night 15 min, day 20 min; forum: night 12 h, day 24 h (default live)"),
        end_when_all_done=text("opt-end-when-all-done", "End a phase early when everyone is done (default yes)"),
        allow_untested_size=text("opt-allow-untested-size", "Allow 8–14 players (balance untested)"),
        night_seconds=text("opt-night-seconds", "Seconds for a night (default: by pace)"),
        day_seconds=text("opt-day-seconds", "Seconds for a day (default: by pace)"),
        draft_seconds=text("opt-draft-seconds", "Seconds for a draft pick (default: by pace)"),
        say_per_minute=text("opt-mafia-say-per-minute", "Anonymous: lines each player may say per minute (default 5)"),
        graveyard=text("opt-mafia-graveyard", "The dead talk in a private thread and see the whole game (default yes)"),
        voice=text("opt-mafia-voice", "Live pace: a voice channel where the bot mutes the night and the dead"),
        deadline=text("opt-deadline-at", "Phases end at this time of day on the server's clock, e.g. 21:00"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        mode: Literal["open", "anonymous"] | None = None,
        pace: Literal["live", "forum"] | None = None,
        end_when_all_done: bool | None = None,
        allow_untested_size: bool | None = None,
        night_seconds: app_commands.Range[int, 10, 604800] | None = None,
        day_seconds: app_commands.Range[int, 10, 604800] | None = None,
        draft_seconds: app_commands.Range[int, 10, 604800] | None = None,
        say_per_minute: app_commands.Range[int, 1, 30] | None = None,
        graveyard: bool | None = None,
        voice: discord.VoiceChannel | None = None,
        deadline: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        options = {
            "mode": mode, "pace": pace, "end_when_all_done": end_when_all_done,
            "allow_untested_size": allow_untested_size, "night_seconds": night_seconds,
            "day_seconds": day_seconds, "draft_seconds": draft_seconds, "say_per_minute": say_per_minute,
            "graveyard": graveyard,
        }
        if voice is not None and (pace or "live") != "live":
            await ephemeral(interaction, t(normalize(str(interaction.locale)), "mafia-voice-live-only"))
            return
        if voice is not None and mode == "anonymous":  # muting the dead would show who held which public role
            await ephemeral(interaction, t(normalize(str(interaction.locale)), "mafia-voice-anonymous"))
            return
        linked = {VOICE: {"channel": voice.id}} if voice is not None else None  # bot/discord/voice.py
        await create_game(interaction, GAME, {k: v for k, v in options.items() if v is not None}, meta=linked,
                          deadline=deadline)

    @app_commands.command(
        name="say", description=text("cmd-mafia-say", "Speak in the game channel under your public role (anonymous)")
    )
    @app_commands.describe(text=text("opt-say-text", "What to say (plain text, no links, up to 1000 characters)"))
    async def say(self, interaction: discord.Interaction, text: str) -> None:
        await game_master(self.bot).relay.say(interaction, text, game_name=GAME)

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME)

    @app_commands.command(name="role", description=text("cmd-mafia-role", "What a role does"))
    @app_commands.describe(name=text("opt-lookup-role", "The role: start typing its name, then pick it"))
    @app_commands.autocomplete(name=autocomplete(ROLES.source))
    async def role(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        await ROLES.answer(interaction, name)

    @app_commands.command(name="card", description=text("cmd-mafia-card", "What a card does"))
    @app_commands.describe(name=text("opt-lookup-card", "The card: start typing its name, then pick it"))
    @app_commands.autocomplete(name=autocomplete(CARDS.source))
    async def card(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        await CARDS.answer(interaction, name)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Mafia(bot))
