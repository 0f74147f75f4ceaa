"""A game night's waiting list and the server's reliability rule, on both backends, without Discord: a member
moved up from the waiting list is seated and told in one write (a crash between them can neither lose the DM
nor send it for a seat that was not saved); `/gm settings min_reliability:` refuses a sign-up (Join, Maybe,
Interested) below it with the lobby's refusal, nothing saved, and a place given at sign-up is kept when the
night opens and when its waiting list moves up."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from bot.gathering import plans
from bot.lobby import LobbyError
from bot.ratings.holders import END, LEFT
from bot.ratings.maths import Holder, SeatResult
from bot.ratings.record import GameRecord, record_program
from bot.storage import Storage
from tests.runtime import test_game_nights
from tests.runtime.test_game_nights import CHANNEL, CONSENT, GUILD, Night

night = test_game_nights.night
"""The nights' fixture: a night's storage, clock, table, lobby and scheduler, on each backend."""

MOVED_UP = "🪑 Освободилось место"


class Crash(Exception):
    """The process died: no write after this one reaches the database."""


def crash_after(storage: Storage, monkeypatch: pytest.MonkeyPatch, done: Callable[[], Awaitable[bool]]) -> None:
    """Every write of the storage goes through until one after which `done()` holds; later ones fail."""
    write = storage._write
    crashed: list[bool] = []

    async def dying(program: Any) -> Any:
        if crashed:
            raise Crash
        result = await write(program)
        if await done():
            crashed.append(True)
        return result

    monkeypatch.setattr(storage, "_write", dying)


async def dm_rows(storage: Storage, user_id: int, starting: str) -> list[str]:
    rows = await storage._fetchall(
        "SELECT body FROM deliveries WHERE kind = ? AND user_id = ? ORDER BY id", (plans.DmRows.name, user_id)
    )
    return [text for (body,) in rows if (text := json.loads(body)["text"]).startswith(starting)]


async def eleven_for_ten(night: Night) -> int:
    """A Mafia night of ten seats opened with eleven coming (player 5 still owes the sign-up answers, so the
    game waits): players 1–10 seated, 11 on the waiting list. The lobby's id."""
    made = await night.nights.create(night.request("mafia", when="20:00", players=10))
    for user in range(1, 12):
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes", join=None if user == 5 else CONSENT)
    await night.at("2026-03-27T20:00")
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None and lobby.status == "lobby" and len(lobby.seats) == 10
    return lobby.id


