"""A stand-in for Discord on localhost: the REST routes a bot uses and the gateway, answering like Discord.

    async with DiscordStandIn() as discord_:                  # or the `discord_standin` fixture
        guild = discord_.add_guild("Game Night")              # @everyone, #general, an owner, the bot
        alice = discord_.add_user("alice", locale="ru")
        discord_.add_member(guild, alice)
        async with running(bot, discord_):                     # tests/discord_standin/client.py
            await bot.tree.sync()                              # commands must be registered, as on Discord
            call = await discord_.invoke_slash(alice, "game start", channel=guild.channel("general"),
                                               options={"players": 4})
            await call.wait_response()                         # the bot's first callback (or a failure)
            await discord_.click(alice, "Join", channel=guild.channel("general"))
            await discord_.select(alice, ["Red"])              # a select menu in alice's DMs
            await discord_.submit_modal(alice, {"Your bet": "20"})
            await discord_.settle()                            # until the bot went quiet
            discord_.channel_view(guild.channel("general"))    # what everyone sees (Message objects)
            discord_.dm_view(alice)                            # what alice sees in her DMs

World: add_user (locale, dms_open), add_guild, add_channel, add_role, add_member, close_dms / open_dms.
Users: invoke_slash, autocomplete, click, select, submit_modal, user_message. Each returns at once with the
InteractionRecord (or Message); `wait_response()` waits for the bot's first callback.
Reading: channel_view, dm_view, last_message, transcript, message; requests, requests_to, interactions.
Discord's behaviour: ack_deadline (3 s → 10062), 40060 on a second acknowledgement, close_dms (50007),
rate_limit (429 + retry_after), reconnect_gateway / drop_gateway (RESUME), privileged_intents (4014),
fail (a 5xx on a route, or after carrying the request out; only some requests, at intervals), redeliver (the
same interaction twice), delete_channel (CHANNEL_DELETE), remove_member (GUILD_MEMBER_REMOVE, members intent
only), remove_bot (GUILD_DELETE). Messages keep the bot's `allowed_mentions`
and say whom they would notify (`Message.pings`).
Permissions: channels keep permission overwrites (`Channel.overwrites`, set with PUT/DELETE …/permissions/{id});
the bot's permissions in a channel follow them (`permissions_in`, `can_send`): it needs Manage Roles to edit
overwrites, Manage Webhooks for webhooks, and Send Messages to post (403 / 50013 otherwise; `bot_role` gives the
role to grant or take them from); a user whose overwrites deny Send Messages cannot `user_message` there.
Webhooks: create (with an avatar), list, execute (`username`, `allowed_mentions`; the post's author is the
webhook), delete; at most 15 per channel (400 / 30007).
Checks: every request is recorded (`requests`), every body checked against Discord's OpenAPI description
and the limits it misses (`violations`), every route the stand-in does not know answered 404 and recorded
(`unknown_requests`); `assert_clean()` fails on any of them and on a flooded channel (`flood_problems`).
Budget: `counted(request)` says whether Discord counts a request against the bot's global rate limit
(interaction callbacks and the interaction token's webhook are exempt); `writes_to(request)` is the channel a
request posts or edits a message in, through the bot token or an interaction's follow-up alike.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import logging
import math
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web
from multidict import MultiMapping

from . import gateway as gw
from .models import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MANAGE_ROLES,
    MANAGE_THREADS,
    MANAGE_WEBHOOKS,
    MAX_CHANNEL_WEBHOOKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Attachment,
    Channel,
    ChannelType,
    Guild,
    InteractionContext,
    InteractionRecord,
    InteractionType,
    Member,
    Message,
    Modal,
    Overwrite,
    Role,
    Snowflakes,
    User,
    Webhook,
)
from .spec import SpecValidator, message_limit_problems, modal_limit_problems

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
PROCESS_GUILD_READY_TIMEOUT = 0.2
"""A bot process's wait for more servers' data after READY (the in-process bots' is client.py's 0.05 s)."""

# Interaction callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(
    1, 12
)

# Message types
DEFAULT_MESSAGE, CHAT_INPUT_COMMAND = 0, 20

Handler = Callable[["DiscordStandIn", "ApiRequest"], Awaitable[Any]]
T = TypeVar("T")


class ApiError(Exception):
    """An error answer, shaped like Discord's: {"message", "code", "errors"?}."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form_body(*problems: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", {"_errors": [{"code": "STANDIN", "message": p} for p in problems]})


@dataclass
class FilePart:
    field: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RecordedRequest:
    """One request the bot made."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[FilePart]
    at: float
    """Event-loop time."""
    route: str | None = None
    """The stand-in's template (Discord's path template), None for an unknown route."""
    status: int = 0
    response: Any = None
    problems: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class ApiRequest:
    method: str
    path: str
    params: dict[str, str]
    query: MultiMapping[str]
    body: Any
    files: list[FilePart]
    record: RecordedRequest

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")

    def json_object(self) -> dict[str, Any]:
        if not isinstance(self.body, dict):
            raise invalid_form_body("the body must be a JSON object")
        return self.body


@dataclass
class RateLimitRule:
    method: str
    route: str
    remaining: int
    retry_after: float
    is_global: bool
    scope: str

    def matches(self, method: str, route: str | None) -> bool:
        return self.remaining > 0 and self.method == method and self.route == route


@dataclass
class ServerErrorRule:
    """Answer `remaining` requests to `method route` with `status` (a 5xx: Discord is having trouble).
    `landed`: the request is carried out first (a message made, an overwrite set, a member muted, a callback
    acknowledged), then answered with the error, as Discord sometimes does. `where`: only the requests it
    accepts count (a channel webhook's post but not an interaction's follow-up on the same route, one kind of
    callback); `every`: of those, one in `every` fails (the `every`-th, the 2×`every`-th, …): faults at
    intervals through a whole game."""

    method: str
    route: str
    remaining: int
    status: int
    landed: bool = False
    every: int = 1
    where: Callable[[RecordedRequest], bool] | None = None
    seen: int = 0
    """Requests that matched so far (failed or not)."""
    failed: list[RecordedRequest] = field(default_factory=list)
    """The requests it answered with its error."""

    def take(self, record: RecordedRequest, route: str | None, *, landed: bool) -> bool:
        """Whether this request is answered with the error (counted once, at the rule's own moment). A rule's
        method or route "*" matches every one (an outage)."""
        if self.remaining <= 0 or self.landed != landed or self.method not in ("*", record.method) \
                or self.route not in ("*", route):
            return False
        if self.where is not None and not self.where(record):
            return False
        self.seen += 1
        if self.seen % max(1, self.every):
            return False
        self.remaining -= 1
        self.failed.append(record)
        return True


@dataclass(frozen=True)
class _Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool
    body_kind: str | None
    literal: int
    """How many fixed parts the template has: the most specific matching route wins (counted once, not per request)."""


_ROUTES: list[_Route] = []


def route(method: str, template: str, *, auth: bool = True, body: str | None = None) -> Callable[[T], T]:
    """Register a REST handler for `method API_PREFIX+template` (Discord's own path template)."""

    def register(handler: T) -> T:
        regex = re.sub(r"\\\{(\w+)\\\}", lambda match: f"(?P<{match.group(1)}>[^/]+)", re.escape(template))
        literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))
        _ROUTES.append(_Route(method, template, re.compile(regex), handler, auth, body, literal))  # type: ignore[arg-type]
        return handler

    return register


