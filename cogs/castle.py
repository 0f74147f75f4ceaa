"""Abandoned Castle of the Interworld in Discord: `/castle new` with its house rules, `/castle
rules`, and the board picture posted at the start of every round (and at the end, with the whole game
as an animated GIF: bot/web/castle.py), rendered off the event loop with a text form as the
attachment's description. Orders, skirmish cards and the
winner's choices are prompts: the order sheet is one DM message edited in place (the shared
machinery in bot/discord/: planning.py, standing.py). `/castle card` answers a card's text privately, with
autocomplete in the reader's language (bot/discord/lookups.py), from data/castle/decks.json and the
catalogs' card texts (castle_cards.ftl)."""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.game_cog import create_game, game_master, send_rules
from bot.discord.lookups import Reference, autocomplete
from bot.discord.pictures import PictureBuilder
from bot.discord.translator import text
from bot.i18n import t
from bot.live import LiveGame
from bot.storage import Storage
from bot.web.castle import castle_gif
from games.castle.cards import ACTION_KINDS, BEATS, EVENT_KINDS, SKIRMISH_KINDS, load_decks
from games.castle.picture import render_board, text_form
from games.castle.scene import BOARD_SHOWN_AFTER, build_scene
from games.core import Event, GameState

GAME = "castle"
DECKS = {"action": ACTION_KINDS, "skirmish": SKIRMISH_KINDS, "event": EVENT_KINDS}
NAMES = {"action": "castle-card", "skirmish": "castle-skirmish", "event": "castle-event"}
"""Each deck's kinds (action cards in priority order) and the catalog prefix of their names."""
ATTACHMENT_LIMIT = 8 * 1024 * 1024
"""The game's GIF stays under Discord's smallest upload limit (10 MiB): a very long game keeps every k-th round."""


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


def board_picture(game: LiveGame, state: GameState, events: list[Event]) -> list[dict[str, Any]]:
    """The board at the start of each round (the event applied, orders open) and at the end: saved
    with the step as the public view it is drawn from, so a restart can draw it again."""
    if not any(e.key in BOARD_SHOWN_AFTER and e.to is None for e in events):
        return []
    view = game.engine.view(state, None)
    names = [game.name_of(s) for s in range(state.players)]
    language = game.row.language
    scene = build_scene(view, names, partial(t, language))
    pictures = [{
        "game": GAME, "text": scene.title, "alt": text_form(scene), "view": view, "names": names,
        "language": language, "name": f"castle-{game.id}-round-{view['round']}.png",
    }]
    if state.over:  # and the whole game as an animation (bot/web/castle.py), drawn when it is sent
        pictures.append({"game": GAME, "gif": game.id, "text": t(language, "web-castle-gif"), "language": language,
                         "name": f"castle-{game.id}.gif"})
    return pictures


def picture_builder(storage: Storage) -> PictureBuilder:
    async def build_picture(body: dict[str, Any]) -> dict[str, Any]:
        """The picture's file, rendered off the event loop: a round's board, or the finished game's GIF (drawn
        from the saved log, as the game's web page draws it)."""
        if body.get("gif"):
            gif = await castle_gif(storage, int(body["gif"]), str(body["language"]), limit=ATTACHMENT_LIMIT)
            return {} if gif is None else {"file": discord.File(io.BytesIO(gif), filename=body["name"])}
        scene = build_scene(body["view"], body["names"], partial(t, body["language"]))
        png = await asyncio.to_thread(render_board, scene)
        return {"file": discord.File(io.BytesIO(png), filename=body["name"], description=body["alt"][:1024])}

    return build_picture


class Castle(
    commands.GroupCog, group_name="castle", group_description=text("cmd-castle", "Abandoned Castle (3–4 players)")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        game_master(bot).presenters[GAME] = board_picture
        game_master(bot).pictures[GAME] = picture_builder(game_master(bot).storage)

    @app_commands.command(name="new", description=text("cmd-new", "Open a game in this channel"))
    @app_commands.describe(
        artifacts_to_win=text("opt-artifacts-to-win", "Artifacts to deliver to win (default 3)"),
        max_rounds=text("opt-max-rounds", "Rounds before the game ends on points (default 30)"),
        board=text("opt-board", "Board file in data/boards (default: the board for the player count)"),
        orders_seconds=text("opt-orders-seconds", "Seconds for the secret orders (default 180)"),
        skirmish_seconds=text("opt-skirmish-seconds", "Seconds to choose a skirmish card (default 60)"),
        choice_seconds=text("opt-choice-seconds", "Seconds for a skirmish winner's choices (default 90)"),
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
    ) -> None:
        options = {
            "artifacts_to_win": artifacts_to_win, "max_rounds": max_rounds, "board": board,
            "orders_seconds": orders_seconds, "skirmish_seconds": skirmish_seconds, "choice_seconds": choice_seconds,
        }
        await create_game(interaction, GAME, options)

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
