"""Call me when N are waiting, on both backends: a member is told once when a lobby of the game has N
seated and once when it starts; no more than 20 members are told about one lobby in a minute; the lobby's
lines say how many would come at which number."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.gathering.model import ANY_GAME, Subscription
from bot.gathering.nights import Nights
from bot.gathering.notify import TOLD_PER_MINUTE
from bot.live import Seat
from bot.lobby import Lobby
from bot.storage import DeliveryRow, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock

GUILD, CHANNEL = 1, 10
FILLED, STARTED = "🔔 В лобби игры", "🎲 Игра «"


@dataclass
class World:
    lobby: Lobby
    nights: Nights
    clock: FakeClock
    sent: list[DeliveryRow]

    async def subscribe(self, user_id: int, game: str = "castle", players: int | None = 3) -> None:
        await self.nights.store.subscribe(Subscription(GUILD, user_id, game, players, "ru", self.clock()))

    async def join(self, user_id: int) -> None:
        row = await self.lobby.join(CHANNEL, Seat(name=f"P{user_id}", user_id=user_id))
        await self.lobby.tell_changed(row)

    def told(self, text: str) -> list[int]:
        return [r.user_id or 0 for r in self.sent if r.body["text"].startswith(text)]


@pytest.fixture
async def world(database: Database) -> AsyncIterator[World]:
    storage = await open_storage(database.target)
    clock = FakeClock()
    table = Table(storage, clock=clock)
    lobby = Lobby(storage, table)
    nights = Nights(storage, lobby, table)
    sent: list[DeliveryRow] = []
    nights.queue = sent.extend
    yield World(lobby, nights, clock, sent)
    await storage.close()


async def open_castle(world: World, host: int = 1) -> int:
    row = await world.lobby.create("castle", guild_id=GUILD, channel_id=CHANNEL, host=Seat(name="Host", user_id=host),
                                   options={}, language="ru")
    await world.lobby.tell_changed(row)
    return row.id


async def test_a_member_is_told_once_when_n_are_seated_and_once_when_it_starts(world: World) -> None:
    await world.subscribe(50, players=3)
    await world.subscribe(51, game="mafia", players=3)  # another game: never told
    await world.subscribe(52, game=ANY_GAME, players=None)  # any game, once it can start (Castle: 3)
    lobby_id = await open_castle(world)
    await world.join(2)
    assert world.told(FILLED) == []
    await world.join(3)
    assert sorted(world.told(FILLED)) == [50, 52]
    assert all(r.game_id == lobby_id and r.id for r in world.sent), "saved with the lobby"
    await world.join(4)
    assert sorted(world.told(FILLED)) == [50, 52], "one DM per member per lobby"
    game = await world.lobby.start(CHANNEL, 1, moderator=False)
    await world.lobby.tell_changed(game.row)
    assert sorted(world.told(STARTED)) == [50, 52]
    await world.lobby.tell_changed(game.row)
    assert sorted(world.told(STARTED)) == [50, 52]


async def test_a_seated_subscriber_is_not_called_to_their_own_lobby(world: World) -> None:
    await world.subscribe(2, players=2)
    await open_castle(world)
    await world.join(2)
    assert world.told(FILLED) == []


async def test_no_more_than_twenty_are_told_about_a_lobby_in_a_minute(world: World) -> None:
    for user in range(100, 130):
        await world.subscribe(user, players=2)
    await open_castle(world)
    await world.join(2)
    assert world.told(FILLED) == list(range(100, 100 + TOLD_PER_MINUTE)), "the oldest first"
    world.clock.advance(60)
    await world.lobby.tell_changed(await world.lobby.current(CHANNEL))  # type: ignore[arg-type]
    assert world.told(FILLED) == list(range(100, 130)), "the others at the next change"


async def test_the_lobby_says_how_many_would_come_at_which_number(world: World) -> None:
    for user in range(100, 107):
        await world.subscribe(user, players=4)
    await world.subscribe(200, players=3)
    await world.subscribe(1, players=4)  # the host: seated already
    await open_castle(world)
    row = await world.lobby.current(CHANNEL)
    assert row is not None
    assert await world.nights.lines(row, "ru") == [
        "🔔 Придут по зову: 1 — когда за столом будет 3 игрока, 7 — когда за столом будет 4 игрока."
    ]
    assert await world.nights.lines(row, "en") == ["🔔 Called to the table: 1 would come at 3, 7 would come at 4."]
