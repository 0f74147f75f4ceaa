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
asked for), and what a starting process waits on to come up (`COMING_UP`), go ahead of the ones waiting for room
that nobody waits on (the outboxes' lines, statuses and prompts): under a full budget, a join waited behind the
whole backlog of messages and was answered too late.
Those others go earliest "go-by" time first (`going_by`, set by the outboxes: bot/discord/patience.py), a request
without one by the time it asked, so that without go-by times they go in the order they came.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
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
COMING_UP = re.compile(r"/(gateway/bot|applications/\d+(/guilds/\d+)?/commands)$")
"""What a starting process waits on before it answers anyone (the gateway's address, the commands' sync): urgent, or a
restart waited behind every message it took back from its predecessor (two minutes through the scale run's faults)."""
WEBHOOK = re.compile(r"/webhooks/(\d+)/")
WINDOW = 1.0
URGENT: ContextVar[bool] = ContextVar("rest_budget_urgent", default=False)
"""Set (`urgently`) around requests a member is waiting on: they take the next place free in the window."""


GO_BY: ContextVar[float | None] = ContextVar("rest_budget_go_by", default=None)
"""Set (`going_by`) around requests that may wait: by when (`time.monotonic`) they should go, earliest first."""


@contextmanager
def going_by(when: float | None) -> Iterator[None]:
    """The counted requests made in here wait for room ordered by `when` among the others (None: the time they ask)."""
    token = GO_BY.set(when)
    try:
        yield
    finally:
        GO_BY.reset(token)


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
    than `limit` into one second. The others wait: the urgent ones first, then earliest go-by time first (a
    request without one: the time it asked, so first come first served)."""

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
        self._waiting: list[tuple[bool, float, int, asyncio.Future[None]]] = []
        """Requests waiting for room, a heap: (not urgent, go-by time, arrival, let go when set)."""
        self._arrivals = itertools.count()
        self._timer: asyncio.TimerHandle | None = None
        """Wakes the budget when the oldest answer leaves the window, while requests wait for room."""

    async def room(self, urgent: bool = False, go_by: float | None = None) -> float:
        """Waits for room in the window for one counted request and takes it (give it back with `done` once
        answered); returns the seconds waited. `urgent`: ahead of every request that is not; `go_by`: its place
        among those (None: the time it asks)."""
        asked = self.clock()
        let_go: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (not urgent, asked if go_by is None else go_by, next(self._arrivals), let_go))
        self._let_go()
        try:
            await let_go
        except asyncio.CancelledError:
            if let_go.done() and not let_go.cancelled():  # let go, then cancelled before it started: not taken
                self._flying -= 1
                self._let_go()
            raise
        return self.clock() - asked

    def done(self) -> None:
        """A request `room` let go was answered (or failed): its place frees a window from now."""
        self._flying -= 1
        self._ended.append(self.clock())
        self._let_go()

    def _let_go(self) -> None:
        """Gives the places free now to the first in line; while others wait, wakes again when the next frees."""
        now = self.clock()
        while self._ended and self._ended[0] <= now - self.window:
            self._ended.popleft()
        while self._waiting and (self._waiting[0][-1].done() or self._flying + len(self._ended) < self.limit):
            let_go = heapq.heappop(self._waiting)[-1]
            if not let_go.done():  # (done: its caller stopped waiting)
                self._flying += 1
                let_go.set_result(None)
        if self._waiting and self._ended and self._timer is None:
            # every place is held; the oldest answered frees first (one under way frees a window after `done`)
            self._timer = asyncio.get_running_loop().call_later(
                max(0.0, self._ended[0] + self.window - now), self._woken)

    def _woken(self) -> None:
        self._timer = None
        self._let_go()


class Budgeted:
    """discord.py's aiohttp session, its counted requests let go within the budget."""

    def __init__(self, session: Any, budget: Budget, application_id: Callable[[], int | None]) -> None:
        self._session = session
        self.budget = budget
        self._application_id = application_id

    def request(self, method: str, url: Any, *args: Any, **kwargs: Any) -> _AfterRoom:
        path = urlsplit(str(url)).path
        counted = not exempt(path, self._application_id())
        urgent = URGENT.get() or COMING_UP.search(path) is not None
        return _AfterRoom(lambda: self._session.request(method, url, *args, **kwargs),
                          self.budget if counted else None, urgent, GO_BY.get())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


class _AfterRoom:
    """A request's `async with`, entered once the budget has room (`budget` None: at once)."""

    def __init__(
        self, make: Callable[[], Any], budget: Budget | None, urgent: bool = False, go_by: float | None = None
    ) -> None:
        self._make = make
        self._budget = budget
        self._urgent = urgent
        self._go_by = go_by
        self._request: Any = None

    async def __aenter__(self) -> Any:
        if self._budget is None:
            self._request = self._make()
            return await self._request.__aenter__()
        await self._budget.room(self._urgent, self._go_by)
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
