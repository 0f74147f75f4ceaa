"""Which rows of a message an outbox claims before sending it, and under which batch (its nonce, or for a
follow-up a negative batch that says when: bot/discord/batches.py). The journal (the game master, backed by storage)
refuses a claim holding a row sent or claimed by another message; the rows still this process's then go on their
own, under a batch of their own, so nothing new is lost with the others' and nothing of theirs shows twice."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any, Protocol

from bot.discord.batches import follow_up_batch
from bot.discord.packing import Item, Message, Text
from bot.discord.replies import FollowUp
from bot.render import clip

log = logging.getLogger(__name__)

LIMIT = 2000
"""Discord's longest message."""


class Journal(Protocol):
    """Where an outbox records its durable rows' progress (the game master, backed by storage)."""

    async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
        """Whether the rows are still this process's to send (False: another process took them, or another
        message claimed or sent one). `again`: the same claim made again (its saving met the database away)."""

    async def unclaimed(self, rows: list[int], batch: int | None) -> list[int]:
        """After a refused claim: those of the rows still this process's to claim (`batch`: made again)."""

    async def others_have(self, rows: list[int]) -> set[int]:
        """Those of the rows that another bot process (alive, or gone and not yet adopted) still has to send."""

    async def done(self, rows: list[int], sent: Any, items: list[Item]) -> None:
        """Mark the rows sent (saved with other marks soon after)."""

    async def saved(self) -> None:
        """Every mark made so far is on disk."""

    async def dropped(self, rows: list[int]) -> None: ...


class ClaimUnsaved(Exception):
    """A claim's saving met the database away (saved or not, nobody knows): the chunk as claimed, and its batch."""

    def __init__(self, chunk: list[Text | Message], batch: int, error: BaseException) -> None:
        super().__init__(str(error))
        self.chunk = chunk
        self.batch = batch
        self.error = error


class BehindOthers(Exception):
    """A claim found rows of its message that another bot process took and has still to send (it adopted them while
    this one's liveness lock was lost): what is queued after them waits until they are sent. `chunk`: the message
    without them (None: nothing of it left), to be sent after the wait."""

    def __init__(self, rows: set[int], chunk: list[Text | Message] | None) -> None:
        super().__init__(f"{len(rows)} rows are another bot process's to send")
        self.rows = rows
        self.chunk = chunk


def content_of(chunk: list[Text | Message]) -> str:
    """What one message holding these items says: their lines, clipped to a message."""
    lines = [clip(item.text, LIMIT) if isinstance(item, Text) else item.content for item in chunk]
    return clip("\n".join(lines), LIMIT)


async def claim_chunk(
    journal: Journal, chunk: list[Text | Message], retried: int | None, follow_up: FollowUp | None, last_sent: int,
) -> tuple[list[Text | Message], int] | None:
    """Claim a chunk's rows (`retried`: again, with the batch whose saving met the database away, raising
    ClaimUnsaved when it does), and return it with its batch; None when none of its rows is this process's to send.
    A chunk holding rows another queued copy claimed or sent (this process took back rows it had queued before)
    drops the items holding them, and the rest is claimed afresh: their words go once, and the new ones are not
    lost with them."""
    while True:
        rows = [row for item in chunk for row in item.rows]
        if not rows:
            return None
        first = min(rows)
        batch = retried if retried is not None else (
            first if follow_up is None else follow_up_batch(last_sent, first))
        try:
            claimed = await journal.claim(rows, batch, follow_up and follow_up.carrier, again=retried is not None)
        except Exception as error:
            raise ClaimUnsaved(chunk, batch, error) from error
        if claimed:
            return chunk, batch
        free = set(await journal.unclaimed(rows, retried))
        theirs = await journal.others_have(sorted(set(rows) - free)) if len(free) < len(rows) else set()
        if theirs:  # shown after them, in order: this process's lines go once they are sent
            rest = narrowed(chunk, {row for row in rows if row not in theirs})
            raise BehindOthers(theirs, rest or None)
        kept = narrowed(chunk, free)
        left = sum(len(item.rows) for item in kept)
        if not left or left == len(rows):
            return None  # nothing of its own left, or refused for another reason: another process adopted them
        log.warning("%d of %d rows were another queued copy's to send; the rest go on their own", len(rows) - left,
                    len(rows))
        chunk = kept


def narrowed(chunk: list[Text | Message], rows: set[int]) -> list[Text | Message]:
    """The chunk's items holding these rows, each with only these (an item holding none is left out)."""
    kept: list[Text | Message] = []
    for item in chunk:
        mine = [row for row in item.rows if row in rows]
        if len(mine) == len(item.rows):
            kept.append(item)
        elif mine:  # (a message packed before, whose words cannot be parted: rather twice than lost)
            kept.append(replace(item, rows=mine))
    return kept
