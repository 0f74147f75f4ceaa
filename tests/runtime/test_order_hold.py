"""Order across processes (PostgreSQL, several bot processes): a step's rows wait for the game's earlier rows that
another process is still sending. The scale run's 30-second Discord outage showed lines out of order (10 in a
500-game run, 163 in a loaded one): the hold gave up after 30 s although the other process was alive and would
send its rows once Discord was back. Now it waits for a process alive (up to STUCK_SECONDS), and GATE_SECONDS
only for rows whose process is gone and that nobody adopted."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import shards
from bot.discord.shards import Cluster
from bot.storage import DeliveryRow, Elsewhere, open_storage
from bot.table import Table
from tests.runtime.databases import Database, PostgresDatabase

GAME = 5
SHORT = 0.1
"""GATE_SECONDS and STUCK_SECONDS as the tests set them."""


class EarlierRows:
    """Just enough of a storage: whether another process has the game's earlier rows to send (`others`: True, a
    process alive; False, only one that is gone; None, they are sent), the first of them before any of this
    process's."""

    shared = True

    def __init__(self) -> None:
        self.others: bool | None = True
        self.by_game: dict[int, bool | None] = {}
        """A game's own answer, where it differs from `others`."""

    async def others_waiting(self, games: dict[int, int]) -> dict[int, Elsewhere]:
        answers = {game_id: self.by_game.get(game_id, self.others) for game_id in games}
        return {game_id: Elsewhere(0, alive) for game_id, alive in answers.items() if alive is not None}

    async def still_waiting(self, ids: list[int]) -> set[int]:
        return set(ids)


class NoGames(Table):
    def __init__(self) -> None:
        self.games = {}


async def no_reload(game: object) -> None:
    return None


def held_behind_another_process(storage: EarlierRows, queued: list[DeliveryRow], game_id: int = GAME,
                                 cluster: Cluster | None = None) -> Cluster:
    if cluster is None:
        cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                          forget=lambda game_id: None, reload=no_reload)
    cluster.waiting_for[game_id] = 10 * game_id  # another process's row goes first
    line = DeliveryRow(game_id, 4, "text", {"text": "☀ Day 2 begins"}, channel_id=9, id=10 * game_id + 1)
    assert cluster.admit([line]) == [], "held"
    return cluster


async def test_a_live_processs_earlier_rows_are_waited_for_through_an_outage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "GATE_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued)
    await asyncio.sleep(SHORT * 5)  # Discord is down: the other process, alive, cannot send its row yet
    assert queued == [], "sent before the other process's earlier line: out of order"
    storage.others = None  # Discord is back: it sent it
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [51]
    await cluster.close()


async def test_rows_that_no_process_alive_has_to_send_are_waited_for_a_while_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "GATE_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    storage.others = False  # their process is gone, and nobody adopts them (the database refuses, say)
    cluster = held_behind_another_process(storage, queued)
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [51], "the game goes on"
    await cluster.close()


async def test_a_live_process_that_never_sends_its_rows_does_not_stall_the_game_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "STUCK_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued)
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [51]
    await cluster.close()


async def test_a_look_that_meets_the_database_away_keeps_the_rows_held_in_order() -> None:
    """The full scale run's PostgreSQL restart: the look for earlier rows failed, the held rows were sent at once,
    ahead of the other process's earlier line (one out of order in a short run with faults)."""

    class AwayOnce(EarlierRows):
        def __init__(self) -> None:
            super().__init__()
            self.failures = 1

        async def others_waiting(self, games: dict[int, int]) -> dict[int, Elsewhere]:
            if self.failures:
                self.failures -= 1
                raise ConnectionResetError("the database restarts")
            return await super().others_waiting(games)

    storage, queued = AwayOnce(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued)
    await asyncio.wait_for(until(lambda: storage.failures == 0), 5)
    await asyncio.sleep(0.2)
    assert queued == [], "sent before the other process's earlier line: out of order"
    storage.others = None  # the database is back, and the other process sent its line
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [51]
    await cluster.close()


