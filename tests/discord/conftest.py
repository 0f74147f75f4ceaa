from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import pytest

from tests.discord_standin.fixtures import discord_standin  # a fixture
from tests.discord_standin.server import DiscordStandIn

__all__ = ["discord_standin", "no_leftovers"]


@pytest.fixture
async def no_leftovers(discord_standin: DiscordStandIn) -> AsyncIterator[None]:
    """After the test (bot stopped, stand-in stopped): no task still pending, no heartbeat thread alive."""
    yield
    await discord_standin.stop()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 2.0
    while True:
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task() and not task.done()]
        threads = [thread for thread in threading.enumerate() if type(thread).__name__ == "KeepAliveHandler"]
        if not tasks and not any(thread.is_alive() for thread in threads):
            return
        if loop.time() > deadline:
            raise AssertionError(f"left running after the test: tasks {tasks}, heartbeat threads {threads}")
        await asyncio.sleep(0.02)


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    """A stand-in whose flood check uses the tests' scaled window (5 messages per WINDOW s): the
    bot under test paces its outboxes with that same window."""
    from tests.discord.world import WINDOW

    server = DiscordStandIn(flood_limit=(5, WINDOW))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    server.assert_clean()
