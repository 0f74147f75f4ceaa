"""Discord's weather, classified once: a failure is *transient* (a 5xx, a timeout, a broken connection:
try again later, the delivery stays waiting) or *permanent* (403, 404, any other 4xx, a channel that is
gone: handle it as such and never retry). Everything that sends asks here."""

from __future__ import annotations

import asyncio

import aiohttp
import discord

from bot.waiting import doubling

RETRY_FIRST_SECONDS = 1.0
RETRY_MAX_SECONDS = 60.0
TELL_AFTER_FAILURES = 3
"""A delivery that failed this many times in a row is worth a word to the moderators (once)."""


def transient(error: BaseException) -> bool:
    """Whether Discord may take the same request later: a server error, a time-out or a broken
    connection. A 4xx answer (Forbidden, NotFound, a bad request) is permanent."""
    if isinstance(error, discord.DiscordServerError):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, asyncio.TimeoutError | TimeoutError | aiohttp.ClientError | ConnectionError)


def may_have_landed(error: BaseException) -> bool:
    """Whether Discord may have carried the request out although it answered with an error: a 5xx or a
    time-out after the request left (a 4xx means nothing was made)."""
    return transient(error)


def backoff(failures: int) -> float:
    """Seconds before the next try after `failures` failures in a row (doubling, capped)."""
    return doubling(failures, RETRY_FIRST_SECONDS, RETRY_MAX_SECONDS)
