"""Paced, ordered sending to one destination (a channel or a member's DMs).

Items queue in order; consecutive text lines are packed into as few messages as fit 2000
characters; a sliding window keeps every destination at most 5 messages in any 5 s (Discord's
per-channel limit) while letting short bursts go out at once. The status message is edited
in place, the latest edit replacing any older one still waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.render import joined

log = logging.getLogger(__name__)

MESSAGES_PER_WINDOW = 5
WINDOW_SECONDS = 5.0


@dataclass
class Message:
    """A message with components (a prompt); sent on its own, in order with the text."""

    content: str
    build: Callable[[], dict[str, Any] | Awaitable[dict[str, Any]]] = field(default=dict)
    """Called at send time (components, files): may be async, e.g. to render a picture off the loop."""
    on_sent: Callable[[Any], Awaitable[None]] | None = None


Sender = Callable[[str, dict[str, Any]], Awaitable[Any]]
FailureHandler = Callable[[BaseException], Awaitable[None]]


class Outbox:
    def __init__(
        self, send: Sender, on_failure: FailureHandler | None = None, window: float = WINDOW_SECONDS
    ) -> None:
        self._send = send
        self._on_failure = on_failure
        self._window = window
        self._sent_at: deque[float] = deque(maxlen=MESSAGES_PER_WINDOW)
        self._sending = asyncio.Lock()  # the queue and send_now take turns at the window
        self._queue: list[str | Message] = []
        self._status: Callable[[], Awaitable[None]] | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    def put_text(self, text: str) -> None:
        if text:
            self._queue.append(text)
            self._kick()

    def put_message(self, message: Message) -> None:
        self._queue.append(message)
        self._kick()

    def put_status(self, update: Callable[[], Awaitable[None]]) -> None:
        """The latest status edit wins; older pending ones are dropped."""
        self._status = update
        self._kick()

    def _kick(self) -> None:
        self._idle.clear()
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def drained(self) -> None:
        await self._idle.wait()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _next_batch(self) -> list[tuple[str, Message | None]]:
        """Take everything queued: texts packed together, and the texts just before a message
        with components sent as part of it when they fit (one message instead of two)."""
        batch: list[tuple[str, Message | None]] = []
        texts: list[str] = []
        for item in self._queue:
            if isinstance(item, str):
                texts.append(item)
                continue
            chunks = joined([*texts, item.content])
            if not chunks[-1].endswith(item.content):  # the message itself is too long to share
                chunks = [*joined(texts), item.content]
            batch += [(chunk, None) for chunk in chunks[:-1]]
            batch.append((chunks[-1], item))
            texts = []
        batch += [(chunk, None) for chunk in joined(texts)]
        self._queue.clear()
        return batch

    async def send_now(self, send: Callable[[], Awaitable[Any]]) -> Any:
        """Send outside the queue (a reply that must know at once whether it arrived, like the
        join test DM), still counted in, and waiting for room in, the window."""
        async with self._sending:
            await self._wait_for_room()
            try:
                return await send()
            finally:
                self._mark_sent()

    async def _wait_for_room(self) -> None:
        if len(self._sent_at) == MESSAGES_PER_WINDOW:
            wait = self._sent_at[0] + self._window - asyncio.get_running_loop().time()
            if wait > 0:
                await asyncio.sleep(wait)

    def _mark_sent(self) -> None:
        """Counted when the send has finished: Discord has created the message by then, so the
        next one starting a window later also arrives a window later."""
        self._sent_at.append(asyncio.get_running_loop().time())

    async def _run(self) -> None:
        while self._queue or self._status is not None:
            self._wake.clear()
            for content, message in self._next_batch():
                try:
                    extra: dict[str, Any] = {}
                    if message is not None:
                        built = message.build()
                        extra = await built if inspect.isawaitable(built) else built
                    async with self._sending:
                        await self._wait_for_room()
                        try:
                            sent = await self._send(content, extra)
                        finally:
                            self._mark_sent()
                    if message is not None and message.on_sent is not None:
                        await message.on_sent(sent)
                except Exception as error:
                    log.warning("sending failed: %s", error)
                    if self._on_failure is not None:
                        await self._on_failure(error)
            status, self._status = self._status, None
            if status is not None:
                async with self._sending:
                    await self._wait_for_room()  # counted too: the first status update is a new message
                    try:
                        await status()
                    except Exception:
                        log.exception("status update failed")
                    finally:
                        self._mark_sent()
        self._idle.set()
