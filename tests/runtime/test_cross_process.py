"""Several bot processes on one PostgreSQL database, each running some of the gateway shards: any of
them may get an input for any game. Two storages and two tables in this test stand for two processes
(each holds its own connections, locks and process number, as a process would).

- The per-game lock holds across processes, and a process whose copy of a game is older than the
  saved one reloads it before it checks an input: every input is applied once, in some order, and
  the log replays to the saved state.
- A deadline fires once, whichever process gets there first; a reminder is sent once.
- The waiting deliveries of a process that died are adopted by exactly one other; a live one's never.
- One process per shard: a second process for a shard already running is refused at start-up.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg
import pytest

from bot.live import LiveGame, Step
from bot.scheduler import Scheduler
from bot.startup import StartupError
from bot.storage import DeliveryRow, Storage, database_away, open_storage
from bot.storage import postgres as postgres_storage
from bot.storage.away import NotAliveNow
from bot.storage.postgres_locks import PROCESS_SPACE
from bot.storage.web import web_off_guilds
from bot.table import Table
from bot.web.links import REREAD_SECONDS, BotLinks, Links, OffServersReread
from tests.runtime.databases import PostgresDatabase
from tests.runtime.helpers import FakeClock, humans, pick


def planner(step: Step) -> list[DeliveryRow]:
    """One channel line per public event (what the Discord layer would save with the step)."""
    return [
        DeliveryRow(step.game.id, step.state.step, "text", {"text": e.key}, channel_id=1)
        for e in step.events if e.to is None
    ]


@dataclass
class Process:
    storage: Storage
    table: Table

    async def game(self, game_id: int) -> LiveGame:
        game = await self.table.get(game_id)
        assert game is not None
        return game


async def process(database: PostgresDatabase, shard: int, clock: FakeClock) -> Process:
    storage = await open_storage(database.target, exclusive=True, shard_ids=[shard])
    table = Table(storage, clock=clock, planner=planner)
    return Process(storage, table)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def two(postgres: PostgresDatabase, clock: FakeClock) -> AsyncIterator[tuple[Process, Process]]:
    first, second = await process(postgres, 0, clock), await process(postgres, 1, clock)
    yield first, second
    await first.storage.close()
    await second.storage.close()


async def saved_state(storage: Storage, game_id: int) -> str | None:
    row = await storage.load_game(game_id)
    assert row is not None
    return row.state


async def test_each_process_sees_the_steps_the_other_saved(two: tuple[Process, Process]) -> None:
    """Turn by turn, each process answers the prompt the other's step opened: its copy is reloaded first."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=11)
    turn = 0
    while True:
        here = (first, second)[turn % 2]
        game = await here.game(started.id)
        if not game.running:
            break
        prompt, action = pick(game)
        outcome = await here.table.act(game.id, prompt.seat, action, input_key=f"i{turn}")
        assert outcome.ok, outcome.refusal
        turn += 1
    assert turn > 8, "a whole game, steps saved by both processes"
    for here in two:
        game = await here.game(started.id)
        assert not game.running, "both see it finished"
    replayed = await first.table.replay(started.id)
    assert replayed.model_dump_json() == await saved_state(first.storage, started.id)
    assert len(await first.storage.actions(started.id, kind="play")) == turn


