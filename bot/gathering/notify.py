"""Call me when N are waiting (`/notify game:<game> players:N`): a member is told by DM when a lobby of that
game on the server has N seated (`players` unset: as soon as it can start), and again when it starts.

Spam limits: each member is told about a lobby once (and once that it started): who was told is saved with
the DM (`lobby_notices`); and no more than TOLD_PER_MINUTE members are told about one lobby in a minute,
the oldest subscriptions first: the others are told at the lobby's next change, if it still fits.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.gathering.model import Subscription, wanted, would_come
from bot.gathering.plans import notice_row, waiting_lines
from bot.storage import DeliveryRow, GameRow
from bot.storage.gathering import GatheringStore
from bot.table.limits import TokenBucket
from games import registry

TOLD_PER_MINUTE = 20
FILLED, STARTED = "filled", "started"


def least_players(game: str) -> int:
    return registry.engine(game).min_players


def seated_users(row: GameRow) -> set[int]:
    return {int(s["user_id"]) for s in row.seats if s.get("user_id") is not None and not s.get("bot")}


class Notifier:
    def __init__(self, store: GatheringStore, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.told = TokenBucket(TOLD_PER_MINUTE, TOLD_PER_MINUTE / 60.0)
        """lobby → members it may still tell this minute."""

    async def changed(self, row: GameRow) -> list[DeliveryRow]:
        """A lobby changed (a seat taken or left, or it started): the DMs this calls for, saved."""
        if row.guild_id is None or row.channel_id is None or row.status not in ("lobby", "running"):
            self.told.forget(lambda lobby: lobby == row.id)
            return []
        if row.status == "running":
            told = await self._started(row)
            self.told.forget(lambda lobby: lobby == row.id)  # nothing more is told about it
            return told
        subscriptions = await self.store.subscriptions(row.guild_id, row.game)
        here = seated_users(row)
        seated = len(row.seats)
        least = least_players(row.game)
        told = await self.store.told(row.id, FILLED)
        due = [s for s in subscriptions if s.user_id not in here and s.user_id not in told and wanted(s, seated, least)]
        return await self._tell(row, FILLED, self._within_limit(row.id, due), seated)

    async def _started(self, row: GameRow) -> list[DeliveryRow]:
        told = await self.store.told(row.id, FILLED)
        if not told:
            return []
        started = await self.store.told(row.id, STARTED)
        here = seated_users(row)
        subscriptions = await self.store.subscriptions(row.guild_id or 0, row.game)
        due = [s for s in subscriptions if s.user_id in told and s.user_id not in started and s.user_id not in here]
        return await self._tell(row, STARTED, self._within_limit(row.id, due), len(row.seats))

    def _within_limit(self, lobby_id: int, due: list[Subscription]) -> list[Subscription]:
        now = self.clock()
        return [s for s in due if self.told.take(lobby_id, now) == 0]

    async def _tell(self, row: GameRow, kind: str, subscriptions: list[Subscription], seated: int) -> list[DeliveryRow]:
        if not subscriptions:
            return []
        planned = [
            (s.user_id, notice_row(row.id, row.game, row.channel_id or 0, s, seated, started=kind == STARTED))
            for s in subscriptions
        ]
        return await self.store.tell(row.id, kind, planned, self.clock())

    async def lines(self, row: GameRow, language: str) -> list[str]:
        """What the lobby's lines say about the members who asked to be called ("7 would come at 10")."""
        if row.guild_id is None or row.status != "lobby":
            return []
        subscriptions = await self.store.subscriptions(row.guild_id, row.game)
        counts = would_come(subscriptions, len(row.seats), least_players(row.game), seated_users(row))
        return waiting_lines(language, counts)
