"""What the counted REST requests were, by kind of table and by what each was (issue 41): the stand-in's record of
a request names its route and body, and the run's world names each table's channel after its kind
(`<kind>-<n>`) and its members after their table (`t<n>p<i>`), so a request to a channel, a thread of it, or a
member's DMs is its table's kind's.

A message posted in a member's DMs could have gone as a follow-up of their newest click there (not counted) while
its token lived: each such post says how long before it that click was (or that there was none), and the messages
that did go as follow-ups are counted apart, so the figures tell what the follow-ups could still take."""

from __future__ import annotations

import re
from collections import Counter

from tests.discord_standin import DiscordStandIn, RecordedRequest
from tests.discord_standin.models import Channel, ChannelType

TABLE = re.compile(r"^(?P<kind>.+)-\d+$")
MEMBER = re.compile(r"^t(?P<table>\d+)p\d+$")
CHANNEL = re.compile(r"^/channels/(\d+)(/|$)")
TEST_DM = "👋"
TOKEN_MINUTES = 15
"""An interaction's token works this long (Discord): a click older than that carries nothing."""
FOLLOW_UP = "follow-up posted (not counted)"


class Sorter:
    """Each counted request → (its table's kind, what it was), sorted as the stand-in handles it (the scale run's
    stand-in keeps no bodies once answered)."""

    def __init__(self, standin: DiscordStandIn, kind_of_table: list[str]) -> None:
        self.standin = standin
        self.kind_of_table = kind_of_table
        self.sorted: list[tuple[float, str, str]] = []
        """(event-loop time, kind, what) of each counted request, and of each follow-up posted (`FOLLOW_UP`)."""
        self.clicked: dict[int, float] = {}
        """Channel (a member's DMs included) → when its newest interaction answered so far was sent (loop time)."""
        standin.request_hooks.append(self._handled)

    async def _handled(self, record: RecordedRequest, phase: str) -> None:
        if phase != "handled":
            return
        if self.standin.counted(record):
            self.sorted.append((record.at, *self.sort(record)))
        elif (interaction := self.standin.interaction_of(record)) is not None:
            channel = interaction.channel.id
            self.clicked[channel] = max(self.clicked.get(channel, interaction.sent_at), interaction.sent_at)
            if record.method == "POST" and record.path.startswith("/webhooks/") and record.status < 300:
                where = "DM" if interaction.channel.type == ChannelType.DM else "channel"
                self.sorted.append((record.at, self.kind_of_channel(interaction.channel), f"{where} {FOLLOW_UP}"))

    def since(self, began: float) -> Counter[tuple[str, str]]:
        found: Counter[tuple[str, str]] = Counter()
        for at, kind, what in reversed(self.sorted):
            if at < began:
                break
            found[(kind, what)] += 1
        return found

    def since_click(self, channel_id: int, at: float) -> str:
        """How long before `at` the newest click in those DMs was: whether a follow-up could have carried it."""
        clicked = self.clicked.get(channel_id)
        if clicked is None:
            return ", no click there yet"
        minutes = (at - clicked) / 60
        return (f", their newest click there over {TOKEN_MINUTES} min before" if minutes >= TOKEN_MINUTES
                else f", their newest click there 1–{TOKEN_MINUTES} min before" if minutes >= 1
                else ", their newest click there under 1 min before")

    def kind_of_user(self, user_id: int | None) -> str:
        user = self.standin.users.get(user_id or 0)
        found = MEMBER.match(user.username) if user is not None else None
        table = int(found["table"]) if found else -1
        return self.kind_of_table[table] if 0 <= table < len(self.kind_of_table) else "?"

    def kind_of_channel(self, channel: Channel) -> str:
        if channel.type == ChannelType.DM:
            return self.kind_of_user(channel.recipient_id)
        if channel.type.is_thread and channel.parent_id is not None and channel.parent_id in self.standin.channels:
            channel = self.standin.channels[channel.parent_id]
        found = TABLE.match(channel.name or "")
        return found["kind"] if found else "?"

    def sort(self, record: RecordedRequest) -> tuple[str, str]:
        body = record.body if isinstance(record.body, dict) else {}
        if record.method == "POST" and record.path.endswith("/users/@me/channels"):
            return self.kind_of_user(int(body.get("recipient_id") or 0)), "DM channel opened"
        found = CHANNEL.match(record.path)
        channel = self.standin.channels.get(int(found[1])) if found else None
        if channel is None:
            return "?", f"{record.method} {record.route}"
        kind = self.kind_of_channel(channel)
        where = "DM" if channel.type == ChannelType.DM else "thread" if channel.type.is_thread else "channel"
        route = record.route or ""
        if route.endswith("/messages") and record.method == "POST":
            if str(body.get("content") or "").startswith(TEST_DM) and where == "DM":
                return kind, "join test DM"
            posted = f"{where} message{' with buttons' if body.get('components') else ''} posted"
            return kind, posted + (self.since_click(channel.id, record.at) if where == "DM" else "")
        if "/messages/" in route and record.method == "PATCH":
            return kind, f"{where} message edited"
        return kind, f"{where}: {record.method} {route}"


def lines(counted: Counter[tuple[str, str]], seconds: float, games: Counter[str]) -> list[str]:
    """Per kind of table: counted requests/s, per game finished in the window when some were, then what they were."""
    per_kind: Counter[str] = Counter()
    for (kind, what), count in counted.items():
        if not what.endswith(FOLLOW_UP):
            per_kind[kind] += count
    out = ["  counted REST by kind of table and what (per second; per game finished there in the window; follow-ups,"
           " not counted, beside them):"]
    for kind, total in per_kind.most_common():
        finished = games.get(kind, 0)
        each = f", {total / finished:.1f} per game finished ({finished})" if finished else ""
        out.append(f"    {kind}: {total / seconds:.2f}/s{each}")
        whats = sorted(((n, what) for (k, what), n in counted.items() if k == kind), reverse=True)
        out += [f"      {n / seconds:6.2f}/s " + (f"{n / finished:6.1f}/game " if finished else "") + f" {what}"
                for n, what in whats]
    return out
