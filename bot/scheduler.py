"""Deadlines: rows in SQLite, run by one task that sleeps until the earliest one.

The pattern of RoboDanny's reminder cog: the task asks the database for the next wake-up time,
sleeps until then (or until the table says a deadline changed that may fall due sooner), then
fires what is due — reminders to players who have not acted, then expiries through the table.
Because the rows are on disk, deadlines survive restarts: an expired one fires right after start-up.

Other saved due times go through the same task (`others`): game nights' reminders and openings
(bot/gathering/nights.py), rows of their own that say when they fall due, woken the same way.

Several bot processes on one database (PostgreSQL, `Storage.shared`) each run this task over every
game's deadlines: each one is claimed before it fires (`Storage.claim_deadline`) and checked again
under the game's lock, so it fires once, in whichever process gets there first — and a process
that dies leaves its deadlines to the others. A deadline another process saves does not wake this
one, so it also looks again every SHARED_POLL_SECONDS. Each process fires the deadlines of its own shards' games
when due and leaves the others' to their own process for OTHERS_GRACE_SECONDS more (`OwnShards`): when all
raced for every deadline, three in four fired in a process that had to load the game, whose rows then waited
behind the owner's still queued lines, and the owner read the game again at its next step.

Due deadlines of different games fire side by side, DEADLINES_AT_ONCE at most (a game's own in order): each
waits mostly on the database (its claim, the game's lock, the step's save, the bot seats' steps after it), and
one at a time a process with 500 games fell seconds behind at every burst of forum phases (issue 41).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import Protocol

from bot import metrics
from bot.storage import DeadlineRow, OwnShards, log_failure
from bot.table import Table
from bot.waiting import stop_task, wait_at_most

log = logging.getLogger(__name__)

SHARED_POLL_SECONDS = 1.0
OTHERS_GRACE_SECONDS = 5.0
"""How long after a deadline of another process's shards falls due this process leaves it to that one: longer than
a busy process's lateness, short against a dead one's (it is restarted or its games fire here)."""
DEADLINES_AT_ONCE = 4
"""Games whose due deadlines fire at the same time (each holds a claim and the game's lock: two of PostgreSQL's
LOCK_CONNECTIONS)."""


class FiringFailed(Exception):
    """Due deadlines of some games failed (each logged): the scheduler tries again after a pause, not at once."""


class DueWork(Protocol):
    """Saved work that falls due at saved times, fired by the scheduler like deadlines: each piece once
    (its own write says so), whichever process gets there first."""

    async def next_due(self) -> float | None:
        """When the earliest piece falls due (None: nothing waits)."""

    async def run_due(self, now: float) -> int:
        """Do every piece due by `now`; how many were done."""


class Scheduler:
    def __init__(
        self, table: Table, *, max_sleep: float = 300.0, others: Iterable[DueWork] = (),
        own: Callable[[], OwnShards | None] | None = None,
    ) -> None:
        self.table = table
        self.own = own
        """This process's shards, when several processes share the database (None: every deadline is its own)."""
        self.max_sleep = min(max_sleep, SHARED_POLL_SECONDS) if table.storage.shared else max_sleep
        self._task: asyncio.Task[None] | None = None
        self.others = list(others)
        """More saved work woken at its time (game nights); `table.deadlines_changed` wakes the task for it too."""
        self._firing = asyncio.Lock()
        """Held while due deadlines are applied: a gentle stop waits for it rather than cut a step short."""

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="deadline-scheduler")

    async def stop(self, *, gently: bool = False) -> None:
        """`gently` (a graceful stop): let the deadlines being applied finish, then stop."""
        if self._task is None:
            return
        if gently:
            async with self._firing:  # held: the loop cannot start another round while it is cancelled
                await self._cancel()
        else:
            await self._cancel()

    async def _cancel(self) -> None:
        await stop_task(self._task)
        self._task = None

    async def run_due(self) -> int:
        """Fire every reminder and deadline that is due now; returns how many fired."""
        now = self.table.clock()
        fired = 0
        own = self._own()
        for row in await self.table.storage.due_reminders(now, own):
            metrics.deadline_fired(now - (row.remind_at or now))
            await self.table.remind(row.game_id, row.prompt_id)
            fired += 1
        # The list is read before each game's lock is taken: a pause, resume or extension may land
        # in between. The table checks again under the lock and keeps a row it does not apply.
        by_game: dict[int, list[DeadlineRow]] = {}
        for row in await self.table.storage.due_deadlines(now, own):
            by_game.setdefault(row.game_id, []).append(row)
        slots = asyncio.Semaphore(DEADLINES_AT_ONCE)

        async def fire_game(rows: list[DeadlineRow]) -> int:
            async with slots:
                done = 0
                for row in rows:
                    done += await self._fire(row, now)
                return done

        outcomes = await asyncio.gather(*(fire_game(rows) for rows in by_game.values()), return_exceptions=True)
        failed = 0
        for game_id, outcome in zip(by_game, outcomes, strict=True):
            if isinstance(outcome, int):
                fired += outcome
            elif isinstance(outcome, asyncio.CancelledError):
                raise outcome
            else:  # this game's later deadlines wait for the next round; the other games' went on
                log_failure(log, outcome, "a deadline of game %s failed", game_id)
                failed += 1
        for work in self.others:
            fired += await work.run_due(now)
        if failed:
            raise FiringFailed(f"{failed} games' deadlines failed ({fired} fired)")
        return fired

    async def _fire(self, row: DeadlineRow, now: float) -> int:
        """Fire one due deadline (1), or leave it to the process that fires it (0)."""
        async with self.table.storage.claim_deadline(row.game_id, row.prompt_id, now) as ours:
            if not ours:
                return 0  # another process fires it (or has)
            metrics.deadline_fired(self.table.clock() - row.due)  # (behind the others fired before it)
            outcome = await self.table.expire(row.game_id, row.prompt_id)
        log.info(
            "deadline %s/%s fired (%s)", row.game_id, row.prompt_id,
            "acted" if outcome.ok else outcome.refusal.key if outcome.refusal else "?",
            extra={"game_id": row.game_id},
        )
        return 1

    def _own(self) -> OwnShards | None:
        return self.own() if self.own is not None else None

    async def next_wake(self) -> float | None:
        """The earliest moment anything the scheduler runs falls due."""
        own, storage = self._own(), self.table.storage
        wake = await (storage.next_wake_time() if own is None else storage.next_wake_time(own, self.table.clock()))
        wakes = [wake, *[await work.next_due() for work in self.others]]
        known = [wake for wake in wakes if wake is not None]
        return min(known) if known else None

    async def _run(self) -> None:
        changed = self.table.deadlines_changed
        while True:
            try:
                changed.take()  # everything is read now
                async with self._firing:
                    await self.run_due()
                wake = await self.next_wake()
                now = self.table.clock()
                delay = self.max_sleep if wake is None else min(max(0.0, wake - now), self.max_sleep)
                await self._sleep_until(now + delay)
            except asyncio.CancelledError:
                raise
            except FiringFailed:
                await asyncio.sleep(1)
            except Exception as error:  # keep the one scheduler alive whatever a game does
                log_failure(log, error, "deadline scheduler failed; retrying in 1 s")
                await asyncio.sleep(1)

    async def _sleep_until(self, until: float) -> None:
        """Until `until` (the table's clock), or until deadlines change so that one may fall due before
        it. A step's new prompts are due later than the deadlines already known, mostly: those wake
        nothing, and the database is not asked again at every step."""
        changed = self.table.deadlines_changed
        while await wait_at_most(changed, until - self.table.clock()):
            if changed.take() < until or self.table.clock() >= until:
                return
