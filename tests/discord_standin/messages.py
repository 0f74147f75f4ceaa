"""Messages in channels and DMs: what each viewer sees (`channel_view`, `dm_view`: ephemeral answers only to
their member, private threads only to who sees them), a member's own posts (`user_message`), and the routes
that make, read, edit and delete messages — an enforced nonce returns the message made before, attachments
are kept and served, and the bot hears MESSAGE_CREATE / UPDATE / DELETE as Discord tells them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import gateway as gw
from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    InteractionRecord,
    InteractionType,
    Message,
    User,
    Webhook,
)
from .rest import BODY_CHECKS, ApiError, ApiRequest, FilePart, _snowflake, _snowflake_or_none, invalid_form_body, route
from .spec import message_limit_problems

if TYPE_CHECKING:
    from .server import DiscordStandIn

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Message types
DEFAULT_MESSAGE, CHAT_INPUT_COMMAND = 0, 20


def message_problems(body: Any) -> list[str]:
    return message_limit_problems(body) if isinstance(body, dict) else []


BODY_CHECKS["message"] = message_problems


class Messages:
    """Messages in channels and DMs (a part of DiscordStandIn, server.py): what each viewer sees, a member's own posts,
    and the routes that make, read, edit and delete them (nonces enforced, attachments kept)."""

    # --- what the channels show ----------------------------------------------------------------------------------

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

    # --- a member posts ------------------------------------------------------------------------------------------

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

    # --- making, editing, deleting -------------------------------------------------------------------------------

    def _channel_message(self, channel: Channel, raw_id: str) -> Message:
        message_id = _snowflake(raw_id)
        message = self._messages_by_id.get(message_id)
        if message is None or message.channel_id != channel.id:
            # not indexed (put in `messages` by a test itself): look through the channel as before
            message = next((m for m in self.messages.get(channel.id, []) if m.id == message_id), None)
        if message is not None and not message.deleted and message.visible_to is None:
            return message
        raise ApiError(404, 10008, "Unknown Message")

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

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self._attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")

    # --- REST ----------------------------------------------------------------------------------------------------

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



def _message_intent(channel: Channel) -> int:
    return gw.DIRECT_MESSAGES if channel.is_dm else gw.GUILD_MESSAGES


def _message_intent_for(message: Message, server: DiscordStandIn) -> int:
    return _message_intent(server.channels[message.channel_id])


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