async def test_the_same_inputs_from_both_processes_at_once_are_applied_once(two: tuple[Process, Process]) -> None:
    """Every click reaches both processes at the same moment (a shard moved, a retry): one applies it,
    the other finds it done; clicks of different players interleave in any order."""
    first, second = two
    started = await first.table.start("cookie", humans(5), seed=23)
    rng = random.Random(23)
    clicks = applied = 0
    while (game := await first.game(started.id)).running:
        open_prompts = [p for p in game.state.prompts if not p.answered]
        batch = []
        for prompt in open_prompts:
            action = game.engine.bot_action(game.state, prompt, rng)
            key = f"i{clicks}"
            clicks += 1
            for here in rng.sample(two, 2):
                batch.append(here.table.act(game.id, prompt.seat, action, input_key=key))
        outcomes = await asyncio.gather(*batch)
        for once, twice in zip(outcomes[::2], outcomes[1::2], strict=True):
            assert not (once.ok and twice.ok), "never applied by both"
            applied += once.ok or twice.ok
    plays = await first.storage.actions(started.id, kind="play")
    keys = [a.input_key for a in plays]
    assert len(keys) == len(set(keys)) == applied, "each applied input saved once"
    replayed = await second.table.replay(started.id)
    assert replayed.model_dump_json() == await saved_state(second.storage, started.id)


async def test_one_process_firing_a_deadline_leaves_the_games_other_deadlines_to_the_other(
    two: tuple[Process, Process], clock: FakeClock
) -> None:
    """A claim holds one deadline, not the whole game: while one process fires a player's default, the
    other may take the next player's (a per-game claim made both skip a prompt for a whole poll)."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=31)
    one, other = sorted(started.dues)[:2]
    clock.now = max(started.dues.values()) + 0.5
    async with first.storage.claim_deadline(started.id, one, clock.now) as first_has_one:
        async with second.storage.claim_deadline(started.id, one, clock.now) as second_has_one:
            assert first_has_one and not second_has_one
        async with second.storage.claim_deadline(started.id, other, clock.now) as second_has_other:
            assert second_has_other


async def test_a_deadline_fires_once_whichever_process_gets_there(
    two: tuple[Process, Process], clock: FakeClock
) -> None:
    """Both processes' schedulers wake together for the same deadlines (and reminders): each default
    is applied once and each player reminded once."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=31)
    waiting = [p.id for p in started.state.prompts if not p.answered]
    assert waiting and started.dues
    schedulers = [Scheduler(first.table), Scheduler(second.table)]
    due = min(started.dues.values())
    remind = min(d.remind_at for d in await first.storage.deadlines(started.id) if d.remind_at is not None)
    clock.now = remind + 0.5
    await asyncio.gather(*(s.run_due() for s in schedulers))
    reminders = [r for r in await first.storage.deadlines(started.id) if r.reminded]
    assert len(reminders) == len(waiting)
    clock.now = due + 0.5
    await asyncio.gather(*(s.run_due() for s in schedulers))
    events = await first.storage.events(started.id)
    acted = [e for e in events if e.key == "bot-acted"]
    assert len(acted) == len(waiting), "one default per deadline, not one per process"
    defaults = [a for a in await first.storage.actions(started.id, kind="play") if a.by_bot]
    assert sorted(a.payload["prompt"] for a in defaults) == sorted(waiting)
    for here in two:
        game = await here.game(started.id)
        assert all(p.id not in waiting for p in game.state.prompts), "both see the defaults"


