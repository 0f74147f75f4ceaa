"""Call me when N are waiting, on both backends: a member is told once when a lobby of the game has N
seated and once when it starts; no more than 20 members are told about one lobby in a minute; the lobby's
lines say how many would come at which number."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot import lobby_changes
from bot.gathering.model import ANY_GAME, Subscription
from bot.gathering.nights import Nights
from bot.gathering.notify import TOLD_PER_MINUTE
from bot.live import Seat
from bot.lobby import Lobby
from bot.storage import DeliveryRow, GameRow, open_storage
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


async def test_who_was_called_still_hears_it_started_when_the_database_was_away_at_the_start(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """Found by the full scale run: at the PostgreSQL restart a game started, reading who was called failed and
    the "it started" DMs were never sent. The listener is told again once the database is back."""
    monkeypatch.setattr(lobby_changes, "AGAIN_FIRST_SECONDS", 0.01)
    await world.subscribe(50, players=3)
    await open_castle(world)
    await world.join(2)
    await world.join(3)
    game = await world.lobby.start(CHANNEL, 1, moderator=False)
    storage = world.lobby.storage
    read = storage._fetchall
    tries: list[str] = []

    async def away(sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        tries.append(sql)
        raise ConnectionRefusedError("the database restarts")

    storage._fetchall = away  # type: ignore[method-assign]
    with caplog.at_level(logging.INFO, logger="bot.lobby_changes"):
        await world.lobby.tell_changed(game.row)
        while len(tries) < 3:  # told again, and again while it is still away
            await asyncio.sleep(0.01)
        assert world.told(STARTED) == []
        storage._fetchall = read  # type: ignore[method-assign]
        while world.lobby.changed.waiting():
            await asyncio.sleep(0.01)
    assert world.told(STARTED) == [50]
    assert all(not r.exc_info and r.levelno < logging.ERROR for r in caplog.records), "a line each, no traceback"
    await world.lobby.tell_changed(game.row)
    assert world.told(STARTED) == [50], "once"


async def test_a_listener_failing_for_another_reason_is_logged_and_not_told_again(
    world: World, caplog: pytest.LogCaptureFixture,
) -> None:
    async def broken(row: GameRow) -> None:
        raise KeyError("a defect")

    world.lobby.changed.listeners.insert(0, broken)
    await world.subscribe(50, players=2)
    await open_castle(world)
    await world.join(2)
    assert world.told(FILLED) == [50], "the next listener is told all the same"
    assert world.lobby.changed.waiting() == 0
    assert [r.levelname for r in caplog.records if "listener of its change failed" in r.getMessage()] == ["ERROR"] * 2


async def test_telling_again_stops_with_the_lobby(world: World) -> None:
    async def away(row: GameRow) -> None:
        raise ConnectionRefusedError("the database restarts")

    world.lobby.changed.listeners.insert(0, away)
    await open_castle(world)
    assert world.lobby.changed.waiting() == 1
    await world.lobby.close()
    assert world.lobby.changed.waiting() == 0
