"""The storage interface, written once: every query and write of the runtime, on top of a few
primitives each backend provides (a read, a transaction, a group-committed write, migrations).

`open_storage(target)` (bot/storage/opening.py) picks the backend from one setting: a `postgresql://` (or `postgres://`)
URL opens PostgreSQL, anything else is an SQLite file path (`sqlite:///path` is taken too).
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import cached_property, partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.storage.program import (
    GroupCommit,
    Program,
    SavedStep,
    StepWrite,
    Tx,
    Write,
    claim_program,
    deadline_change,
    finish_program,
    insert_deliveries,
    lobby_change,
    moving,
    new_game,
    number_deliveries,
    number_step,
    one_statement,
    record_prompts,
    results_program,
    step_program,
)
from bot.storage.rows import (
    ACTION_COLUMNS,
    DEADLINE_COLUMNS,
    DELIVERY_COLUMNS,
    DELIVERY_SENT,
    GAME_COLUMNS,
    ActionRow,
    DeadlineRow,
    DeliveryRow,
    EventRow,
    GameRow,
    action_row,
    deadline_row,
    delivery_row,
    dumps,
    event_row,
    game_row,
    game_update,
)

T = TypeVar("T")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(POSTGRES_SCHEMES)


def shown_target(target: str | Path) -> str:
    """The database as a message may show it: a path as is, a URL without its password."""
    return shown_url(str(target)) if is_postgres_url(target) else str(target)


def sqlite_path(target: str | Path) -> str:
    """The file of an SQLite target: a path, or a `sqlite:///path` URL."""
    text = str(target)
    return text[len(SQLITE_SCHEME):] if text.startswith(SQLITE_SCHEME) else text


def shown_url(url: str) -> str:
    """`url` fit for a message or a log line: the password, in either place a URL may carry it,
    replaced by ***."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}:***@{host}"
    query = parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(k == "password" for k, _ in pairs):
        query = urlencode([(k, "***" if k == "password" else v) for k, v in pairs], safe="/*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class Storage(ABC):
    """Games, their logs, deadlines, the outbox and per-server settings, durably.

    Every write is one transaction; a step's write (`commit_step`) is durable before it returns,
    and steps of different games that arrive together share one commit (a failing one is undone
    alone and raises `IntegrityError` to its caller: `GroupCommit`).
    """

    dialect: ClassVar[str]
    owner: int | None = None
    """This bot process's number on a database several processes may share (PostgreSQL): the owner
    of the delivery rows it saves. None: not a bot process, or SQLite."""
    shared: bool = False
    """Other bot processes may work on the same games now (PostgreSQL, a process running some of the
    shards): the table takes `game_lock` and reloads a game another process moved."""

    @cached_property
    def moved(self) -> dict[int, set[int]]:
        """game → the versions this process's own writes outside a step moved it to (shared databases): the
        table takes a copy that was current just before them as current, rather than reloading it."""
        return {}

    # --- what each backend provides ------------------------------------------------------------
    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the recorded version, each in its own transaction."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction, committed durably when the block ends, rolled back if it raises."""

    @abstractmethod
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[tuple[int | None, int]]:
        """Held across a game's check → apply → save by whichever process works on the game
        (PostgreSQL: an advisory lock, for several bot processes on one database; SQLite: no lock,
        one bot process per file being enforced at start-up). Gives the game's `game_position`
        as read once the lock is held."""

    @asynccontextmanager
    async def claim_deadline(self, game_id: int, prompt_id: str, now: float) -> AsyncIterator[bool]:
        """Whether this process fires the deadline now: True while it is the one (PostgreSQL: no other
        process is firing the game's deadlines, and the deadline is still due). One process per
        database: always True."""
        yield True

    async def adopt_deliveries(self) -> list[DeliveryRow]:
        """The waiting rows of bot processes that died, now this process's to send (PostgreSQL)."""
        return []

    async def keep_alive(self) -> None:
        """Make sure the other processes still see this one as alive (PostgreSQL: its liveness lock).
        Nothing to do for a database of one process."""
        return

    @abstractmethod
    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]: ...

    _commits: GroupCommit
    """Each backend's group commit (its `_run_batch` runs a batch of programs in one transaction)."""

    @staticmethod
    def _step_program(step: StepWrite) -> Program[SavedStep | None]:
        """How this backend writes a step (PostgreSQL: in one statement)."""
        return step_program(step)

    async def _write(self, write: Write[T]) -> T:
        """Run a write durably, group-committed with other writes that arrive together."""
        return await self._commits.write(write)

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

    async def games_with_meta(self, fragment: str, *statuses: str) -> list[GameRow]:
        """Games of these statuses whose saved meta (canonical JSON text, `dumps`) contains `fragment`: what a
        finished game's world record still owes (bot/discord/voice.py: mutes to lift)."""
        marks = ",".join("?" * len(statuses))
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND meta LIKE ? ORDER BY id",
            [*statuses, f"%{fragment}%"],
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

    async def update_lobby(
        self, game_id: int, expected_seats: list[dict[str, Any]], *, input_key: str | None = None, **fields: Any
    ) -> bool:
        """Change a lobby only if it is still a lobby with exactly `expected_seats` (a compare-and-set:
        a join can never land on a game that started, or erase a seat taken meanwhile). `input_key`:
        the interaction that asked for the change, recorded in the same transaction; one recorded
        before raises IntegrityError and changes nothing."""
        sql, params = game_update(game_id, fields)
        sql += " AND status = 'lobby' AND seats = ?"
        return await self._write(partial(lobby_change, game_id, sql, (*params, dumps(expected_seats)), input_key))

    async def input_applied(self, input_key: str) -> int | None:
        """The game an interaction was already applied to — a lobby change (`lobby_inputs`) or a step
        of a game (its action row) — or None. Interaction ids are unique across Discord, so the key
        alone says it: a repeated /cancel never lands on the lobby opened in the channel since."""
        rows = await self._fetchall(
            "SELECT game_id FROM lobby_inputs WHERE input_key = ?"
            " UNION ALL SELECT game_id FROM actions WHERE input_key = ? LIMIT 1",
            (input_key, input_key),
        )
        return int(rows[0][0]) if rows else None

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

    async def others_waiting(self, game_id: int, up_to: int) -> bool:
        """Whether another process still has to send one of the game's rows up to `up_to`."""
        rows = await self._fetchall(
            "SELECT 1 FROM deliveries WHERE game_id = ? AND state = 0 AND id <= ? AND owner IS DISTINCT FROM ?"
            " LIMIT 1",
            (game_id, up_to, self.owner),
        )
        return bool(rows)

    async def still_waiting(self, ids: list[int]) -> set[int]:
        """Which of these delivery rows are still to be sent (a rollback may have dropped some)."""
        if not ids:
            return set()
        marks = ",".join("?" * len(ids))
        rows = await self._fetchall(f"SELECT id FROM deliveries WHERE state = 0 AND id IN ({marks})", ids)
        return {int(r[0]) for r in rows}

    async def update_game_in(self, tx: Tx | None, game_id: int, **fields: Any) -> None:
        sql, params = game_update(game_id, fields)
        if tx is not None:
            await tx.execute(sql, params)
            return
        await self._write(partial(one_statement, sql, params))

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

    # --- the outbox (deliveries) ----------------------------------------------------------------
    async def add_deliveries(self, rows: list[DeliveryRow]) -> None:
        """Deliveries that are not part of a step (a reminder, prompts a seat change calls for)."""
        if rows:
            ids = await self._write_moving(partial(insert_deliveries, rows, self.owner), [r.game_id for r in rows])
            number_deliveries(rows, ids)

    async def _write_moving(self, make: Write[T], game_ids: Iterable[int]) -> T:
        """A write that changes games outside a step: when other processes share the database, the
        games' versions move on in the same transaction (they reload what changed: the prompts
        posted, the deadlines), and `moved` keeps the new ones once they are saved."""
        games = sorted(set(game_ids)) if self.shared else []
        result, versions = await self._write(partial(moving, make, games))
        for game_id, version in versions.items():
            self.moved.setdefault(game_id, set()).add(version)
        return result

    async def claim_deliveries(self, ids: list[int], batch: int) -> bool:
        """Record, before sending, which rows go into one Discord message (`batch` is its nonce).
        Whether they are still this process's to send (always, for one process per database)."""
        return await self._write(partial(claim_program, ids, batch))

    async def finish_deliveries(
        self, ids: list[int], *, state: int = DELIVERY_SENT, prompts: Iterable[tuple[int, str, int, int]] = ()
    ) -> None:
        """Mark rows sent (or dropped); a prompt's message is recorded in the same transaction (and,
        when other processes share the database, its game's version moves on: they learn where the
        message is — a sheet's next step edits it rather than posting another)."""
        prompts = list(prompts)
        await self._write_moving(partial(finish_program, ids, state, prompts), [game_id for game_id, *_ in prompts])

    async def waiting_deliveries(self) -> list[DeliveryRow]:
        """Every row not yet sent that this process is to send, oldest first (start-up). PostgreSQL
        with several processes: the rows of those that died, adopted."""
        rows = await self._fetchall(f"SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE state = 0 ORDER BY id")
        return [delivery_row(r) for r in rows]

    async def posted_prompts(self, game_id: int | None = None) -> dict[int, set[tuple[str, int | None]]]:
        """(prompt, member) pairs already queued for posting, by running game, or of one game (for
        games from before the outbox: the prompts recorded as sent, member unknown)."""
        posted: dict[int, set[tuple[str, int | None]]] = {}
        one, params = ("", ()) if game_id is None else (" AND g.id = ?", (game_id,))
        for game, prompt_id, body in await self._fetchall(
            "SELECT d.game_id, d.prompt_id, d.body FROM deliveries d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'running' AND d.prompt_id IS NOT NULL" + one,
            params,
        ):
            posted.setdefault(game, set()).add((prompt_id, json.loads(body).get("user")))
        for game, prompt_id in await self._fetchall(
            "SELECT p.game_id, p.prompt_id FROM prompt_messages p JOIN games g ON g.id = p.game_id"
            " WHERE g.status = 'running' AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.game_id = p.game_id)"
            + one,
            params,
        ):
            posted.setdefault(game, set()).add((prompt_id, None))
        return posted

    async def prune_deliveries(self) -> int:
        """Forget the delivered rows of games that are over (start-up housekeeping)."""
        async with self.transaction() as tx:
            return await tx.execute(
                "DELETE FROM deliveries WHERE state != 0 AND game_id IN"
                " (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))"
            )

    async def input_seen(self, game_id: int, input_key: str) -> bool:
        rows = await self._fetchall("SELECT 1 FROM actions WHERE game_id = ? AND input_key = ?", (game_id, input_key))
        return bool(rows)

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

    async def next_wake_time(self) -> float | None:
        rows = await self._fetchall(
            "SELECT MIN(CASE WHEN d.reminded = 0 AND d.remind_at IS NOT NULL AND d.remind_at < d.due"
            " THEN d.remind_at ELSE d.due END) FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running'"
        )
        return rows[0][0] if rows and rows[0][0] is not None else None

    async def due_deadlines(self, now: float) -> list[DeadlineRow]:
        rows = await self._fetchall(
            f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running' AND d.due <= ? ORDER BY d.due",
            (now,),
        )
        return [deadline_row(r) for r in rows]

    async def due_reminders(self, now: float) -> list[DeadlineRow]:
        rows = await self._fetchall(
            f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.paused = 0 AND g.status = 'running' AND d.reminded = 0 AND d.remind_at IS NOT NULL"
            " AND d.remind_at <= ? AND d.due > ? ORDER BY d.remind_at",
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

    # --- where prompts were sent ----------------------------------------------------------------
    async def record_prompt_message(
        self, game_id: int, prompt_id: str, channel_id: int | None, message_id: int | None, *, failed: bool = False
    ) -> None:
        await self._write_moving(
            partial(record_prompts, [(game_id, prompt_id, channel_id, message_id, int(failed))]), [game_id]
        )

    async def prompt_messages(self, game_id: int | None = None) -> list[tuple[int, str, int, int]]:
        """(game, prompt, channel, message) of the running games' (or one game's) posted prompts, oldest first."""
        one, params = ("", ()) if game_id is None else (" AND g.id = ?", (game_id,))
        rows = await self._fetchall(
            "SELECT p.game_id, p.prompt_id, p.channel_id, p.message_id FROM prompt_messages p"
            " JOIN games g ON g.id = p.game_id WHERE g.status = 'running' AND p.message_id IS NOT NULL" + one
            + " ORDER BY p.rowid",  # PostgreSQL's table has an explicit `rowid` column for this order
            params,
        )
        return [(int(r[0]), str(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def sent_prompts(self, game_id: int) -> set[str]:
        rows = await self._fetchall("SELECT prompt_id FROM prompt_messages WHERE game_id = ?", (game_id,))
        return {r[0] for r in rows}

    # --- per-server settings and results ------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._fetchall(
            "SELECT language, gm_role_id, deadlines, absent_after, graveyard_channel_id, spectators, web,"
            " min_reliability, leaderboard_games FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if not rows:
            return {"language": None, "gm_role_id": None, "deadlines": {}, "absent_after": 0,
                    "graveyard_channel_id": None, "spectators": True, "web": True, "min_reliability": 0,
                    "leaderboard_games": 5}
        (language, role, deadlines, absent_after, graveyard, spectators, web, min_reliability,
         leaderboard_games) = rows[0]
        return {"language": language, "gm_role_id": role, "deadlines": json.loads(deadlines),
                "absent_after": int(absent_after), "graveyard_channel_id": graveyard, "spectators": bool(spectators),
                "web": bool(web), "min_reliability": int(min_reliability), "leaderboard_games": int(leaderboard_games)}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, language, gm_role_id, deadlines, absent_after,"
                " graveyard_channel_id, spectators, web, min_reliability, leaderboard_games)"
                " VALUES (?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,"
                " gm_role_id = excluded.gm_role_id, deadlines = excluded.deadlines,"
                " absent_after = excluded.absent_after, graveyard_channel_id = excluded.graveyard_channel_id,"
                " spectators = excluded.spectators, web = excluded.web, min_reliability = excluded.min_reliability,"
                " leaderboard_games = excluded.leaderboard_games",
                (guild_id, settings.get("language"), settings.get("gm_role_id"),
                 dumps(settings.get("deadlines") or {}), int(settings.get("absent_after") or 0),
                 settings.get("graveyard_channel_id"), int(bool(settings.get("spectators", True))),
                 int(bool(settings.get("web", True))),
                 int(settings.get("min_reliability") or 0), int(settings.get("leaderboard_games", 5))),
            )

    async def record_results(
        self, game: GameRow, scores: list[tuple[int | None, int, bool, Any]], at: float, *,
        then: Write[Any] | None = None, only_if_missing: bool = False,
    ) -> Any:
        """A finished game's results, one (user, score, won, roles) per seat, in seat order
        (`roles`: the seat's roles, None when the game has none); `then`, a write of the ratings
        (bot/ratings/record.py), in the same transaction: its answer. `only_if_missing`: none of it
        when the game has results already."""
        rows = [
            (game.id, game.guild_id, game.game, user, seat, score, int(won), at,
             None if roles is None else dumps(roles))
            for seat, (user, score, won, roles) in enumerate(scores)
        ]
        return await self._write(partial(results_program, rows, then, only_if_missing=only_if_missing))

    async def read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows for a reader of saved rows beside the storage (bot/ratings/)."""
        return await self._fetchall(sql, params)

    async def write(self, write: Write[T]) -> T:
        """A write program of a module beside the storage (bot/ratings/), durably and group-committed."""
        return await self._write(write)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[tuple[int, int, int, int]]:
        """(user_id, total score, games, wins) best first."""
        return [
            (r[0], r[1], r[2], r[3])
            for r in await self._fetchall(
                "SELECT user_id, SUM(score), COUNT(*), SUM(won) FROM results WHERE guild_id = ? AND game = ?"
                " AND user_id IS NOT NULL GROUP BY user_id ORDER BY SUM(score) DESC LIMIT ?",
                (guild_id, game, limit),
            )
        ]

    async def player_results(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, list[str] | None]]:
        """(game, score, won, roles) of every finished game `user_id` played on the server."""
        rows = await self._fetchall(
            "SELECT game, score, won, roles FROM results WHERE guild_id = ? AND user_id = ? ORDER BY at",
            (guild_id, user_id),
        )
        return [(str(r[0]), int(r[1]), int(r[2]), None if r[3] is None else json.loads(r[3])) for r in rows]

    async def finished_games(self, guild_id: int, *, limit: int, offset: int = 0) -> tuple[list[GameRow], int]:
        """A page of the server's finished games, newest first, and how many there are in all."""
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        count = await self._fetchall(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished'", (guild_id,)
        )
        return [game_row(r) for r in rows], int(count[0][0])

    async def game_results(self, game_id: int) -> list[tuple[int, int | None, int, int]]:
        """(seat, user_id, score, won) of a finished game, by seat."""
        rows = await self._fetchall(
            "SELECT seat, user_id, score, won FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows]
