"""A throwaway PostgreSQL server for the tests: one per test session (so one per xdist worker), and
for each test a migrated database with no rows: a copy of a migrated template (~100 ms), or one a
test used before and that was emptied after it (a few ms; one whose schema the test changed is dropped instead).

Where the server comes from, the first that can be had:
1. TEST_POSTGRES_URL: a server you run, as a URL of a role that may create databases; the tests
   create and drop their own (named gm_test_<pid>_<n>) and leave the rest alone.
2. PostgreSQL's binaries on this machine (initdb and postgres): TEST_POSTGRES_BIN, then PATH, then
   /usr/lib/postgresql/<version>/bin, then the ones bundled by the `pgserver` package (in the test
   extras, so `python3 dev.py test` installs them where the machine has none).
A server of our own lives in a temporary folder and listens on a unix socket in it only (no port to
collide with), with fsync off: a test server's files need not survive a power cut; the storage's
own `synchronous_commit = on` is still what every commit runs with. PostgreSQL refuses to run as
root, so as root it runs as the `postgres` user (or `nobody`), in a folder given to that user. It
is told to stop if this process dies, so no server outlives a killed test run.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import importlib.util
import itertools
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

SKIPPED = "no PostgreSQL server"
"""How a PostgreSQL test skipped for want of a server begins its reason (the run's summary looks for it)."""
AUTH_PROBE_ROLE, AUTH_PROBE_PASSWORD = "gm_auth_probe", "right-password"
"""A role that must log in with a password (scram), on our own server only: the auth-failure test."""
START_SECONDS = 30.0
FOLDER_PREFIX = "gm-pg-"
STALE_SECONDS = 3600
SERVER_SETTINGS = ("listen_addresses=", "fsync=off", "full_page_writes=off", "max_connections=200")
T = TypeVar("T")


def _blocking(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` to the end on a loop of its own (in a thread: the caller may be inside one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


class Unavailable(Exception):
    """No PostgreSQL server can be had here: why, in one line."""


@dataclass
class PgServer:
    admin_url: str
    """A URL to the server's `postgres` database as a role that may create databases."""
    own: bool
    """True when we started it (and so may stop it, and it has the auth probe role)."""
    process: subprocess.Popen[bytes] | None = None
    folder: Path | None = None
    template: str = field(default_factory=lambda: f"gm_template_{os.getpid()}")
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _clean: list[str] = field(default_factory=list)
    """Databases a test used and `release` emptied again: the next tests take these first."""
    _shape: str = ""
    """The template's schema, as `_schema_shape` reads it."""

    def url(self, database: str, *, user: str | None = None, password: str | None = None) -> str:
        """The admin URL pointed at `database` (and, if given, another role and password)."""
        parts = urlsplit(self.admin_url)
        netloc = parts.netloc
        if user is not None:
            host = netloc.rpartition("@")[2]
            netloc = f"{user}:{password}@{host}" if password is not None else f"{user}@{host}"
        return urlunsplit((parts.scheme, netloc, f"/{database}", parts.query, parts.fragment))

    async def create_database(self) -> str:
        """A migrated database with no rows, for one test: its name."""
        if self._clean:
            return self._clean.pop()
        name = f"gm_test_{os.getpid()}_{next(self._names)}"
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return name

    async def release(self, name: str) -> None:
        """Done with a test's database: emptied for the next test if its schema is still the
        template's (a copy costs ~100 ms, emptying a few), else dropped."""
        try:
            reusable = await self._empty(name)
        except (OSError, asyncpg.PostgresError):
            reusable = False
        if reusable:
            self._clean.append(name)
        else:
            await self.drop_database(name)

    async def _empty(self, name: str) -> bool:
        await self._admin(  # a storage the test left open: its sessions (and their locks) end
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
        connection = await asyncpg.connect(self.url(name))
        try:
            if await _schema_shape(connection) != self._shape:
                return False
            tables = await connection.fetch(
                "SELECT quote_ident(tablename) FROM pg_tables"
                " WHERE schemaname = 'public' AND tablename <> 'schema_version'"
            )
            await connection.execute(f"TRUNCATE {', '.join(r[0] for r in tables)} RESTART IDENTITY")
        finally:
            await connection.close()
        return True

    async def drop_database(self, name: str) -> None:
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def prepare_template(self) -> None:
        """The template every test database is copied from: migrated by the storage itself."""
        from bot.storage import open_storage

        await self.drop_database(self.template)
        await self._admin(f'CREATE DATABASE "{self.template}"')
        storage = await open_storage(self.url(self.template))
        await storage.close()
        connection = await asyncpg.connect(self.url(self.template))
        try:
            self._shape = await _schema_shape(connection)
        finally:
            await connection.close()

    async def _admin(self, sql: str, *args: object) -> None:
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(sql, *args)
        finally:
            await connection.close()

    def restart(self) -> float:
        """Stop our own server as an operator's restart does (a fast shutdown: every session is ended) and
        start it again on the same files; returns the seconds it was down."""
        if not self.own or self.process is None or self.folder is None:
            raise Unavailable("only a server of our own can be restarted")
        binaries = find_binaries()
        assert binaries is not None, "it was started from them"
        began = time.monotonic()
        self.process.send_signal(signal.SIGINT)  # fast shutdown: sessions ended, a checkpoint written
        try:
            self.process.wait(timeout=START_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = _postgres(binaries, self.folder, self.folder / "data", _server_user())
        _wait_ready(self)
        return time.monotonic() - began

    def stop(self) -> None:
        if not self.own:
            for name in [self.template, *self._clean]:
                _blocking(self.drop_database(name))
            return
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # immediate shutdown: its files are thrown away
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def start() -> PgServer:
    """A server for this test session, with its template database ready; Unavailable if none."""
    given = os.environ.get("TEST_POSTGRES_URL", "").strip()
    server = PgServer(admin_url=given, own=False) if given else _start_own()
    try:
        _blocking(server.prepare_template())
    except Exception as error:
        with contextlib.suppress(Exception):  # a server that cannot be reached cannot be cleaned up either
            server.stop()
        raise Unavailable(f"the test server does not work: {type(error).__name__}: {error}") from error
    return server


def server_or_skip() -> PgServer:
    """A throwaway server for the tests that ask (`start`); without one they are skipped, except in CI, where
    PostgreSQL is needed and its absence fails them."""
    import pytest  # (this module also serves the benchmarks, which run without pytest)

    try:
        return start()
    except Unavailable as why:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"PostgreSQL is needed in CI: {why}", pytrace=False)
        pytest.skip(f"{SKIPPED}: {why}")


def _start_own() -> PgServer:
    binaries = find_binaries()
    if binaries is None:
        raise Unavailable(
            "no PostgreSQL binaries (initdb, postgres) on this machine: install PostgreSQL or the test extras"
            " (pgserver), or set TEST_POSTGRES_URL to a server"
        )
    run_as = _server_user()
    _forget_dead_servers()
    # as another user, in /tmp: a TMPDIR inside root's home would be closed to that user
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX, dir="/tmp" if run_as is not None else None))
    if run_as is not None:
        os.chown(folder, run_as.pw_uid, run_as.pw_gid)
    data = folder / "data"
    try:
        _initdb(binaries, data, run_as)
        process = _postgres(binaries, folder, data, run_as)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    server = PgServer(admin_url=f"postgresql://postgres@/postgres?host={folder}", own=True,
                      process=process, folder=folder)
    try:
        _wait_ready(server)
        _blocking(_create_auth_probe(server))
    except BaseException:
        server.stop()
        raise
    return server


def _forget_dead_servers() -> None:
    """Remove the folders of servers whose test run was killed (SIGKILL skips the clean-up; the
    server itself stopped with it): old, and no live server in them."""
    for folder in {*Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*"), *Path("/tmp").glob(f"{FOLDER_PREFIX}*")}:
        with contextlib.suppress(OSError, ValueError):
            if time.time() - folder.stat().st_mtime < STALE_SECONDS:
                continue  # perhaps another test run's server, still starting
            pid_file = folder / "data" / "postmaster.pid"
            if pid_file.exists() and _alive(int(pid_file.read_text().split()[0])):
                continue
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def find_binaries() -> Path | None:
    """The first folder with initdb and postgres (see the module's doc for the order)."""
    candidates: list[Path] = []
    if os.environ.get("TEST_POSTGRES_BIN"):
        candidates.append(Path(os.environ["TEST_POSTGRES_BIN"]))
    on_path = shutil.which("postgres")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    bundled = importlib.util.find_spec("pgserver")
    if bundled is not None and bundled.submodule_search_locations:
        candidates.append(Path(next(iter(bundled.submodule_search_locations))) / "pginstall" / "bin")
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) for name in ("initdb", "postgres")):
            return folder
    return None


def _version(bin_folder: Path) -> int:
    digits = re.match(r"\d+", bin_folder.parent.name)
    return int(digits.group(0)) if digits else 0


def _server_user() -> pwd.struct_passwd | None:
    """Whom the server runs as: ourselves, or (as root, which PostgreSQL refuses) `postgres` or `nobody`."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise Unavailable("running as root, and no 'postgres' or 'nobody' user to run the server as")


def _as_user(run_as: pwd.struct_passwd | None, *, die_with_us: bool) -> list[str]:
    if run_as is None:
        return []
    if shutil.which("setpriv") is None:
        raise Unavailable("running as root without setpriv (util-linux) to run the server as another user")
    prefix = ["setpriv", f"--reuid={run_as.pw_uid}", f"--regid={run_as.pw_gid}", "--clear-groups"]
    return [*prefix, "--pdeathsig=TERM"] if die_with_us else prefix


def _die_with_us() -> None:
    """In the child: SIGTERM when this (the parent) process dies."""
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _initdb(binaries: Path, data: Path, run_as: pwd.struct_passwd | None) -> None:
    command = [*_as_user(run_as, die_with_us=False), str(binaries / "initdb"), "-D", str(data), "-U", "postgres",
               "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
    result = subprocess.run(command, capture_output=True, text=True, cwd="/")
    if result.returncode != 0:
        raise Unavailable(f"initdb failed: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
    # the auth probe role logs in with a password; everyone else is trusted (a private socket)
    (data / "pg_hba.conf").write_text(f"local all {AUTH_PROBE_ROLE} scram-sha-256\nlocal all all trust\n")


def _postgres(binaries: Path, folder: Path, data: Path, run_as: pwd.struct_passwd | None) -> subprocess.Popen[bytes]:
    settings = [arg for setting in SERVER_SETTINGS for arg in ("-c", setting)]
    command = [*_as_user(run_as, die_with_us=True), str(binaries / "postgres"), "-D", str(data), "-k", str(folder),
               *settings]
    log = (folder / "server.log").open("wb")
    try:
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd="/",
                                preexec_fn=None if run_as is not None else _die_with_us)
    finally:
        log.close()


def _wait_ready(server: PgServer) -> None:
    assert server.process is not None and server.folder is not None
    deadline = time.monotonic() + START_SECONDS
    while True:
        if server.process.poll() is not None:
            tail = (server.folder / "server.log").read_text(errors="replace").strip().splitlines()[-3:]
            raise Unavailable(f"the PostgreSQL server stopped at start-up: {' / '.join(tail)}")
        try:
            _blocking(_ping(server.admin_url))
            return
        except (OSError, asyncpg.CannotConnectNowError):
            if time.monotonic() > deadline:
                raise Unavailable(f"the PostgreSQL server did not start within {START_SECONDS:.0f} s") from None
            time.sleep(0.05)


async def _ping(url: str) -> None:
    connection = await asyncpg.connect(url, timeout=2)
    await connection.close()


async def _create_auth_probe(server: PgServer) -> None:
    connection = await asyncpg.connect(server.admin_url)
    try:
        await connection.execute(f"CREATE ROLE {AUTH_PROBE_ROLE} LOGIN PASSWORD '{AUTH_PROBE_PASSWORD}'")
    finally:
        await connection.close()


async def _schema_shape(connection: asyncpg.Connection) -> str:
    """Every object a test could have added or changed (tables, columns, indexes, constraints,
    triggers, functions, schemas) and the recorded schema version, as one text."""
    objects = await connection.fetch(
        "SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text FROM pg_class c"
        " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname !~ '^(pg_|information_schema)'"
        " UNION ALL SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)"
        " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname !~ '^(pg_|information_schema)' AND a.attnum > 0 AND NOT a.attisdropped"
        " UNION ALL SELECT 'constraint ' || conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
        " WHERE n.nspname !~ '^(pg_|information_schema)'"
        " UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal"
        " UNION ALL SELECT 'function ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
        " WHERE n.nspname !~ '^(pg_|information_schema)'"
        " UNION ALL SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname !~ '^pg_'"
    )
    version = await connection.fetchval(
        "SELECT CASE WHEN to_regclass('schema_version') IS NULL THEN -1 ELSE 0 END"
    )
    if version == 0:
        version = await connection.fetchval("SELECT version FROM schema_version")
    return "\n".join(sorted(r[0] for r in objects)) + f"\nversion {version}"
