"""The gateway half of the stand-in: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME, dispatches.

It speaks what discord.py 2.7.1 speaks: JSON encoding, optionally `compress=zlib-stream` (one zlib stream per
connection, every message ending in a Z_SYNC_FLUSH). A `zstd-stream` request is answered with plain text
frames, which discord.py also accepts. Events go to the session whose shard owns the guild
(`(guild_id >> 22) % shard_count`); DM events go to shard 0, as on Discord. A test may send some events
to every shard instead (`everywhere`): several bot processes then get the same input at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSCloseCode, WSMsgType, web

from .rest import ApiRequest, route

if TYPE_CHECKING:
    from .server import DiscordStandIn

log = logging.getLogger(__name__)

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALIDATE_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# Intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_VOICE_STATES = 1 << 7
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = {
    GUILD_MEMBERS: "GUILD_MEMBERS",
    GUILD_PRESENCES: "GUILD_PRESENCES",
    MESSAGE_CONTENT: "MESSAGE_CONTENT",
}

HEARTBEAT_INTERVAL_MS = 41_250
BACKLOG = 10_000
"""Events a session keeps for a RESUME; a client that missed more gets INVALID_SESSION and identifies again."""


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    compress: bool
    session: GatewaySession | None = None
    _compressor: Any = field(default=None, repr=False)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def __post_init__(self) -> None:
        if self.compress:
            self._compressor = zlib.compressobj()

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        async with self._lock:  # compressing and sending must keep the stream in order
            if self.ws.closed:
                return
            if self._compressor is not None:
                data = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass(eq=False)
class GatewaySession:
    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    seq: int = 0
    backlog: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=BACKLOG))
    """The latest events sent, for a RESUME (Discord keeps a limited buffer too: one that lost more is invalid)."""
    connection: Connection | None = None
    invalid: bool = False
    resumes: int = 0

    def owns_guild(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed


class Gateway:
    def __init__(self, server: DiscordStandIn) -> None:
        self.server = server
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[Connection] = set()
        self.identifies: list[dict[str, Any]] = []
        self.presence_updates: list[dict[str, Any]] = []
        self.everywhere: set[str] = set()
        """Events (e.g. "INTERACTION_CREATE") sent to every live session, whatever shard owns them."""
        self.refusing = False
        """Discord's gateway down (`DiscordStandIn.outage`): a new connection is answered 503."""
        self._ready_waiters: list[tuple[Callable[[GatewaySession], bool], asyncio.Future[GatewaySession]]] = []

    # --- the websocket ----------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() != "websocket":
            raise web.HTTPNotFound(text="the gateway speaks websocket")
        if self.refusing:
            raise web.HTTPServiceUnavailable(text="the gateway is down")
        encoding = request.query.get("encoding", "json")
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        if encoding != "json":
            await ws.close(code=4002, message=b"Only the json encoding is supported by the stand-in")
            return ws
        if request.query.get("v", "10") != "10":
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        connection = Connection(ws=ws, compress=request.query.get("compress") == "zlib-stream")
        self.connections.add(connection)
        client_close_code: int | None = None
        try:
            await connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            while not ws.closed:
                message = await ws.receive()
                if message.type == WSMsgType.CLOSE:
                    client_close_code = message.data
                    break
                if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                try:
                    payload = json.loads(message.data)
                except (ValueError, TypeError):
                    await ws.close(code=4002, message=b"Decode error")
                    break
                await self._received(connection, payload)
        finally:
            self.connections.discard(connection)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
                # The client closing cleanly (1000/1001) ends its session, as on Discord; any other close
                # (or the stand-in dropping the connection) leaves it resumable.
                if client_close_code in (WSCloseCode.OK, WSCloseCode.GOING_AWAY):
                    session.invalid = True
        return ws

    async def _received(self, connection: Connection, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        data = payload.get("d")
        if op == HEARTBEAT:
            await connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        elif op == PRESENCE_UPDATE:
            self.presence_updates.append(data)
        elif op == REQUEST_MEMBERS:
            await self._request_members(connection, data or {})
        elif op == VOICE_STATE:
            pass
        else:
            await connection.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> None:
        server = self.server
        self.identifies.append(data)
        if connection.session is not None:
            await connection.ws.close(code=4005, message=b"Already authenticated")
            return
        if data.get("token") != server.token:
            await connection.ws.close(code=4004, message=b"Authentication failed")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0:
            await connection.ws.close(code=4013, message=b"Invalid intent(s)")
            return
        refused = [
            name for bit, name in PRIVILEGED_INTENTS.items() if intents & bit and bit not in server.privileged_intents
        ]
        if refused:
            log.warning("stand-in gateway: refusing privileged intents %s", refused)
            await connection.ws.close(code=4014, message=b"Disallowed intent(s)")
            return
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < shard_count:
            await connection.ws.close(code=4010, message=b"Invalid shard")
            return

        session = GatewaySession(
            session_id=secrets.token_hex(16), shard_id=shard_id, shard_count=shard_count, intents=intents
        )
        self.sessions[session.session_id] = session
        session.connection = connection
        connection.session = session

        guilds = [guild for guild in server.guilds.values() if session.owns_guild(guild.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": server.bot_user.payload() | {"verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": server.gateway_url,
            "application": {"id": str(server.application_id), "flags": server.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["stand-in"],
            "user_settings": {},
            "auth_session_id_hash": "",
            "_trace": ['["discord-standin"]'],
        }
        if data.get("shard") is not None:
            ready["shard"] = [shard_id, shard_count]
        await self._send_to_session(session, "READY", ready)
        if intents & GUILDS:
            for guild in guilds:
                payload = guild.payload(bot_user_id=server.bot_user.id, with_members=bool(intents & GUILD_MEMBERS))
                await self._send_to_session(session, "GUILD_CREATE", payload)
        for predicate, future in list(self._ready_waiters):
            if not future.done() and predicate(session):
                future.set_result(session)

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session.invalid or data.get("token") != self.server.token:
            await connection.send({"op": INVALIDATE_SESSION, "d": False})
            return
        last_seen = data.get("seq") or 0
        if session.backlog and session.backlog[0]["s"] > last_seen + 1:  # what it missed is no longer kept
            session.invalid = True
            await connection.send({"op": INVALIDATE_SESSION, "d": False})
            return
        previous = session.connection
        if previous is not None and previous is not connection:
            previous.session = None
            await previous.ws.close(code=4000, message=b"Session resumed elsewhere")
        session.connection = connection
        connection.session = session
        session.resumes += 1
        for payload in session.backlog:
            if payload["s"] > last_seen:
                await connection.send(payload)
        await self._send_to_session(session, "RESUMED", {"_trace": ["discord-standin"]})

    async def _request_members(self, connection: Connection, data: dict[str, Any]) -> None:
        session = connection.session
        if session is None:
            return
        guild = self.server.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        query = data.get("query")
        user_ids = {int(user_id) for user_id in data.get("user_ids") or []}
        if not user_ids and not session.intents & GUILD_MEMBERS:
            await connection.ws.close(code=4014, message=b"Disallowed intent(s)")
            return
        members = [
            member.payload()
            for member in guild.members.values()
            if (not user_ids or member.user.id in user_ids)
            and (not query or member.user.username.lower().startswith(str(query).lower()))
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self._send_to_session(session, "GUILD_MEMBERS_CHUNK", chunk)

    # --- sending ----------------------------------------------------------------------------------------

    async def _send_to_session(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.backlog.append(payload)
        if session.connection is not None:
            try:
                await session.connection.send(payload)
            except ConnectionError:  # the bot went away mid-send; a RESUME replays it
                log.debug("stand-in gateway: lost %s on a closing connection", event)

    def live_sessions(self, guild_id: int | None = None) -> list[GatewaySession]:
        """Sessions that would get an event about `guild_id` (None: a DM): connected or resumable."""
        return [session for session in self.sessions.values() if not session.invalid and session.owns_guild(guild_id)]

    async def dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None, intent: int = 0) -> int:
        """Send a DISPATCH to every session of the owning shard that asked for `intent`; returns how many."""
        owners = self.live_sessions(guild_id) if event not in self.everywhere else [
            session for session in self.sessions.values() if not session.invalid
        ]
        sessions = [session for session in owners if not intent or session.intents & intent]
        for session in sessions:
            await self._send_to_session(session, event, data)
        return len(sessions)

    async def wait_for_ready(self, predicate: Callable[[GatewaySession], bool], timeout: float) -> GatewaySession:
        future: asyncio.Future[GatewaySession] = asyncio.get_running_loop().create_future()
        entry = (predicate, future)
        self._ready_waiters.append(entry)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._ready_waiters.remove(entry)

    # --- what tests can do to the gateway ---------------------------------------------------------------

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT on every connection: discord.py closes and RESUMEs."""
        for connection in list(self.connections):
            if connection.session is not None:
                await connection.send({"op": RECONNECT, "d": None})

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every connection with `code` (4000 "unknown error": discord.py reconnects and RESUMEs)."""
        for connection in list(self.connections):
            await connection.ws.close(code=code, message=b"Dropped by the stand-in")

    async def invalidate_sessions(self) -> None:
        """Send op 9 INVALID_SESSION (not resumable): discord.py IDENTIFYs again."""
        for session in self.sessions.values():
            session.invalid = True
        for connection in list(self.connections):
            if connection.session is not None:
                await connection.send({"op": INVALIDATE_SESSION, "d": False})

    async def close(self) -> None:
        for connection in list(self.connections):
            with contextlib.suppress(Exception):
                await connection.ws.close(code=WSCloseCode.GOING_AWAY, message=b"Stand-in shutting down")
        self.connections.clear()


class GatewayEvents:
    """What the bot hears through the gateway (a part of DiscordStandIn, server.py): events caused by a change, sent in
    order, and the gateway's REST routes."""

    # --- gateway events ------------------------------------------------------------------------------------------

    async def dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None = None, intent: int = 0) -> int:
        """Send any gateway event; returns how many sessions got it."""
        await self._flush()
        self._touch()
        return await self.gateway.dispatch(event, data, guild_id=guild_id, intent=intent)

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

    async def wait_until_connected(self, timeout: float = 5.0) -> GatewaySession:
        for session in self.gateway.sessions.values():
            if session.connected:
                return session
        return await self.gateway.wait_for_ready(lambda session: True, timeout)

    async def reconnect_gateway(self) -> None:
        """Op 7 RECONNECT: the bot must reconnect and RESUME without losing events."""
        await self.gateway.request_reconnect()

    async def drop_gateway(self, code: int = 4000) -> None:
        await self.gateway.drop_connections(code)

    # --- REST ----------------------------------------------------------------------------------------------------

    @route("GET", "/gateway", auth=False)
    async def _get_gateway(self, request: ApiRequest) -> Any:
        return {"url": self.gateway_url}

    @route("GET", "/gateway/bot")
    async def _get_gateway_bot(self, request: ApiRequest) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit}

