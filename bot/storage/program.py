"""Writes written once for both backends: a write is a *program*, a generator that yields the
statements it needs and receives each one's answer. SQLite runs a program on its connection's
thread in one hop (no await per statement, which keeps a step's transaction cheap); PostgreSQL
awaits each statement on its connection. The SQL is the dialect both understand, with `?`
placeholders (numbered `$1, $2 …` for PostgreSQL by `numbered`).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot import metrics
from bot.storage.rows import ActionRow, DeadlineRow, DeliveryRow, EventRow, dumps

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rows:
    """A statement whose rows the program needs (a SELECT, an INSERT … RETURNING): answered
    with a list of tuples."""

    sql: str
    params: Sequence[Any] = ()
    only: bool = False
    """The program's one statement: a write that runs alone needs no transaction around it."""


@dataclass(frozen=True, slots=True)
class Run:
    """A statement that changes rows: answered with how many it changed."""

    sql: str
    params: Sequence[Any] = ()


@dataclass(frozen=True, slots=True)
class RunMany:
    """One statement run once for each row of parameters: answered with None."""

    sql: str
    rows: Sequence[Sequence[Any]]


Statement = Rows | Run | RunMany
Program = Generator[Statement, Any, T]
Write = Callable[[], Program[T]]
"""A durable write: makes its program afresh each time it is called, so a backend may run it again
(PostgreSQL runs a batch again without a write that failed, or after a deadlock)."""


class Tx(Protocol):
    """An open transaction, the same on both backends (`Storage.transaction()`): SQL with `?`
    placeholders that both backends understand."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...


async def run_in(tx: Tx, program: Program[T]) -> T:
    """Run `program` statement by statement in an open transaction."""
    answer: Any = None
    while True:
        try:
            statement = program.send(answer)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
        if isinstance(statement, Rows):
            answer = await tx.fetchall(statement.sql, statement.params)
        elif isinstance(statement, Run):
            answer = await tx.execute(statement.sql, statement.params)
        else:
            await tx.executemany(statement.sql, statement.rows)
            answer = None


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2 …` (our SQL has no `?` inside literals)."""
    head, *rest = sql.split("?")
    return head + "".join(f"${n}{part}" for n, part in enumerate(rest, start=1))


# --- the programs ------------------------------------------------------------------------------
@dataclass
class StepWrite:
    """What one step saves at once (see `Storage.commit_step`)."""

    game_id: int
    game_sql: str
    game_params: tuple[Any, ...]
    actions: list[ActionRow]
    events: list[EventRow]
    deadlines: list[DeadlineRow] | None
    keep_prompts: list[str] | None
    undo_from_step: int | None
    shift_deadlines: float | None
    deliveries: list[DeliveryRow] | None
    owner: int | None = None
    """The process that is to send the step's deliveries (None: whichever sends the waiting rows)."""
    versioned: bool = False
    """Other processes may work on the game: the step moves its version on and returns it."""


@dataclass(frozen=True, slots=True)
class SavedStep:
    """What saving a step numbered: its logs count on from the last seq numbers saved before it, its
    deliveries got these ids (in their order). A program returns the numbers instead of setting them on
    its rows, so it may run in another process (bot/storage/writer.py): `StepWrite.numbered` sets them."""

    version: int | None
    action_seq: int
    event_seq: int
    delivery_ids: tuple[int, ...]


def event_action_seqs(step: StepWrite, action_seq: int) -> list[int | None]:
    """Each event's action: its own, or (none named) the step's last action."""
    last = action_seq + len(step.actions) if step.actions else None
    return [last if event.action_seq is None else event.action_seq for event in step.events]


def number_step(step: StepWrite, saved: SavedStep) -> int | None:
    """Set what the save numbered on the step's rows; the game's new version (when `versioned`)."""
    for n, action in enumerate(step.actions, start=1):
        action.seq = saved.action_seq + n
    for n, (event, action_seq) in enumerate(zip(step.events, event_action_seqs(step, saved.action_seq),
                                                strict=True), start=1):
        event.seq = saved.event_seq + n
        event.action_seq = action_seq
    number_deliveries(step.deliveries or [], saved.delivery_ids)
    return saved.version if step.versioned else None


