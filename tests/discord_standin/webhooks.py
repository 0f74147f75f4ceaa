"""Webhooks: a channel's own (made with an avatar, listed, executed under a name the post gives, deleted; at
most 15 a channel, Manage Webhooks needed) and an interaction's token as a webhook — its follow-ups, and its
original response read, edited or deleted — for as long as the token lives (`token_lifetime`)."""

from __future__ import annotations

import asyncio
import base64
import re
import secrets
from typing import Any

from .interactions import DEFERRED_CHANNEL_MESSAGE
from .models import (
    MANAGE_WEBHOOKS,
    MAX_CHANNEL_WEBHOOKS,
    Channel,
    ChannelType,
    InteractionRecord,
    Message,
    User,
    Webhook,
)
from .rest import ApiError, ApiRequest, RecordedRequest, _snowflake, _snowflake_or_none, invalid_form_body, route


class Webhooks:
    """Webhooks (a part of DiscordStandIn, server.py): a channel's own webhooks (made, listed, executed, deleted; at
    most 15 a channel) and an interaction's token as a webhook (its follow-ups and its original response)."""

    # --- channel webhooks ----------------------------------------------------------------------------------------

    def add_webhook(self, channel: Channel, name: str, *, made_by: User | None = None) -> Webhook:
        """A webhook of `channel` made outside the bot's requests: by the bot (an orphan an older process left)
        or, `made_by`, by a member."""
        hook = Webhook(self.snowflake(), secrets.token_urlsafe(48), channel.id, channel.guild_id or 0, name,
                       self.application_id, made_by=made_by)
        self.webhooks[hook.id] = hook
        return hook

    def channel_webhooks(self, channel: Channel) -> list[Webhook]:
        return [hook for hook in self.webhooks.values() if hook.channel_id == channel.id]

    def channel_webhook_post(self, request: RecordedRequest) -> bool:
        """A channel webhook's own post (a seat's words under its public name), not an interaction's follow-up."""
        parts = request.path.strip("/").split("/")
        return len(parts) == 3 and parts[0] == "webhooks" and self.interaction_of(request) is None

    def interaction_follow_up(self, request: RecordedRequest) -> bool:
        """A message made through an interaction's token (a follow-up), not a channel webhook's post."""
        parts = request.path.strip("/").split("/")
        return len(parts) == 3 and parts[0] == "webhooks" and self.interaction_of(request) is not None

    # --- REST: channel webhooks ----------------------------------------------------------------------------------

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

    # --- REST: an interaction's webhook --------------------------------------------------------------------------

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