async def test_each_game_held_is_released_when_its_own_earlier_rows_are_sent() -> None:
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued, game_id=5)
    held_behind_another_process(storage, queued, game_id=6, cluster=cluster)
    await asyncio.sleep(0.1)
    storage.by_game[6] = None  # game 6's earlier line is sent; game 5's is not
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    await asyncio.sleep(0.1)
    assert [row.id for row in queued] == [61], "game 5 still waits for its own earlier line"
    storage.by_game[5] = None
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    assert [row.id for row in queued] == [61, 51]
    await cluster.close()


class Adopting(EarlierRows):
    """A dead process's earlier row of the game, taken by this process when it adopts: from then on no other process
    has one."""

    def __init__(self) -> None:
        super().__init__()
        self.orphan = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night 1 ends"}, channel_id=9, id=10 * GAME)

    async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
        self.others = None  # the dead process's row is this process's now: no other process has one
        return [self.orphan]


class SlowToLoad(NoGames):
    def __init__(self) -> None:
        super().__init__()
        self.loaded = asyncio.Event()

    async def get(self, game_id: int) -> None:  # type: ignore[override]
        await self.loaded.wait()  # the adopted game read from a busy database


def adopting_cluster() -> tuple[Adopting, SlowToLoad, list[DeliveryRow], Cluster]:
    """A process about to adopt a dead process's row of the game, whose game loads once `table.loaded` is set; what
    it queues goes to the returned list, through the hold (`admit`)."""
    storage, table, queued = Adopting(), SlowToLoad(), []  # type: ignore[var-annotated]

    def enqueue(rows: list[DeliveryRow]) -> None:
        queued.extend(cluster.admit(rows))

    cluster = Cluster(storage, table, enqueue=enqueue, forget=lambda game_id: None,  # type: ignore[arg-type]
                      reload=no_reload)
    return storage, table, queued, cluster


async def test_rows_adopted_from_a_dead_process_go_ahead_of_the_rows_held_behind_them() -> None:
    """The full scale run's faults: adopting marks a dead process's rows as this process's at once, then loads each
    of their games before queueing them (slow under load). The hold, seeing no other process's row left, let the
    newer held line go first: 25 lines out of order around the SIGKILLs."""
    storage, table, queued, cluster = adopting_cluster()
    storage.others = False  # the row's process was SIGKILLed
    held_behind_another_process(storage, queued, cluster=cluster)
    adopting = asyncio.create_task(cluster.adopt())
    await older_goes_first(adopting, table, queued, cluster,
                           "the held line went ahead of the dead process's earlier one, still being adopted")


async def test_a_step_made_here_while_this_process_adopts_the_games_earlier_rows_goes_after_them() -> None:
    """The next full scale run's faults: 185 lines out of order. A restarted process adopts its dead predecessor's
    rows (they are its own at once) and loads their games before queueing them; meanwhile a click on one of those
    games makes a step here, whose rows no other process's rows are ahead of, so they were queued at once and a
    newer line was shown minutes before the older one."""
    storage, table, queued, cluster = adopting_cluster()
    storage.others = None  # the dead process's rows are taken at once: no other process has one
    adopting = asyncio.create_task(cluster.adopt())
    await asyncio.sleep(0.05)  # adopting: the game is being loaded
    newer = DeliveryRow(GAME, 4, "text", {"text": "☀ Day 2 begins"}, channel_id=9, id=10 * GAME + 1)
    queued.extend(cluster.admit([newer]))  # a click's step here, no other process's row ahead of it
    await older_goes_first(adopting, table, queued, cluster,
                           "the newer line went ahead of the older one this process is adopting")


async def older_goes_first(
    adopting: asyncio.Task[list[DeliveryRow]], table: SlowToLoad, queued: list[DeliveryRow], cluster: Cluster, why: str,
) -> None:
    """While the adopted game loads nothing is queued; once it is loaded the adopted line goes, then the newer."""
    await asyncio.sleep(0.3)  # the hold looks many times meanwhile
    assert queued == [], why
    table.loaded.set()
    await adopting
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    assert [row.id for row in queued] == [50, 51]
    await cluster.close()


