"""The webhooks an anonymous game's seats speak through (bot/discord/relay.py): one per player's seat, made
when the game starts (`prepare`) with the public name and a generated round avatar in a colour of its own
(bot/discord/avatars.py), kept in the game's meta (`relay`) so a restart reuses them, and deleted when the
game ends (`cleanup`). When the channel has no room for them (Discord allows 15 webhooks per channel), one
shared webhook posts with the public name as a per-message username; without Manage Webhooks (the moderators
are told once) the bot posts the words itself, under the public name.

A webhook's creation carries no nonce, and Discord may make one and still answer 5xx. discord.py's bot-token
client sent it again (two webhooks, an orphan toward the channel's 15); here each creation is tried once at a
time (bot/discord/attempts.py `once`), and before each try, the first included, the channel's webhooks are
read: the bot's own of that name, recorded by no other game, is the seat's (`adoptable`: made by a try a 5xx
hid, or before a restart that came before the record was saved). Any other such webhook of the bot's is an
orphan, deleted as the game's webhooks are made and again when they are removed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.attempts import once
from bot.discord.avatars import avatar_png, data_uri
from bot.discord.outboxes import Outboxes
from bot.i18n import t
from bot.live import LiveGame
from bot.table import Table

log = logging.getLogger(__name__)

MAX_WEBHOOKS = 15
"""Discord's limit of webhooks per channel."""

Hook = dict[str, Any]
"""A webhook as the game's meta keeps it: its id and token."""


