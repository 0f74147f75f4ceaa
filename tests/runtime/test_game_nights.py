"""Game nights on both backends, without Discord: every bad input refused with nothing saved; sign-ups
saved in order (Join keeps a place, Leave is not undone by the Events list); each reminder sent once
however often its stage is fired (another process, a restart); at the time the lobby opens through the
lobby with the sign-ups seated in order, the rest waiting and moving up when a seat frees, bots only when
asked, and the game starting by itself once every sign-up answer is in; a weekly night makes next week's."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.gathering import plans
from bot.gathering.model import MAX_UPCOMING, OPEN, REMIND_DAY, REMIND_SOON
from bot.gathering.nights import NightRequest, Nights
from bot.lobby import PENDING, Lobby, LobbyError
from bot.scheduler import Scheduler
from bot.storage import DeliveryRow, Storage, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock

MOSCOW = ZoneInfo("Europe/Moscow")
GUILD, CHANNEL, HOST = 1, 10, 7
FRIDAY_NOON = dt.datetime(2026, 3, 27, 12, 0, tzinfo=MOSCOW).timestamp()
CONSENT = {"consent": True}


@dataclass
class Night:
    storage: Storage
    clock: FakeClock
    table: Table
    lobby: Lobby
    nights: Nights
    scheduler: Scheduler
    sent: list[DeliveryRow] = field(default_factory=list)

    def request(self, game: str = "castle", when: str = "20:00", **changes: Any) -> NightRequest:
        fields: dict[str, Any] = {"guild_id": GUILD, "channel_id": CHANNEL, "host_id": HOST, "zone": MOSCOW,
                                  "language": "ru", "channel_language": "ru"}
        return NightRequest(game=game, when=when, **{**fields, **changes})

    async def at(self, local: str) -> int:
        """Move the clock to a wall-clock time in Moscow and fire what is due (as the scheduler's rounds do,
        until nothing more is): how many stages fired."""
        self.clock.now = dt.datetime.fromisoformat(local).replace(tzinfo=MOSCOW).timestamp()
        fired = 0
        while count := await self.scheduler.run_due():
            fired += count
        return fired

    def kinds(self, kind: str, user_id: int | None = None) -> list[DeliveryRow]:
        return [r for r in self.sent if r.kind == kind and (user_id is None or r.user_id == user_id)]


@pytest.fixture
async def night(database: Database) -> AsyncIterator[Night]:
    storage = await open_storage(database.target)
    clock = FakeClock(FRIDAY_NOON)
    table = Table(storage, clock=clock)
    lobby = Lobby(storage, table)
    nights = Nights(storage, lobby, table)
    scheduler = Scheduler(table)
    scheduler.others.append(nights)
    made = Night(storage, clock, table, lobby, nights, scheduler)
    nights.queue = made.sent.extend
    yield made
    await storage.close()


async def saved_rows(storage: Storage, kind: str) -> list[tuple[Any, ...]]:
    return await storage._fetchall("SELECT user_id, body FROM deliveries WHERE kind = ? ORDER BY id", (kind,))


@pytest.mark.parametrize(("changes", "refusal"), [
    ({"when": "вчера 20:00"}, "night-time-past"),
    ({"when": "через 10 секунд"}, "night-time-past"),
    ({"when": "когда-нибудь потом"}, "night-time-unreadable"),
    ({"when": "2028-01-01 20:00"}, "night-time-far"),
    ({"players": 5}, "night-players-range"),  # Castle seats 3–4
    ({"players": 2}, "night-players-range"),
    ({"game": "mafia", "players": 9}, "night-players-range"),  # 10–12 unless a moderator allows 8–14
    ({"deadline": "в девять"}, "night-deadline-unreadable"),
    ({"game": "cookie", "deadline": "21:00"}, "night-deadline-no-phases"),
    ({"options": {"orders_seconds": 1}}, "error-bad-option"),
    ({"game": "chess"}, "lobby-unknown-game"),
    ({"repeat": "daily"}, "night-repeat-unknown"),
])
async def test_a_bad_night_is_refused_and_nothing_is_saved(
    night: Night, changes: dict[str, Any], refusal: str
) -> None:
    with pytest.raises(LobbyError) as refused:
        await night.nights.create(night.request(**changes))
    assert refused.value.refusal.key.startswith(refusal), refused.value.refusal
    assert await night.nights.store.upcoming(GUILD) == [] and night.sent == []


async def test_a_mafia_night_may_seat_eight_to_fourteen_when_the_moderator_allows_it(night: Night) -> None:
    made = await night.nights.create(night.request("mafia", players=9, options={"allow_untested_size": True}))
    assert made.seats == 9


async def test_fifty_nights_by_one_member_and_the_next_is_refused(night: Night) -> None:
    for day in range(MAX_UPCOMING):
        await night.nights.create(night.request(when=f"2026-05-{1 + day % 28:02d} {10 + day // 28}:00"))
    with pytest.raises(LobbyError) as refused:
        await night.nights.create(night.request(when="2026-06-01 20:00"))
    assert refused.value.refusal.key == "night-too-many"
    assert len(await night.nights.store.upcoming(GUILD, HOST)) == MAX_UPCOMING
    other = await night.nights.create(night.request(when="2026-06-01 20:00", host_id=HOST + 1))
    assert other.host_id == HOST + 1, "the limit is each member's own"


async def test_the_same_interaction_makes_one_night(night: Night) -> None:
    await night.nights.create(night.request(input_key="i:1"))
    with pytest.raises(LobbyError) as refused:
        await night.nights.create(night.request(input_key="i:1"))
    assert refused.value.refusal.key == "error-duplicate"
    assert len(await night.nights.store.upcoming(GUILD)) == 1


async def test_a_new_night_posts_its_sign_up_message_and_makes_its_event(night: Night) -> None:
    made = await night.nights.create(night.request(when="завтра в 20:00"))
    assert made.stage == REMIND_DAY and made.due == made.starts_at - 24 * 3600
    assert [r.kind for r in night.sent] == [plans.SignupRows.name, plans.EventRows.name]
    assert all(r.schedule_id == made.id and r.id for r in night.sent), "saved, with the night"
    soon = await night.nights.create(night.request(when="через 2 часа"))
    assert soon.stage == REMIND_SOON, "a night two hours away gets no reminder a day before"


async def test_sign_ups_keep_their_order_and_leave_is_not_undone_by_the_events_list(night: Night) -> None:
    made = await night.nights.create(night.request(when="завтра в 20:00"))
    answer = night.nights.answer
    for user in (1, 2, 3):
        await answer(made.id, user, f"P{user}", "ru", "yes")
    await answer(made.id, 1, "P1", "ru", "yes")  # again: keeps the first place
    await answer(made.id, 2, "P2", "ru", "maybe")
    await answer(made.id, 2, "P2", "ru", "yes")  # back: the last place
    await answer(made.id, 3, "P3", "ru", "no")
    await night.nights.store.sign(made.id, 3, "P3", "ru", "interested", [], now=0, listed=True)
    signups = await night.nights.store.signups(made.id)
    assert [(s.user_id, s.answer) for s in signups] == [(1, "yes"), (2, "yes"), (3, "no")]
    updates = night.kinds(plans.SignupRows.name)
    assert len(updates) == 1 + 6, "the message is updated for each change, not for a repeat"


async def reminders(night: Night) -> list[int]:
    return [user_id for user_id, _ in await saved_rows(night.storage, plans.DmRows.name)]


async def test_each_reminder_goes_once_to_who_comes_whoever_fires_it(night: Night, database: Database) -> None:
    made = await night.nights.create(night.request(when="завтра в 20:00"))
    for user in (1, 2):
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes")
    await night.nights.answer(made.id, 3, "P3", "ru", "maybe")
    assert await night.at("2026-03-27T19:59") == 0
    assert await night.at("2026-03-27T20:00") == 1
    assert sorted(await reminders(night)) == [1, 2], "a day before: who comes, not who may"
    # another process (or this one after a restart) fires the same stage from what it read before
    stale = await night.nights.store.schedule(made.id)
    assert stale is not None and stale.stage == REMIND_SOON
    stale.stage = REMIND_DAY
    other = Nights(await open_storage(database.target), Lobby(night.storage, night.table), night.table)
    await other.fire(stale, night.clock())
    await other.storage.close()
    assert sorted(await reminders(night)) == [1, 2]
    assert await night.at("2026-03-28T19:45") == 1
    assert await night.at("2026-03-28T19:46") == 0
    assert sorted(await reminders(night)) == [1, 1, 2, 2], "and once 15 minutes before"
    assert (await night.nights.store.schedule(made.id)).stage == OPEN  # type: ignore[union-attr]


async def test_a_night_the_bot_missed_reminds_once_late_not_twice(night: Night) -> None:
    made = await night.nights.create(night.request(when="завтра в 20:00"))
    await night.nights.answer(made.id, 1, "P1", "ru", "yes")
    await night.at("2026-03-28T19:50")  # asleep through the day's reminder: one reminder now, not two
    assert await reminders(night) == [1]


async def test_the_night_opens_with_the_sign_ups_seated_in_order_and_the_rest_waiting(night: Night) -> None:
    made = await night.nights.create(night.request("castle", when="20:00", players=3))
    for user in (4, 1, 2, 3):
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes")
    await night.at("2026-03-27T20:00")
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None
    game = night.table.games.get(lobby.id)
    assert game is not None and game.running, "three seated: the game started by itself"
    assert [s.user_id for s in game.seats] == [4, 1, 2]
    assert (await night.nights.store.schedule(made.id)).status == "opened"  # type: ignore[union-attr]
    opened = [r for r in night.kinds(plans.DmRows.name) if r.body["text"].startswith("🎲 Игровой вечер начался")]
    assert sorted(r.user_id for r in opened) == [1, 2, 3, 4]
    (waiting,) = [r.body["text"] for r in opened if r.user_id == 3]
    assert "Ваше место в списке ожидания: 1." in waiting


async def test_the_waiting_list_moves_up_when_a_seat_frees(night: Night) -> None:
    made = await night.nights.create(night.request("mafia", when="20:00", players=10))
    for user in range(1, 12):  # eleven come, one without the sign-up answers (Interested in the Events list)
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes", join=None if user == 5 else CONSENT)
    await night.at("2026-03-27T20:00")
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None and lobby.status == "lobby", "one answer is still owed: no start yet"
    assert [s["user_id"] for s in lobby.seats] == list(range(1, 11))
    assert [s["user_id"] for s in lobby.seats if s.get(PENDING)] == [5]
    left = await night.lobby.leave(CHANNEL, 2)
    await night.lobby.tell_changed(left.row)
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None and [s["user_id"] for s in lobby.seats] == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    moved = [r for r in night.kinds(plans.DmRows.name, 11) if r.body["text"].startswith("🪑 Освободилось место")]
    assert len(moved) == 1
    answered = await night.lobby.answer(CHANNEL, 5, CONSENT, lobby_id=lobby.id)
    await night.lobby.tell_changed(answered)
    game = night.table.games.get(lobby.id)
    assert game is not None and game.running, "the last answer is in: the game starts"


async def test_bots_fill_the_missing_seats_only_when_the_host_says_so(night: Night) -> None:
    plain = await night.nights.create(night.request("castle", when="20:00"))
    await night.nights.answer(plain.id, 1, "P1", "ru", "yes")
    await night.at("2026-03-27T20:00")
    row = await night.lobby.current(CHANNEL)
    assert row is not None and row.status == "lobby" and len(row.seats) == 1, "one player: waits for more"
    await night.lobby.cancel(CHANNEL, HOST, moderator=True)
    filled = await night.nights.create(night.request("castle", when="21:00", fill_bots=True, players=4))
    await night.nights.answer(filled.id, 1, "P1", "ru", "yes")
    await night.at("2026-03-27T21:00")
    game = next(g for g in night.table.games.values())
    assert game.running and [s.bot for s in game.seats] == [False, True, True, True]


async def test_a_weekly_night_makes_next_weeks_when_it_opens(night: Night) -> None:
    made = await night.nights.create(night.request("castle", when="20:00", repeat="weekly"))
    await night.at("2026-03-27T20:00")
    (following,) = await night.nights.store.upcoming(GUILD)
    assert following.id != made.id and following.repeat == "weekly"
    assert dt.datetime.fromtimestamp(following.starts_at, MOSCOW).isoformat() == "2026-04-03T20:00:00+03:00"
    made_with = [r.kind for r in night.sent if r.schedule_id == following.id]
    assert made_with == [plans.SignupRows.name, plans.EventRows.name]


async def test_a_cancelled_night_tells_who_signed_up_and_cancels_its_event(night: Night) -> None:
    made = await night.nights.create(night.request(when="завтра в 20:00"))
    await night.nights.answer(made.id, 1, "P1", "ru", "yes")
    await night.nights.answer(made.id, 2, "P2", "ru", "maybe")
    with pytest.raises(LobbyError):
        await night.nights.cancel(made.id, 1, moderator=False, guild_id=GUILD)  # not the host's
    await night.nights.cancel(made.id, HOST, moderator=False, guild_id=GUILD)
    assert sorted(r.user_id for r in night.kinds(plans.DmRows.name)) == [1, 2]
    assert [r.body for r in night.kinds(plans.EventRows.name)][-1] == {"action": plans.EventRows.CANCEL}
    assert await night.at("2026-03-28T20:00") == 0, "nothing of it fires any more"
    with pytest.raises(LobbyError) as closed:
        await night.nights.answer(made.id, 3, "P3", "ru", "yes")
    assert closed.value.refusal.key == "night-closed"


async def test_an_anonymous_nights_channel_never_names_who_comes(night: Night) -> None:
    made = await night.nights.create(night.request("mafia", when="завтра в 20:00", options={"mode": "anonymous"}))
    await night.nights.answer(made.id, 1, "P1", "ru", "yes", join=CONSENT)
    await night.at("2026-03-27T20:00")
    (reminder,) = night.kinds(plans.DmRows.name, 1)
    assert "fallback" not in reminder.body, "closed DMs: no mention in the channel, which would name them"
    plain = await night.nights.create(night.request("mafia", when="завтра в 21:00"))
    await night.nights.answer(plain.id, 2, "P2", "ru", "yes", join=CONSENT)
    await night.at("2026-03-27T21:00")
    assert "fallback" in night.kinds(plans.DmRows.name, 2)[0].body


async def test_the_sign_up_message_of_an_anonymous_night_names_nobody(night: Night) -> None:
    from bot.discord.gathering import signup_text

    made = await night.nights.create(night.request("mafia", when="завтра в 20:00", options={"mode": "anonymous"}))
    for user in range(1, 14):
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes", join=CONSENT)
    text = signup_text(made, await night.nights.store.signups(made.id))
    assert "<@" not in text and "Придут: 12 из 12 мест" in text and "Лист ожидания: 1" in text
    shown = await night.nights.create(night.request("mafia", when="завтра в 21:00"))
    await night.nights.answer(shown.id, 1, "P1", "ru", "yes", join=CONSENT)
    assert "За столом: <@1>" in signup_text(shown, await night.nights.store.signups(shown.id))


async def test_a_nights_phases_end_at_its_time_of_day_on_the_servers_clock(night: Night) -> None:
    await night.storage.save_guild_settings(GUILD, {"zone": "Europe/Berlin"})
    made = await night.nights.create(night.request("mafia", when="20:00", deadline="21:00", repeat="weekly",
                                                   fill_bots=True, options={"pace": "forum"}))
    assert made.meta == {"deadline": "21:00", "deadline_zone": "Europe/Berlin"}, "the server's zone, not the member's"
    await night.nights.answer(made.id, 1, "P1", "ru", "yes", join=CONSENT)
    await night.at("2026-03-27T20:00")
    game = next(iter(night.table.games.values()))
    assert game.row.meta["deadline_at"] == {"time": "21:00", "zone": "Europe/Berlin"}
    (following,) = await night.nights.store.upcoming(GUILD)
    assert following.meta == made.meta


async def test_a_stage_that_fails_is_tried_again_a_minute_later_not_at_once(
    night: Night, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = await night.nights.create(night.request("castle", when="20:00"))

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the lobby is broken today")

    monkeypatch.setattr(night.lobby, "create", broken)
    night.clock.now = made.starts_at
    assert await night.scheduler.run_due() == 1  # the 15-minute reminder, late: skipped
    await night.scheduler.run_due()  # the opening fails
    assert await night.scheduler.run_due() == 0, "not fired again at once (the scheduler would spin)"
    assert (await night.scheduler.next_wake()) == made.starts_at + 60
    monkeypatch.undo()
    assert await night.at("2026-03-27T20:01") == 1
    assert (await night.nights.store.schedule(made.id)).status == "opened"  # type: ignore[union-attr]
