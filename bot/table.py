"""The table: runs games. Every input — a player's answer, a deadline, a moderator — goes
through one path under the game's lock: check → apply → save (state, log and deadlines in one
transaction) → deliver the new events to the listeners (Discord, the terminal).

Memory is only a cache of the database: a game can always be rebuilt from its row, and its
state can always be rebuilt by replaying its log from the seed.

Several bot processes may share one PostgreSQL database (each running some of the gateway shards,
`Storage.shared`): then the game's lock (`hold`) is also the database's lock on the game, and a
process whose copy of the game is older than the saved one (its version) reloads it first.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from bot import metrics
from bot.live import (
    DUPLICATE,
    GAME_OVER,
    Delivery,
    Listener,
    LiveGame,
    Outcome,
    Planner,
    Reloaded,
    Seat,
    Step,
)
from bot.storage import ActionRow, DeadlineRow, EventRow, GameRow, IntegrityError, Storage
from bot.waiting import Alarm
from games import registry
from games.core import Action, Event, GameState, IllegalAction, Prompt, Refusal, seat
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL
from games.core.orders import BACK, CANCEL, untouched
from games.core.rng import derived

log = logging.getLogger(__name__)


Args = ParamSpec("Args")



def on_running_game(
    method: Callable[Concatenate[Table, LiveGame, Args], Awaitable[Outcome]],
) -> Callable[Concatenate[Table, int, Args], Awaitable[Outcome]]:
    """A step on a running game, by its id: the method runs under the game's lock, and a game that
    is not running (or ended while this waited for the lock) answers GAME_OVER.

    A step given an `input_key` (the interaction that asked for it) is applied once: the key is
    checked here under the lock and recorded by the step in its action row, in the step's own
    transaction (unique per game, as a click's); a repeat answers DUPLICATE and changes nothing."""

    @wraps(method)
    async def on_game(table: Table, game_id: int, /, *args: Args.args, **kwargs: Args.kwargs) -> Outcome:
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


CHANGES_BURST = 10
CHANGES_PER_SECOND = 1 / 3
"""A player may change a changeable choice 10 times at once, then once every 3 seconds."""
EXPIRY_RETRY_SECONDS = 60.0
"""When a deadline's default action is refused (a game bug), it is tried again this much later."""


class TokenBucket:
    """A token bucket per key: `take` spends one token, or says how many seconds until one is back."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self.buckets: dict[Any, tuple[float, float]] = {}

    def take(self, key: Any, now: float) -> int:
        tokens, at = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.per_second)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return max(1, math.ceil((1 - tokens) / self.per_second))
        self.buckets[key] = (tokens - 1, now)
        return 0

    def forget(self, match: Callable[[Any], bool]) -> None:
        for key in [k for k in self.buckets if match(k)]:
            del self.buckets[key]


REMINDER_LEAD_MAX = 3 * 3600.0
"""The earliest a reminder comes: 3 hours before a deadline (a forum day of 24 h)."""


def reminder_lead(seconds: float) -> float | None:
    """How long before a deadline players are reminded: a quarter of a short time (10–60 s: a 90 s
    choice, 22.5 s before), an eighth of a long one (a live night of 15 min, ~2 min before; a forum
    night of 12 h, 1.5 h; a forum day of 24 h, 3 h), never more than 3 hours."""
    if seconds < 20:
        return None
    return max(10.0, min(seconds / 4, max(60.0, seconds / 8), REMINDER_LEAD_MAX))


class Table:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        use_deadlines: bool = True,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.use_deadlines = use_deadlines
        self.games: dict[int, LiveGame] = {}
        self.listeners: list[Listener] = []
        self.reloaded: list[Reloaded] = []
        self.planner: Planner | None = None
        self.deadlines_changed = Alarm()
        """Set when deadlines may have changed; a step's new deadlines say when they fall due."""
        self.changes = TokenBucket(CHANGES_BURST, CHANGES_PER_SECOND)
        """Re-answers of changeable choices, per game and seat (memory only: a limit, not state)."""
        storage.versions_moved = self._moved_here

    def _moved_here(self, versions: dict[int, int]) -> None:
        """This process moved games on outside a step (what it sent, a reminder's rows): a copy that
        was current just before is current now (versions go up by one per write), so it is not
        reloaded; any other is, when next held."""
        for game_id, version in versions.items():
            game = self.games.get(game_id)
            if game is not None and game.version == version - 1:
                game.version = version

    # --- loading ----------------------------------------------------------------------------
    def _live(self, row: GameRow) -> LiveGame:
        engine = registry.engine(row.game)
        assert row.state is not None
        return LiveGame(
            row=row,
            engine=engine,
            seats=[Seat.model_validate(s) for s in row.seats],
            version=row.version,
        )

    async def load_unfinished(self) -> list[LiveGame]:
        """At start-up: every running game into memory (deadlines are already rows)."""
        rows = await self.storage.games_with_status("running")
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
                    await self.storage.game_version(game_id) != game.version:
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
        async with game.lock, self.storage.game_lock(game.id) as (version, game.behind):
            if catch_up and version is not None and version != game.version:
                await self._reload(game)
            yield

    async def _reload(self, game: LiveGame) -> None:
        """Another process moved the game on: its row, seats, deadlines and (when it changed) state
        as saved; a game it ended leaves memory."""
        row = await self.storage.load_game(game.id)
        if row is None:
            return
        if row.state != game.row.state:
            game._state = None  # parsed again when next used
        game.row = row
        game.seats = [Seat.model_validate(s) for s in row.seats]
        game.dues = {d.prompt_id: d.due for d in await self.storage.deadlines(game.id)}
        game.version = row.version
        if not game.running:
            self.games.pop(game.id, None)
            self.changes.forget(lambda key: key[0] == game.id)
        await self._tell_reloaded(game)

    async def _tell_reloaded(self, game: LiveGame) -> None:
        for told in self.reloaded:
            try:
                await told(game)
            except Exception:  # a stale cache elsewhere must never block the game
                log.exception("game %s: a reload listener failed", game.id)

    def _saved(self, game: LiveGame, version: int | None) -> None:
        """A write of ours moved the game to `version` (None: one process per database)."""
        if version is not None:
            game.version = version

    async def update_meta(self, game: LiveGame, **changes: Any) -> None:
        """Change fields of the game's meta (None removes one; a callable gets the current value)
        and save it — from outside the table (the Discord layer's message ids). When other processes
        share the database, under the game's lock and on the latest saved meta."""

        async def change() -> None:
            for key, value in changes.items():
                value = value(game.row.meta.get(key)) if callable(value) else value
                if value is None:
                    game.row.meta.pop(key, None)
                else:
                    game.row.meta[key] = value
            await self.storage.update_game(game.id, meta=game.row.meta)

        if not self.storage.shared:
            await change()
            return
        async with self.hold(game):
            await change()
            game.version += 1  # nobody else writes the game while we hold it

    # --- starting ---------------------------------------------------------------------------
    async def start(
        self,
        game_name: str,
        seats: list[Seat],
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        language: str = "en",
        guild_id: int | None = None,
        channel_id: int | None = None,
        host_id: int | None = None,
        meta: dict[str, Any] | None = None,
        lobby_id: int | None = None,
        input_key: str | None = None,
    ) -> LiveGame:
        """Set up a game and save it; raises IllegalAction for a bad player count or house rule.
        `input_key` (the interaction that started it) goes in the start action: a repeat raises
        IntegrityError and starts nothing."""
        engine = registry.engine(game_name)
        parsed = engine.parse_options(options)
        seed = seed if seed is not None else secrets.randbits(48)
        joins = [s.join for s in seats]
        state, events = engine.setup(len(seats), parsed, seed, joins)
        if any(joins):  # replay and rollback deal from these even after seats change hands
            meta = {**(meta or {}), "joins": joins}
        options_data = parsed.model_dump(mode="json")
        seats_data = [s.model_dump() for s in seats]
        if lobby_id is None:
            game_id = await self.storage.create_game(
                game=game_name, status="lobby", seed=seed, options=options_data, seats=seats_data,
                language=language, guild_id=guild_id, channel_id=channel_id, host_id=host_id, meta=meta,
            )
        else:
            game_id = lobby_id
        row = GameRow(
            id=game_id, game=game_name, status="running", guild_id=guild_id, channel_id=channel_id,
            host_id=host_id, language=language, seed=seed, options=options_data, seats=seats_data,
            state=engine.dump(state), step=state.step, paused=False, meta=meta or {},
            created_at=self.clock(), updated_at=self.clock(),
        )
        game = LiveGame(row=row, engine=engine, seats=list(seats), _state=state)
        async with self.hold(game, catch_up=False):  # its row is still the lobby's: nothing to catch up
            self.games[game_id] = game
            start_payload: dict[str, Any] = {"op": "start", "seed": seed}
            if any(joins):
                start_payload["joins"] = joins
            start_action = ActionRow(kind="table", step=0, payload=start_payload, input_key=input_key)
            try:
                await self._save(
                    game, state, [start_action], events,
                    extra_fields={
                        "status": "running", "seed": seed, "options": options_data, "seats": seats_data,
                        "meta": game.row.meta,
                    },
                )
            except BaseException:  # nothing was started: no game in memory either
                self.games.pop(game_id, None)
                raise
            await self._deliver(game, events)
            await self._run_bots(game)
        return game

    # --- the one path for inputs --------------------------------------------------------------
    async def act(
        self,
        game_id: int,
        seat_number: int,
        action: Any,
        *,
        input_key: str | None = None,
        actor_id: int | None = None,
    ) -> Outcome:
        game = self.games.get(game_id) or await self.get(game_id)  # `hold` brings a cached one up to date
        if game is None:
            return Outcome(Refusal(key="error-no-game"))
        async with self.hold(game):
            outcome = await self._act_locked(game, seat_number, action, input_key=input_key, actor_id=actor_id)
            if outcome.ok:
                await self._run_bots(game)
            return outcome

    async def _act_locked(
        self,
        game: LiveGame,
        seat_number: int,
        action: Any,
        *,
        input_key: str | None = None,
        actor_id: int | None = None,
        by_bot: bool = False,
        extra_events: list[Event] | None = None,
        missed: bool = False,
    ) -> Outcome:
        """`missed`: the answer is a deadline's default (counted against the absent-player rule)."""
        if not game.running:
            return Outcome(Refusal(key="error-game-over"))
        if game.row.paused:
            return Outcome(Refusal(key="error-paused"))
        try:  # apply checks first and changes nothing when it refuses
            new_state, events = game.engine.apply(game.state, seat_number, action)
        except IllegalAction as error:
            return Outcome(error.refusal)
        action = action if isinstance(action, Action) else Action.model_validate(action)
        before = game.state.prompt(action.prompt)
        changing = before is not None and before.answered  # a changeable choice given again
        if changing and new_state.model_copy(update={"step": game.state.step}) == game.state:
            if input_key is not None and await self.storage.input_seen(game.id, input_key):
                return Outcome(Refusal(key="error-duplicate"))  # the same interaction delivered twice
            return Outcome()  # the choice already made: nothing to save, log or show
        # going back on an order sheet (Back, Cancel) changes it as much as a changed choice does
        navigating = before is not None and before.sheet is not None and action.value in (BACK, CANCEL)
        if (changing or navigating) and not by_bot:
            wait = self.changes.take((game.id, seat_number), self.clock())
            if wait:
                return Outcome(Refusal(key="error-too-many-changes", params={"seconds": wait}))
        events = (extra_events or []) + events
        row = ActionRow(
            kind="play", step=game.state.step, seat=seat_number, actor_id=actor_id,
            payload=action.model_dump(), by_bot=by_bot, input_key=input_key,
        )
        meta = self._misses_meta(game, seat_number, before, missed=missed, by_bot=by_bot)
        try:
            await self._save(game, new_state, [row], events, extra_fields=None if meta is None else {"meta": meta})
        except IntegrityError:
            if input_key is None or not await self.storage.input_seen(game.id, input_key):
                raise  # a broken row, not a repeated input: never report a fault as "already done"
            return Outcome(Refusal(key="error-duplicate"))
        if meta is not None:
            game.row.meta.clear()
            game.row.meta.update(meta)
        if not game.running:
            self.changes.forget(lambda key: key[0] == game.id)
        await self._deliver(game, events)
        return Outcome(events=events)

    # --- absent players -----------------------------------------------------------------------
    @staticmethod
    def _misses_meta(
        game: LiveGame, seat_number: int, prompt: Prompt | None, *, missed: bool, by_bot: bool
    ) -> dict[str, Any] | None:
        """The game's meta with the seat's count of deadlines missed in a row brought up to date
        (None: unchanged). A missed deadline counts once for all the steps of one move (its
        deadline group); the player's own answer starts the count again."""
        misses = dict(game.row.meta.get("misses") or {})
        key = str(seat_number)
        if missed:
            entry = dict(misses.get(key) or {"count": 0, "group": None})
            group = prompt.deadline_group if prompt is not None else None
            if group is None or group != entry.get("group"):
                entry = {"count": int(entry["count"]) + 1, "group": group}
            misses[key] = entry
        elif not by_bot and key in misses:
            del misses[key]
        else:
            return None
        return {**{k: v for k, v in game.row.meta.items() if k != "misses"}, **({"misses": misses} if misses else {})}

    async def _absent_check(self, game: LiveGame, seat_number: int) -> None:
        """The house rule for absent players (the server's `absent_after`): after that many
        deadlines missed in a row a bot player takes the seat, until its player says /back."""
        if not game.running or game.row.guild_id is None or game.seats[seat_number].bot:
            return
        limit = int((await self.storage.guild_settings(game.row.guild_id)).get("absent_after") or 0)
        count = int(((game.row.meta.get("misses") or {}).get(str(seat_number)) or {}).get("count", 0))
        if limit <= 0 or count < limit:
            return
        old = game.seats[seat_number]
        absent = {**(game.row.meta.get("absent") or {}), str(seat_number): old.model_dump()}
        misses = {k: v for k, v in (game.row.meta.get("misses") or {}).items() if k != str(seat_number)}
        meta = {k: v for k, v in game.row.meta.items() if k not in ("misses", "absent")} | {"absent": absent}
        if misses:
            meta["misses"] = misses
        bot_seat = Seat(name=old.name, bot=True, language=old.language, join=old.join)
        event = Event(key="absent-took-seat", params={"player": seat(seat_number), "misses": count})
        await self._swap_seat(game, seat_number, bot_seat, event, meta, reason="absent")

    @staticmethod
    def _misses(game: LiveGame, seat_number: int) -> int:
        return int(((game.row.meta.get("misses") or {}).get(str(seat_number)) or {}).get("count", 0))

    async def _absent_notice(self, game: LiveGame, seat_number: int, before: int) -> None:
        """The game's word to the moderators about a player who keeps missing deadlines (`Engine.absent_notice`),
        when this deadline added a miss and the seat is still theirs: a logged step whose event goes to nobody
        but the moderators (`to=[]`, `notify="moderators"`)."""
        count = self._misses(game, seat_number)
        if not game.running or count <= before or game.seats[seat_number].bot:
            return
        notice = game.engine.absent_notice(game.state, seat_number, count)
        if notice is None:
            return
        event = Event(key=notice.key, params={**notice.params, "notify": "moderators"}, to=[])
        await self._table_step(game, "absent-notice", [event], None, seat=seat_number, misses=count)

    async def _swap_seat(
        self, game: LiveGame, seat_number: int, new: Seat, event: Event, meta: dict[str, Any], *, reason: str
    ) -> None:
        """Give a seat to `new` as one logged step (a seat change, like a moderator's replace)."""
        old = game.seats[seat_number]
        row = ActionRow(
            kind="table", step=game.state.step, actor_id=None,
            payload={"op": "replace", "reason": reason, "seat": seat_number, "old": old.model_dump(),
                     "new": new.model_dump()},
        )
        before = list(game.seats)
        game.seats[seat_number] = new
        try:
            await self._save(
                game, game.state, [row], [event],
                extra_fields={"seats": [s.model_dump() for s in game.seats], "meta": meta},
            )
        except BaseException:
            game.seats = before
            raise
        game.row.meta.clear()
        game.row.meta.update(meta)
        await self._deliver(game, [event])

    @on_running_game
    async def back(self, game: LiveGame, user_id: int) -> Outcome:
        """An absent player takes their seat back from the bot player (their next prompt is theirs)."""
        absent = dict(game.row.meta.get("absent") or {})
        seat_text = next((k for k, v in absent.items() if v.get("user_id") == user_id), None)
        if seat_text is None or not game.seats[int(seat_text)].bot:
            return Outcome(Refusal(key="back-not-absent"))
        seat_number = int(seat_text)
        returning = Seat.model_validate(absent.pop(seat_text))
        meta = {k: v for k, v in game.row.meta.items() if k != "absent"} | ({"absent": absent} if absent else {})
        event = Event(key="back-returned", params={"player": seat(seat_number)})
        await self._swap_seat(game, seat_number, returning, event, meta, reason="back")
        return Outcome(events=[event])

    async def _save(
        self,
        game: LiveGame,
        state: GameState,
        actions: list[ActionRow],
        events: list[Event],
        *,
        extra_fields: dict[str, Any] | None = None,
        undo_from_step: int | None = None,
    ) -> None:
        """Commit the step, then (only then) make it the game's state in memory."""
        fields: dict[str, Any] = {"state": game.engine.dump(state), "step": state.step, **(extra_fields or {})}
        finished = state.over and game.row.status == "running"
        if finished:
            fields["status"] = "finished"
        deadlines, keep = self._deadline_rows(game, state)
        dues = {d.prompt_id: d.due for d in deadlines} | {k: v for k, v in game.dues.items() if k in keep}
        step = self._plan(game, state, events, dues=dues, fields=fields, rolled_back=undo_from_step is not None)
        # the saved deadline rows are those of `game.dues`: only new ones are written, and rows are
        # dropped only when some prompt left (most steps change neither)
        new_deadlines = [d for d in deadlines if d.prompt_id not in game.dues]
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
            self.games.pop(game.id, None)
        if new_deadlines:  # a deadline that left wakes nothing: at worst the scheduler wakes for it and finds nothing
            self.deadlines_changed.set(at=min(d.wakes_at for d in new_deadlines))

    def _deadline_rows(self, game: LiveGame, state: GameState) -> tuple[list[DeadlineRow], list[str]]:
        if state.over or not self.use_deadlines:
            return [], []
        now = self.clock()
        rows = []
        group_dues = {  # a move's later steps keep the deadline of its first step
            p.deadline_group: game.dues[p.id]
            for p in game.state.prompts
            if p.deadline_group is not None and p.id in game.dues
        }
        for prompt in state.prompts:
            if game.seats[prompt.seat].bot:
                continue
            seconds = game.engine.deadline_seconds(state, prompt.deadline)
            lead = reminder_lead(seconds)
            due = game.dues.get(prompt.id) or group_dues.get(prompt.deadline_group) or now + seconds
            remind = None if lead is None else due - lead
            if remind is not None and prompt.id not in game.dues and remind <= now:
                remind = None  # a later step of a move whose reminder time has passed: not reminded again
            rows.append(DeadlineRow(game.id, prompt.id, prompt.seat, due, remind))
        return rows, [p.id for p in state.prompts]

    async def _record_results(self, game: LiveGame) -> None:
        def player_of(game: LiveGame, i: int) -> int | None:  # an absent player's seat is still theirs
            held = game.seats[i]
            if not held.bot:
                return held.user_id
            return ((game.row.meta.get("absent") or {}).get(str(i)) or {}).get("user_id")

        results = game.engine.results(game.state)
        if results is None:
            return
        await self.storage.record_results(game.row, [
            (player_of(game, i), results.scores[i], i in results.winners,
             None if results.roles is None else results.roles[i])
            for i in range(len(game.seats))
        ], self.clock())

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
    ) -> Step:
        """What the step will deliver, as rows to save with it (`fields`: the game's changed fields)."""
        fields = fields or {}
        step = Step(
            game, state, events, game.dues if dues is None else dues, fields.get("status", game.row.status),
            bool(fields.get("paused", game.row.paused)), reminder_for or [], rolled_back,
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

    # --- bot players and deadlines ------------------------------------------------------------
    def _next_bot_prompt(self, game: LiveGame) -> Prompt | None:
        return next(
            (p for p in game.state.prompts if game.seats[p.seat].bot and not p.answered), None
        )

    async def _run_bots(self, game: LiveGame) -> None:
        """Bot seats answer their prompts at once, each answer its own saved step."""
        while game.running and not game.row.paused and (prompt := self._next_bot_prompt(game)):
            rng = derived(game.row.seed, "bot", game.state.step, prompt.id)
            saved = game.seats[prompt.seat].bot_level  # None: the default (seats saved before levels)
            level = saved if saved is not None and saved in BOT_LEVELS else DEFAULT_BOT_LEVEL
            action = game.engine.bot_action(game.state, prompt, rng, level=level)
            outcome = await self._act_locked(game, prompt.seat, action, by_bot=True)
            if not outcome.ok:  # a bot must never stall a game: fall back to the default
                log.error("game %s: bot answer refused (%s); using the default", game.id, outcome.refusal.key)
                await self._act_locked(game, prompt.seat, game.engine.default_action(game.state, prompt), by_bot=True)

    @on_running_game
    async def expire(self, game: LiveGame, prompt_id: str) -> Outcome:
        """A deadline passed: the bot acts for the player (the channel is told).

        The scheduler read the deadline before taking the lock, so it is checked again here:
        a pause, resume or extension in between may have moved it."""
        if self.storage.shared and prompt_id not in game.dues:
            return Outcome(Refusal(key="error-stale"))  # another process fired it (its row is gone)
        due = game.dues.get(prompt_id)
        if due is not None and due > self.clock():
            return Outcome(Refusal(key="error-not-due"))
        outcome = await self._expire_locked(game, prompt_id, missed=True)
        if outcome.ok:
            await self._run_bots(game)
        return outcome

    async def _expire_locked(self, game: LiveGame, prompt_id: str, *, missed: bool = False) -> Outcome:
        """Apply the default for a prompt whose time is up. Its deadline row goes only when that
        default was applied or the prompt is gone; a paused or refused expiry keeps it."""
        if not game.running:
            return GAME_OVER
        if game.row.paused:  # the deadline stays and fires after /gm resume
            return Outcome(Refusal(key="error-paused"))
        prompt = game.state.prompt(prompt_id)
        if prompt is None or (prompt.answered and not prompt.deadline_after_answer):
            # stale, or a changeable choice already made: that choice stands; drop the timer
            version = await self.storage.commit_step(
                game.id, game_fields={}, actions=[], events=[],
                keep_prompts=[p.id for p in game.state.prompts if p.id != prompt_id],
            )
            self._saved(game, version)
            game.dues.pop(prompt_id, None)
            return Outcome(Refusal(key="error-stale"))
        action = game.engine.default_action(game.state, prompt)
        # missed: the player gave nothing for this move (an answered order kept until its deadline, or an
        # order sheet the player has begun, is no missed deadline)
        missed = missed and not prompt.answered and untouched(prompt.id)
        # a secret prompt's player is told alone: who was still choosing may be a secret (the status
        # message, too, shows only how many have chosen)
        audience = [prompt.seat] if prompt.secret else None
        notice = Event(key="bot-acted", params={"player": seat(prompt.seat)}, to=audience)
        before = self._misses(game, prompt.seat)
        outcome = await self._act_locked(game, prompt.seat, action, by_bot=True, extra_events=[notice], missed=missed)
        if outcome.ok and missed:
            await self._absent_check(game, prompt.seat)
            await self._absent_notice(game, prompt.seat, before)
        if not outcome.ok and game.state.prompt(prompt_id) is not None:
            # a game bug: keep the deadline (the player still waits on it) but try later, so a
            # due row that cannot fire never spins the scheduler
            log.error("game %s: default action for %s refused: %s", game.id, prompt_id, outcome.refusal.key)
            await self.storage.shift_deadlines(game.id, EXPIRY_RETRY_SECONDS, prompt_ids=[prompt_id])
            if prompt_id in game.dues:
                game.dues[prompt_id] += EXPIRY_RETRY_SECONDS
            self.deadlines_changed.set()
        return outcome

    async def remind(self, game_id: int, prompt_id: str) -> None:
        marked = await self.storage.mark_reminded(game_id, prompt_id)
        if not marked and self.storage.shared:
            return  # another process reminded them
        game = await self._running(game_id)
        if game is None:
            return
        async with self.hold(game):
            prompt = game.state.prompt(prompt_id) if game.running else None
            if prompt is not None and not prompt.answered:
                step = self._plan(game, game.state, [], reminder_for=[prompt.seat])
                await self.storage.add_deliveries(step.rows)  # the game's version moved on: `_moved_here`
                game.outgoing = step
                await self._deliver(game, [], reminder_for=[prompt.seat])

    # --- moderators ---------------------------------------------------------------------------
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

    @on_running_game
    async def pause(self, game: LiveGame, actor_id: int | None = None, *, input_key: str | None = None) -> Outcome:
        if game.row.paused:
            return Outcome(Refusal(key="error-paused"))
        now = self.clock()
        meta = {**game.row.meta, "paused_at": now}
        await self._table_step(
            game, "pause", [Event(key="moderator-paused")], actor_id,
            game_fields={"paused": True, "meta": meta}, input_key=input_key,
        )
        self.deadlines_changed.set()
        return Outcome()

    @on_running_game
    async def resume(self, game: LiveGame, actor_id: int | None = None, *, input_key: str | None = None) -> Outcome:
        if not game.row.paused:
            return Outcome(Refusal(key="error-not-paused"))
        paused_for = self.clock() - float(game.row.meta.get("paused_at", self.clock()))
        meta = {k: v for k, v in game.row.meta.items() if k != "paused_at"}
        await self._table_step(
            game, "resume", [Event(key="moderator-resumed")], actor_id,
            game_fields={"paused": False, "meta": meta}, shift=paused_for, input_key=input_key,
        )
        await self._run_bots(game)
        self.deadlines_changed.set()
        return Outcome()

    @on_running_game
    async def extend(
        self, game: LiveGame, seconds: int, actor_id: int | None = None, *, input_key: str | None = None
    ) -> Outcome:
        await self._table_step(
            game, "extend", [Event(key="moderator-extended", params={"seconds": seconds})], actor_id,
            shift=seconds, input_key=input_key, seconds=seconds,
        )
        return Outcome()

    @on_running_game
    async def force(self, game: LiveGame, actor_id: int | None = None, *, input_key: str | None = None) -> Outcome:
        """Apply the default action now for everyone the current step waits on."""
        if game.row.paused:
            return Outcome(Refusal(key="error-paused"))
        await self._table_step(game, "force", [Event(key="moderator-forced")], actor_id, input_key=input_key)
        waiting = [p.id for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot]
        for prompt_id in waiting:
            if game.running and game.state.prompt(prompt_id) is not None:
                await self._expire_locked(game, prompt_id)
        await self._run_bots(game)
        return Outcome()

    @on_running_game
    async def replace(
        self, game: LiveGame, seat_number: int, new: Seat, actor_id: int | None = None, *, removed: bool = False,
        input_key: str | None = None,
    ) -> Outcome:
        """Give a seat to another member or to a bot player (removing a player = a bot takes over).
        The new seats, the logged step and the seat's deadlines are one transaction.

        A member who holds a seat, or held another one, is refused: the seat's private messages would
        show them a second seat's secrets (coming back to the one seat they held is no such case).
        What the seat's former player had on it goes with it: an absent player's claim (/back) and
        the deadlines it missed in a row."""
        if not 0 <= seat_number < len(game.seats):
            return Outcome(Refusal(key="error-unknown-player"))
        if new.user_id is not None and not new.bot:
            held = (await self.seats_ever(game.id)).get(new.user_id, set())
            if game.seat_of(new.user_id) is not None or held - {seat_number}:
                return Outcome(Refusal(key="gm-replace-former-player", params={"id": game.id}))
        old = game.seats[seat_number]
        term = game.public_term(seat_number)  # a hidden player stays hidden, and so does the newcomer
        old_name: Any = old.name if term is None else {"term": term}
        new_name: Any = new.name if term is None else {"term": term}
        event = (
            Event(key="moderator-removed", params={"player": old_name})
            if removed
            else Event(key="moderator-replaced", params={"old": old_name, "new": new_name})
        )
        row = ActionRow(
            kind="table", step=game.state.step, actor_id=actor_id,
            payload={"op": "remove" if removed else "replace", "seat": seat_number,
                     "old": old.model_dump(), "new": new.model_dump()},
            input_key=input_key,
        )
        meta = self._meta_without_seat(game.row.meta, seat_number)
        before = list(game.seats)
        game.seats[seat_number] = new  # the deadline rows are computed from the new seats
        fields: dict[str, Any] = {"seats": [s.model_dump() for s in game.seats]}
        if meta is not None:
            fields["meta"] = meta
        try:
            await self._save(game, game.state, [row], [event], extra_fields=fields)
        except BaseException:
            game.seats = before
            raise
        if meta is not None:
            game.row.meta.clear()
            game.row.meta.update(meta)
        await self._deliver(game, [event])
        await self._run_bots(game)
        return Outcome(events=[event])

    @staticmethod
    def _meta_without_seat(meta: dict[str, Any], seat_number: int) -> dict[str, Any] | None:
        """The game's meta without what a seat's former player had on it (their /back claim, their
        missed deadlines); None when it had nothing."""
        key, changed = str(seat_number), dict(meta)
        for field_name in ("absent", "misses"):
            entries = dict(changed.get(field_name) or {})
            if key in entries:
                del entries[key]
                if entries:
                    changed[field_name] = entries
                else:
                    del changed[field_name]
        return None if changed == meta else changed

    @on_running_game
    async def note(self, game: LiveGame, seat_number: int, event: Event, actor_id: int | None = None) -> Outcome:
        """Something a player did beside the rules, for the game's history (words relayed to the
        channel): the seat, the member and the event logged as one step, the state unchanged."""
        await self._table_step(game, "note", [event], actor_id, seat=seat_number)
        return Outcome(events=[event])

    async def seats_ever(self, game_id: int) -> dict[int, set[int]]:
        """Every member who holds or has held a seat of the game, with the seats they held, over its
        whole life (the seats now and every seat that changed hands in the log)."""
        row = await self.storage.load_game(game_id)
        if row is None:
            return {}
        held: list[tuple[int, dict[str, Any]]] = list(enumerate(row.seats))
        for action in await self.storage.actions(game_id, kind="table"):
            if action.payload.get("op") in ("replace", "remove"):
                number = int(action.payload.get("seat", -1))
                held += [(number, action.payload.get("old") or {}), (number, action.payload.get("new") or {})]
        players: dict[int, set[int]] = {}
        for number, holder in held:
            if holder.get("user_id") is not None and not holder.get("bot"):
                players.setdefault(int(holder["user_id"]), set()).add(number)
        return players

    async def players_ever(self, game_id: int) -> set[int]:
        """Every member who holds or has held a seat of the game, over its whole life."""
        return set(await self.seats_ever(game_id))

    async def seat_played_by(self, game: LiveGame, user_id: int) -> int | None:
        """The seat `user_id` plays: the one they hold, or the one a bot player took from them (they
        were absent, removed or gone from the server) while a bot still holds it — a moderator can
        give that seat to a substitute. None: they have no such seat."""
        held = game.seat_of(user_id)
        if held is not None:
            return held
        last_change: dict[int, dict[str, Any]] = {}  # each seat's latest change of hands
        for action in await self.storage.actions(game.id, kind="table"):
            if action.payload.get("op") in ("replace", "remove"):
                last_change[int(action.payload.get("seat", -1))] = action.payload
        return next((
            number for number, change in sorted(last_change.items())
            if 0 <= number < len(game.seats) and game.seats[number].bot
            and (change.get("old") or {}).get("user_id") == user_id and not (change.get("old") or {}).get("bot")
        ), None)

    async def secrets_refusal(self, game_id: int, user_id: int) -> Refusal | None:
        """Why `user_id` may not see this game's hidden information (its full state, its full log)
        nor moderate it (a step that changes it): anyone who holds or held a seat is a player until
        the game is over. None = they may."""
        row = await self.storage.load_game(game_id)
        if row is None:
            return Refusal(key="error-no-game")
        if row.status in ("finished", "cancelled"):
            return None
        if user_id in await self.players_ever(game_id):
            return Refusal(key="gm-secrets-player", params={"id": game_id})
        return None

    @on_running_game
    async def rollback(
        self, game: LiveGame, to_step: int, actor_id: int | None = None, *, input_key: str | None = None
    ) -> Outcome:
        """Return to an earlier step by replaying the log; later actions are kept, marked undone."""
        if not 0 <= to_step < game.state.step:
            return Outcome(Refusal(key="error-out-of-range", params={"low": 0, "high": game.state.step - 1}))
        state = await self.replay(game.id, until_step=to_step)
        event = Event(key="moderator-rolled-back", params={"step": to_step})
        row = ActionRow(kind="table", step=to_step, actor_id=actor_id, payload={"op": "rollback", "to": to_step},
                        input_key=input_key)
        await self._save(game, state, [row], [event], undo_from_step=to_step)
        await self._deliver(game, [event])
        await self._run_bots(game)
        return Outcome(events=[event])

    @on_running_game
    async def end(self, game: LiveGame, actor_id: int | None = None, *, input_key: str | None = None) -> Outcome:
        event = Event(key="moderator-ended")
        row = ActionRow(kind="table", step=game.state.step, actor_id=actor_id, payload={"op": "end"},
                        input_key=input_key)
        step = self._plan(game, game.state, [event], fields={"status": "cancelled"})
        version = await self.storage.commit_step(
            game.id, game_fields={"status": "cancelled"}, actions=[row],
            events=[EventRow(key=event.key, params={}, audience=None, at=self.clock())], keep_prompts=[],
            deliveries=step.rows,
        )
        self._saved(game, version)
        game.outgoing = step
        game.row.status = "cancelled"
        self.games.pop(game.id, None)
        self.changes.forget(lambda key: key[0] == game.id)
        await self._deliver(game, [event])
        self.deadlines_changed.set()
        return Outcome(events=[event])

    # --- history ------------------------------------------------------------------------------
    async def replay(self, game_id: int, *, until_step: int | None = None) -> GameState:
        """The state rebuilt from the seed and the live play actions (optionally up to a step)."""
        row = await self.storage.load_game(game_id)
        if row is None:
            raise KeyError(game_id)
        engine = registry.engine(row.game)
        state, _ = engine.setup(len(row.seats), row.options, row.seed, row.meta.get("joins"))
        for action in await self.storage.actions(game_id, kind="play", live_only=True):
            if until_step is not None and action.step >= until_step:
                break
            state, _ = engine.apply(state, action.seat, Action.model_validate(action.payload))
        return state

    async def export(self, game_id: int) -> dict[str, Any]:
        """A game's full record: set-up, every action (undone ones flagged) and every event."""
        row = await self.storage.load_game(game_id)
        if row is None:
            raise KeyError(game_id)
        return {
            "game": row.game,
            "id": row.id,
            "status": row.status,
            "seed": row.seed,
            "options": row.options,
            "seats": row.seats,
            "language": row.language,
            "step": row.step,
            "actions": [
                {"seq": a.seq, "kind": a.kind, "step": a.step, "seat": a.seat, "actor_id": a.actor_id,
                 "payload": a.payload, "by_bot": a.by_bot, "undone": a.undone, "at": a.at}
                for a in await self.storage.actions(game_id)
            ],
            "events": [
                {"seq": e.seq, "action_seq": e.action_seq, "key": e.key, "params": e.params,
                 "audience": e.audience, "at": e.at}
                for e in await self.storage.events(game_id)
            ],
        }
