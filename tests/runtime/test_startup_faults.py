"""Faults found at start-up, not at the first click: a database locked by another process, a
read-only one, a second bot process on the same database. Each is one clear line and exit 1."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.startup import StartupError
from bot.storage import open_storage
from tests import pg
from tests.runtime.databases import PostgresDatabase

ROOT = Path(__file__).resolve().parents[2]
UNREACHABLE = {"DISCORD_API_BASE_URL": "http://127.0.0.1:9/api/v10", "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/"}


async def fresh(path: Path) -> None:
    storage = await open_storage(path)
    await storage.close()


@contextlib.contextmanager
def held_by_another_process(path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holds SQLite's write lock on `path` (an open transaction) until the block ends."""
    code = (
        "import sqlite3, sys, time\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('BEGIN IMMEDIATE')\n"
        "print('locked', flush=True)\n"
        "time.sleep(60)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        holder.kill()
        holder.wait()


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """`path` cannot be written by this process (chmod; as root, which ignores modes, the immutable flag)."""
    path.chmod(0o444)
    immutable = False
    try:
        if os.geteuid() == 0:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
                pytest.skip("running as root without chattr: cannot make a file read-only here")
            immutable = True
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], capture_output=True)
        path.chmod(0o644)


def run_bot(db: Path, env: dict[str, str] | None = None, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), "DEFAULT_LANGUAGE": "en", "DATABASE_PATH": str(db),
            "DISCORD_TOKEN": "some-token", **UNREACHABLE, **(env or {})}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=full, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


async def test_a_database_locked_by_another_process_is_refused_at_once(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    await fresh(db)
    with held_by_another_process(db):
        started = time.monotonic()
        with pytest.raises(StartupError) as refused:
            await open_storage(db, exclusive=True)
        assert refused.value.key == "startup-db-locked"
        assert time.monotonic() - started < 4, "not the whole 5 s busy timeout per write"
        result = await asyncio.to_thread(run_bot, db)
    assert result.returncode == 1
    assert result.stderr.strip() == t("en", "startup-db-locked", path=str(db)), result.stderr
    assert "Traceback" not in result.stderr


async def test_a_read_only_database_is_refused_at_start_up_not_at_the_first_action(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    await fresh(db)
    with read_only(db):
        with pytest.raises(StartupError) as refused:
            await open_storage(db, exclusive=True)
        assert refused.value.key == "startup-db-read-only"
        result = await asyncio.to_thread(run_bot, db)
    assert result.returncode == 1
    assert result.stderr.strip() == t("en", "startup-db-read-only", path=str(db)), result.stderr


async def test_not_a_database_is_one_clear_line(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    db.write_bytes(b"this is a text file, not SQLite" * 100)
    result = await asyncio.to_thread(run_bot, db)
    assert result.returncode == 1
    assert result.stderr.strip() == t("en", "startup-db-not-a-database", path=str(db)), result.stderr


async def test_one_bot_per_database(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    first = await open_storage(db, exclusive=True)
    try:
        with pytest.raises(StartupError) as refused:
            await open_storage(db, exclusive=True)
        assert refused.value.key == "startup-db-in-use"
        assert refused.value.params["pid"] == str(os.getpid())
        result = await asyncio.to_thread(run_bot, db)
        assert result.returncode == 1
        assert result.stderr.strip() == t("en", "startup-db-in-use", path=str(db), pid=str(os.getpid())), result.stderr
        reader = await open_storage(db)  # not the bot (an export, say): allowed beside it
        await reader.close()
    finally:
        await first.close()
    again = await open_storage(db, exclusive=True)  # released on close (and by the OS when a process dies)
    await again.close()


async def test_the_lock_dies_with_its_process(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    code = (
        "import asyncio, sys\n"
        "from bot.storage import open_storage\n"
        "async def main():\n"
        "    await open_storage(sys.argv[1], exclusive=True)\n"
        "    print('open', flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen([sys.executable, "-c", code, str(db)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(StartupError):
            await open_storage(db, exclusive=True)
    finally:
        holder.kill()  # SIGKILL: no clean-up runs
        holder.wait()
    storage = await open_storage(db, exclusive=True)
    await storage.close()


# --- PostgreSQL (DATABASE_URL) -----------------------------------------------------------------
async def refusal(url: str, *, exclusive: bool = False) -> StartupError:
    with pytest.raises(StartupError) as refused:
        storage = await open_storage(url, exclusive=exclusive)
        await storage.close()
    return refused.value


async def test_an_unreachable_postgresql_server_is_one_clear_line_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:s3cret@/games?host={tmp_path}"  # a socket folder with no server in it
    refused = await refusal(url)
    assert refused.key == "startup-db-pg-cannot-connect"
    assert refused.params["url"] == f"postgresql://bot:***@/games?host={tmp_path}"
    result = await asyncio.to_thread(run_bot, tmp_path / "unused.db", {"DATABASE_URL": url})
    assert result.returncode == 1
    assert result.stderr.strip() == t("en", refused.key, **refused.params), result.stderr
    assert "s3cret" not in result.stderr and "Traceback" not in result.stderr


async def test_a_refused_postgresql_login_says_so_without_the_password(postgres_server: pg.PgServer) -> None:
    if not postgres_server.own:
        pytest.skip("needs the test server's password-checked role")
    url = postgres_server.url("postgres", user=pg.AUTH_PROBE_ROLE, password="wrong-secret")
    refused = await refusal(url)
    assert refused.key == "startup-db-pg-auth"
    assert "wrong-secret" not in t("en", refused.key, **refused.params)
    assert "wrong-secret" not in t("ru", refused.key, **refused.params)


async def test_a_missing_postgresql_database_says_which(postgres_server: pg.PgServer) -> None:
    refused = await refusal(postgres_server.url("no_such_database"))
    assert refused.key == "startup-db-pg-no-database"
    assert "no_such_database" in t("en", refused.key, **refused.params)


async def test_one_bot_per_postgresql_database(postgres: PostgresDatabase) -> None:
    first = await open_storage(postgres.target, exclusive=True)
    try:
        refused = await refusal(postgres.target, exclusive=True)
        assert refused.key == "startup-db-pg-in-use"
        assert refused.params["pid"] == str(os.getpid())
        reader = await open_storage(postgres.target)  # not the bot (an export, say): allowed beside it
        await reader.close()
    finally:
        await first.close()
    again = await open_storage(postgres.target, exclusive=True)  # the server drops the lock with its session
    await again.close()
