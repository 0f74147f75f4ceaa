"""A game night's persistent components: its sign-up message's buttons and its sign-up questions (a game
that asks them at join: Mafia of Heroes), answered ahead so the game starts the moment the table is full.
Every custom id carries the night, so they work after a restart; cogs/schedule.py checks each again.

    gn|<night>|<answer>              Join ("yes"), Maybe, Leave ("no") on the sign-up message
    gnja|<night>|<answers>|<value>   a sign-up question's answer button (ephemeral), as gmja for a lobby
    gnjs|<night>|<answers>[|<n>]     a sign-up question's select, as gmjs
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.component_rows import ComponentRows
from bot.discord.components import GAME_ID, SIGNUP_ANSWERS, SIGNUP_VALUE, guarded, signup_id
from bot.gathering.model import Schedule
from bot.i18n import t

BUTTONS = (("yes", "night-button-yes", discord.ButtonStyle.success, "🪑"),
           ("maybe", "night-button-maybe", discord.ButtonStyle.secondary, "🤔"),
           ("no", "night-button-no", discord.ButtonStyle.secondary, "🚪"))


def night_buttons(schedule: Schedule) -> ComponentRows:
    view = ComponentRows()
    for answer, key, style, emoji in BUTTONS:
        view.add_item(NightButton(schedule.id, answer, label=t(schedule.language, key), style=style, emoji=emoji))
    return view


async def _cog_call(interaction: discord.Interaction, method: str, *args: Any, item: Any = None) -> None:
    cog = interaction.client.get_cog("Schedule")  # type: ignore[attr-defined]
    if cog is None:
        await interaction.client.game_master.report_failure(interaction)  # type: ignore[attr-defined]
        return
    await guarded(interaction, getattr(cog, method)(interaction, *args), item=item)


class NightButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gn\|" + GAME_ID + r"\|(?P<answer>yes|maybe|no)"
):
    """Join, Maybe or Leave on a night's sign-up message."""

    def __init__(
        self, schedule_id: int, answer: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji: str | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, emoji=emoji,
                                           custom_id=f"gn|{schedule_id}|{answer}"))
        self.schedule_id, self.answer = schedule_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> NightButton:
        return cls(int(match["game"]), match["answer"], label=item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog_call(interaction, "night_answer", self.schedule_id, self.answer, item=self)


class NightQuestionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gnja\|" + GAME_ID + r"\|" + SIGNUP_ANSWERS + r"\|(?P<value>" + SIGNUP_VALUE + ")",
):
    """One answer to a night's sign-up question (the same questions a lobby asks at Join)."""

    def __init__(
        self, schedule_id: int, answers: list[str], value: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary, disabled: bool = False, row: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, disabled=disabled, row=row,
                                           custom_id=signup_id("gnja", schedule_id, answers, value)))
        self.schedule_id, self.answers, self.value = schedule_id, answers, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> NightQuestionButton:
        answers = match["answers"].split(".") if match["answers"] else []
        return cls(int(match["game"]), answers, match["value"], label=item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog_call(interaction, "night_question", self.schedule_id, self.answers, self.value)


class NightQuestionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gnjs\|" + GAME_ID + r"\|" + SIGNUP_ANSWERS + r"(?:\|(?P<part>[0-3]))?",
):
    """A night's sign-up question with many options (Mafia's public roles)."""

    def __init__(
        self, schedule_id: int, answers: list[str], options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None, row: int | None = None, part: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Select(
            custom_id=signup_id("gnjs", schedule_id, answers, None if part is None else str(part)),
            options=options or [], placeholder=placeholder, row=row,
        ))
        self.schedule_id, self.answers = schedule_id, answers

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> NightQuestionSelect:
        part = int(match["part"]) if match["part"] else None
        answers = match["answers"].split(".") if match["answers"] else []
        return cls(int(match["game"]), answers, list(item.options), item.placeholder, part=part)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        value = str(values[0]) if len(values) == 1 else ""  # checked by the cog
        await _cog_call(interaction, "night_question", self.schedule_id, self.answers, value)


NIGHT_ITEMS = (NightButton, NightQuestionButton, NightQuestionSelect)
