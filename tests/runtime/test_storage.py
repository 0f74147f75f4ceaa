"""Storage on both backends: migrations from empty (numbered the same on both), each applied
atomically; the backend chosen by one setting; values read back exactly as written; durable
commits; a failing step in a group commit undone alone; the per-game lock."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot import cli
from bot.config import Settings
from bot.storage import IntegrityError, Storage, database_away, log_failure, migrations, open_storage
from bot.storage.migrate import migration_files
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres_locks import postgres_fault
from bot.storage.sqlite import SqliteStorage
from bot.table import Table
from tests.runtime.databases import Database, PostgresDatabase
from tests.runtime.helpers import humans

GAME_TABLES = {"games", "actions", "events", "deadlines", "guild_settings", "results", "prompt_messages", "deliveries"}


async def test_migrations_from_empty_reach_the_latest_version(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        assert await storage.schema_version() == len(migrations(storage.dialect))
        assert await storage.migrate() == len(migrations(storage.dialect)), "a second run applies nothing"
    finally:
        await storage.close()
    assert await database.recorded_version() == len(migrations(database.kind))
    assert await database.tables() >= GAME_TABLES


async def test_an_sqlite_file_is_created_with_its_folders_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "bot.db"
    storage = await open_storage(path)
    await storage.close()
    assert path.exists(), "the database file is created on first run, folders included"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_failing_migration_changes_nothing(database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    good = migrations(database.kind)
    monkeypatch.setattr(
        "bot.storage.migrate.migrations",
        lambda dialect: [*good, (len(good) + 1, "CREATE TABLE extra (x INTEGER); THIS IS NOT SQL;")],
    )
    with pytest.raises(database.error):
        await open_storage(database.target)
    assert await database.recorded_version() == len(good)
    assert "extra" not in await database.tables(), "each migration is applied atomically"


def test_migrations_are_numbered_one_to_n_and_the_same_on_both_backends() -> None:
    for dialect in ("sqlite", "postgres"):
        assert [v for v, _ in migrations(dialect)] == list(range(1, len(migrations(dialect)) + 1))
    assert [p.name for p in migration_files("sqlite")] == [p.name for p in migration_files("postgres")]


def test_one_setting_chooses_the_backend(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    assert Settings(_env_file=None).database == str(tmp_path / "bot.db"), "nothing: DATABASE_PATH, SQLite"
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db.example/games")
    assert Settings(_env_file=None).database == "postgresql://bot@db.example/games"
    monkeypatch.setenv("DATABASE_URL", "  ")
    assert Settings(_env_file=None).database == str(tmp_path / "bot.db"), "blank is nothing"


async def test_the_target_opens_its_backend(database: Database, tmp_path: Path) -> None:
    storage = await open_storage(database.target)
    await storage.close()
    assert isinstance(storage, SqliteStorage if database.kind == "sqlite" else PostgresStorage)
    by_url = await open_storage(f"sqlite:///{tmp_path / 'by-url.db'}")
    await by_url.close()
    assert (tmp_path / "by-url.db").exists(), "sqlite:///path is a path too"


async def test_a_members_dm_channel_is_saved_once_for_every_process(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        assert await storage.dm_channel(1 << 60) is None
        await storage.save_dm_channel(1 << 60, (1 << 61) + 7)  # snowflakes fit
        await storage.save_dm_channel(1 << 60, (1 << 61) + 7)  # saved again by a second process: no conflict
        assert await storage.dm_channel(1 << 60) == (1 << 61) + 7
    finally:
        await storage.close()


async def test_guild_settings_round_trip(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        assert (await storage.guild_settings(5))["language"] is None
        await storage.save_guild_settings(5, {"language": "ru", "gm_role_id": 9, "deadlines": {"choose": 30}})
        assert await storage.guild_settings(5) == {
            "language": "ru", "gm_role_id": 9, "deadlines": {"choose": 30}, "absent_after": 0,
            "graveyard_channel_id": None, "spectators": True, "web": True, "min_reliability": 0,
            "leaderboard_games": 5, "zone": None,
        }
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "absent_after": 3})
        assert (await storage.guild_settings(5))["absent_after"] == 3
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "graveyard_channel_id": 1 << 60})
        assert (await storage.guild_settings(5))["graveyard_channel_id"] == 1 << 60  # a snowflake fits
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "spectators": False})
        assert (await storage.guild_settings(5))["spectators"] is False
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "web": False})
        assert (await storage.guild_settings(5))["web"] is False  # /gm settings web:off
        await storage.save_guild_settings(5, {**await storage.guild_settings(5), "zone": "Europe/Moscow"})
        assert (await storage.guild_settings(5))["zone"] == "Europe/Moscow"
    finally:
        await storage.close()


async def test_a_game_reads_back_exactly_as_written(database: Database) -> None:
    snowflake = 1_234_567_890_123_456_789  # Discord ids need 64 bits
    options = {"pace": "forum", "названия": ["Пётр", "Ёлка"], "nested": {"b": 1, "a": [1.5, None, True]}}
    storage = await open_storage(database.target)
    try:
        game_id = await storage.create_game(
            game="mafia", status="lobby", seed=2**48 - 1, options=options, seats=[{"user_id": snowflake}],
            language="ru", guild_id=snowflake, channel_id=snowflake + 1, host_id=snowflake + 2, meta={"k": "v"},
        )
        row = await storage.load_game(game_id)
    finally:
        await storage.close()
    assert row is not None
    assert (row.options, row.seats, row.meta, row.seed) == (options, [{"user_id": snowflake}], {"k": "v"}, 2**48 - 1)
    assert (row.guild_id, row.channel_id, row.host_id) == (snowflake, snowflake + 1, snowflake + 2)
    assert row.paused is False and isinstance(row.created_at, float)


async def test_writes_queued_around_a_transaction_never_land_inside_it(database: Database) -> None:
    """Group-committed writes keep arriving while another write's transaction is open: each lands whole,
    before or after it, and the transaction's own read-then-write sees only itself."""
    from bot.storage import ActionRow

    storage = await open_storage(database.target)
    try:
        games = [await storage.create_game(game="cookie", status="running", seed=n, options={}, seats=[],
                                           language="en") for n in range(6)]

        async def steps(game_id: int) -> None:
            for step in range(1, 6):
                await storage.commit_step(game_id, game_fields={"step": step},
                                          actions=[ActionRow("play", step, {}, input_key=f"{game_id}-{step}")],
                                          events=[])

        async def settings(n: int) -> None:
            await storage.save_guild_settings(n, {"language": "ru", "deadlines": {"k": n}})

        await asyncio.gather(*[steps(g) for g in games], *[settings(n) for n in range(1, 6)])
        assert [(await storage.load_game(g)).step for g in games] == [5] * 6  # type: ignore[union-attr]
        assert [len(await storage.actions(g)) for g in games] == [5] * 6
        assert [(await storage.guild_settings(n))["deadlines"] for n in range(1, 6)] == [{"k": n} for n in range(1, 6)]
    finally:
        await storage.close()


