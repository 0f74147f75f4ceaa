"""The world the stand-in keeps: users, guilds, channels, messages, interactions — and their Discord JSON."""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from .spec import walk_components

DISCORD_EPOCH_MS = 1_420_070_400_000

ALL_PERMISSIONS = 8_866_461_766_385_663  # discord.Permissions.all() in 2.7.1
ADMINISTRATOR = 1 << 3
#: What @everyone may do in a fresh server: view, send, read history, embed, attach, react, use commands …
DEFAULT_EVERYONE_PERMISSIONS = 311_455_763_521
#: The bot's own (managed) role: what a game bot is invited with — send, embed, attach, threads, commands.
DEFAULT_BOT_PERMISSIONS = 397_284_592_704

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_CHANNELS = 1 << 4
MANAGE_ROLES = 1 << 28
"""Shown as "Manage Permissions" in a channel's settings: needed to edit its permission overwrites."""
MANAGE_WEBHOOKS = 1 << 29
MUTE_MEMBERS = 1 << 22
MANAGE_THREADS = 1 << 34
"""Sees every private thread of a channel it can view, and removes anyone from one."""
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
MAX_CHANNEL_WEBHOOKS = 15
"""Discord refuses a 16th webhook in a channel (400 / 30007)."""

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_IS_COMPONENTS_V2 = 1 << 15


class ChannelType(IntEnum):
    GUILD_TEXT = 0
    DM = 1
    GUILD_VOICE = 2
    GUILD_CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12

    @property
    def is_thread(self) -> bool:
        return self in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)


class InteractionType(IntEnum):
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class InteractionContext(IntEnum):
    GUILD = 0
    BOT_DM = 1
    PRIVATE_CHANNEL = 2


class Snowflakes:
    """Increasing snowflake ids with real timestamps (so discord.py's `created_at` makes sense)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = max(now_ms << 22, self._last + 1)
        self._last = value
        return value

    def of_shard(self, shard: int, shard_count: int) -> int:
        """The next id whose server Discord routes to `shard` ((id >> 22) % shard_count): its timestamp moved
        on by less than `shard_count` milliseconds."""
        value = self()
        moment = (value >> 22) + (shard - (value >> 22)) % shard_count
        if moment != value >> 22:
            value = self._last = moment << 22
        return value


def iso_timestamp(seconds: float | None = None) -> str:
    moment = datetime.datetime.fromtimestamp(time.time() if seconds is None else seconds, datetime.UTC)
    return moment.isoformat()


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True
    """False: messages to this user's DM channel fail with 403 / 50007, like a user who closed their DMs."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (type 0, @everyone's id is the guild's) or a member (1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass
class Webhook:
    """An incoming webhook of a channel, created by the bot; executing it posts under its name (or the
    `username` of the request) and avatar."""

    id: int
    token: str
    channel_id: int
    guild_id: int
    name: str
    application_id: int
    avatar: bytes | None = None
    """The decoded image the bot gave at creation (a data URI's bytes), None for the default avatar."""
    made_by: User | None = None
    """Who made it, when not the bot (a member with Manage Webhooks)."""

    @property
    def avatar_hash(self) -> str | None:
        return None if self.avatar is None else hashlib.md5(self.avatar).hexdigest()

    def payload(self, creator: User) -> dict[str, Any]:
        creator = self.made_by or creator
        return {
            "id": str(self.id),
            "type": 1,
            "guild_id": str(self.guild_id),
            "channel_id": str(self.channel_id),
            "name": self.name,
            "avatar": self.avatar_hash,
            "token": self.token,
            "application_id": None if self.made_by else str(self.application_id),
            "user": creator.payload(),
        }


@dataclass
class Channel:
    id: int
    type: ChannelType
    name: str | None = None
    guild_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    last_message_id: int | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    """Permission overwrites by role or member id, as the bot (or a test) set them."""
    owner_id: int | None = None
    """A thread's creator."""
    thread_members: dict[int, float] = field(default_factory=dict)
    """A thread's members: user id → when they joined (wall time)."""
    invitable: bool = True
    """A private thread: whether members who are not moderators may add others."""

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, recipient: User | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": int(self.type),
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.is_dm:
            data["recipients"] = [recipient.payload()] if recipient is not None else []
            return data
        if self.type.is_thread:  # no overwrites of its own: the parent's apply
            data.update({
                "guild_id": str(self.guild_id), "name": self.name, "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id), "rate_limit_per_user": 0, "message_count": 0,
                "member_count": min(len(self.thread_members), 50), "total_message_sent": 0,
                "thread_metadata": {
                    "archived": False, "auto_archive_duration": 10080, "archive_timestamp": iso_timestamp(),
                    "locked": False, "invitable": self.invitable, "create_timestamp": iso_timestamp(),
                },
            })
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [overwrite.payload() for overwrite in self.overwrites.values()],
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "nsfw": False,
                "rate_limit_per_user": 0,
            }
        )
        if self.type == ChannelType.GUILD_TEXT:
            data["topic"] = self.topic
        if self.type == ChannelType.GUILD_VOICE:
            data.update({"bitrate": 64000, "user_limit": 0, "rtc_region": None, "video_quality_mode": 1})
        return data