def step_program(step: StepWrite) -> Program[SavedStep]:
    """The step's writes; what they numbered (and the game's new version when the step is `versioned`)."""
    game_id = step.game_id
    if step.undo_from_step is not None:
        yield Run(
            "UPDATE actions SET undone = 1 WHERE game_id = ? AND kind = 'play' AND step >= ?",
            (game_id, step.undo_from_step),
        )
        yield from undo_deliveries(game_id, step.undo_from_step)
    delivery_ids = yield from insert_deliveries(step.deliveries or [], step.owner)
    ((action_seq, event_seq),) = yield Rows(
        "SELECT (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?),"
        " (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?)",
        (game_id, game_id),
    )
    if step.actions:
        yield RunMany(
            "INSERT INTO actions (game_id, seq, kind, step, seat, actor_id, payload, by_bot, input_key, at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?)",
            [(game_id, action_seq + n, a.kind, a.step, a.seat, a.actor_id, dumps(a.payload), int(a.by_bot),
              a.input_key, a.at) for n, a in enumerate(step.actions, start=1)],
        )
    if step.events:
        yield RunMany(
            "INSERT INTO events (game_id, seq, action_seq, key, params, audience, at) VALUES (?,?,?,?,?,?,?)",
            [(game_id, event_seq + n, of_action, e.key, dumps(e.params),
              None if e.audience is None else dumps(e.audience), e.at)
             for n, (e, of_action) in enumerate(zip(step.events, event_action_seqs(step, action_seq), strict=True),
                                                start=1)],
        )
    if step.shift_deadlines:
        yield Run(
            "UPDATE deadlines SET due = due + ?, remind_at = remind_at + ? WHERE game_id = ?",
            (step.shift_deadlines, step.shift_deadlines, game_id),
        )
    if step.keep_prompts is not None:
        yield from drop_deadlines_except(game_id, step.keep_prompts)
    if step.deadlines:
        yield RunMany(
            "INSERT INTO deadlines (game_id, prompt_id, seat, due, remind_at) VALUES (?,?,?,?,?)"
            " ON CONFLICT DO NOTHING",  # a deadline already running is kept, not restarted
            [(d.game_id, d.prompt_id, d.seat, d.due, d.remind_at) for d in step.deadlines],
        )
    version = None
    if not step.versioned:
        if step.game_sql:
            yield Run(step.game_sql, step.game_params)
    else:
        # the game's fields move its version on (`game_update`); a step that changes none still does
        sql = step.game_sql or "UPDATE games SET version = version + 1 WHERE id = ?"
        params = step.game_params if step.game_sql else (game_id,)
        ((version,),) = yield Rows(sql + " RETURNING version", params)
    return SavedStep(None if version is None else int(version), int(action_seq), int(event_seq), delivery_ids)


def one_statement(sql: str, params: Sequence[Any] = ()) -> Program[int]:
    """A write of one statement: how many rows it changed."""
    changed = yield Run(sql, params)
    return int(changed)


def lobby_input(game_id: int, input_key: str) -> Run:
    """The interaction that changed a lobby, recorded with the change (a second one with the key fails)."""
    return Run("INSERT INTO lobby_inputs (input_key, game_id, at) VALUES (?,?,?)", (input_key, game_id, time.time()))


def new_game(fields: tuple[Any, ...], input_key: str | None) -> Program[int]:
    """A game (a lobby first) with its columns; `input_key`: the interaction that opened it."""
    ((game_id,),) = yield Rows(
        "INSERT INTO games (game, status, guild_id, channel_id, host_id, language, seed, options,"
        " seats, meta, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
        fields,
    )
    if input_key is not None:
        yield lobby_input(int(game_id), input_key)
    return int(game_id)


