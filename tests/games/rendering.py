"""Rendering a game message the way every reader sees it: the channel (no "you"), and each
player named in it reading about themselves (their seat rendered as "you", `X_is_you` = yes)."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import catalog, reading_as, render_params


def seats_in(value: Any) -> set[int]:
    """Every seat a message's parameters name, however deeply nested."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return {value["seat"]}
        return set().union(*(seats_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(seats_in(v) for v in value)) if value else set()
    return set()


def renderings(language: str, key: str, params: dict[str, Any]) -> list[tuple[int | None, str, list[Any]]]:
    """(reader, text, Fluent errors) for the channel and for every seat named in `params`."""
    bundle = catalog(language).bundle
    message = bundle.get_message(key)
    assert message.value is not None, key
    out = []
    for reader in [None, *sorted(seats_in(params))]:
        names = reading_as(lambda n: f"Player {n + 1}", reader)
        text, errors = bundle.format_pattern(message.value, render_params(language, params, names))
        out.append((reader, text, errors))
    return out


YOU_WORDS = {"en": ("you",), "ru": ("вы",)}


def assert_renders_for_everyone(language: str, key: str, params: dict[str, Any], prefix: str) -> None:
    """No Fluent error, no raw placeholder or key, and a line never starts with a lower-case
    "you"/"вы" (a message naming a player at its start selects on `X_is_you`)."""
    for reader, text, errors in renderings(language, key, params):
        assert not errors, (language, key, reader, errors)
        assert "{" not in text and prefix not in text, (language, key, reader, text)
        stripped = re.sub(r"^[^\w]*(\d+\.\s*)?", "", text)
        for word in YOU_WORDS[language]:
            assert not stripped.startswith(word + " ") and not stripped.startswith(word + ":"), (
                language, key, reader, text,
            )
