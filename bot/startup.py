"""Faults found at start-up, each told in one line from the catalogs (then exit 1), and the lock
that keeps a second bot process off a database that one already runs on.

Why a lock file and `flock`: two bot processes on one database would both answer every click and
run every deadline (each applies it once: twice in all). SQLite's own locks are per transaction,
so they cannot say "someone runs here"; a lock row would outlive a crash. An exclusive
`flock` on `<database>.lock` is held by the open file, so the operating system drops it when the
process ends, however it ends (SIGKILL included): no stale lock to clean up. It works on Linux
and macOS (local disks; on Linux over NFS too, where flock is emulated with byte-range locks).
On Windows `msvcrt.locking` plays the same part. The file holds the owner's pid, for the message.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class StartupError(Exception):
    """A fault that stops the bot before it starts: a catalog key and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def sqlite_fault(error: sqlite3.Error, path: str) -> StartupError:
    """The start-up message for an SQLite error met while opening `path`."""
    name = str(getattr(error, "sqlite_errorname", "") or "")
    text = str(error)
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED") or "database is locked" in text:
        return StartupError("startup-db-locked", path=path)
    if name.startswith("SQLITE_READONLY") or "readonly" in text:
        return StartupError("startup-db-read-only", path=path)
    if name.startswith("SQLITE_NOTADB") or "not a database" in text:
        return StartupError("startup-db-not-a-database", path=path)
    if name.startswith("SQLITE_CANTOPEN") or name.startswith("SQLITE_PERM") or "unable to open" in text:
        return StartupError("startup-db-cannot-open", path=path, reason=text)
    return StartupError("startup-db-error", path=path, reason=text)


class ProcessLock:
    """An exclusive lock on `<database>.lock`, held while the bot runs on the database."""

    def __init__(self, fd: int, path: str) -> None:
        self.fd = fd
        self.path = path

    @classmethod
    def take(cls, database: str) -> ProcessLock:
        path = database + ".lock"
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError as error:
            raise StartupError("startup-db-read-only", path=database) from error
        except OSError as error:
            raise StartupError("startup-db-cannot-open", path=database, reason=error.strerror or str(error)) from error
        try:
            _lock(fd)
        except OSError as error:
            os.lseek(fd, 0, os.SEEK_SET)
            owner = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise StartupError("startup-db-in-use", path=database, pid=owner) from error
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, str(os.getpid()).encode())
        return cls(fd, path)

    def release(self) -> None:
        """Unlock and close. The file stays: removing it could race with another process that
        just opened it and would then lock a file nobody else can see."""
        if self.fd < 0:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(self.fd, 0)
        os.close(self.fd)  # closing the file releases the lock
        self.fd = -1


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    import msvcrt  # pragma: no cover - Windows

    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # pragma: no cover
