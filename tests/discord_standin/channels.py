"""Servers, their channels, roles and members, the bot's DMs, and who may do what where: the world a test
builds (`add_guild`, `add_channel`, `add_role`, `add_member`, `close_dms`), what moderators and Discord change
(`delete_channel`, `changed`, `remove_member`, `remove_bot`), and the routes that read it or set a channel's
permission overwrites (the bot needs Manage Roles for that, and may only allow or deny what it holds)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import gateway as gw
from .models import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    MANAGE_ROLES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    ChannelType,
    Guild,
    Member,
    Overwrite,
    Role,
    User,
)
from .rest import ApiError, ApiRequest, _snowflake, _snowflake_or_none, invalid_form_body, route


class Channels:
    """Servers, their channels, roles and members, DMs, and who may do what where (a part of DiscordStandIn,
    server.py): the world a test builds, what moderators change, and the routes that read it or change channels'
    permission overwrites."""

    # --- building the world --------------------------------------------------------------------------------------

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

    # --- permissions ---------------------------------------------------------------------------------------------

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

    def _require(self, channel: Channel, permission: int) -> Guild:
        """The channel's server, if the bot holds `permission` there (overwrites applied); else 403 / 50013."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        if guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not guild.permissions_in(channel, self.bot_user.id) & permission:
            raise ApiError(403, 50013, "Missing Permissions")
        return guild

    # --- what moderators and Discord change ----------------------------------------------------------------------

    async def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes `channel`: CHANNEL_DELETE (GUILDS intent); sending to it answers 404 / 10003."""
        guild = self.guilds[channel.guild_id] if channel.guild_id is not None else None
        if guild is not None:
            guild.channels.pop(channel.id, None)
        self.channels.pop(channel.id, None)
        await self.dispatch("CHANNEL_DELETE", channel.payload(), guild_id=channel.guild_id, intent=gw.GUILDS)

    async def changed(self, guild: Guild, thing: Channel | Role | None = None) -> None:
        """A moderator changed `thing` (a channel's overwrites, a role's permissions) or, when None, the server
        itself (its owner) — the test changed the model directly; the bot hears it as Discord tells it:
        CHANNEL_UPDATE, GUILD_ROLE_UPDATE or GUILD_UPDATE (GUILDS intent)."""
        if isinstance(thing, Channel):
            event, data = "CHANNEL_UPDATE", thing.payload()
        elif isinstance(thing, Role):
            event, data = "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": thing.payload()}
        else:
            event, data = "GUILD_UPDATE", guild.payload(bot_user_id=self.bot_user.id, with_members=False)
            for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at", "member_count"):
                data.pop(key, None)
        await self.dispatch(event, data, guild_id=guild.id, intent=gw.GUILDS)

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

    # --- lookups that answer like Discord ------------------------------------------------------------------------

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

    def _recipient(self, channel: Channel) -> User | None:
        return self.users.get(channel.recipient_id) if channel.recipient_id is not None else None

    def _channel_payload(self, channel: Channel) -> dict[str, Any]:
        return channel.payload(self._recipient(channel))

    # --- REST ----------------------------------------------------------------------------------------------------

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