async def test_a_lobby_change_repeated_with_its_interaction_changes_nothing_the_second_time(
    database: Database,
) -> None:
    storage = await open_storage(database.target)
    try:
        game_id = await storage.create_game(game="cookie", status="lobby", seed=1, options={}, seats=[],
                                            language="en", input_key="i1")
        with pytest.raises(IntegrityError):  # the same interaction opening a second lobby
            await storage.create_game(game="cookie", status="lobby", seed=2, options={}, seats=[], language="en",
                                      input_key="i1")
        seated = [{"user_id": 7}]
        assert await storage.update_lobby(game_id, [], input_key="i2", seats=seated)
        with pytest.raises(IntegrityError):
            await storage.update_lobby(game_id, seated, input_key="i2", seats=[*seated, {"user_id": 8}])
        assert not await storage.update_lobby(game_id, [], input_key="i3", seats=[{"user_id": 9}]), "seats moved on"
        row = await storage.load_game(game_id)
        assert row is not None and row.seats == seated
        assert await storage.input_applied("i2") == game_id and await storage.input_applied("i3") is None
        assert len(await storage.games_with_status("lobby")) == 1
    finally:
        await storage.close()


async def test_a_step_that_breaks_a_constraint_is_undone_alone_in_a_group_commit(database: Database) -> None:
    from bot.storage import ActionRow

    storage = await open_storage(database.target)
    try:
        games = [await storage.create_game(game="cookie", status="running", seed=n, options={}, seats=[],
                                           language="en") for n in range(3)]
        await storage.commit_step(games[1], game_fields={}, actions=[ActionRow("play", 1, {}, input_key="k")],
                                  events=[])
        steps = [  # at once: one commit; the middle one repeats an input already saved
            storage.commit_step(game_id, game_fields={"step": 2}, actions=[ActionRow("play", 2, {}, input_key="k")],
                                events=[])
            for game_id in games
        ]
        outcomes = await asyncio.gather(*steps, return_exceptions=True)
        assert [type(o) for o in outcomes] == [type(None), IntegrityError, type(None)]
        assert [(await storage.load_game(g)).step for g in games] == [2, 0, 2]  # type: ignore[union-attr]
        assert [len(await storage.actions(g)) for g in games] == [1, 1, 1]
    finally:
        await storage.close()


