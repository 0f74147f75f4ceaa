"""When the bot last reached a member's DMs (bot/discord/dm_reach.py): saved for every process with the member's
DM channel, at most once an hour by each process, forgotten when a DM to them is refused, and never saved when
every join tests the DMs (JOIN_DM_TEST_HOURS=0)."""

from __future__ import annotations

from bot.discord.dm_reach import DmReach
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
