"""Checks request bodies the way Discord would: the OpenAPI description, plus the limits it misses.

The description is Discord's own (`../shared/discord-api-spec/openapi.json`, next to the project, present in
CI). It is read from there, never copied into the project; when it is absent the schema check is skipped
and only the hand-written limits below apply.

Known gaps of the description, filled in here (see the spec's README):
- message `content` is limited to 2000 characters (the description says 4000 for channel messages);
- an embed's texts together, and all embeds of a message together, are limited to 6000 characters;
- snowflake ids may be integers (discord.py sends some that way, e.g. attachment ids);
- a permission overwrite's `allow` and `deny` may be strings of digits (Discord documents permission sets as
  strings, and discord.py sends them so; the description says integer).
Component limits (5 action rows, 5 buttons per row, 25 select options, custom_id ≤ 100, label ≤ 80) are
in the description too, but are checked again here so they hold when the description is absent.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance

PROJECT_ROOT = Path(__file__).resolve().parents[2]
#: Where the description lives: beside the project, never inside it. `DISCORD_OPENAPI_SPEC` overrides it.
DEFAULT_SPEC_PATH = PROJECT_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TEXT = 6000
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_V2_COMPONENTS = 40
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5
FLAG_IS_COMPONENTS_V2 = 1 << 15

BUTTON = 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
ACTION_ROW = 1
LABEL = 18


def spec_path() -> Path:
    override = os.environ.get("DISCORD_OPENAPI_SPEC")
    return Path(override) if override else DEFAULT_SPEC_PATH


@dataclass(frozen=True)
class Operation:
    """One operation of the description: its path template and what its body must look like."""

    template: str
    method: str
    body_schemas: dict[str, Any]  # content type -> schema


class SpecValidator:
    """Finds the operation of a request in the description and validates its JSON body."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = _relax_permission_strings(_relax_snowflakes(document))
        self._root = Draft202012Validator(self.document)
        self._routes: list[tuple[re.Pattern[str], int, str]] = []
        for template in self.document["paths"]:
            literal_segments = sum(1 for part in template.split("/") if part and not part.startswith("{"))
            self._routes.append((_template_regex(template), literal_segments, template))
        # Prefer the most specific template: `/users/@me` before `/users/{user_id}`.
        self._routes.sort(key=lambda item: -item[1])
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}
        self._fast: dict[tuple[str, str], jsonschema_rs.Draft202012Validator | None] = {}

    @classmethod
    def load(cls, path: Path | None = None) -> SpecValidator | None:
        """The validator for the description at `path`, or None when there is no such file."""
        return _load_cached(str(path or spec_path()))

    def operation(self, method: str, path: str) -> Operation | None:
        for pattern, _, template in self._routes:
            if pattern.fullmatch(path):
                item = self.document["paths"][template].get(method.lower())
                if item is None:
                    continue
                content = (item.get("requestBody") or {}).get("content", {})
                schemas = {kind: body["schema"] for kind, body in content.items() if "schema" in body}
                return Operation(template=template, method=method.upper(), body_schemas=schemas)
        return None

    def validate(self, method: str, path: str, body: Any) -> list[str]:
        """Problems with `body` as the JSON body (or `payload_json`) of `method path`; [] when fine."""
        operation = self.operation(method, path)
        if operation is None:
            return [f"{method} {path}: no such operation in Discord's OpenAPI description"]
        if body is None:
            return []
        validator = self._validator(operation)
        if validator is None:
            return [f"{method} {operation.template}: the description gives this operation no request body"]
        if self._fast_valid(operation, body):
            return []
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        best = _explain(errors)
        return [f"{method} {operation.template}: {best.json_path}: {_shorten(best.message)}"]

    def _fast_valid(self, operation: Operation, body: Any) -> bool:
        """True when the compiled validator (jsonschema-rs, some hundred times quicker) accepts the body.
        Only a "valid" is taken from it: anything else, and any trouble compiling, goes to the reference
        validator, which also explains what is wrong (tests/discord/test_spec_checks.py checks they agree)."""
        key = (operation.method, operation.template)
        if key not in self._fast:
            schemas = operation.body_schemas
            schema = schemas.get("application/json") or schemas.get("multipart/form-data")
            try:  # the operation's schema, its $refs resolved against the description's components
                self._fast[key] = None if schema is None else jsonschema_rs.Draft202012Validator(
                    {**schema, "components": self.document["components"]}, validate_formats=False
                )
            except Exception:
                self._fast[key] = None
        fast = self._fast[key]
        try:
            return fast is not None and fast.is_valid(body)
        except Exception:  # e.g. a number too large for it
            return False

    def _validator(self, operation: Operation) -> Draft202012Validator | None:
        key = (operation.method, operation.template)
        if key not in self._validators:
            schemas = operation.body_schemas
            schema = schemas.get("application/json") or schemas.get("multipart/form-data")
            self._validators[key] = None if schema is None else self._root.evolve(schema=schema)
        return self._validators[key]


