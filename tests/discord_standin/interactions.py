"""Interactions: a simulated member's clicks, selects and modals (`click`, `select`, `submit_modal`), the
INTERACTION_CREATE the bot gets for them, and its callbacks — answered within `ack_deadline` or refused with
10062, once (40060 on a second), each kind only where Discord takes it; Discord's delivering one twice
(`redeliver`)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from .messages import ATTACHMENT_SIZE_LIMIT
from .models import (
    DEFAULT_BOT_PERMISSIONS,
    Channel,
    Guild,
    InteractionContext,
    InteractionRecord,
    InteractionType,
    Message,
    Modal,
    Role,
    User,
)
from .rest import (
    BODY_CHECKS,
    ApiError,
    ApiRequest,
    FilePart,
    RecordedRequest,
    _snowflake_or_none,
    invalid_form_body,
    route,
)
from .spec import message_limit_problems, modal_limit_problems

# Interaction callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


def callback_problems(body: Any) -> list[str]:
    """A callback's message or modal, checked against Discord's limits."""
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        return []
    if body.get("type") in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
        return message_limit_problems(body["data"])
    if body.get("type") == MODAL:
        return modal_limit_problems(body["data"])
    return []


BODY_CHECKS["callback"] = callback_problems


class Interactions:
    """Interactions (a part of DiscordStandIn, server.py): a simulated member's clicks, selects and modals, the
    INTERACTION_CREATE the bot gets, and its callbacks, answered within Discord's deadline or refused as Discord
    refuses them."""

    # --- simulated members ---------------------------------------------------------------------------------------

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

    async def redeliver(self, record: InteractionRecord) -> InteractionRecord:
        """Send the same INTERACTION_CREATE again (same id and token), as Discord occasionally does."""
        await self._flush()
        guild_id = record.guild.id if record.guild is not None else None
        self._touch()
        await self.gateway.dispatch("INTERACTION_CREATE", self._interaction_payload(record), guild_id=guild_id)
        return record

    @staticmethod
    def acknowledgement(request: RecordedRequest) -> bool:
        """A deferred acknowledgement (callback type 5 or 6): "received", the answer to follow."""
        body = request.body
        return isinstance(body, dict) and body.get("type") in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    # --- the interaction -----------------------------------------------------------------------------------------

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

    # --- REST: the callback --------------------------------------------------------------------------------------

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



def _matches(component: dict[str, Any], label: str | None, custom_id: str | None) -> bool:
    if custom_id is not None and component.get("custom_id") != custom_id:
        return False
    return label is None or component.get("label") == label