@dataclass
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_timestamp)
    mute: bool = False
    """Server-muted in voice (set by a moderator or a bot with Mute Members; it stays across sessions)."""

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(role_id) for role_id in self.role_ids],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": self.mute,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    threads: dict[int, Channel] = field(default_factory=dict)
    """Its threads (kept apart from the channels, as Discord's GUILD_CREATE does)."""
    members: dict[int, Member] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_timestamp)
    voice: dict[int, int] = field(default_factory=dict)
    """Who is connected to which voice channel: user id → channel id."""
    scheduled_events: dict[int, Any] = field(default_factory=dict)
    """Its Events list: event id → scheduled_events.ScheduledEvent."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def channel(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise LookupError(f"guild {self.name!r} has no channel #{name}")

    def role(self, name: str) -> Role:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise LookupError(f"guild {self.name!r} has no role {name!r}")

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (no channel overwrites): owner and administrators have all."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        if member is None:
            return 0
        value = self.everyone.permissions
        for role_id in member.role_ids:
            role = self.roles.get(role_id)
            if role is not None:
                value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """Permissions in `channel`, overwrites applied as Discord does: @everyone's, then the member's
        roles' together, then the member's own (owner and administrators keep everything). A thread has
        the permissions of its parent channel."""
        if channel.type.is_thread and channel.parent_id in self.channels:
            channel = self.channels[channel.parent_id]
        value = self.permissions_of(user_id)
        if value == ALL_PERMISSIONS and (user_id == self.owner_id or value & ADMINISTRATOR):
            return value
        member = self.members.get(user_id)
        if member is None:
            return 0
        everyone = channel.overwrites.get(self.id)
        if everyone is not None:
            value = (value & ~everyone.deny) | everyone.allow
        roles = [channel.overwrites[r] for r in member.role_ids if r in channel.overwrites]
        if roles:
            deny = allow = 0
            for overwrite in roles:
                deny |= overwrite.deny
                allow |= overwrite.allow
            value = (value & ~deny) | allow
        own = channel.overwrites.get(user_id)
        if own is not None and own.type == 1:
            value = (value & ~own.deny) | own.allow
        return value

    def voice_state(self, user_id: int) -> dict[str, Any]:
        """A member's voice state (in GUILD_CREATE without `guild_id`, which VOICE_STATE_UPDATE adds)."""
        member = self.members[user_id]
        return {
            "channel_id": str(self.voice[user_id]) if user_id in self.voice else None, "user_id": str(user_id),
            "member": member.payload(), "session_id": f"voice-{user_id}", "deaf": False, "mute": member.mute,
            "self_deaf": False, "self_mute": False, "self_video": False, "suppress": False,
            "request_to_speak_timestamp": None,
        }

    def payload(self, *, bot_user_id: int, with_members: bool) -> dict[str, Any]:
        """GUILD_CREATE: without the members intent, Discord sends only the bot's own member."""
        members = [
            member.payload() for member in self.members.values() if with_members or member.user.id == bot_user_id
        ]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": self.preferred_locale,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "features": [],
            "roles": [role.payload() for role in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [channel.payload() for channel in self.channels.values()],
            "threads": [],
            "members": members,
            "member_count": len(self.members),
            "presences": [],
            "voice_states": [self.voice_state(user_id) for user_id in self.voice],
            "stage_instances": [],
            "guild_scheduled_events": [event.payload() for event in self.scheduled_events.values()],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "lazy": True,
            "joined_at": self.joined_at,
            "application_id": None,
        }


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None
    url: str = ""

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass
class Message:
    """A message as the stand-in holds it: its current state, plus every earlier version."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    deleted: bool = False
    visible_to: int | None = None
    """For an ephemeral message, the one user who sees it."""
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    """Earlier versions (content, embeds, components, attachments, flags), oldest first."""
    reactions: dict[str, set[int]] = field(default_factory=dict)
    """Emoji (as in the URL: "👍" or "name:id") -> the users who reacted."""
    pinned: bool = False
    nonce: str | None = None
    """The nonce the bot sent it with (Discord echoes it back)."""
    allowed_mentions: dict[str, Any] | None = None
    """The `allowed_mentions` the bot sent it with (None: not given, so every mention in it pings)."""
    avatar_url: str | None = None
    """A webhook post's `avatar_url` (None: the webhook's own avatar)."""

    @property
    def pings(self) -> dict[str, Any]:
        """Whom Discord notifies for this message: the mentions in its content that `allowed_mentions` lets
        through (no `allowed_mentions`: all of them). {"everyone": bool, "users": {ids}, "roles": {ids}}."""
        everyone = "@everyone" in self.content or "@here" in self.content
        users = {int(found) for found in re.findall(r"<@!?(\d+)>", self.content)}
        roles = {int(found) for found in re.findall(r"<@&(\d+)>", self.content)}
        allowed = self.allowed_mentions
        if allowed is not None:
            parse = allowed.get("parse") or []
            everyone = everyone and "everyone" in parse
            if "users" not in parse:
                users &= {int(user_id) for user_id in allowed.get("users") or []}
            if "roles" not in parse:
                roles &= {int(role_id) for role_id in allowed.get("roles") or []}
        return {"everyone": everyone, "users": users, "roles": roles}

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred interaction response that has not been filled in yet ("Bot is thinking…")."""
        return bool(self.flags & FLAG_LOADING)

    def visible_for(self, user_id: int | None) -> bool:
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)

    @property
    def text(self) -> str:
        """Everything a reader sees as text: content, embeds, text displays, button labels and select options."""
        parts: list[str] = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for embed_field in embed.get("fields") or []:
                parts.append(f"{embed_field.get('name', '')}: {embed_field.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        for component in self.all_components():
            if component.get("type") == 10 and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(parts)

    def all_components(self) -> Iterator[dict[str, Any]]:
        return walk_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [component for component in self.all_components() if component.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [component for component in self.all_components() if component.get("type") in (3, 5, 6, 7, 8)]

    @property
    def button_labels(self) -> list[str]:
        return [str(button.get("label") or "") for button in self.buttons]

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": list(self.embeds),
            "components": list(self.components),
            "attachments": [attachment.filename for attachment in self.attachments],
            "flags": self.flags,
            "at": self.edited_at or self.created_at,
        }

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso_timestamp(self.created_at),
            "edited_timestamp": iso_timestamp(self.edited_at) if self.edited_at else None,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": self.pinned,
            "flags": self.flags,
        }
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.reactions:
            data["reactions"] = [
                _reaction_payload(emoji, users, self.author.id) for emoji, users in self.reactions.items()
            ]
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data

    def __str__(self) -> str:
        extra = f" [{', '.join(self.button_labels)}]" if self.buttons else ""
        only = f" (only user {self.visible_to} sees it)" if self.visible_to is not None else ""
        return f"{self.author.username}: {self.text!r}{extra}{only}"