async def until(done: object) -> None:
    while not done():  # type: ignore[operator]
        await asyncio.sleep(0.01)


async def test_the_storage_tells_a_live_processs_waiting_rows_from_a_gone_ones(postgres: PostgresDatabase) -> None:
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    second = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    try:
        game_id = await first.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                          language="en")
        row = DeliveryRow(game_id, 1, "text", {"text": "🌙 Night falls"}, channel_id=9)
        next_row = DeliveryRow(game_id, 2, "text", {"text": "☀ Day 2 begins"}, channel_id=9)
        await first.add_deliveries([row])
        await first.add_deliveries([next_row])
        assert await second.others_waiting({game_id: next_row.id}) == {game_id: Elsewhere(row.id, alive=True)}, (
            "the first process, alive, sends them: the first of them first")
        assert await second.others_waiting({game_id: row.id - 1}) == {}, "nothing of it up to the row before"
        assert await first.others_waiting({game_id: next_row.id}) == {}, "its own"
        await first.close()
        assert await second.others_waiting({game_id: next_row.id}) == {game_id: Elsewhere(row.id, alive=False)}, (
            "its process is gone: to adopt")
        assert [r.id for r in await second.adopt_deliveries()] == [row.id, next_row.id]
        await second.finish_deliveries([row.id, next_row.id])
        assert await second.others_waiting({game_id: next_row.id}) == {}
    finally:
        await first.close()
        await second.close()


