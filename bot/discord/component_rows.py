"""The buttons and selects a message is sent with, laid out in rows as `discord.ui.View` lays them out,
without being a View.

The bot's components are dynamic items (bot/discord/components.py): a click is routed by its custom id,
so nothing needs the View that sent it. A View made for every message costs the event loop its set-up
(a future, weights, a cache snapshot) and leaves a reference cycle with its items that only the cyclic
collector frees: under load those Views were most of the garbage the collector had to find, and its
pauses the slowest first responses. discord.py sends anything that says it is a view
(`__discord_ui_view__`) through `to_components()`; one that is already finished and not dispatchable is
never stored in its view store.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

import discord

ROWS = 5
ROW_WIDTH = 5
MAX_ITEMS = 25


class Laid(Protocol):
    """What a row needs of an item: where it goes, how wide it is, and its payload (a `discord.ui.Item`, or a
    lighter item that only renders, as bot/discord/presenting.py `ButtonPayload`)."""

    @property
    def row(self) -> int | None: ...

    @property
    def width(self) -> int: ...

    def to_component_dict(self) -> Any: ...


class ComponentRows:
    """Items added as to a View (`add_item`, the same row rules and the same ValueError when an item does
    not fit); `to_components()` is the payload a View would send. Each item is rendered when added."""

    __discord_ui_view__: ClassVar[bool] = True
    timeout: float | None = None

    def __init__(self) -> None:
        self._rows: list[list[dict[str, Any]]] = [[] for _ in range(ROWS)]
        self._widths = [0] * ROWS
        self.children: list[discord.ui.Item[Any] | Laid] = []

    def add_item(self, item: discord.ui.Item[Any] | Laid) -> ComponentRows:
        if len(self.children) >= MAX_ITEMS:
            raise ValueError("maximum number of children exceeded")
        row = item.row if item.row is not None else self._open_row(item.width)
        if self._widths[row] + item.width > ROW_WIDTH:
            raise ValueError(f"item would not fit at row {row} ({self._widths[row] + item.width} > {ROW_WIDTH} width)")
        self._widths[row] += item.width
        self._rows[row].append(item.to_component_dict())
        self.children.append(item)
        return self

    def _open_row(self, width: int) -> int:
        for row, used in enumerate(self._widths):
            if used + width <= ROW_WIDTH:
                return row
        raise ValueError("could not find open space for item")

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": list(row)} for row in self._rows if row]

    # what discord.py asks a view it sends: nothing here waits for clicks, so nothing is stored
    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False
