"""Game nights on disk (migration 013), on both backends: schedules, sign-ups, subscriptions, who was told
about which lobby, members' zones. Every change is one transaction with the delivery rows it calls for
(the sign-up message to update, the reminders to send), so what a member was told happened is saved with
everything it sends, and a change made twice (a stage fired by two processes, a stage fired again after
a restart) is made once: each write is a compare-and-set on the schedule's status or stage."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.gathering.model import COMING, DONE, Schedule, Signup, Subscription
from bot.storage.base import Storage
from bot.storage.program import Program, Rows, Run, insert_deliveries, number_deliveries
from bot.storage.rows import DeliveryRow, dumps

SCHEDULE_COLUMNS = (
    "id, guild_id, channel_id, host_id, game, options, seats, fill_bots, repeat, starts_at, zone, language, meta,"
    " status, stage, due, lobby_id, created_at, updated_at"
)
SIGNUP_COLUMNS = "schedule_id, user_id, name, language, answer, join_data, seq, at"
SUBSCRIPTION_COLUMNS = "guild_id, user_id, game, players, language, at"


def schedule_row(row: Sequence[Any]) -> Schedule:
    (sid, guild, channel, host, game, options, seats, fill, repeat, starts, zone, language, meta, status, stage,
     due, lobby, created, updated) = tuple(row)
    return Schedule(
        id=int(sid), guild_id=int(guild), channel_id=int(channel), host_id=int(host), game=game,
        options=json.loads(options), seats=int(seats), fill_bots=bool(fill), repeat=repeat, starts_at=float(starts),
        zone=zone, language=language, meta=json.loads(meta), status=status, stage=int(stage),
        due=None if due is None else float(due), lobby_id=None if lobby is None else int(lobby),
        created_at=float(created), updated_at=float(updated),
    )


def signup_row(row: Sequence[Any]) -> Signup:
    schedule_id, user_id, name, language, answer, join, seq, at = tuple(row)
    return Signup(int(schedule_id), int(user_id), name, language, answer,
                  None if join is None else json.loads(join), int(seq), float(at))


def subscription_row(row: Sequence[Any]) -> Subscription:
    guild_id, user_id, game, players, language, at = tuple(row)
    return Subscription(int(guild_id), int(user_id), game, None if players is None else int(players), language,
                        float(at))


def _with_schedule(rows: list[DeliveryRow], schedule_id: int) -> list[DeliveryRow]:
    for row in rows:
        row.schedule_id = schedule_id
    return rows


# --- programs (module-level: SQLite's writer process runs them) -------------------------------------------
def create_program(
    fields: dict[str, Any], rows: list[DeliveryRow], owner: int | None
) -> Program[tuple[int, tuple[int, ...]]]:
    """A new night and what it sends first (its sign-up message, its Discord event)."""
    names = ", ".join(fields)
    made = yield Rows(
        f"INSERT INTO schedules ({names}) VALUES ({','.join('?' * len(fields))}) RETURNING id", list(fields.values())
    )
    schedule_id = int(made[0][0])
    ids = yield from insert_deliveries(_with_schedule(rows, schedule_id), owner)
    return schedule_id, ids


def stage_program(
    schedule_id: int, stage: int, then: int, due: float | None, rows: list[DeliveryRow], owner: int | None, now: float
) -> Program[tuple[bool, tuple[int, ...]]]:
    """Move a night from `stage` on to `then` (a reminder sent, say) with its rows, if nobody did already."""
    changed = yield Run(
        "UPDATE schedules SET stage = ?, due = ?, updated_at = ? WHERE id = ? AND stage = ? AND status = 'scheduled'",
        (then, due, now, schedule_id, stage),
    )
    if changed != 1:
        return False, ()
    ids = yield from insert_deliveries(_with_schedule(rows, schedule_id), owner)
    return True, ids


def status_program(
    schedule_id: int, status: str, fields: dict[str, Any], rows: list[DeliveryRow], owner: int | None,
    following: dict[str, Any] | None = None, following_rows: list[DeliveryRow] | None = None,
) -> Program[tuple[bool, int | None, tuple[int, ...], tuple[int, ...]]]:
    """A scheduled night opened or cancelled (once), with its rows; a weekly night's next one made with it."""
    assignments = ", ".join(f"{name} = ?" for name in ["status", "stage", "due", *fields])
    changed = yield Run(
        f"UPDATE schedules SET {assignments} WHERE id = ? AND status = 'scheduled'",
        (status, DONE, None, *fields.values(), schedule_id),
    )
    if changed != 1:
        return False, None, (), ()
    ids = yield from insert_deliveries(_with_schedule(rows, schedule_id), owner)
    if following is None:
        return True, None, ids, ()
    next_id, next_ids = yield from create_program(following, following_rows or [], owner)
    return True, next_id, ids, next_ids


def sign_program(
    schedule_id: int, user_id: int, name: str, language: str, answer: str, join: dict[str, Any] | None,
    rows: list[DeliveryRow], owner: int | None, now: float, *, listed: bool = False,
) -> Program[tuple[Signup | None, tuple[int, ...]]]:
    """A member's answer for a night still to open. Saying they come keeps their place if they already did;
    coming again after Leave or Maybe takes the last place. `listed`: an answer read off Discord's Events list
    (a snapshot): it neither brings back who left nor changes who answered here. None: the night is not
    open for sign-ups any more (opened or cancelled meanwhile)."""
    held = yield Run("UPDATE schedules SET updated_at = ? WHERE id = ? AND status = 'scheduled'",
                     (now, schedule_id))
    if held != 1:
        return None, ()
    found = yield Rows(f"SELECT {SIGNUP_COLUMNS} FROM signups WHERE schedule_id = ? AND user_id = ?",
                       (schedule_id, user_id))
    before = signup_row(found[0]) if found else None
    if listed and before is not None:
        return before, ()
    keep_place = before is not None and before.answer in COMING and answer in COMING
    if keep_place and before is not None and before.answer == "yes" and answer == "interested":
        answer = "yes"  # pressing Interested as well says no more than Join did
    if before is not None and before.answer == answer and (join is None or join == before.join):
        return before, ()  # nothing changes: nothing to show
    last = yield Rows("SELECT COALESCE(MAX(seq), 0) FROM signups WHERE schedule_id = ?", (schedule_id,))
    seq = before.seq if keep_place and before is not None else int(last[0][0]) + 1
    at = before.at if keep_place and before is not None else now
    kept = join if join is not None else (before.join if before is not None else None)
    yield Run(
        f"INSERT INTO signups ({SIGNUP_COLUMNS}) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (schedule_id, user_id) DO UPDATE"
        " SET name = excluded.name, language = excluded.language, answer = excluded.answer,"
        " join_data = excluded.join_data, seq = excluded.seq, at = excluded.at",
        (schedule_id, user_id, name, language, answer, None if kept is None else dumps(kept), seq, at),
    )
    ids = yield from insert_deliveries(_with_schedule(rows, schedule_id), owner)
    return Signup(schedule_id, user_id, name, language, answer, kept, seq, at), ids


def forget_listed_program(schedule_id: int, keep: list[int]) -> Program[int]:
    """Drop the 'interested' sign-ups of members the Events list no longer shows."""
    marks = ",".join("?" * len(keep))
    return (yield Run(
        "DELETE FROM signups WHERE schedule_id = ? AND answer = 'interested'"
        + (f" AND user_id NOT IN ({marks})" if keep else ""), (schedule_id, *keep)
    ))


def meta_program(schedule_id: int, changes: dict[str, Any]) -> Program[dict[str, Any] | None]:
    """Merge `changes` into a night's meta (None values remove keys)."""
    found = yield Rows("SELECT meta FROM schedules WHERE id = ?", (schedule_id,))
    if not found:
        return None
    meta = {**json.loads(found[0][0]), **changes}
    meta = {k: v for k, v in meta.items() if v is not None}
    yield Run("UPDATE schedules SET meta = ? WHERE id = ?", (dumps(meta), schedule_id))
    return meta


def notices_program(
    game_id: int, kind: str, told: list[tuple[int, DeliveryRow]], owner: int | None, now: float
) -> Program[tuple[list[int], tuple[int, ...]]]:
    """Members told about a lobby (`kind`: 'filled', 'started'), each once: the rows of those not told before
    are saved; returns who was told now, and their rows' ids."""
    fresh: list[int] = []
    rows: list[DeliveryRow] = []
    for user_id, row in told:
        changed = yield Run(
            "INSERT INTO lobby_notices (game_id, user_id, kind, at) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
            (game_id, user_id, kind, now),
        )
        if changed == 1:
            fresh.append(user_id)
            rows.append(row)
    ids = yield from insert_deliveries(rows, owner)
    return fresh, ids