async def test_every_postgresql_commit_is_durable_before_it_returns(postgres: PostgresDatabase) -> None:
    """Whatever the server's default: SQLite's counterpart is synchronous=FULL on its one connection."""
    storage = await open_storage(postgres.target)
    try:
        async with storage.transaction() as tx:
            assert await tx.fetchall("SHOW synchronous_commit") == [("on",)]
        assert await storage._fetchall("SHOW synchronous_commit") == [("on",)]
    finally:
        await storage.close()


async def test_a_game_lock_is_held_by_one_process_at_a_time(database: Database) -> None:
    """Two bot processes on one PostgreSQL database (two storages here): the second waits for
    the first to release the game; another game is not held up. SQLite: a no-op."""
    first, second = await open_storage(database.target), await open_storage(database.target)
    try:
        async with first.game_lock(1):
            waiting = asyncio.ensure_future(_hold(second, 1))
            other = await asyncio.wait_for(_hold(second, 2), timeout=5)
            assert other, "another game's lock is free"
            await asyncio.sleep(0.2)
            assert waiting.done() is (database.kind == "sqlite")
        assert await asyncio.wait_for(waiting, timeout=5), "taken once released"
    finally:
        await first.close()
        await second.close()


async def test_a_game_lock_given_back_is_free_for_others_while_its_connection_holds_the_next(
    postgres: PostgresDatabase,
) -> None:
    """A process's lock connection keeps its locks a moment after a game is let go, for the next game
    it locks to give them back in the same round trip: the first game is free all the same."""
    first, second = await open_storage(postgres.target), await open_storage(postgres.target)
    try:
        async with first.game_lock(1):
            pass
        async with first.game_lock(2):  # at once: on the same connection, which gives game 1 back
            assert await asyncio.wait_for(_hold(second, 1), timeout=5)
            waiting = asyncio.ensure_future(_hold(second, 2))
            await asyncio.sleep(0.2)
            assert not waiting.done(), "game 2 is held"
        assert await asyncio.wait_for(waiting, timeout=5)
        async with first.game_lock(3):
            pass
        await asyncio.sleep(0.1)  # nobody takes that connection: it gives game 3 back by itself
        assert await asyncio.wait_for(_hold(second, 3), timeout=5)
    finally:
        await first.close()
        await second.close()


async def _hold(storage: Storage, game_id: int) -> bool:
    async with storage.game_lock(game_id):
        return True


async def test_the_game_lock_reads_the_game_as_saved_by_the_process_that_held_it(postgres: PostgresDatabase) -> None:
    """What the lock gives (the game's version) is read after the wait: the step the first holder
    saved before letting go is seen, so the second process reloads the game."""
    first, second = await open_storage(postgres.target), await open_storage(postgres.target)
    try:
        game_id = await first.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
        async with first.game_lock(game_id) as (before, _):
            waiting = asyncio.ensure_future(_position(second, game_id))
            await asyncio.sleep(0.2)
            await first.commit_step(game_id, game_fields={"step": 1}, actions=[], events=[])
        after = await asyncio.wait_for(waiting, timeout=5)
        assert after == (await first.game_version(game_id), 0) and after[0] == (before or 0) + 1
    finally:
        await first.close()
        await second.close()


async def test_a_game_lock_whose_connection_broke_is_free_and_the_holder_goes_on(postgres: PostgresDatabase) -> None:
    """The server ended the locking connection while the game was held: its lock ended with it; the
    holder's work is not turned into an error when it lets go, and the next holder gets a new connection."""
    first, second = await open_storage(postgres.target), await open_storage(postgres.target)
    try:
        async with first.game_lock(7):
            await postgres.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks"
                " WHERE locktype = 'advisory' AND objid = 7 AND objsubid = 1"
            )
            assert await asyncio.wait_for(_hold(second, 7), timeout=5), "the lock ended with its connection"
        assert await asyncio.wait_for(_hold(first, 7), timeout=5)
    finally:
        await first.close()
        await second.close()


async def _position(storage: Storage, game_id: int) -> tuple[int | None, int]:
    async with storage.game_lock(game_id) as position:
        return position