class SeatHooks:
    def __init__(self, bot: commands.Bot, table: Table, outboxes: Outboxes) -> None:
        self.bot = bot
        self.table = table
        self.outboxes = outboxes
        self.locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    async def hook(self, game: LiveGame, seat_number: int) -> Hook | None:
        """The seat's webhook (the shared one when the channel had no room), made now if it has none; None:
        the bot posts the words itself."""
        relay = (await self.table.meta(game.id)).get("relay") or {}
        found = (relay.get("hooks") or {}).get(str(seat_number)) or relay.get("shared")
        if found is None and not relay.get("unavailable"):
            relay = await self.prepare(game.id)
            found = (relay.get("hooks") or {}).get(str(seat_number)) or relay.get("shared")
        return found

    # --- making them ------------------------------------------------------------------------------
    async def prepare(self, game_id: int) -> dict[str, Any]:
        """Webhooks for every player's seat that has none (or a shared one when the channel lacks room)."""
        async with self.lock(game_id):
            game = self.table.games.get(game_id)
            relay = dict((await self.table.meta(game_id)).get("relay") or {})
            if game is None or game.row.channel_id is None or relay.get("unavailable"):
                return relay
            hooks = dict(relay.get("hooks") or {})
            needed = [n for n, s in enumerate(game.seats) if str(n) not in hooks and s.user_id is not None
                      and not s.bot]
            if not needed or relay.get("shared"):
                return relay
            channel_id = game.row.channel_id
            try:
                present = await self._webhooks(channel_id)
                names = {n: str(game.name_of(n))[:80] for n in needed}
                relay["names"] = sorted({*relay.get("names", []), *names.values()})  # (the end may rename seats)
                adopted = {n: hook for n in needed if (hook := self.adoptable(present, names[n], game)) is not None}
                hooks.update({str(n): hook for n, hook in adopted.items()})
                to_make = [n for n in needed if n not in adopted]
                room = MAX_WEBHOOKS - len(present)
                if room >= len(to_make):
                    for n in to_make:
                        term = game.public_term(n) or names[n]
                        hooks[str(n)] = await self._make(game, names[n], avatar=data_uri(avatar_png(names[n], term)))
                elif room > 0:
                    title = t(game.row.language, f"{game.row.game}-title")
                    shared = f"{title} #{game_id}"[:80]
                    relay["names"] = sorted({*relay["names"], shared})
                    relay["shared"] = await self._make(game, shared)
                else:
                    relay["unavailable"] = True
            except discord.Forbidden:
                relay["unavailable"] = True
                await self.outboxes.missing(game_id, "manage-webhooks")
            except discord.HTTPException as error:  # the limit reached meanwhile, a thread …: the bot posts
                log.warning("game %s: could not make its webhooks: %s", game_id, error)
                relay["unavailable"] = True
            relay["hooks"] = hooks

            saved = await self.table.update_meta(game_id, "relay", dict(relay))
        await self.sweep(game_id, channel_id, saved)
        return saved

    async def _make(self, game: LiveGame, name: str, **fields: Any) -> Hook:
        """A webhook named `name` in the game's channel, made once: after an answer that may hide it, the
        channel's webhooks are read for it before trying again."""
        channel_id = game.row.channel_id
        assert channel_id is not None

        async def landed() -> Hook | None:
            return self.adoptable(await self._webhooks(channel_id), name, game)

        made = await once(
            lambda: self.bot.http.create_webhook(channel_id, name=name, reason=f"game #{game.id}", **fields),
            landed,
        )
        return {"id": str(made["id"]), "token": made["token"]}

    async def _webhooks(self, channel_id: int) -> list[dict[str, Any]]:
        return list(await self.bot.http.channel_webhooks(channel_id))

    def _mine(self, hook: dict[str, Any]) -> bool:
        creator = hook.get("user") or {}
        return self.bot.user is not None and str(creator.get("id")) == str(self.bot.user.id)

    def _taken(self, game_id: int, channel_id: int) -> set[str]:
        """The webhooks other running games of the channel keep: never this game's to adopt or delete."""
        taken: set[str] = set()
        for other in list(self.table.games.values()):
            if other.id != game_id and other.row.channel_id == channel_id and other.running:
                relay = other.row.meta.get("relay") or {}
                for hook in [*(relay.get("hooks") or {}).values(), relay.get("shared")]:
                    if hook:
                        taken.add(str(hook["id"]))
        return taken

    def adoptable(self, present: list[dict[str, Any]], name: str, game: LiveGame) -> Hook | None:
        """The newest of the bot's own webhooks named `name` (with its token) that no other game keeps."""
        taken = self._taken(game.id, game.row.channel_id or 0)
        mine = [h for h in present if self._mine(h) and h.get("name") == name and h.get("token")
                and str(h["id"]) not in taken]
        newest = max(mine, key=lambda h: int(h["id"]), default=None)
        return None if newest is None else {"id": str(newest["id"]), "token": newest["token"]}

    async def _channel_of(self, game_id: int) -> int | None:
        game = self.table.games.get(game_id)
        if game is not None:
            return game.row.channel_id
        row = await self.table.storage.load_game(game_id)
        return row.channel_id if row is not None else None

    # --- orphans and the end ----------------------------------------------------------------------
    async def sweep(self, game_id: int, channel_id: int, relay: dict[str, Any]) -> None:
        """Delete the bot's webhooks of the game's channel that carry one of the game's webhook names but are
        not the ones the game keeps (`relay`), nor another game's: orphans of a creation made twice."""
        names = set(relay.get("names") or [])
        if not names:
            return
        kept = {str(h["id"]) for h in [*(relay.get("hooks") or {}).values(), relay.get("shared")] if h}
        try:
            present = await self._webhooks(channel_id)
        except discord.HTTPException as error:
            log.info("game %s: its channel's webhooks not read: %s", game_id, error)
            return
        taken = self._taken(game_id, channel_id) | kept
        for hook in present:
            if self._mine(hook) and hook.get("name") in names and str(hook["id"]) not in taken and hook.get("token"):
                try:
                    await discord.Webhook.partial(int(hook["id"]), str(hook["token"]), client=self.bot).delete()
                    log.info("game %s: an orphan webhook %s deleted", game_id, hook["id"])
                except discord.HTTPException as error:
                    log.info("game %s: orphan webhook %s not deleted: %s", game_id, hook["id"], error)

    async def forget(self, game_id: int, seat_number: int, hook: Hook) -> None:
        """The seat's webhook is gone (deleted by someone): made again next time."""
        def change(saved: dict[str, Any] | None) -> dict[str, Any]:
            relay = dict(saved or {})
            hooks = dict(relay.get("hooks") or {})
            if hooks.get(str(seat_number)) == hook:
                del hooks[str(seat_number)]
            relay["hooks"] = hooks
            if relay.get("shared") == hook:
                relay.pop("shared")
            return relay

        async with self.lock(game_id):
            await self.table.update_meta(game_id, "relay", change)

    async def cleanup(self, game_id: int) -> None:
        """The game is over: its webhooks are deleted (a channel holds at most 15), orphans included. The game's
        lock leaves memory with it, whether it had webhooks or not."""
        try:
            async with self.lock(game_id):
                await self._cleanup(game_id)
        finally:
            self.locks.pop(game_id, None)

    async def _cleanup(self, game_id: int) -> None:
        relay = (await self.table.meta(game_id)).get("relay") or {}
        hooks = [*(relay.get("hooks") or {}).values(), *([relay["shared"]] if relay.get("shared") else [])]
        if not hooks and not relay:
            return
        for hook in hooks:
            try:
                await discord.Webhook.partial(int(hook["id"]), str(hook["token"]), client=self.bot).delete()
            except discord.HTTPException as error:
                log.info("game %s: webhook %s not deleted: %s", game_id, hook.get("id"), error)
        channel_id = await self._channel_of(game_id)
        if channel_id is not None:
            await self.sweep(game_id, channel_id, {"names": relay.get("names")})

        await self.table.update_meta(game_id, "relay", {"done": True})