def _reaction_payload(emoji: str, users: set[int], me: int) -> dict[str, Any]:
    name, _, emoji_id = emoji.partition(":")
    return {
        "emoji": {"id": emoji_id or None, "name": name},
        "count": len(users),
        "count_details": {"burst": 0, "normal": len(users)},
        "me": me in users,
        "me_burst": False,
        "burst_colors": [],
    }


@dataclass
class Modal:
    """A modal the bot opened for a user (interaction callback type 9)."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    user_id: int
    opened_by: InteractionRecord


@dataclass
class InteractionRecord:
    """One interaction the stand-in sent, and everything the bot answered to it."""

    id: int
    token: str
    type: InteractionType
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    locale: str
    sent_at: float
    """Event-loop time the INTERACTION_CREATE left the stand-in; the 3-second clock starts here."""
    message: Message | None = None
    """For a component or a modal opened from one: the message it is on."""
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    """Every callback the bot tried, in order: {"type", "body", "status", "code", "after"}."""
    response_type: int | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    edited: list[int] = field(default_factory=list)
    """Messages the bot edited through the interaction's token (the original response, its follow-ups), in order."""
    modal: Modal | None = None
    _responded: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Callbacks Discord refused (10062 too late, 40060 already acknowledged, …)."""
        return [callback for callback in self.callbacks if callback["status"] >= 400]

    async def wait_response(self, timeout: float = 5.0) -> dict[str, Any]:
        """Wait for the bot's first callback (accepted or refused) and return it."""
        try:
            await asyncio.wait_for(self._responded.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot sent no interaction callback within {timeout} s for interaction {self.id} "
                f"({self.type.name}, {self.data.get('name') or self.data.get('custom_id')!r})"
            ) from None
        return self.callbacks[0]
