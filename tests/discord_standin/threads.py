"""Threads in the stand-in: a text channel's private (and public) threads, their members, and who sees them.

A thread is a `Channel` of type 11/12 whose `parent_id` is its text channel; it has no overwrites (the
parent's apply) and is kept in `Guild.threads` and in `DiscordStandIn.channels`. Its creator is its first
member. Who sees a private thread: its members, and whoever has Manage Threads in the parent
(`DiscordStandIn.sees_thread`, used by `channel_view` and `can_send`); posting needs Send Messages in Threads.

Routes (Discord's templates, bodies checked against the OpenAPI description like every other):
POST /channels/{id}/threads (a thread without a starter message; a private one needs Create Private
Threads), PUT/DELETE/GET /channels/{id}/thread-members/{user_id}, GET /channels/{id}/thread-members,
GET /guilds/{guild_id}/threads/active. Adding a member needs the right to post in the thread (and, in a
private thread that is not invitable, Manage Threads); removing one from a private thread needs Manage
Threads or being its creator. A removed member stops seeing the thread at once.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import gateway as gw
from .models import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    Channel,
    ChannelType,
    Guild,
    iso_timestamp,
)
from .rest import ApiError, ApiRequest, _snowflake, invalid_form_body, route

if TYPE_CHECKING:
    from .server import DiscordStandIn


def add_thread(
    standin: DiscordStandIn, parent: Channel, name: str, *, private: bool = True, owner_id: int | None = None,
    invitable: bool = True,
) -> Channel:
    """A thread of `parent` (a test's own, or the bot's through POST …/threads)."""
    guild = standin.guilds[parent.guild_id or 0]
    kind = ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD
    owner = owner_id if owner_id is not None else standin.bot_user.id
    thread = Channel(id=standin.snowflake(), type=kind, name=name, guild_id=guild.id, parent_id=parent.id,
                     owner_id=owner, invitable=invitable)
    thread.thread_members[owner] = time.time()
    guild.threads[thread.id] = thread
    standin.channels[thread.id] = thread
    standin.messages[thread.id] = []
    return thread


def thread_members(thread: Channel) -> set[int]:
    return set(thread.thread_members)


def _thread(standin: DiscordStandIn, raw_id: str) -> tuple[Channel, Guild]:
    thread = standin._channel(raw_id)
    if not thread.type.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    return thread, standin.guilds[thread.guild_id or 0]


def _member_payload(thread: Channel, user_id: int) -> dict[str, Any]:
    joined = iso_timestamp(thread.thread_members[user_id])
    return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": joined, "flags": 0}


@route("POST", "/channels/{channel_id}/threads")
async def _create_thread(standin: DiscordStandIn, request: ApiRequest) -> Any:
    parent = standin._channel(request.params["channel_id"])
    if parent.type != ChannelType.GUILD_TEXT:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    body = request.json_object()
    kind = int(body.get("type") or ChannelType.PRIVATE_THREAD)
    if kind not in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD):
        raise invalid_form_body(f"a thread without a starter message is type 11 or 12, not {kind}")
    private = kind == ChannelType.PRIVATE_THREAD
    standin._require(parent, CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS)
    thread = add_thread(standin, parent, str(body["name"]), private=private,
                        invitable=bool(body.get("invitable", True)))
    payload = thread.payload() | {"newly_created": True}
    standin._notify("THREAD_CREATE", payload, thread.guild_id, gw.GUILDS)
    return thread.payload()


@route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
async def _add_member(standin: DiscordStandIn, request: ApiRequest) -> Any:
    thread, guild = _thread(standin, request.params["channel_id"])
    if not standin.can_send(standin.bot_user, thread):
        raise ApiError(403, 50013, "Missing Permissions")
    rights = guild.permissions_in(thread, standin.bot_user.id)
    if thread.type == ChannelType.PRIVATE_THREAD and not thread.invitable and not rights & MANAGE_THREADS:
        raise ApiError(403, 50013, "Missing Permissions")
    user_id = _snowflake(request.params["user_id"])
    if user_id not in guild.members:
        raise ApiError(404, 10007, "Unknown Member")
    thread.thread_members.setdefault(user_id, time.time())
    return None


@route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
async def _remove_member(standin: DiscordStandIn, request: ApiRequest) -> Any:
    thread, guild = _thread(standin, request.params["channel_id"])
    rights = guild.permissions_in(thread, standin.bot_user.id)
    creator = thread.owner_id == standin.bot_user.id and thread.type == ChannelType.PRIVATE_THREAD
    if not rights & MANAGE_THREADS and not creator:
        raise ApiError(403, 50013, "Missing Permissions")
    user_id = _snowflake(request.params["user_id"])
    if thread.thread_members.pop(user_id, None) is None:
        raise ApiError(404, 10007, "Unknown Member")
    return None


@route("GET", "/channels/{channel_id}/thread-members/{user_id}")
async def _get_member(standin: DiscordStandIn, request: ApiRequest) -> Any:
    thread, _ = _thread(standin, request.params["channel_id"])
    user_id = _snowflake(request.params["user_id"])
    if user_id not in thread.thread_members:
        raise ApiError(404, 10007, "Unknown Member")
    return _member_payload(thread, user_id)


@route("GET", "/channels/{channel_id}/thread-members")
async def _list_members(standin: DiscordStandIn, request: ApiRequest) -> Any:
    thread, _ = _thread(standin, request.params["channel_id"])
    if gw.GUILD_MEMBERS not in standin.privileged_intents:
        raise ApiError(403, 50001, "Missing Access")
    return [_member_payload(thread, user_id) for user_id in sorted(thread.thread_members)]


@route("GET", "/guilds/{guild_id}/threads/active")
async def _active_threads(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = standin._guild(request.params["guild_id"])
    me = standin.bot_user.id
    seen = [t for t in guild.threads.values() if t.id in standin.channels and standin.sees_thread(me, t)]
    members = [_member_payload(t, me) for t in seen if me in t.thread_members]
    return {"threads": [t.payload() for t in seen], "members": members}
