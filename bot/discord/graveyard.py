"""The graveyard: a private thread of the game channel where the dead talk and read the whole game.

A game that eliminates players says who is out (`Engine.eliminated`: Mafia's dead, None when the game
eliminates nobody or its house rule `graveyard` is off). On the first death the bot opens a private
thread of the game channel and adds the dead players to it; the living are never in it (Discord shows a
private thread to its members and to moderators with Manage Threads only). A player brought back (a
rollback, a seat given back by `/gm replace`) leaves it: who is in the thread is recomputed from every
step (the holders of eliminated seats who hold no seat still in play).

The feed: with every step the thread gets what the channel does not show — the private events (each
marked with whom it went to) and the game master's own log — in the game's language, named as the
channel names players (an anonymous game's public roles until the end); when the thread opens, every
secret role as it stands (the moderators' summary).

Delivery: the planner (`plan`, called with every step) adds a `graveyard` row (who is to be in the
thread, the feed's lines) to the game channel's outbox, in order with the step's lines, saved with the
step: a restart applies what was not applied. Applying is idempotent: the thread is found again by its
id in the game's meta (`graveyard`), else by its name among the server's active threads (a crash
between its creation and the meta's save), else created; adding a member twice or removing one who is
gone changes nothing; each feed message carries a nonce made from its row, so Discord never shows it
twice. Where the game channel cannot hold a private thread (a game opened in a thread, or no Create
Private Threads there) the thread is opened in the server's graveyard channel (`/gm settings
graveyard_channel:`); where neither can, the moderators are told once and the dead get nothing until the
end, as with the house rule off.
"""

from __future__ import annotations

import contextlib
import logging
import zlib
from typing import Any

import discord
from discord.ext import commands

from bot.discord.channel import ChannelKeeper
from bot.discord.flow import relayed
from bot.discord.memory import Memory
from bot.discord.text import event_text
from bot.i18n import t
from bot.live import LiveGame, Step
from bot.render import joined
from bot.storage import DeliveryRow, Storage
from bot.table import Table
from games.core import GM, Event

log = logging.getLogger(__name__)

LIMIT = 2000
KIND = "graveyard"
SPECTATORS = "spectators"
ARCHIVE_MINUTES = 10080
"""A private thread is archived after this long without a message (a week, Discord's longest); a post
brings it back."""
PRIVATE_THREAD = 12


def wanted_members(game: LiveGame, out: set[int]) -> list[int]:
    """The members to be in the graveyard: the players of eliminated seats who play no seat still in it,
    and the game's spectators."""
    playing = {s.user_id for n, s in enumerate(game.seats) if not s.bot and s.user_id and n not in out}
    dead = {s.user_id for n, s in enumerate(game.seats) if not s.bot and s.user_id and n in out}
    return sorted({u for u in dead - playing if u is not None} | spectators_of(game))


def spectators_of(game: LiveGame) -> set[int]:
    """The members watching the game (`/spectate`: bot/discord/spectators.py), from its meta."""
    return {int(u) for u in (game.row.meta.get(SPECTATORS) or {}).get("members") or []}


def _nonce(*parts: object) -> str:
    return f"g{zlib.crc32(':'.join(map(str, parts)).encode()):x}"[:25]


