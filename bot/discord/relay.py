"""Speaking through the bot: a game that hides its players (Mafia's anonymous mode) relays their
words to the game channel under their public name (`LiveGame.name_of`).

A player says something with the game's `say` command or the 🗣 Speak button on their order sheet (a
modal); the engine decides who may speak now (`Engine.relay_refusal`: living players during the
phases, never in the draft, never the dead). The text is capped (`LIMIT`), user and role mentions are
refused, `@everyone`/`@here` are made inert, and every post goes out with no allowed mentions.

Each post is logged with the game (`Table.note`: an event under the seat's public name, marked
`relayed` so nothing posts it again), in order among the game's events, before the player hears it
went out: the finished game's transcript has what was said, the public name only.

Posts go through one webhook per seat, created when the game starts (`prepare`) with the public
name and a generated round avatar in a colour of its own (`avatar_png`), kept in the game's meta
(`relay`) so a restart reuses them, and deleted when the game ends (`cleanup`). When the channel has no
room for them (Discord allows 15 webhooks per channel), one shared webhook posts with the public name
as a per-message username; without Manage Webhooks (the moderators are told once) the bot posts the
words itself, under the public name.
"""

from __future__ import annotations

import asyncio
import base64
import colorsys
import hashlib
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from PIL import Image, ImageDraw

from bot.discord.components import SpeakModal
from bot.discord.flow import RELAYED
from bot.discord.text import escape_name, refusal_text
from bot.i18n import normalize, reading_as, resolve, t
from bot.table import LiveGame
from games.core import Event, Refusal, seat
from games.core.drawing import font, text_colour

if TYPE_CHECKING:
    from bot.discord.service import GameMaster

log = logging.getLogger(__name__)

LIMIT = 1000
"""The longest text relayed at once (characters)."""
MAX_WEBHOOKS = 15
"""Discord's limit of webhooks per channel."""
MENTION = re.compile(r"<@[!&]?\d+>")
"""A user or role mention: it would show a member's name (or ping, were mentions allowed)."""
MAX_WEBHOOK_LIMIT_CODE = 30007


def colour_of(key: str) -> tuple[int, int, int]:
    """A colour of the key's own (the same every time), saturated and mid-light."""
    hue = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    r, g, b = colorsys.hls_to_rgb(hue, 0.45, 0.6)
    return int(r * 255), int(g * 255), int(b * 255)