@cache
def _load_cached(path: str) -> SpecValidator | None:
    file = Path(path)
    if not file.is_file():
        return None
    return SpecValidator(json.loads(file.read_text(encoding="utf-8")))


def _explain(errors: list[ValidationError]) -> ValidationError:
    """The most telling error; inside anyOf/oneOf, follow the one branch whose `type` matched."""
    error = max(errors, key=relevance)
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        plausible = [group for group in branches.values() if not any(_wrong_kind(sub) for sub in group)]
        if len(plausible) != 1:
            break
        error = max(plausible[0], key=relevance)
    return error


def _wrong_kind(error: ValidationError) -> bool:
    """The branch is about another kind of thing: its `type` field or the JSON type differs."""
    path = list(error.relative_path)
    return path == ["type"] or (not path and error.validator == "type")


def _template_regex(template: str) -> re.Pattern[str]:
    parts = []
    for part in template.split("/"):
        parts.append("[^/]+" if part.startswith("{") and part.endswith("}") else re.escape(part))
    return re.compile("/".join(parts))


def _relax_snowflakes(document: dict[str, Any]) -> dict[str, Any]:
    """Accept integer snowflakes too (discord.py sends some ids as numbers; Discord accepts them)."""
    document = copy.deepcopy(document)
    schemas = document["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return document


def _relax_permission_strings(document: dict[str, Any]) -> dict[str, Any]:
    """Accept a permission overwrite's `allow`/`deny` as a string of digits too (Discord's documented form)."""
    operation = document["paths"].get("/channels/{channel_id}/permissions/{overwrite_id}", {}).get("put", {})
    schema = ((operation.get("requestBody") or {}).get("content", {}).get("application/json") or {}).get("schema")
    for name in ("allow", "deny"):
        properties = (schema or {}).get("properties") or {}
        if name in properties:
            properties[name] = {"anyOf": [properties[name], {"type": "string", "pattern": "^[0-9]{1,20}$"}]}
    return document


def _shorten(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- the limits the description misses (or that must hold without it) -----------------------------------


def message_limit_problems(body: dict[str, Any]) -> list[str]:
    """Problems with a message body (create or edit, channel, webhook or interaction response)."""
    problems: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(f"content is {len(content)} characters (Discord allows {MAX_CONTENT})")
    embeds = body.get("embeds") or []
    if isinstance(embeds, list):
        if len(embeds) > MAX_EMBEDS:
            problems.append(f"{len(embeds)} embeds (Discord allows {MAX_EMBEDS})")
        total = 0
        for index, embed in enumerate(embeds):
            if isinstance(embed, dict):
                size = embed_text_length(embed)
                total += size
                if size > MAX_EMBED_TEXT:
                    problems.append(f"embed {index} has {size} characters of text (Discord allows {MAX_EMBED_TEXT})")
        if total > MAX_EMBED_TEXT:
            problems.append(f"the embeds have {total} characters of text together (Discord allows {MAX_EMBED_TEXT})")
    components = body.get("components") or []
    flags = body.get("flags") or 0
    if isinstance(components, list):
        if isinstance(flags, int) and flags & FLAG_IS_COMPONENTS_V2:
            if body.get("content") or body.get("embeds"):
                problems.append("a components-v2 message cannot have content or embeds")
            count = sum(1 for _ in walk_components(components))
            if count > MAX_V2_COMPONENTS:
                problems.append(f"{count} components (Discord allows {MAX_V2_COMPONENTS})")
        else:
            if len(components) > MAX_ACTION_ROWS:
                problems.append(f"{len(components)} action rows (Discord allows {MAX_ACTION_ROWS})")
            for index, row in enumerate(components):
                if isinstance(row, dict) and row.get("type") != ACTION_ROW:
                    problems.append(f"top-level component {index} is type {row.get('type')}, not an action row")
        problems.extend(component_limit_problems(components))
    return problems


def modal_limit_problems(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    title = data.get("title")
    if isinstance(title, str) and len(title) > MAX_MODAL_TITLE:
        problems.append(f"modal title is {len(title)} characters (Discord allows {MAX_MODAL_TITLE})")
    custom_id = data.get("custom_id")
    if isinstance(custom_id, str) and len(custom_id) > MAX_CUSTOM_ID:
        problems.append(f"modal custom_id is {len(custom_id)} characters (Discord allows {MAX_CUSTOM_ID})")
    components = data.get("components") or []
    if isinstance(components, list):
        if len(components) > MAX_MODAL_COMPONENTS:
            problems.append(f"modal has {len(components)} top-level components (Discord allows {MAX_MODAL_COMPONENTS})")
        problems.extend(component_limit_problems(components))
    return problems


def component_limit_problems(components: list[Any]) -> list[str]:
    problems: list[str] = []
    for component in walk_components(components):
        kind = component.get("type")
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str) and len(custom_id) > MAX_CUSTOM_ID:
            problems.append(f"custom_id {custom_id[:40]!r}… has {len(custom_id)} characters (limit {MAX_CUSTOM_ID})")
        label = component.get("label")
        if isinstance(label, str) and len(label) > MAX_LABEL and kind != LABEL:
            problems.append(f"label {label[:40]!r}… is {len(label)} characters (Discord allows {MAX_LABEL})")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            buttons = sum(1 for child in children if isinstance(child, dict) and child.get("type") == BUTTON)
            if buttons > MAX_ROW_BUTTONS:
                problems.append(f"an action row has {buttons} buttons (Discord allows {MAX_ROW_BUTTONS})")
            selects = [child for child in children if isinstance(child, dict) and child.get("type") in SELECT_TYPES]
            if selects and len(children) > 1:
                problems.append("an action row with a select menu cannot hold anything else")
        if kind in SELECT_TYPES:
            options = component.get("options") or []
            if len(options) > MAX_SELECT_OPTIONS:
                problems.append(f"select {custom_id!r} has {len(options)} options (limit {MAX_SELECT_OPTIONS})")
            for option in options:
                option_label = option.get("label") if isinstance(option, dict) else None
                if isinstance(option_label, str) and len(option_label) > 100:
                    problems.append(f"select option label is {len(option_label)} characters (Discord allows 100)")
    return problems


def walk_components(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: rows, containers, sections (and their accessory), labels."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def embed_text_length(embed: dict[str, Any]) -> int:
    """The characters Discord counts against the 6000 limit: title, description, fields, footer, author."""

    def text(value: Any) -> int:
        return len(value) if isinstance(value, str) else 0

    size = text(embed.get("title")) + text(embed.get("description"))
    for field in embed.get("fields") or []:
        if isinstance(field, dict):
            size += text(field.get("name")) + text(field.get("value"))
    for key in ("footer", "author"):
        part = embed.get(key)
        if isinstance(part, dict):
            size += text(part.get("text")) + text(part.get("name"))
    return size
