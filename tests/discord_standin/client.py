"""Run a real discord.py client against the stand-in.

    async with running(bot, discord_) as bot:
        ...                                   # the bot is logged in, connected and ready

`start_bot` / `BotRun.stop` do the same in two steps (to stop a bot and start a new one mid-test, as a
restart does). While a bot runs, discord.py's URLs point at the stand-in (`bot.discord.urls.point_discord_at`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.discord.urls import point_discord_at, restore_discord_urls

from .server import DiscordStandIn

ClientT = TypeVar("ClientT", bound=discord.Client)

#: How long discord.py waits after the last GUILD_CREATE before READY (its default is 2 s); the stand-in
#: sends every GUILD_CREATE right after READY, so a short wait is enough and keeps tests fast.
FAST_GUILD_READY_TIMEOUT = 0.05


@contextlib.contextmanager
def pointed_at(server: DiscordStandIn) -> Iterator[None]:
    """discord.py's REST base and gateway point at `server` inside the block."""
    previous = point_discord_at(server.api_base_url, server.gateway_url)
    try:
        yield
    finally:
        restore_discord_urls(previous)


@dataclass
class BotRun:
    bot: discord.Client
    task: asyncio.Task[None]
    _restore: contextlib.ExitStack

    async def stop(self, timeout: float = 5.0) -> None:
        """Close the bot as its owner would (clean gateway close, HTTP session closed) and wait for it."""
        try:
            await self.bot.close()
            with contextlib.suppress(discord.ConnectionClosed):
                await asyncio.wait_for(self.task, timeout)
        finally:
            if not self.task.done():
                self.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self.task
            self._restore.close()


async def start_bot(
    bot: discord.Client,
    server: DiscordStandIn,
    *,
    ready_timeout: float = 10.0,
    fast_ready: bool = True,
) -> BotRun:
    """Log `bot` in to the stand-in (this runs its `setup_hook`), connect it and wait until it is ready.

    fast_ready: shorten discord.py's wait for GUILD_CREATEs (`ConnectionState.guild_ready_timeout`, an
    internal checked by the canary test) so READY comes in ~50 ms rather than 2 s.
    """
    restore = contextlib.ExitStack()
    restore.enter_context(pointed_at(server))
    try:
        if fast_ready:
            bot._connection.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT
        await bot.login(server.token)
        task = asyncio.create_task(bot.connect(reconnect=True), name=f"discord-standin-bot-{id(bot)}")
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                await bot.close()
                task.result()  # raises what stopped the bot (e.g. PrivilegedIntentsRequired)
                raise RuntimeError("the bot stopped before it was ready")
            run = BotRun(bot, task, restore)
            await run.stop()
            raise TimeoutError(f"the bot was not ready within {ready_timeout} s")
    except BaseException:
        if not bot.is_closed():
            await bot.close()
        restore.close()
        raise
    return BotRun(bot, task, restore)


@contextlib.asynccontextmanager
async def running(
    bot: ClientT, server: DiscordStandIn, *, ready_timeout: float = 10.0, fast_ready: bool = True
) -> AsyncIterator[ClientT]:
    """The bot connected to the stand-in and ready inside the block; closed cleanly after it."""
    run = await start_bot(bot, server, ready_timeout=ready_timeout, fast_ready=fast_ready)
    try:
        yield bot
    finally:
        await run.stop()
