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


def test_discord_webhook_requests_go_through_a_swappable_adapter() -> None:
    """bot/discord/replies.py sends follow-ups through its own adapter (one attempt at a 5xx: a follow-up has
    no nonce) by setting discord.py's `async_context`, and wraps the session passed to `request`."""
    from discord.webhook import async_ as webhook_module

    assert version("discord.py") == "2.7.1", "bot/discord/replies.py's OneAttempt is written for discord.py 2.7.1"
    assert isinstance(webhook_module.async_context.get(), webhook_module.AsyncWebhookAdapter)
    parameters = list(inspect.signature(webhook_module.AsyncWebhookAdapter.request).parameters)
    assert parameters[:3] == ["self", "route", "session"], parameters
    source = inspect.getsource(webhook_module.AsyncWebhookAdapter.request)
    assert "session.request(" in source and "async with" in source, "the adapter no longer opens requests as before"
