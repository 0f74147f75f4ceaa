"""What an outbox (bot/discord/outbox.py) queues, and how it packs it into messages: a line of text, a message
with components or a file (a prompt, a picture), a status edit; consecutive lines go into as few messages as fit
a message (2000 characters), folded into the message that follows them when they fit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.render import clip


@dataclass(slots=True)
class Text:
    text: str
    rows: list[int] = field(default_factory=list)
    tag: Any = None
    """Who queued it (the game master uses (game id, step)), for `drop`."""
    due: float = 0.0
    """The loop's time before which it is not sent without a message to fold into (a lingering outbox's lines:
    `Outbox`, `linger`): a prompt queued meanwhile, by the next step, takes it along in one message."""
    queued: float = 0.0
    """When it was queued (`time.monotonic`, set by `Outbox.put`): its players' wait began then, and under a short
    REST budget its go-by time counts from then (bot/discord/patience.py), not from when it asks for room."""


@dataclass(slots=True)
class Message:
    """A message with components (a prompt) or a file; sent on its own, in order with the text."""

    content: str
    build: Callable[[], dict[str, Any] | Awaitable[dict[str, Any]]] = field(default=dict)
    """Called at send time (components, files): may be async, e.g. to render a picture off the loop."""
    on_sent: Callable[[Any], Awaitable[None]] | None = None
    rows: list[int] = field(default_factory=list)
    tag: Any = None
    wanted: Callable[[], bool] | None = None
    """Asked just before sending: False drops it (a prompt answered or gone meanwhile)."""
    batch: int | None = None
    """Set for a message claimed before a restart: sent alone, exactly as claimed, with this nonce."""
    claim: int | None = None
    """The batch a claim of it was tried with when saving it met the database away (saved or not, nobody knows): it
    is claimed again with the same batch, and sent the ordinary way (a negative one: looked for first)."""
    on_refused: Callable[[BaseException], Awaitable[None]] | None = None
    """Told when Discord refuses this message for good (a member's DMs closed: 403), before its rows are
    dropped, so what stands in for it is saved first (a game night's reminder: a mention in the channel)."""
    queued: float = 0.0
    """As `Text.queued`."""


@dataclass(slots=True)
class Status:
    update: Callable[[], Awaitable[None]]
    key: Any = None
    """What it edits: a newer edit of the same key still waiting replaces it."""
    rows: list[int] = field(default_factory=list)
    tag: Any = None
    settle: bool = False
    """A settling edit (a game's status message) waits a while for newer ones (`Outbox.put`)."""
    due: float = 0.0
    """The loop's time before which it is not sent (a settling edit); what was queued after it may go first."""
    queued: float = 0.0
    """As `Text.queued` (an edit that replaced older ones: the oldest's)."""


Item = Text | Message | Status


def next_chunks(queue: list[Item], now: float, limit: int) -> tuple[list[list[Text | Message]], Status | None]:
    """Take `queue` (an outbox's, in order) up to the first status edit that is due by `now`: the messages to send
    (each a list of the items it holds: texts packed together, up to `limit` characters, and folded into a following
    message when they fit), then that status edit. Edits still settling stay queued, in their places; so do the
    texts at the queue's end, with nothing to fold into, while the first of them lingers (its `due`)."""
    chunks: list[list[Text | Message]] = []
    settling: list[Item] = []
    texts: list[Text] = []
    size = -1

    def flush() -> None:
        nonlocal texts, size
        if texts:
            chunks.append(list(texts))
        texts, size = [], -1

    status: Status | None = None
    taken = 0
    for item in queue:
        taken += 1
        if isinstance(item, Status) and item.due > now:
            settling.append(item)
            continue
        if isinstance(item, Status):
            status = item
            break
        if isinstance(item, Text):
            length = len(clip(item.text, limit))
            if size + 1 + length > limit:
                flush()
            texts.append(item)
            size += 1 + length
            continue
        if item.batch is not None or size + 1 + len(item.content) > limit:
            flush()  # a claimed message goes exactly as claimed; a long one goes alone
        chunks.append([*texts, item])
        texts, size = [], -1
    if status is None and texts and texts[0].due > now:  # the queue's last lines wait for a message to come
        lingering = {id(item) for item in [*settling, *texts]}
        queue[:taken] = [item for item in queue[:taken] if id(item) in lingering]  # in their order
        texts = []
        return chunks, status
    flush()
    queue[:taken] = settling
    return chunks, status
