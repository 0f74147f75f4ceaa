"""A follow-up's batch: the negative number its rows are claimed with (bot/discord/outbox.py). It says when it was
claimed, so that the ordinary send of it after an error or a restart takes only a message made since for its copy
(bot/discord/outboxes.py `_post`)."""

from __future__ import annotations

import discord

ROW_BITS = (1 << 22) - 1
"""A follow-up's batch: its first row in the low bits (one batch per message), the time of its claim above."""


def follow_up_batch(last_sent: int, first_row: int) -> int:
    """The batch of rows claimed for a follow-up: negative, in its high bits the moment of the claim as a
    Discord snowflake's (and later than `last_sent`, the last message sent there), so that a restart takes
    only a message made since for it (`claimed_since`); its first row in the low bits (one batch per message)."""
    since = max((last_sent >> 22) + 1, discord.utils.time_snowflake(discord.utils.utcnow()) >> 22)
    return -((since << 22) | (first_row & ROW_BITS))


def claimed_since(batch: int) -> int | None:
    """The snowflake from which a follow-up claimed as `batch` may have been made; None for a claim saved
    before batches said when (its first row's id alone)."""
    since = (-batch >> 22) << 22
    return since if since >> 22 >= LEGACY_BELOW else None


LEGACY_BELOW = 1 << 30
"""A follow-up's batch claimed before they said when holds a row id: its high bits are far below this (12 days
after Discord's epoch, in milliseconds)."""