async def test_a_process_copy_of_a_game_follows_what_another_process_saved(two: tuple[Process, Process]) -> None:
    """A moderator's pause in one process, and meta written beside the table (a status message's id)
    in the other: neither is lost, each process sees both."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=41)
    in_second = await second.game(started.id)
    await second.table.update_meta(in_second, "status_message", 1234)
    assert (await first.table.pause(started.id)).ok
    assert (await second.table.pause(started.id)).refusal.key == "error-paused", "the second saw the pause"
    assert (await second.table.resume(started.id)).ok
    for here in two:
        game = await here.game(started.id)
        assert not game.row.paused and game.row.meta.get("status_message") == 1234
    row = await first.storage.load_game(started.id)
    assert row is not None and row.meta.get("status_message") == 1234, "the pause kept the other's meta"


async def test_a_members_step_is_refused_where_the_seat_was_given_away_in_another_process(
    two: tuple[Process, Process],
) -> None:
    """Whoever looked at the game before the step (a click's handler, a cog) may have seen a copy another process
    has moved on since: the member's seat is checked again as saved, under the game's lock."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=43)
    in_second = await second.game(started.id)
    prompt = next(p for p in in_second.state.prompts if p.seat == 0 and not p.answered)
    action = in_second.engine.bot_action(in_second.state, prompt, random.Random(1))
    assert (await first.table.leave(started.id, 100)).ok, "Player1 left: a bot took the seat"
    assert in_second.seat_of(100) == 0, "the second's copy still seats them"
    before = await saved_state(second.storage, started.id)
    outcome = await second.table.act(started.id, 0, action, actor_id=100)
    assert outcome.refusal is not None and outcome.refusal.key == "error-not-in-game"
    assert await saved_state(second.storage, started.id) == before, "nothing saved"
    assert in_second.seats[0].bot, "and the second's copy is brought up to date"


async def test_where_one_process_sent_a_prompt_reaches_the_other(two: tuple[Process, Process]) -> None:
    """A prompt's message recorded by one process moves the game on: the other reloads it (and its
    Discord caches: a sheet's next step then edits that message instead of posting another)."""
    first, second = two
    started = await first.table.start("cookie", humans(4), seed=41)
    game = await second.game(started.id)
    reloads: list[int] = []

    async def told(reloaded: LiveGame) -> None:
        reloads.append(reloaded.id)

    second.table.reloaded.append(told)
    first.table.reloaded.append(told)
    async with second.table.hold(game):
        pass
    assert reloads == []
    prompt = started.state.prompts[0].id
    await first.storage.finish_deliveries([], prompts=[(started.id, prompt, 5, 6)])
    async with second.table.hold(game):
        pass
    assert reloads == [started.id]
    async with first.table.hold(started):
        pass
    assert reloads == [started.id], "the process that recorded it knows it: no reload"
    assert (prompt, 5, 6) in [tuple(row[1:]) for row in await second.storage.prompt_messages(started.id)]


async def test_a_dead_process_deliveries_are_adopted_by_exactly_one_other(
    postgres: PostgresDatabase, clock: FakeClock
) -> None:
    dying, alive = await process(postgres, 0, clock), await process(postgres, 1, clock)
    third = await process(postgres, 2, clock)
    try:
        started = await dying.table.start("cookie", humans(4), seed=53)
        left = await waiting_rows(alive.storage, started.id)
        assert left, "the process saved rows it has not sent yet"
        assert await alive.storage.adopt_deliveries() == [], "a live process's rows are its own"
        await dying.storage.close()  # it dies: its connections end, and the server drops its locks
        adopted = await asyncio.gather(alive.storage.adopt_deliveries(), third.storage.adopt_deliveries())
        sizes = sorted(len(rows) for rows in adopted)
        assert sizes == [0, len(left)], "one process takes them all, the other none"
        rows = adopted[0] or adopted[1]
        assert [r.id for r in rows] == left, "in order, to be sent as saved"
        assert await alive.storage.adopt_deliveries() == [] and await third.storage.adopt_deliveries() == []
    finally:
        await alive.storage.close()
        await third.storage.close()


async def test_adopting_skips_rows_another_transaction_holds_instead_of_waiting_on_them(
    postgres: PostgresDatabase, clock: FakeClock
) -> None:
    """Found by the full scale run: at the PostgreSQL restart every process saw the others gone and adopted at once;
    each waited on rows another had locked, in another order, and PostgreSQL ended them as deadlocked (3 ERRORs).
    A row another transaction holds (another adopter's) is left to it: the rest are taken at once, in order."""
    dying, alive = await process(postgres, 0, clock), await process(postgres, 1, clock)
    holder = await asyncpg.connect(postgres.url)
    try:
        started = await dying.table.start("cookie", humans(4), seed=53)
        left = await waiting_rows(alive.storage, started.id)
        assert len(left) >= 2
        await dying.storage.close()
        async with holder.transaction():
            await holder.execute("SELECT id FROM deliveries WHERE id = $1 FOR UPDATE", left[0])
            adopted = await asyncio.wait_for(alive.storage.adopt_deliveries(), 5)
        assert [r.id for r in adopted] == left[1:], "the rest, in order; not the one held"
        assert [r.id for r in await alive.storage.adopt_deliveries()] == left[:1], "and that one once it is free"
    finally:
        await holder.close()
        await alive.storage.close()


async def test_the_games_of_a_process_that_died_are_shared_among_the_processes_alive(
    postgres: PostgresDatabase, clock: FakeClock,
) -> None:
    """Found by the full scale run: a process killed with thousands of games left all their rows to the first process
    to adopt (27,099 rows), whose share of the REST budget then held them back. Each takes its share of the games
    (the games over the processes alive, rounded up), all of a game's rows to one, in order."""
    dying = await process(postgres, 0, clock)
    first, second = await process(postgres, 1, clock), await process(postgres, 2, clock)
    try:
        games = [await dying.table.start("cookie", humans(4), seed=seed) for seed in (53, 54, 55)]
        rows = {game.id: await waiting_rows(first.storage, game.id) for game in games}
        await dying.storage.close()
        taken = await first.storage.adopt_deliveries()
        assert {row.game_id for row in taken} == {games[0].id, games[1].id}, "3 games over 2 processes: 2"
        assert [row.id for row in taken] == sorted(rows[games[0].id] + rows[games[1].id]), "in order"
        assert [row.id for row in await second.storage.adopt_deliveries()] == rows[games[2].id], "the rest"
    finally:
        await first.storage.close()
        await second.storage.close()


async def test_a_process_that_lost_its_rows_does_not_send_them(postgres: PostgresDatabase, clock: FakeClock) -> None:
    """A process whose liveness connection broke (a network blip) may have its rows adopted before it
    takes its lock back: it claims none of them then (the database is away for it: its outbox tries again, in
    order), nor after — the adopter alone sends them."""
    losing, alive = await process(postgres, 0, clock), await process(postgres, 1, clock)
    try:
        started = await losing.table.start("cookie", humans(4), seed=53)
        left = await waiting_rows(alive.storage, started.id)
        await lose_lock(postgres, losing.storage)
        with pytest.raises(NotAliveNow) as not_alive:
            await losing.storage.claim_deliveries(left[:1], left[0])
        assert database_away(not_alive.value), "not alive: it must not send now, and tries again"
        adopted = await alive.storage.adopt_deliveries()
        assert [row.id for row in adopted] == left, "all of them, the one it tried too"
        await asyncio.sleep(0.1)  # the broken connection is seen closed
        await losing.storage.keep_alive()
        assert not await losing.storage.claim_deliveries(left[:1], left[0], again=True), "alive again: not its own"
        assert await losing.storage.unclaimed_deliveries(left) == []
        assert await losing.storage.still_waiting(left, by_others=True) == set(left), (
            "the adopter has them to send: the lines queued after them here wait (bot/discord/outbox.py `Behind`)")
        assert await alive.storage.still_waiting(left, by_others=True) == set(), "its own"
        assert await alive.storage.claim_deliveries(left, left[0])
        assert await alive.storage.adopt_deliveries() == []
        await alive.storage.finish_deliveries(left[:1])
        assert await losing.storage.still_waiting(left, by_others=True) == set(left[1:]), "the first one is shown"
    finally:
        await losing.storage.close()
        await alive.storage.close()


async def test_a_process_whose_lock_came_back_before_anyone_adopted_sends_its_rows_in_order(
    two: tuple[Process, Process], postgres: PostgresDatabase,
) -> None:
    """Found by the full scale run (33 lines out of order after the PostgreSQL restart): a claim made while the
    process's lock was lost gave its rows up and dropped them from its queue, while its later rows of the same game
    went on once the lock was back; another process adopted the given-up rows and showed them after those. Now its
    rows stay its own: the claim is made again, in order, once the lock is back."""
    losing, other = two
    started = await losing.table.start("cookie", humans(4), seed=53)
    left = await waiting_rows(other.storage, started.id)
    await lose_lock(postgres, losing.storage)
    with pytest.raises(NotAliveNow):
        await losing.storage.claim_deliveries(left[:1], left[0])
    await asyncio.sleep(0.1)  # the broken connection is seen closed
    await losing.storage.keep_alive()
    assert await other.storage.adopt_deliveries() == [], "its own still: nobody adopts them"
    assert await losing.storage.claim_deliveries(left[:1], left[0], again=True)
    assert await losing.storage.claim_deliveries(left[1:], left[1])


async def test_after_a_database_restart_the_first_process_back_leaves_the_others_time_to_take_their_locks(
    two: tuple[Process, Process], postgres: PostgresDatabase, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the full scale run: a PostgreSQL restart took every process's lock at once; the first to take its
    lock again adopted the rows of all the others, which looked gone for that moment (59,165 rows waiting on one
    process at the end, its games stalled behind its share of the REST budget)."""
    monkeypatch.setattr(postgres_storage, "ADOPT_GRACE_SECONDS", 0.3)
    first, second = two
    started = await second.table.start("cookie", humans(4), seed=53)
    left = await waiting_rows(first.storage, started.id)
    await lose_lock(postgres, first.storage)
    await lose_lock(postgres, second.storage)
    await asyncio.sleep(0.1)  # the broken connections are seen closed
    await first.storage.keep_alive()
    assert await first.storage.adopt_deliveries() == [], "the second takes its lock again within a moment"
    await second.storage.keep_alive()
    await asyncio.sleep(0.3)
    assert await first.storage.adopt_deliveries() == [], "its rows are its own: nothing to adopt"
    assert await second.storage.claim_deliveries(left, left[0])


async def test_a_process_that_has_not_yet_seen_its_own_lock_gone_adopts_nothing(
    two: tuple[Process, Process], postgres: PostgresDatabase,
) -> None:
    """Found by the full scale run (40 lines out of order): just after a PostgreSQL restart, a process whose own
    liveness connection was gone too, but not yet seen closed, adopted the rows of another that had not taken its lock
    again in that half second; that other sent its later lines of the same games first."""
    unaware, other = two
    started = await other.table.start("cookie", humans(4), seed=53)
    left = await waiting_rows(unaware.storage, started.id)
    await lose_lock(postgres, other.storage)
    await lose_lock(postgres, unaware.storage)
    assert await unaware.storage.adopt_deliveries() == [], "its own lock is gone too: it is no judge of who is alive"
    await asyncio.sleep(0.1)  # the broken connections are seen closed
    await other.storage.keep_alive()
    assert await other.storage.claim_deliveries(left, left[0]), "still the other's own"


async def test_rows_a_process_took_back_are_sent_by_one_of_its_copies_only(
    postgres: PostgresDatabase, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the full scale run (a PostgreSQL restart, then a SIGKILL): a process whose rows another adopted while
    its lock was lost still had them queued, and queued them again when it took them back from that one once it
    died. A copy claiming afresh what another message claimed or sent must not send it again (5 messages shown
    twice); the same claim again (its saving met the database away) still holds."""
    losing, other = await process(postgres, 0, clock), await process(postgres, 1, clock)
    try:
        started = await losing.table.start("cookie", humans(4), seed=53)
        left = await waiting_rows(other.storage, started.id)
        await lose_lock(postgres, losing.storage)
        assert [row.id for row in await other.storage.adopt_deliveries()] == left
        follow_up = -((1 << 40) << 22 | left[0])
        assert await other.storage.claim_deliveries(left[:1], follow_up, carrier=77)  # shown, then it dies
        await other.storage.close()
        await asyncio.sleep(0.1)  # the broken connection is seen closed
        monkeypatch.setattr(postgres_storage, "ADOPT_GRACE_SECONDS", 0.0)  # (the other is gone for good)
        await losing.storage.keep_alive()
        taken_back = await losing.storage.adopt_deliveries()
        assert [(row.id, row.batch) for row in taken_back[:2]] == [(left[0], follow_up), (left[1], None)]

        assert not await losing.storage.claim_deliveries(left[:1], left[0]), "its older copy: claimed by another"
        assert await losing.storage.claim_deliveries(left[:1], follow_up, carrier=77, again=True), "made again"
        assert await losing.storage.unclaimed_deliveries(left[:3]) == left[1:3], "its own, of a message holding both"
        assert await losing.storage.claim_deliveries(left[1:2], left[1])
        await losing.storage.finish_deliveries(left[1:2])
        assert not await losing.storage.claim_deliveries(left[1:2], left[1]), "sent: never claimed again"
        db = await asyncpg.connect(postgres.url)
        try:
            owners = await db.fetch("SELECT DISTINCT owner FROM deliveries WHERE id = ANY($1)", left[:2])
        finally:
            await db.close()
        assert [row["owner"] for row in owners] == [losing.storage.owner], "nothing given up for it"
    finally:
        await losing.storage.close()


async def lose_lock(postgres: PostgresDatabase, storage: Storage) -> None:
    """The process's liveness connection breaks (a network blip, a PostgreSQL restart): its lock is gone."""
    await postgres.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2"
        f" AND classid = {PROCESS_SPACE} AND objid = {storage.owner}"
    )


async def waiting_rows(storage: Storage, game_id: int) -> list[int]:
    rows = await storage._fetchall("SELECT id FROM deliveries WHERE game_id = ? AND state = 0 ORDER BY id", (game_id,))
    return [int(r[0]) for r in rows]


async def test_one_process_per_shard(postgres: PostgresDatabase) -> None:
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0, 1])
    try:
        with pytest.raises(StartupError) as refused:
            await open_storage(postgres.target, exclusive=True, shard_ids=[1, 2])
        assert refused.value.key == "startup-db-pg-shard-in-use" and refused.value.params["shard"] == 1
        with pytest.raises(StartupError) as whole:
            await open_storage(postgres.target, exclusive=True)  # one process for every shard
        assert whole.value.key == "startup-db-pg-in-use"
        other = await open_storage(postgres.target, exclusive=True, shard_ids=[2])
        assert other.owner != first.owner and other.shared and first.shared
        await other.close()
    finally:
        await first.close()
    alone = await open_storage(postgres.target, exclusive=True)
    assert alone.owner is not None and not alone.shared, "alone on the database: nothing to share"
    await alone.close()


async def test_web_off_set_through_one_process_takes_the_links_away_in_the_other_within_its_reread(
    postgres: PostgresDatabase,
) -> None:
    """`/gm settings web:off` in one process: the other, which read the servers at its start, stops giving
    links once its scheduler's reread falls due (it gave them until its next restart before)."""
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    other = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    try:
        clock = FakeClock()
        links = BotLinks(Links(b"key", "https://games.example"), await web_off_guilds(other))
        reread = OffServersReread(links, other, clock)
        scheduler = Scheduler(Table(other, clock=clock), others=[reread])
        assert links.game(5, 1) is not None
        await first.save_guild_settings(5, {**await first.guild_settings(5), "web": False})
        await scheduler.run_due()
        assert links.game(5, 1) is not None, "read again only when its time comes"
        assert await scheduler.next_wake() == clock() + REREAD_SECONDS
        clock.advance(REREAD_SECONDS)
        await scheduler.run_due()
        assert links.game(5, 1) is None and links.server(5) is None
        assert links.game(6, 1) is not None, "another server keeps its links"
    finally:
        await other.close()
        await first.close()
