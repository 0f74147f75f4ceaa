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
from bot.discord.components import (
    GAME_ID,
    SignupButton,
    SignupSelect,
    cog_call,
    question_template,
)
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
        await cog_call(interaction, "Schedule", "night_answer", self.schedule_id, self.answer, item=self)


class NightQuestionButton(SignupButton, template=question_template("gnja", button=True)):
    """One answer to a night's sign-up question (the same questions a lobby asks at Join, the same button)."""

    kind = "gnja"
    answered = ("Schedule", "night_question")


class NightQuestionSelect(SignupSelect, template=question_template("gnjs", button=False)):
    """A night's sign-up question with many options (Mafia's public roles)."""

    kind = "gnjs"
    answered = ("Schedule", "night_question")


NIGHT_ITEMS = (NightButton, NightQuestionButton, NightQuestionSelect)
