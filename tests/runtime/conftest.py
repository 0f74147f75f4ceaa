"""Shared runtime fixtures: a table on a temporary SQLite file with a fake clock, recording its deliveries."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.table import Delivery, Table
from tests.runtime.helpers import FakeClock


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[tuple[Table, FakeClock, Path, list[Delivery]]]:
    path = tmp_path / "games.db"
    storage = await Storage.open(path)
    clock = FakeClock()
    table = Table(storage, clock=clock)
    delivered: list[Delivery] = []

    async def listen(delivery: Delivery) -> None:
        delivered.append(delivery)

    table.listeners.append(listen)
    yield table, clock, path, delivered
    await storage.close()