def avatar_png(name: str, key: str, size: int = 128) -> bytes:
    """A round avatar: a disc in the key's colour with the name's initial."""
    fill = colour_of(key)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, size - 3, size - 3), fill=(*fill, 255))
    initial = (name.strip()[:1] or "?").upper()
    face = font(True, int(size * 0.55))
    draw.text((size / 2, size / 2), initial, font=face, fill=text_colour(fill), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def public_name(game: LiveGame, seat_number: int, language: str) -> str:
    """The seat's name in `language` (an anonymous seat's public role is a catalog term: read in the
    reader's language, not the game's)."""
    return str(resolve(language, seat(seat_number), game.name_of))


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def inert(text: str) -> str:
    """`@everyone` and `@here` shown as typed, never a ping (a zero-width space after the @)."""
    return re.sub(r"@(everyone|here)", "@\u200b\\1", text)


class Relay:
    def __init__(self, gm: GameMaster) -> None:
        self.gm = gm
        self.locks: dict[int, asyncio.Lock] = {}

    # --- who may say what -------------------------------------------------------------------------
    def refusal(self, game: LiveGame, seat_number: int, text: str) -> Refusal | None:
        state = game.state
        refusal = game.engine.relay_refusal(state, seat_number)
        if refusal is not None:
            return refusal
        words = text.strip()
        if not words:
            return Refusal(key="channel-relay-empty")
        if len(words) > LIMIT:
            return Refusal(key="channel-relay-too-long", params={"length": len(words), "limit": LIMIT})
        if MENTION.search(words):
            return Refusal(key="channel-relay-mention")
        return game.engine.relay_refusal(state, seat_number, words)

    def find(self, user_id: int, channel_id: int | None, game_name: str | None) -> tuple[LiveGame, int] | None:
        """The running game the member speaks in: the one of this channel, else the one where they may
        speak now, else any they play in."""
        found = [
            (g, s) for g in self.gm.table.games.values()
            if g.running and (game_name is None or g.row.game == game_name) and (s := g.seat_of(user_id)) is not None
        ]
        here = [f for f in found if f[0].row.channel_id == channel_id]
        speaking = [f for f in found if f[0].engine.relay_refusal(f[0].state, f[1]) is None]
        ranked = here or speaking or found
        return ranked[0] if ranked else None

    # --- the command and the button ---------------------------------------------------------------
    async def say(
        self, interaction: discord.Interaction, text: str, *, game_name: str | None = None, game_id: int | None = None
    ) -> None:
        """`/<game> say text:` and the Speak modal: relay the words, or say why not (ephemeral)."""
        language = normalize(str(interaction.locale))
        if game_id is not None:
            game = self.gm.table.games.get(game_id)
            seat_number = game.seat_of(interaction.user.id) if game is not None else None
            found = (game, seat_number) if game is not None and seat_number is not None else None
        else:
            found = self.find(interaction.user.id, interaction.channel_id, game_name)
        if found is None:
            await self.gm.ephemeral(interaction, t(language, "channel-relay-no-game"))
            return
        game, seat_number = found
        refusal = self.refusal(game, seat_number, text)
        if refusal is not None:
            names = reading_as(game.name_of, seat_number)
            await self.gm.ephemeral(interaction, refusal_text(refusal.key, refusal.params, language, names))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = text.strip()
        try:
            await self.post(game, seat_number, words)
        except discord.HTTPException as error:
            log.warning("game %s: relaying failed: %s", game.id, error)
            await self.gm.ephemeral(interaction, t(language, "channel-relay-failed"))
            return
        await self.gm.table.note(game.id, seat_number, self.speech(game, seat_number, words), interaction.user.id)
        said = t(language, "channel-relay-said", name=escape_name(public_name(game, seat_number, language)))
        await self.gm.ephemeral(interaction, said)

    @staticmethod
    def speech(game: LiveGame, seat_number: int, text: str) -> Event:
        """The words as the game's log keeps them: under the seat's public name (a catalog term, in each
        reader's language), never the member's, public, and already posted."""
        term = game.public_term(seat_number)
        name = {"term": term} if term is not None else seat(seat_number)
        return Event(key="channel-relay-log", params={"name": name, "text": text, RELAYED: True})

    async def open_modal(self, interaction: discord.Interaction, game_id: int) -> None:
        language = normalize(str(interaction.locale))
        game = self.gm.table.games.get(game_id)
        seat_number = game.seat_of(interaction.user.id) if game is not None else None
        if game is None or seat_number is None:
            await self.gm.ephemeral(interaction, t(language, "channel-relay-no-game"))
            return
        refusal = game.engine.relay_refusal(game.state, seat_number)
        if refusal is not None:
            names = reading_as(game.name_of, seat_number)
            await self.gm.ephemeral(interaction, refusal_text(refusal.key, refusal.params, language, names))
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
            await self.gm.ephemeral(interaction, t(normalize(str(interaction.locale)), "error-malformed"))
            return
        await self.say(interaction, raw, game_id=game_id)

    # --- posting ----------------------------------------------------------------------------------
    async def post(self, game: LiveGame, seat_number: int, text: str) -> None:
        """The words in the game channel under the seat's public name, pinging nobody."""
        channel_id = game.row.channel_id
        assert channel_id is not None
        name = str(game.name_of(seat_number))
        content = inert(text)
        none = discord.AllowedMentions.none()
        outbox = self.gm.channel_outbox(channel_id)
        hook = await self.hook(game, seat_number)
        if hook is not None:
            webhook = discord.Webhook.partial(int(hook["id"]), str(hook["token"]), client=self.gm.bot)
            try:
                await outbox.send_now(
                    lambda: webhook.send(content=content, username=name[:80], allowed_mentions=none, wait=True)
                )
                return
            except discord.NotFound:  # deleted by someone: made again next time; the bot posts this one
                await self._forget(game.id, seat_number, hook)
        channel = self.gm.bot.get_partial_messageable(channel_id)
        line = t(game.row.language, "channel-relay-line", name=escape_name(name), text=content)
        await outbox.send_now(lambda: channel.send(content=line[:2000], allowed_mentions=none))

    async def hook(self, game: LiveGame, seat_number: int) -> dict[str, Any] | None:
        relay = (await self.gm.channels.meta(game.id)).get("relay") or {}
        found = (relay.get("hooks") or {}).get(str(seat_number)) or relay.get("shared")
        if found is None and not relay.get("unavailable"):
            relay = await self.prepare(game.id)
            found = (relay.get("hooks") or {}).get(str(seat_number)) or relay.get("shared")
        return found

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    async def prepare(self, game_id: int) -> dict[str, Any]:
        """Webhooks for every player's seat that has none (or a shared one when the channel lacks room)."""
        async with self._lock(game_id):
            game = self.gm.table.games.get(game_id)
            relay = dict((await self.gm.channels.meta(game_id)).get("relay") or {})
            if game is None or game.row.channel_id is None or relay.get("unavailable"):
                return relay
            hooks = dict(relay.get("hooks") or {})
            needed = [
                n for n, s in enumerate(game.seats)
                if str(n) not in hooks and s.user_id is not None and not s.bot
            ]
            if not needed or relay.get("shared"):
                return relay
            http = self.gm.bot.http
            channel_id = game.row.channel_id
            try:
                room = MAX_WEBHOOKS - len(await http.channel_webhooks(channel_id))
                if room >= len(needed):
                    for n in needed:
                        name = str(game.name_of(n))
                        term = game.public_term(n) or name
                        made = await http.create_webhook(
                            channel_id, name=name[:80], avatar=data_uri(avatar_png(name, term)),  # type: ignore[arg-type]
                            reason=f"game #{game_id}",
                        )
                        hooks[str(n)] = {"id": str(made["id"]), "token": made["token"]}
                elif room > 0:
                    title = t(game.row.language, f"{game.row.game}-title")
                    made = await http.create_webhook(channel_id, name=f"{title} #{game_id}"[:80],
                                                     reason=f"game #{game_id}")
                    relay["shared"] = {"id": str(made["id"]), "token": made["token"]}
                else:
                    relay["unavailable"] = True
            except discord.Forbidden:
                relay["unavailable"] = True
                await self.gm.channels.report(game_id, "manage-webhooks")
            except discord.HTTPException as error:  # the limit reached meanwhile, a thread …: the bot posts
                log.warning("game %s: could not make its webhooks: %s", game_id, error)
                relay["unavailable"] = True
            relay["hooks"] = hooks

            def change(saved: dict[str, Any]) -> None:
                saved.clear()
                saved.update(relay)

            return await self.gm.channels.update(game_id, "relay", change)

    async def _forget(self, game_id: int, seat_number: int, hook: dict[str, Any]) -> None:
        def change(relay: dict[str, Any]) -> None:
            hooks = dict(relay.get("hooks") or {})
            if hooks.get(str(seat_number)) == hook:
                del hooks[str(seat_number)]
            relay["hooks"] = hooks
            if relay.get("shared") == hook:
                relay.pop("shared")

        async with self._lock(game_id):
            await self.gm.channels.update(game_id, "relay", change)

    async def cleanup(self, game_id: int) -> None:
        """The game is over: its webhooks are deleted (a channel holds at most 15)."""
        async with self._lock(game_id):
            relay = (await self.gm.channels.meta(game_id)).get("relay") or {}
            hooks = [*(relay.get("hooks") or {}).values(), *([relay["shared"]] if relay.get("shared") else [])]
            if not hooks and not relay:
                return
            for hook in hooks:
                try:
                    await discord.Webhook.partial(int(hook["id"]), str(hook["token"]), client=self.gm.bot).delete()
                except discord.HTTPException as error:
                    log.info("game %s: webhook %s not deleted: %s", game_id, hook.get("id"), error)

            def change(saved: dict[str, Any]) -> None:
                saved.clear()
                saved["done"] = True

            await self.gm.channels.update(game_id, "relay", change)
        self.locks.pop(game_id, None)
