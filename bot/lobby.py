"""The lobby, shared by every game: create a game in a channel with its house rules, join,
leave, start, cancel. No Discord here: the lobby cog adds the test DM and the replies.

Every change to a lobby reads its row and writes it back, so changes are serialised per channel
(one `asyncio.Lock` each, the table's discipline), and every write is a compare-and-set on the
seats read and the lobby status: a join can neither land on a game that started nor erase a seat
taken meanwhile, even by another process.

A change asked for by a Discord interaction is applied once per interaction (`input_key`): the key
is saved in the same write as the change (`Storage.update_lobby`, `create_game`; /start's in the
game's start action), so the same interaction delivered again — even after a restart — answers
"already done" ("error-duplicate") and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import annotated_types
from pydantic import BaseModel

from bot.live import LiveGame, Seat
from bot.lobby_changes import ChangeListeners
from bot.offline import bot_names
from bot.ratings.reading import reliability
from bot.storage import DeliveryRow, GameRow, IntegrityError, Storage
from bot.table import Table
from bot.table.limits import TokenBucket
from games import registry
from games.core import Engine, IllegalAction, Refusal
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL

OPEN = ("lobby", "running")
log = logging.getLogger(__name__)


class LobbyError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.refusal = Refusal(key=key, params=params)


@dataclass(frozen=True)
class LobbyLimits:
    max_per_server: int = 10
    """Lobbies waiting for players at once on one server."""
    openings_burst: int = 3
    openings_per_hour: float = 20.0
    """How many lobbies one member may open in a row on a server, then how fast (a loop of opening and
    cancelling floods the channel and the member's DMs)."""
    idle_seconds: float = 3600.0
    """A lobby nobody joined, left or started for this long is closed."""


@dataclass(frozen=True)
class Left:
    row: GameRow
    new_host: int | None = None
    """The player who became host because the host left, if that happened."""


Expired = Callable[[GameRow], Awaitable[None]]
PENDING = "pending"
"""A seat's mark while its player still owes the game's sign-up answers (a game night seats who signed up
ahead, in their order, before everyone has answered: `Lobby.answer` fills the seat in)."""


@dataclass
class _Serial:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


def deadline_bounds(engine: Engine[Any], kind: str) -> tuple[int, int] | None:
    """The seconds a game allows for deadline kind `kind` (its `<kind>_seconds` house rule), or
    None when the game has no such deadline."""
    spec = engine.Options.model_fields.get(f"{kind}_seconds")
    if spec is None:
        return None
    low, high = 1, 10**9
    for rule in spec.metadata:
        if isinstance(rule, annotated_types.Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Gt):
            low = int(rule.gt) + 1  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Le):
            high = int(rule.le)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Lt):
            high = int(rule.lt) - 1  # type: ignore[call-overload]
    return low, high


def asks_at_join(engine: Engine[Any], options: Any) -> bool:
    """Whether a player joins this game by answering its sign-up questions (Mafia: the conditions,
    the wanted public roles). Such a lobby is its host's to organise: the host takes a seat only by
    signing up like everyone else, and players leaving neither close it nor pass it on."""
    if not isinstance(options, BaseModel):
        options = engine.parse_options(options)
    return engine.join_prompt(options, {}, []) is not None


def owes_answers(engine: Engine[Any], options: Any, seat: Seat) -> bool:
    """Whether a member seated at once (a game night's sign-up) holds a pending seat: the game asks sign-up
    questions and they have not answered them yet."""
    return not seat.bot and not seat.join and asks_at_join(engine, options)


