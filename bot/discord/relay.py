"""Speaking through the bot: a game that hides its players (Mafia's anonymous mode) relays their
words to the game channel under their public name (`LiveGame.name_of`).

A player says something with the game's `say` command or the 🗣 Speak button on their order sheet (a
modal); the engine decides who may speak now (`Engine.relay_refusal`: living players during the
phases, never in the draft, never the dead). The text is capped (`LIMIT`), user and role mentions are
refused, `@everyone`/`@here` are made inert, and every post goes out with no allowed mentions.

Every decision reads the game as saved (`Table.get`: another process may have moved it on since this
one last held it): who may speak, in which game, under which name. Outside a game's channel, a member
who plays several games is asked which one (an ephemeral select, `SpeakChoice`); in a game's own
channel the words go to that game. Each seat may speak `say_per_minute` times a minute (a house rule of
the game, `SAY_PER_MINUTE` otherwise; webhooks know no slowmode), a minute's worth at once at most; a
seat speaking faster is told when it may speak again.

Each post is logged with the game (`Table.note`: an event under the seat's public name, marked
`relayed` so nothing posts it again), in order among the game's events, before the player hears it
went out: the finished game's transcript has what was said, the public name only.

Posts go through one webhook per seat (bot/discord/seat_hooks.py: made when the game starts, deleted at
its end; without them the bot posts the words itself, under the public name).
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.discord.attempts import WebhookPosts
from bot.discord.component_rows import ComponentRows
from bot.discord.components import SpeakChoice, SpeakModal
from bot.discord.outbox import Outbox
from bot.discord.outboxes import Outboxes
from bot.discord.replies import ephemeral
from bot.discord.seat_hooks import SeatHooks
from bot.discord.text import RELAYED, escape_name, refusal_text
from bot.i18n import normalize, reading_as, resolve, t
from bot.live import LiveGame
from bot.table import Table
from bot.table.limits import TokenBucket
from games.core import Event, Refusal, seat

log = logging.getLogger(__name__)

LIMIT = 1000
"""The longest text relayed at once (characters)."""
MENTION = re.compile(r"<@[!&]?\d+>")
"""A user or role mention: it would show a member's name (or ping, were mentions allowed)."""
SAY_PER_MINUTE = 5
"""Lines a seat may relay per minute when its game sets no `say_per_minute` house rule."""
CHOICE_SECONDS = 15 * 60.0
"""How long words wait for their speaker to pick the game (an interaction's lifetime)."""
CHOICES = 25
"""A select holds at most 25 options."""


@dataclass
class Waiting:
    """Words said outside a game's channel by a member who plays several games: kept until they pick one."""

    user_id: int
    text: str
    game_name: str | None
    at: float


def public_name(game: LiveGame, seat_number: int, language: str) -> str:
    """The seat's name in `language` (an anonymous seat's public role is a catalog term: read in the
    reader's language, not the game's)."""
    return str(resolve(language, seat(seat_number), game.name_of))


def inert(text: str) -> str:
    """`@everyone` and `@here` shown as typed, never a ping (a zero-width space after the @)."""
    return re.sub(r"@(everyone|here)", "@\u200b\\1", text)


