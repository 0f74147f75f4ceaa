"""Game nights' life: made (`create`, every bad input refused with nothing saved), signed up for (`answer`,
and the Discord event's "Interested" list: `listed_change`, `reconcile`), reminded and opened when their
stage falls due (`run_due`, woken by the deadline scheduler: bot/scheduler.py `others`), cancelled.

The opening goes through bot/lobby.py, the one way a lobby is opened, seated and started: the lobby opens
with who comes seated in the order they said so (a member who still owes the game's sign-up answers holds
a pending seat), bots fill the missing seats only when the host said `fill:bots`, and the game starts by
itself once the seats are enough and every answer is in (`lobby_changed`). When a seated player leaves,
the first on the waiting list takes the seat. Each step of an opening is applied once (an input key per
step), so a night whose opening was cut short by a restart is opened again from where it stopped; the
night is marked opened last, with what it sends and, for a weekly night, next week's.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from bot.gathering import model, plans
from bot.gathering.model import MAX_UPCOMING, OPEN, REPEATS, Schedule, Signup
from bot.gathering.notify import Notifier
from bot.gathering.times import DEFAULT_ZONE, Reading, a_week_later, parse_clock, read_time, zone_named
from bot.i18n import t
from bot.live import Seat
from bot.lobby import PENDING, Lobby, LobbyError, asks_at_join, owes_answers
from bot.storage import DeliveryRow, GameRow, IntegrityError, Storage
from bot.storage.gathering import GatheringStore
from bot.table import Table
from games import registry
from games.core import Engine, IllegalAction

log = logging.getLogger(__name__)

SOONEST = 60.0
"""A night is at least a minute away when it is made."""
FARTHEST = 366 * 86400.0
RETRY_SECONDS = 60.0
"""A night's stage that failed (Discord or the database in trouble) is tried again this much later: the
scheduler would otherwise find it due again at once, and again."""
BUSY_RETRY = 300.0
"""A night whose channel holds another game at its time tries to open again this much later."""

Queue = Callable[[list[DeliveryRow]], None]
Listed = Callable[[Schedule], Awaitable[list[tuple[int, str]] | None]]


@dataclass
class NightRequest:
    """`/schedule` as given: `zone` is the member's own (or the server's); `language` the member's."""

    guild_id: int
    channel_id: int
    host_id: int
    game: str
    when: str
    zone: ZoneInfo
    language: str
    channel_language: str
    locale: str | None = None
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    fill_bots: bool = False
    repeat: str | None = None
    deadline: str | None = None
    input_key: str | None = None