def lobby_change(
    game_id: int, sql: str, params: Sequence[Any], input_key: str | None,
    deliveries: list[DeliveryRow] | None = None, owner: int | None = None,
) -> Program[tuple[bool, tuple[int, ...]]]:
    """A compare-and-set of a lobby (`Storage.update_lobby`) with what it sends: whether it changed, and the
    ids of its `deliveries` (saved only when it did)."""
    if (yield Run(sql, params)) != 1:
        return False, ()
    if input_key is not None:
        yield lobby_input(game_id, input_key)
    return True, (yield from insert_deliveries(deliveries or [], owner))


def deadline_change(game_id: int, sql: str, params: Sequence[Any], shared: bool) -> Program[None]:
    """A change of the game's deadlines; its version moves on when other processes keep copies of it."""
    yield Run(sql, params)
    if shared:
        yield Run("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))


def moving(make: Write[T], game_ids: list[int]) -> Program[tuple[T, dict[int, int]]]:
    """`make`'s writes, and the games' versions moved on (`Storage._write_moving`)."""
    result = yield from make()
    return result, (yield from bump_versions(game_ids))


def bump_versions(game_ids: Iterable[int]) -> Program[dict[int, int]]:
    """Writes that change games outside a step (their deliveries, deadlines) move their versions on:
    the new versions, by game."""
    games = sorted(set(game_ids))
    if not games:
        return {}
    rows = yield Rows(
        f"UPDATE games SET version = version + 1 WHERE id IN ({','.join('?' * len(games))}) RETURNING id, version",
        games,
    )
    return {int(game_id): int(version) for game_id, version in rows}


def drop_deadlines_except(game_id: int, keep_prompts: list[str]) -> Program[None]:
    if not keep_prompts:  # PostgreSQL has no empty `NOT IN ()`
        yield Run("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
        return
    marks = ",".join("?" * len(keep_prompts))
    yield Run(f"DELETE FROM deadlines WHERE game_id = ? AND prompt_id NOT IN ({marks})", (game_id, *keep_prompts))


DELIVERIES_AT_ONCE = 500
"""Rows per INSERT (9 or 10 parameters each: far below either backend's limit on parameters)."""


def insert_deliveries(rows: list[DeliveryRow], owner: int | None = None) -> Program[tuple[int, ...]]:
    """The rows in one statement (one round trip to a server); their new ids, in the rows' order (a
    VALUES list is inserted in its order, each row taking the next id). `owner`: the process to send them."""
    columns = "game_id, schedule_id, step, kind, channel_id, user_id, body, prompt_id, made"
    if owner is not None:
        columns += ", owner"
    marks = "(" + ",".join("?" * (columns.count(",") + 1)) + ")"
    extra = () if owner is None else (owner,)
    ids: list[int] = []
    for start in range(0, len(rows), DELIVERIES_AT_ONCE):
        chunk = rows[start:start + DELIVERIES_AT_ONCE]
        made = yield Rows(
            f"INSERT INTO deliveries ({columns}) VALUES " + ",".join([marks] * len(chunk)) + " RETURNING id",
            [value for row in chunk for value in (row.game_id, row.schedule_id, row.step, row.kind, row.channel_id,
                                                   row.user_id, dumps(row.body), row.prompt_id, row.made, *extra)],
        )
        ids += sorted(int(delivery_id) for delivery_id, in made)
    return tuple(ids)


def number_deliveries(rows: list[DeliveryRow], ids: tuple[int, ...]) -> None:
    for row, delivery_id in zip(rows, ids, strict=True):
        row.id = delivery_id


def undo_deliveries(game_id: int, to_step: int) -> Program[None]:
    """A rollback: what was still waiting from the undone steps is dropped, and every prompt counts
    as not posted (a reopened prompt is posted again)."""
    yield Run(
        "UPDATE deliveries SET state = 2 WHERE game_id = ? AND state = 0 AND batch IS NULL AND step > ?",
        (game_id, to_step),
    )
    yield Run("UPDATE deliveries SET prompt_id = NULL WHERE game_id = ? AND prompt_id IS NOT NULL", (game_id,))
    yield Run("DELETE FROM prompt_messages WHERE game_id = ?", (game_id,))


def claim_program(ids: list[int], batch: int, carrier: int | None = None, again: bool = False) -> Program[bool]:
    marks = ",".join("?" * len(ids))
    found = yield Rows(f"SELECT batch, state FROM deliveries WHERE id IN ({marks})", tuple(ids))
    if not claimable(found, len(set(ids)), batch, again):
        return False
    yield RunMany("UPDATE deliveries SET batch = ?, carrier = ? WHERE id = ?", [(batch, carrier, i) for i in ids])
    return True


def claimable(found: Sequence[Sequence[Any]], count: int, batch: int, again: bool = False) -> bool:
    """Whether rows read as (batch, state) may be claimed as `batch`: every one still there, waiting, and claimed by
    no message (`again`: or by this same claim, made before when its saving met the database away, its outcome
    unknown). A row claimed or sent already is another queued copy's to send: this process holds the row twice after
    it took back, from a process that died, rows it had queued before losing them to that one (the full scale run).
    Only a claim made again may find its own batch: a fresh one finding it is another copy's claim that happens to
    start at the same row (a batch is its first row), whose nonce would make Discord return that message instead."""
    return len(found) == count and all(row_claimable(claimed, state, batch, again) for claimed, state in found)


def row_claimable(claimed: int | None, state: int, batch: int | None, again: bool) -> bool:
    """One row of `claimable`: waiting, and claimed by no message (`again`: or by `batch`, this same claim)."""
    return state == 0 and (claimed is None or (again and claimed == batch))


def finish_program(ids: list[int], state: int, prompts: list[tuple[int, str, int, int]]) -> Program[None]:
    yield RunMany("UPDATE deliveries SET state = ? WHERE id = ?", [(state, i) for i in ids])
    yield from record_prompts([(game, prompt, channel, message, 0) for game, prompt, channel, message in prompts])


def record_prompts(rows: list[tuple[int, str, int | None, int | None, int]]) -> Program[None]:
    """(game, prompt, channel, message, failed): a prompt recorded again moves to the end of the
    order (as SQLite's INSERT OR REPLACE did: delete, then insert with a new rowid)."""
    if not rows:
        return
    yield RunMany("DELETE FROM prompt_messages WHERE game_id = ? AND prompt_id = ?", [r[:2] for r in rows])
    yield RunMany(
        "INSERT INTO prompt_messages (game_id, prompt_id, channel_id, message_id, failed) VALUES (?,?,?,?,?)", rows
    )


def results_program(
    rows: list[tuple[Any, ...]], then: Write[T] | None = None, *, only_if_missing: bool = False
) -> Program[T | None]:
    """(game, guild, game name, user, seat, score, won, at, roles) of a finished game's seats; then, in the
    same transaction, `then` (the game's ratings: bot/ratings/record.py), whose answer it gives.
    `only_if_missing`: nothing at all when the game has results already (a start-up's recovery, which
    another process may have done first: ratings and achievements are counted once)."""
    if only_if_missing and rows and (yield Rows("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (rows[0][0],))):
        return None
    yield RunMany(
        "INSERT INTO results (game_id, guild_id, game, user_id, seat, score, won, at, roles)"
        " VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id, seat) DO UPDATE SET guild_id = excluded.guild_id,"
        " game = excluded.game, user_id = excluded.user_id, score = excluded.score, won = excluded.won,"
        " at = excluded.at, roles = excluded.roles",
        rows,
    )
    if then is None:
        return None
    return (yield from then())


Outcome = tuple[Any, BaseException | None]
"""What one program of a batch came to: its answer, or the error that undid it alone."""


Settle = Callable[[list[Outcome] | None, BaseException | None], None]
"""Called on the event loop with a batch's outcomes, or with the error that undid the whole batch."""
Submit = Callable[[list[Write[Any]], Settle], None]
"""Starts a batch's transaction; the backend settles it when it is over."""


def submit_as_task(run_batch: Callable[[list[Write[Any]]], Awaitable[list[Outcome]]]) -> Submit:
    """A backend that awaits its batch on the event loop (PostgreSQL): each batch a task, settled at its end."""
    running: set[asyncio.Task[None]] = set()

    def submit(writes: list[Write[Any]], settle: Settle) -> None:
        async def run() -> None:
            try:
                outcomes = await run_batch(writes)
            except BaseException as error:
                settle(None, error)
                return
            settle(outcomes, None)

        task = asyncio.create_task(run())
        running.add(task)
        task.add_done_callback(running.discard)

    return submit


class GroupCommit:
    """Durable writes, several per transaction. Writes that arrive while a commit is under way share
    the next transaction and its one fsync; one that fails (a duplicate input) is undone alone and
    its caller gets the error (SQLite runs each write in a savepoint; PostgreSQL, where a savepoint
    costs a round trip, runs the batch again without it). With `parallel` > 1 up to that many
    transactions are under way at once (PostgreSQL: one per writer connection; the writes of one
    game never meet there, the table's game lock holds each until it is saved).

    A batch starts on the event loop's next pass (the writes of this one share it) and is settled by a
    plain callback: SQLite's thread schedules it itself, so each writer resumes on the pass after the
    commit, with no task of the group commit's own to wake in between. With `flush_after`, a pass that runs
    long (a burst of players' steps, each rendering and checking before it writes) does not keep its first
    writes for its end: once the oldest pending write has waited that long, the next write starts the batch
    of all pending writes at once, when one may start; the writer commits it while the loop goes on."""

    def __init__(self, submit: Submit, parallel: int = 1, flush_after: float | None = None) -> None:
        self._submit = submit
        self._parallel = parallel
        self._flush_after = flush_after
        self._pending: list[tuple[Write[Any], asyncio.Future[Any]]] = []
        self._pending_since = 0.0
        """When the oldest pending write was queued (perf_counter)."""
        self._under_way = 0
        self._starting = False
        self._idle: asyncio.Future[None] | None = None

    async def write(self, write: Write[T]) -> T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        if not self._pending:
            self._pending_since = time.perf_counter()
        self._pending.append((write, done))
        if self._under_way < self._parallel:
            if self._flush_after is not None and time.perf_counter() - self._pending_since >= self._flush_after:
                self._start()  # a long pass: what waited that long goes now, not at the pass's end
            elif not self._starting:
                self._starting = True
                loop.call_soon(self._start_soon)
        return await done

    async def drain(self) -> None:
        """Wait for the commits under way (closing the storage)."""
        while self._starting or self._under_way or self._pending:
            if self._idle is None or self._idle.done():
                self._idle = asyncio.get_running_loop().create_future()
            await self._idle

    def _start_soon(self) -> None:
        self._starting = False
        self._start()

    def _start(self) -> None:
        while self._pending and self._under_way < self._parallel:
            batch, self._pending = self._pending, []
            self._under_way += 1
            settle = functools.partial(self._settle, batch, time.perf_counter())
            try:
                self._submit([write for write, _ in batch], settle)
            except Exception as error:  # not started: its writers hear why
                settle(None, error)

    def _settle(
        self, batch: list[tuple[Write[Any], asyncio.Future[Any]]], started: float,
        outcomes: list[Outcome] | None, failure: BaseException | None,
    ) -> None:
        self._under_way -= 1
        if outcomes is None:  # the whole transaction failed: nobody's write is saved
            for _, done in batch:
                if not done.done():
                    done.set_exception(failure or RuntimeError("a batch settled with neither outcomes nor error"))
        else:
            metrics.committed(time.perf_counter() - started)
            for (_, done), (result, error) in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(result)
                else:
                    done.set_exception(error)
        self._start()
        if not (self._under_way or self._pending) and self._idle is not None and not self._idle.done():
            self._idle.set_result(None)
