"""Canaries: the library internals the runtime relies on. If one fails, a dependency moved:
re-check the code that names it before changing the pin."""

from __future__ import annotations

import inspect
from importlib.metadata import version

import aiosqlite
import discord


def test_aiosqlite_is_the_pinned_version() -> None:
    assert version("aiosqlite") == "0.22.1", "bot/storage/sqlite.py uses aiosqlite internals pinned to 0.22.1"


def test_aiosqlite_runs_a_function_on_its_connection_thread() -> None:
    execute = getattr(aiosqlite.Connection, "_execute", None)
    assert execute is not None and inspect.iscoroutinefunction(execute), (
        "aiosqlite.Connection._execute(fn, *args) moved: SqliteStorage._in_thread and `_fetchall` need another way "
        "to run a whole transaction, or a read, in one hop"
    )
    assert isinstance(inspect.getattr_static(aiosqlite.Connection, "_conn"), property), (
        "aiosqlite.Connection._conn moved"
    )
    source = inspect.getsource(aiosqlite.Connection.__init__) + inspect.getsource(execute)
    assert "self._tx.put_nowait((future, function))" in source and "self._running" in source, (
        "aiosqlite no longer queues (future, function) on `_tx` for its thread: SqliteStorage._in_thread queues "
        "there itself, under its lock, to keep the order of what it sends"
    )


def test_discord_webhook_requests_go_through_a_swappable_adapter() -> None:
    """bot/discord/attempts.py sends follow-ups, webhook posts and interaction callbacks through its own adapter
    (one attempt at a 5xx: a post has no nonce) by setting discord.py's `async_context`, and wraps the session
    passed to `request` (tests/discord/test_canary.py pins the rest)."""
    from discord.webhook import async_ as webhook_module

    assert version("discord.py") == "2.7.1", "bot/discord/attempts.py's Attempts is written for discord.py 2.7.1"
    assert isinstance(webhook_module.async_context.get(), webhook_module.AsyncWebhookAdapter)
    parameters = list(inspect.signature(webhook_module.AsyncWebhookAdapter.request).parameters)
    assert parameters[:3] == ["self", "route", "session"], parameters
    source = inspect.getsource(webhook_module.AsyncWebhookAdapter.request)
    assert "session.request(" in source and "async with" in source, "the adapter no longer opens requests as before"


def test_discord_connection_state_internals_the_runtime_wraps() -> None:
    """bot/discord/observing.py (metrics), bot/discord/stopping.py (the graceful stop) and bot/discord/forwarding.py
    (DM clicks forwarded between processes) wrap the gateway's INTERACTION_CREATE parser in `ConnectionState.parsers`,
    and forwarding.py feeds it a payload another process received; a stop before "ready" cancels `_ready_task`."""
    from discord.state import ConnectionState

    source = inspect.getsource(ConnectionState.__init__)
    assert "self.parsers" in source and "parse_" in source, "ConnectionState.parsers is no longer built from parse_*"
    assert hasattr(ConnectionState, "parse_interaction_create"), "the INTERACTION_CREATE parser moved"
    assert list(inspect.signature(ConnectionState.parse_interaction_create).parameters) == ["self", "data"], (
        "the INTERACTION_CREATE parser no longer takes the gateway's payload alone (bot/discord/forwarding.py)"
    )
    assert "self._ready_task" in source, "ConnectionState._ready_task moved (bot/discord/stopping.py)"


def test_discord_http_routes_the_runtime_calls_directly() -> None:
    """Requests made through discord.py's HTTPClient rather than its models (the graveyard's threads and its
    checks, voice mutes, the channel's overwrites, DM channels): their names and first parameters."""
    from discord.http import HTTPClient

    expected = {
        "start_thread_without_message": ["self", "channel_id"],
        "get_active_threads": ["self", "guild_id"],
        "get_channel": ["self", "channel_id"],
        "get_thread_member": ["self", "channel_id", "user_id"],
        "add_user_to_thread": ["self", "channel_id", "user_id"],
        "remove_user_from_thread": ["self", "channel_id", "user_id"],
        "edit_member": ["self", "guild_id", "user_id"],
        "edit_channel_permissions": ["self", "channel_id", "target"],
        "delete_channel_permissions": ["self", "channel_id", "target"],
        "start_private_message": ["self", "user_id"],
    }
    for name, first in expected.items():
        method = getattr(HTTPClient, name, None)
        assert method is not None, f"HTTPClient.{name} is gone"
        parameters = list(inspect.signature(method).parameters)
        assert parameters[: len(first)] == first, (name, parameters)


def test_discord_interaction_and_its_response_refer_to_each_other_through_slots() -> None:
    """bot/discord/components.py `released` breaks that cycle through these slots."""
    assert "_cs_response" in discord.Interaction.__slots__, "discord.Interaction no longer caches `_cs_response`"
    assert "_parent" in discord.InteractionResponse.__slots__, "discord.InteractionResponse has no `_parent`"
    assert "_parent" not in inspect.getsource(discord.InteractionResponse.is_done), "is_done reads the interaction"


def test_discord_state_parsers_are_a_table_the_bot_may_wrap() -> None:
    """bot/discord/gathering.py `hear_rsvps` wraps discord.py's parsers of GUILD_SCHEDULED_EVENT_USER_ADD and
    _REMOVE, which drop the event for a member the client has not cached (nearly all, without the members
    intent): the parsers are a dict of the connection state's, built from its `parse_*` methods."""
    from discord.state import ConnectionState

    assert version("discord.py") == "2.7.1", "hear_rsvps is written for discord.py 2.7.1's ConnectionState.parsers"
    for name in ("guild_scheduled_event_user_add", "guild_scheduled_event_user_remove"):
        source = inspect.getsource(getattr(ConnectionState, f"parse_{name}"))
        assert "self.get_user(" in source and "Discarding" in source, f"parse_{name} no longer drops unknown users"
    assert "parsers[attr[6:].upper()] = func" in inspect.getsource(ConnectionState.__init__), (
        "ConnectionState no longer keeps its parsers in a dict by event name: hear_rsvps needs another way in"
    )
