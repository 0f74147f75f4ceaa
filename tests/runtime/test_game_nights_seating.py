"""A game night's waiting list, on both backends, without Discord: a member moved up from the waiting list is
seated and told in one write (a crash between them can neither lose the DM nor send it for a seat that was not
saved)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.gathering import plans
from bot.storage import Storage
from tests.runtime import test_game_nights
from tests.runtime.test_game_nights import CHANNEL, CONSENT, Night

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
