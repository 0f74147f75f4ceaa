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
only), remove_bot (GUILD_DELETE), changed (a test's own change to a channel, a role or the server's owner,
told as CHANNEL_UPDATE / GUILD_ROLE_UPDATE / GUILD_UPDATE). Messages keep the bot's `allowed_mentions`
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

Each Discord resource is a module of its own, a part of `DiscordStandIn` with its REST routes: channels.py
(servers, channels, roles, members, permissions), messages.py, commands.py (application commands),
interactions.py, webhooks.py, threads.py, voice.py, scheduled_events.py (a server's Events list), gateway.py
(the gateway, and the events a change causes); rest.py the plumbing every route goes through (records, route
matching, body checks, injected failures).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

from . import gateway as gw
from . import scheduled_events, threads, voice  # noqa: F401  (their routes)
from .channels import Channels
from .commands import Commands
from .gateway import GatewayEvents
from .interactions import Interactions
from .messages import ATTACHMENT_SIZE_LIMIT, Messages
from .models import Attachment, Channel, Guild, InteractionRecord, Message, Modal, Snowflakes, User, Webhook
from .rest import (  # what the resources' modules and the tests import from here
    API_PREFIX,
    ApiError,
    ApiRequest,
    FilePart,
    RateLimitRule,
    RecordedRequest,
    Rest,
    ServerErrorRule,
    T,
    _snowflake,
    _snowflake_or_none,
    invalid_form_body,
    route,
)
from .spec import SpecValidator
from .webhooks import Webhooks

__all__ = [
    "ATTACHMENT_SIZE_LIMIT",
    "ApiError",
    "ApiRequest",
    "DiscordStandIn",
    "FilePart",
    "RateLimitRule",
    "RecordedRequest",
    "ServerErrorRule",
    "_snowflake",
    "_snowflake_or_none",
    "invalid_form_body",
    "route",
]

PROCESS_GUILD_READY_TIMEOUT = 0.2
"""A bot process's wait for more servers' data after READY (the in-process bots' is client.py's 0.05 s)."""


class DiscordStandIn(GatewayEvents, Channels, Messages, Commands, Interactions, Webhooks, Rest):
    """Discord, as far as a bot can tell, on 127.0.0.1 (a free port). Each resource is its own module (the
    channels and their permissions, messages, commands, interactions, webhooks, threads, voice, the gateway,
    the REST plumbing); this class holds the state they share, the life cycle, users, and waiting."""

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

    # --- life cycle ----------------------------------------------------------------------------------------------

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

    # --- users ---------------------------------------------------------------------------------------------------

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

    # --- waiting -------------------------------------------------------------------------------------------------

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until the bot has sent nothing for `quiet` seconds (it finished reacting)."""
        await self._flush()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (silent := loop.time() - self._last_activity) < quiet:
            if loop.time() > deadline:
                raise AssertionError(f"the bot kept sending requests for {timeout} s")
            await asyncio.sleep(quiet - silent)  # just when it would have been quiet long enough; then look again

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

    # --- REST: the application and its users ---------------------------------------------------------------------

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
