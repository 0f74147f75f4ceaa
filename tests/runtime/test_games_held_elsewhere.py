"""A process of several holds in memory its own shards' games, and another process's only while they run
(bot/table/elsewhere.py): it starts with its own shards' games alone, loads another's when it uses one, and lets
one go once its own process has ended it. Loading every running game at each start, a restarted process of the
scale run held all 2,000; and a game another process ended stayed for good in any process that had used it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.discord.relay import Relay
from bot.live import LiveGame, Seat
from bot.storage import DeliveryRow, OwnShards, Storage, open_storage, shard_of
from bot.table import Table
from bot.table.elsewhere import SWEEP_SECONDS, EndedElsewhere
from tests.runtime.databases import Database, PostgresDatabase
from tests.runtime.helpers import FakeClock, humans
from tests.runtime.test_cross_process import planner

COUNT = 2
ON_SHARD = [shard << 22 for shard in range(COUNT)]  # a server on each shard (Discord routes `(id >> 22) % count`)


def test_a_server_is_on_the_shard_discord_sends_its_events_to() -> None:
    assert [shard_of(guild, 4) for guild in (0, 1 << 22, 2 << 22, 7 << 22, (5 << 22) + 12345)] == [0, 1, 2, 3, 1]
    assert shard_of(None, 4) == 0, "a game of no server (and a DM) is shard 0's"
    first, other = OwnShards((0, 2), 4, 0.0), OwnShards((1, 3), 4, 0.0)
    assert first.holds(2 << 22) and not first.holds(1 << 22) and first.holds(None)
    assert other.holds(7 << 22) and not other.holds(None)


@pytest.fixture
async def processes(postgres: PostgresDatabase) -> AsyncIterator[tuple[Storage, Storage]]:
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    second = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    yield first, second
    await first.close()
    await second.close()


def mine(shard: int) -> OwnShards:
    return OwnShards((shard,), COUNT, 0.0)


async def started_on_each_shard(storage: Storage) -> list[LiveGame]:
    table = Table(storage, clock=FakeClock(), planner=planner)
    return [await table.start("cookie", humans(4), seed=shard, guild_id=ON_SHARD[shard]) for shard in range(COUNT)]


async def test_a_starting_process_loads_its_own_shards_games_and_the_others_when_used(
    processes: tuple[Storage, Storage],
) -> None:
    first, second = processes
    on_first, on_second = await started_on_each_shard(second)
    starting = Table(first, clock=FakeClock(), planner=planner)
    loaded = await starting.load_unfinished(lambda row: mine(0).holds(row.guild_id))
    assert [game.id for game in loaded] == [on_first.id] and list(starting.games) == [on_first.id]
    used = await starting.get(on_second.id)
    assert used is not None and used.running and set(starting.games) == {on_first.id, on_second.id}
    assert [game.id for game in await Table(first, planner=planner).load_unfinished()] == [on_first.id, on_second.id], (
        "without shards (one process): every running game, as before")


async def test_a_starting_process_reads_what_was_posted_of_its_own_shards_games(
    processes: tuple[Storage, Storage],
) -> None:
    """Read for every running game at each start, a restarted process of several read and parsed every prompt row of
    the database's 2,000 games; another process's are read when it loads one (`Prompts.load(game)`)."""
    first, second = processes
    games = await started_on_each_shard(second)
    for n, game in enumerate(games):
        await second.add_deliveries([DeliveryRow(game.id, 1, "prompt", {"text": "?", "user": 100}, user_id=100,
                                                 prompt_id=f"p{n}")])
        await second.record_prompt_message(game.id, f"sheet:{n}", 5, 50 + n)
    on_first, on_second = games
    assert await first.posted_prompts(None, mine(0)) == {on_first.id: {("p0", 100)}}
    assert await first.prompt_messages(None, mine(0)) == [(on_first.id, "sheet:0", 5, 50)]
    assert set(await first.posted_prompts()) == {on_first.id, on_second.id}, "without shards: every game's"
    assert await first.prompt_messages(on_second.id) == [(on_second.id, "sheet:1", 5, 51)], "one game's"


async def test_a_game_its_own_process_ended_leaves_the_memory_of_one_that_used_it(
    processes: tuple[Storage, Storage],
) -> None:
    first, second = processes
    clock = FakeClock()
    table = Table(first, clock=clock, planner=planner)
    told: list[tuple[int, bool]] = []

    async def reloaded(game: LiveGame) -> None:
        told.append((game.id, game.running))

    table.reloaded.append(reloaded)
    own, running_elsewhere, ended_elsewhere = await started_on_each_shard(first) + [
        await Table(second, planner=planner).start("cookie", humans(4), seed=9, guild_id=ON_SHARD[1])]
    for game in (own, running_elsewhere, ended_elsewhere):  # used here (the others: a DM click shard 0 answered)
        await table.get(game.id)
    assert set(table.games) == {own.id, running_elsewhere.id, ended_elsewhere.id}
    owner = Table(second, planner=planner)
    await owner.end(ended_elsewhere.id)
    assert set(table.games) == {own.id, running_elsewhere.id, ended_elsewhere.id}, "nothing tells this process"

    told.clear()  # (each game loaded here was told as read)
    sweep = EndedElsewhere(table, lambda: mine(0))
    assert await sweep.next_due() == clock.now + SWEEP_SECONDS
    await sweep.run_due(clock.now + SWEEP_SECONDS - 1)
    assert ended_elsewhere.id in table.games, "not due yet"
    clock.now += SWEEP_SECONDS
    await sweep.run_due(clock.now)
    assert set(table.games) == {own.id, running_elsewhere.id}, "the ended one let go; the running ones kept"
    assert told == [(ended_elsewhere.id, False)], "its caches told it ended, as when a step finds it so"
    assert await sweep.next_due() == clock.now + SWEEP_SECONDS

    await owner.end((await owner.get(running_elsewhere.id)).id)  # type: ignore[union-attr]
    await Table(second, planner=planner).end(own.id)  # another process ended this one's own game (a moderator)
    clock.now += SWEEP_SECONDS
    await sweep.run_due(clock.now)
    assert set(table.games) == {own.id}, "its own shards' games are not looked up: a step here finds them so"


async def test_one_process_alone_has_no_games_elsewhere() -> None:
    clock = FakeClock()
    alone = SimpleNamespace(games={}, clock=clock)
    sweep = EndedElsewhere(alone, lambda: None)  # type: ignore[arg-type]
    assert await sweep.next_due() is None
    assert await sweep.run_due(clock.now + 2 * SWEEP_SECONDS) == 0


async def test_the_database_names_the_running_games_a_member_is_seated_in_or_away_from(database: Database) -> None:
    """What a member's /say or /back outside a game's channel looks for beyond the games held here (shard 0's
    process gets every DM, and holds another process's games only once used)."""
    storage = await open_storage(database.target)
    table = Table(storage, planner=planner)
    seated = await table.start("cookie", [Seat(name="A", user_id=123), *humans(3)], seed=1)
    other_member = await table.start("cookie", [Seat(name="B", user_id=1234), *humans(3)], seed=2)
    away = await table.start("cookie", humans(4), seed=3)
    await storage.update_game(away.id, meta={**away.row.meta, "absent": {"0": {"user_id": 123}}})
    ended = await table.start("cookie", [Seat(name="A", user_id=123), *humans(3)], seed=4)
    await table.end(ended.id)
    found = {row.id for row in await storage.games_with_member(123, "running")}
    assert {seated.id, away.id} <= found and ended.id not in found, "running ones, seated or away"
    assert other_member.id in found, "a superset (the caller checks the seats): 123 is in 1234's text"
    assert not await storage.games_with_member(99, "running")
    await storage.close()


async def test_a_members_say_in_dms_finds_a_game_another_process_started(processes: tuple[Storage, Storage]) -> None:
    """Shard 0's process gets every DM: `/say` there, outside any game's channel, looks for the member's games in
    the database too, not only among those it holds (it starts with its own shards' alone)."""
    first, second = processes
    elsewhere = await Table(second, planner=planner).start(
        "cookie", [Seat(name="A", user_id=123), *humans(3)], seed=1, guild_id=ON_SHARD[1])
    await Table(second, planner=planner).start("cookie", [Seat(name="B", user_id=1234), *humans(3)], seed=2,
                                               guild_id=ON_SHARD[1])
    here = Table(first, planner=planner)
    relay = Relay(SimpleNamespace(), here, None, lambda game_id: None)  # type: ignore[arg-type]
    assert [(game.id, seat) for game, seat in await relay.games_of(123, None)] == [(elsewhere.id, 0)]
    assert await relay.games_of(123, "mafia") == [], "of the game named"
