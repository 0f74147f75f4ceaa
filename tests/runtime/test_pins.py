"""Canaries: the library internals the runtime relies on. If one fails, a dependency moved:
re-check the code that names it before changing the pin."""

from __future__ import annotations

import inspect
from importlib.metadata import version

import aiosqlite


def test_aiosqlite_is_the_pinned_version() -> None:
    assert version("aiosqlite") == "0.22.1", "bot/storage/sqlite.py uses aiosqlite internals pinned to 0.22.1"


def test_aiosqlite_runs_a_function_on_its_connection_thread() -> None:
    execute = getattr(aiosqlite.Connection, "_execute", None)
    assert execute is not None and inspect.iscoroutinefunction(execute), (
        "aiosqlite.Connection._execute(fn, *args) moved: SqliteStorage._in_thread needs another way to run a "
        "whole transaction in one hop"
    )
    assert isinstance(inspect.getattr_static(aiosqlite.Connection, "_conn"), property), (
        "aiosqlite.Connection._conn moved"
    )
