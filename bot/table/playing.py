"""The players' steps: a game's start, an answer (the one path for inputs), the bot players' answers,
deadlines and reminders, and the house rule for absent players (a bot takes the seat; /back gives it back)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from bot import metrics
from bot.live import GAME_OVER, LiveGame, Outcome, Seat
from bot.storage import ActionRow, GameRow, IntegrityError, log_failure
from bot.table.core import TableCore, on_running_game
from bot.table.limits import EXPIRY_RETRY_SECONDS
from games import registry
from games.core import Action, Event, IllegalAction, Prompt, Refusal, seat
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL
from games.core.orders import BACK, CANCEL, untouched
from games.core.rng import derived

log = logging.getLogger(__name__)


class PlayerSteps(TableCore):
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
        game = LiveGame(row=row, engine=engine, seats=list(seats), _state=state, kept=self.states)
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
                self._gone(game_id)
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
        inline: str | None = None,
        answered: Callable[[Outcome], Awaitable[None]] | None = None,
    ) -> Outcome:
        """`actor_id`: the member who gives the step for their seat (refused when, as saved, it is not theirs).
        `inline`: the order sheet whose message the caller shows the answer in (`Step.inline`): its edit is
        in the Outcome's rows, for the caller to show. `answered`: shows the player their answer once their own
        step is saved, before the bot players answer the prompts it opened (each bot's answer a saved step of its
        own, under the game's lock again): a forum Mafia's seven bots made the click that opened a phase wait
        for seven steps before its player saw it taken."""
        game = self.games.get(game_id) or await self.get(game_id)  # `hold` brings a cached one up to date
        if game is None:
            return Outcome(Refusal(key="error-no-game"))
        async with self.hold(game):
            if not self.storage.shared:  # shared, the hold marks its own phases (`TableCore._hold_shared`)
                metrics.phase("lock")
            if actor_id is not None and game.seat_of(actor_id) != seat_number:  # as saved: another process may
                return Outcome(Refusal(key="error-not-in-game"))  # have given the seat away since the caller looked
            outcome = await self._act_locked(
                game, seat_number, action, input_key=input_key, actor_id=actor_id, inline=inline
            )
            if outcome.ok and answered is None:
                await self._run_bots(game)
        if outcome.ok and answered is not None:
            try:
                await answered(outcome)
            finally:
                await self._bots_after_answer(game)
        return outcome

    async def _bots_after_answer(self, game: LiveGame) -> None:
        """The bot players' answers after a player's answer was shown: a failure is logged, not the player's
        (their step is saved and shown); the bot's prompt stays open, answered at the latest by its deadline."""
        if self._next_bot_prompt(game) is None:  # nothing for them: the game's lock is not taken again
            return
        try:
            async with self.hold(game):
                await self._run_bots(game)
        except Exception as error:
            log_failure(log, error, "game %s: the bot players' answers after a player's failed", game.id)

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
        inline: str | None = None,
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
        finally:
            metrics.phase("apply")
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
            step = await self._save(
                game, new_state, [row], events, extra_fields=None if meta is None else {"meta": meta}, inline=inline
            )
        except IntegrityError:
            if input_key is None or not await self.storage.input_seen(game.id, input_key):
                raise  # a broken row, not a repeated input: never report a fault as "already done"
            return Outcome(Refusal(key="error-duplicate"))
        metrics.phase("save")
        if meta is not None:
            game.row.meta.clear()
            game.row.meta.update(meta)
        if not game.running:
            self.changes.forget(lambda key: key[0] == game.id)
        await self._deliver(game, events)
        metrics.phase("deliver")
        return Outcome(events=events, rows=step.rows)

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
        self, game: LiveGame, seat_number: int, new: Seat, event: Event, meta: dict[str, Any], *, reason: str,
        input_key: str | None = None,
    ) -> None:
        """Give a seat to `new` as one logged step (a seat change, like a moderator's replace)."""
        old = game.seats[seat_number]
        row = ActionRow(
            kind="table", step=game.state.step, actor_id=None,
            payload={"op": "replace", "reason": reason, "seat": seat_number, "old": old.model_dump(),
                     "new": new.model_dump()},
            input_key=input_key,
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
                await self.storage.add_deliveries(step.rows)  # the game's version moved on: `Storage.moved`
                game.outgoing = step
                await self._deliver(game, [], reminder_for=[prompt.seat])
