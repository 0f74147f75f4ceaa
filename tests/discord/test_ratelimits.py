"""discord.py's rate-limit buckets are let go once idle for 20 s (bot/discord/ratelimits.py), not five
minutes: never one with a request in it or waiting, nor one whose window is spent (a fresh one would meet a 429)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord.http
import pytest

from bot.discord import ratelimits
from bot.discord.ratelimits import IDLE_SECONDS, SWEEP_EVERY_SECONDS, Sweeper


@pytest.fixture
async def http() -> AsyncIterator[discord.http.HTTPClient]:
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    yield client
    await client.close()


def aged(bucket: discord.http.Ratelimit, seconds: float) -> discord.http.Ratelimit:
    bucket._last_request -= seconds
    return bucket


async def test_an_idle_bucket_goes_and_a_recent_one_stays(http: discord.http.HTTPClient) -> None:
    sweeper = ratelimits.install(http)
    aged(http.get_ratelimit("POST /channels/{channel_id}/messages:1"), IDLE_SECONDS + 1)
    http.get_ratelimit("POST /channels/{channel_id}/messages:2")
    assert sweeper.sweep(asyncio.get_running_loop().time()) == 1
    assert list(http._buckets) == ["POST /channels/{channel_id}/messages:2"]


async def test_a_bucket_in_use_or_spent_stays(http: discord.http.HTTPClient) -> None:
    sweeper = Sweeper(http)
    now = asyncio.get_running_loop().time()
    sending = aged(http.get_ratelimit("sending"), IDLE_SECONDS + 1)
    sending.outgoing = 1
    waited_on = aged(http.get_ratelimit("waited on"), IDLE_SECONDS + 1)
    waited_on._pending_requests.append(asyncio.get_running_loop().create_future())
    spent = aged(http.get_ratelimit("spent"), IDLE_SECONDS + 1)
    spent.remaining, spent.expires = 0, now + 30
    reset = aged(http.get_ratelimit("spent, reset since"), IDLE_SECONDS + 1)
    reset.remaining, reset.expires = 0, now - 1
    assert sweeper.sweep(now) == 1
    assert sorted(http._buckets) == ["sending", "spent", "waited on"]


async def test_the_sweep_runs_when_a_bucket_is_made_at_most_every_ten_seconds(http: discord.http.HTTPClient) -> None:
    sweeper = ratelimits.install(http)
    aged(http.get_ratelimit("old"), IDLE_SECONDS + 1)  # its making swept (nothing old then)
    sweeper.swept_at -= SWEEP_EVERY_SECONDS
    http.get_ratelimit("new")
    assert "old" not in http._buckets and sweeper.let_go == 1
    aged(http._buckets["new"], IDLE_SECONDS + 1)
    http.get_ratelimit("newer")
    assert "new" in http._buckets, "swept a moment ago"
    sweeper.swept_at -= SWEEP_EVERY_SECONDS
    http.get_ratelimit("newest")
    assert sorted(http._buckets) == ["newer", "newest"]
