"""Who could read a graveyard thread (bot/discord/graveyard.py) while the game's secrets are in it.

Discord shows a private thread to its members and to whoever has Manage Threads (with View Channel) in its
parent channel — Administrator implies it, and the server's owner has every right. The graveyard's feed
is every secret of the game, so no living player may be among them:

- `readers`: the living players who can read every private thread of a channel (member → why: the
  server's owner, Administrator, Manage Threads). Asked before the thread is opened there (each living
  player looked up again then) and before each feed post (from what the gateway keeps current: the server's
  roles and owner, the channel's overwrites; a member's own roles as looked up at the opening, or live with
  the Server Members intent).
- `doubt`: before each feed post, why it must not go: the thread is gone or is not the private thread the
  bot made under the saved parent, a living player is a member of it (looked up one by one when the thread
  has more members than the bot put there), or a living player can read it by their rights.

A failure Discord may get over (5xx, a time-out) is raised: the post waits and is tried again. So is a server
the gateway has not told this process of yet (`NotToldYet`: a process starting, a server unavailable in an outage):
judged then, a restarted process's first graveyard was refused for good (the scale run's faults), and a living
player's rights went unchecked before a feed post.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import commands

from bot.live import LiveGame

log = logging.getLogger(__name__)

PRIVATE_THREAD = 12
OWNER, ADMINISTRATOR, MANAGE_THREADS, MEMBER = "owner", "administrator", "manage-threads", "member"
"""Why a member can read the thread (the catalog's `graveyard-reader-<why>`)."""
COUNTED_MEMBERS = 50
"""Discord stops counting a thread's members here (`member_count`)."""


class NotToldYet(ConnectionError):
    """The game's server is not known to this process yet: who can read its threads cannot be told. A connection's
    failure (bot/discord/failures.py `transient`): the delivery waits and is tried again."""


@dataclass
class Doubt:
    """Why the feed must stop: `thread` (gone, or not the private thread the bot made) or `readers` (living
    players who can read it, member → why)."""

    what: str
    readers: dict[int, str] = field(default_factory=dict)


def living_players(game: LiveGame) -> set[int]:
    """The members holding a seat still in the game (every seat in a game that eliminates nobody)."""
    out = game.engine.eliminated(game.state) or set()
    return {s.user_id for n, s in enumerate(game.seats) if not s.bot and s.user_id is not None and n not in out}


class ThreadGuard:
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.members: dict[int, dict[int, discord.Member | None]] = {}
        """game → its players as looked up (None: no longer on the server), when the gateway keeps no members."""

    def forget(self, game_id: int) -> None:
        """Its players are looked up again when next asked about."""
        self.members.pop(game_id, None)

    async def readers(self, game: LiveGame, parent_id: int) -> dict[int, str] | None:
        """The living players (member → why) who can read every private thread of `parent_id`; None when that
        cannot be told (the server or the channel unknown). Raises NotToldYet while the gateway has not told of the
        server yet."""
        guild = self.bot.get_guild(game.row.guild_id or 0)
        if (guild is None and not self.bot.is_ready()) or (guild is not None and guild.unavailable):
            raise NotToldYet(f"server {game.row.guild_id} not known yet: who could read the graveyard is not told")
        channel = guild.get_channel(parent_id) if guild is not None else None
        if guild is None or channel is None:
            return None
        found: dict[int, str] = {}
        for user_id in sorted(living_players(game)):
            member = await self._member(game.id, guild, user_id)
            if member is None:
                continue
            rights = channel.permissions_for(member)
            if rights.view_channel and rights.manage_threads:
                found[user_id] = (OWNER if user_id == guild.owner_id
                                  else ADMINISTRATOR if member.guild_permissions.administrator else MANAGE_THREADS)
        return found

    async def _member(self, game_id: int, guild: discord.Guild, user_id: int) -> discord.Member | None:
        if self.bot.intents.members:  # the gateway keeps every member current
            return guild.get_member(user_id)
        known = self.members.setdefault(game_id, {})
        if user_id not in known:
            try:
                known[user_id] = await guild.fetch_member(user_id)
            except discord.NotFound:
                known[user_id] = None  # no longer on the server: reads nothing
        return known[user_id]

    async def doubt(self, game: LiveGame, record: dict[str, Any]) -> Doubt | None:
        """Why the feed must not post into the game's thread now (None: it may)."""
        thread_id, parent = int(record["thread"]), record.get("parent")
        me = self.bot.user.id if self.bot.user else 0
        try:
            data = await self.bot.http.get_channel(thread_id)
        except discord.NotFound:
            return Doubt("thread")
        if (int(data.get("type", -1)) != PRIVATE_THREAD or str(data.get("owner_id")) != str(me)
                or (parent is not None and str(data.get("parent_id")) != str(parent))):
            log.warning("game %s: thread %s is not the graveyard the bot made: %s", game.id, thread_id, data)
            return Doubt("thread")
        readers: dict[int, str] = {}
        counted = data.get("member_count")
        if counted is None or int(counted) >= min(COUNTED_MEMBERS, len(record.get("members") or []) + 2):
            for user_id in sorted(living_players(game)):  # someone the bot did not put there: who?
                try:
                    await self.bot.http.get_thread_member(thread_id, user_id)
                except discord.NotFound:
                    continue
                readers[user_id] = MEMBER
        by_rights = await self.readers(game, int(parent or data.get("parent_id") or 0))
        readers |= {u: why for u, why in (by_rights or {}).items() if u not in readers}
        return Doubt("readers", readers) if readers else None
