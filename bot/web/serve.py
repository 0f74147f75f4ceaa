"""`python -m bot web`: the web record served on its own, for the bot's database and the offline games' (the
pages need no Discord token: a newcomer reads back their first offline game), until Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from bot.i18n import t
from bot.startup import StartupError
from bot.storage import Storage, is_postgres_url, open_storage, shown_target, sqlite_path
from bot.web.app import WebServer

DEFAULT_PORT = 8080
"""Where `python -m bot web` listens when WEB_PORT is not set (and where offline games' links point)."""


async def serve(databases: list[str], given: bool, host: str, port: int, base: str, language: str) -> int:
    """Serve `databases` (SQLite files or PostgreSQL URLs). Ones not `given` on the command line that do not
    exist yet (no bot database, no offline game played) are left out; a given one must exist."""
    storages: list[Storage] = []
    opened: list[str] = []
    try:
        for database in dict.fromkeys(databases):
            if not is_postgres_url(database) and not Path(sqlite_path(database)).exists():
                if given:
                    print(t(language, "cli-no-database", db=database), file=sys.stderr)
                    return 2
                continue
            try:
                storages.append(await open_storage(database))
                opened.append(database)
            except StartupError as error:
                print(t(language, error.key, **error.params), file=sys.stderr)
                return 1
        if not storages:
            print(t(language, "cli-web-nothing"), file=sys.stderr)
            return 2
        server = WebServer(storages, host, port)
        try:
            await server.start()
        except OSError as error:
            print(t(language, "cli-web-cannot-listen", host=host, port=port, reason=error.strerror or str(error)),
                  file=sys.stderr)
            return 1
        shown = ", ".join(shown_target(database) for database in opened)
        print(t(language, "cli-web-serving", url=base, databases=shown), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(number, stop.set)
        try:
            await stop.wait()
        finally:
            await server.stop()
        return 0
    finally:
        for storage in storages:
            await storage.close()