async def test_steps_held_in_many_games_ask_the_database_once_per_pass(
    postgres: PostgresDatabase, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A backlog holds many games at once (1,000 live games, thousands of rows waiting): each pass of the hold
    asks one query for them all, not one per game."""
    pause, games = 0.05, 10
    monkeypatch.setattr(shards, "GATE_POLL_SECONDS", pause)
    monkeypatch.setattr(shards, "GATE_POLL_MOST_SECONDS", pause)
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    second = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    queued: list[DeliveryRow] = []
    cluster = Cluster(second, NoGames(), enqueue=queued.extend, forget=lambda game_id: None, reload=no_reload)
    try:
        earlier, later = [], []
        for _ in range(games):
            game_id = await first.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                              language="en")
            earlier.append(DeliveryRow(game_id, 1, "text", {"text": "🌙 Night falls"}, channel_id=9))
            later.append(DeliveryRow(game_id, 2, "text", {"text": "☀ Day 2 begins"}, channel_id=9))
        await first.add_deliveries(earlier)  # the first process, alive, is still to send these
        await second.add_deliveries(later)
        looks: list[list[object]] = []
        fetch = second._fetchall

        async def counted(sql: str, params: list[object] = ()) -> list[tuple[object, ...]]:  # type: ignore[assignment]
            if "owner IS DISTINCT FROM" in sql:  # the hold's look for earlier rows
                looks.append(list(params))
            return await fetch(sql, params)

        monkeypatch.setattr(second, "_fetchall", counted)
        started = asyncio.get_running_loop().time()
        for before, row in zip(earlier, later, strict=True):
            cluster.waiting_for[row.game_id] = before.id
            assert cluster.admit([row]) == [], "held behind the first process's line"
        await asyncio.wait_for(until(lambda: len(looks) >= 4), 5)
        elapsed = asyncio.get_running_loop().time() - started
        assert len(looks) <= elapsed / pause + 2, f"{len(looks)} queries in {elapsed:.2f} s of passes every {pause} s"
        assert all(len(params) == 2 * games + 1 for params in looks), "each query looks at every game held"
        assert queued == []
        await first.finish_deliveries([row.id for row in earlier])  # sent: the held lines go next
        await asyncio.wait_for(until(lambda: len(queued) == games), 5)
        assert sorted(row.id for row in queued) == [row.id for row in later]
    finally:
        await cluster.close()
        await first.close()
        await second.close()


async def test_the_look_for_earlier_rows_reads_on_each_backend(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                            language="en")
        row = DeliveryRow(game_id, 1, "text", {"text": "🌙 Night falls"}, channel_id=9)
        await storage.add_deliveries([row])
        assert await storage.others_waiting({game_id: row.id, game_id + 1: 99}) == {}, "one process: all its own"
    finally:
        await storage.close()


async def test_rows_taken_back_forget_their_older_queued_and_held_copies() -> None:
    """Found by the full scale run: a process whose lock was lost had rows queued (and held) that another adopted;
    when it took back what that one, dying, had not sent, it queued them again. An older copy, earlier in its queue,
    went ahead of a row the other had claimed and not sent (out of order), or was packed into a claim with new
    lines. The older copies are forgotten; the adopted ones are queued, in order."""
    reminder = DeliveryRow(GAME, 3, "text", {"text": "⏰ The night ends soon"}, channel_id=9, id=41)
    night = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night falls"}, channel_id=9, id=42)

    class TakenBack(EarlierRows):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            return [reminder, night]

    storage, queued = TakenBack(), []  # type: ignore[var-annotated]
    storage.others = None
    unqueued: list[set[int]] = []

    def unqueue(rows: set[int]) -> int:
        unqueued.append(rows)
        return 1

    class Ended(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            return None  # (a game running would be loaded and its caches read again first)

    cluster = Cluster(storage, Ended(), enqueue=queued.extend, forget=lambda game_id: None,  # type: ignore[arg-type]
                      reload=no_reload, unqueue=unqueue)
    cluster.held[GAME] = [night, DeliveryRow(GAME, 4, "text", {"text": "☀ Day 2 begins"}, channel_id=9, id=51)]
    assert await cluster.adopt() == [reminder, night]
    assert unqueued == [{41, 42}], "the outboxes forget their older copies"
    assert [row.id for row in cluster.held[GAME]] == [51], "and so does the hold"
    assert [row.id for row in queued] == [41, 42]
    await cluster.close()


async def test_adopted_rows_whose_game_cannot_be_loaded_yet_are_queued_once_it_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Adopted rows are this process's: nobody else sends them. Loading their game met the database away (the
    PostgreSQL restart) and ended the adoption before they were queued: they waited for the next restart."""
    monkeypatch.setattr(shards, "ADOPT_SECONDS", 0.01)
    night = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night falls"}, channel_id=9, id=42)
    loads: list[int] = []

    class Adopting(EarlierRows):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.others = None  # no other process has an earlier row of the game
            return [night]

    class Restarting(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            loads.append(game_id)
            if len(loads) < 3:
                raise ConnectionError("the database system is shutting down")
            return None

    queued: list[DeliveryRow] = []
    cluster = Cluster(Adopting(), Restarting(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    assert await cluster.adopt() == [night]
    assert loads == [GAME] * 3, "loaded again until the database was back"
    assert queued == [night]

    class Broken(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            raise RuntimeError("a defect")

    queued.clear()
    cluster = Cluster(Adopting(), Broken(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    assert await cluster.adopt() == [night]
    assert queued == [night], "a defect is logged; the rows still go"


async def test_each_adopted_games_rows_are_queued_as_soon_as_that_game_is_loaded() -> None:
    """Found by the full scale run: a process killed with thousands of games left their rows to one adopter, which
    queued none until it had loaded every game; minutes passed, and the rows the other processes made since in
    those games waited behind them."""
    first = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night falls"}, channel_id=9, id=41)
    second = DeliveryRow(GAME + 1, 3, "text", {"text": "🌙 Night falls"}, channel_id=10, id=42)
    night = DeliveryRow(None, 0, "text", {"text": "📅 A game night"}, channel_id=11, id=43)
    queued: list[DeliveryRow] = []
    loading_second = asyncio.Event()
    loaded = asyncio.Event()

    class Adopting(EarlierRows):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.others = None  # no other process has an earlier row of these games
            return [first, second, night]

    class Slow(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            if game_id == second.game_id:
                loading_second.set()
                await loaded.wait()

    cluster = Cluster(Adopting(), Slow(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    adopting = asyncio.create_task(cluster.adopt())
    await loading_second.wait()
    assert [row.id for row in queued] == [43, 41], "the night's at once, the first game's once it is loaded"
    line = DeliveryRow(second.game_id, 4, "text", {"text": "☀ Day 2 begins"}, channel_id=10, id=51)
    assert cluster.admit([line]) == [], "a step made here meanwhile waits behind the game still loading"
    loaded.set()
    await adopting
    await asyncio.wait_for(until(lambda: len(queued) == 4), 5)
    assert [row.id for row in queued] == [43, 41, 42, 51], "then the step held behind it"
    await cluster.close()


async def test_adopted_rows_wait_for_an_earlier_row_of_their_game_that_another_process_still_has() -> None:
    """Found by the full scale run (118 lines out of order): a process made a step behind another's earlier row of
    the game and held its rows; it was killed, and the process that adopted them sent them at once, minutes before
    the other (busy, or dead and adopted elsewhere) sent the earlier row. Adopted rows now wait for it too."""
    adopted = DeliveryRow(GAME, 5, "text", {"text": "☀ Day 3 begins"}, channel_id=9, id=60)
    queued: list[DeliveryRow] = []

    class Adopting(EarlierRows):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            return [adopted]

    storage = Adopting()  # another process alive still has an earlier row of the game (`others`)
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    assert await cluster.adopt() == [adopted]
    await asyncio.sleep(0.2)
    assert queued == [], "sent before the other process's earlier line: out of order"
    line = DeliveryRow(GAME, 6, "text", {"text": "🗳 The vote opens"}, channel_id=9, id=70)
    assert cluster.admit([line]) == [], "a step made here meanwhile waits behind them"
    storage.others = None  # the other process sent it
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    assert queued == [adopted, line]
    await cluster.close()


class RowsElsewhere(EarlierRows):
    """Another process's waiting rows of the game, by id (→ whether that process is alive), and the dead process's
    rows this one adopts."""

    def __init__(self, elsewhere: dict[int, bool], adopted: list[DeliveryRow]) -> None:
        super().__init__()
        self.elsewhere = elsewhere
        self.adopted = adopted

    async def others_waiting(self, games: dict[int, int]) -> dict[int, Elsewhere]:
        found = {row: alive for row, alive in self.elsewhere.items() if row <= games.get(GAME, 0)}
        return {GAME: Elsewhere(min(found), max(found.values()))} if found else {}

    async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
        return self.adopted


def step_line(step: int, row: int) -> DeliveryRow:
    return DeliveryRow(GAME, step, "text", {"text": f"step {step}"}, channel_id=9, id=row)


async def test_adopted_rows_on_both_sides_of_another_processs_go_before_it_and_after_it() -> None:
    """Two full scale runs whose REST budget let a forum game's message wait minutes (4 lines out of order): a
    process's oldest row of a game waited for room while another process made the game's next steps (held behind
    that row), and then it made the steps after those (held behind theirs). It was killed; the process that adopted
    its rows looked for the other's rows only before the first of them, found none, and sent all: its newest lines
    went three minutes before the other's. Now the adopted rows before the other's go at once, the rest after them."""
    storage = RowsElsewhere({225227: True, 231479: True}, [step_line(30, 200001), step_line(36, 255443),
                                                           step_line(37, 255459)])
    queued: list[DeliveryRow] = []
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    await cluster.adopt()
    await asyncio.sleep(0.2)
    assert [row.id for row in queued] == [200001], "the oldest at once (the other's rows wait for it), no newer one"
    storage.elsewhere.clear()  # the other process sent steps 32–35
    await asyncio.wait_for(until(lambda: len(queued) == 3), 5)
    assert [row.id for row in queued] == [200001, 255443, 255459]
    await cluster.close()


async def test_rows_held_among_another_processs_go_each_after_the_others_before_them() -> None:
    storage = RowsElsewhere({20: True, 40: True}, [step_line(1, 10), step_line(3, 30), step_line(5, 50)])
    queued: list[DeliveryRow] = []
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    await cluster.queue_at_start(storage.adopted)
    await asyncio.sleep(0.2)
    assert [row.id for row in queued] == [10]
    del storage.elsewhere[20]
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    await asyncio.sleep(0.2)
    assert [row.id for row in queued] == [10, 30], "step 5 still waits for the other process's step 4"
    del storage.elsewhere[40]
    await asyncio.wait_for(until(lambda: len(queued) == 3), 5)
    assert [row.id for row in queued] == [10, 30, 50]
    await cluster.close()


async def test_adopted_rows_newer_than_a_row_held_here_go_after_it() -> None:
    """This process held its step's line behind a dead process's earlier row of the game; that process had made the
    game's next step too. Adopted, both its rows went at once and the held line after them (a full scale run: a
    follow-up with its two lines in the other order)."""
    storage = RowsElsewhere({20: False}, [step_line(2, 20), step_line(4, 40)])
    queued: list[DeliveryRow] = []
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    cluster.waiting_for[GAME] = 20
    assert cluster.admit([step_line(3, 30)]) == [], "held behind the dead process's row"
    storage.elsewhere.clear()  # adopted: the rows are this process's
    await cluster.adopt()
    await asyncio.wait_for(until(lambda: len(queued) == 3), 5)
    assert [row.id for row in queued] == [20, 30, 40]
    await cluster.close()


async def test_no_held_row_goes_while_an_adoption_is_under_way() -> None:
    """The adoption's statement took the dead process's earlier row of the game; a look that read it as this
    process's already, answered before the adoption did, let the line held behind it go first (a full scale run:
    3 messages with their two lines in the other order)."""
    taken = asyncio.Event()

    class SlowAdoption(RowsElsewhere):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.elsewhere.clear()  # committed: the next look finds no other process's row
            await taken.wait()  # its answer not read yet
            return self.adopted

    storage = SlowAdoption({20: False}, [step_line(2, 20)])
    queued: list[DeliveryRow] = []
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    cluster.waiting_for[GAME] = 20
    assert cluster.admit([step_line(3, 30)]) == []
    adopting = asyncio.create_task(cluster.adopt())
    await asyncio.sleep(0.3)  # the hold looks many times meanwhile
    assert queued == [], "the held line went ahead of the earlier one being adopted"
    taken.set()
    await adopting
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    assert [row.id for row in queued] == [20, 30]
    await cluster.close()


async def test_an_adopted_game_slow_to_load_does_not_hold_back_the_next_games_rows() -> None:
    """The full scale run's adopter loaded a dead process's games one by one (305 in 36 s on a busy machine): each
    game's rows, and the newer rows held behind them, waited for every game before it."""
    slow = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night falls"}, channel_id=9, id=41)
    quick = DeliveryRow(GAME + 1, 3, "text", {"text": "🌙 Night falls"}, channel_id=10, id=42)
    queued: list[DeliveryRow] = []
    loaded = asyncio.Event()

    class Adopting(EarlierRows):
        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.others = None  # no other process has an earlier row of these games
            return [slow, quick]

    class Slow(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            if game_id == slow.game_id:
                await loaded.wait()

    cluster = Cluster(Adopting(), Slow(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    adopting = asyncio.create_task(cluster.adopt())
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert queued == [quick], "the next game's rows go while the first game still loads"
    loaded.set()
    await adopting
    assert queued == [quick, slow]
    await cluster.close()


async def test_the_next_share_is_adopted_while_the_last_ones_games_still_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the full scale run: a pass took a share of a dead process's games and loaded them (305 in 36 s)
    before the next pass; the games left meanwhile to nobody passed GATE_SECONDS, and their newer rows elsewhere
    went first (94 lines out of order)."""
    monkeypatch.setattr(shards, "ADOPT_SECONDS", 0.01)
    first = DeliveryRow(GAME, 3, "text", {"text": "🌙 Night falls"}, channel_id=9, id=41)
    later = DeliveryRow(GAME + 1, 3, "text", {"text": "🌙 Night falls"}, channel_id=10, id=42)
    shares = [[first], [later]]
    loaded = asyncio.Event()

    class Shares(EarlierRows):
        async def keep_alive(self) -> None:
            return None

        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.others = None  # no other process has an earlier row of these games
            return shares.pop(0) if shares else []

    class Slow(NoGames):
        async def get(self, game_id: int) -> None:  # type: ignore[override]
            if game_id == first.game_id:
                await loaded.wait()

    queued: list[DeliveryRow] = []
    cluster = Cluster(Shares(), Slow(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    cluster.start()
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert queued == [later], "the next share taken and sent while the first game still loads"
    loaded.set()
    await asyncio.wait_for(until(lambda: len(queued) == 2), 5)
    assert queued == [later, first]
    await cluster.close()


async def test_a_process_stopping_adopts_no_more_rows_but_keeps_its_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the scale run: the processes stopping first let their rows go, and the last one still flushing took
    them all (33,225 rows) seconds before it went too."""
    monkeypatch.setattr(shards, "ADOPT_SECONDS", 0.01)

    class StoppedOthers(EarlierRows):
        def __init__(self) -> None:
            super().__init__()
            self.kept_alive = self.adopted = 0

        async def keep_alive(self) -> None:
            self.kept_alive += 1

        async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
            self.adopted += 1
            return []

    storage, queued = StoppedOthers(), []  # type: ignore[var-annotated]
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    cluster.start()
    await asyncio.wait_for(until(lambda: storage.adopted >= 2), 5)
    cluster.stop_adopting()
    await asyncio.sleep(0.02)  # a pass under way ends
    asked, alive = storage.adopted, storage.kept_alive
    await asyncio.wait_for(until(lambda: storage.kept_alive >= alive + 3), 5)  # its lock kept: its claims need it
    assert storage.adopted == asked, "adopted while stopping"
    await cluster.close()


async def test_a_restarted_process_holds_the_rows_it_takes_at_its_start_behind_another_processs_earlier_ones() -> None:
    """A process killed while it held a step's line behind another process's earlier line of the game left it
    waiting; its restart took it at its start and queued it at once, ahead of that line (found by reading the code
    while tracing a full scale run's lines out of order)."""
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    storage.others = None
    storage.by_game[GAME] = True  # another process, alive, still has this game's earlier line to send
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    behind = DeliveryRow(GAME, 28, "text", {"text": "🍪 Round 2"}, channel_id=9, id=269668)
    other = DeliveryRow(7, 3, "text", {"text": "☀ Day 2 begins"}, channel_id=8, id=269670)
    await cluster.queue_at_start([behind, other])
    assert [row.id for row in queued] == [269670], "the other game's line at once; this one's held"
    newer = DeliveryRow(GAME, 29, "text", {"text": "🍪 Round 3"}, channel_id=9, id=269700)
    assert cluster.admit([newer]) == [], "a newer step of the held game waits behind it"
    await asyncio.sleep(SHORT)
    assert [row.id for row in queued] == [269670]
    storage.by_game[GAME] = None  # the other process sent its line
    await asyncio.wait_for(until(lambda: len(queued) == 3), 5)
    assert [row.id for row in queued] == [269670, 269668, 269700]
    await cluster.close()


async def test_one_process_alone_queues_what_it_finds_at_its_start_as_it_is() -> None:
    queued: list[DeliveryRow] = []
    alone = EarlierRows()
    alone.shared = False  # type: ignore[misc]
    cluster = Cluster(alone, NoGames(), enqueue=queued.extend,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=no_reload)
    rows = [DeliveryRow(GAME, 1, "text", {"text": "line"}, channel_id=9, id=n) for n in (3, 4)]
    await cluster.queue_at_start(rows)
    assert queued == rows
