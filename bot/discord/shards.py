"""What the Discord layer needs when several bot processes share one PostgreSQL database, each
running some of the gateway shards (`Storage.shared`). Any process may apply a step of any game —
a DM click comes to shard 0, a click in a server to the server's shard, a deadline to whichever
process claims it — and the process that applied a step sends what it saved (its delivery rows,
whose `owner` it is). With one process per database all of this is off (`admit` lets every row by).

- Order across processes: a step's rows go out after the game's earlier rows that another process
  is still sending (`LiveGame.behind`, read when the game's lock was taken). They are held here until
  those are sent, then the game's copy is brought up to date (a status message the other process
  made meanwhile) and they are queued. While a process alive has them to send they are waited for
  (through a Discord outage: it sends them once Discord is back), up to STUCK_SECONDS; rows whose
  process is gone are adopted by the process that runs their game's server (or its restart), within
  ORPHAN_GRACE_SECONDS by another, and waited for GATE_SECONDS at most; rows this
  process is adopting are waited for until they are queued (ahead of the held ones), and so are they by a step
  this process makes meanwhile on one of their games (a restarted process adopting its predecessor's rows).
- A process that dies leaves its waiting rows: every ADOPT_SECONDS each process adopts the rows of
  processes that are no longer alive (`Storage.adopt_deliveries`: atomically, so one process takes
  them) — those of its own shards' games, and, once no live process has run their shards for
  ORPHAN_GRACE_SECONDS, its share of the others' (a restarted process takes its games' rows back at its
  start) — and sends them in order, each after the game's earlier rows another process still has (the dead one had
  held them behind those; its rows before those go at once; so are the rows a restarted process takes at its
  start: `queue_at_start`); a message the
  dead process had claimed goes out again with the same nonce, which Discord does not create twice. A process
  whose lock was lost for a while may take back rows it had queued before another adopted them: its older queued
  (and held) copies are forgotten first.
- A game another process moved is reloaded by the table (`Table.reloaded`), and so are its caches
  here: the prompts already posted (none is posted twice), the order sheets' messages (edited in
  place), the open prompts' messages, the channel rule last planned, the live messages.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.live import Delivery, LiveGame
from bot.storage import DeliveryRow, Elsewhere, OwnShards, Storage, database_away, log_failure
from bot.table import Table
from bot.waiting import stop_task

Rows = Callable[[list[DeliveryRow]], None]

log = logging.getLogger(__name__)

ADOPT_SECONDS = 1.0
"""How often a process looks for the rows of processes that died (and keeps its own liveness)."""
ADOPTED_LOADS_AT_ONCE = 4
"""Adopted games loaded at once (a load waits mostly on the database: as many as PostgreSQL's pool of readers)."""
GATE_POLL_SECONDS = 0.02
GATE_POLL_MOST_SECONDS = 0.5
GATE_POLL_SLOWER_AFTER = 1.0
"""The look for another process's earlier rows: every 20 ms (they are usually sent within that second), then
less and less often, up to every 0.5 s (an outage may hold many games). One query looks for every game due a
look (or due within half its pause: the looks of many games fall together), whatever the number of games held."""
ORPHAN_GRACE_SECONDS = 30.0
"""How long the rows of a game whose server's shard no live process runs are left to the process that runs it, gone
for now (a restart takes them back at its start); then the processes alive share them out."""
GATE_SECONDS = 60.0
"""The longest a step's rows wait for earlier rows that no process alive has to send (nobody adopted them): longer
than ORPHAN_GRACE_SECONDS and the adoption after it."""
STUCK_SECONDS = 600.0
"""The longest they wait for a process alive that does not send them (a Discord outage is shorter; a process
unable to send for this long must not stall the game)."""


UNKNOWN = Elsewhere(0, True)
"""What a look assumes when it cannot tell (the database away, an adoption under way): another process alive may have
rows before every one of this process's."""


@dataclass
class Hold:
    """A game whose rows are held: since when (`started`), since when only gone processes have its earlier rows
    (`orphaned`), and when it is next looked at."""

    started: float
    due: float
    pause: float
    orphaned: float | None = None


class Cluster:
    def __init__(
        self, storage: Storage, table: Table, *, enqueue: Rows, forget: Callable[[int], None],
        reload: Callable[[LiveGame], Awaitable[None]], unqueue: Callable[[set[int]], int] = lambda rows: 0,
        own: Callable[[], OwnShards | None] = lambda: None,
    ) -> None:
        """`enqueue` queues rows for sending; `unqueue` forgets queued copies of rows (how many it forgot);
        `forget` drops what this process keeps of a game that ended; `reload` reads a game's caches again as saved
        (what was posted where, the live messages, the channel rule last planned); `own`: this process's shards
        (None: not known, every game's rows shared out)."""
        self.storage = storage
        self.own = own
        self._orphaned: dict[int, float] = {}
        """Shard → since when (the loop's time) no live process has run it."""
        self.table = table
        self.enqueue = enqueue
        self.unqueue = unqueue
        self.forget = forget
        self.reload = reload
        self.active = storage.shared
        self.waiting_for: dict[int, int] = {}
        """game → the last row of another process that this process's next rows of the game go after."""
        self.held: dict[int, list[DeliveryRow]] = {}
        """game → its rows held until another process's earlier rows are sent, in order."""
        self._holds: dict[int, Hold] = {}
        """game → when its rows were held, and when it is next looked at (the games whose `held` rows wait)."""
        self._holder: asyncio.Task[None] | None = None
        self._nudged = asyncio.Event()
        """Set when a game is held: the holder looks at it without waiting for its next pass."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._adopter: asyncio.Task[None] | None = None
        self._stopping = False
        """A graceful stop began: no more rows are adopted (`stop_adopting`)."""
        self._adopting: Counter[int] = Counter()
        """Games whose rows this process adopted and has not queued yet (by adoptions under way): rows held behind
        them keep waiting."""
        self._taking = 0
        """Adoptions whose statement is under way: what they took is not known yet, so no held row goes (a look
        that read the rows as this process's already, answered before the adoption, let a held line go ahead of
        the earlier one being adopted: 3 messages with their lines in the other order in a full scale run)."""

    def start(self) -> None:
        if self.active and self._adopter is None:
            self._adopter = asyncio.create_task(self._adopt_now_and_then(), name="adopt-deliveries")

    def stop_adopting(self) -> None:
        """A graceful stop began: this process adopts no more rows. The processes stopping before it let their rows
        go, and the last one still flushing took them all (33,225 rows in a short scale run) with seconds left to
        live: games loaded for rows it could not send, its own flush slowed, and the rows left to the next start
        as one process's. What the others leave waits for a process that stays."""
        self._stopping = True

    async def close(self) -> None:
        for task in [self._adopter, self._holder, *self._tasks]:
            await stop_task(task)
        self._adopter = self._holder = None

    # --- order across processes ----------------------------------------------------------------
    async def note_behind(self, delivery: Delivery) -> None:
        """A step was saved: its rows go after those another process was still to send (told before the game
        master queues them)."""
        game, step = delivery.game, delivery.step
        if self.active and step is not None and step.rows and game.behind:
            self.waiting_for[game.id] = max(self.waiting_for.get(game.id, 0), game.behind)

    def admit(self, rows: list[DeliveryRow]) -> list[DeliveryRow]:
        """The rows that may be queued now, in order; the others are held (and queued later)."""
        if not self.active or not rows:
            return rows
        now: list[DeliveryRow] = []
        looked: set[int] = set()
        for row in rows:
            game_id = row.game_id
            held = self.held.get(game_id)
            if game_id not in looked:
                looked.add(game_id)
                if held is None and (game_id in self.waiting_for or game_id in self._adopting):
                    held = self.held[game_id] = []  # adopting: its earlier rows are ours, not yet queued
                    self._hold(game_id)
            if held is None:
                now.append(row)
            elif held and row.id < held[0].id:
                now.append(row)  # older than what is held (a dead process's, adopted): ahead of it
            else:
                held.append(row)
        return now

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _hold(self, game_id: int, hold: Hold | None = None) -> None:
        """Hold the game's rows (again, under the `hold` that held them): the next pass looks for its earlier rows."""
        now = asyncio.get_running_loop().time()
        if hold is None:
            hold = Hold(now, now, GATE_POLL_SECONDS)
        hold.due = now
        self._holds[game_id] = hold
        if self._holder is None or self._holder.done():
            self._holder = asyncio.create_task(self._look_now_and_then(), name="order-hold")
        self._nudged.set()

    async def _look_now_and_then(self) -> None:
        """The passes of the hold: each asks the database once, for every game due a look, whether another process
        still has its earlier rows; a game whose rows are sent (or too late) is released."""
        loop = asyncio.get_running_loop()
        while True:
            self._nudged.clear()  # a game held from now on is looked at in the next pass
            now = loop.time()
            due = [game_id for game_id, hold in self._holds.items() if hold.due <= now + hold.pause / 2]
            if due:
                await self._look(due)
            wake = min((hold.due for hold in self._holds.values()), default=None)
            try:
                async with asyncio.timeout_at(wake):
                    await self._nudged.wait()
            except TimeoutError:
                pass

    async def _look(self, due: list[int]) -> None:
        """One pass: one query for the games `due`; each is released (its rows before another process's first row
        still to send, or all), or looked at again after its pause (20 ms for its first second, then less and less
        often, up to every 0.5 s)."""
        loop = asyncio.get_running_loop()
        try:
            answers = await self.storage.others_waiting({game_id: self._up_to(game_id) for game_id in due})
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if database_away(error):  # nothing can be told now: they stay held, in order, and are looked at again
                log_failure(log, error, "waiting for another process's deliveries failed (%d games held); looking "
                            "again", len(due))
                answers = dict.fromkeys(due, UNKNOWN)
            else:
                log_failure(log, error, "waiting for another process's deliveries failed (%d games held); sending "
                            "ours now", len(due))
                for game_id in due:
                    self._holds.pop(game_id, None)
                    self._send_held(game_id)
                return
        now = loop.time()
        for game_id in due:
            hold = self._holds.get(game_id)
            if hold is None:
                continue
            held = self.held.get(game_id)
            # adopting: its earlier rows are ours, not yet queued (or perhaps, while an adoption is under way)
            adopting = game_id in self._adopting or self._taking > 0
            elsewhere = UNKNOWN if adopting else answers.get(game_id)
            before = None
            if elsewhere is not None and held and held[0].id < elsewhere.first:
                before = elsewhere.first  # the rows before the other process's go now, the others wait for it
            elif elsewhere is not None:
                hold.orphaned = None if elsewhere.alive else hold.orphaned if hold.orphaned is not None else now
                stuck = now - hold.started > STUCK_SECONDS
                if not stuck and (hold.orphaned is None or now - hold.orphaned <= GATE_SECONDS):
                    hold.due = now + hold.pause
                    if now - hold.started > GATE_POLL_SLOWER_AFTER:
                        hold.pause = min(hold.pause * 1.5, GATE_POLL_MOST_SECONDS)
                    continue
                log.warning("game %s: another process's deliveries are late; sending ours now", game_id)
            del self._holds[game_id]
            self._spawn(self._release(game_id, before, hold))

    def _up_to(self, game_id: int) -> int:
        """The last row of another process that a look for the game's earlier rows asks about: any before this
        process's last held row (adopted rows of a dead process may lie on both sides of another's)."""
        held = self.held.get(game_id)
        return max(self.waiting_for.get(game_id, 0), held[-1].id - 1 if held else 0)

    async def _release(self, game_id: int, before: int | None = None, hold: Hold | None = None) -> None:
        """Queue the game's held rows (no other process still has one of its earlier rows to send, or they are
        too late), or only those before `before`, another process's first row still to send (the rest stay
        held, under `hold`): the game brought up to date first, and the rows a rollback dropped meanwhile left out."""
        try:
            game = self.table.games.get(game_id)
            if game is not None:
                async with self.table.hold(game):  # what the other process saved meanwhile (its status message)
                    pass
            held = self.held.get(game_id, [])
            looked = [row.id for row in held]
            waiting = await self.storage.still_waiting(looked)
            gone = set(looked) - waiting  # dropped meanwhile (a rollback undid their steps)
            held[:] = [row for row in held if row.id not in gone]
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log_failure(log, error, "game %s: waiting for another process's deliveries failed", game_id)
        if game_id in self._holds:  # held again meanwhile (adopted rows behind another's: `_hold_adopted`)
            return
        held = self.held.get(game_id, [])
        if before is None or hold is None or not held or held[-1].id < before:
            self._send_held(game_id)
            return
        going, held[:] = around(held, before)
        self.enqueue(going)
        self._hold(game_id, hold)

    def _send_held(self, game_id: int) -> None:
        self.waiting_for.pop(game_id, None)
        self.enqueue(self.held.pop(game_id, []))

    # --- the rows of processes that died ------------------------------------------------------
    async def _adopt_now_and_then(self) -> None:
        storage = self.storage
        while True:
            await asyncio.sleep(ADOPT_SECONDS)
            try:
                await storage.keep_alive()  # (stopping too: its own rows' claims need its lock)
                taken = None if self._stopping else await self._take_adopted()
                if taken:  # loaded and queued meanwhile: the next pass takes the next share a second from now
                    self._spawn(self._queue_adopted(*taken))
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log_failure(log, error, "adopting the deliveries of stopped processes failed; trying again")

    async def adopt(self) -> list[DeliveryRow]:
        """Take the waiting rows of processes that died and queue them, each game's as soon as its caches are read
        (a dead process may leave thousands of games: queued all at the end, none went for minutes, and the rows
        the other processes made since in those games waited behind them)."""
        taken = await self._take_adopted()
        if taken is None:
            return []
        await self._queue_adopted(*taken)
        return taken[0]

    async def take_at_start(self) -> list[DeliveryRow]:
        """What a starting process is to send: its predecessor's rows of its shards' games, and any other dead
        process's it has a share of (`Storage.waiting_deliveries`)."""
        if not self.active:
            return await self.storage.waiting_deliveries()
        return await self.storage.adopt_deliveries(self.own())

    async def queue_at_start(self, rows: list[DeliveryRow]) -> None:
        """Queue what a starting process took (`Storage.waiting_deliveries`: its predecessor's rows and any other dead
        process's), in order; a game's rows after another process's row still to send wait for it, as adopted rows do
        (`_queue_adopted`): the start-up queued them at once (found while tracing lines out of order in a full scale
        run, though not the way those went: issue 41)."""
        if not self.active or not rows:
            self.enqueue(rows)
            return
        by_game = rows_by_game(rows)
        elsewhere = await self._earlier_elsewhere(by_game)
        for game_id, game_rows in by_game.items():  # (in the order of their first rows)
            if game_id is None:
                self.enqueue(game_rows)
            else:
                self._queue_taken(game_id, game_rows, elsewhere)

    async def _take_adopted(self) -> tuple[list[DeliveryRow], float] | None:
        """This process's share of the rows of processes that died (none: None), its games marked as adopting: rows
        held behind them wait till they are queued (`_look`), and so does a step made here meanwhile (`admit`)."""
        self._taking += 1
        try:
            own = self.own()
            rows = await self.storage.adopt_deliveries(own, await self._orphaned_long(own))
            if not rows:
                return None
            self._forget_older_copies({row.id for row in rows})
            self._adopting.update({row.game_id for row in rows if row.game_id is not None})
        finally:
            self._taking -= 1
        return rows, asyncio.get_running_loop().time()

    async def _orphaned_long(self, own: OwnShards | None) -> OwnShards | None:
        """The shards no live process has run for ORPHAN_GRACE_SECONDS: their games' rows are shared out."""
        if own is None:
            return None
        now = asyncio.get_running_loop().time()
        running = await self.storage.shard_processes()
        self._orphaned = {shard: self._orphaned.get(shard, now) for shard in range(own.count) if shard not in running}
        late = tuple(shard for shard, since in self._orphaned.items() if now - since >= ORPHAN_GRACE_SECONDS)
        return OwnShards(late, own.count, 0.0)

    async def _queue_adopted(self, rows: list[DeliveryRow], started: float) -> None:
        """Queue adopted rows, a night's (no game) at once, each game's once it is brought up to date, loading
        ADOPTED_LOADS_AT_ONCE games at a time. Run apart from the adopting passes: loading 305 games one by one took
        36 s in the full scale run, and the games left to adopt meanwhile (each pass takes a share) waited past
        GATE_SECONDS, their newer rows elsewhere sent first."""
        by_game = rows_by_game(rows)
        games = sorted(game_id for game_id in by_game if game_id is not None)
        self.enqueue(by_game.pop(None, []))
        loads = asyncio.Semaphore(ADOPTED_LOADS_AT_ONCE)
        try:
            elsewhere = await self._earlier_elsewhere(by_game)
        except BaseException:
            for game_id in games:  # (stopping)
                self._adopted(game_id)
            raise

        async def queue_game(game_id: int) -> None:
            try:
                async with loads:
                    await self._bring_up_to_date(game_id)
            finally:  # (stopping too: no longer being adopted)
                self._adopted(game_id)
            self._queue_taken(game_id, by_game[game_id], elsewhere)  # the older ahead of what is held (`admit`)

        await asyncio.gather(*(queue_game(game_id) for game_id in games))
        log.info("queued %d adopted rows of %d games in %.1f s", len(rows), len(games),
                 asyncio.get_running_loop().time() - started)

    async def _earlier_elsewhere(self, taken: dict[int | None, list[DeliveryRow]]) -> dict[int, int]:
        """The taken games (→ their rows) of which another process still has a row to send before the last taken
        one, → the first such row: the taken rows after it wait for it. The dead process had held them (they were
        its step's, made behind another's rows), and sent at once they went ahead of those (118 lines out of order
        in a full scale run). The rows before it go at once: a dead process's rows can lie on both sides of
        another's (its oldest waited for room while that other made a step, and then it made the next: 4 lines
        out of order in two full scale runs whose REST budget let a forum game's message wait minutes)."""
        last = {game_id: rows[-1].id - 1 for game_id, rows in taken.items() if game_id is not None}
        if not last:
            return {}
        try:
            return {game_id: found.first for game_id, found in (await self.storage.others_waiting(last)).items()}
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if database_away(error):  # all held: the hold asks again once the database is back
                return dict.fromkeys(last, UNKNOWN.first)
            log_failure(log, error, "looking for earlier rows of adopted games failed; sending them")
            return {}

    def _queue_taken(self, game_id: int, rows: list[DeliveryRow], elsewhere: dict[int, int]) -> None:
        """Queue a game's taken rows: at once, or those before another process's row still to send (`elsewhere`)
        or a row this process holds, with the rest held behind it (a dead process's rows can lie on both sides of
        this process's held ones: queued at once, its newer ones went ahead of those)."""
        held = self.held.get(game_id)
        firsts = [first for first in (elsewhere.get(game_id), held[0].id if held else None) if first is not None]
        if firsts:
            self._queue_behind(game_id, rows, min(firsts))
        else:
            self.enqueue(rows)

    def _queue_behind(self, game_id: int, rows: list[DeliveryRow], first: int) -> None:
        """Queue the taken rows of a game before `first`, a row still to send here or elsewhere, and hold the rest
        behind it."""
        going, later = around(rows, first)
        self.enqueue(going)
        if later:
            self._hold_adopted(game_id, later)

    def _hold_adopted(self, game_id: int, rows: list[DeliveryRow]) -> None:
        """Hold adopted rows behind another process's earlier rows of their game, in order among the rows held."""
        self.waiting_for[game_id] = max(self.waiting_for.get(game_id, 0), rows[0].id - 1)
        held = self.held.setdefault(game_id, [])
        held[:] = sorted([*held, *rows], key=lambda row: row.id)
        if game_id not in self._holds:  # (a release under way leaves them to this hold: `_release`)
            self._hold(game_id)

    def _adopted(self, game_id: int) -> None:
        """One adoption of the game is over (its rows queued)."""
        left = self._adopting.pop(game_id, 0) - 1
        if left > 0:
            self._adopting[game_id] = left

    async def _bring_up_to_date(self, game_id: int) -> None:
        """A prompt's buttons are built from the game as it is: a game not known here is loaded, its caches read.
        With the database away this waits for it (the rows are this process's now: nobody else sends them, and
        they are queued only after this); a defect is logged, and the rows go as the game is known here."""
        told = False
        while True:
            try:
                game = await self.table.get(game_id)
                if game is not None and game.running:
                    await self.refresh(game)
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if not database_away(error):
                    log_failure(log, error, "game %s: loading an adopted game failed; sending its rows", game_id)
                    return
                if not told:
                    log_failure(log, error, "game %s: loading an adopted game failed; trying again", game_id)
                told = True
                await asyncio.sleep(ADOPT_SECONDS)

    def _forget_older_copies(self, adopted: set[int]) -> None:
        """Rows taken back that this process had queued or held before another adopted them (its lock was lost for
        a while): the older copies go, and the adopted ones are queued in order. Left queued, an older copy could
        go ahead of an earlier row that one claimed and could not send (out of order), or pack it into its claim."""
        if not adopted:
            return
        forgotten = self.unqueue(adopted)
        for game_id in list(self.held):
            kept = [row for row in self.held[game_id] if row.id not in adopted]
            forgotten += len(self.held[game_id]) - len(kept)
            self.held[game_id][:] = kept
        if forgotten:
            log.info("forgot %d older queued copies of rows taken back", forgotten)

    # --- caches of a game another process moved ------------------------------------------------
    async def refresh(self, game: LiveGame) -> None:
        """The table reloaded a game another process moved (`Table.reloaded`): so are its caches here."""
        if not game.running:  # another process ended it: nothing of it stays here but what is still to send
            self.forget(game.id)
            return
        await self.reload(game)


def around(rows: list[DeliveryRow], first: int) -> tuple[list[DeliveryRow], list[DeliveryRow]]:
    """A game's rows of this process before and after `first`, a row still to send (here or by another process):
    those before it may go, the others wait for it."""
    return [row for row in rows if row.id < first], [row for row in rows if row.id > first]


def rows_by_game(rows: list[DeliveryRow]) -> dict[int | None, list[DeliveryRow]]:
    """Rows taken from processes that died (in the order of their ids, as the storage gives them), by game."""
    by_game: dict[int | None, list[DeliveryRow]] = {}
    for row in rows:
        by_game.setdefault(row.game_id, []).append(row)
    return by_game
