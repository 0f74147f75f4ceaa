"""Stopping well on SIGTERM (systemd, Docker, Kubernetes) or SIGINT (Ctrl-C): nothing a player was
told is lost, and what waits to be shown is sent if it can be in a few seconds.

1. New interactions are answered at once, privately, "restarting, try again in a moment". Why not
   leave them to the next process: Discord does not hold an interaction for a bot that is not
   there. It must be answered within 3 s by the connection that received it, and a new process
   starts a new gateway session (events of the old one are not replayed to it), so an unanswered
   click would only show the player "The application did not respond".
2. No more rows of stopped processes are adopted (`Cluster.stop_adopting`: a process about to go takes no more
   to send), and deadlines stop firing once the one being applied is saved (`Scheduler.stop(gently=True)`).
3. Interactions already received are answered, and no game is in the middle of a step (no game's
   lock is held), for a few moments in a row.
4. The outboxes send what waits for at most SHUTDOWN_FLUSH_SECONDS; what is left stays saved
   (the transactional outbox) and the next start sends it, once, in order.
5. The gateway closes, the database closes (its pending group commit first), exit code 0.

A second signal during all this stops at once (exit code 130); what was saved is still saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from typing import Any

import discord
from discord.ext import commands

from bot.discord.parsing import Parse, around_interactions
from bot.i18n import normalize, t

log = logging.getLogger(__name__)

ANSWER_SECONDS = 3.0
"""Discord's limit for the first answer to an interaction: one older than this is Discord's to fail."""
SETTLE_SECONDS = 10.0
"""At most this long for the steps under way to finish."""
POLL_SECONDS = 0.05
QUIET_POLLS = 3
"""Polls in a row with nothing under way before the steps are taken as finished (a click between
its deferral and its game's lock shows up in the next poll)."""


class GracefulStop:
    """Installed on a bot before it connects; `begin` (a signal) runs the stop once."""

    def __init__(self, bot: commands.Bot, flush_seconds: float) -> None:
        self.bot = bot
        self.flush_seconds = flush_seconds
        self.stopping = False
        self.forced = False
        self._received: list[tuple[discord.Interaction, float]] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._main: asyncio.Task[Any] | None = None

    def install(self) -> None:
        """Catch SIGTERM and SIGINT on the running loop, and put the guard in front of interactions."""
        self._main = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C stops as it always did
                loop.add_signal_handler(number, self.begin, number.name)

        def interaction_create(data: Any, parse: Parse) -> None:
            if self.stopping:
                self._spawn(self._refuse(discord.Interaction(data=data, state=self.bot._connection)))
            else:
                parse(data)

        around_interactions(self.bot, interaction_create)
        self.bot.add_listener(self._on_interaction, "on_interaction")

    async def _on_interaction(self, interaction: discord.Interaction) -> None:
        self._received.append((interaction, time.monotonic()))
        if len(self._received) > 256:
            self._received = [(i, at) for i, at in self._received if self._under_way(i, at, time.monotonic())]

    @staticmethod
    def _under_way(interaction: discord.Interaction, received: float, now: float) -> bool:
        return not interaction.response.is_done() and now - received < ANSWER_SECONDS

    def begin(self, reason: str) -> None:
        if self.stopping:
            log.warning("%s again: stopping at once (everything saved stays saved)", reason)
            self.forced = True
            if self._main is not None:
                self._main.cancel()
            return
        self.stopping = True
        self.bot.stopping = True  # type: ignore[attr-defined]
        log.info("%s: stopping (new interactions are asked to try again in a moment)", reason)
        self._spawn(self._stop())

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refuse(self, interaction: discord.Interaction) -> None:
        language = normalize(getattr(interaction.locale, "value", None))
        try:
            if interaction.type == discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(t(language, "discord-restarting"), ephemeral=True)
        except discord.HTTPException as error:
            log.info("could not answer an interaction while stopping: %s", error)

    async def _stop(self) -> None:
        game_master = getattr(self.bot, "game_master", None)
        try:
            if game_master is not None:
                game_master.cluster.stop_adopting()
                await game_master.scheduler.stop(gently=True)
                await self._steps_finished(game_master)
                left = await self._flush(game_master)
                log.info("stopped: %d messages left for the next start to send", left)
        except Exception:  # a stop must end in a stop
            log.exception("stopping gracefully failed; closing now")
        finally:
            # stopped before Discord said "ready": discord.py's wait for it would dispatch into a closed client
            ready = getattr(self.bot._connection, "_ready_task", None)
            if ready is not None and not ready.done():
                ready.cancel()
            await self.bot.close()

    async def _steps_finished(self, game_master: Any) -> None:
        limit = time.monotonic() + SETTLE_SECONDS
        quiet = 0
        while quiet < QUIET_POLLS and time.monotonic() < limit:
            now = time.monotonic()
            busy = any(self._under_way(i, at, now) for i, at in self._received) or any(
                game.lock.locked() for game in list(game_master.table.games.values())
            )
            quiet = 0 if busy else quiet + 1
            await asyncio.sleep(POLL_SECONDS)

    async def _flush(self, game_master: Any) -> int:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(game_master.drained(), timeout=self.flush_seconds)
        return sum(outbox.pending for outbox in list(game_master.outboxes.outboxes.values()))
