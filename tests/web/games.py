"""Finished games for the web record's tests, played to the end by bot players through the table (a few
seconds at most), and a client of the record's application over their database."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.live import LiveGame, Seat
from bot.storage import Storage
from bot.table import Table
from bot.web.app import WebRecord
from bot.web.links import Links
from tests.runtime.helpers import pick

GUILD, CHANNEL = 4242, 77
PLACE = {"place": {"server": "Клуб «Полночь»", "channel": "игры"}}


async def finished(
    table: Table, game: str, players: int, *, names: list[str] | None = None, seed: int = 1,
    options: dict[str, Any] | None = None, language: str = "en", guild_id: int | None = GUILD,
) -> LiveGame:
    """A game with bots in every seat, played to its end (they play it within the start)."""
    seats = [Seat(name=(names or [])[i] if i < len(names or []) else f"Bot{i}", bot=True) for i in range(players)]
    played = await table.start(game, seats, options=options, seed=seed, language=language, guild_id=guild_id,
                               channel_id=CHANNEL, meta=dict(PLACE))
    assert not played.running, "bots in every seat play to the end"
    return played


async def humans_play(table: Table, game: str, seats: list[Seat], *, seed: int = 1, steps: int | None = None,
                      language: str = "en", options: dict[str, Any] | None = None) -> LiveGame:
    """A game of members (their answers as a bot would give them), to its end or for `steps` answers."""
    played = await table.start(game, seats, options=options, seed=seed, language=language, guild_id=GUILD,
                               channel_id=CHANNEL, meta=dict(PLACE))
    done = 0
    while played.running and (steps is None or done < steps):
        prompt, action = pick(played)
        outcome = await table.act(played.id, prompt.seat, action)
        assert outcome.ok, outcome.refusal
        done += 1
    return played


@asynccontextmanager
async def web_client(storages: list[Storage], cache: Path) -> AsyncIterator[tuple[TestClient, list[Links]]]:
    """The record's application over `storages`, and each one's links."""
    record = WebRecord(storages, cache_dir=cache)
    await record.open()
    async with TestClient(TestServer(record.application())) as client:
        yield client, [site.links for site in record.sites]


async def page(client: TestClient, path: str) -> tuple[int, str]:
    response = await client.get(path)
    return response.status, await response.text()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
