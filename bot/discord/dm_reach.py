"""Whether the bot reached a member's DMs lately: then joining a game needs no test DM.

Joining a game sends a test DM (bot/discord/game_cog.py `test_dm`), so that a member whose DMs are closed is
told at once how to open them, before a seat is theirs. Each is a counted request (the global rate limit), and
a member who plays often was reached an hour ago. So a member the bot reached with an ordinary DM (Discord
took it) within JOIN_DM_TEST_HOURS joins without one. A DM refused later (the member closed their DMs since)
is told as any DM refused mid-game is (bot/discord/outboxes.py `dms_closed_mid_game`: the channel and the
moderators, and the player keeps the 🂠 button), and forgets the reach, so their next join is tested again.

Only an ordinary DM counts: an interaction's follow-up in their DMs may reach a member whose DMs are closed
to the bot. When each member was reached is saved with their DM channel (migration 017) for every process;
each process saves a member's reach at most once per SAVE_EVERY (a DM a minute would be a write a minute).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot.storage import Storage, log_failure

log = logging.getLogger(__name__)

SAVE_EVERY = 3600.0
"""Seconds a saved reach stands before this process saves a newer one."""
REMEMBERED_AT_MOST = 4096
"""Reaches a process remembers before it forgets those older than SAVE_EVERY (which spare no save)."""


class DmReach:
    def __init__(self, storage: Storage, hours: float, *, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.seconds = hours * 3600.0
        """How long a reach spares the test DM (0: never)."""
        self.clock = clock
        self._saved: dict[int, float] = {}
        """member → their reach as this process last saved or read it."""
        self._forget_beyond = REMEMBERED_AT_MOST

    async def recent(self, user_id: int) -> bool:
        """Whether the member's DMs were reached within the hours (as saved by any process)."""
        if self.seconds <= 0:
            return False
        try:
            at = await self.storage.dm_reached(user_id)
        except Exception as error:  # the test DM answers the question instead
            log_failure(log, error, "could not read when a member's DMs were reached")
            return False
        if at is None:
            self._saved.pop(user_id, None)
            return False
        self._saved[user_id] = at
        return self.clock() - at < self.seconds

    async def reached(self, user_id: int) -> None:
        """An ordinary DM to the member went through now."""
        now = self.clock()
        if self.seconds <= 0 or now - self._saved.get(user_id, float("-inf")) < SAVE_EVERY:
            return
        self._saved[user_id] = now
        if len(self._saved) > self._forget_beyond:
            self._forget_older_than(now - SAVE_EVERY)
        try:
            await self.storage.save_dm_reached(user_id, now)
        except Exception as error:  # costs only a test DM at their next join
            self._saved.pop(user_id, None)
            log_failure(log, error, "could not save that a member's DMs were reached")

    async def refused(self, user_id: int) -> None:
        """A DM to the member was refused: their next join tests their DMs again."""
        if self.seconds <= 0:  # every join tests them anyway
            return
        self._saved.pop(user_id, None)
        try:
            await self.storage.save_dm_reached(user_id, None)
        except Exception as error:
            log_failure(log, error, "could not forget that a member's DMs were reached")

    def _forget_older_than(self, then: float) -> None:
        """Reaches saved before `then` spare no save any more: forgetting them keeps the memory bounded."""
        self._saved = {member: at for member, at in self._saved.items() if at > then}
        self._forget_beyond = max(REMEMBERED_AT_MOST, 2 * len(self._saved))  # not a pass per DM in a busy hour
