"""The table's core: the games in memory (a cache of the database), each game's lock across processes, and
the one path every step takes once it is checked: save (state, log, deadlines and deliveries in one
transaction), then deliver to the listeners. bot/table/__init__.py tells how the table is laid out."""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial, wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot import metrics
from bot.live import (
    DUPLICATE,
    GAME_OVER,
    Delivery,
    Listener,
    LiveGame,
    Outcome,
    ParsedStates,
    Planner,
    Reloaded,
    Seat,
    Step,
)
from bot.ratings.live import game_record
from bot.ratings.record import record_program
from bot.storage import ActionRow, DeadlineRow, EventRow, GameRow, IntegrityError, Storage, log_failure
from bot.table.limits import (
    CHANGES_BURST,
    CHANGES_PER_SECOND,
    STATE_IDLE_SECONDS,
    STATES_KEPT,
    TokenBucket,
    phase_length,
    reminder_lead,
)
from bot.waiting import Alarm
from games import registry
from games.core import Event, GameState

log = logging.getLogger(__name__)


Args = ParamSpec("Args")
TableT = TypeVar("TableT", bound="TableCore")


def on_running_game(
    method: Callable[Concatenate[TableT, LiveGame, Args], Awaitable[Outcome]],
) -> Callable[Concatenate[TableT, int, Args], Awaitable[Outcome]]:
    """A step on a running game, by its id: the method runs under the game's lock, and a game that
    is not running (or ended while this waited for the lock) answers GAME_OVER.

    A step given an `input_key` (the interaction that asked for it) is applied once: the key is
    checked here under the lock and recorded by the step in its action row, in the step's own
    transaction (unique per game, as a click's); a repeat answers DUPLICATE and changes nothing."""

    @wraps(method)
    async def on_game(table: TableT, game_id: int, /, *args: Args.args, **kwargs: Args.kwargs) -> Outcome:
        input_key = kwargs.get("input_key")
        key = input_key if isinstance(input_key, str) else None
        game = await table._running(game_id)
        if game is None:  # e.g. a second /gm end: the first one ended it
            return DUPLICATE if await table._applied(game_id, key) else GAME_OVER
        async with table.hold(game):
            if await table._applied(game.id, key):
                return DUPLICATE
            if not game.running:
                return GAME_OVER
            try:
                return await method(table, game, *args, **kwargs)
            except IntegrityError:  # the unique key caught a repeat the check could not see
                if not await table._applied(game.id, key):
                    raise  # a broken row, not a repeated input: never report a fault as "already done"
                return DUPLICATE

    return on_game