class Relay:
    def __init__(
        self, bot: commands.Bot, table: Table, outboxes: Outboxes, graveyard_outbox: Callable[[int], Outbox],
    ) -> None:
        self.bot = bot
        self.table = table
        self.outboxes = outboxes
        self.hooks = SeatHooks(bot, table, outboxes)
        """The seats' webhooks: made, kept, removed."""
        self.buckets: dict[int, TokenBucket] = {}
        """Each seat's lines, per rate (lines a minute): memory only, a limit, not state."""
        self.waiting: dict[str, Waiting] = {}
        """Words waiting for their speaker to pick the game (`ask_which`), by the select's token."""
        self.posts = WebhookPosts(bot)
        """The seats' webhooks post through it: a post Discord made before a 5xx is not made again."""
        self.graveyard_outbox = graveyard_outbox
        """A game's graveyard thread as a destination (its own outbox: bot/discord/graveyard.py)."""

    # --- who may say what -------------------------------------------------------------------------
    @staticmethod
    def text_refusal(text: str) -> Refusal | None:
        """What no game relays: nothing, too much, a mention."""
        words = text.strip()
        if not words:
            return Refusal(key="channel-relay-empty")
        if len(words) > LIMIT:
            return Refusal(key="channel-relay-too-long", params={"length": len(words), "limit": LIMIT})
        if MENTION.search(words):
            return Refusal(key="channel-relay-mention")
        return None

    def refusal(self, game: LiveGame, seat_number: int, text: str) -> Refusal | None:
        state = game.state
        refusal = game.engine.relay_refusal(state, seat_number) or self.text_refusal(text)
        return refusal or game.engine.relay_refusal(state, seat_number, text.strip())

    @staticmethod
    def per_minute(game: LiveGame) -> int:
        """The game's house rule for how often a seat may speak (Mafia's `say_per_minute`)."""
        rate = getattr(getattr(game.state, "options", None), "say_per_minute", None)
        return max(1, int(rate)) if isinstance(rate, int) else SAY_PER_MINUTE

    def too_soon(self, game: LiveGame, seat_number: int) -> int:
        """Spend one of the seat's lines: 0 when it may speak now, else the seconds until it may."""
        rate = self.per_minute(game)
        bucket = self.buckets.setdefault(rate, TokenBucket(burst=rate, per_second=rate / 60))
        return bucket.take((game.id, seat_number), time.monotonic())

    async def slowed(self, interaction: discord.Interaction, game: LiveGame, seat_number: int, language: str) -> bool:
        """True (the member told when to speak again) when the seat has spent its words for now."""
        wait = self.too_soon(game, seat_number)
        if wait:
            rate = self.per_minute(game)
            await ephemeral(interaction, t(language, "channel-relay-slow-down", rate=rate, seconds=wait))
        return bool(wait)

    # --- which game -------------------------------------------------------------------------------
    async def current(self, game_id: int, user_id: int) -> tuple[LiveGame, int] | None:
        """The running game as saved now, with the member's seat in it (None: not running, not theirs)."""
        game = await self.table.get(game_id)  # reloaded when another process moved it on
        if game is None or not game.running:
            return None
        seat_number = game.seat_of(user_id)
        return None if seat_number is None else (game, seat_number)

    async def in_channel(
        self, channel_id: int | None, user_id: int, game_name: str | None
    ) -> tuple[LiveGame, int] | None:
        """The game of this channel, when the member plays in it (the database knows games another
        process started)."""
        if channel_id is None:
            return None
        for row in await self.table.storage.games_in_channel(channel_id, "running"):
            if game_name is None or row.game == game_name:
                found = await self.current(row.id, user_id)
                if found is not None:
                    return found
        return None

    async def games_of(self, user_id: int, game_name: str | None) -> list[tuple[LiveGame, int]]:
        """The running games the member plays in, each as saved now (with other processes: those held here, and
        those the database names, which another process started or ended)."""
        return [found for game_id in await self.table.games_of_member(user_id, game_name)
                if (found := await self.current(game_id, user_id)) is not None]

    # --- the command, the select and the button --------------------------------------------------
    async def say(
        self, interaction: discord.Interaction, text: str, *, game_name: str | None = None, game_id: int | None = None
    ) -> None:
        """`/<game> say text:` and the Speak modal (`game_id`): relay the words, or say why not
        (ephemeral). Outside a game's channel, a member playing several games picks one first."""
        language = normalize(str(interaction.locale))
        user_id = interaction.user.id
        if game_id is None and (ghost := await self.graveyard_of(interaction.channel_id, user_id)) is not None:
            await self.speak_in_graveyard(interaction, *ghost, text, language)
            return
        if game_id is not None:
            found = await self.current(game_id, user_id)
        else:
            found = await self.in_channel(interaction.channel_id, user_id, game_name)
            if found is None:
                mine = await self.games_of(user_id, game_name)
                if len(mine) > 1:
                    await self.ask_which(interaction, text, mine, game_name, language)
                    return
                found = mine[0] if mine else None
        if found is None:
            await ephemeral(interaction, t(language, "channel-relay-no-game"))
            return
        await self.speak(interaction, *found, text, language)

    async def ask_which(
        self, interaction: discord.Interaction, text: str, mine: list[tuple[LiveGame, int]], game_name: str | None,
        language: str,
    ) -> None:
        """Several games: an ephemeral select of those where the member may speak now; the words wait."""
        refusal = self.text_refusal(text)
        if refusal is not None:
            await ephemeral(interaction, t(language, refusal.key, **refusal.params))
            return
        open_now = [(g, n) for g, n in mine if g.engine.relay_refusal(g.state, n) is None][:CHOICES]
        if not open_now:
            await ephemeral(interaction, t(language, "channel-relay-nowhere", games=len(mine)))
            return
        now = time.monotonic()
        for token in [k for k, w in self.waiting.items() if now - w.at > CHOICE_SECONDS]:
            del self.waiting[token]
        token = secrets.token_hex(8)
        self.waiting[token] = Waiting(interaction.user.id, text, game_name, now)
        options = [
            discord.SelectOption(
                value=str(game.id),
                label=t(language, "channel-relay-choice", game=t(language, f"{game.row.game}-title"), id=game.id,
                        name=public_name(game, number, language))[:100],
            )
            for game, number in open_now
        ]
        view = ComponentRows()
        view.add_item(SpeakChoice(token, options=options, placeholder=t(language, "channel-relay-choose")))
        await ephemeral(interaction, t(language, "channel-relay-which", games=len(open_now)), view=view)

    async def chosen(self, interaction: discord.Interaction, token: str, value: str) -> None:
        """The member picked the game for the words they said outside its channel."""
        language = normalize(str(interaction.locale))
        waiting = self.waiting.get(token)
        if waiting is None or waiting.user_id != interaction.user.id \
                or time.monotonic() - waiting.at > CHOICE_SECONDS or not value.isdigit():
            await ephemeral(interaction, t(language, "channel-relay-choice-expired"))
            return
        found = await self.current(int(value), interaction.user.id)
        if found is None or (waiting.game_name is not None and found[0].row.game != waiting.game_name):
            await ephemeral(interaction, t(language, "channel-relay-no-game"))
            return
        del self.waiting[token]  # said once: another pick on the same select finds nothing
        await self.speak(interaction, *found, waiting.text, language)

    async def speak(
        self, interaction: discord.Interaction, game: LiveGame, seat_number: int, text: str, language: str
    ) -> None:
        """The words into `game` (as saved now) from the seat, or why not."""
        refusal = self.refusal(game, seat_number, text)
        if refusal is not None:
            names = reading_as(game.name_of, seat_number)
            await ephemeral(interaction, refusal_text(refusal.key, refusal.params, language, names))
            return
        if await self.slowed(interaction, game, seat_number, language):
            return
        # the names as they are now, while the game hides its players: a game that ends meanwhile
        # must not turn the confirmation or the log into the member's own name
        term = game.public_term(seat_number)
        posted_as = str(game.name_of(seat_number))
        confirmed_as = public_name(game, seat_number, language)
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = text.strip()
        try:
            await self.post(game, seat_number, words, name=posted_as)
        except discord.HTTPException as error:
            log.warning("game %s: relaying failed: %s", game.id, error)
            await ephemeral(interaction, t(language, "channel-relay-failed"))
            return
        await self.table.note(game.id, seat_number, self.speech(seat_number, words, term), interaction.user.id)
        await ephemeral(interaction, t(language, "channel-relay-said", name=escape_name(confirmed_as)))

    # --- the graveyard thread (bot/discord/graveyard.py) --------------------------------------------
    async def graveyard_of(self, channel_id: int | None, user_id: int) -> tuple[LiveGame, int, int] | None:
        """(game as saved now, the member's eliminated seat, the thread) when `channel_id` is a running game's
        graveyard thread and the member's seat there is out of the game."""
        thread_game = next((g for g in list(self.table.games.values()) if channel_id is not None
                            and (g.row.meta.get("graveyard") or {}).get("thread") == channel_id), None)
        found = None if thread_game is None else await self.current(thread_game.id, user_id)  # as saved now
        if found is None:
            return None
        game, seat_number = found
        return (game, seat_number, channel_id) if seat_number in (game.engine.eliminated(game.state) or set()) else None

    async def speak_in_graveyard(self, interaction: discord.Interaction, game: LiveGame, seat_number: int,
                                 thread_id: int, text: str, language: str) -> None:
        """A dead player of a game that hides its players speaks in the graveyard under their public name
        (through their seat's webhook, into the thread); in open mode they write there themselves."""
        if game.public_term(seat_number) is None:
            await ephemeral(interaction, t(language, "graveyard-say-yourself"))
            return
        refusal = self.text_refusal(text)
        if refusal is not None:
            await ephemeral(interaction, t(language, refusal.key, **refusal.params))
            return
        if await self.slowed(interaction, game, seat_number, language):
            return
        name = str(game.name_of(seat_number))
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, none = inert(text.strip()), discord.AllowedMentions.none()
        outbox = self.graveyard_outbox(game.id)  # the thread's own window, shared with its feed
        try:
            record = game.row.meta.get("graveyard") or {}
            in_game_channel = record.get("parent", game.row.channel_id) == game.row.channel_id
            hook = await self.hooks.hook(game, seat_number) if in_game_channel else None  # (in their channel)
            if hook is not None:
                await outbox.send_now(lambda: self.posts.post(hook, thread_id, content, name, thread=True))
            else:
                line = t(game.row.language, "channel-relay-line", name=escape_name(name), text=content)
                thread = self.bot.get_partial_messageable(thread_id)
                await outbox.send_now(lambda: thread.send(content=line[:2000], allowed_mentions=none))
        except discord.HTTPException as error:
            log.warning("game %s: relaying in the graveyard failed: %s", game.id, error)
            await ephemeral(interaction, t(language, "channel-relay-failed"))
            return
        await ephemeral(interaction, t(language, "graveyard-said", name=escape_name(public_name(
            game, seat_number, language))))

    @staticmethod
    def speech(seat_number: int, text: str, term: str | None) -> Event:
        """The words as the game's log keeps them: under the seat's public name (`term`, a catalog term
        rendered in each reader's language), never the member's, public, and already posted."""
        name = {"term": term} if term is not None else seat(seat_number)
        return Event(key="channel-relay-log", params={"name": name, "text": text, RELAYED: True})

    async def open_modal(self, interaction: discord.Interaction, game_id: int) -> None:
        language = normalize(str(interaction.locale))
        found = await self.current(game_id, interaction.user.id)
        if found is None:
            await ephemeral(interaction, t(language, "channel-relay-no-game"))
            return
        game, seat_number = found
        refusal = game.engine.relay_refusal(game.state, seat_number)
        if refusal is not None:
            names = reading_as(game.name_of, seat_number)
            await ephemeral(interaction, refusal_text(refusal.key, refusal.params, language, names))
            return
        title = t(language, "channel-speak-title", name=public_name(game, seat_number, language))
        await interaction.response.send_modal(
            SpeakModal(game_id, title=title, label=t(language, "channel-speak-label", limit=LIMIT), limit=LIMIT)
        )

    async def submit(self, interaction: discord.Interaction, custom_id: str) -> None:
        raw = ""
        for row in (interaction.data or {}).get("components", []):  # type: ignore[union-attr]
            for component in row.get("components", []) if isinstance(row, dict) else []:  # type: ignore[union-attr]
                if isinstance(component, dict) and component.get("custom_id") == "text":
                    raw = str(component.get("value", ""))
        try:
            game_id = int(custom_id.split("|")[1])
        except (IndexError, ValueError):
            await ephemeral(interaction, t(normalize(str(interaction.locale)), "error-malformed"))
            return
        await self.say(interaction, raw, game_id=game_id)

    # --- posting ----------------------------------------------------------------------------------
    async def post(self, game: LiveGame, seat_number: int, text: str, *, name: str) -> None:
        """The words in the game channel under the seat's public name (`name`), pinging nobody."""
        channel_id = game.row.channel_id
        assert channel_id is not None
        content = inert(text)
        none = discord.AllowedMentions.none()
        outbox = self.outboxes.channel_outbox(channel_id)
        hook = await self.hooks.hook(game, seat_number)
        if hook is not None:
            try:
                await outbox.send_now(lambda: self.posts.post(hook, channel_id, content, name))
                return
            except discord.NotFound:  # deleted by someone: made again next time; the bot posts this one
                await self.hooks.forget(game.id, seat_number, hook)
        channel = self.bot.get_partial_messageable(channel_id)
        line = t(game.row.language, "channel-relay-line", name=escape_name(name), text=content)
        await outbox.send_now(lambda: channel.send(content=line[:2000], allowed_mentions=none))

    async def prepare(self, game_id: int) -> dict[str, Any]:
        """The game's seats' webhooks, made now where missing (bot/discord/channel.py, as the game starts)."""
        return await self.hooks.prepare(game_id)

    async def cleanup(self, game_id: int) -> None:
        """The game is over: its webhooks are deleted and its seats' line counts forgotten."""
        await self.hooks.cleanup(game_id)
        for bucket in self.buckets.values():
            bucket.forget(lambda key: key[0] == game_id)
