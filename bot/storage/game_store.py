"""The storage's games: their rows, the step commit (state, log, deadlines and deliveries in one
transaction), their logs and their deadlines."""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import partial
from typing import Any

from bot.storage.backend import Backend
from bot.storage.program import StepWrite, Tx, deadline_change, new_game, number_step, one_statement
from bot.storage.rows import (
    ACTION_COLUMNS,
    DEADLINE_COLUMNS,
    GAME_COLUMNS,
    ActionRow,
    DeadlineRow,
    DeliveryRow,
    EventRow,
    GameRow,
    OwnShards,
    action_row,
    deadline_row,
    dumps,
    event_row,
    game_row,
    game_update,
)


def wake_time(grace: float, *, before: bool = False) -> str:
    """A deadline's wake (`DeadlineRow.wakes_at`) looked at `grace` seconds late: its reminder while one is still to
    come before the deadline (late by as much; `before`: and the deadline is after the one parameter, now), else
    the deadline."""
    late = f" + {float(grace)!r}" if grace else ""
    before_now = " AND d.due > ?" if before else ""
    return (f"(CASE WHEN d.reminded = 0 AND d.remind_at IS NOT NULL AND d.remind_at{late} < d.due{before_now}"
            f" THEN d.remind_at ELSE d.due END){late}")


