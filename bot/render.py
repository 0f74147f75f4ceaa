"""Turning events, prompts and summaries into text for one reader — the same for every game
and for both the terminal and Discord."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import list_names as list_names  # one way to write a list of names (re-exported)
from bot.i18n import render, resolve, t
from games.core import TOLD_IN_PRIVATE, Event, Option, Prompt

SeatNamer = Callable[[int], str]


def event_text(event: Event, language: str | None, name_of: SeatNamer) -> str:
    return render(language, event.key, event.params, name_of)


def prompt_text(prompt: Prompt, language: str | None, name_of: SeatNamer) -> str:
    return render(language, prompt.key, prompt.params, name_of)


def option_text(option: Option, language: str | None, name_of: SeatNamer) -> str:
    return render(language, option.label, option.params, name_of)


def refusal_text(key: str, params: dict[str, object], language: str | None, name_of: SeatNamer) -> str:
    return render(language, key, params, name_of)


def disabled_reason(option: Option, language: str | None, name_of: SeatNamer) -> str | None:
    """Why a shown option cannot be picked (its refusal as text), or None when it can."""
    if option.disabled is None:
        return None
    return refusal_text(option.disabled.key, option.disabled.params, language, name_of)


def option_with_reason(option: Option, language: str | None, name_of: SeatNamer) -> str:
    """An option's label, with the reason next to it when it is disabled ("Check — you cannot
    check: 20 to call"): for buttons' descriptions, select options and the terminal."""
    label = option_text(option, language, name_of)
    reason = disabled_reason(option, language, name_of)
    return label if reason is None else t(language, "option-disabled", option=label, reason=reason)


def option_explained(option: Option, language: str | None, name_of: SeatNamer) -> str | None:
    """The text an option carries to explain itself (a Mafia role's `ability` at sign-up), or None."""
    ability = option.params.get("ability")
    if ability is None:
        return None
    return str(resolve(language, ability, name_of))


def option_with_hint(option: Option, language: str | None, name_of: SeatNamer, limit: int | None = None) -> str:
    """`option_with_reason`, followed by what the option does when it says (clipped at a word to
    `limit` characters: one short line per option; the whole text when `limit` is None)."""
    line = option_with_reason(option, language, name_of)
    hint = option_explained(option, language, name_of)
    if hint is None:
        return line
    return t(language, "option-explained", option=line, text=hint if limit is None else clip_words(hint, limit))


def clip_words(text: str, limit: int) -> str:
    """`text` cut at the last whole word that fits `limit` characters, with "…" when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,.;:—") + "…"


def visible_to(event: Event, seat: int | None) -> bool:
    """Public events are for everyone; private ones only for their seats (None = the channel). A
    public event is not shown to a seat it names in `TOLD_IN_PRIVATE`: where one reader sees the
    channel and their own messages together (offline), the act is one line, not two."""
    if event.to is None:
        return seat is None or seat not in event.params.get(TOLD_IN_PRIVATE, ())
    return seat is not None and seat in event.to


def signed(number: int) -> str:
    """A change written with its sign, the typographic minus: "+3", "−2", "0" (a hyphen is no minus)."""
    return f"{number:+d}".replace("-", "\u2212") if number else "0"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def joined(lines: list[str], limit: int = 2000) -> list[str]:
    """Lines packed into as few messages as fit the limit (Discord: 2000 characters)."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks
