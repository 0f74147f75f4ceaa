"""The rows the storage reads and writes, the same on every backend, and how they map to columns.

JSON columns (options, seats, meta, payloads, bodies) hold canonical JSON text on both backends
(sorted keys, no spaces): a value reads back exactly as it was written, and a lobby's seats can be
compared as text (`Storage.update_lobby`). Flags are stored as integers 0/1 on both.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class IntegrityError(Exception):
    """A write broke a constraint (a repeated input's unique key, a refused row): the step, and
    only it, was undone. Both backends raise this, whatever their driver calls it."""


class PackedText:
    """A text attribute kept compressed (zlib, its fastest level) and read back whole: a live game's saved state,
    which its row holds for as long as the game lives, though the game's parsed state serves nearly every read
    (a 10-player Mafia game's 29 KB of JSON is 4.7 KB so; about 0.13 ms to compress, 0.03 ms to read).
    A text set is held as given until `pack` compresses it: a game saved at every step keeps its newest text while
    its parsed state is in use, and compresses it once that state is let go (`bot.live.ParsedStates`), so a busy
    game's steps do not each pay for it (a Cookie step's 28 µs of some 220 on the event loop).
    No default: a row is always given its state (None for a lobby)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.packed = f"_{name}_packed"
        self.text = f"_{name}_text"

    def __get__(self, row: object, owner: type | None = None) -> str | None:
        if row is None:
            raise AttributeError(self.packed)  # a dataclass field with no default
        held = row.__dict__
        text: str | None = held[self.text]
        if text is not None:
            return text
        packed: bytes | None = held[self.packed]
        return None if packed is None else zlib.decompress(packed).decode()

    def __set__(self, row: object, text: str | None) -> None:
        row.__dict__[self.text] = text
        row.__dict__[self.packed] = None

    def pack(self, row: object) -> None:
        """Compress the text held as given (nothing to do when it is compressed already, or None)."""
        held = row.__dict__
        if (text := held[self.text]) is not None:
            held[self.packed] = zlib.compress(text.encode(), 1)
            held[self.text] = None


STATE_TEXT = PackedText()


@dataclass
class GameRow:
    id: int
    game: str
    status: str
    guild_id: int | None
    channel_id: int | None
    host_id: int | None
    language: str
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    state: PackedText = STATE_TEXT
    """The game's saved state (JSON), or None for a lobby; kept compressed in memory while the game's parsed state
    is not (`PackedText`, `pack_state`)."""
    step: int
    paused: bool
    meta: dict[str, Any]
    created_at: float
    updated_at: float
    version: int = 0
    """Goes up with every write that changes the game (see migration 007)."""

    def pack_state(self) -> None:
        """Compress the saved state held as given: its game's parsed state no longer serves its reads."""
        STATE_TEXT.pack(self)


@dataclass
class ActionRow:
    kind: str
    step: int
    payload: dict[str, Any]
    seat: int | None = None
    actor_id: int | None = None
    by_bot: bool = False
    input_key: str | None = None
    seq: int = 0
    undone: bool = False
    at: float = field(default_factory=time.time)


@dataclass
class EventRow:
    key: str
    params: dict[str, Any]
    audience: list[int] | None
    seq: int = 0
    action_seq: int | None = None
    at: float = field(default_factory=time.time)


@dataclass
class DeliveryRow:
    """Something a step must show in Discord (see migration 004): a line for a channel or a member's
    DMs, a prompt to post, a status edit, a picture. Exactly one of channel_id / user_id is set. It
    belongs to a game, or to a game night not yet opened (`schedule_id`, migration 013; game_id None)."""

    game_id: int | None
    step: int
    kind: str
    body: dict[str, Any]
    channel_id: int | None = None
    user_id: int | None = None
    prompt_id: str | None = None
    id: int = 0
    batch: int | None = None
    schedule_id: int | None = None
    made: float = field(default_factory=time.time, compare=False)
    """When it was made (Unix seconds, migration 018): its players' wait for it began then, in whichever process."""


DELIVERY_WAITING, DELIVERY_SENT, DELIVERY_DROPPED = 0, 1, 2


class Elsewhere(NamedTuple):
    """A game's earliest row that another bot process still has to send (`DeliveryStore.others_waiting`)."""

    first: int
    """Its id: a process's own rows of the game before it may go."""
    alive: bool
    """Whether a process alive has one of them (False: only processes that are gone, whose rows wait for adoption)."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's routing: a server's events go to shard `(id >> 22) % shards`; DMs, and a game of no server, to 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class OwnShards:
    """The gateway shards (`ids` of `count`) of one of several bot processes on a database: the deadlines of their
    servers' games are this process's to fire when due; another process's are left to it for `grace` seconds
    more (they fire here only when that process is gone or behind)."""

    ids: tuple[int, ...]
    count: int
    grace: float

    def sql(self) -> str:
        """A condition on `g` (the games row): its server is on these shards (a game with no server: shard 0's).
        Discord's routing: a server's events go to shard `(id >> 22) % count`."""
        shards = ", ".join(str(int(shard)) for shard in self.ids) or "-1"
        none = "1 = 1" if 0 in self.ids else "1 = 0"
        shard = f"(g.guild_id / 4194304) % {int(self.count)}"
        return f"(CASE WHEN g.guild_id IS NULL THEN {none} ELSE {shard} IN ({shards}) END)"

    def holds(self, guild_id: int | None) -> bool:
        """Whether a game of this server (None: a game of no server) is on these shards, as `sql` tells it."""
        return shard_of(guild_id, self.count) in self.ids

    def later(self, column: str) -> str:
        """`column` (a time of the deadline) as this process looks at it: another process's, `grace` later."""
        return f"(CASE WHEN {self.sql()} THEN {column} ELSE {column} + {float(self.grace)!r} END)"


@dataclass
class DeadlineRow:
    game_id: int
    prompt_id: str
    seat: int
    due: float
    remind_at: float | None
    reminded: bool = False

    @property
    def wakes_at(self) -> float:
        """When the scheduler must look at it: its reminder, if one is still to come before it is due,
        else its due time (as `Storage.next_wake_time` reads it)."""
        if not self.reminded and self.remind_at is not None and self.remind_at < self.due:
            return self.remind_at
        return self.due


GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, host_id, language, seed, options, seats, state, step,"
    " paused, meta, created_at, updated_at, version"
)
DELIVERY_COLUMNS = "id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, schedule_id, made"
DEADLINE_COLUMNS = "d.game_id, d.prompt_id, d.seat, d.due, d.remind_at, d.reminded"
ACTION_COLUMNS = "seq, kind, step, seat, actor_id, payload, by_bot, input_key, undone, at"
JSON_GAME_FIELDS = ("options", "seats", "meta")


def dumps(value: Any) -> str:
    """Canonical JSON text: equal values give equal text."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def game_row(row: Sequence[Any]) -> GameRow:
    (gid, game, status, guild, channel, host, language, seed, options, seats, state, step, paused,
     meta, created, updated, version) = tuple(row)
    return GameRow(
        id=gid, game=game, status=status, guild_id=guild, channel_id=channel, host_id=host,
        language=language, seed=seed, options=json.loads(options), seats=json.loads(seats),
        state=state, step=step, paused=bool(paused), meta=json.loads(meta), created_at=created,
        updated_at=updated, version=version,
    )


def delivery_row(row: Sequence[Any]) -> DeliveryRow:
    delivery_id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, schedule_id, made = row
    return DeliveryRow(game_id=game_id, step=step, kind=kind, channel_id=channel_id, user_id=user_id,
                       body=json.loads(body), prompt_id=prompt_id, id=delivery_id, batch=batch,
                       schedule_id=schedule_id, made=time.time() if made is None else float(made))


def deadline_row(row: Sequence[Any]) -> DeadlineRow:
    game_id, prompt_id, seat, due, remind_at, reminded = row
    return DeadlineRow(game_id, prompt_id, seat, due, remind_at, bool(reminded))


def action_row(row: Sequence[Any]) -> ActionRow:
    seq, kind, step, seat, actor_id, payload, by_bot, input_key, undone, at = row
    return ActionRow(seq=seq, kind=kind, step=step, seat=seat, actor_id=actor_id, payload=json.loads(payload),
                     by_bot=bool(by_bot), input_key=input_key, undone=bool(undone), at=at)


def event_row(row: Sequence[Any]) -> EventRow:
    seq, action_seq, key, params, audience, at = row
    return EventRow(seq=seq, action_seq=action_seq, key=key, params=json.loads(params),
                    audience=None if audience is None else json.loads(audience), at=at)


def game_update(game_id: int, fields: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """The UPDATE for a game's changed fields (JSON ones encoded, `paused` as 0/1), stamping
    `updated_at` now unless the caller gives it, and moving the game's version on."""
    encoded = {
        k: (dumps(v) if k in JSON_GAME_FIELDS else int(v) if k == "paused" else v)
        for k, v in fields.items()
    }
    encoded.setdefault("updated_at", time.time())
    assignments = ", ".join(f"{k} = ?" for k in encoded) + ", version = version + 1"
    return f"UPDATE games SET {assignments} WHERE id = ?", (*encoded.values(), game_id)
