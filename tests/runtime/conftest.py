"""Shared runtime fixtures: a database on each backend (SQLite, PostgreSQL), and a table on it with
a fake clock, recording its deliveries.

Every test that takes `database` (or `setup`) runs once per backend. The PostgreSQL runs need a
server: tests/pg.py starts one for the session (one per xdist worker). Where none can be had they are
skipped, loudly (tests/conftest.py prints the reason at the end of the run) — except under CI
(CI=true), where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.live import Delivery
from bot.storage import open_storage
from bot.table import Table
from tests import pg
from tests.runtime.databases import Database, PostgresDatabase, SqliteDatabase
from tests.runtime.helpers import FakeClock

BACKENDS = ("sqlite", "postgres")
_postgres_missing: list[str] = []


@pytest.fixture(scope="session", autouse=True)
def _no_database_url_from_the_developer() -> Iterator[None]:
    """A DATABASE_URL in the developer's environment or .env must not point the tests' bots (in
    this process or the ones they start) at a real database: blank means DATABASE_PATH."""
    saved = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = ""
    yield
    if saved is None:
        del os.environ["DATABASE_URL"]
    else:
        os.environ["DATABASE_URL"] = saved


@pytest.fixture(scope="session")
def pg_server() -> Iterator[pg.PgServer | None]:
    """The session's PostgreSQL server, or None (skipped) when none can be had."""
    try:
        server = pg.start()
    except pg.Unavailable as why:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"PostgreSQL is needed in CI: {why}", pytrace=False)
        _postgres_missing.append(str(why))
        yield None
        return
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A fresh, empty database of the test's backend."""
    if request.param == "sqlite":
        yield SqliteDatabase(tmp_path / "games.db")
        return
    async for fresh in _postgres_database(request):
        yield fresh


@pytest.fixture
async def postgres(request: pytest.FixtureRequest) -> AsyncIterator[PostgresDatabase]:
    """A fresh PostgreSQL database, for what only PostgreSQL has."""
    async for fresh in _postgres_database(request):
        yield fresh


@pytest.fixture
def postgres_server(pg_server: pg.PgServer | None) -> pg.PgServer:
    if pg_server is None:
        pytest.skip(f"{pg.SKIPPED}: {_postgres_missing[0]}")
    return pg_server


async def _postgres_database(request: pytest.FixtureRequest) -> AsyncIterator[PostgresDatabase]:
    server: pg.PgServer = request.getfixturevalue("postgres_server")
    name = await server.create_database()
    yield PostgresDatabase(server.url(name))
    await server.release(name)


@pytest.fixture
async def setup(database: Database) -> AsyncIterator[tuple[Table, FakeClock, Database, list[Delivery]]]:
    storage = await open_storage(database.target)
    clock = FakeClock()
    table = Table(storage, clock=clock)
    delivered: list[Delivery] = []

    async def listen(delivery: Delivery) -> None:
        delivered.append(delivery)

    table.listeners.append(listen)
    yield table, clock, database, delivered
    await storage.close()
