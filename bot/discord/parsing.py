"""The one way the bot steps in front of discord.py parsing an interaction (`ConnectionState.parsers`, an
internal pinned by tests/runtime/test_pins.py): the metrics count it, the graceful stop turns it away,
the answers' lane takes it. Each step gets the event's raw data and the parse it stands in front of."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

Parse = Callable[[Any], None]


def around_interactions(bot: discord.Client, step: Callable[[Any, Parse], None]) -> None:
    """Put `step(data, parse)` in front of the INTERACTION_CREATE parser (and of the steps put there before)."""
    parsers = bot._connection.parsers
    parse: Parse = parsers["INTERACTION_CREATE"]
    parsers["INTERACTION_CREATE"] = lambda data: step(data, parse)