async def test_postgresql_commits_that_deadlock_are_run_again(
    postgres: PostgresDatabase, caplog: pytest.LogCaptureFixture
) -> None:
    """Two group commits under way at once that lock two games' rows in opposite orders: the
    server undoes one of them, which runs again; both writes are saved, each once."""
    from bot.storage.program import Rows, Run

    storage = await open_storage(postgres.target)
    try:
        a, b = [await storage.create_game(game="cookie", status="running", seed=n, options={}, seats=[],
                                          language="en") for n in range(2)]

        def crossing(first: int, second: int):  # type: ignore[no-untyped-def]
            yield Run("UPDATE games SET step = step + 1 WHERE id = ?", (first,))
            yield Rows("SELECT pg_sleep(0.3)")
            yield Run("UPDATE games SET step = step + 1 WHERE id = ?", (second,))

        one = asyncio.ensure_future(storage._write(lambda: crossing(a, b)))
        await asyncio.sleep(0.1)  # under way: the other goes on a second committer
        await asyncio.gather(one, storage._write(lambda: crossing(b, a)))
        assert [(await storage.load_game(g)).step for g in (a, b)] == [2, 2]  # type: ignore[union-attr]
        assert "DeadlockDetectedError" in caplog.text
    finally:
        await storage.close()


async def test_postgresql_migrations_wait_for_each_other(postgres: PostgresDatabase) -> None:
    """Bot processes starting together on an empty database: each applies only what is missing."""
    await postgres.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    storages = await asyncio.gather(*[open_storage(postgres.target) for _ in range(3)])
    for storage in storages:
        assert await storage.schema_version() == len(migrations("postgres"))
        await storage.close()


async def test_export_reads_a_game_from_a_postgresql_url(postgres: PostgresDatabase, tmp_path: Path) -> None:
    storage = await open_storage(postgres.target)
    game = await Table(storage).start("cookie", humans(4), seed=3)
    await storage.close()
    out = tmp_path / "game.json"
    code = await asyncio.to_thread(cli.main, ["export", str(game.id), "--db", postgres.target, "--out", str(out)])
    record = json.loads(out.read_text(encoding="utf-8"))
    assert code == 0 and (record["id"], record["seed"], record["step"]) == (game.id, 3, game.state.step)
    assert record["events"], "the whole log"


@pytest.mark.parametrize("error", [
    asyncpg.exceptions.AdminShutdownError("terminating connection due to administrator command"),
    asyncpg.exceptions.CannotConnectNowError("the database system is starting up"),
    asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    ConnectionRefusedError(111, "Connection refused"),
    postgres_fault(FileNotFoundError(2, "No such file or directory"), "postgresql:///x?host=/gone"),
])
def test_a_database_restarting_is_told_apart_from_a_defect(error: BaseException) -> None:
    """What a PostgreSQL restart raises, on a connection in use or a new one (its socket gone meanwhile)."""
    assert database_away(error)
    wrapped = RuntimeError("a step failed")
    wrapped.__cause__ = error
    assert database_away(wrapped)


@pytest.mark.parametrize("error", [
    AssertionError(), KeyError("seat"), FileNotFoundError(2, "No such file or directory"),
    asyncpg.exceptions.UniqueViolationError("duplicate key"), postgres_fault(RuntimeError("?"), "postgresql:///x"),
])
def test_a_defect_is_not_taken_for_the_database_restarting(error: BaseException) -> None:
    assert not database_away(error)


async def test_a_connection_to_a_database_whose_socket_is_gone_is_the_database_away() -> None:
    """A pool's new connection while the server restarts: its Unix socket file is gone (FileNotFoundError from
    inside asyncpg); the same error raised by our own code is a defect."""
    with pytest.raises(OSError) as caught:
        await asyncpg.connect("postgresql://bot@/db?host=/nonexistent-socket-dir", timeout=5)
    assert database_away(caught.value)


def test_a_connection_the_server_dropped_mid_error_is_the_database_away() -> None:
    """Found by the full scale run: at a PostgreSQL restart a pooled connection got the server's error and never
    its end (the server was gone), and its next query raised this. Two operations at once on one connection
    (another state in progress) is a defect."""
    dropped = asyncpg.exceptions.InternalClientError("cannot switch to state 12; another operation (2) is in progress")
    assert database_away(dropped)
    ending = asyncpg.exceptions.InternalClientError("cannot switch to state 11; another operation (4) is in progress")
    assert database_away(ending)
    assert not database_away(
        asyncpg.exceptions.InternalClientError("cannot switch to state 12; another operation (11) is in progress")
    )


def test_a_failure_with_the_database_away_is_one_warning_line(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("test.away")
    with caplog.at_level(logging.INFO, logger="test.away"):
        log_failure(log, asyncpg.exceptions.AdminShutdownError("terminating connection"), "game %s: reading failed", 7)
        log_failure(log, KeyError("seat"), "game %s: reading failed", 8)
    away, defect = caplog.records
    assert (away.levelno, away.exc_info) == (logging.WARNING, None)
    assert away.getMessage() == "game 7: reading failed (the database is out of reach for now: AdminShutdownError)"
    assert defect.levelno == logging.ERROR and defect.exc_info is not None
