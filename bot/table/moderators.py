"""The table as the bot uses it: the players' steps (bot/table/playing.py) and the moderators' (pause,
resume, extend, force, replace, rollback, end), who held which seat, and a game's history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.live import LiveGame, Outcome, Seat
from bot.storage import ActionRow, EventRow
from bot.table.core import on_running_game
from bot.table.playing import PlayerSteps
from games import registry
from games.core import Action, Event, GameState, Refusal, seat


class Table(PlayerSteps):
    """Runs games: every input goes through one path under the game's lock (bot/table/__init__.py)."""

    async def games_of_member(self, user_id: int, game_name: str | None = None) -> list[int]:
        """The games the member holds a seat in or is away from, by id: those held here, and with other processes
        (a shared database) the running ones saved naming the member, which another process may hold alone. A
        superset: the caller reads each as saved now and checks its seats."""
        ids = {
            g.id for g in list(self.games.values())
            if (game_name is None or g.row.game == game_name)
            and (g.seat_of(user_id) is not None
                 or any(v.get("user_id") == user_id for v in (g.row.meta.get("absent") or {}).values()))
        }
        if self.storage.shared:  # another process's games are held here only once used
            ids |= {row.id for row in await self.storage.games_with_member(user_id, "running")
                    if game_name is None or row.game == game_name}
        return sorted(ids)

    # --- moderators ---------------------------------------------------------------------------
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
        input_key: str | None = None, check: Callable[[LiveGame], Refusal | None] | None = None,
    ) -> Outcome:
        """Give a seat to another member or to a bot player (removing a player = a bot takes over).
        The new seats, the logged step and the seat's deadlines are one transaction.

        A member who holds a seat, or held another one, is refused: the seat's private messages would
        show them a second seat's secrets (coming back to the one seat they held is no such case). So is
        whatever the caller's `check` refuses, asked here under the game's lock where the seat changes
        (a member who watched the game: bot/discord/spectators.py).
        What the seat's former player had on it goes with it: an absent player's claim (/back) and
        the deadlines it missed in a row."""
        if not 0 <= seat_number < len(game.seats):
            return Outcome(Refusal(key="error-unknown-player"))
        if new.user_id is not None and not new.bot:
            held = (await self.seats_ever(game.id)).get(new.user_id, set())
            if game.seat_of(new.user_id) is not None or held - {seat_number}:
                return Outcome(Refusal(key="gm-replace-former-player", params={"id": game.id}))
        if check is not None and (refused := check(game)) is not None:
            return Outcome(refused)
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

    @on_running_game
    async def leave(self, game: LiveGame, user_id: int, *, input_key: str | None = None) -> Outcome:
        """A player leaves a running game (/leave): a bot player takes their seat for good, and the
        reliability record counts it as a game left (bot/ratings/holders.py)."""
        number = game.seat_of(user_id)
        if number is None:
            return Outcome(Refusal(key="lobby-not-joined"))
        old = game.seats[number]
        meta = self._meta_without_seat(game.row.meta, number)
        event = Event(key="player-left-game", params={"player": seat(number)})
        bot_seat = Seat(name=old.name, bot=True, language=old.language, join=old.join)
        await self._swap_seat(game, number, bot_seat, event, game.row.meta if meta is None else meta,
                              reason="leave", input_key=input_key)
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
        self._gone(game.id)
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