def instead_program(refused: int, row: DeliveryRow, owner: int | None) -> Program[tuple[int, ...]]:
    """A refused row given up and what stands in for it saved, in one write: once, however often it is asked."""
    if (yield Run("UPDATE deliveries SET state = 2 WHERE id = ? AND state = 0", (refused,))) != 1:
        return ()
    return (yield from insert_deliveries([row], owner))


def one(sql: str, params: Sequence[Any]) -> Program[int]:
    return (yield Run(sql, params))


class GatheringStore:
    """The reads and writes of game nights, on the bot's storage (its group commit, its read connection)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self.storage._fetchall(sql, params)

    # --- schedules ---------------------------------------------------------------------------------------
    async def create(self, fields: dict[str, Any], rows: list[DeliveryRow]) -> int:
        now = time.time()
        fields = {**fields, "created_at": now, "updated_at": now}
        for key in ("options", "meta"):
            fields[key] = dumps(fields.get(key) or {})
        fields["fill_bots"] = int(bool(fields.get("fill_bots")))
        schedule_id, ids = await self.storage._write(partial(create_program, fields, rows, self.storage.owner))
        number_deliveries(_with_schedule(rows, schedule_id), ids)
        return schedule_id

    async def schedule(self, schedule_id: int) -> Schedule | None:
        rows = await self._read(f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE id = ?", (schedule_id,))
        return schedule_row(rows[0]) if rows else None

    async def by_input(self, input_key: str) -> Schedule | None:
        rows = await self._read(f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE input_key = ?", (input_key,))
        return schedule_row(rows[0]) if rows else None

    async def of_lobby(self, lobby_id: int) -> Schedule | None:
        rows = await self._read(f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE lobby_id = ?", (lobby_id,))
        return schedule_row(rows[0]) if rows else None

    async def of_event(self, event_id: int) -> Schedule | None:
        needle = f'%"event":{int(event_id)}%'
        rows = await self._read(
            f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE status = 'scheduled' AND meta LIKE ?", (needle,)
        )
        found = [schedule_row(r) for r in rows]
        return next((s for s in found if s.event_id == event_id), None)

    async def upcoming(self, guild_id: int, host_id: int | None = None) -> list[Schedule]:
        sql = f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE guild_id = ? AND status = 'scheduled'"
        params: list[Any] = [guild_id]
        if host_id is not None:
            sql += " AND host_id = ?"
            params.append(host_id)
        return [schedule_row(r) for r in await self._read(sql + " ORDER BY starts_at, id", params)]

    async def due(self, now: float) -> list[Schedule]:
        rows = await self._read(
            f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE due IS NOT NULL AND due <= ? AND status = 'scheduled'"
            " ORDER BY due, id", (now,),
        )
        return [schedule_row(r) for r in rows]

    async def next_due(self) -> float | None:
        rows = await self._read("SELECT MIN(due) FROM schedules WHERE due IS NOT NULL AND status = 'scheduled'")
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def advance(
        self, schedule: Schedule, then: int, due: float | None, rows: list[DeliveryRow], now: float
    ) -> bool:
        moved, ids = await self.storage._write(partial(
            stage_program, schedule.id, schedule.stage, then, due, rows, self.storage.owner, now
        ))
        number_deliveries(rows if moved else [], ids)
        return bool(moved)

    async def finish(
        self, schedule: Schedule, status: str, rows: list[DeliveryRow], *, lobby_id: int | None = None,
        following: dict[str, Any] | None = None, following_rows: list[DeliveryRow] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> tuple[bool, int | None]:
        """Open (with its lobby) or cancel a night, once; a weekly night's next one is made in the same write.
        `meta`: what to add to the night's meta with it."""
        now = time.time()
        fields: dict[str, Any] = {"updated_at": now}
        if lobby_id is not None:
            fields["lobby_id"] = lobby_id
        if meta:
            fields["meta"] = dumps({**schedule.meta, **meta})
        if following is not None:
            following = {**following, "created_at": now, "updated_at": now, "options": dumps(following["options"]),
                         "meta": dumps(following.get("meta") or {}), "fill_bots": int(bool(following["fill_bots"]))}
        done, next_id, ids, next_ids = await self.storage._write(partial(
            status_program, schedule.id, status, fields, rows, self.storage.owner, following, following_rows,
        ))
        if done:
            number_deliveries(rows, ids)
            if next_id is not None:
                number_deliveries(_with_schedule(following_rows or [], next_id), next_ids)
        return bool(done), next_id

    async def update_meta(self, schedule_id: int, **changes: Any) -> dict[str, Any] | None:
        return await self.storage._write(partial(meta_program, schedule_id, changes))

    async def instead(self, refused: int, row: DeliveryRow) -> bool:
        """Give up row `refused` and save `row` in its stead (once); whether this call did."""
        ids = await self.storage._write(partial(instead_program, refused, row, self.storage.owner))
        number_deliveries([row] if ids else [], ids)
        return bool(ids)

    async def events_refused(self, guild_id: int) -> bool:
        """Whether a night of the server could not have its Discord event already (the moderators were told)."""
        rows = await self._read(
            "SELECT 1 FROM schedules WHERE guild_id = ? AND meta LIKE ? LIMIT 1", (guild_id, '%"event":"refused"%')
        )
        return bool(rows)

    # --- sign-ups ---------------------------------------------------------------------------------------
    async def sign(
        self, schedule_id: int, user_id: int, name: str, language: str, answer: str, rows: list[DeliveryRow],
        *, join: dict[str, Any] | None = None, now: float, listed: bool = False,
    ) -> tuple[Signup | None, bool]:
        """The member's answer saved with its rows; (their sign-up, whether anything changed)."""
        signup, ids = await self.storage._write(partial(
            sign_program, schedule_id, user_id, name, language, answer, join, rows, self.storage.owner, now,
            listed=listed,
        ))
        number_deliveries(rows if ids else [], ids)
        return signup, bool(ids)

    async def forget_listed(self, schedule_id: int, keep: list[int]) -> int:
        return int(await self.storage._write(partial(forget_listed_program, schedule_id, keep)))

    async def signups(self, schedule_id: int) -> list[Signup]:
        rows = await self._read(f"SELECT {SIGNUP_COLUMNS} FROM signups WHERE schedule_id = ? ORDER BY seq",
                                (schedule_id,))
        return [signup_row(r) for r in rows]

    # --- subscriptions and who was told -----------------------------------------------------------------
    async def subscribe(self, subscription: Subscription) -> None:
        s = subscription
        await self.storage._write(partial(
            one, "INSERT INTO subscriptions (guild_id, user_id, game, players, language, at) VALUES (?,?,?,?,?,?)"
            " ON CONFLICT (guild_id, user_id, game) DO UPDATE SET players = excluded.players,"
            " language = excluded.language, at = excluded.at",
            (s.guild_id, s.user_id, s.game, s.players, s.language, s.at),
        ))

    async def unsubscribe(self, guild_id: int, user_id: int, game: str | None = None) -> int:
        sql, params = "DELETE FROM subscriptions WHERE guild_id = ? AND user_id = ?", [guild_id, user_id]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        return int(await self.storage._write(partial(one, sql, params)))

    async def subscriptions(
        self, guild_id: int, game: str | None = None, user_id: int | None = None
    ) -> list[Subscription]:
        sql, params = f"SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE guild_id = ?", [guild_id]
        if game is not None:
            sql += " AND game IN (?, '*')"
            params.append(game)
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        return [subscription_row(r) for r in await self._read(sql + " ORDER BY at, user_id", params)]

    async def told(self, game_id: int, kind: str) -> set[int]:
        rows = await self._read("SELECT user_id FROM lobby_notices WHERE game_id = ? AND kind = ?", (game_id, kind))
        return {int(r[0]) for r in rows}

    async def tell(
        self, game_id: int, kind: str, told: list[tuple[int, DeliveryRow]], now: float
    ) -> list[DeliveryRow]:
        """Save the rows of the members not told yet (one notice of a kind per member and lobby); those rows."""
        fresh, ids = await self.storage._write(partial(notices_program, game_id, kind, told, self.storage.owner, now))
        rows = [row for user_id, row in told if user_id in fresh]
        number_deliveries(rows, ids)
        return rows

    # --- members' zones ---------------------------------------------------------------------------------
    async def member_zone(self, user_id: int) -> str | None:
        rows = await self._read("SELECT zone FROM member_settings WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def set_member_zone(self, user_id: int, zone: str | None) -> None:
        await self.storage._write(partial(
            one, "INSERT INTO member_settings (user_id, zone) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET zone = excluded.zone", (user_id, zone),
        ))