class DiscordStandIn:
    """Discord, as far as a bot can tell, on 127.0.0.1 (a free port)."""

    def __init__(
        self,
        *,
        token: str = "stand-in-bot-token",
        bot_name: str = "Game Master",
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        shard_count: int = 1,
        privileged_intents: Iterable[int] = (),
        spec: SpecValidator | bool | None = True,
        reject_invalid: bool = True,
        flood_limit: tuple[int, float] | None = (5, 5.0),
        keep_request_bodies: bool = True,
    ) -> None:
        """
        ack_deadline: seconds the bot has for its first interaction callback (Discord: 3).
        token_lifetime: seconds an interaction token works for followups and edits (Discord: 15 min).
        shard_count: what GET /gateway/bot recommends.
        privileged_intents: the privileged intents "enabled in the developer portal" (gateway.GUILD_MEMBERS …);
            asking for another one closes the gateway with 4014, as Discord does.
        spec: True loads Discord's OpenAPI description when present (`spec.spec_path()`); False skips it.
        reject_invalid: answer a body that breaks the description or a limit with 400 / 50035, as Discord does
            (it is recorded in `violations` either way).
        flood_limit: (messages, seconds) per channel that `assert_clean` enforces; None to not check.
        keep_request_bodies: keep each recorded request's body, files and answer after it is answered (False: only
            its method, path, route, status and time, for a long run with many requests).
        """
        self.token = token
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        self.shard_count = shard_count
        self.privileged_intents = set(privileged_intents)
        self.reject_invalid = reject_invalid
        self.flood_limit = flood_limit
        self.spec: SpecValidator | None = SpecValidator.load() if spec is True else (spec or None)

        self.snowflake = Snowflakes()
        self.application_id = self.snowflake()
        self.application_flags = 0
        self.bot_user = User(id=self.application_id, username=bot_name, bot=True)
        self.application_owner = User(id=self.snowflake(), username="bot-owner")

        self.users: dict[int, User] = {
            self.bot_user.id: self.bot_user,
            self.application_owner.id: self.application_owner,
        }
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, list[Message]] = {}
        self._messages_by_id: dict[int, Message] = {}
        """Every message in `messages`, by id: looked up on each callback, follow-up and edit (a scan of every
        channel grew with the run and lagged the stand-in past the 3-second deadline in the benchmark)."""
        self._message_waiters: dict[int, set[asyncio.Future[None]]] = {}
        """Channel id -> futures of `wait_for_messages` callers, resolved when a message there changes."""
        self.webhooks: dict[int, Webhook] = {}
        """Channel webhooks the bot created, by id (deleted ones are removed)."""
        self.commands: dict[int | None, dict[int, dict[str, Any]]] = {None: {}}
        """Registered application commands: scope (None: global, else a guild id) -> id -> payload."""
        self.interactions: dict[int, InteractionRecord] = {}
        self.open_modals: dict[int, list[Modal]] = {}
        self._dm_channels: dict[int, int] = {}
        self._attachments: dict[int, Attachment] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}

        self.keep_request_bodies = keep_request_bodies
        self.requests: list[RecordedRequest] = []
        self._requests_by_route: dict[tuple[str, str], list[RecordedRequest]] = {}
        """`requests` by (method, route): `requests_to` is polled while a bot starts, however many came before."""
        self.counted_per_second: dict[int, int] = {}
        """Wall-clock second → requests Discord counts against the bot's global rate limit (`counted`) made in it."""
        self.violations: list[str] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.errors: list[str] = []
        """Requests the stand-in failed to handle (answered 400); `assert_clean` reports them."""
        self.rate_limits: list[RateLimitRule] = []
        self.server_errors: list[ServerErrorRule] = []
        self._created: list[tuple[int, float]] = []  # (channel id, wall time) of each visible message created
        self.nonce_seconds = 5 * 60.0
        """How long a message's nonce is remembered for `enforce_nonce` (Discord: "the past few minutes")."""
        self._nonces: dict[str, tuple[Message, float]] = {}
        self.nonce_repeats: list[Message] = []
        """Messages returned again for a repeated nonce instead of being created twice."""
        self.request_hooks: list[Callable[[RecordedRequest, str], Awaitable[bool | None]]] = []
        """Called with each REST request at "received" (before it is handled) and "handled" (the change is made,
        the answer not yet sent): a test can kill the bot process at exactly that point. A hook returning True
        at "received" drops the request unhandled (answered 503: it never reached Discord)."""

        self.gateway = gw.Gateway(self)
        self._pending_events: list[tuple[str, dict[str, Any], int | None, int]] = []
        self._flush_lock = asyncio.Lock()
        self._flush_tasks: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._last_activity = 0.0

    # --- life cycle -----------------------------------------------------------------------------------------

    async def start(self) -> DiscordStandIn:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._serve_api)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._serve_attachment)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self._last_activity = asyncio.get_running_loop().time()
        return self

    async def stop(self) -> None:
        if self._flush_tasks:
            await asyncio.gather(*self._flush_tasks, return_exceptions=True)
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordStandIn:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base_url(self) -> str:
        """What `discord.http.Route.BASE` must be: `http://127.0.0.1:PORT/api/v10`."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/gateway"

    def env(self) -> dict[str, str]:
        """Settings for running the real bot process against the stand-in (see bot/discord/urls.py). The
        stand-in sends every server's data right after READY: waiting discord.py's 2 s for more would only
        add 2 s to every start."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE_URL": self.api_base_url,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "GUILD_READY_TIMEOUT_SECONDS": str(PROCESS_GUILD_READY_TIMEOUT),
        }

    # --- building the world ---------------------------------------------------------------------------------

    def add_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        locale: str = "en-US",
        dms_open: bool = True,
        bot: bool = False,
    ) -> User:
        """A Discord user. `locale` is what their client sends with interactions ("ru", "en-US", …)."""
        user = User(self.snowflake(), username, global_name, locale=locale, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test Server",
        *,
        owner: User | None = None,
        locale: str = "en-US",
        channels: Iterable[str] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A server the bot is in, with @everyone, the bot's managed role, its owner and text channels.
        `shard`: (shard id, shard count) whose gateway shard the server's events go to."""
        owner = owner or self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild_id = self.snowflake() if shard is None else self.snowflake.of_shard(*shard)
        guild = Guild(id=guild_id, name=name, owner_id=owner.id, preferred_locale=locale)
        guild.roles[guild.id] = Role(id=guild.id, name="@everyone", permissions=DEFAULT_EVERYONE_PERMISSIONS)
        bot_role = Role(self.snowflake(), self.bot_user.username, DEFAULT_BOT_PERMISSIONS, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = Member(self.bot_user, guild.id, [bot_role.id])
        guild.members[owner.id] = Member(owner, guild.id)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self._new_channel(guild, channel_name, ChannelType.GUILD_TEXT)
        self._notify(
            "GUILD_CREATE",
            guild.payload(bot_user_id=self.bot_user.id, with_members=False),
            guild.id,
            gw.GUILDS,
        )
        return guild

    def add_channel(
        self, guild: Guild, name: str, *, type: ChannelType = ChannelType.GUILD_TEXT, parent: Channel | None = None
    ) -> Channel:
        channel = self._new_channel(guild, name, type, parent)
        self._notify("CHANNEL_CREATE", channel.payload(), guild.id, gw.GUILDS)
        return channel

    def _new_channel(self, guild: Guild, name: str, kind: ChannelType, parent: Channel | None = None) -> Channel:
        channel = Channel(
            id=self.snowflake(),
            type=kind,
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
            parent_id=parent.id if parent else None,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.messages[channel.id] = []
        return channel

    def add_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = Role(self.snowflake(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._notify("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, guild.id, gw.GUILDS)
        return role

    def add_member(self, guild: Guild, user: User, *, roles: Iterable[Role] = (), nick: str | None = None) -> Member:
        member = Member(user, guild.id, [role.id for role in roles], nick=nick)
        guild.members[user.id] = member
        self._notify("GUILD_MEMBER_ADD", member.payload() | {"guild_id": str(guild.id)}, guild.id, gw.GUILD_MEMBERS)
        return member

    def close_dms(self, user: User) -> None:
        """From now on, messages to this user's DMs fail with 403 / 50007 "Cannot send messages to this user"."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and `user` (Discord keeps one per user)."""
        channel_id = self._dm_channels.get(user.id)
        if channel_id is None:
            channel = Channel(id=self.snowflake(), type=ChannelType.DM, recipient_id=user.id)
            self.channels[channel.id] = channel
            self.messages[channel.id] = []
            self._dm_channels[user.id] = channel_id = channel.id
        return self.channels[channel_id]

    def mutual_guilds(self, user: User) -> list[Guild]:
        return [guild for guild in self.guilds.values() if user.id in guild.members]

    def bot_role(self, guild: Guild) -> Role:
        """The bot's own (managed) role in `guild`: change its `permissions` to grant or take a permission."""
        member = guild.members[self.bot_user.id]
        return next(guild.roles[role_id] for role_id in member.role_ids if guild.roles[role_id].managed)

    def permissions_in(self, channel: Channel, user: User) -> int:
        """`user`'s permissions in a server channel, its overwrites applied."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        return 0 if guild is None else guild.permissions_in(channel, user.id)

    def can_send(self, user: User, channel: Channel) -> bool:
        """Whether `user` may post in `channel` (View Channel and Send Messages, overwrites applied; in a
        thread Send Messages in Threads, and a private thread they see)."""
        if channel.type.is_thread:
            needed = VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS
            return self.permissions_in(channel, user) & needed == needed and self.sees_thread(user.id, channel)
        needed = VIEW_CHANNEL | SEND_MESSAGES
        return self.permissions_in(channel, user) & needed == needed

    def sees_thread(self, user_id: int | None, thread: Channel) -> bool:
        """Whether a user sees a thread: a public one with its channel; a private one as its member, or as a
        moderator with Manage Threads there (None: someone with no special rights)."""
        guild = self.guilds.get(thread.guild_id) if thread.guild_id is not None else None
        if guild is None or user_id is None:
            return user_id is None and thread.type == ChannelType.PUBLIC_THREAD
        rights = guild.permissions_in(thread, user_id)
        if not rights & VIEW_CHANNEL:
            return False
        return thread.type == ChannelType.PUBLIC_THREAD or user_id in thread.thread_members or bool(
            rights & MANAGE_THREADS)

    def channel_webhooks(self, channel: Channel) -> list[Webhook]:
        return [hook for hook in self.webhooks.values() if hook.channel_id == channel.id]

    # --- what the channels show -----------------------------------------------------------------------------

    def channel_view(self, channel: Channel, viewer: User | None = None) -> list[Message]:
        """The messages `viewer` sees in `channel`, oldest first (no viewer: only what everyone sees)."""
        viewer_id = viewer.id if viewer is not None else None
        if channel.type.is_thread and not self.sees_thread(viewer_id, channel):
            return []
        return [message for message in self.messages.get(channel.id, []) if message.visible_for(viewer_id)]

    def dm_view(self, user: User) -> list[Message]:
        """What `user` sees in their DMs with the bot, ephemeral answers included."""
        channel_id = self._dm_channels.get(user.id)
        return [] if channel_id is None else self.channel_view(self.channels[channel_id], user)

    def last_message(self, where: Channel | User, viewer: User | None = None) -> Message:
        messages = self.dm_view(where) if isinstance(where, User) else self.channel_view(where, viewer)
        if not messages:
            raise AssertionError(f"no messages in {self._describe(where)}")
        return messages[-1]

    def message(self, message_id: int) -> Message:
        found = self._messages_by_id.get(message_id)
        if found is not None:
            return found
        for messages in self.messages.values():  # a message a test put in `messages` itself
            for message in messages:
                if message.id == message_id:
                    return message
        raise LookupError(f"no message {message_id}")

    def transcript(self, where: Channel | User, viewer: User | None = None) -> str:
        """The channel (or the user's DMs) as text, one message per line — handy in assertion messages."""
        messages = self.dm_view(where) if isinstance(where, User) else self.channel_view(where, viewer)
        return "\n".join(str(message) for message in messages)

    def _describe(self, where: Channel | User) -> str:
        if isinstance(where, User):
            return f"the DMs of {where.username}"
        return f"#{where.name}" if where.name else f"channel {where.id}"

    # --- simulated users: commands, clicks, selects, modals, messages ---------------------------------------

    async def invoke_slash(
        self,
        user: User,
        command: str,
        *,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """`user` runs `/command` (e.g. "game start") in `channel`, or in their DMs with the bot when None.

        The command must be registered (synced) like on Discord; options are given by name with Python values
        (str/int/float/bool, `User`, `Channel`, `Role`, or `(filename, bytes)` for an attachment).
        """
        return await self._command_interaction(
            user, command, channel, options or {}, locale, InteractionType.APPLICATION_COMMAND, None
        )

    async def autocomplete(
        self,
        user: User,
        command: str,
        focused: str,
        *,
        channel: Channel | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """`user` is typing option `focused` of `/command`; the answer's choices are in `callbacks[0]`."""
        return await self._command_interaction(
            user, command, channel, options or {}, locale, InteractionType.AUTOCOMPLETE, focused
        )

    async def click(
        self,
        user: User,
        label: str | None = None,
        *,
        channel: Channel | None = None,
        custom_id: str | None = None,
        message: Message | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """`user` clicks the button with `label` (or `custom_id`) on the newest message showing it.

        Searches `message`, else the messages `user` sees in `channel`, else in their DMs with the bot.
        """
        message, button = self._find_component(
            user,
            channel,
            message,
            lambda c: c.get("type") == 2 and _matches(c, label, custom_id),
            f"button {label or custom_id!r}",
        )
        if button.get("disabled"):
            raise AssertionError(f"button {label or custom_id!r} is disabled: a user cannot click it")
        if "custom_id" not in button:
            raise AssertionError(f"button {label or custom_id!r} is a link or premium button: it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        return await self._component_interaction(user, message, data, locale)

    async def select(
        self,
        user: User,
        values: Iterable[Any],
        *,
        channel: Channel | None = None,
        custom_id: str | None = None,
        placeholder: str | None = None,
        message: Message | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """`user` picks `values` in a select menu (by option value or label; Users/Roles/Channels for the others).

        The menu is found by `custom_id` or `placeholder`, else it must be the only one on the message.
        """

        def wanted(component: dict[str, Any]) -> bool:
            if component.get("type") not in (3, 5, 6, 7, 8):
                return False
            if custom_id is not None:
                return component.get("custom_id") == custom_id
            return placeholder is None or component.get("placeholder") == placeholder

        message, menu = self._find_component(user, channel, message, wanted, f"select {custom_id or placeholder!r}")
        if menu.get("disabled"):
            raise AssertionError(f"select {menu.get('custom_id')!r} is disabled")
        chosen, resolved = self._select_values(menu, list(values), message.guild_id)
        data: dict[str, Any] = {"custom_id": menu["custom_id"], "component_type": menu["type"], "values": chosen}
        if resolved:
            data["resolved"] = resolved
        return await self._component_interaction(user, message, data, locale)

    async def submit_modal(
        self, user: User, values: dict[str, Any], *, modal: Modal | None = None, locale: str | None = None
    ) -> InteractionRecord:
        """`user` fills in and submits the newest modal the bot opened for them.

        `values` maps a field's label or custom_id to its text (or a list of values for a select in a label).
        Required fields must be given; lengths are checked as the Discord client would.
        """
        if modal is None:
            modals = self.open_modals.get(user.id) or []
            if not modals:
                raise AssertionError(f"the bot opened no modal for {user.username}")
            modal = modals[-1]
        opener = modal.opened_by
        remaining = dict(values)
        resolved: dict[str, dict[str, Any]] = {}
        filled = [self._fill_modal_component(c, remaining, resolved, opener.guild) for c in modal.components]
        if remaining:
            raise AssertionError(f"modal {modal.title!r} has no field(s) {sorted(remaining)}")
        self.open_modals[user.id].remove(modal)
        data: dict[str, Any] = {"custom_id": modal.custom_id, "components": [c for c in filled if c is not None]}
        if resolved:
            data["resolved"] = resolved
        record = self._new_interaction(
            InteractionType.MODAL_SUBMIT, user, opener.channel, data, locale or opener.locale, opener.message
        )
        return await self._send_interaction(record)

    async def user_message(self, user: User, content: str, *, channel: Channel | None = None) -> Message:
        """`user` posts `content` in `channel` (None: in their DMs with the bot); the bot gets MESSAGE_CREATE.

        Without the MESSAGE_CONTENT intent the bot sees empty content in servers, unless it is mentioned.
        """
        channel = channel or self.dm_channel(user)
        if not channel.is_dm and not self.can_send(user, channel):
            raise ApiError(403, 50013, "Missing Permissions")  # the client would not even let them type
        message = Message(
            id=self.snowflake(), channel_id=channel.id, guild_id=channel.guild_id, author=user, content=content
        )
        self._store_message(channel, message)
        await self._flush()
        for session in self.gateway.live_sessions(channel.guild_id):
            intent = gw.DIRECT_MESSAGES if channel.is_dm else gw.GUILD_MESSAGES
            if not session.intents & intent:
                continue
            payload = self._message_event(message)
            sees_content = channel.is_dm or session.intents & gw.MESSAGE_CONTENT or self.bot_user.mention in content
            if not sees_content:
                payload.update(content="", embeds=[], attachments=[], components=[])
            await self.gateway._send_to_session(session, "MESSAGE_CREATE", payload)
        self._touch()
        return message

    async def dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None = None, intent: int = 0) -> int:
        """Send any gateway event; returns how many sessions got it."""
        await self._flush()
        self._touch()
        return await self.gateway.dispatch(event, data, guild_id=guild_id, intent=intent)

    # --- waiting ----------------------------------------------------------------------------------------------

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until the bot has sent nothing for `quiet` seconds (it finished reacting)."""
        await self._flush()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() - self._last_activity < quiet:
            if loop.time() > deadline:
                raise AssertionError(f"the bot kept sending requests for {timeout} s")
            await asyncio.sleep(quiet / 4)

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "condition") -> T:
        """Poll `predicate` until it returns something truthy; returns it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            if loop.time() > deadline:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.01)

    async def wait_for_messages(self, channel_ids: Iterable[int], timeout: float) -> bool:
        """Wait until a message in one of the channels is created, edited or deleted (True), or `timeout`
        seconds pass (False). Check what you wait for before calling: only changes after the call wake it."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        ids = list(channel_ids)
        for channel_id in ids:
            self._message_waiters.setdefault(channel_id, set()).add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            for channel_id in ids:
                waiters = self._message_waiters.get(channel_id)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del self._message_waiters[channel_id]

    async def wait_until_connected(self, timeout: float = 5.0) -> gw.GatewaySession:
        for session in self.gateway.sessions.values():
            if session.connected:
                return session
        return await self.gateway.wait_for_ready(lambda session: True, timeout)

    # --- what tests can make Discord do -----------------------------------------------------------------------

    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        scope: str = "user",
    ) -> RateLimitRule:
        """Answer the next `times` requests to `method route` (Discord's template, e.g.
        "/channels/{channel_id}/messages") with 429 and `retry_after`, like Discord does."""
        rule = RateLimitRule(method.upper(), route, times, retry_after, is_global, scope)
        self.rate_limits.append(rule)
        return rule

    def fail(
        self, method: str, route: str, *, status: int = 502, times: int = 1, landed: bool = False, every: int = 1,
        where: Callable[[RecordedRequest], bool] | None = None,
    ) -> ServerErrorRule:
        """Answer the next `times` requests to `method route` (Discord's template, e.g. "/gateway"; "*" for every
        method or route) with a server error, as Discord does in an outage; `landed`: after carrying the request
        out; `where`: only requests it accepts (`channel_webhook_post`, `acknowledgement`, …); `every`: one in
        `every` of them."""
        rule = ServerErrorRule(method.upper(), route, times, status, landed, every, where)
        self.server_errors.append(rule)
        return rule

    async def outage(self, seconds: float, *, status: int = 503, landed_every: int = 3) -> list[ServerErrorRule]:
        """Discord down for `seconds`: every REST request answered `status` (one in `landed_every` carried out
        first, then answered with the error), the gateway's connections dropped and new ones refused (the bots
        reconnect and RESUME once it is back). Returns the rules, whose `failed` say what met them."""
        rules = [self.fail("*", "*", status=status, times=10**9, every=landed_every, landed=False)]
        if landed_every > 1:  # the requests the first rule let by: carried out, then the error
            rules.append(self.fail("*", "*", status=status, times=10**9, landed=True))
        self.gateway.refusing = True
        try:
            await self.gateway.drop_connections(4000)
            await asyncio.sleep(seconds)
        finally:
            self.gateway.refusing = False
            for rule in rules:
                rule.remaining = 0
                self.server_errors.remove(rule)
        return rules

    def channel_webhook_post(self, request: RecordedRequest) -> bool:
        """A channel webhook's own post (a seat's words under its public name), not an interaction's follow-up."""
        parts = request.path.strip("/").split("/")
        return len(parts) == 3 and parts[0] == "webhooks" and self.interaction_of(request) is None

    def interaction_follow_up(self, request: RecordedRequest) -> bool:
        """A message made through an interaction's token (a follow-up), not a channel webhook's post."""
        parts = request.path.strip("/").split("/")
        return len(parts) == 3 and parts[0] == "webhooks" and self.interaction_of(request) is not None

    @staticmethod
    def acknowledgement(request: RecordedRequest) -> bool:
        """A deferred acknowledgement (callback type 5 or 6): "received", the answer to follow."""
        body = request.body
        return isinstance(body, dict) and body.get("type") in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    async def redeliver(self, record: InteractionRecord) -> InteractionRecord:
        """Send the same INTERACTION_CREATE again (same id and token), as Discord occasionally does."""
        await self._flush()
        guild_id = record.guild.id if record.guild is not None else None
        self._touch()
        await self.gateway.dispatch("INTERACTION_CREATE", self._interaction_payload(record), guild_id=guild_id)
        return record

    async def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes `channel`: CHANNEL_DELETE (GUILDS intent); sending to it answers 404 / 10003."""
        guild = self.guilds[channel.guild_id] if channel.guild_id is not None else None
        if guild is not None:
            guild.channels.pop(channel.id, None)
        self.channels.pop(channel.id, None)
        await self.dispatch("CHANNEL_DELETE", channel.payload(), guild_id=channel.guild_id, intent=gw.GUILDS)

    async def remove_member(self, guild: Guild, user: User) -> None:
        """`user` leaves `guild` (or is kicked): GUILD_MEMBER_REMOVE, only with the GUILD_MEMBERS intent."""
        guild.members.pop(user.id, None)
        data = {"guild_id": str(guild.id), "user": user.payload()}
        await self.dispatch("GUILD_MEMBER_REMOVE", data, guild_id=guild.id, intent=gw.GUILD_MEMBERS)

    async def remove_bot(self, guild: Guild) -> None:
        """The bot is kicked from `guild` (or the server is deleted): GUILD_DELETE without `unavailable`; its
        channels answer 404 / 10003 from then on, and its members share no server with the bot."""
        await self._flush()
        sessions = self.gateway.live_sessions(guild.id)
        self.guilds.pop(guild.id, None)
        for channel_id in list(guild.channels):
            self.channels.pop(channel_id, None)
        self._touch()
        for session in sessions:
            if session.intents & gw.GUILDS:
                await self.gateway._send_to_session(session, "GUILD_DELETE", {"id": str(guild.id)})

    async def reconnect_gateway(self) -> None:
        """Op 7 RECONNECT: the bot must reconnect and RESUME without losing events."""
        await self.gateway.request_reconnect()

    async def drop_gateway(self, code: int = 4000) -> None:
        await self.gateway.drop_connections(code)

    # --- Discord's global rate limit ------------------------------------------------------------------------------

    def interaction_of(self, request: RecordedRequest) -> InteractionRecord | None:
        """The interaction whose token a request uses: its callback, or the webhook the token opens (follow-ups,
        the messages made through it). None for anything else, a channel webhook's own token included."""
        parts = request.path.strip("/").split("/")
        if len(parts) >= 3 and parts[0] == "interactions":
            return self._interactions_by_token.get(parts[2])
        if len(parts) >= 3 and parts[0] == "webhooks" and _snowflake_or_none(parts[1]) == self.application_id:
            return self._interactions_by_token.get(parts[2])
        return None

    def counted(self, request: RecordedRequest) -> bool:
        """Whether Discord counts the request against the bot's global rate limit (50 per second across all its
        processes): everything but the interaction endpoints, which "are not bound to the bot's Global Rate
        Limit" (https://docs.discord.com/developers/topics/rate-limits#global-rate-limit). A channel webhook
        executed with its own token carries no bot token, but it shares the host's limit: it is counted."""
        return self.interaction_of(request) is None

    def writes_to(self, request: RecordedRequest) -> int | None:
        """The channel a request posts or edits a message in (the bot token's message routes, an interaction's
        follow-ups and edits), else None."""
        if request.method not in ("POST", "PATCH") or "/callback" in request.path:
            return None
        parts = request.path.strip("/").split("/")
        if len(parts) >= 3 and parts[0] == "channels" and parts[2] == "messages":
            return _snowflake_or_none(parts[1])
        interaction = self.interaction_of(request)
        return interaction.channel.id if interaction is not None else None

    # --- checks -------------------------------------------------------------------------------------------------

    def requests_to(self, method: str, route: str) -> list[RecordedRequest]:
        return list(self._requests_by_route.get((method.upper(), route), ()))

    def flood_problems(self, limit: int = 5, window: float = 5.0) -> list[str]:
        """Channels that got more than `limit` visible messages within `window` seconds."""
        problems = []
        by_channel: dict[int, list[float]] = {}
        for channel_id, at in self._created:
            by_channel.setdefault(channel_id, []).append(at)
        for channel_id, times in by_channel.items():
            start = 0
            for end in range(len(times)):
                while times[end] - times[start] > window:
                    start += 1
                if end - start + 1 > limit:
                    where = self._describe(self.channels[channel_id])
                    problems.append(f"{where} got {end - start + 1} messages within {window} s (limit {limit})")
                    break
        return problems

    def assert_clean(self) -> None:
        """Fail on spec/limit violations, unknown routes and flooded channels."""
        problems = [f"invalid request body: {violation}" for violation in self.violations]
        problems += [f"unknown route: {request.method} {request.path}" for request in self.unknown_requests]
        problems += [f"could not handle: {error}" for error in self.errors]
        if self.flood_limit is not None:
            problems += self.flood_problems(*self.flood_limit)
        if problems:
            raise AssertionError("the Discord stand-in saw problems:\n  " + "\n  ".join(problems))

    def clear_records(self) -> None:
        """Forget recorded requests, violations, unknown routes and message times (after expecting them)."""
        self.requests.clear()
        self._requests_by_route.clear()
        self.counted_per_second.clear()
        self.violations.clear()
        self.unknown_requests.clear()
        self.errors.clear()
        self._created.clear()

    # --- REST plumbing --------------------------------------------------------------------------------------

    async def _serve_api(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        path = "/" + request.match_info["tail"]
        body, files = await _read_body(request)
        record = RecordedRequest(request.method, path, dict(request.query), body, files, loop.time())
        self.requests.append(record)
        self._touch()
        dropped = False
        for hook in self.request_hooks:
            dropped = bool(await hook(record, "received")) or dropped
        if dropped:
            record.status = 503
            return web.Response(status=503)
        try:
            matched = self._match(request.method, path)
            if matched is None:
                self.unknown_requests.append(record)
                log.warning("stand-in: unknown route %s %s", request.method, path)
                raise ApiError(404, 0, "404: Not Found")
            found, params = matched
            record.route = found.template
            self._requests_by_route.setdefault((record.method, found.template), []).append(record)
            if found.auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            rule = self._take_rate_limit(request.method, found.template)
            if rule is not None:
                return self._too_many_requests(record, rule)
            failure = next((f for f in self.server_errors if f.take(record, found.template, landed=False)), None)
            if failure is not None:
                raise ApiError(failure.status, 0, f"{failure.status}: Server Error")
            self._check_body(record, found)
            api_request = ApiRequest(request.method, path, params, request.query, body, files, record)
            result = await found.handler(self, api_request)
            await self._flush()
            status, payload = (204, None) if result is None else (200, result)
            landed = next((f for f in self.server_errors if f.take(record, found.template, landed=True)), None)
            if landed is not None:  # carried out, then answered with an error
                raise ApiError(landed.status, 0, f"{landed.status}: Server Error")
        except ApiError as error:
            status, payload = error.status, error.body()
        except Exception as error:  # a body the stand-in cannot make sense of (or a stand-in bug): say so loudly
            log.exception("stand-in: failed to handle %s %s", request.method, path)
            self.errors.append(f"{request.method} {path}: {error!r}")
            status, payload = 400, invalid_form_body(f"the stand-in could not handle this request: {error!r}").body()
        record.status = status
        record.response = payload
        for hook in self.request_hooks:
            await hook(record, "handled")
        if self.counted(record):
            second = int(time.time())
            self.counted_per_second[second] = self.counted_per_second.get(second, 0) + 1
        if not self.keep_request_bodies:
            record.body, record.files, record.response = None, [], None
        self._touch()
        headers = self._rate_limit_headers(record.route or path)
        if payload is None:
            return web.Response(status=status, headers=headers)
        return _json_response(payload, status=status, headers=headers)

    def _match(self, method: str, path: str) -> tuple[_Route, dict[str, str]] | None:
        candidates = []
        for entry in _ROUTES:
            if entry.method != method:
                continue
            match = entry.pattern.fullmatch(path)
            if match is not None:
                candidates.append((entry.literal, entry, match.groupdict()))
        if not candidates:
            return None
        _, entry, params = max(candidates, key=lambda item: item[0])
        return entry, params

    def _check_body(self, record: RecordedRequest, found: _Route) -> None:
        body = record.body
        problems: list[str] = []
        if self.spec is not None and body is not None:
            problems += self.spec.validate(record.method, record.path, body)
        if isinstance(body, dict):
            if found.body_kind == "message":
                problems += message_limit_problems(body)
            elif found.body_kind == "callback" and isinstance(body.get("data"), dict):
                if body.get("type") in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                    problems += message_limit_problems(body["data"])
                elif body.get("type") == MODAL:
                    problems += modal_limit_problems(body["data"])
        if found.body_kind == "commands":
            problems += _command_problems(body if isinstance(body, list) else [body])
        if problems:
            record.problems = problems
            self.violations.extend(f"{record.method} {record.path}: {p}" for p in problems)
            log.warning("stand-in: invalid body for %s %s: %s", record.method, record.path, problems)
            if self.reject_invalid:
                raise invalid_form_body(*problems)

    def _take_rate_limit(self, method: str, template: str) -> RateLimitRule | None:
        for rule in self.rate_limits:
            if rule.matches(method, template):
                rule.remaining -= 1
                return rule
        return None

    def _too_many_requests(self, record: RecordedRequest, rule: RateLimitRule) -> web.Response:
        """Discord's 429: retry_after in the body, the bucket headers, and `Via` (discord.py checks it to tell
        Discord's 429 from a Cloudflare ban)."""
        body = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": rule.is_global}
        headers = {
            "Retry-After": str(math.ceil(rule.retry_after)),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + rule.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
            "X-RateLimit-Bucket": _bucket(rule.route),
            "X-RateLimit-Scope": rule.scope,
            "Via": "1.1 google",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        record.status = 429
        record.response = body
        return _json_response(body, status=429, headers=headers)

    def _rate_limit_headers(self, template: str) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": _bucket(template),
            "Via": "1.1 google",
        }

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self._attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")

    def _touch(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._last_activity = asyncio.get_running_loop().time()

    def _notify(self, event: str, data: dict[str, Any], guild_id: int | None, intent: int) -> None:
        """Queue a gateway event caused by a synchronous change (a new channel, a message the bot sent …).

        It is sent soon, in order, and always before anything else the stand-in sends the bot afterwards.
        """
        if not self.gateway.live_sessions(guild_id):
            return  # no bot connected: it will see the change in READY / GUILD_CREATE
        self._pending_events.append((event, data, guild_id, intent))
        try:
            task = asyncio.get_running_loop().create_task(self._flush())
        except RuntimeError:  # not in the event loop: the next async operation sends it
            return
        self._flush_tasks.add(task)
        task.add_done_callback(self._flush_tasks.discard)

    async def _flush(self) -> None:
        async with self._flush_lock:
            while self._pending_events:
                event, data, guild_id, intent = self._pending_events.pop(0)
                await self.gateway.dispatch(event, data, guild_id=guild_id, intent=intent)

    # --- lookups that answer like Discord -------------------------------------------------------------------

    def _channel(self, raw_id: str) -> Channel:
        channel = self.channels.get(_snowflake(raw_id))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _guild(self, raw_id: str) -> Guild:
        guild = self.guilds.get(_snowflake(raw_id))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _user(self, raw_id: Any) -> User:
        user = self.users.get(_snowflake(raw_id))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user

    def _channel_message(self, channel: Channel, raw_id: str) -> Message:
        message_id = _snowflake(raw_id)
        message = self._messages_by_id.get(message_id)
        if message is None or message.channel_id != channel.id:
            # not indexed (put in `messages` by a test itself): look through the channel as before
            message = next((m for m in self.messages.get(channel.id, []) if m.id == message_id), None)
        if message is not None and not message.deleted and message.visible_to is None:
            return message
        raise ApiError(404, 10008, "Unknown Message")

    def _recipient(self, channel: Channel) -> User | None:
        return self.users.get(channel.recipient_id) if channel.recipient_id is not None else None

    def _channel_payload(self, channel: Channel) -> dict[str, Any]:
        return channel.payload(self._recipient(channel))

    # --- messages ---------------------------------------------------------------------------------------------

    def _create_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        interaction: InteractionRecord | None = None,
        loading: bool = False,
        webhook: Webhook | None = None,
    ) -> Message:
        flags = int(body.get("flags") or 0)
        author = self.bot_user
        if webhook is not None:  # a webhook post's author is the webhook, under the name the request gave
            author = User(id=webhook.id, username=str(body.get("username") or webhook.name), bot=True)
        message = Message(
            id=self.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=_with_component_ids(body.get("components") or []),
            tts=bool(body.get("tts")),
            message_reference=body.get("message_reference"),
            allowed_mentions=body.get("allowed_mentions"),
        )
        message.attachments = self._attachments_for(body, files, [])
        if webhook is not None:
            message.webhook_id = webhook.id
            message.avatar_url = body.get("avatar_url")
        if loading:
            flags |= FLAG_LOADING
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_metadata = _interaction_metadata(interaction)
            if interaction.type == InteractionType.APPLICATION_COMMAND and interaction.original_message_id is None:
                message.type = CHAT_INPUT_COMMAND
            if flags & FLAG_EPHEMERAL:
                message.visible_to = interaction.user.id
        else:
            flags &= ~FLAG_EPHEMERAL  # only interaction responses can be ephemeral
        message.flags = flags
        if not loading and not (
            message.content
            or message.embeds
            or message.components
            or message.attachments
            or body.get("sticker_ids")
            or body.get("poll")
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")
        self._store_message(channel, message)
        if message.visible_to is None:
            self._created.append((channel.id, time.time()))
            self._notify("MESSAGE_CREATE", self._message_event(message), channel.guild_id, _message_intent(channel))
        return message

    def _store_message(self, channel: Channel, message: Message) -> None:
        self.messages[channel.id].append(message)
        self._messages_by_id[message.id] = message
        channel.last_message_id = message.id
        self._wake(channel.id)

    def _wake(self, channel_id: int) -> None:
        """A message in the channel was created, edited or deleted: `wait_for_messages` callers look again."""
        for waiter in self._message_waiters.pop(channel_id, ()):
            if not waiter.done():
                waiter.set_result(None)

    def _edit_message(self, message: Message, body: dict[str, Any], files: list[FilePart]) -> Message:
        message.history.append(message.snapshot())
        was_loading = message.loading
        if "content" in body:
            message.content = str(body["content"] or "")
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = _with_component_ids(body["components"] or [])
        if "allowed_mentions" in body:
            message.allowed_mentions = body["allowed_mentions"]
        if "flags" in body and body["flags"] is not None:
            kept = message.flags & (FLAG_EPHEMERAL | (1 << 15))
            message.flags = (int(body["flags"]) & ~FLAG_EPHEMERAL) | kept
        if "attachments" in body or files:
            message.attachments = self._attachments_for(body, files, message.attachments)
        message.flags &= ~FLAG_LOADING
        if not was_loading:
            message.edited_at = time.time()
        self._wake(message.channel_id)
        if message.visible_to is None:
            self._notify(
                "MESSAGE_UPDATE", self._message_event(message), message.guild_id, _message_intent_for(message, self)
            )
        return message

    def _delete_message(self, message: Message) -> None:
        message.deleted = True
        self._wake(message.channel_id)
        if message.visible_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self._notify("MESSAGE_DELETE", data, message.guild_id, _message_intent_for(message, self))

    def _attachments_for(
        self, body: dict[str, Any], files: list[FilePart], existing: list[Attachment]
    ) -> list[Attachment]:
        by_field = {part.field: part for part in files}
        existing_by_id = {attachment.id: attachment for attachment in existing}
        described = body.get("attachments")
        result: list[Attachment] = [] if described is not None else list(existing)
        used: set[str] = set()
        for entry in described or []:
            raw_id = entry.get("id")
            if raw_id is not None and _snowflake_or_none(raw_id) in existing_by_id:
                result.append(existing_by_id[_snowflake_or_none(raw_id)])  # type: ignore[index]
                continue
            part = by_field.get(f"files[{raw_id}]")
            if part is None:
                raise invalid_form_body(f"attachments: no file uploaded as files[{raw_id}]")
            used.add(part.field)
            result.append(self._store_attachment(part, entry.get("filename"), entry.get("description")))
        for part in files:
            if part.field not in used and part.field.startswith("files["):
                result.append(self._store_attachment(part, None, None))
        if len(result) > 10:
            raise invalid_form_body("a message can have at most 10 attachments")
        return result

    def _store_attachment(self, part: FilePart, filename: str | None, description: str | None) -> Attachment:
        if len(part.data) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
        attachment_id = self.snowflake()
        name = filename or part.filename
        attachment = Attachment(attachment_id, name, part.data, part.content_type, description)
        attachment.url = f"{self.base_url}/attachments/{attachment_id}/{name}"
        self._attachments[attachment_id] = attachment
        return attachment

    def _message_event(self, message: Message) -> dict[str, Any]:
        payload = message.payload()
        guild = self.guilds.get(message.guild_id) if message.guild_id is not None else None
        if guild is not None and message.author.id in guild.members:
            member = guild.members[message.author.id].payload()
            member.pop("user")
            payload["member"] = member
        return payload

    # --- interactions -----------------------------------------------------------------------------------------

    def _new_interaction(
        self,
        kind: InteractionType,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        locale: str,
        message: Message | None = None,
    ) -> InteractionRecord:
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is not None and user.id not in guild.members:
            raise AssertionError(f"{user.username} is not a member of {guild.name!r}")
        interaction_id = self.snowflake()
        token = f"aW50ZXJhY3Rpb24.{interaction_id}.{secrets.token_urlsafe(48)}"
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            locale=locale,
            sent_at=0.0,
            message=message,
        )
        self.interactions[interaction_id] = record
        self._interactions_by_token[token] = record
        return record

    async def _send_interaction(self, record: InteractionRecord) -> InteractionRecord:
        await self._flush()
        guild_id = record.guild.id if record.guild is not None else None
        if not self.gateway.live_sessions(guild_id):
            raise AssertionError("no bot is connected to the stand-in's gateway to receive the interaction")
        record.sent_at = asyncio.get_running_loop().time()
        self._touch()
        await self.gateway.dispatch("INTERACTION_CREATE", self._interaction_payload(record), guild_id=guild_id)
        return record

    def _interaction_payload(self, record: InteractionRecord) -> dict[str, Any]:
        guild = record.guild
        channel_payload = self._channel_payload(record.channel)
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": int(record.type),
            "data": record.data,
            "channel": channel_payload,
            "channel_id": str(record.channel.id),
            "token": record.token,
            "version": 1,
            "locale": record.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            permissions = guild.permissions_of(record.user.id)
            channel_payload["permissions"] = str(permissions)
            member = guild.members[record.user.id].payload() | {"permissions": str(permissions)}
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                guild_locale=guild.preferred_locale,
                member=member,
                app_permissions=str(guild.permissions_of(self.bot_user.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=int(InteractionContext.GUILD),
            )
        else:
            payload.update(
                user=record.user.payload(),
                app_permissions=str(DEFAULT_BOT_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=int(InteractionContext.BOT_DM),
            )
        if record.message is not None:
            payload["message"] = record.message.payload()
        return payload

    async def _command_interaction(
        self,
        user: User,
        command: str,
        channel: Channel | None,
        options: dict[str, Any],
        locale: str | None,
        kind: InteractionType,
        focused: str | None,
    ) -> InteractionRecord:
        channel = channel or self.dm_channel(user)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        words = command.strip().lstrip("/").split()
        registered = self._find_command(words[0], guild)
        _check_command_visible(registered, user, guild)
        schema_options = registered.get("options") or []
        path_options: list[dict[str, Any]] = []
        for word in words[1:]:
            sub = _find_option(schema_options, word, (SUB_COMMAND, SUB_COMMAND_GROUP))
            if sub is None:
                raise LookupError(f"/{registered['name']} has no subcommand {word!r}")
            path_options.append({"type": sub["type"], "name": sub["name"], "options": []})
            schema_options = sub.get("options") or []
        resolved: dict[str, dict[str, Any]] = {}
        leaf = self._command_options(schema_options, options, guild, resolved, focused)
        if path_options:
            for outer, inner in itertools.pairwise(path_options):
                outer["options"] = [inner]
            path_options[-1]["options"] = leaf
            top = [path_options[0]]
        else:
            top = leaf
        data: dict[str, Any] = {"id": registered["id"], "name": registered["name"], "type": registered.get("type", 1)}
        if top:
            data["options"] = top
        if resolved:
            data["resolved"] = resolved
        if registered.get("guild_id") is not None:
            data["guild_id"] = registered["guild_id"]
        record = self._new_interaction(kind, user, channel, data, locale or user.locale)
        return await self._send_interaction(record)

    def _find_command(self, name: str, guild: Guild | None) -> dict[str, Any]:
        scopes: list[int | None] = ([guild.id] if guild is not None else []) + [None]
        for scope in scopes:
            for registered in self.commands.get(scope, {}).values():
                if registered.get("type", 1) != 1:
                    continue
                names = {registered["name"], *(registered.get("name_localizations") or {}).values()}
                if name in names:
                    return registered
        known = sorted(c["name"] for scope in scopes for c in self.commands.get(scope, {}).values())
        raise LookupError(f"/{name} is not registered with the stand-in (did the bot sync?); registered: {known}")

    def _command_options(
        self,
        schema: list[dict[str, Any]],
        given: dict[str, Any],
        guild: Guild | None,
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        result = []
        remaining = dict(given)
        for option in schema:
            names = {option["name"], *(option.get("name_localizations") or {}).values()}
            key = next((name for name in names if name in remaining), None)
            if key is None:
                if option.get("required") and focused is None:
                    raise ValueError(f"option {option['name']!r} is required")
                continue
            value = remaining.pop(key)
            entry: dict[str, Any] = {"name": option["name"], "type": option["type"]}
            if focused is not None and option["name"] == focused:
                entry["value"] = str(value)
                entry["focused"] = True
            else:
                entry["value"] = self._option_value(option, value, guild, resolved)
            result.append(entry)
        if remaining:
            raise ValueError(f"unknown option(s) {sorted(remaining)}; the command has {[o['name'] for o in schema]}")
        return result

    def _option_value(
        self, option: dict[str, Any], value: Any, guild: Guild | None, resolved: dict[str, dict[str, Any]]
    ) -> Any:
        kind = option["type"]
        name = option["name"]
        if kind in (STRING, INTEGER, NUMBER):
            choices = option.get("choices") or []
            if choices:
                by_name = {c["name"]: c["value"] for c in choices}
                values = [c["value"] for c in choices]
                if value not in values and value in by_name:
                    value = by_name[value]
                if value not in values:
                    raise ValueError(f"{value!r} is not a choice of option {name!r}: {values}")
            if kind == STRING:
                value = str(value)
                if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
                    raise ValueError(f"option {name!r}: length {len(value)} is out of bounds")
                return value
            value = int(value) if kind == INTEGER else float(value)
            low, high = option.get("min_value"), option.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ValueError(f"option {name!r}: {value} is outside [{low}, {high}]")
            return value
        if kind == BOOLEAN:
            return bool(value)
        if kind == USER or (kind == MENTIONABLE and isinstance(value, User)):
            user = value if isinstance(value, User) else self._user(value)
            self._resolve_user(user, guild, resolved)
            return str(user.id)
        if kind == ROLE or (kind == MENTIONABLE and isinstance(value, Role)):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if kind == CHANNEL:
            payload = self._channel_payload(value) | {"permissions": str(DEFAULT_BOT_PERMISSIONS)}
            resolved.setdefault("channels", {})[str(value.id)] = payload
            return str(value.id)
        if kind == ATTACHMENT:
            filename, data = value
            part = FilePart("files[0]", filename, None, bytes(data))
            attachment = self._store_attachment(part, filename, None)
            resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
            return str(attachment.id)
        raise ValueError(f"option {name!r} has type {kind}, which the stand-in cannot fill from {value!r}")

    def _resolve_user(self, user: User, guild: Guild | None, resolved: dict[str, dict[str, Any]]) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if guild is not None and user.id in guild.members:
            member = guild.members[user.id].payload()
            member.pop("user")
            member["permissions"] = str(guild.permissions_of(user.id))
            resolved.setdefault("members", {})[str(user.id)] = member

    def _find_component(
        self,
        user: User,
        channel: Channel | None,
        message: Message | None,
        predicate: Callable[[dict[str, Any]], bool],
        what: str,
    ) -> tuple[Message, dict[str, Any]]:
        if message is not None:
            if not message.visible_for(user.id):
                raise AssertionError(f"{user.username} cannot see message {message.id}")
            candidates = [message]
        else:
            candidates = list(reversed(self.dm_view(user) if channel is None else self.channel_view(channel, user)))
        for candidate in candidates:
            for component in candidate.all_components():
                if predicate(component):
                    return candidate, component
        where = self._describe(channel or user) if message is None else f"message {message.id}"
        shown = "\n  ".join(str(m) for m in reversed(candidates)) or "(nothing)"
        raise AssertionError(f"{user.username} sees no {what} in {where}; they see:\n  {shown}")

    def _select_values(
        self, menu: dict[str, Any], values: list[Any], guild_id: int | None
    ) -> tuple[list[str], dict[str, dict[str, Any]]]:
        low = menu.get("min_values", 1)
        high = menu.get("max_values", 1)
        if not low <= len(values) <= high:
            raise AssertionError(f"select {menu.get('custom_id')!r} takes {low}..{high} values, not {len(values)}")
        guild = self.guilds.get(guild_id) if guild_id is not None else None
        resolved: dict[str, dict[str, Any]] = {}
        chosen = []
        if menu["type"] == 3:
            options = menu.get("options") or []
            by_label = {option["label"]: option["value"] for option in options}
            allowed = [option["value"] for option in options]
            for value in values:
                value = by_label.get(value, value)
                if value not in allowed:
                    raise AssertionError(f"{value!r} is not an option of select {menu.get('custom_id')!r}: {allowed}")
                chosen.append(value)
            return chosen, resolved
        for value in values:
            if isinstance(value, User):
                self._resolve_user(value, guild, resolved)
            elif isinstance(value, Role):
                resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            elif isinstance(value, Channel):
                resolved.setdefault("channels", {})[str(value.id)] = self._channel_payload(value) | {"permissions": "0"}
            else:
                raise AssertionError(f"give Users, Roles or Channels to select {menu.get('custom_id')!r}")
            chosen.append(str(value.id))
        return chosen, resolved

    async def _component_interaction(
        self, user: User, message: Message, data: dict[str, Any], locale: str | None
    ) -> InteractionRecord:
        channel = self.channels[message.channel_id]
        record = self._new_interaction(
            InteractionType.MESSAGE_COMPONENT, user, channel, data, locale or user.locale, message
        )
        return await self._send_interaction(record)

    def _fill_modal_component(
        self,
        component: dict[str, Any],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
    ) -> dict[str, Any] | None:
        """What the Discord client sends back for one top-level modal component."""
        kind = component.get("type")
        if kind == 1:  # the older layout: an action row around a text input
            inner = [self._fill_modal_component(child, values, resolved, guild) for child in component["components"]]
            return {"type": 1, "id": component.get("id"), "components": [c for c in inner if c is not None]}
        if kind == 18:  # a label around one field
            field = component.get("component") or {}
            filled = self._fill_modal_field(field, values, resolved, guild, component.get("label"))
            return None if filled is None else {"type": 18, "id": component.get("id"), "component": filled}
        return self._fill_modal_field(component, values, resolved, guild, component.get("label"))

    def _fill_modal_field(
        self,
        field: dict[str, Any],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        label: str | None,
    ) -> dict[str, Any] | None:
        kind = field.get("type")
        if kind not in (3, 4, 5, 6, 7, 8, 19, 21, 22, 23):
            return None  # text displays and the like send nothing back
        custom_id = field.get("custom_id")
        name = label or field.get("label") or custom_id
        key = next((k for k in (custom_id, label, field.get("label")) if k is not None and k in values), None)
        given = values.pop(key) if key is not None else None
        answer: dict[str, Any] = {"type": kind, "id": field.get("id"), "custom_id": custom_id}
        if kind == 4:  # text input
            text = "" if given is None else str(given)
            if not text and field.get("required", True):
                raise AssertionError(f"modal field {name!r} is required")
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if text and not low <= len(text) <= high:
                raise AssertionError(f"modal field {name!r} takes {low}..{high} characters, not {len(text)}")
            answer["value"] = text
        elif kind == 23:  # checkbox
            answer["value"] = bool(given)
        elif kind == 21:  # radio group: one option
            options = {o["label"]: o["value"] for o in field.get("options") or []}
            if given is None:
                if field.get("required", True):
                    raise AssertionError(f"modal field {name!r} is required")
                answer["value"] = None
            else:
                value = options.get(given, given)
                if value not in options.values():
                    raise AssertionError(f"{given!r} is not an option of {name!r}: {list(options.values())}")
                answer["value"] = value
        elif kind == 22:  # checkbox group
            options = {o["label"]: o["value"] for o in field.get("options") or []}
            chosen = [options.get(v, v) for v in (given or [])]
            unknown = [v for v in chosen if v not in options.values()]
            if unknown:
                raise AssertionError(f"{unknown} are not options of {name!r}: {list(options.values())}")
            answer["values"] = chosen
        elif kind == 19:  # file upload: (filename, bytes) pairs
            ids = []
            for index, (filename, data) in enumerate(given or []):
                attachment = self._store_attachment(
                    FilePart(f"files[{index}]", filename, None, bytes(data)), None, None
                )
                resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
                ids.append(str(attachment.id))
            if not ids and field.get("required", True):
                raise AssertionError(f"modal field {name!r} is required")
            answer["values"] = ids
        else:  # a select menu inside a label
            menu = {**field, "min_values": field.get("min_values", 0 if not field.get("required", True) else 1)}
            chosen, found = self._select_values(menu, list(given or []), guild.id if guild else None)
            for group, items in found.items():
                resolved.setdefault(group, {}).update(items)
            answer["values"] = chosen
        return answer

    def _interaction_for_token(self, raw_id: str, token: str) -> InteractionRecord:
        record = self._interactions_by_token.get(token)
        if record is None or _snowflake_or_none(raw_id) != self.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        if asyncio.get_running_loop().time() - record.sent_at > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not record.acknowledged:
            raise ApiError(404, 10015, "Unknown Webhook")
        return record

    def _interaction_message(self, record: InteractionRecord, raw_id: str) -> Message:
        message_id = record.original_message_id if raw_id == "@original" else _snowflake_or_none(raw_id)
        if message_id is None or (message_id != record.original_message_id and message_id not in record.followup_ids):
            raise ApiError(404, 10008, "Unknown Message")
        message = self.message(message_id)
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    # --- REST handlers ------------------------------------------------------------------------------------------

    @route("GET", "/gateway", auth=False)
    async def _get_gateway(self, request: ApiRequest) -> Any:
        return {"url": self.gateway_url}

    @route("GET", "/gateway/bot")
    async def _get_gateway_bot(self, request: ApiRequest) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit}

    @route("GET", "/users/@me")
    async def _get_me(self, request: ApiRequest) -> Any:
        return self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "email": None, "bio": ""}

    @route("GET", "/users/{user_id}")
    async def _get_user(self, request: ApiRequest) -> Any:
        return self._user(request.params["user_id"]).payload()

    @route("GET", "/oauth2/applications/@me")
    @route("GET", "/applications/@me")
    async def _get_application(self, request: ApiRequest) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": self.application_flags,
            "owner": self.application_owner.payload(),
            "team": None,
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.guilds),
        }

    @route("POST", "/users/@me/channels")
    async def _create_dm(self, request: ApiRequest) -> Any:
        body = request.json_object()
        user = self.users.get(_snowflake_or_none(body.get("recipient_id")) or 0)
        if user is None:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return self._channel_payload(self.dm_channel(user))

    @route("GET", "/channels/{channel_id}")
    async def _get_channel(self, request: ApiRequest) -> Any:
        return self._channel_payload(self._channel(request.params["channel_id"]))

    @route("POST", "/channels/{channel_id}/typing")
    async def _typing(self, request: ApiRequest) -> Any:
        self._channel(request.params["channel_id"])
        return None

    @route("POST", "/channels/{channel_id}/messages", body="message")
    async def _post_message(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        if channel.is_dm:
            recipient = self._recipient(channel)
            if recipient is None or recipient.bot or not recipient.dms_open or not self.mutual_guilds(recipient):
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif not self.can_send(self.bot_user, channel):
            raise ApiError(403, 50013, "Missing Permissions")
        body = request.json_object()
        nonce = None if body.get("nonce") is None else str(body["nonce"])
        now = time.time()
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: the same author's message with this nonce in the past few minutes is returned, not re-created
            seen = self._nonces.get(nonce)
            if seen is not None and now - seen[1] <= self.nonce_seconds and not seen[0].deleted:
                self.nonce_repeats.append(seen[0])
                return seen[0].payload()
        message = self._create_message(channel, body, request.files)
        if nonce is not None:
            message.nonce = nonce
            self._nonces[nonce] = (message, now)
        return message.payload()

    @route("GET", "/channels/{channel_id}/messages")
    async def _list_messages(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        limit = max(1, min(100, int(request.query.get("limit", "50"))))
        messages = [m for m in self.messages[channel.id] if not m.deleted and m.visible_to is None]
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])]
        if "after" in request.query:
            messages = [m for m in messages if m.id > int(request.query["after"])][:limit]
        return [m.payload() for m in reversed(messages[-limit:])]

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    async def _get_message(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        return self._channel_message(channel, request.params["message_id"]).payload()

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}", body="message")
    async def _patch_message(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        message = self._channel_message(channel, request.params["message_id"])
        if message.author.id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return self._edit_message(message, request.json_object(), request.files).payload()

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    async def _delete_channel_message(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        message = self._channel_message(channel, request.params["message_id"])
        if message.author.id != self.bot_user.id and channel.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        self._delete_message(message)
        return None

    @route("POST", "/channels/{channel_id}/messages/bulk-delete")
    async def _bulk_delete(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        for raw_id in request.json_object().get("messages") or []:
            self._delete_message(self._channel_message(channel, raw_id))
        return None

    @route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    async def _add_reaction(self, request: ApiRequest) -> Any:
        message = self._channel_message(self._channel(request.params["channel_id"]), request.params["message_id"])
        message.reactions.setdefault(request.params["emoji"], set()).add(self.bot_user.id)
        return None

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
    async def _remove_reaction(self, request: ApiRequest) -> Any:
        message = self._channel_message(self._channel(request.params["channel_id"]), request.params["message_id"])
        users = message.reactions.get(request.params["emoji"], set())
        users.discard(self.bot_user.id)
        if not users:
            message.reactions.pop(request.params["emoji"], None)
        return None

    @route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
    @route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
    async def _pin(self, request: ApiRequest) -> Any:
        message = self._channel_message(self._channel(request.params["channel_id"]), request.params["message_id"])
        message.pinned = request.method == "PUT"
        return None

    @route("GET", "/guilds/{guild_id}")
    async def _get_guild(self, request: ApiRequest) -> Any:
        guild = self._guild(request.params["guild_id"])
        payload = guild.payload(bot_user_id=self.bot_user.id, with_members=False)
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at", "member_count"):
            payload.pop(key, None)
        return payload

    @route("GET", "/guilds/{guild_id}/channels")
    async def _get_guild_channels(self, request: ApiRequest) -> Any:
        return [channel.payload() for channel in self._guild(request.params["guild_id"]).channels.values()]

    @route("GET", "/guilds/{guild_id}/roles")
    async def _get_roles(self, request: ApiRequest) -> Any:
        return [role.payload() for role in self._guild(request.params["guild_id"]).roles.values()]

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    async def _get_member(self, request: ApiRequest) -> Any:
        guild = self._guild(request.params["guild_id"])
        member = guild.members.get(_snowflake(request.params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.payload()

    @route("GET", "/guilds/{guild_id}/members")
    async def _list_members(self, request: ApiRequest) -> Any:
        guild = self._guild(request.params["guild_id"])
        if gw.GUILD_MEMBERS not in self.privileged_intents:
            raise ApiError(403, 50001, "Missing Access")
        limit = max(1, min(1000, int(request.query.get("limit", "1"))))
        after = int(request.query.get("after", "0"))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [member.payload() for member in members[:limit]]

    # application commands

    def _command_scope(self, request: ApiRequest) -> int | None:
        if _snowflake_or_none(request.params["application_id"]) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in request.params:
            return self._guild(request.params["guild_id"]).id
        return None

    def _stored_command(
        self, scope: int | None, body: dict[str, Any], existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        kind = body.get("type") or 1
        command = {
            "id": existing["id"] if existing else str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
            "type": kind,
            "name": body["name"],
            "name_localizations": body.get("name_localizations"),
            "description": body.get("description") or "",
            "description_localizations": body.get("description_localizations"),
            "options": body.get("options") or [],
            "default_member_permissions": _permissions_string(body.get("default_member_permissions")),
            "dm_permission": body.get("dm_permission", True),
            "contexts": body.get("contexts"),
            "integration_types": body.get("integration_types") or [0],
            "nsfw": bool(body.get("nsfw")),
        }
        if scope is not None:
            command["guild_id"] = str(scope)
            command.pop("dm_permission")
        return command

    @route("GET", "/applications/{application_id}/commands")
    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    async def _get_commands(self, request: ApiRequest) -> Any:
        return list(self.commands.get(self._command_scope(request), {}).values())

    @route("PUT", "/applications/{application_id}/commands", body="commands")
    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", body="commands")
    async def _put_commands(self, request: ApiRequest) -> Any:
        scope = self._command_scope(request)
        if not isinstance(request.body, list):
            raise invalid_form_body("the body must be a list of commands")
        old = {(c["name"], c["type"]): c for c in self.commands.get(scope, {}).values()}
        stored = {}
        for body in request.body:
            command = self._stored_command(scope, body, old.get((body["name"], body.get("type") or 1)))
            stored[int(command["id"])] = command
        self.commands[scope] = stored
        return list(stored.values())

    @route("POST", "/applications/{application_id}/commands", body="commands")
    @route("POST", "/applications/{application_id}/guilds/{guild_id}/commands", body="commands")
    async def _post_command(self, request: ApiRequest) -> Any:
        scope = self._command_scope(request)
        body = request.json_object()
        commands = self.commands.setdefault(scope, {})
        existing = next(
            (c for c in commands.values() if c["name"] == body["name"] and c["type"] == (body.get("type") or 1)), None
        )
        command = self._stored_command(scope, body, existing)
        commands[int(command["id"])] = command
        return command

    def _command(self, request: ApiRequest) -> tuple[int | None, dict[str, Any]]:
        scope = self._command_scope(request)
        command = self.commands.get(scope, {}).get(_snowflake(request.params["command_id"]))
        if command is None:
            raise ApiError(404, 10063, "Unknown application command")
        return scope, command

    @route("GET", "/applications/{application_id}/commands/{command_id}")
    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
    async def _get_command(self, request: ApiRequest) -> Any:
        return self._command(request)[1]

    @route("PATCH", "/applications/{application_id}/commands/{command_id}", body="commands")
    @route("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", body="commands")
    async def _patch_command(self, request: ApiRequest) -> Any:
        scope, command = self._command(request)
        merged = self._stored_command(scope, {**command, **request.json_object()}, command)
        self.commands[scope][int(command["id"])] = merged
        return merged

    @route("DELETE", "/applications/{application_id}/commands/{command_id}")
    @route("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
    async def _delete_command(self, request: ApiRequest) -> Any:
        scope, command = self._command(request)
        del self.commands[scope][int(command["id"])]
        return None

    # interaction callbacks

    @route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", auth=False, body="callback")
    async def _callback(self, request: ApiRequest) -> Any:
        record = self.interactions.get(_snowflake_or_none(request.params["interaction_id"]) or 0)
        if record is None or record.token != request.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        body = request.json_object()
        kind = body.get("type")
        after = asyncio.get_running_loop().time() - record.sent_at
        attempt: dict[str, Any] = {"type": kind, "body": body, "after": after, "status": 200, "code": None}
        record.callbacks.append(attempt)
        record._responded.set()
        try:
            if record.acknowledged:
                raise ApiError(400, 40060, "Interaction has already been acknowledged.")
            if after > self.ack_deadline:
                raise ApiError(404, 10062, "Unknown interaction")
            resource = self._apply_callback(record, kind, body.get("data") or {}, request.files)
        except ApiError as error:
            attempt.update(status=error.status, code=error.code)
            raise
        record.response_type = kind
        if not request.flag("with_response"):
            return None
        original = self.message(record.original_message_id) if record.original_message_id else None
        interaction: dict[str, Any] = {"id": str(record.id), "type": int(record.type)}
        if original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            interaction.update(
                response_message_id=str(original.id),
                response_message_loading=original.loading,
                response_message_ephemeral=original.ephemeral,
            )
        answer: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            answer["resource"] = {"type": kind, "message": resource.payload()}
        return answer

    def _apply_callback(
        self, record: InteractionRecord, kind: Any, data: dict[str, Any], files: list[FilePart]
    ) -> Message | None:
        from_message = record.message is not None and record.type in (
            InteractionType.MESSAGE_COMPONENT,
            InteractionType.MODAL_SUBMIT,
        )
        if record.type == InteractionType.AUTOCOMPLETE:
            if kind != AUTOCOMPLETE_RESULT:
                raise invalid_form_body("an autocomplete interaction takes only callback type 8")
            return None
        if kind == CHANNEL_MESSAGE:
            message = self._create_message(record.channel, data, files, interaction=record)
            record.original_message_id = message.id
            return message
        if kind == DEFERRED_CHANNEL_MESSAGE:
            message = self._create_message(record.channel, data, [], interaction=record, loading=True)
            record.original_message_id = message.id
            return message
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if not from_message or record.message is None:
                raise invalid_form_body(f"callback type {kind} is only for components (and modals opened from them)")
            record.original_message_id = record.message.id
            if kind == UPDATE_MESSAGE:
                return self._edit_message(record.message, data, files)
            return None
        if kind == MODAL:
            if record.type == InteractionType.MODAL_SUBMIT:
                raise invalid_form_body("a modal cannot answer a modal submission")
            modal = Modal(
                custom_id=str(data.get("custom_id")),
                title=str(data.get("title")),
                components=list(data.get("components") or []),
                user_id=record.user.id,
                opened_by=record,
            )
            record.modal = modal
            self.open_modals.setdefault(record.user.id, []).append(modal)
            return None
        if kind in (PONG, AUTOCOMPLETE_RESULT):
            raise invalid_form_body(f"callback type {kind} does not answer a {record.type.name} interaction")
        raise invalid_form_body(f"callback type {kind} is not supported by the stand-in")

    # interaction webhooks: followups and the original response

    @route("POST", "/webhooks/{webhook_id}/{webhook_token}", auth=False, body="message")
    async def _followup(self, request: ApiRequest) -> Any:
        hook = self.webhooks.get(_snowflake_or_none(request.params["webhook_id"]) or 0)
        if hook is not None:
            return self._execute_webhook(hook, request)
        record = self._interaction_for_token(request.params["webhook_id"], request.params["webhook_token"])
        body = request.json_object()
        original = self.message(record.original_message_id) if record.original_message_id else None
        if original is not None and original.loading and record.response_type == DEFERRED_CHANNEL_MESSAGE:
            # After "Bot is thinking…", the first followup fills in the deferred message.
            message = self._edit_message(original, body, request.files)
        else:
            message = self._create_message(record.channel, body, request.files, interaction=record)
            record.followup_ids.append(message.id)
        return message.payload() if request.flag("wait") else None

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
    async def _get_webhook_message(self, request: ApiRequest) -> Any:
        record = self._interaction_for_token(request.params["webhook_id"], request.params["webhook_token"])
        return self._interaction_message(record, request.params["message_id"]).payload()

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False, body="message")
    async def _patch_webhook_message(self, request: ApiRequest) -> Any:
        record = self._interaction_for_token(request.params["webhook_id"], request.params["webhook_token"])
        message = self._interaction_message(record, request.params["message_id"])
        edited = self._edit_message(message, request.json_object(), request.files)
        record.edited.append(edited.id)
        return edited.payload()

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
    async def _delete_webhook_message(self, request: ApiRequest) -> Any:
        record = self._interaction_for_token(request.params["webhook_id"], request.params["webhook_token"])
        self._delete_message(self._interaction_message(record, request.params["message_id"]))
        return None


    # channel permission overwrites

    def _require(self, channel: Channel, permission: int) -> Guild:
        """The channel's server, if the bot holds `permission` there (overwrites applied); else 403 / 50013."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not guild.permissions_in(channel, self.bot_user.id) & permission:
            raise ApiError(403, 50013, "Missing Permissions")
        return guild

    @route("PUT", "/channels/{channel_id}/permissions/{overwrite_id}")
    async def _put_overwrite(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        if channel.type not in (ChannelType.GUILD_TEXT, ChannelType.GUILD_VOICE, ChannelType.GUILD_CATEGORY):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        guild = self._require(channel, MANAGE_ROLES)
        body = request.json_object()
        target = _snowflake(request.params["overwrite_id"])
        kind = int(body.get("type") if body.get("type") is not None else -1)
        known = guild.roles if kind == 0 else guild.members
        if kind not in (0, 1) or target not in known:
            raise invalid_form_body(f"no {('role', 'member')[kind] if kind in (0, 1) else 'target'} {target} here")
        allow, deny = int(body.get("allow") or 0), int(body.get("deny") or 0)
        mine = guild.permissions_in(channel, self.bot_user.id)
        if (allow | deny) & ~mine:  # only permissions the bot has may be allowed or denied
            raise ApiError(403, 50013, "Missing Permissions")
        channel.overwrites[target] = Overwrite(target, kind, allow, deny)
        self._notify("CHANNEL_UPDATE", channel.payload(), guild.id, gw.GUILDS)
        return None

    @route("DELETE", "/channels/{channel_id}/permissions/{overwrite_id}")
    async def _delete_overwrite(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        guild = self._require(channel, MANAGE_ROLES)
        if channel.overwrites.pop(_snowflake(request.params["overwrite_id"]), None) is None:
            raise ApiError(404, 10009, "Unknown Overwrite")
        self._notify("CHANNEL_UPDATE", channel.payload(), guild.id, gw.GUILDS)
        return None

    # channel webhooks

    @route("POST", "/channels/{channel_id}/webhooks")
    async def _create_webhook(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        if channel.type != ChannelType.GUILD_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        guild = self._require(channel, MANAGE_WEBHOOKS)
        body = request.json_object()
        name = str(body.get("name") or "")
        if any(word in name.lower() for word in ("clyde", "discord")):
            raise invalid_form_body(f"webhook name {name!r} may not contain 'clyde' or 'discord'")
        if len(self.channel_webhooks(channel)) >= MAX_CHANNEL_WEBHOOKS:
            raise ApiError(400, 30007, f"Maximum number of webhooks reached ({MAX_CHANNEL_WEBHOOKS})")
        avatar = body.get("avatar")
        data = None
        if isinstance(avatar, str):
            match = re.fullmatch(r"data:image/(png|jpeg|gif|webp);base64,(.+)", avatar, re.DOTALL)
            if match is None:
                raise invalid_form_body("avatar must be a data URI of an image")
            data = base64.b64decode(match.group(2))
        token = secrets.token_urlsafe(48)
        hook = Webhook(self.snowflake(), token, channel.id, guild.id, name, self.application_id, data)
        self.webhooks[hook.id] = hook
        return hook.payload(self.bot_user)

    @route("GET", "/channels/{channel_id}/webhooks")
    async def _list_webhooks(self, request: ApiRequest) -> Any:
        channel = self._channel(request.params["channel_id"])
        self._require(channel, MANAGE_WEBHOOKS)
        return [hook.payload(self.bot_user) for hook in self.channel_webhooks(channel)]

    @route("DELETE", "/webhooks/{webhook_id}")
    async def _delete_webhook(self, request: ApiRequest) -> Any:
        hook = self.webhooks.get(_snowflake(request.params["webhook_id"]))
        if hook is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        self._require(self.channels[hook.channel_id], MANAGE_WEBHOOKS)
        del self.webhooks[hook.id]
        return None

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}", auth=False)
    async def _delete_webhook_with_token(self, request: ApiRequest) -> Any:
        hook = self.webhooks.get(_snowflake(request.params["webhook_id"]))
        if hook is None or hook.token != request.params["webhook_token"]:
            raise ApiError(404, 10015, "Unknown Webhook")
        del self.webhooks[hook.id]
        return None

    def _execute_webhook(self, hook: Webhook, request: ApiRequest) -> Any:
        if hook.token != request.params["webhook_token"]:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        channel = self._channel(str(hook.channel_id))
        if request.query.get("thread_id"):  # a post into one of the webhook's channel's threads
            thread = self._channel(request.query["thread_id"])
            if not thread.type.is_thread or thread.parent_id != channel.id:
                raise ApiError(400, 10003, "Unknown Channel")
            channel = thread
        body = request.json_object()
        message = self._create_message(channel, body, request.files, webhook=hook)
        return message.payload() if request.flag("wait") else None


# --- helpers ----------------------------------------------------------------------------------------------------


async def _read_body(request: web.Request) -> tuple[Any, list[FilePart]]:
    """The JSON body, or for multipart the parsed `payload_json` plus the uploaded files."""
    if not request.can_read_body:
        return None, []
    if request.content_type == "multipart/form-data":
        body: Any = None
        files: list[FilePart] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not hasattr(part, "read"):
                continue
            data = await part.read()  # type: ignore[union-attr]
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(data)
            else:
                content_type = part.headers.get("Content-Type")
                files.append(FilePart(name, part.filename or name, content_type, bytes(data)))
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []


def _json_response(payload: Any, *, status: int, headers: dict[str, str]) -> web.Response:
    """Exactly `Content-Type: application/json`, as Discord sends it (discord.py compares the whole header)."""
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    return web.Response(body=body, status=status, headers={**headers, "Content-Type": "application/json"})


def _snowflake(raw: Any) -> int:
    value = _snowflake_or_none(raw)
    if value is None:
        raise invalid_form_body(f"{raw!r} is not a snowflake")
    return value


def _snowflake_or_none(raw: Any) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def _bucket(template: str) -> str:
    return f"{abs(hash(template)) % 16**12:012x}"


def _permissions_string(value: Any) -> str | None:
    return None if value is None else str(value)


def _message_intent(channel: Channel) -> int:
    return gw.DIRECT_MESSAGES if channel.is_dm else gw.GUILD_MESSAGES


def _message_intent_for(message: Message, server: DiscordStandIn) -> int:
    return _message_intent(server.channels[message.channel_id])


def _matches(component: dict[str, Any], label: str | None, custom_id: str | None) -> bool:
    if custom_id is not None and component.get("custom_id") != custom_id:
        return False
    return label is None or component.get("label") == label


def _find_option(options: list[dict[str, Any]], name: str, kinds: tuple[int, ...]) -> dict[str, Any] | None:
    for option in options:
        names = {option["name"], *(option.get("name_localizations") or {}).values()}
        if option.get("type") in kinds and name in names:
            return option
    return None


def _check_command_visible(command: dict[str, Any], user: User, guild: Guild | None) -> None:
    """Discord only shows a command where it may run and to members with its default permissions."""
    contexts = command.get("contexts")
    context = InteractionContext.GUILD if guild is not None else InteractionContext.BOT_DM
    if contexts is not None and int(context) not in contexts:
        raise LookupError(f"/{command['name']} is not available in {context.name} (contexts {contexts})")
    if guild is None and command.get("dm_permission") is False:
        raise LookupError(f"/{command['name']} is not available in DMs (dm_permission false)")
    required = command.get("default_member_permissions")
    if guild is not None and required is not None:
        needed = int(required)
        if guild.permissions_of(user.id) & needed != needed:
            raise PermissionError(f"{user.username} lacks the permissions {needed} that /{command['name']} needs")


def _interaction_metadata(record: InteractionRecord) -> dict[str, Any]:
    metadata: dict[str, Any] = {
        "id": str(record.id),
        "type": int(record.type),
        "user": record.user.payload(),
        "authorizing_integration_owners": {"0": str(record.guild.id) if record.guild else "0"},
    }
    if record.type == InteractionType.APPLICATION_COMMAND:
        metadata["name"] = record.data.get("name")
    if record.message is not None:
        metadata["interacted_message_id"] = str(record.message.id)
    if record.original_message_id is not None:
        metadata["original_response_message_id"] = str(record.original_message_id)
    return metadata


def _with_component_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord stores them: every one gets a numeric `id` (unique in the message)."""
    counter = 0

    def number(component: dict[str, Any]) -> dict[str, Any]:
        nonlocal counter
        counter += 1
        copy = dict(component)
        copy.setdefault("id", counter)
        if copy.get("id") is None:
            copy["id"] = counter
        if isinstance(copy.get("components"), list):
            copy["components"] = [number(child) for child in copy["components"]]
        for key in ("accessory", "component"):
            if isinstance(copy.get(key), dict):
                copy[key] = number(copy[key])
        return copy

    return [number(component) for component in components]


COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _command_problems(commands: list[Any]) -> list[str]:
    """What Discord refuses in commands that the description does not say: names, option order, duplicates."""
    problems: list[str] = []
    seen: set[tuple[str, int]] = set()
    for command in commands:
        if not isinstance(command, dict) or not isinstance(command.get("name"), str):
            continue
        kind = command.get("type") or 1
        name = command["name"]
        if (name, kind) in seen:
            problems.append(f"command {name!r} is registered twice")
        seen.add((name, kind))
        if kind == 1:
            problems += _option_problems(f"/{name}", command)
    chat_input = sum(1 for c in commands if isinstance(c, dict) and (c.get("type") or 1) == 1)
    if chat_input > 100:
        problems.append(f"{chat_input} slash commands (Discord allows 100)")
    return problems


def _option_problems(where: str, command: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    names = [command["name"], *(command.get("name_localizations") or {}).values()]
    for name in names:
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(f"{where}: name {name!r} must be 1-32 lowercase letters, digits, - or _")
    description = command.get("description")
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        problems.append(f"{where}: description must be 1-100 characters")
    options = command.get("options") or []
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options (Discord allows 25)")
    seen_optional = False
    for option in options:
        if not isinstance(option, dict):
            continue
        child = f"{where} {option.get('name')}"
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            problems += _option_problems(child, option)
            continue
        problems += _option_problems(child, {**option, "options": []})
        if option.get("required"):
            if seen_optional:
                problems.append(f"{child}: required options must come before optional ones")
        else:
            seen_optional = True
        if len(option.get("choices") or []) > 25:
            problems.append(f"{child}: more than 25 choices")
    return problems


from . import threads, voice  # noqa: E402, F401  (register their routes; they import this module)
