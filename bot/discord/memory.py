"""What this process remembers about the games it runs in Discord: each field a cache of saved
rows (deliveries, prompt messages) or of what Discord told it, rebuilt at start-up or when another
process moved a game (bot/discord/shards.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage import DeliveryRow

Posted = set[tuple[str, int | None]]
"""(prompt, member) pairs already queued for posting."""
Where = tuple[int, int]
"""(channel, message)."""


@dataclass
class Memory:
    sent: dict[int, Posted] = field(default_factory=dict)
    """(prompt, member) pairs of each running game already queued for posting, a cache of the
    delivery rows: a seat that changes hands gets its open prompt posted to the newcomer."""
    prompt_posts: dict[int, dict[str, Where]] = field(default_factory=dict)
    """game → open prompt of no sheet → (channel, message), for those posted since the start: a seat
    that changes hands takes their buttons away (bot/discord/flow.py, `handover`)."""
    sheet_messages: dict[tuple[int, str], Where] = field(default_factory=dict)
    """(game, order sheet) → (channel, message): an order sheet is one DM message, edited in place."""
    sheet_texts: dict[tuple[int, str], tuple[str, bool]] = field(default_factory=dict)
    """(game, order sheet) → what its message shows now and whether with buttons (since the start):
    a sheet whose phase ended keeps its text and loses its buttons (bot/discord/standing.py)."""
    inline: dict[tuple[int, str], DeliveryRow | None] = field(default_factory=dict)
    """Sheets being answered by a click right now: the click's own response edits the message, so
    the step's edit row is handed to the answer instead of the outbox."""
    dm_channels: dict[int, int] = field(default_factory=dict)
    """member → their DM channel."""
    dm_failed: dict[int, set[int]] = field(default_factory=dict)
    """game → seats whose DMs failed (the moderators were told once)."""
    gone_channels: set[int] = field(default_factory=set)
    """Channels deleted, or in a server the bot was removed from: nothing is sent there (cogs/events.py)."""

    def forget(self, game_id: int) -> None:
        """A game that ended keeps nothing here but what is still to send."""
        self.sent.pop(game_id, None)
        self.prompt_posts.pop(game_id, None)
        self.dm_failed.pop(game_id, None)
        for key in [k for k in self.sheet_messages if k[0] == game_id]:
            del self.sheet_messages[key]

    def note_posted(self, game_id: int, rows: list[DeliveryRow]) -> None:
        self.sent.setdefault(game_id, set()).update(posted(rows))


def posted(rows: list[DeliveryRow]) -> Posted:
    return {(r.prompt_id, r.body.get("user")) for r in rows if r.prompt_id}
