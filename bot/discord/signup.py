"""The private sign-up conversation of a game that asks questions at join (Mafia of Heroes: the
three conditions, the wanted public role, the spare, the Student's secret colour), and the lines
the lobby shows about its seats.

Join (the lobby's button or /join) starts the conversation: each question is an ephemeral message
with buttons (a few options) or a select (many), built from the engine's `join_prompt`; each
answer edits that message into the next question. The components' custom ids carry the lobby and
the answers so far (components.SignupButton / SignupSelect), so a question still works after a
restart, and every answer is replayed against the game's questions before it counts (`replay`):
a custom id that does not fit them is refused. When nothing more is asked, the answers go through
the engine's `parse_join` and the player takes a seat (cogs/lobby.py `sign_up`).

In a game played anonymously (`Engine.anonymous`), the lobby never says who: the lines here name
no player, only how many joined and what the game's `lobby_summary` tells (Mafia: the public roles
wanted, in join order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from pydantic import BaseModel

from bot.discord.component_rows import ComponentRows
from bot.discord.components import SignupButton, SignupSelect
from bot.discord.presenting import select_option
from bot.discord.text import option_label, option_label_with_reason, option_with_reason, prompt_text
from bot.i18n import render, t
from bot.storage import GameRow
from games import registry
from games.core import Engine, Option, Prompt

BUTTONS = 5
"""At most this many options are shown as buttons (one row); more become a select."""
SELECT_OPTIONS = 25


def nobody_seated(number: int) -> str:
    """Sign-up questions name no seat; a stray seat parameter reads as its number."""
    return f"#{number + 1}"


def others_of(row: GameRow) -> list[dict[str, Any]]:
    """The join data of the seats already in the lobby, in join order."""
    return [dict(s.get("join") or {}) for s in row.seats]


def options_of(engine: Engine[Any], row: GameRow) -> BaseModel:
    return engine.parse_options(row.options)


def anonymous(row: GameRow) -> bool:
    engine = registry.engine(row.game)
    return engine.anonymous(options_of(engine, row))


@dataclass
class Answers:
    """A conversation replayed: the join data so far and each answered question with its option."""

    given: dict[str, Any] = field(default_factory=dict)
    answered: list[tuple[Prompt, Option]] = field(default_factory=list)


def replay(engine: Engine[Any], options: BaseModel, others: list[dict[str, Any]], values: list[str]) -> Answers | None:
    """The answers `values` given one by one to the game's questions; None when one of them is not
    an option the question offers (a forged or outdated custom id)."""
    answers = Answers()
    for value in values:
        prompt = engine.join_prompt(options, answers.given, others)
        option = prompt.option(value) if prompt is not None and prompt.ask == "one" else None
        if prompt is None or option is None or option.disabled is not None:
            return None
        answers.answered.append((prompt, option))
        answers.given = engine.join_answer(answers.given, prompt, value)
    return answers


def answered_text(answers: Answers, language: str) -> str:
    """The answers given, as the player reads them back ("I accept the conditions, Hero, Alien")."""
    labels = [option_label(option, language, nobody_seated) for _, option in answers.answered]
    return t(language, "lobby-signup-answers", answers=", ".join(labels))


def question(
    row: GameRow, prompt: Prompt, values: list[str], language: str, *, button: type[Any] = SignupButton,
    select: type[Any] = SignupSelect, heading: str | None = None,
) -> tuple[str, ComponentRows]:
    """One sign-up question as an ephemeral message: its text and its buttons or select. A game night asks
    them ahead (`button`, `select`: its own components, `heading`: its own first line; `row`: the night as a
    lobby would stand, bot/discord/gathering_components.py)."""
    title = t(language, f"{row.game}-title")
    lines = [heading or t(language, "lobby-signup-question", game=title, id=row.id),
             prompt_text(prompt, language, nobody_seated)]
    view = ComponentRows()
    if len(prompt.options) <= BUTTONS:
        for option in prompt.options:
            view.add_item(button(
                row.id, values, option.value, label=option_label_with_reason(option, language, nobody_seated),
                style=discord.ButtonStyle.secondary if option.value.startswith("~") or option.disabled
                else discord.ButtonStyle.primary,
                disabled=option.disabled is not None, row=0,
            ))
        return "\n".join(lines), view
    # a select cannot show a disabled option: the text says why it is missing
    lines += [f"• {option_with_reason(o, language, nobody_seated)}" for o in prompt.options if o.disabled is not None]
    enabled = [o for o in prompt.options if o.disabled is None]
    parts = [enabled[start : start + SELECT_OPTIONS] for start in range(0, len(enabled), SELECT_OPTIONS)][:4]
    for number, chunk in enumerate(parts):
        view.add_item(select(
            row.id, values,
            [select_option(o, o.value, language, nobody_seated) for o in chunk],  # a role's ability as its description
            placeholder=t(language, "prompt-select"), row=number, part=number if len(parts) > 1 else None,
        ))
    return "\n".join(lines), view


def summary_lines(row: GameRow, language: str) -> list[str]:
    """What the game says about the seats so far (Mafia: the public roles wanted) — never names."""
    engine = registry.engine(row.game)
    summary = engine.lobby_summary(options_of(engine, row), others_of(row))
    if summary is None:
        return []
    return [render(language, summary["message"], summary.get("params") or {}, nobody_seated)]
