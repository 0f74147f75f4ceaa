"""When the bot last reached a member's DMs (bot/discord/dm_reach.py): saved for every process with the member's
DM channel, at most once an hour by each process, forgotten when a DM to them is refused, and never saved when
every join tests the DMs (JOIN_DM_TEST_HOURS=0)."""

from __future__ import annotations

import logging

import pytest

from bot.discord.dm_reach import REMEMBERED_AT_MOST, SAVE_EVERY, DmReach
from bot.storage import open_storage
from tests.runtime.databases import Database


async def test_a_reach_spares_the_test_dm_for_the_hours_and_is_saved_at_most_once_an_hour(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        await storage.save_dm_channel(7, 70)
        now = 1_000_000.0
        reach = DmReach(storage, 24, clock=lambda: now)
        assert not await reach.recent(7), "never reached"
        await reach.reached(7)
        assert await storage.dm_reached(7) == now and await reach.recent(7)
        now += 1800
        await reach.reached(7)
        assert await storage.dm_reached(7) == now - 1800, "within the hour: not saved again"
        other = DmReach(storage, 24, clock=lambda: now)
        assert await other.recent(7), "another process reads it"
        now += 24 * 3600 - 1800
        assert not await reach.recent(7), "24 hours after the last saved reach"
        await reach.refused(7)
        assert await storage.dm_reached(7) is None and not await other.recent(7)
        off = DmReach(storage, 0, clock=lambda: now)
        await off.reached(7)
        assert await storage.dm_reached(7) is None and not await off.recent(7)
        await reach.reached(8)  # no DM channel saved for them: not known to be reachable
        assert await storage.dm_reached(8) is None
    finally:
        await storage.close()


class _Failing:
    """A storage whose reach calls fail with `error`."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    async def dm_reached(self, user_id: int) -> float | None:
        raise self.error

    async def save_dm_reached(self, user_id: int, at: float | None) -> None:
        raise self.error


async def test_a_defect_reading_or_saving_a_reach_is_an_error_with_its_traceback_and_the_database_away_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    defect = DmReach(_Failing(KeyError("bug")), 24)  # type: ignore[arg-type]
    away = DmReach(_Failing(ConnectionRefusedError()), 24)  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING, logger="bot.discord.dm_reach"):
        assert not await defect.recent(7), "a failed read tests the DMs instead"
        await defect.reached(7)
        await defect.refused(7)
        assert [(r.levelno, r.exc_info is not None) for r in caplog.records] == [(logging.ERROR, True)] * 3
        caplog.clear()
        assert not await away.recent(7)
        await away.reached(7)
        await away.refused(7)
        assert [r.levelno for r in caplog.records] == [logging.WARNING] * 3


async def test_what_a_process_remembers_of_reaches_is_bounded_to_those_within_the_hour(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        now = 1_000_000.0
        reach = DmReach(storage, 24, clock=lambda: now)
        for member in range(REMEMBERED_AT_MOST):
            await reach.reached(member)
        now += SAVE_EVERY
        for member in range(REMEMBERED_AT_MOST, REMEMBERED_AT_MOST + 10):
            await reach.reached(member)
        assert len(reach._saved) <= REMEMBERED_AT_MOST, "those saved an hour ago are forgotten"
        assert set(range(REMEMBERED_AT_MOST, REMEMBERED_AT_MOST + 10)) <= set(reach._saved)
    finally:
        await storage.close()
