"""discord.py's rate-limit buckets let go once idle for IDLE_SECONDS, not five minutes.

discord.py keeps one bucket (`Ratelimit`, ~1.1 KB with its queue and lock) per route and channel — each
member's DMs is a channel — and drops one only when it has been idle for 300 s and there are 256 of them
(`HTTPClient._try_clear_expired_ratelimits`). At the scale mix that was some 8 buckets a live game, most of
them for a channel the game had not written to for minutes (issue 41). A bucket idle for IDLE_SECONDS, with no
request in it or waiting on it and its window not spent, knows nothing a fresh one would not learn from its
first answer (a fresh bucket lets one request through and takes the limits from its headers), so it is let go.
A spent one (remaining 0 until its reset) is kept until the reset: a fresh one would run into Discord's 429.

The sweep runs where discord.py runs its own — when a request makes a new bucket — at most every
SWEEP_EVERY_SECONDS, so it needs no task of its own. `install` puts it in place on the bot's `HTTPClient`
(tests/discord/test_canary.py checks the internals it relies on).
"""

from __future__ import annotations

import asyncio

from discord.http import HTTPClient, Ratelimit

IDLE_SECONDS = 20.0
"""A bucket unused this long is let go (a live game's channel that is written to often keeps its own)."""
SWEEP_EVERY_SECONDS = 10.0


def spare(bucket: Ratelimit, now: float) -> bool:
    """Whether a bucket can go: idle long enough, nothing in or waiting on it, and its window not spent."""
    return (
        now - bucket._last_request >= IDLE_SECONDS
        and bucket.outgoing == 0
        and not bucket._pending_requests
        and not bucket._sleeping.locked()
        and (bucket.remaining > 0 or bucket.expires is None or now > bucket.expires)
    )


class Sweeper:
    def __init__(self, http: HTTPClient) -> None:
        self.http = http
        self.swept_at = -float("inf")
        self.let_go = 0
        """Buckets let go so far (for the probe and the tests)."""

    def sweep_now_and_then(self) -> None:
        """discord.py's hook after a new bucket is made: a sweep, unless one ran in the last SWEEP_EVERY_SECONDS."""
        now = asyncio.get_running_loop().time()
        if now - self.swept_at >= SWEEP_EVERY_SECONDS:
            self.sweep(now)

    def sweep(self, now: float) -> int:
        self.swept_at = now
        buckets = self.http._buckets
        idle = [key for key, bucket in buckets.items() if spare(bucket, now)]
        for key in idle:
            del buckets[key]
        self.let_go += len(idle)
        return len(idle)


def install(http: HTTPClient) -> Sweeper:
    """Idle buckets of `http` let go after IDLE_SECONDS (its own sweep replaced: ours covers what it drops)."""
    sweeper = Sweeper(http)
    http._try_clear_expired_ratelimits = sweeper.sweep_now_and_then  # type: ignore[method-assign]
    return sweeper
