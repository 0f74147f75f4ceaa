"""Answers first. A player who clicked waits for the bot's answer (Discord gives it 3 s, players notice
100 ms); the outboxes' messages, edits and statuses can wait a moment. While a click is being answered
the outboxes start nothing new, so the answer does not queue behind their rendering and parsing on the
one event loop; an outbox waits at most `YIELD_SECONDS` at a time, so under a steady stream of clicks
its messages still go out, only a little later."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from bot.waiting import wait_at_most

YIELD_SECONDS = 0.03
"""The longest an outbox waits for the clicks being answered before it sends its next item."""


class Foreground:
    def __init__(self, longest: float = YIELD_SECONDS) -> None:
        self.longest = longest
        self._answering = 0
        self._clear = asyncio.Event()
        self._clear.set()

    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """Around the work of answering one interaction."""
        self._answering += 1
        self._clear.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if not self._answering:
                self._clear.set()

    async def turn(self) -> None:
        """An outbox's turn: now when no click is being answered, else once none is (or after `longest`)."""
        if self._answering:
            await wait_at_most(self._clear, self.longest)