class TableCore:
    """What every step stands on: the games in memory and their locks, and the one way a step is saved
    (`_save`, or `_table_step` for a step that changes no state) and then delivered to the listeners."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        use_deadlines: bool = True,
        planner: Planner | None = None,
        listeners: Iterable[Listener] = (),
        reloaded: Iterable[Reloaded] = (),
        states_kept: int = STATES_KEPT,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.use_deadlines = use_deadlines
        self.games: dict[int, LiveGame] = {}
        self.states = ParsedStates(states_kept, STATE_IDLE_SECONDS, clock)
        """The games whose states stay parsed (the most recently used); the others are parsed again when used."""
        self.planner = planner
        """Turns a step into the delivery rows saved with it (Discord's: bot/discord/planning.py)."""
        self.listeners: list[Listener] = list(listeners)
        """Told each saved step, in order (a cog may listen while it is loaded)."""
        self.reloaded: list[Reloaded] = list(reloaded)
        self.deadlines_changed = Alarm()
        """Set when deadlines may have changed; a step's new deadlines say when they fall due."""
        self.changes = TokenBucket(CHANGES_BURST, CHANGES_PER_SECOND)
        """Re-answers of changeable choices, per game and seat (memory only: a limit, not state)."""

    def _current(self, game: LiveGame, version: int | None) -> bool:
        """Whether the copy is the saved `version`. Writes of this process outside a step (what it sent, a
        reminder's rows: `Storage.moved`) move a game on by one version each: a copy that was current just
        before them is current after them, so it is not reloaded; any other is, when next held."""
        own = self.storage.moved.get(game.id)
        while own and game.version + 1 in own:
            game.version += 1
        if own is not None:
            own.difference_update(range(min(own, default=0), game.version + 1))
            if not own:
                del self.storage.moved[game.id]
        return version is None or version == game.version

    # --- loading ----------------------------------------------------------------------------
    def _live(self, row: GameRow) -> LiveGame:
        engine = registry.engine(row.game)
        assert row.state is not None
        return LiveGame(
            row=row,
            engine=engine,
            seats=[Seat.model_validate(s) for s in row.seats],
            version=row.version,
            kept=self.states,
        )

    async def load_unfinished(self, mine: Callable[[GameRow], bool] | None = None) -> list[LiveGame]:
        """At start-up: every running game into memory (deadlines are already rows); with `mine`, only those (a
        process of several: its own shards' games, the others when it uses them; the rows it takes at its start are
        its own shards' games'). A restart of one of the scale run's four processes loaded all 2,000 games."""
        rows = [row for row in await self.storage.games_with_status("running") if mine is None or mine(row)]
        dues = await self.storage.all_dues()
        for row in rows:
            if row.id not in self.games:
                self.games[row.id] = self._live(row)
                self.games[row.id].dues = dues.get(row.id, {})
        self.deadlines_changed.set()
        return [self.games[r.id] for r in rows]

    async def get(self, game_id: int) -> LiveGame | None:
        """The game, up to date with what was saved (another process may have moved it; a game
        being worked on here is as its holder leaves it)."""
        game = self.games.get(game_id)
        if game is not None:
            if self.storage.shared and not game.lock.locked() and \
                    not self._current(game, await self.storage.game_version(game_id)):
                async with self.hold(game):  # reloads it
                    pass
            return game
        row = await self.storage.load_game(game_id)
        if row is None or row.state is None:
            return None
        game = self._live(row)
        game.dues = {d.prompt_id: d.due for d in await self.storage.deadlines(game_id)}
        if game.running:
            self.games[game_id] = game
            if self.storage.shared:  # another process made or moved it: what it posted is known there
                await self._tell_reloaded(game)
        return game

    # --- the game's lock, across processes ------------------------------------------------------
    def hold(self, game: LiveGame, *, catch_up: bool = True) -> AbstractAsyncContextManager[Any]:
        """The game's lock, for a check → apply → save. When other processes share the database it
        is also the database's lock on the game, and the game is brought up to date first (unless it
        is one being set up here, `catch_up=False`). The holder checks `game.running` again."""
        if not self.storage.shared:
            return game.lock  # one process: the lock alone, as it always was
        return self._hold_shared(game, catch_up=catch_up)

    @asynccontextmanager
    async def _hold_shared(self, game: LiveGame, *, catch_up: bool) -> AsyncIterator[None]:
        async with game.lock:
            metrics.phase("lock")
            async with self.storage.game_lock(game.id) as (version, game.behind):
                metrics.phase("database-lock")
                if catch_up and not self._current(game, version):
                    await self._reload(game)
                metrics.phase("catch-up")
                yield

    async def _reload(self, game: LiveGame) -> None:
        """Another process moved the game on: its row, seats, deadlines and (when it changed) state
        as saved; a game it ended leaves memory."""
        row = await self.storage.load_game(game.id)
        if row is None:
            return
        if row.state != game.row.state:
            game._state = None  # parsed again when next used
        if game._state is None:
            row.pack_state()
        game.row = row
        game.seats = [Seat.model_validate(s) for s in row.seats]
        game.dues = {d.prompt_id: d.due for d in await self.storage.deadlines(game.id)}
        game.version = row.version
        if not game.running:
            self._gone(game.id)
            self.changes.forget(lambda key: key[0] == game.id)
        await self._tell_reloaded(game)

    def _gone(self, game_id: int) -> None:
        """The game is no longer live here (it ended): it leaves memory."""
        self.games.pop(game_id, None)
        self.states.forget(game_id)

    async def _tell_reloaded(self, game: LiveGame) -> None:
        for told in self.reloaded:
            try:
                await told(game)
            except Exception as error:  # a stale cache elsewhere must never block the game
                log_failure(log, error, "game %s: a reload listener failed", game.id)

    def _saved(self, game: LiveGame, version: int | None) -> None:
        """A write of ours moved the game to `version` (None: one process per database)."""
        if version is not None:
            game.version = version

    async def meta(self, game_id: int) -> dict[str, Any]:
        """The game's meta as this process holds it (a game not running here: as saved)."""
        game = self.games.get(game_id)
        if game is not None:
            return dict(game.row.meta)
        row = await self.storage.load_game(game_id)
        return dict(row.meta) if row is not None else {}

    async def update_meta(self, game: LiveGame | int, key: str, change: Any, *, held: bool = False) -> Any:
        """The one writer of a game's meta beside the steps (what the Discord layer keeps with a game: its
        messages, its channel's overwrites, its thread, its webhooks, its voice mutes, its spectators, a
        lobby's announcement): the field `key` becomes `change` (a function of its current value, or the
        value itself; None removes it), saved, and returned. Under the game's lock (`held`: the caller holds
        it, `hold`) and, when other processes share the database, on the latest saved meta, the game's
        version moving with the write (no process reloads it for that). A game not running here (a lobby, a
        finished game) is changed as saved."""
        live = game if isinstance(game, LiveGame) else self.games.get(game)
        if live is None:
            assert isinstance(game, int)
            async with self.storage.game_lock(game) if self.storage.shared else contextlib.nullcontext():
                row = await self.storage.load_game(game)
                if row is None:
                    return None
                value = self._meta_change(row.meta, key, change)
                await self.storage.update_game(game, meta=row.meta)
                return value
        if held:
            return await self._write_meta(live, key, change)
        async with self.hold(live):
            return await self._write_meta(live, key, change)

    async def _write_meta(self, game: LiveGame, key: str, change: Any) -> Any:
        value = self._meta_change(game.row.meta, key, change)
        await self.storage.update_game(game.id, meta=game.row.meta)
        if self.storage.shared:
            game.version += 1  # nobody else writes the game while we hold it
        return value

    @staticmethod
    def _meta_change(meta: dict[str, Any], key: str, change: Any) -> Any:
        value = change(meta.get(key)) if callable(change) else change
        if value is None:
            meta.pop(key, None)
        else:
            meta[key] = value
        return value

    async def _save(
        self,
        game: LiveGame,
        state: GameState,
        actions: list[ActionRow],
        events: list[Event],
        *,
        extra_fields: dict[str, Any] | None = None,
        undo_from_step: int | None = None,
        inline: str | None = None,
    ) -> Step:
        """Commit the step, then (only then) make it the game's state in memory; returns it, with its saved
        rows (`inline`: the order sheet whose message the caller shows the step in itself, `Step.inline`)."""
        fields: dict[str, Any] = {"state": game.engine.dump(state), "step": state.step, **(extra_fields or {})}
        finished = state.over and game.row.status == "running"
        if finished:
            fields["status"] = "finished"
        deadlines, keep = self._deadline_rows(game, state)
        dues = {d.prompt_id: d.due for d in deadlines} | {k: v for k, v in game.dues.items() if k in keep}
        step = self._plan(game, state, events, dues=dues, fields=fields, rolled_back=undo_from_step is not None,
                          inline=inline)
        # the saved deadline rows are those of `game.dues`: only new ones are written, and rows are
        # dropped only when some prompt left (most steps change neither)
        new_deadlines = deadlines
        asked = time.perf_counter()
        version = await self.storage.commit_step(
            game.id,
            game_fields=fields,
            actions=actions,
            events=[EventRow(key=e.key, params=e.params, audience=e.to, at=self.clock()) for e in events],
            deadlines=new_deadlines,
            keep_prompts=keep if any(prompt_id not in keep for prompt_id in game.dues) else None,
            undo_from_step=undo_from_step,
            deliveries=step.rows,
        )
        metrics.step_saved(time.perf_counter() - asked)
        self._saved(game, version)
        game.outgoing = step
        game.state = state
        game.dues = dues
        game.row.step = state.step
        game.row.state = fields["state"]
        for key in ("status", "seats", "options", "seed"):
            if key in fields:
                setattr(game.row, key, fields[key])
        if finished:
            await self._record_results(game)
            self._gone(game.id)
        if new_deadlines:  # a deadline that left wakes nothing: at worst the scheduler wakes for it and finds nothing
            self.deadlines_changed.set(at=min(d.wakes_at for d in new_deadlines))
        return step

    def _deadline_rows(self, game: LiveGame, state: GameState) -> tuple[list[DeadlineRow], list[str]]:
        """The deadline rows of the step's new prompts (a prompt that has one keeps it: `game.dues`), and the
        prompts whose deadlines stay."""
        if state.over or not self.use_deadlines:
            return [], []
        now = self.clock()
        rows = []
        group_dues: dict[str, float] | None = None
        for prompt in state.prompts:
            if prompt.id in game.dues or game.seats[prompt.seat].bot:
                continue
            seconds = phase_length(game.engine.day_phases, game.row.meta, prompt.deadline, now,
                                   game.engine.deadline_seconds(state, prompt.deadline))
            lead = reminder_lead(seconds)
            if group_dues is None:  # a move's later steps keep the deadline of its first step
                group_dues = {
                    p.deadline_group: game.dues[p.id]
                    for p in game.state.prompts
                    if p.deadline_group is not None and p.id in game.dues
                }
            due = group_dues.get(prompt.deadline_group) or now + seconds
            remind = None if lead is None else due - lead
            if remind is not None and remind <= now:
                remind = None  # a later step of a move whose reminder time has passed: not reminded again
            rows.append(DeadlineRow(game.id, prompt.id, prompt.seat, due, remind))
        return rows, [p.id for p in state.prompts]

    async def record_missing_results(self) -> int:
        """At start-up, before the saved deliveries go out: the results (ratings, achievements) of every
        game whose final step was saved by a process that stopped before saving them, dated when the game
        ended. Each game's under its lock and only if still missing, so several processes count it once."""
        recorded = 0
        for row in await self.storage.finished_without_results():
            if row.state is None:
                continue
            async with self.storage.game_lock(row.id):
                recorded += await self._record_results(self._live(row), at=row.updated_at, only_if_missing=True)
        return recorded

    async def _record_results(self, game: LiveGame, *, at: float | None = None, only_if_missing: bool = False) -> int:
        """1 when the game has results to record (0: a game without results, e.g. ended by a moderator)."""
        def player_of(game: LiveGame, i: int) -> int | None:  # an absent player's seat is still theirs
            held = game.seats[i]
            if not held.bot:
                return held.user_id
            return ((game.row.meta.get("absent") or {}).get(str(i)) or {}).get("user_id")

        results = game.engine.results(game.state)
        if results is None:
            return 0
        at = self.clock() if at is None else at
        seats = [s.model_dump() for s in game.seats]
        record = await game_record(self.storage, game.row, seats, game.state, results, at)
        await self.storage.record_results(game.row, [
            (player_of(game, i), results.scores[i], i in results.winners,
             None if results.roles is None else results.roles[i])
            for i in range(len(game.seats))
        ], at, then=partial(record_program, record), only_if_missing=only_if_missing)
        return 1

    def _plan(
        self,
        game: LiveGame,
        state: GameState,
        events: list[Event],
        *,
        dues: dict[str, float] | None = None,
        fields: dict[str, Any] | None = None,
        reminder_for: list[int] | None = None,
        rolled_back: bool = False,
        inline: str | None = None,
    ) -> Step:
        """What the step will deliver, as rows to save with it (`fields`: the game's changed fields)."""
        fields = fields or {}
        step = Step(
            game, state, events, game.dues if dues is None else dues, fields.get("status", game.row.status),
            bool(fields.get("paused", game.row.paused)), reminder_for or [], rolled_back, inline=inline,
        )
        if self.planner is not None:
            game.naming = state
            try:
                rows = self.planner(step)
                for row in rows:  # a body that cannot be saved must fail here, not the step's commit
                    json.dumps(row.body)
                step.rows = rows
            except Exception:  # a broken renderer must never block a step
                log.exception("game %s: planning its deliveries failed", game.id)
            finally:
                game.naming = None
        return step

    async def _deliver(self, game: LiveGame, events: list[Event], reminder_for: list[int] | None = None) -> None:
        delivery = Delivery(game, events, reminder_for or [], game.outgoing)
        game.outgoing = None
        for listener in self.listeners:
            try:
                await listener(delivery)
            except Exception:  # a broken renderer must never lose or block a saved step
                log.exception("game %s: a listener failed", game.id)

    async def _running(self, game_id: int) -> LiveGame | None:
        game = await self.get(game_id)
        return game if game is not None and game.running else None

    async def _applied(self, game_id: int, input_key: str | None) -> bool:
        """Whether the input was already applied to the game (its action row holds the key)."""
        return input_key is not None and await self.storage.input_seen(game_id, input_key)


    # --- a step beside the rules (a moderator's, a notice) -------------------------------------
    async def _table_step(
        self,
        game: LiveGame,
        op: str,
        events: list[Event],
        actor_id: int | None,
        *,
        game_fields: dict[str, Any] | None = None,
        shift: float | None = None,
        input_key: str | None = None,
        **payload: Any,
    ) -> None:
        """A moderator's step: the game's changed fields, any deadline shift, the logged action
        and its events in ONE transaction (a crash leaves all of it or none). `input_key`: the
        interaction that asked for it, in the logged action (applied once: `on_running_game`)."""
        row = ActionRow(
            kind="table", step=game.state.step, actor_id=actor_id, payload={"op": op, **payload}, input_key=input_key
        )
        dues = {k: v + shift for k, v in game.dues.items()} if shift else None
        step = self._plan(game, game.state, events, dues=dues, fields=game_fields)
        version = await self.storage.commit_step(
            game.id, game_fields=game_fields or {}, actions=[row],
            events=[EventRow(key=e.key, params=e.params, audience=e.to, at=self.clock()) for e in events],
            shift_deadlines=shift, deliveries=step.rows,
        )
        self._saved(game, version)
        game.outgoing = step
        fields = game_fields or {}
        if "paused" in fields:
            game.row.paused = bool(fields["paused"])
        if "meta" in fields:
            game.row.meta.clear()
            game.row.meta.update(fields["meta"])
        if shift:
            game.dues = {k: v + shift for k, v in game.dues.items()}
            self.deadlines_changed.set()
        await self._deliver(game, events)