class Lobby:
    def __init__(self, storage: Storage, table: Table, limits: LobbyLimits | None = None) -> None:
        self.storage = storage
        self.table = table
        self.limits = limits or LobbyLimits()
        self.openings = TokenBucket(self.limits.openings_burst, self.limits.openings_per_hour / 3600.0)
        """(server, member) → lobbies they may open now (`may_open`)."""
        self.expired_listeners: list[Expired] = []
        """Told about each lobby closed for being idle (the lobby cog says so in its channel)."""
        self.changed = ChangeListeners(storage.load_game)
        """Told, by `tell_changed`, after a lobby's seats or status changed and the channel was told (game
        nights move their waiting lists and start their games; members who asked are told it filled)."""
        self._locks: dict[int, _Serial] = {}
        self._create_lock = asyncio.Lock()  # the per-user and per-server limits span channels

    @asynccontextmanager
    async def _lock(self, channel_id: int | None) -> AsyncIterator[None]:
        """Serialise the changes to one channel's lobby; the lock is dropped once nobody holds or
        waits for it, so channels used once leave nothing behind."""
        key = channel_id or 0
        entry = self._locks.setdefault(key, _Serial())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._locks[key]

    async def current(self, channel_id: int) -> GameRow | None:
        rows = await self.storage.games_in_channel(channel_id, *OPEN)
        return rows[-1] if rows else None

    async def create(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host: Seat,
        options: dict[str, Any],
        language: str,
        default_deadlines: dict[str, int] | None = None,
        input_key: str | None = None,
        meta: dict[str, Any] | None = None,
        seats: list[Seat] | None = None,
        limits: bool = True,
    ) -> GameRow:
        """`meta`: what the Discord layer keeps with the game from its start (e.g. a linked voice channel).
        `seats`: who sits down at once instead of the host (a game night's sign-ups, in their order; one whose
        seat dict has PENDING still owes the game's sign-up answers); `limits`: False for a night planned
        ahead, which the per-host and per-server limits on open lobbies do not hold up."""
        if game not in registry.available():
            raise LobbyError("lobby-unknown-game", game=game)
        engine = registry.engine(game)
        chosen = {k: v for k, v in options.items() if v is not None}
        for kind, seconds in (default_deadlines or {}).items():
            bounds = deadline_bounds(engine, kind)
            if bounds is not None and f"{kind}_seconds" not in chosen:
                # settings are checked against every game when saved; older ones are clamped here
                chosen[f"{kind}_seconds"] = min(max(int(seconds), bounds[0]), bounds[1])
        try:
            parsed = engine.parse_options(chosen)
            join = engine.parse_join(parsed, host.join)
            seated = None if seats is None else [self._seat_of(engine, parsed, seat) for seat in seats]
        except IllegalAction as error:
            raise LobbyError(error.refusal.key, **error.refusal.params) from error
        async with self._lock(channel_id), self._create_lock:
            await self._once(input_key)
            if await self.current(channel_id) is not None:
                raise LobbyError("lobby-channel-busy")
            if limits:
                await self._check_limits(guild_id, host.user_id)
                await self.check_reliability(guild_id, host.user_id)
            if seated is None:  # a game with sign-up questions seats its host once they have answered them
                seated = [] if asks_at_join(engine, parsed) else [host.model_copy(update={"join": join}).model_dump()]
            try:
                game_id = await self.storage.create_game(
                    game=game, status="lobby", seed=secrets.randbits(48), options=parsed.model_dump(mode="json"),
                    seats=seated, language=language,
                    guild_id=guild_id, channel_id=channel_id, host_id=host.user_id, input_key=input_key,
                    meta=meta,
                )
            except IntegrityError:  # another process opened it for this same interaction
                await self._once(input_key)
                raise
        row = await self.storage.load_game(game_id)
        assert row is not None
        return row

    @staticmethod
    def _seat_of(engine: Engine[Any], options: BaseModel, seat: Seat) -> dict[str, Any]:
        """A seat taken at once, its join data checked by the game (a pending one keeps its mark, no data)."""
        if seat.bot:
            return seat.model_dump()
        if owes_answers(engine, options, seat):
            return seat.model_dump() | {PENDING: True}
        return seat.model_copy(update={"join": engine.parse_join(options, seat.join)}).model_dump()

    async def tell_changed(self, row: GameRow) -> None:
        """After a lobby changed and the channel was told: the listeners, in turn (bot/lobby_changes.py)."""
        await self.changed.tell(row)

    async def close(self) -> None:
        """Stop telling listeners again (those waiting for the database to be back)."""
        await self.changed.close()

    def may_open(self, guild_id: int | None, user_id: int, now: float | None = None) -> None:
        """Spend one of the member's openings on this server, or refuse with how long to wait."""
        wait = self.openings.take((guild_id, user_id), time.monotonic() if now is None else now)
        if wait:
            raise LobbyError("lobby-cooldown", minutes=max(1, round(wait / 60)), seconds=wait)

    async def _check_limits(self, guild_id: int | None, user_id: int | None) -> None:
        """One open lobby per host on a server, and at most `max_per_server` open lobbies."""
        if guild_id is None:
            return
        waiting = [r for r in await self.storage.games_with_status("lobby") if r.guild_id == guild_id]
        own = next((r for r in waiting if user_id is not None and r.host_id == user_id), None)
        if own is not None:
            raise LobbyError("lobby-user-has-lobby", id=own.id, channel=f"<#{own.channel_id}>")
        if len(waiting) >= self.limits.max_per_server:
            raise LobbyError("lobby-server-full", max=self.limits.max_per_server)

    async def check_reliability(self, guild_id: int | None, user_id: int | None) -> None:
        """The server's `min_reliability` (/gm settings): a member who has finished too few of their games
        there (once they have played `RELIABLE_FROM`) cannot take a seat, nor sign up for a game night; a
        moderator still can give one."""
        if guild_id is None or user_id is None:
            return
        needed = int((await self.storage.guild_settings(guild_id)).get("min_reliability") or 0)
        if needed <= 0:
            return
        kept = await reliability(self.storage, guild_id, user_id)
        if kept.judged and kept.percent < needed:
            raise LobbyError("lobby-unreliable", needed=needed, percent=kept.percent, finished=kept.finished,
                             games=kept.games)

    async def _lobby(self, channel_id: int) -> GameRow:
        row = await self.current(channel_id)
        if row is None:
            raise LobbyError("lobby-none")
        if row.status != "lobby":
            raise LobbyError("lobby-already-started")
        return row

    async def _once(self, input_key: str | None) -> None:
        """Refuse an interaction that was applied already (Discord delivered it twice)."""
        if input_key is not None and await self.storage.input_applied(input_key) is not None:
            raise LobbyError("error-duplicate")

    async def _write(
        self, row: GameRow, *, input_key: str | None = None, deliveries: list[DeliveryRow] | None = None,
        **fields: Any,
    ) -> None:
        """Write lobby fields only if nothing changed since `row` was read; else say what did. The
        interaction's key is saved in the same write (another process applying it first: a repeat), and
        so are the `deliveries` the change sends."""
        try:
            if await self.storage.update_lobby(row.id, row.seats, input_key=input_key, deliveries=deliveries,
                                               **fields):
                return
        except IntegrityError:
            await self._once(input_key)
            raise  # a broken row, not a repeated input: never report a fault as "already done"
        await self._once(input_key)  # the change that moved the lobby on may have been this very one
        now = await self.storage.load_game(row.id)
        if now is None or now.status != "lobby":
            raise LobbyError("lobby-already-started" if now and now.status == "running" else "lobby-none")
        raise LobbyError("lobby-changed")

    async def join(
        self, channel_id: int, seat: Seat, *, lobby_id: int | None = None, input_key: str | None = None,
        deliveries: list[DeliveryRow] | None = None, limits: bool = True,
    ) -> GameRow:
        """Take a seat; `lobby_id` (the Join button's) must still be the lobby open in the channel.
        `deliveries`: what the seat taken sends (a game night's DM to a member moved up), saved with it.
        `limits`: False for a game night's member moved up from its waiting list, whose place the night gave
        when they signed up (the server's `min_reliability` was checked then, as it is at a Join)."""
        async with self._lock(channel_id):
            await self._once(input_key)
            row = await self._lobby(channel_id)
            if lobby_id is not None and row.id != lobby_id:
                raise LobbyError("lobby-button-stale", id=lobby_id)
            if any(s.get("user_id") == seat.user_id for s in row.seats):
                raise LobbyError("lobby-already-joined")
            engine = registry.engine(row.game)
            if len(row.seats) >= engine.max_players:
                raise LobbyError("lobby-full", max=engine.max_players)
            if limits:
                await self.check_reliability(row.guild_id, seat.user_id)
            try:  # the game's own reason, now, rather than a /start that can never succeed
                taken = self._seat_of(engine, engine.parse_options(row.options), seat)
            except IllegalAction as error:
                raise LobbyError(error.refusal.key, **error.refusal.params) from error
            seats = [*row.seats, taken]
            await self._write(row, seats=seats, input_key=input_key, deliveries=deliveries)
            row.seats = seats
            return row

    async def answer(
        self, channel_id: int, user_id: int, given: dict[str, Any], *, lobby_id: int, input_key: str | None = None
    ) -> GameRow:
        """A seated member who still owed the game's sign-up answers gives them: their seat keeps its place."""
        async with self._lock(channel_id):
            await self._once(input_key)
            row = await self._lobby(channel_id)
            if row.id != lobby_id:
                raise LobbyError("lobby-button-stale", id=lobby_id)
            place = next((i for i, s in enumerate(row.seats) if s.get("user_id") == user_id and s.get(PENDING)), None)
            if place is None:
                raise LobbyError("lobby-already-joined")
            try:
                join = registry.engine(row.game).parse_join(row.options, given)
            except IllegalAction as error:
                raise LobbyError(error.refusal.key, **error.refusal.params) from error
            seat = {k: v for k, v in row.seats[place].items() if k != PENDING} | {"join": join}
            seats = [*row.seats[:place], seat, *row.seats[place + 1:]]
            await self._write(row, seats=seats, input_key=input_key)
            row.seats = seats
            return row

    async def add_bot(
        self, channel_id: int, user_id: int, *, moderator: bool, count: int = 1, level: str = DEFAULT_BOT_LEVEL,
        input_key: str | None = None,
    ) -> tuple[GameRow, list[str]]:
        """The host (or a moderator) seats `count` bot players playing at `level`, up to the game's
        maximum: names from the bot names of the lobby's language, none taken twice. A bot seat needs
        no DM."""
        if level not in BOT_LEVELS:
            raise LobbyError("lobby-bot-level-unknown", level=level, levels=", ".join(BOT_LEVELS))
        async with self._lock(channel_id):
            await self._once(input_key)
            row = await self._lobby(channel_id)
            if row.host_id != user_id and not moderator:
                raise LobbyError("lobby-host-only")
            engine = registry.engine(row.game)
            if count < 1 or len(row.seats) + count > engine.max_players:
                raise LobbyError("lobby-bots-no-room", max=engine.max_players, free=engine.max_players - len(row.seats))
            taken = {str(s.get("name")) for s in row.seats}
            pool = bot_names(row.language)
            names = [n for n in pool if n not in taken][:count]
            number = 2
            while len(names) < count:  # more bots than names (players took some): number them
                candidate = f"{pool[len(names) % len(pool)]} {number}"
                number += 1
                if candidate not in taken and candidate not in names:
                    names.append(candidate)
            try:
                joins = [engine.parse_join(row.options, {}) for _ in names]
            except IllegalAction as error:
                raise LobbyError(error.refusal.key, **error.refusal.params) from error
            added = [
                Seat(name=name, bot=True, join=join, bot_level=level).model_dump()
                for name, join in zip(names, joins, strict=True)
            ]
            seats = [*row.seats, *added]
            await self._write(row, seats=seats, input_key=input_key)
            row.seats = seats
            return row, names

    async def leave(self, channel_id: int, user_id: int, *, input_key: str | None = None) -> Left:
        """Leave a lobby; the last player out cancels it (bot seats keep no lobby open), and a
        leaving host hands the lobby to the player who joined next."""
        async with self._lock(channel_id):
            await self._once(input_key)
            row = await self._lobby(channel_id)
            kept = [s for s in row.seats if s.get("bot") or s.get("user_id") != user_id]
            if len(kept) == len(row.seats):
                raise LobbyError("lobby-not-joined")
            if asks_at_join(registry.engine(row.game), row.options):  # the host's to organise
                await self._write(row, seats=kept, input_key=input_key)
                row.seats = kept
                return Left(row)
            players = [s for s in kept if not s.get("bot") and s.get("user_id") is not None]
            if not players:
                await self._write(row, seats=kept, status="cancelled", input_key=input_key)
                row.status = "cancelled"
                row.seats = kept
                return Left(row)
            new_host = players[0].get("user_id") if row.host_id == user_id else None
            if new_host is not None:
                await self._write(row, seats=kept, host_id=new_host, input_key=input_key)
                row.host_id = new_host
            else:
                await self._write(row, seats=kept, input_key=input_key)
            row.seats = kept
            return Left(row, new_host)

    async def start(
        self, channel_id: int, user_id: int, *, moderator: bool, input_key: str | None = None
    ) -> LiveGame:
        async with self._lock(channel_id):  # a /join waiting on this lock then sees a running game
            await self._once(input_key)
            row = await self._lobby(channel_id)
            if row.host_id != user_id and not moderator:
                raise LobbyError("lobby-host-only")
            engine = registry.engine(row.game)
            refusal = engine.check_players(len(row.seats))
            if refusal is not None:
                raise LobbyError(refusal.key, **refusal.params)
            seats = [Seat.model_validate(s) for s in row.seats]
            try:
                return await self.table.start(
                    row.game, seats, options=row.options, seed=row.seed, language=row.language,
                    guild_id=row.guild_id, channel_id=row.channel_id, host_id=row.host_id, meta=row.meta,
                    lobby_id=row.id, input_key=input_key,
                )
            except IllegalAction as error:
                raise LobbyError(error.refusal.key, **error.refusal.params) from error
            except IntegrityError:  # another process started it for this same interaction
                await self._once(input_key)
                raise

    async def cancel(
        self, channel_id: int, user_id: int | None, *, moderator: bool, input_key: str | None = None
    ) -> GameRow:
        """The host, or a moderator, cancels the channel's lobby or ends its running game. A moderator
        who holds or held a seat of that game is one of its players: only its host, or another
        moderator, may end it (`Table.secrets_refusal`). `user_id` None: the bot itself, for a lobby whose
        channel or server is gone (a running game there is not ended: it waits, paused, for a moderator)."""
        async with self._lock(channel_id):
            await self._once(input_key)
            row = await self.current(channel_id)
            if row is None:
                raise LobbyError("lobby-none")
            if row.host_id != user_id and not moderator:
                raise LobbyError("lobby-host-only")
            if row.status == "running":
                if user_id is None:
                    raise LobbyError("lobby-already-started")
                playing = await self.table.secrets_refusal(row.id, user_id) if row.host_id != user_id else None
                if playing is not None:
                    raise LobbyError(playing.key, **playing.params)
                outcome = await self.table.end(row.id, actor_id=user_id, input_key=input_key)
                if outcome.refusal is not None:
                    raise LobbyError(outcome.refusal.key, **outcome.refusal.params)
            else:
                await self._write(row, status="cancelled", input_key=input_key)
            row.status = "cancelled"
            return row

    async def expire_idle(self, now: float | None = None) -> list[GameRow]:
        """Close every lobby unchanged for `idle_seconds`; the listeners say so in its channel."""
        cutoff = (time.time() if now is None else now) - self.limits.idle_seconds
        closed = []
        for stale in await self.storage.games_with_status("lobby"):
            if stale.updated_at > cutoff:
                continue
            async with self._lock(stale.channel_id):
                row = await self.storage.load_game(stale.id)  # a join may have come in meanwhile
                if row is None or row.status != "lobby" or row.updated_at > cutoff:
                    continue
                if not await self.storage.update_lobby(row.id, row.seats, status="cancelled"):
                    continue
                row.status = "cancelled"
                closed.append(row)
        for row in closed:
            for listener in self.expired_listeners:
                await listener(row)
            await self.tell_changed(row)
        return closed
