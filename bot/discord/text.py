"""Text for Discord: the shared renderers (bot/render.py) with every player name made inert.

Names are Discord nicknames, chosen by players: `**@everyone**`, `<@&role>` or `# big` must show as
typed, not as Markdown or a ping. Names are escaped where they enter text (the seat namer and the
few events that carry a name as a plain string); the client's allowed mentions (bot/discord/app.py)
are the second guard. The terminal keeps the plain renderers.

Button and select labels show no Markdown and never ping, so they take the plain names
(`option_label`), escaping would show the backslashes there.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from discord.utils import escape_markdown, escape_mentions

from bot import render as plain
from bot.i18n import Reader, Term, render, t
from bot.render import SeatNamer
from games.core import Event, Option, Prompt

NAME_PARAMS = frozenset({"player", "old", "new", "host", "name"})
"""Parameters that may carry a name as a plain string (e.g. moderator-replaced: old, new) rather than
a seat reference."""
WRITTEN_PARAMS = NAME_PARAMS | {"text"}
"""Parameters that may carry what a player typed: names, and the words of a letter or a Boss's message
(a player must not fake lines in the bot's own voice: `**✉ A letter for you:**`, `# …`, a ping). Only
these are escaped, at any depth of nested messages; other strings are game data and Fluent selectors."""
PLAIN = frozenset({str, int, float, bool, type(None)})
"""Parameter values with nothing nested in them (most are)."""
RELAYED = "relayed"
"""The param of a public event the relay has already posted (bot/discord/relay.py): logged, never posted again."""


def relayed(event: Event) -> bool:
    return event.to is None and bool(event.params.get(RELAYED))


ESCAPED_KEPT = 4096
"""Names escaped once each and remembered (a channel line or the status message names the same few players
again and again: escaping them each time was a third of rendering the status message)."""
REMEMBERED_LENGTH = 100
"""Longer text (a letter's words) is escaped each time, not remembered: names are at most 32 characters."""


def escape_name(name: str) -> str:
    """The text shown as typed: no Markdown, no ping (always a plain `str`, whatever `str` subclass it was)."""
    if len(name) > REMEMBERED_LENGTH:
        return _escape(name)
    return _escaped(str(name))


def _escape(name: str) -> str:
    return escape_mentions(escape_markdown(name))


_escaped = lru_cache(maxsize=ESCAPED_KEPT)(_escape)


def safe_names(name_of: SeatNamer) -> SeatNamer:
    """`name_of` with every name escaped; a reader's own name (`bot.i18n.reading_as`) stays marked,
    so it still renders as "you". Made for one text: each seat is looked up once (a line may name a seat
    many times)."""
    known: dict[int, str] = {}

    def named(seat_number: int) -> str:
        found = known.get(seat_number)
        if found is not None:
            return found
        name = name_of(seat_number)
        if not isinstance(name, Term):  # a catalog term (an anonymous seat's public role) is rendered per reader
            name = Reader(escape_name(name)) if isinstance(name, Reader) else escape_name(name)
        known[seat_number] = name
        return name

    return named


def _params(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: escape_name(v) if k in WRITTEN_PARAMS and isinstance(v, str) else _nested(v) for k, v in params.items()}


def _nested(value: Any) -> Any:
    """A parameter with the written text of any message nested in it escaped (an order's summary line
    quoting a letter sits inside the sheet's prompt)."""
    if type(value) in PLAIN:
        return value
    if isinstance(value, dict):
        if set(value) == {"message", "params"} and isinstance(value["params"], Mapping):
            return {"message": value["message"], "params": _params(value["params"])}
        return {k: _nested(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nested(v) for v in value]
    return value


def event_text(event: Event, language: str | None, name_of: SeatNamer) -> str:
    return render(language, event.key, _params(event.params), safe_names(name_of))


def prompt_text(prompt: Prompt, language: str | None, name_of: SeatNamer) -> str:
    return render(language, prompt.key, _params(prompt.params), safe_names(name_of))


def option_text(option: Option, language: str | None, name_of: SeatNamer) -> str:
    """An option as it is quoted in a message ("Your answer: …")."""
    return render(language, option.label, _params(option.params), safe_names(name_of))


def option_label(option: Option, language: str | None, name_of: SeatNamer) -> str:
    """An option as a button or select label: plain, since labels render no Markdown."""
    return plain.option_text(option, language, name_of)


def disabled_reason(option: Option, language: str | None, name_of: SeatNamer) -> str | None:
    """Why a shown option cannot be picked, for message text (names escaped); None when it can."""
    if option.disabled is None:
        return None
    return refusal_text(option.disabled.key, option.disabled.params, language, name_of)


def option_with_reason(option: Option, language: str | None, name_of: SeatNamer) -> str:
    """An option quoted in message text with the reason beside it when it is disabled."""
    reason = disabled_reason(option, language, name_of)
    label = option_text(option, language, name_of)
    return label if reason is None else t(language, "option-disabled", option=label, reason=reason)


def option_label_with_reason(option: Option, language: str | None, name_of: SeatNamer, limit: int = 80) -> str:
    """A button label (plain, like `option_label`) with a disabled option's reason, clipped to `limit`."""
    return plain.clip(plain.option_with_reason(option, language, name_of), limit)


def refusal_text(key: str, params: dict[str, object], language: str | None, name_of: SeatNamer) -> str:
    return render(language, key, _params(params), safe_names(name_of))