class Graveyard:
    def __init__(self, bot: commands.Bot, storage: Storage, table: Table, memory: Memory,
                 channels: ChannelKeeper) -> None:
        self.bot = bot
        self.storage = storage
        self.table = table
        self.memory = memory
        self.channels = channels
        self.planned: dict[int, list[int]] = {}
        """game → the members its last planned row wants (a cache of the rows; the meta after a restart)."""

    # --- what a step wants ------------------------------------------------------------------------
    def last(self, game: LiveGame) -> list[int] | None:
        if game.id in self.planned:
            return self.planned[game.id]
        saved = (game.row.meta.get(KIND) or {}).get("wanted")
        return None if saved is None else [int(u) for u in saved]

    def plan(self, step: Step) -> list[dict[str, Any]]:
        """The body of the step's `graveyard` row, or nothing: no graveyard (yet, or in this game)."""
        game = step.game
        eliminated = game.engine.eliminated(step.state)
        out = eliminated or set()
        last = self.last(game)
        if last is None and not out and not spectators_of(game):
            return []  # nobody to read it yet
        members = wanted_members(game, out)  # the game's last step too: whoever died in it joins
        language = game.row.language
        lines = [] if last is not None else self._opening(game, step)
        lines += [self.line(game, event) for event in step.events if event.to is not None and not relayed(event)]
        if step.status != "running":
            self.planned.pop(game.id, None)  # the game is over: its last row goes, nothing is planned after
        elif members == last and not lines and not step.rolled_back:
            return []
        else:
            self.planned[game.id] = members
        title = t(language, f"{game.row.game}-title")
        kind = "graveyard" if eliminated is not None else "spectators"  # a game with no graveyard: the watchers'
        return [{"members": [str(u) for u in members], "lines": lines,
                 "name": t(language, f"{kind}-thread-name", game=title, id=game.id)[:100]}]

    def _opening(self, game: LiveGame, step: Step) -> list[str]:
        """The thread's first lines: what it is, and every secret role as it stands."""
        language = game.row.language
        title = t(language, f"{game.row.game}-title")
        kind = "graveyard" if game.engine.eliminated(step.state) is not None else "spectators"
        lines = [t(language, f"{kind}-opened", game=title, id=game.id)]
        return lines + [event_text(e, language, game.name_of) for e in game.engine.summary(step.state, GM)]

    @staticmethod
    def line(game: LiveGame, event: Event) -> str:
        """A private event or the game master's note as the transcript writes it, with whom it went to."""
        language = game.row.language
        text = event_text(event, language, game.name_of)
        if event.to == []:
            return f"{t(language, 'transcript-gm')} {text}"
        players = ", ".join(str(game.name_of(n)) for n in event.to or [])
        return f"{t(language, 'transcript-private', players=players)} {text}"

    def forget(self, game_id: int) -> None:
        self.planned.pop(game_id, None)

    # --- applying a row ---------------------------------------------------------------------------
    async def apply(self, row: DeliveryRow) -> None:
        """Open the thread if needed, make its members the row's, then post the row's lines."""
        channel_id = row.channel_id
        if channel_id is None or channel_id in self.memory.gone_channels:
            return
        record = dict((await self.channels.meta(row.game_id)).get(KIND) or {})
        if record.get("refused"):
            return  # the moderators were told: no graveyard in this game
        thread_id = record.get("thread") or await self._open(row, channel_id)
        if thread_id is None:
            return
        wanted = {int(u) for u in row.body.get("members") or []}
        had = {int(u) for u in record.get("members") or []}
        http = self.bot.http
        for user_id in sorted(had - wanted):  # those brought back leave first
            with contextlib.suppress(discord.NotFound):  # already gone (a try before a restart, or left)
                await http.remove_user_from_thread(thread_id, user_id)
        for user_id in sorted(wanted - had):  # (those saved as added are in: a retry adds only the rest)
            try:
                await http.add_user_to_thread(thread_id, user_id)
            except discord.NotFound:
                log.info("game %s: %s is no longer on the server; not added to the graveyard", row.game_id, user_id)
        await self.channels.update(row.game_id, KIND, lambda saved: saved.update(
            members=sorted(wanted), wanted=[str(u) for u in sorted(wanted)]))
        lines = [str(line) for line in row.body.get("lines") or []]
        if lines:
            thread = self.bot.get_partial_messageable(thread_id, type=discord.ChannelType.private_thread)
            paced = self.channels.outboxes.channel_outbox(thread_id)  # the thread's own 5-in-5-s window
            for index, chunk in enumerate(joined(lines, LIMIT)):
                nonce = _nonce(row.id, index)
                await paced.send_now(lambda chunk=chunk, nonce=nonce: thread.send(  # type: ignore[misc]
                    content=chunk, nonce=nonce, allowed_mentions=discord.AllowedMentions.none()))

    async def _open(self, row: DeliveryRow, channel_id: int) -> int | None:
        """The graveyard thread's id: found again by its name (a creation before a crash), else created in
        the game channel, else (threads not allowed there) in the server's graveyard channel."""
        name = str(row.body.get("name") or "graveyard")
        game = await self.table.get(row.game_id)
        guild_id = game.row.guild_id if game is not None else None
        parents = [channel_id]
        if guild_id:
            other = (await self.storage.guild_settings(guild_id)).get("graveyard_channel_id")
            if other and int(other) != channel_id:
                parents.append(int(other))
        found = await self._find(guild_id, parents, name)
        for parent in parents:
            if found is not None:
                break
            found = await self._create(row.game_id, parent, name)
        if found is None:
            return await self._refused(row.game_id)
        thread_id, parent = found
        await self.channels.update(row.game_id, KIND, lambda saved: saved.update(thread=thread_id, parent=parent))
        return thread_id

    async def _find(self, guild_id: int | None, parents: list[int], name: str) -> tuple[int, int] | None:
        """(thread, parent) of the server's active thread of that name under one of `parents`."""
        if not guild_id:
            return None
        try:
            active = await self.bot.http.get_active_threads(guild_id)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # the outbox tries the row again
            return None
        wanted = {str(p) for p in parents}
        return next(((int(c["id"]), int(c["parent_id"])) for c in active.get("threads") or []
                     if str(c.get("parent_id")) in wanted and c.get("name") == name), None)

    async def _create(self, game_id: int, parent: int, name: str) -> tuple[int, int] | None:
        try:
            made = await self.bot.http.start_thread_without_message(
                parent, name=name, auto_archive_duration=ARCHIVE_MINUTES, type=PRIVATE_THREAD, invitable=False,
                reason="the game's graveyard",
            )
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # the outbox tries the row again
            log.warning("game %s: no graveyard thread in channel %s: %s", game_id, parent, error)
            return None
        return int(made["id"]), parent

    async def _refused(self, game_id: int) -> None:
        await self.channels.update(game_id, KIND, lambda saved: saved.update(refused=True))
        await self.channels.report(game_id, "graveyard")
        return None
