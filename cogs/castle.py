"""Abandoned Castle of the Interworld in Discord: `/castle new` with its house rules, `/castle
rules`. The board picture posted at the start of every round (and at the end, with the whole game as an
animated GIF) is the game's (games/castle/spec.py), drawn by the shared machinery (bot/discord/pictures.py)
with a text form as the attachment's description. Orders, skirmish cards and the winner's choices are
prompts: the order sheet is one DM message edited in place (the shared machinery in bot/discord/: planning.py,
standing.py). `/castle card` answers a card's text privately, with
autocomplete in the reader's language (bot/discord/lookups.py), from data/castle/decks.json and the
catalogs' card texts (castle_cards.ftl)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, send_rules
from bot.discord.lookups import Reference, autocomplete
from bot.discord.translator import text
from bot.i18n import t
from games.castle.cards import ACTION_KINDS, BEATS, EVENT_KINDS, SKIRMISH_KINDS, load_decks

GAME = "castle"
DECKS = {"action": ACTION_KINDS, "skirmish": SKIRMISH_KINDS, "event": EVENT_KINDS}
NAMES = {"action": "castle-card", "skirmish": "castle-skirmish", "event": "castle-event"}
"""Each deck's kinds (action cards in priority order) and the catalog prefix of their names."""


def card_keys() -> list[str]:
    """Every kind of card as `<deck>:<kind>`: the action cards by priority, the skirmish cards, the events."""
    return [f"{deck}:{kind}" for deck, kinds in DECKS.items() for kind in kinds]


def card_name(language: str, key: str) -> str:
    deck, kind = key.split(":")
    return t(language, f"{NAMES[deck]}-{kind}")


def card_label(language: str, key: str) -> str:
    """A card as a choice: its name and its deck."""
    return t(language, f"lookups-castle-choice-{key.split(':')[0]}", card=card_name(language, key))


def card_text(language: str, key: str) -> str:
    """A card with what the deck file says of it (how many, a skirmish card's type and Base) and its text."""
    deck, kind = key.split(":")
    decks = load_decks()
    name = card_name(language, key)
    count: int = getattr(decks, deck)[kind]
    effect = t(language, f"{NAMES[deck]}-{kind}-text")
    if deck == "action":
        return t(language, "lookups-castle-action", card=name, count=count, priority=ACTION_KINDS.index(kind) + 1,
                 kinds=len(ACTION_KINDS), text=effect)
    if deck == "event":
        return t(language, "lookups-castle-event", card=name, count=count, text=effect)
    stats = decks.skirmish_kinds[kind]
    loses = next(stronger for stronger, weaker in BEATS.items() if weaker == stats.type)
    return t(language, "lookups-castle-skirmish", card=name, count=count, base=stats.base, text=effect,
             type=t(language, f"castle-type-{stats.type}"), beats=t(language, f"castle-type-{BEATS[stats.type]}"),
             loses=t(language, f"castle-type-{loses}"))


CARDS = Reference(keys=card_keys, name=card_name, label=card_label, text=card_text,
                  unknown="lookups-castle-card-unknown")


class Castle(
    commands.GroupCog, group_name="castle", group_description=text("cmd-castle", "Abandoned Castle (3–4 players)")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        artifacts_to_win=text("opt-artifacts-to-win", "Artifacts to deliver to win (default 3)"),
        max_rounds=text("opt-max-rounds", "Rounds before the game ends on points (default 30)"),
        board=text("opt-board", "Board file in data/boards (default: the board for the player count)"),
        orders_seconds=text("opt-orders-seconds", "Seconds for the secret orders (default 180)"),
        skirmish_seconds=text("opt-skirmish-seconds", "Seconds to choose a skirmish card (default 60)"),
        choice_seconds=text("opt-choice-seconds", "Seconds for a skirmish winner's choices (default 90)"),
        deadline=text("opt-deadline-at", "Phases end at this time of day on the server's clock, e.g. 21:00"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        artifacts_to_win: app_commands.Range[int, 1, 20] | None = None,
        max_rounds: app_commands.Range[int, 1, 500] | None = None,
        board: app_commands.Range[str, 1, 60] | None = None,
        orders_seconds: app_commands.Range[int, 10, 86400] | None = None,
        skirmish_seconds: app_commands.Range[int, 10, 86400] | None = None,
        choice_seconds: app_commands.Range[int, 10, 86400] | None = None,
        deadline: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        options = {
            "artifacts_to_win": artifacts_to_win, "max_rounds": max_rounds, "board": board,
            "orders_seconds": orders_seconds, "skirmish_seconds": skirmish_seconds, "choice_seconds": choice_seconds,
        }
        await create_game(interaction, GAME, options, deadline=deadline)

    @app_commands.command(name="rules", description=text("cmd-rules", "How this game is played"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME)

    @app_commands.command(name="card", description=text("cmd-castle-card", "What a card does"))
    @app_commands.describe(name=text("opt-lookup-card", "The card: start typing its name, then pick it"))
    @app_commands.autocomplete(name=autocomplete(CARDS.source))
    async def card(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        await CARDS.answer(interaction, name)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Castle(bot))
