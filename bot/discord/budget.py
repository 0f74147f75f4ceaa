"""The process's REST budget: Discord allows a bot token about 50 requests per second across all its processes
(its global rate limit), and counts every request but the interaction endpoints. This process sends at most
its share of REST_BUDGET_PER_SECOND counted requests in any 1-second window; the rest wait, in the order they
came, for room. Interaction answers and an interaction token's follow-ups and edits never wait.

One place tells counted from exempt (`exempt`): the budget here, and the metrics
(`gamemaster_rest_requests_total{budget}`, bot/discord/observing.py). The budget waits where discord.py sends
every request, its `HTTPClient`'s aiohttp session (`install` wraps it, as bot/discord/attempts.py does, before
the gateway connects; the interactions' webhook adapter sends through that same session). These are discord.py
internals, pinned with discord.py (==2.7.1) and checked by tests/discord/test_canary.py.

The window is sliding, not per calendar second, and a request holds its place from its start until a full
window after its answer came (its status and headers, whether its body is read or not): Discord (and the stand-in)
count it somewhere in between, so no 1-second span can hold more than `limit` of them, however they bunch on the
way (the busiest second is what counts).

A request made for a member who is waiting for the bot's answer (`urgently`: the join's test DM, their DM channel
asked for) goes ahead of the ones waiting for room that nobody waits on (the outboxes' lines, statuses and
prompts): under a full budget, a join waited behind the whole backlog of messages and was answered too late.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

from bot.config import Settings
from bot.discord.attempts import SESSION

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
WEBHOOK = re.compile(r"/webhooks/(\d+)/")
WINDOW = 1.0
URGENT: ContextVar[bool] = ContextVar("rest_budget_urgent", default=False)
"""Set (`urgently`) around requests a member is waiting on: they take the next place free in the window."""


@contextmanager
def urgently() -> Iterator[None]:
    """The counted requests made in here (awaited in this task) go ahead of the others waiting for room."""
    token = URGENT.set(True)
    try:
        yield
    finally:
        URGENT.reset(token)


def exempt(path: str, application_id: int | None) -> bool:
    """Whether Discord leaves a request out of the bot's global rate limit: an interaction's callback, and the
    interaction token's webhook (follow-ups, their edits: /webhooks/{application id}/{token}/…). A channel's
    own webhook shares the limit: counted."""
    if CALLBACK.search(path) is not None:
        return True
    webhook = WEBHOOK.search(path)
    return webhook is not None and application_id is not None and int(webhook.group(1)) == application_id


def per_process(settings: Settings) -> int:
    """This process's counted requests per second: the token's REST_BUDGET_PER_SECOND times this process's
    share of the shards (SHARD_IDS of SHARD_COUNT; none given: all of them), rounded down, at least 1, so
    that the processes together never exceed the token's budget."""
    total = settings.rest_budget_per_second
    if settings.shard_count is None or settings.shard_ids is None:
        return total
    return max(1, math.floor(total * len(settings.shard_ids) / settings.shard_count))


class Budget:
    """At most `limit` counted requests in any `window` seconds, wherever Discord counts each between its start
    and its answer: a request takes its place when it starts and leaves it a full window after its answer
    came, so neither a slow answer nor requests bunched on the way (a busy event loop here or there) put more
    than `limit` into one second. The others wait, first come first served, the urgent ones first."""

    def __init__(self, limit: int, *, window: float = WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 1:
            raise ValueError(f"a REST budget of {limit} per window lets nothing through")
        self.limit = limit
        self.window = window
        self.clock = clock
        self._flying = 0
        """Counted requests started and not answered yet."""
        self._ended: deque[float] = deque()
        """When the counted requests answered within the last window were answered."""
        self._landed = asyncio.Event()
        self._turn = asyncio.Lock()  # FIFO: waiters are woken in the order they came
        self._urgent_turn = asyncio.Lock()  # the urgent ones' own line, ahead of `_turn`'s
        self._urgent = 0
        """Urgent requests waiting for room: a place that frees is theirs first."""
        self._no_urgent = asyncio.Event()
        self._no_urgent.set()

    async def room(self, urgent: bool = False) -> float:
        """Waits for room in the window for one counted request and takes it (give it back with `done` once
        answered); returns the seconds waited. `urgent`: ahead of every request that is not."""
        asked = self.clock()
        if urgent:
            self._urgent += 1
            self._no_urgent.clear()
        try:
            async with self._urgent_turn if urgent else self._turn:
                while True:
                    now = self.clock()
                    while self._ended and self._ended[0] <= now - self.window:
                        self._ended.popleft()
                    if self._flying + len(self._ended) < self.limit:
                        if urgent or not self._urgent:
                            break
                        await self._no_urgent.wait()  # the place is an urgent request's: look again after it
                    elif self._ended:
                        await asyncio.sleep(self._ended[0] + self.window - now)
                    else:  # every place is held by a request under way: wait for one to be answered
                        self._landed.clear()
                        await self._landed.wait()
                self._flying += 1
        finally:
            if urgent:
                self._urgent -= 1
                if not self._urgent:
                    self._no_urgent.set()
        return self.clock() - asked

    def done(self) -> None:
        """A request `room` let go was answered (or failed): its place frees a window from now."""
        self._flying -= 1
        self._ended.append(self.clock())
        self._landed.set()


class Budgeted:
    """discord.py's aiohttp session, its counted requests let go within the budget."""

    def __init__(self, session: Any, budget: Budget, application_id: Callable[[], int | None]) -> None:
        self._session = session
        self.budget = budget
        self._application_id = application_id

    def request(self, method: str, url: Any, *args: Any, **kwargs: Any) -> _AfterRoom:
        counted = not exempt(urlsplit(str(url)).path, self._application_id())
        return _AfterRoom(lambda: self._session.request(method, url, *args, **kwargs),
                          self.budget if counted else None, URGENT.get())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


class _AfterRoom:
    """A request's `async with`, entered once the budget has room (`budget` None: at once)."""

    def __init__(self, make: Callable[[], Any], budget: Budget | None, urgent: bool = False) -> None:
        self._make = make
        self._budget = budget
        self._urgent = urgent
        self._request: Any = None

    async def __aenter__(self) -> Any:
        if self._budget is None:
            self._request = self._make()
            return await self._request.__aenter__()
        await self._budget.room(self._urgent)
        try:
            self._request = self._make()
            return await self._request.__aenter__()
        finally:  # answered (Discord counted it on arrival) or failed: its place frees a window from now
            self._budget.done()

    async def __aexit__(self, *exc_info: Any) -> Any:
        return await self._request.__aexit__(*exc_info)


def install(http: Any, budget: Budget, application_id: Callable[[], int | None]) -> None:
    """The bot token's client (`http`, logged in: its session exists) sends counted requests within `budget`,
    from now on; interactions made from now on send through the same session (they read it when parsed)."""
    session = getattr(http, SESSION, None)
    if session is not None and not isinstance(session, Budgeted):
        setattr(http, SESSION, Budgeted(session, budget, application_id))
