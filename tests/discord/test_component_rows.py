"""The components a message is sent with are laid out exactly as discord.ui.View lays them out (the same
rows, the same order, the same refusal when an item does not fit), and discord.py never keeps them in its
view store: clicks are routed by custom id."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord.component_rows import ComponentRows
from bot.discord.components import AnswerButton, AnswerSelect, JoinButton, ModalOpener, SpeakButton
from bot.discord.presenting import ButtonPayload


def items() -> list[list[Any]]:
    """Item lists as the bot builds them: explicit rows, automatic rows, a select and buttons below it."""
    buttons = [AnswerButton(1, "p", f"v{i}", label=f"Option {i}", row=i // 5) for i in range(12)]
    select = AnswerSelect(1, "p", [discord.SelectOption(label=f"o{i}", value=f"{i}") for i in range(3)],
                          placeholder="Choose", row=0, min_values=1, max_values=2)
    return [
        buttons,
        [*buttons[:7], ModalOpener(1, "p", label="Exact amount"), SpeakButton(1, label="Speak")],
        [select, AnswerButton(1, "p", "~back", label="Back", row=4), SpeakButton(1, label="Speak")],
        [JoinButton(3, label="Join")],
        [],
    ]


@pytest.mark.parametrize("case", range(5))
async def test_the_rows_are_the_rows_a_view_would_send(case: int) -> None:
    view, rows = discord.ui.View(timeout=None), ComponentRows()
    for item in items()[case]:
        view.add_item(item)
    for item in items()[case]:
        rows.add_item(item)
    assert rows.to_components() == view.to_components()
    assert len(rows.children) == len(view.children)


async def test_an_item_that_does_not_fit_is_refused_as_a_view_refuses_it() -> None:
    full_row = ComponentRows()
    for i in range(5):
        full_row.add_item(AnswerButton(1, "p", f"v{i}", row=0))
    with pytest.raises(ValueError):
        full_row.add_item(AnswerButton(1, "p", "v5", row=0))
    full = ComponentRows()
    for i in range(25):
        full.add_item(AnswerButton(1, "p", f"v{i}"))
    with pytest.raises(ValueError):
        full.add_item(SpeakButton(1, label="Speak"))
    assert len(full.to_components()) == 5 and all(len(row["components"]) == 5 for row in full.to_components())


async def test_discord_py_sends_the_rows_and_stores_nothing() -> None:
    rows = ComponentRows().add_item(AnswerButton(1, "p", "v", label="Yes"))
    assert hasattr(rows, "__discord_ui_view__")  # what every send path checks
    assert rows.is_finished() and not rows.is_dispatchable()  # so no send path calls state.store_view
    params = discord.http.handle_message_parameters(content="hi", view=rows)  # type: ignore[arg-type]
    assert params.payload is not None
    assert params.payload["components"] == [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Yes", "disabled": False, "custom_id": "gm|1|p|v"}
    ]}]


@pytest.mark.parametrize(("label", "style", "disabled", "row"), [
    ("Option", discord.ButtonStyle.primary, False, 0),
    ("x" * 100, discord.ButtonStyle.secondary, True, 4),
    ("", discord.ButtonStyle.secondary, False, None),
    ("…", discord.ButtonStyle.success, False, 2),
])
def test_an_answer_buttons_payload_is_the_answer_button_a_click_is_routed_to(
    label: str, style: discord.ButtonStyle, disabled: bool, row: int | None,
) -> None:
    """A prompt's view is drawn with `ButtonPayload`s: each sends exactly what an AnswerButton would, lies in
    the same row, and is read back as that AnswerButton when clicked (its custom id)."""
    light = ButtonPayload(7, "r1-choose", "~back", label=label, style=style, disabled=disabled, row=row)
    item = AnswerButton(7, "r1-choose", "~back", label=label, style=style, disabled=disabled, row=row)
    assert light.to_component_dict() == item.to_component_dict()
    assert (light.row, light.width) == (item.row, item.width)
    match = AnswerButton.__discord_ui_compiled_template__.fullmatch(light.to_component_dict()["custom_id"])
    assert match is not None and (match["game"], match["prompt"], match["value"]) == ("7", "r1-choose", "~back")


def test_an_answer_button_payload_refuses_a_sixth_row_as_a_view_does() -> None:
    with pytest.raises(ValueError):
        AnswerButton(1, "p", "v", row=5)
    with pytest.raises(ValueError):
        ButtonPayload(1, "p", "v", row=5)
