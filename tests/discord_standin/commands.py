"""Application commands: registered as Discord registers them (checked for what Discord refuses that its
description does not say: names, option order, duplicates, counts), shown only where they may run and to
members with their default permissions, and run by a simulated member (`invoke_slash`, `autocomplete`) with
options as the Discord client sends them (choices, bounds, resolved users, roles, channels, attachments)."""

from __future__ import annotations

import itertools
import re
from typing import Any

from .models import (
    DEFAULT_BOT_PERMISSIONS,
    Channel,
    Guild,
    InteractionContext,
    InteractionRecord,
    InteractionType,
    Role,
    User,
)
from .rest import BODY_CHECKS, ApiError, ApiRequest, FilePart, _snowflake, _snowflake_or_none, invalid_form_body, route

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(
    1, 12
)


class Commands:
    """Application commands (a part of DiscordStandIn, server.py): registered as Discord registers them (checked for
    what Discord refuses), and run by simulated members with their options as the client sends them."""

    # --- simulated members ---------------------------------------------------------------------------------------

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

    # --- REST ----------------------------------------------------------------------------------------------------

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



def _permissions_string(value: Any) -> str | None:
    return None if value is None else str(value)


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


BODY_CHECKS["commands"] = lambda body: _command_problems(body if isinstance(body, list) else [body])
