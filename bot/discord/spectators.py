"""Spectators: members who watch a running game from its graveyard thread (bot/discord/graveyard.py), or,
in a game that eliminates nobody (or whose graveyard is off), from a spectators' thread with the same
feed — every secret role, every private result as it resolves.

`/spectate` in a game's channel adds the member, unless they hold or ever held a seat in the game (they
know its secrets from the inside, and what they would see here is everyone else's), or the server turned
spectators off (`/gm settings spectators:False`, for servers that fear spoilers). `/unspectate` leaves; a
moderator's `/unspectate member:` removes someone. A spectator can never then be given a seat in the game
(`refusal`, asked by `/gm replace`): they have seen every secret.

The spectators are kept in the game's meta (`spectators`), changed under the game's lock; the change is
a saved `graveyard` delivery row (who is in the thread now; with the feed's opening lines when it opens
the thread), applied in the thread's order like every step's, so a restart finishes it. Who may watch is
checked again there, under the lock, as `/gm replace` checks again under it that the newcomer never watched
(`Table.replace`'s `check`): a `/spectate` and a `/gm replace` of the same member racing each other never
leave them both seated and watching.

Each start or stop is a thread-membership request and a saved meta, so a member's own toggles are limited
like a changed choice (a token bucket, memory only): a few at once, then one every 15 seconds; the rest
are refused with when to try again. A moderator removing a spectator is not limited.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord.graveyard import KIND as GRAVEYARD
from bot.discord.graveyard import SPECTATORS, Graveyard, spectators_of
from bot.discord.kinds import rows_of
from bot.live import LiveGame, Step
from bot.storage import DeliveryRow, Storage
from bot.table import Table
from bot.table.limits import TokenBucket
from games.core import Refusal

Deliver = Callable[[list[DeliveryRow]], Awaitable[None]]
SPECTATE_BURST = 4
SPECTATE_PER_SECOND = 1 / 15
"""A member may start or stop watching 4 times at once, then once every 15 seconds."""


@dataclass(frozen=True)
class Answer:
    """The answer to /spectate or /unspectate: its catalog key and parameters (besides the game's `id`)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


class Spectators:
    def __init__(self, storage: Storage, table: Table, graveyard: Graveyard, deliver: Deliver) -> None:
        self.storage = storage
        self.table = table
        self.graveyard = graveyard
        self.deliver = deliver
        self.toggles = TokenBucket(SPECTATE_BURST, SPECTATE_PER_SECOND)
        """Each member's starts and stops of watching (memory only: a limit, not state)."""

    async def game_in(self, channel_id: int | None) -> LiveGame | None:
        """The running game of this channel (as saved now)."""
        if channel_id is None:
            return None
        for row in await self.storage.games_in_channel(channel_id, "running"):
            game = await self.table.get(row.id)
            if game is not None and game.running:
                return game
        return None

    async def allowed(self, game: LiveGame) -> bool:
        """The server's house rule `spectators` (on unless a moderator turned it off)."""
        if not game.row.guild_id:
            return False
        return bool((await self.storage.guild_settings(game.row.guild_id)).get("spectators", True))

    async def spectate(self, game: LiveGame, user_id: int) -> Answer:
        """Add a watcher (checked again under the game's lock, where it is saved)."""
        if not await self.allowed(game):
            return Answer("spectate-off")
        refused = await self._watch_refusal(game, user_id)
        if refused is not None:
            return Answer(refused)
        if wait := self.toggles.take(user_id, self.table.clock()):
            return Answer("spectate-slow-down", {"seconds": wait})
        return await self._change(game, user_id, watch=True)

    async def unspectate(self, game: LiveGame, user_id: int, *, limited: bool = True) -> Answer:
        """Remove a watcher; `limited`: they asked themselves (a moderator removing them is not slowed down)."""
        if user_id not in spectators_of(game):
            return Answer("unspectate-not")
        if limited and (wait := self.toggles.take(user_id, self.table.clock())):
            return Answer("spectate-slow-down", {"seconds": wait})
        return await self._change(game, user_id, watch=False)

    async def _watch_refusal(self, game: LiveGame, user_id: int) -> str | None:
        """Why `user_id` may not start watching: they hold or held a seat, or they watch already."""
        if game.seat_of(user_id) is not None or user_id in await self.table.seats_ever(game.id):
            return "spectate-player"
        if user_id in spectators_of(game):
            return "spectate-already"
        thread = game.row.meta.get(GRAVEYARD) or {}
        if thread.get("refused") or thread.get("stopped"):
            return "spectate-no-thread"  # nothing would reach them: no thread, or its feed stopped
        return None

    @staticmethod
    def refusal(game: LiveGame, user_id: int) -> Refusal | None:
        """Why `user_id` may not be given a seat in the game: they watch (or watched) it."""
        watched = set(spectators_of(game)) | {int(u) for u in (game.row.meta.get(SPECTATORS) or {}).get("ever") or []}
        return Refusal(key="spectate-no-seat", params={"id": game.id}) if user_id in watched else None

    async def _change(self, game: LiveGame, user_id: int, *, watch: bool) -> Answer:
        """The new watchers saved in the game's meta, and the thread's row saved and queued, under the lock;
        who may watch checked again there (a /gm replace may have seated them meanwhile)."""
        async with self.table.hold(game):
            if not game.running:
                return Answer("spectate-no-game")
            if watch and (refused := await self._watch_refusal(game, user_id)) is not None:
                return Answer(refused)
            if not watch and user_id not in spectators_of(game):
                return Answer("unspectate-not")
            record: dict[str, Any] = dict(game.row.meta.get(SPECTATORS) or {})
            members = spectators_of(game) | {user_id} if watch else spectators_of(game) - {user_id}
            ever = {int(u) for u in record.get("ever") or []} | members
            watchers = {"members": [str(u) for u in sorted(members)], "ever": [str(u) for u in sorted(ever)]}
            await self.table.update_meta(game, SPECTATORS, watchers, held=True)
            step = Step(game, game.state, [], game.dues, game.row.status, game.row.paused)
            rows = rows_of(step, self.graveyard.kind, game.row.channel_id) if game.row.channel_id else []
            if rows:
                await self.deliver(rows)
        return Answer("spectate-ok" if watch else "unspectate-ok")
