"""The graveyard: a private thread of the game channel where the dead talk and read the whole game.

A game that eliminates players says who is out (`Engine.eliminated`: Mafia's dead, None when the game
eliminates nobody or its house rule `graveyard` is off). On the first death the bot opens a private
thread of the game channel and adds the dead players to it; the living are never in it (Discord shows a
private thread to its members and to moderators with Manage Threads only). A player brought back (a
rollback, a seat given back by `/gm replace`) leaves it: who is in the thread is recomputed from every
step, the game's last one included (the holders of eliminated seats who hold no seat still in play).

The feed: with every step the thread gets what the channel does not show — the private events (each
marked with whom it went to) and the game master's own log — in the game's language, named as the
channel names players (an anonymous game's public roles until the end); when the thread opens, every
secret role as it stands (the moderators' summary).

Nobody can plant it, and no living player reads it (bot/discord/graveyard_guard.py):
- The thread is the bot's own. Before creating it the bot saves in the game's meta that it is opening
  one (and since when); the thread's id is saved once made. A thread is found again by its name only
  after such a mark (Discord made it, then the process died or Discord answered 5xx), and only a private
  thread the bot owns, under one of the game's parents, made since the mark: never a member's thread,
  public or private, of the same name.
- It is opened only where no living player can read every private thread (Manage Threads, Administrator,
  the server's owner): the game channel, else the server's graveyard channel (`/gm settings
  graveyard_channel:`). Where living players could read it, or where the bot cannot open a private thread,
  there is no graveyard in this game and the moderators are told once (who and why, in the game's
  language; an anonymous game's readers are counted, not named).
- Before each feed post the bot looks again (`ThreadGuard.doubt`): the thread is still its private thread,
  no living player is in it or can read it. Otherwise the feed stops for the rest of the game and the
  moderators are told once.

Delivery: two kinds (bot/discord/kinds.py): `graveyard` plans, with every step, a row when who is to be in
the thread changes (the first carries the thread's name: it opens it) and the feed's lines as `graveyard-feed`
rows, each at most one message. The thread is a destination of its own: its rows go to its own outbox (`outbox`:
bot/discord/outbox.py, paced to the thread's own 5-in-5-s window), never the game channel's, which never
waits for it. The membership rows are applied in order with the feed (the thread exists, and its members
are who they should be, before a line is posted); the feed's lines queued behind one another are packed
into as few messages as fit, each message claimed before it goes with its nonce, so a restart (even a
SIGKILL) finishes the feed once and in order. Adding a member twice or removing one who is gone changes
nothing.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import zlib
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.discord.attempts import once
from bot.discord.graveyard_guard import PRIVATE_THREAD, Doubt, ThreadGuard
from bot.discord.kinds import KindOf, Planned, Sending, status_key, tag, unplanned
from bot.discord.outbox import Outbox, Status, Text
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import public_player
from bot.discord.text import event_text, relayed
from bot.i18n import t
from bot.live import LiveGame, Step
from bot.render import joined, list_names
from bot.storage import DeliveryRow, Storage
from bot.table import Table
from games.core import GM, Event

log = logging.getLogger(__name__)

LIMIT = 2000
KIND = "graveyard"
FEED = "graveyard-feed"
SPECTATORS = "spectators"
ARCHIVE_MINUTES = 10080
"""A private thread is archived after this long without a message (a week, Discord's longest); a post
brings it back."""
CLOCK_SKEW = datetime.timedelta(minutes=1)
"""How far Discord's clock may be behind ours: a thread found again must be made after the opening mark,
less this."""

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


class FeedStopped(Exception):
    """A feed message that must not go (no thread, or the feed stopped): its rows are dropped."""


class Graveyard:
    def __init__(self, bot: commands.Bot, storage: Storage, table: Table, outboxes: Outboxes) -> None:
        self.bot = bot
        self.storage = storage
        self.table = table
        self.outboxes = outboxes
        self.guard = ThreadGuard(bot)
        self.kind = KindOf(KIND, self.plan, self._send_membership)
        self.feed = KindOf(FEED, unplanned, self._send_feed)
        self.planned: dict[int, list[int]] = {}
        """game → the members its last planned row wants (a cache of the rows; the meta after a restart)."""
        self.applied: dict[int, dict[int, bool]] = {}
        """thread → member → in (True) or out (False): what Discord took of a membership row not saved yet. A retry
        of the row redoes only the rest: redoing all of it, a row of two members met a failure every time under
        faults that fall on every other request (the graveyard's outbox then retried for good)."""

    # --- what a step wants ------------------------------------------------------------------------
    def last(self, game: LiveGame) -> list[int] | None:
        if game.id in self.planned:
            return self.planned[game.id]
        saved = (game.row.meta.get(KIND) or {}).get("wanted")
        return None if saved is None else [int(u) for u in saved]

    def plan(self, step: Step) -> list[Planned]:
        """The step's rows: a `graveyard` row when who is to be in the thread changes (or the thread is to
        open), and the feed's lines as `graveyard-feed` rows; nothing when there is no graveyard (yet, or in
        this game)."""
        game = step.game
        record = game.row.meta.get(KIND) or {}
        if record.get("refused"):
            return []  # never opened: the moderators were told
        eliminated = game.engine.eliminated(step.state)
        out = eliminated or set()
        last = self.last(game)
        if last is None and not out and not spectators_of(game):
            return []  # nobody to read it yet
        members = wanted_members(game, out)  # the game's last step too: whoever died in it joins
        lines = [] if last is not None else self._opening(game, step)
        lines += [self.line(game, event) for event in step.events if event.to is not None and not relayed(event)]
        if record.get("stopped"):
            lines = []  # a living player could read it: nothing more goes there
        changed = members != last or step.rolled_back  # (a rollback may have dropped rows not yet applied)
        if step.status != "running":  # the game is over: its last rows go, nothing is planned or checked after
            self.forget(game.id)
        elif not changed and not lines:
            return []
        else:
            self.planned[game.id] = members
        rows: list[Planned] = []
        if changed or step.status != "running":
            title = t(game.row.language, f"{game.row.game}-title")
            kind = "graveyard" if eliminated is not None else "spectators"  # no graveyard: the watchers'
            rows.append(Planned({"members": [str(u) for u in members],
                                 "name": t(game.row.language, f"{kind}-thread-name", game=title, id=game.id)[:100]}))
        return rows + [Planned({"text": chunk}, kind=FEED) for chunk in joined(lines, LIMIT)]

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
        players = list_names([str(game.name_of(n)) for n in event.to or []], language)
        return f"{t(language, 'transcript-private', players=players)} {text}"

    def forget(self, game_id: int) -> None:
        self.planned.pop(game_id, None)
        self.guard.forget(game_id)

    # --- the thread's own outbox ------------------------------------------------------------------
    def outbox(self, game_id: int) -> Outbox:
        """The game's thread as a destination: its rows, the dead's words (bot/discord/relay.py), paced to its
        own window and never the game channel's."""
        return self.outboxes.own_outbox((KIND, game_id), partial(self._post, game_id))

    def _send_membership(self, row: DeliveryRow) -> Sending:
        """Applied in the thread's order, before the feed's lines that follow it."""
        return self.outbox(row.game_id), Status(partial(self.apply, row), status_key(row), [row.id], tag(row))

    def _send_feed(self, row: DeliveryRow) -> Sending:
        """A line of the feed: the lines waiting in the thread's outbox are packed into as few messages as fit."""
        return self.outbox(row.game_id), Text(row.body["text"], [row.id], tag(row))

    async def _post(self, game_id: int, content: str, extra: dict[str, Any]) -> discord.Message:
        """One feed message into the game's thread, once the thread is known to be the bot's and nobody
        living reads it; else the feed stops (FeedStopped: the message's rows are dropped)."""
        record = dict((await self.table.meta(game_id)).get(KIND) or {})
        thread_id = record.get("thread")
        if not thread_id or record.get("refused") or record.get("stopped"):
            raise FeedStopped(f"game {game_id}: no graveyard thread to post in")
        game = await self.table.get(game_id)
        if game is not None and game.running:  # (once the game is over nothing in the feed is secret)
            doubt = await self.guard.doubt(game, record)
            if doubt is not None:
                await self._stop(game, doubt)
                raise FeedStopped(f"game {game_id}: the graveyard's feed stopped ({doubt.what})")
        thread = self.bot.get_partial_messageable(int(thread_id), type=discord.ChannelType.private_thread)
        return await thread.send(content=content, allowed_mentions=discord.AllowedMentions.none(), **extra)

    async def _stop(self, game: LiveGame, doubt: Doubt) -> None:
        """No more feed in this game; the moderators told why (once: a stopped feed posts nothing more)."""
        log.warning("game %s: graveyard feed stopped: %s %s", game.id, doubt.what, sorted(doubt.readers))
        await self.table.update_meta(game.id, KIND, lambda saved: {**(saved or {}), "stopped": doubt.what})
        params = {"kind": self._kind(game)}
        if doubt.what == "readers":
            await self.outboxes.tell_moderators(game, "graveyard-stopped", players=self._readers_text(
                game, doubt.readers), **params)
        else:
            await self.outboxes.tell_moderators(game, "graveyard-stopped-thread", **params)

    @staticmethod
    def _kind(game: LiveGame) -> str:
        return "graveyard" if game.engine.eliminated(game.state) is not None else "spectators"

    @staticmethod
    def _readers_text(game: LiveGame, readers: dict[int, str]) -> str:
        """The living readers as the channel may name them (each with why), or only how many where the game
        hides who plays."""
        language = game.row.language
        if any(game.public_term(n) is not None for n in range(len(game.seats))):
            return t(language, "graveyard-readers-hidden", count=len(readers))
        named = []
        for user_id, why in sorted(readers.items()):
            seat_number = game.seat_of(user_id)
            who = public_player(game, seat_number, user_id) if seat_number is not None else f"<@{user_id}>"
            named.append(f"{who} ({t(language, f'graveyard-reader-{why}')})")
        return ", ".join(named)

    # --- applying a membership row ----------------------------------------------------------------
    async def apply(self, row: DeliveryRow) -> None:
        """Open the thread if needed, then make its members the row's."""
        channel_id = row.channel_id
        if channel_id is None or channel_id in self.outboxes.gone:
            return
        record = dict((await self.table.meta(row.game_id)).get(KIND) or {})
        if record.get("refused"):
            return  # the moderators were told: no graveyard in this game
        thread_id = record.get("thread") or await self._open(row, channel_id, record)
        if thread_id is None:
            return
        wanted = {int(u) for u in row.body.get("members") or []}
        applied = self.applied.setdefault(thread_id, {})
        saved_in = {int(u) for u in record.get("members") or []}
        taken_in = {u for u, inside in applied.items() if inside}
        had = (saved_in | taken_in) - (applied.keys() - taken_in)  # saved, then what Discord took since
        http = self.bot.http
        for user_id in sorted(had - wanted):  # those brought back leave first
            with contextlib.suppress(discord.NotFound):  # already gone (a try before a restart, or left)
                await http.remove_user_from_thread(thread_id, user_id)
            applied[user_id] = False
        for user_id in sorted(wanted - had):  # (those saved or taken as added are in: a retry adds only the rest)
            try:
                await http.add_user_to_thread(thread_id, user_id)
            except discord.NotFound:
                log.info("game %s: %s is no longer on the server; not added to the graveyard", row.game_id, user_id)
            applied[user_id] = True
        await self.table.update_meta(row.game_id, KIND, lambda saved: {
            **(saved or {}), "members": sorted(wanted), "wanted": [str(u) for u in sorted(wanted)]})
        self.applied.pop(thread_id, None)
        for index, chunk in enumerate(joined([str(x) for x in row.body.get("lines") or []], LIMIT)):
            # a row saved before the feed had rows of its own (its lines, with the nonce they had then)
            await self._post(row.game_id, chunk, {"nonce": _nonce(row.id, index)})

    async def _open(self, row: DeliveryRow, channel_id: int, record: dict[str, Any]) -> int | None:
        """The graveyard thread's id: the bot's own thread made before a crash (or a 5xx), else one created
        where no living player can read it — the game channel, else the server's graveyard channel."""
        name = str(row.body.get("name") or "graveyard")
        game = await self.table.get(row.game_id)
        if game is None:
            return None
        guild_id = game.row.guild_id
        parents = [channel_id]
        if guild_id:
            other = (await self.storage.guild_settings(guild_id)).get("graveyard_channel_id")
            if other and int(other) != channel_id:
                parents.append(int(other))
        opening = record.get("opening")
        found = await self._find(guild_id, parents, name, int(opening)) if opening else None
        readers: dict[int, str] = {}
        self.guard.forget(game.id)  # each living player looked up again now
        for parent in parents:
            if found is not None:
                break
            seen = await self.guard.readers(game, parent)
            if seen is None or seen:  # living players could read a private thread there (or nobody can tell)
                readers |= seen or {}
                continue
            if not opening:  # saved before the thread is made: only then may a thread be found by name
                opening = discord.utils.time_snowflake(discord.utils.utcnow() - CLOCK_SKEW)
                await self.table.update_meta(row.game_id, KIND, lambda saved, since=opening: {
                    **(saved or {}), "opening": since})
            found = await self._create(row.game_id, guild_id, parent, name, int(opening))
        if found is None:
            return await self._refused(game, readers)
        thread_id, parent = found
        await self.table.update_meta(row.game_id, KIND, lambda saved: {
            **(saved or {}), "thread": thread_id, "parent": parent})
        return thread_id

    async def _find(self, guild_id: int | None, parents: list[int], name: str, since: int) -> tuple[int, int] | None:
        """(thread, parent) of the bot's own private thread of that name under one of `parents`, made since
        `since` (a snowflake): never a thread a member made."""
        if not guild_id:
            return None
        try:
            active = await self.bot.http.get_active_threads(guild_id)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # the outbox tries the row again
            return None
        wanted = {str(p) for p in parents}
        me = str(self.bot.user.id if self.bot.user else 0)
        mine = sorted((int(c["id"]), int(c["parent_id"])) for c in active.get("threads") or []
                      if str(c.get("parent_id")) in wanted and c.get("name") == name
                      and int(c.get("type", -1)) == PRIVATE_THREAD and str(c.get("owner_id")) == me
                      and int(c["id"]) >= since)
        return mine[0] if mine else None

    async def _create(
        self, game_id: int, guild_id: int | None, parent: int, name: str, since: int
    ) -> tuple[int, int] | None:
        """The thread made once (`attempts.once`): after an answer that may hide it (made, then 5xx), the bot's
        own thread of that name made since the saved mark is looked for before another try."""

        async def make() -> dict[str, Any]:
            return dict(await self.bot.http.start_thread_without_message(
                parent, name=name, auto_archive_duration=ARCHIVE_MINUTES, type=PRIVATE_THREAD, invitable=False,
                reason="the game's graveyard",
            ))

        async def landed() -> dict[str, Any] | None:
            found = await self._find(guild_id, [parent], name, since)
            return None if found is None else {"id": found[0]}

        try:
            made = await once(make, landed)
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # the outbox tries the row again
            log.warning("game %s: no graveyard thread in channel %s: %s", game_id, parent, error)
            return None
        return int(made["id"]), parent

    async def _refused(self, game: LiveGame, readers: dict[int, str]) -> None:
        """No graveyard in this game: the moderators told why, once (a refused game plans nothing more)."""
        await self.table.update_meta(game.id, KIND, lambda saved: {**(saved or {}), "refused": True})
        if readers:
            log.warning("game %s: no graveyard: living players could read it: %s", game.id, readers)
            await self.outboxes.tell_moderators(
                game, "graveyard-readers", kind=self._kind(game), players=self._readers_text(game, readers))
        else:
            await self.outboxes.missing(game.id, "graveyard")
        return None

