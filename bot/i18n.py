"""Message catalogs (Project Fluent files in data/locales/<lang>/*.ftl) and event rendering.

Fluent picks plural forms through Babel's CLDR rules, so Russian gets one/few/many right
(1 монета, 2 монеты, 5 монет) without hand-written plural code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

LOCALES_DIR = Path(__file__).resolve().parent.parent / "data" / "locales"
LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

SeatNamer = Callable[[int], str]


def normalize(language: str | None) -> str:
    """Map a Discord locale ("ru", "en-US", "en-GB") or a setting to a supported language."""
    if not language:
        return DEFAULT_LANGUAGE
    base = str(language).split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class Catalog:
    """All messages of one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.bundle = FluentBundle([language], use_isolating=False)
        self.keys: set[str] = set()
        for path in sorted((LOCALES_DIR / language).glob("*.ftl")):
            resource = FluentResource(path.read_text(encoding="utf-8"))
            self.bundle.add_resource(resource)
            self.keys.update(
                entry.id.name for entry in resource.body if type(entry).__name__ == "Message"
            )

    def has(self, key: str) -> bool:
        return self.bundle.has_message(key)

    def text(self, key: str, params: Mapping[str, Any] | None = None) -> str:
        if not self.bundle.has_message(key):
            return key
        message = self.bundle.get_message(key)
        if message.value is None:
            return key
        text, _errors = self.bundle.format_pattern(message.value, dict(params or {}))
        return text


@cache
def catalog(language: str | None) -> Catalog:
    return Catalog(normalize(language))


def t(language: str | None, key: str, /, **params: Any) -> str:
    return catalog(language).text(key, params)


def resolve(language: str | None, value: Any, name_of: SeatNamer) -> Any:
    """Turn the structured parameters of events (seat(n), term(key), lists) into text."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return name_of(value["seat"])
        if set(value) == {"term"}:
            return t(language, value["term"])
        return {k: resolve(language, v, name_of) for k, v in value.items()}
    if isinstance(value, list):
        parts = [resolve(language, v, name_of) for v in value]
        if all(isinstance(p, str) for p in parts):
            return ", ".join(parts) if parts else "—"
        return parts
    return value


def render(language: str | None, key: str, params: Mapping[str, Any], name_of: SeatNamer) -> str:
    """A message with its structured parameters resolved: the one way events become text."""
    resolved = {k: resolve(language, v, name_of) for k, v in params.items()}
    return t(language, key, **resolved)