class GameStore(Backend):
    """Games: their rows, the step commit, their logs and their deadlines."""

    # --- games ---------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        game: str,
        status: str,
        seed: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        language: str,
        guild_id: int | None = None,
        channel_id: int | None = None,
        host_id: int | None = None,
        meta: dict[str, Any] | None = None,
        input_key: str | None = None,
    ) -> int:
        """`input_key`: the interaction that opens it, recorded with it (`input_applied`)."""
        now = time.time()

        fields = (game, status, guild_id, channel_id, host_id, language, seed, dumps(options), dumps(seats),
                  dumps(meta or {}), now, now)
        return await self._write(partial(new_game, fields, input_key))

    async def load_game(self, game_id: int) -> GameRow | None:
        rows = await self._fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return game_row(rows[0]) if rows else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [game_row(r) for r in rows]

    async def ended_games(self, game_ids: Iterable[int]) -> list[int]:
        """Of these games, those no longer running (ended or abandoned), in a few reads of at most 500 ids."""
        ids, ended = list(game_ids), []
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = await self._fetchall(
                f"SELECT id FROM games WHERE status <> 'running' AND id IN ({','.join('?' * len(chunk))})", chunk)
            ended.extend(int(row[0]) for row in rows)
        return ended

    async def games_with_meta(self, fragment: str, *statuses: str) -> list[GameRow]:
        """Games of these statuses whose saved meta (canonical JSON text, `dumps`) contains `fragment`: what a
        finished game's world record still owes (bot/discord/voice.py: mutes to lift)."""
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND meta LIKE ? ORDER BY id",
            [*statuses, f"%{fragment}%"],
        )
        return [game_row(r) for r in rows]

    async def games_with_member(self, user_id: int, *statuses: str) -> list[GameRow]:
        """Games of these statuses whose saved seats or meta (an absent player's) name the member: a superset (the
        text `"user_id":12` is in `"user_id":123` too), which the caller narrows down by the game's seats."""
        marks, fragment = ",".join("?" * len(statuses)), f'%"user_id":{int(user_id)}%'
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND (seats LIKE ? OR meta LIKE ?) ORDER BY id",
            [*statuses, fragment, fragment],
        )
        return [game_row(r) for r in rows]

    async def finished_without_results(self) -> list[GameRow]:
        """Finished games with no results saved: their final step was saved by a process that stopped
        before their results were (bot/table/core.py `record_missing_results`)."""
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id) ORDER BY id"
        )
        return [game_row(r) for r in rows]

    async def games_in_channel(self, channel_id: int, *statuses: str) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ({marks}) ORDER BY id",
            (channel_id, *statuses),
        )
        return [game_row(r) for r in rows]

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Change lobby-level fields (status, seats, options, meta, paused, language …) at once."""
        await self.update_game_in(None, game_id, **fields)

    async def update_game_in(self, tx: Tx | None, game_id: int, **fields: Any) -> None:
        sql, params = game_update(game_id, fields)
        if tx is not None:
            await tx.execute(sql, params)
            return
        await self._write(partial(one_statement, sql, params))

    async def game_version(self, game_id: int) -> int | None:
        """The game's saved version (None: no such game)."""
        rows = await self._fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def game_position(self, game_id: int) -> tuple[int | None, int]:
        """The game's saved version, and the last of its delivery rows that another process is still
        to send (0: none), in one read."""
        rows = await self._fetchall(
            "SELECT g.version, (SELECT MAX(d.id) FROM deliveries d WHERE d.game_id = g.id AND d.state = 0"
            " AND d.owner IS DISTINCT FROM ?) FROM games g WHERE g.id = ?",
            (self.owner, game_id),
        )
        if not rows:
            return None, 0
        return int(rows[0][0]), int(rows[0][1] or 0)

    async def input_seen(self, game_id: int, input_key: str) -> bool:
        rows = await self._fetchall("SELECT 1 FROM actions WHERE game_id = ? AND input_key = ?", (game_id, input_key))
        return bool(rows)

    # --- the step commit: state + log + deadlines + deliveries in one transaction ----------------
    async def commit_step(
        self,
        game_id: int,
        *,
        game_fields: dict[str, Any],
        actions: list[ActionRow],
        events: list[EventRow],
        deadlines: list[DeadlineRow] | None = None,
        keep_prompts: list[str] | None = None,
        undo_from_step: int | None = None,
        shift_deadlines: float | None = None,
        deliveries: list[DeliveryRow] | None = None,
    ) -> int | None:
        """Write one step atomically. `actions`/`events` get their seq numbers here, `deliveries`
        (what the step must show in Discord) their ids. Returns the game's new version when other
        processes share the database (`shared`), else None.

        `deadlines` are inserted (existing rows for the same prompt kept, so a deadline is not
        restarted by an unrelated action); rows for prompts not in `keep_prompts` are dropped.
        `shift_deadlines` moves the game's existing deadlines (and reminders) by that many seconds
        in the same transaction (a moderator's pause, resume or extension).
        """
        game_sql, game_params = game_update(game_id, game_fields) if game_fields else ("", ())
        step = StepWrite(
            game_id, game_sql, game_params, actions, events, deadlines, keep_prompts, undo_from_step,
            shift_deadlines, deliveries, owner=self.owner, versioned=self.shared,
        )
        saved = await self._write(partial(self._step_program, step))
        return None if saved is None else number_step(step, saved)

    # --- logs -------------------------------------------------------------------------------
    async def actions(self, game_id: int, *, kind: str | None = None, live_only: bool = False) -> list[ActionRow]:
        sql = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ?"
        params: list[Any] = [game_id]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        if live_only:
            sql += " AND undone = 0"
        return [action_row(r) for r in await self._fetchall(sql + " ORDER BY seq", params)]

    async def events(self, game_id: int) -> list[EventRow]:
        rows = await self._fetchall(
            "SELECT seq, action_seq, key, params, audience, at FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [event_row(r) for r in rows]

    # --- deadlines --------------------------------------------------------------------------
    async def deadlines(self, game_id: int | None = None) -> list[DeadlineRow]:
        sql = f"SELECT {DEADLINE_COLUMNS} FROM deadlines d"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE d.game_id = ?"
            params = (game_id,)
        return [deadline_row(r) for r in await self._fetchall(sql + " ORDER BY d.due", params)]

    async def all_dues(self) -> dict[int, dict[str, float]]:
        """Every deadline, by game and prompt (start-up: one query for all games)."""
        dues: dict[int, dict[str, float]] = {}
        for game_id, prompt_id, due in await self._fetchall("SELECT game_id, prompt_id, due FROM deadlines"):
            dues.setdefault(game_id, {})[prompt_id] = due
        return dues

    async def next_wake_time(self, own: OwnShards | None = None, now: float = 0.0) -> float | None:
        """When the scheduler must look next: the earliest reminder still to come before its deadline, or
        deadline. `own`: another process's are looked at `own.grace` later (`OwnShards`), their reminders only while
        that is before their deadline and the deadline after `now` (once it is due, only the deadline is)."""
        wake, params = wake_time(0.0), ()
        if own is not None:
            wake, params = f"CASE WHEN {own.sql()} THEN {wake} ELSE {wake_time(own.grace, before=True)} END", (now,)
        rows = await self._fetchall(
            f"SELECT MIN({wake}) FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running'", params
        )
        return rows[0][0] if rows and rows[0][0] is not None else None

    async def due_deadlines(self, now: float, own: OwnShards | None = None) -> list[DeadlineRow]:
        """The deadlines due by `now` (`own`: another process's only `own.grace` after; those due by `now` found
        through the index first)."""
        rows = await self._fetchall(
            f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running' AND d.due <= ?"
            + (f" AND {own.later('d.due')} <= ?" if own else "") + " ORDER BY d.due",
            (now, now) if own else (now,),
        )
        return [deadline_row(r) for r in rows]

    async def due_reminders(self, now: float, own: OwnShards | None = None) -> list[DeadlineRow]:
        """The reminders due by `now` whose deadline is still to come (`own`: another process's only `own.grace`
        after)."""
        rows = await self._fetchall(
            f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running' AND d.reminded = 0 AND d.remind_at IS NOT NULL"
            f" AND {own.later('d.remind_at') if own else 'd.remind_at'} <= ? AND d.due > ? ORDER BY d.remind_at",
            (now, now),
        )
        return [deadline_row(r) for r in rows]

    async def mark_reminded(self, game_id: int, prompt_id: str) -> bool:
        """Whether this call marked it: False when it was reminded already (by another process) or is gone."""
        changed = await self._write(partial(
            one_statement,
            "UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND prompt_id = ? AND reminded = 0",
            (game_id, prompt_id),
        ))
        return changed == 1

    async def shift_deadlines(self, game_id: int, seconds: float, *, prompt_ids: list[str] | None = None) -> None:
        """Move deadlines (and their reminders) by `seconds`: extending, pausing and resuming."""
        if prompt_ids is not None and not prompt_ids:
            return  # none named: none moves
        sql = "UPDATE deadlines SET due = due + ?, remind_at = remind_at + ? WHERE game_id = ?"
        params: list[Any] = [seconds, seconds, game_id]
        if prompt_ids is not None:
            sql += f" AND prompt_id IN ({','.join('?' * len(prompt_ids))})"
            params += prompt_ids
        await self._write(partial(deadline_change, game_id, sql, params, self.shared))

    async def set_deadline_due(self, game_id: int, due: float) -> None:
        await self._write(partial(
            deadline_change, game_id, "UPDATE deadlines SET due = ? WHERE game_id = ?", (due, game_id), self.shared
        ))
