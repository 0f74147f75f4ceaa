"""pytest fixtures for the stand-in. Use them from a conftest.py:

from tests.discord_standin.fixtures import discord_standin  # noqa: F401  (a fixture)
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .server import DiscordStandIn


@pytest.fixture
async def discord_standin() -> AsyncIterator[DiscordStandIn]:
    """A started stand-in; at teardown it fails the test on invalid bodies, unknown routes or a flooded channel."""
    server = DiscordStandIn()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    server.assert_clean()