def house_rules(typed: str) -> dict[str, Any]:
    """More house rules as typed for `/schedule options:`: `key=value` pairs separated by spaces or commas (a
    value read as JSON when it is: 30, true, "text"). ValueError naming the first part that is no pair."""
    rules: dict[str, Any] = {}
    for part in typed.replace(",", " ").split():
        key, equals, value = part.partition("=")
        if not equals or not key.strip():
            raise ValueError(part)
        try:
            rules[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            rules[key.strip()] = value
    return rules


def seat_range(engine: Engine[Any], options: BaseModel) -> tuple[int, int]:
    """The table sizes the game allows with these house rules (Mafia: 10–12, or 8–14 when allowed)."""
    allows = getattr(options, "allows", None)
    sizes = [n for n in range(engine.min_players, engine.max_players + 1) if allows is None or allows(n)]
    return (sizes[0], sizes[-1]) if sizes else (engine.min_players, engine.max_players)


class Nights:
    def __init__(
        self, storage: Storage, lobby: Lobby, table: Table, *, queue: Queue | None = None, listed: Listed | None = None,
        started: Iterable[Callable[[int], Awaitable[None]]] = (),
    ) -> None:
        self.storage = storage
        self.store = GatheringStore(storage)
        self.lobby = lobby
        self.table = table
        self.notifier = Notifier(self.store, self.clock)
        self.queue: Queue = queue or (lambda rows: None)
        """Saved rows to send (the Discord layer's outboxes)."""
        self.listed = listed
        """Who the night's Discord event lists as Interested now (user, name), or None when it cannot say."""
        self.started = list(started)
        """Told of each night's game started by itself (the Discord layer retires its Join button)."""
        lobby.changed.append(self.lobby_changed)

    def clock(self) -> float:
        return self.table.clock()

    async def zone_for(self, guild_id: int | None, user_id: int | None) -> ZoneInfo:
        """The member's own zone, else the server's, else UTC."""
        named = await self.store.member_zone(user_id) if user_id is not None else None
        if named is None and guild_id is not None:
            named = (await self.storage.guild_settings(guild_id)).get("zone")
        return zone_named(named) or ZoneInfo(DEFAULT_ZONE)

    def read(self, text: str, language: str, zone: ZoneInfo, locale: str | None = None) -> Reading | None:
        return read_time(text, language, zone, self.clock(), locale=locale)

    # --- making a night -----------------------------------------------------------------------------------
    async def create(self, request: NightRequest) -> Schedule:
        """A new night, or LobbyError with the reason (nothing saved)."""
        if request.game not in registry.available():
            raise LobbyError("lobby-unknown-game", game=request.game)
        engine = registry.engine(request.game)
        title = t(request.language, f"{request.game}-title")
        options = {k: v for k, v in request.options.items() if v is not None}
        try:
            parsed = engine.parse_options(options)
        except IllegalAction as error:
            raise LobbyError(error.refusal.key, **error.refusal.params) from error
        low, high = seat_range(engine, parsed)
        if request.players is not None and not low <= request.players <= high:
            raise LobbyError("night-players-range", game=title, players=request.players, min=low, max=high)
        if request.deadline is not None:
            if parse_clock(request.deadline) is None:
                raise LobbyError("night-deadline-unreadable", typed=request.deadline)
            if not engine.day_phases:
                raise LobbyError("night-deadline-no-phases", game=title)
        if request.repeat is not None and request.repeat not in REPEATS:
            raise LobbyError("night-repeat-unknown", repeat=request.repeat)
        now = self.clock()
        reading = self.read(request.when, request.language, request.zone, request.locale)
        if reading is None:
            raise LobbyError("night-time-unreadable", typed=request.when)
        if reading.at < now + SOONEST:
            raise LobbyError("night-time-past", when=plans.stamp(reading.at))
        if reading.at > now + FARTHEST:
            raise LobbyError("night-time-far", when=plans.stamp(reading.at))
        if request.input_key is not None and await self.store.by_input(request.input_key) is not None:
            raise LobbyError("error-duplicate")
        if len(await self.store.upcoming(request.guild_id, request.host_id)) >= MAX_UPCOMING:
            raise LobbyError("night-too-many", max=MAX_UPCOMING)
        stage, due = model.first_stage(reading.at, now)
        meta: dict[str, Any] = {}
        if request.deadline is not None:  # phases end at that time on the server's clock, whoever planned it
            server_zone = (await self.storage.guild_settings(request.guild_id)).get("zone") or DEFAULT_ZONE
            meta = {"deadline": request.deadline.strip(), "deadline_zone": server_zone}
        fields = {
            "guild_id": request.guild_id, "channel_id": request.channel_id, "host_id": request.host_id,
            "game": request.game, "options": options, "seats": request.players or high,
            "fill_bots": request.fill_bots, "repeat": request.repeat, "starts_at": reading.at,
            "zone": request.zone.key, "language": request.channel_language,
            "meta": meta, "status": "scheduled",
            "stage": stage, "due": due, "input_key": request.input_key,
        }
        rows = [plans.SignupRows.plan(None, request.channel_id),
                plans.EventRows.plan(None, request.channel_id, plans.EventRows.CREATE)]
        try:
            schedule_id = await self.store.create(fields, rows)
        except IntegrityError as error:  # the same interaction, made by another process meanwhile
            raise LobbyError("error-duplicate") from error
        self.queue(rows)
        self._wake(due)
        schedule = await self.store.schedule(schedule_id)
        assert schedule is not None
        return schedule

    def _wake(self, due: float | None) -> None:
        if due is not None:
            self.table.deadlines_changed.set(at=due)

    async def night(self, schedule_id: int, guild_id: int | None = None) -> Schedule:
        schedule = await self.store.schedule(schedule_id)
        if schedule is None or (guild_id is not None and schedule.guild_id != guild_id):
            raise LobbyError("night-none", id=schedule_id)
        return schedule

    # --- who comes ------------------------------------------------------------------------------------------
    async def answer(
        self, schedule_id: int, user_id: int, name: str, language: str, answer: str, *,
        join: dict[str, Any] | None = None, listed: bool = False,
    ) -> tuple[Schedule, Signup]:
        """A member's Join / Maybe / Leave (or Interested, from the Events list), with their sign-up answers."""
        schedule = await self.night(schedule_id)
        if schedule.status != "scheduled":
            raise LobbyError("night-closed", id=schedule.id)
        await self.may_sign_up(schedule, user_id, answer)
        if join is not None:
            try:
                join = registry.engine(schedule.game).parse_join(schedule.options, join)
            except IllegalAction as error:
                raise LobbyError(error.refusal.key, **error.refusal.params) from error
        rows = [plans.SignupRows.plan(schedule, schedule.channel_id)]
        signup, changed = await self.store.sign(
            schedule.id, user_id, name, language, answer, rows, join=join, now=self.clock(), listed=listed
        )
        if signup is None:
            raise LobbyError("night-closed", id=schedule.id)
        if changed:
            self.queue(rows)
        return schedule, signup

    async def may_sign_up(self, schedule: Schedule, user_id: int, answer: str) -> None:
        """LobbyError when the member may not say they come (or maybe) now: the server's `min_reliability`, as
        the lobby's Join checks it (the sign-up is a night's Join). Leave is always taken, and a member who
        already comes keeps their place whatever they press."""
        if answer == "no":
            return
        before = next((s for s in await self.store.signups(schedule.id) if s.user_id == user_id), None)
        if before is None or not before.coming:
            await self.lobby.check_reliability(schedule.guild_id, user_id)

    async def listed_change(self, event_id: int, user_id: int, name: str, interested: bool) -> None:
        """A member pressed (or took back) Interested on a night's event in Discord's Events list."""
        schedule = await self.store.of_event(event_id)
        if schedule is None:
            return
        known = {s.user_id: s for s in await self.store.signups(schedule.id)}
        before = known.get(user_id)
        if not interested:
            if before is not None and before.answer == "interested":
                await self.answer(schedule.id, user_id, name, schedule.language, "no")
            return
        try:
            _, signup = await self.answer(schedule.id, user_id, name, schedule.language, "interested")
        except LobbyError as error:
            if error.refusal.key != "lobby-unreliable":
                raise
            # no interaction to answer: the refusal the Join button would give comes by DM, nothing saved
            text = t(schedule.language, error.refusal.key, **error.refusal.params)
            await self._send([plans.DmRows.plan(user_id, text, schedule=schedule)])
            return
        engine = registry.engine(schedule.game)
        if (before is None or not before.coming) and signup.join is None and asks_at_join(engine, schedule.options):
            await self._send([plans.interested_row(schedule, signup)])

    async def reconcile(self, schedule: Schedule) -> None:
        """The event's Interested list as Discord has it now (what was missed while the bot was away)."""
        if self.listed is None or schedule.event_id is None:
            return
        found = await self.listed(schedule)
        if found is None:
            return
        for user_id, name in found:
            try:
                await self.may_sign_up(schedule, user_id, "interested")
            except LobbyError:
                continue  # below the server's reliability: not signed up (told by DM when they pressed it)
            rows = [plans.SignupRows.plan(schedule, schedule.channel_id)]
            _, changed = await self.store.sign(schedule.id, user_id, name, schedule.language, "interested", rows,
                                               now=self.clock(), listed=True)
            if changed:
                self.queue(rows)
        if await self.store.forget_listed(schedule.id, [user_id for user_id, _ in found]):
            await self._send([plans.SignupRows.plan(schedule, schedule.channel_id)])

    async def _send(self, rows: list[DeliveryRow]) -> None:
        await self.storage.add_deliveries(rows)
        self.queue(rows)

    async def cancel(self, schedule_id: int, user_id: int, *, moderator: bool, guild_id: int | None) -> Schedule:
        schedule = await self.night(schedule_id, guild_id)
        if schedule.host_id != user_id and not moderator:
            raise LobbyError("lobby-host-only")
        if schedule.status != "scheduled":
            raise LobbyError("night-closed", id=schedule.id)
        told = [s for s in await self.store.signups(schedule.id) if s.coming or s.answer == "maybe"]
        rows = [*plans.cancelled_rows(schedule, told), plans.SignupRows.plan(schedule, schedule.channel_id),
                plans.EventRows.plan(schedule, schedule.channel_id, plans.EventRows.CANCEL)]
        done, _ = await self.store.finish(schedule, "cancelled", rows)
        if not done:
            raise LobbyError("night-closed", id=schedule.id)
        self.queue(rows)
        return schedule

    # --- the stages -----------------------------------------------------------------------------------------
    async def next_due(self) -> float | None:
        return await self.store.next_due()

    async def run_due(self, now: float) -> int:
        fired = 0
        for schedule in await self.store.due(now):
            try:
                await self.fire(schedule, now)
                fired += 1
            except Exception:  # one night's trouble must not hold up the others: tried again a little later
                log.exception("game night %s: its stage %s failed; trying again in %.0f s", schedule.id,
                              schedule.stage, RETRY_SECONDS)
                await self.store.advance(schedule, schedule.stage, now + RETRY_SECONDS, [], now)
        return fired

    async def fire(self, schedule: Schedule, now: float) -> None:
        if schedule.stage == OPEN:
            await self.open(schedule, now)
            return
        await self.reconcile(schedule)
        seating = model.seating(await self.store.signups(schedule.id), schedule.seats)
        then, due = model.stage_after(schedule.stage, schedule.starts_at, now)
        late = due is not None and due <= now  # the next stage is due as well: this reminder is skipped
        rows = [] if late else plans.reminder_rows(schedule, schedule.stage, seating.seated, seating.waiting)
        if await self.store.advance(schedule, then, due, rows, now):
            self.queue(rows)
            self._wake(due)

    async def open(self, schedule: Schedule, now: float) -> None:
        """The lobby opens with who comes seated; each step once, however often this is begun again."""
        await self.reconcile(schedule)
        seating = model.seating(await self.store.signups(schedule.id), schedule.seats)
        row = await self._open_lobby(schedule, seating.seated, now)
        if row is None:
            return
        if schedule.fill_bots and len(row.seats) < schedule.seats:
            try:
                row, _ = await self.lobby.add_bot(
                    schedule.channel_id, schedule.host_id, moderator=True, count=schedule.seats - len(row.seats),
                    input_key=f"night-{schedule.id}-bots",
                )
            except LobbyError:
                row = await self.storage.load_game(row.id) or row
        pending = {int(s["user_id"]) for s in row.seats if s.get(PENDING) and s.get("user_id") is not None}
        rows = [
            self._announcement(schedule, row, seating), *plans.opened_rows(
                schedule, row.id, seating.seated, seating.waiting, pending,
            ), plans.SignupRows.plan(schedule, schedule.channel_id),
            plans.EventRows.plan(schedule, schedule.channel_id, plans.EventRows.START),
        ]
        following, following_rows = self._next_week(schedule, now)
        upto = max((s.seq for s in seating.seated), default=0)  # the waiting list moves on from here
        done, next_id = await self.store.finish(schedule, "opened", rows, lobby_id=row.id, following=following,
                                                following_rows=following_rows, meta={"seated_upto": upto})
        if done:
            self.queue([*rows, *following_rows])
            if following is not None:
                self._wake(following["due"])
            log.info("game night %s opened lobby %s (next week's: %s)", schedule.id, row.id, next_id)
        await self.lobby.tell_changed(row)

    async def _open_lobby(self, schedule: Schedule, seated: list[Signup], now: float) -> GameRow | None:
        key = f"night-{schedule.id}-open"
        meta: dict[str, Any] = {"night": schedule.id}
        if schedule.meta.get("deadline"):
            meta["deadline_at"] = {"time": schedule.meta["deadline"],
                                   "zone": schedule.meta.get("deadline_zone") or DEFAULT_ZONE}
        seats = [Seat(name=s.name, user_id=s.user_id, language=s.language, join=s.join or {}) for s in seated]
        settings = await self.storage.guild_settings(schedule.guild_id)
        try:
            return await self.lobby.create(
                schedule.game, guild_id=schedule.guild_id, channel_id=schedule.channel_id,
                host=Seat(name="host", user_id=schedule.host_id), options=schedule.options, language=schedule.language,
                default_deadlines=settings.get("deadlines") or {}, input_key=key, meta=meta, seats=seats, limits=False,
            )
        except (LobbyError, IntegrityError) as error:
            lobby_id = await self.storage.input_applied(key)
            if lobby_id is not None:  # opened before a restart cut the rest short
                return await self.storage.load_game(lobby_id)
            refusal = error.refusal.key if isinstance(error, LobbyError) else "error-duplicate"
            if refusal != "lobby-channel-busy":
                raise
        # another game holds the channel: the night waits for it (the channel is told once)
        told = bool(schedule.meta.get("busy_told"))
        rows = [] if told else [DeliveryRow(None, 0, "text", {"text": t(
            schedule.language, "night-channel-busy", game=plans.title(schedule, schedule.language), id=schedule.id,
        )}, channel_id=schedule.channel_id, schedule_id=schedule.id)]
        if await self.store.advance(schedule, OPEN, now + BUSY_RETRY, rows, now):
            if not told:
                await self.store.update_meta(schedule.id, busy_told=True)
            self.queue(rows)
        return None

    def _announcement(self, schedule: Schedule, row: GameRow, seating: model.Seating) -> DeliveryRow:
        """The lobby's message (its Join button while it is open), as a lobby opened by a command has."""
        language = schedule.language
        engine = registry.engine(schedule.game)
        low, high = seat_range(engine, engine.parse_options(row.options))
        lines = [t(language, "night-lobby-opened", game=plans.title(schedule, language), id=row.id, night=schedule.id,
                   count=len(row.seats), min=low, max=high)]
        if len(row.seats) < low:
            lines.append(t(language, "night-lobby-needs", more=low - len(row.seats)))
        elif any(s.get(PENDING) for s in row.seats):
            lines.append(t(language, "night-lobby-pending"))
        if seating.waiting:
            lines.append(t(language, "night-lobby-waiting", count=len(seating.waiting)))
        body = {"text": "\n".join(lines), "language": language}
        return DeliveryRow(row.id, 0, "lobby", body, channel_id=schedule.channel_id)

    def _next_week(self, schedule: Schedule, now: float) -> tuple[dict[str, Any] | None, list[DeliveryRow]]:
        if schedule.repeat != "weekly":
            return None, []
        zone = zone_named(schedule.zone) or ZoneInfo(DEFAULT_ZONE)
        starts_at = a_week_later(schedule.starts_at, zone)
        stage, due = model.first_stage(starts_at, now)
        following = {
            "guild_id": schedule.guild_id, "channel_id": schedule.channel_id, "host_id": schedule.host_id,
            "game": schedule.game, "options": schedule.options, "seats": schedule.seats,
            "fill_bots": schedule.fill_bots, "repeat": schedule.repeat, "starts_at": starts_at, "zone": schedule.zone,
            "language": schedule.language,
            "meta": {k: v for k, v in schedule.meta.items() if k in ("deadline", "deadline_zone")},
            "status": "scheduled", "stage": stage, "due": due, "input_key": None,
        }
        return following, [plans.SignupRows.plan(None, schedule.channel_id),
                           plans.EventRows.plan(None, schedule.channel_id, plans.EventRows.CREATE)]

    # --- a night's lobby --------------------------------------------------------------------------------------
    async def lobby_changed(self, row: GameRow) -> None:
        """After a lobby changed: members who asked are told; a night's waiting list moves up and its game
        starts once the seats are enough and every sign-up answer is in; a night's lobby closed before its game
        ends the night's Discord event."""
        self.queue(await self.notifier.changed(row))
        if row.status not in ("lobby", "cancelled"):
            return
        schedule = await self.store.of_lobby(row.id)
        if schedule is None:
            return
        if row.status == "cancelled":  # closed before its game: the event under way since the opening ends
            await self._send([plans.EventRows.plan(schedule, schedule.channel_id, plans.EventRows.END)])
            return
        row = await self._move_up(schedule, row)
        await self._start_if_ready(schedule, row)

    async def _move_up(self, schedule: Schedule, row: GameRow) -> GameRow:
        engine = registry.engine(row.game)
        free = min(schedule.seats, engine.max_players) - len(row.seats)
        if free <= 0:
            return row
        here = {s.get("user_id") for s in row.seats}
        upto = int(schedule.meta.get("seated_upto") or 0)  # who was seated once and left does not come back
        coming = model.coming(await self.store.signups(schedule.id))
        waiting = [s for s in coming if s.seq > upto and s.user_id not in here][:free]
        for signup in waiting:
            seat = Seat(name=signup.name, user_id=signup.user_id, language=signup.language, join=signup.join or {})
            told = [plans.seat_freed_row(schedule, row.id, signup, owes_answers(engine, row.options, seat))]
            try:  # seated and told in one write: a crash between them neither loses the DM nor sends it alone
                row = await self.lobby.join(schedule.channel_id, seat, lobby_id=row.id, deliveries=told, limits=False,
                                            input_key=f"night-{schedule.id}-seat-{signup.user_id}-{len(row.seats)}")
            except LobbyError as error:
                log.info("game night %s: %s not moved up (%s)", schedule.id, signup.user_id, error.refusal.key)
                continue
            self.queue(told)
            await self.store.update_meta(schedule.id, seated_upto=signup.seq)
        return row

    async def _start_if_ready(self, schedule: Schedule, row: GameRow) -> None:
        engine = registry.engine(row.game)
        low, _ = seat_range(engine, engine.parse_options(row.options))
        if len(row.seats) < low or any(s.get(PENDING) for s in row.seats):
            return
        try:
            game = await self.lobby.start(row.channel_id or 0, schedule.host_id, moderator=True,
                                          input_key=f"night-{schedule.id}-start")
        except (LobbyError, IntegrityError) as error:
            log.info("game night %s: its game did not start (%s)", schedule.id, error)
            return
        for listener in self.started:
            await listener(game.id)
        self.queue(await self.notifier.changed(game.row))

    async def lines(self, row: GameRow, language: str) -> list[str]:
        """A lobby's lines about the members who would come ("7 would come at 10")."""
        return await self.notifier.lines(row, language)

