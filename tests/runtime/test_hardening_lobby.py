"""Lobby hardening: changes to one lobby are serialised (a late /join never lands on a running
game, two /joins at once both keep their seat), join data is checked by the game at /join, and
lobbies are limited (one per host, a cap per server), expire when idle and survive their host."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.live import Seat
from bot.lobby import Lobby, LobbyError, LobbyLimits
from bot.storage import GameRow, Storage, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock

GUILD, CHANNEL = 1, 10


def member(n: int, **join: Any) -> Seat:
    return Seat(name=f"Player{n}", user_id=100 + n, join=join)


@pytest.fixture
async def setup(database: Database) -> AsyncIterator[tuple[Storage, Table, Lobby]]:
    storage = await open_storage(database.target)
    table = Table(storage, clock=FakeClock())
    yield storage, table, Lobby(storage, table, LobbyLimits(max_per_server=2, idle_seconds=600))
    await storage.close()


async def open_lobby(lobby: Lobby, game: str = "cookie", players: int = 4, channel: int = CHANNEL) -> GameRow:
    row = await lobby.create(game, guild_id=GUILD, channel_id=channel, host=member(0), options={}, language="en")
    for n in range(1, players):
        await lobby.join(channel, member(n))
    return row


class Hold:
    """Hold the n-th call of an async storage method right after it returned, until released:
    the point where another coroutine must interleave."""

    def __init__(self, storage: Storage, name: str, nth: int = 1) -> None:
        self.reached = asyncio.Event()
        self.release = asyncio.Event()
        original: Callable[..., Awaitable[Any]] = getattr(storage, name)
        calls = 0

        async def held(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            result = await original(*args, **kwargs)
            calls += 1
            if calls == nth:
                self.reached.set()
                await self.release.wait()
            return result

        setattr(storage, name, held)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_join_arriving_while_the_game_starts_is_refused_and_the_game_keeps_its_seats(setup) -> None:
    storage, _table, lobby = setup
    row = await open_lobby(lobby, players=4)
    hold = Hold(storage, "games_in_channel")  # /start has read the lobby row …
    start = asyncio.create_task(lobby.start(CHANNEL, member(0).user_id or 0, moderator=False))
    await hold.reached.wait()
    late = asyncio.create_task(lobby.join(CHANNEL, member(4)))  # … when a /join comes in
    await settle()
    hold.release.set()
    game = await start
    with pytest.raises(LobbyError) as refused:
        await late
    assert refused.value.refusal.key == "lobby-already-started", "a join after the start is refused with a reason"
    stored = await storage.load_game(row.id)
    assert stored is not None and len(stored.seats) == 4 == game.state.players
    replayed = await lobby.table.replay(row.id)
    assert replayed.players == 4, "the log still replays the game that was dealt"


async def test_a_start_arriving_while_a_join_is_saved_deals_the_joined_player_in(setup) -> None:
    storage, _table, lobby = setup
    row = await open_lobby(lobby, players=4)
    hold = Hold(storage, "games_in_channel")
    join = asyncio.create_task(lobby.join(CHANNEL, member(4)))
    await hold.reached.wait()
    start = asyncio.create_task(lobby.start(CHANNEL, member(0).user_id or 0, moderator=False))
    await settle()
    hold.release.set()
    await join
    game = await start
    assert game.state.players == 5 and game.seat_of(member(4).user_id or 0) == 4
    stored = await storage.load_game(row.id)
    assert stored is not None and len(stored.seats) == 5


async def test_two_joins_at_once_both_keep_their_seat(setup) -> None:
    storage, _table, lobby = setup
    row = await open_lobby(lobby, players=1)
    hold = Hold(storage, "games_in_channel")
    first = asyncio.create_task(lobby.join(CHANNEL, member(1)))
    await hold.reached.wait()
    second = asyncio.create_task(lobby.join(CHANNEL, member(2)))
    await settle()
    hold.release.set()
    await asyncio.gather(first, second)
    stored = await storage.load_game(row.id)
    assert stored is not None
    assert [s["user_id"] for s in stored.seats] == [100, 101, 102], "both players who were told they joined are in"


async def test_a_lobby_changed_by_another_process_is_never_overwritten(setup) -> None:
    storage, table, lobby = setup
    row = await open_lobby(lobby, players=1)
    other_process = Lobby(storage, table)  # its own locks: only the conditional write protects the row
    hold = Hold(storage, "games_in_channel")
    mine = asyncio.create_task(lobby.join(CHANNEL, member(1)))
    await hold.reached.wait()
    await other_process.join(CHANNEL, member(2))
    hold.release.set()
    with pytest.raises(LobbyError) as refused:
        await mine
    assert refused.value.refusal.key == "lobby-changed", "told to try again, not told they joined"
    stored = await storage.load_game(row.id)
    assert stored is not None and [s["user_id"] for s in stored.seats] == [100, 102]


async def test_a_buy_in_the_game_refuses_is_refused_at_join_with_the_games_reason(setup) -> None:
    _storage, table, lobby = setup
    row = await lobby.create(
        "sword-of-lies", guild_id=GUILD, channel_id=CHANNEL, host=member(0, buy_in=1500), options={}, language="en"
    )
    for buy_in, low in ((10**9, 1000), (999, 1000)):
        with pytest.raises(LobbyError) as refused:
            await lobby.join(CHANNEL, member(1, buy_in=buy_in))
        assert refused.value.refusal.key == "sol-error-buy-in-range"
        assert refused.value.refusal.params == {"min": low, "max": 1_000_000}
    with pytest.raises(LobbyError) as unknown:
        await lobby.join(CHANNEL, member(1, colour="red"))
    assert unknown.value.refusal.key == "error-join-field"
    await lobby.join(CHANNEL, member(1))
    await lobby.join(CHANNEL, member(2, buy_in=2000))
    game = await lobby.start(CHANNEL, 100, moderator=False)
    assert [p.buy_in for p in game.state.table] == [1500, 1000, 2000], "each seat's own buy-in reaches the game"
    # the seat changes hands; replaying (as a restart or /gm rollback does) deals the same game
    await table.replace(row.id, 2, Seat(name="Newcomer", user_id=999))
    assert (await table.replay(row.id)).model_dump_json() == game.state.model_dump_json()


async def test_a_game_without_join_data_refuses_a_buy_in(setup) -> None:
    _storage, _table, lobby = setup
    await open_lobby(lobby, players=1)
    with pytest.raises(LobbyError) as refused:
        await lobby.join(CHANNEL, member(1, buy_in=500))
    assert refused.value.refusal.key == "error-join-field" and refused.value.refusal.params == {"field": "buy_in"}
    with pytest.raises(LobbyError):
        await lobby.create("maskmen", guild_id=GUILD, channel_id=11, host=member(5, buy_in=5), options={},
                           language="en")


async def test_one_open_lobby_per_host_and_a_cap_per_server(setup) -> None:
    _storage, _table, lobby = setup
    first = await lobby.create("cookie", guild_id=GUILD, channel_id=10, host=member(0), options={}, language="en")
    with pytest.raises(LobbyError) as twice:
        await lobby.create("maskmen", guild_id=GUILD, channel_id=11, host=member(0), options={}, language="en")
    assert twice.value.refusal.key == "lobby-user-has-lobby" and twice.value.refusal.params["id"] == first.id
    await lobby.create("maskmen", guild_id=GUILD, channel_id=11, host=member(1), options={}, language="en")
    with pytest.raises(LobbyError) as full:
        await lobby.create("maskmen", guild_id=GUILD, channel_id=12, host=member(2), options={}, language="en")
    assert full.value.refusal.key == "lobby-server-full" and full.value.refusal.params == {"max": 2}
    other_server = await lobby.create("maskmen", guild_id=2, channel_id=20, host=member(0), options={}, language="en")
    assert other_server.status == "lobby", "the limits are per server"
    await lobby.cancel(10, 100, moderator=False)
    again = await lobby.create("maskmen", guild_id=GUILD, channel_id=12, host=member(0), options={}, language="en")
    assert again.status == "lobby", "a cancelled lobby no longer counts"


async def test_an_idle_lobby_expires_with_a_message_and_a_touched_one_does_not(setup) -> None:
    storage, _table, lobby = setup
    told: list[GameRow] = []

    async def tell(row: GameRow) -> None:
        told.append(row)

    lobby.expired_listeners.append(tell)
    idle = await lobby.create("cookie", guild_id=GUILD, channel_id=10, host=member(0), options={}, language="en")
    busy = await lobby.create("cookie", guild_id=GUILD, channel_id=11, host=member(1), options={}, language="en")
    async with storage.transaction() as db:  # untouched for a long time
        await db.execute("UPDATE games SET updated_at = 1 WHERE id = ?", (idle.id,))
    assert await lobby.expire_idle() == told
    assert [r.id for r in told] == [idle.id] and told[0].channel_id == 10
    assert await lobby.current(10) is None and await lobby.current(11) is not None
    with pytest.raises(LobbyError) as gone:
        await lobby.join(10, member(3))
    assert gone.value.refusal.key == "lobby-none"
    assert (await storage.load_game(busy.id)).status == "lobby"  # type: ignore[union-attr]


async def test_the_host_role_passes_to_the_next_player_when_the_host_leaves(setup) -> None:
    _storage, _table, lobby = setup
    await open_lobby(lobby, players=3)
    left = await lobby.leave(CHANNEL, 100)
    assert left.new_host == 101 and left.row.host_id == 101
    with pytest.raises(LobbyError):
        await lobby.start(CHANNEL, 100, moderator=False)
    await lobby.join(CHANNEL, member(3))
    await lobby.join(CHANNEL, member(4))
    game = await lobby.start(CHANNEL, 101, moderator=False)
    assert game.row.host_id == 101


async def test_the_last_player_leaving_cancels_the_lobby(setup) -> None:
    _storage, _table, lobby = setup
    await open_lobby(lobby, players=1)
    left = await lobby.leave(CHANNEL, 100)
    assert left.row.status == "cancelled" and left.new_host is None
    assert await lobby.current(CHANNEL) is None


async def test_a_saved_default_deadline_beyond_a_games_limit_is_clamped_for_that_game(setup) -> None:
    _storage, _table, lobby = setup
    defaults = {"turn": 7200, "choose": 30}
    maskmen = await lobby.create("maskmen", guild_id=GUILD, channel_id=10, host=member(0), options={},
                                 language="en", default_deadlines=defaults)
    assert maskmen.options["turn_seconds"] == 3600, "Maskmen allows at most an hour per turn"
    sol = await lobby.create("sword-of-lies", guild_id=GUILD, channel_id=11, host=member(1), options={},
                             language="en", default_deadlines=defaults)
    assert sol.options["turn_seconds"] == 7200, "another game with a wider range keeps the setting"