async def test_a_member_moved_up_is_seated_and_told_in_one_write(
    night: Night, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby_id = await eleven_for_ten(night)
    left = await night.lobby.leave(CHANNEL, 2)

    async def seated() -> bool:
        row = await night.storage.load_game(lobby_id)
        return row is not None and any(s.get("user_id") == 11 for s in row.seats)

    crash_after(night.storage, monkeypatch, seated)  # the process dies right after the write that seats 11
    await night.lobby.tell_changed(left.row)
    assert await seated()
    assert len(await dm_rows(night.storage, 11, MOVED_UP)) == 1, "seated, so the DM saying so is saved too"


async def test_a_seat_that_was_not_saved_sends_no_dm(night: Night, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby_id = await eleven_for_ten(night)
    left = await night.lobby.leave(CHANNEL, 2)

    async def refused(program: Any) -> Any:
        raise Crash

    monkeypatch.setattr(night.storage, "_write", refused)  # the write that would seat 11 fails
    await night.lobby.tell_changed(left.row)
    monkeypatch.undo()
    row = await night.storage.load_game(lobby_id)
    assert row is not None and all(s.get("user_id") != 11 for s in row.seats)
    assert await dm_rows(night.storage, 11, MOVED_UP) == []
    assert not [r for r in night.kinds(plans.DmRows.name, 11) if r.body["text"].startswith(MOVED_UP)]


async def games_left(storage: Storage, user_id: int, *, left: int, finished: int = 0) -> None:
    """The member's record on the server: `finished` games played to the end and `left` games left."""
    for n in range(left + finished):
        game_id = await storage.create_game(game="maskmen", status="finished", seed=n, options={}, seats=[],
                                            language="ru", guild_id=GUILD)
        turn = Holder(user_id, True, 1.0, END) if n < finished else Holder(user_id, True, 0.2, LEFT)
        seats = (SeatResult(0, 1, None, (Holder(1000 + n, True, 1.0, END),)),
                 SeatResult(1, 2, None, (turn,) if n < finished else (turn, Holder(None, False, 0.8, END))))
        await storage.write(partial(record_program, GameRecord(game_id, GUILD, "maskmen", 1.0, seats)))


@pytest.mark.parametrize("answer", ["yes", "maybe", "interested"])
async def test_a_sign_up_below_the_servers_reliability_is_refused_and_nothing_saved(
    night: Night, answer: str
) -> None:
    await games_left(night.storage, 3, left=4, finished=1)  # 20% of 5 games
    await games_left(night.storage, 4, left=1, finished=1)  # 2 games: too few to judge
    await night.storage.save_guild_settings(GUILD, {"min_reliability": 50})
    made = await night.nights.create(night.request("castle", when="завтра в 20:00"))
    night.sent.clear()
    with pytest.raises(LobbyError) as refused:
        await night.nights.answer(made.id, 3, "P3", "ru", answer)
    assert refused.value.refusal.key == "lobby-unreliable", "the lobby's own refusal"
    assert refused.value.refusal.params == {"needed": 50, "percent": 20, "finished": 1, "games": 5}
    assert await night.nights.store.signups(made.id) == [] and night.sent == []
    await night.nights.answer(made.id, 4, "P4", "ru", answer)
    assert [s.user_id for s in await night.nights.store.signups(made.id)] == [4], "a newcomer signs up"
    await night.nights.answer(made.id, 3, "P3", "ru", "no")  # Leave is never refused


async def test_a_place_given_at_sign_up_is_kept_at_the_opening_and_when_the_waiting_list_moves_up(
    night: Night,
) -> None:
    made = await night.nights.create(night.request("mafia", when="20:00", players=10))
    for user in range(1, 12):
        await night.nights.answer(made.id, user, f"P{user}", "ru", "yes", join=None if user == 5 else CONSENT)
    for flaky in (3, 11):  # both leave games afterwards, and the server asks for 50% meanwhile
        await games_left(night.storage, flaky, left=5)
    await night.storage.save_guild_settings(GUILD, {"min_reliability": 50})
    await night.at("2026-03-27T20:00")
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None and 3 in [s["user_id"] for s in lobby.seats], "seated as the night promised"
    left = await night.lobby.leave(CHANNEL, 2)
    await night.lobby.tell_changed(left.row)
    lobby = await night.lobby.current(CHANNEL)
    assert lobby is not None and 11 in [s["user_id"] for s in lobby.seats], "moved up as the night promised"
    assert len(await dm_rows(night.storage, 11, MOVED_UP)) == 1


async def test_interested_below_the_servers_reliability_is_told_by_dm_and_not_signed_up(night: Night) -> None:
    await games_left(night.storage, 3, left=5)
    await night.storage.save_guild_settings(GUILD, {"min_reliability": 50})
    made = await night.nights.create(night.request("castle", when="завтра в 20:00"))
    await night.nights.store.update_meta(made.id, event=555)

    async def listed(schedule: object) -> list[tuple[int, str]]:
        return [(3, "P3"), (4, "P4")]

    night.nights.listed = listed
    await night.nights.listed_change(555, 3, "P3", True)
    (told,) = await dm_rows(night.storage, 3, "Вступать в игры на этом сервере пока нельзя")
    assert "нужна надёжность от 50%, а у вас 0% (доиграно 0 из 5)" in told
    await night.at("2026-03-27T20:00")  # the day's reminder reads the Events list again
    assert [s.user_id for s in await night.nights.store.signups(made.id)] == [4]
    assert len(await dm_rows(night.storage, 3, "Вступать")) == 1, "told once, when they pressed it"
