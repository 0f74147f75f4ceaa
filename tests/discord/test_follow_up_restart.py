"""A message claimed for an interaction's follow-up (which carries no nonce) and then cut off by a SIGKILL
is sent again by the process that resends it only if Discord does not have it yet: the copy is looked for
among the bot's messages in the destination made since the claim, not only as its newest message (other
processes may have posted there meanwhile), and a line the bot legitimately said before in the same words
is never taken for it (a false match would lose the line)."""

from __future__ import annotations

import datetime
import types
from typing import Any

import discord

from bot.discord.component_rows import ComponentRows
from bot.discord.outbox import Outbox
from bot.discord.outboxes import Outboxes
from bot.discord.priority import Foreground
from bot.discord.replies import Replies
from bot.discord.standing import Standing

BOT = 4242
DRAW = "🃏 You draw Platform 9¾"


def snowflake(moment: datetime.datetime) -> int:
    return discord.utils.time_snowflake(moment)


class Journal:
    def __init__(self) -> None:
        self.claims: list[tuple[list[int], int]] = []

    async def claim(self, rows: list[int], batch: int) -> bool:
        self.claims.append((rows, batch))
        return True

    async def done(self, rows: list[int], sent: Any, items: list[Any]) -> None:
        return

    async def saved(self) -> None:
        return

    async def dropped(self, rows: list[int]) -> None:
        return


async def claimed_for_a_follow_up(row: int, *, sent_before: int | None = None) -> tuple[int, datetime.datetime]:
    """The nonce a row claimed for a follow-up is sent again with after a restart (its batch), and when it was
    claimed. `sent_before`: the id of a message the destination's outbox sent just before (a follow-up too)."""
    journal = Journal()

    async def follow_up(content: str, extra: dict[str, Any]) -> Any:
        return types.SimpleNamespace(id=snowflake(discord.utils.utcnow()))

    async def route() -> Any:
        return follow_up

    async def ordinary(content: str, extra: dict[str, Any]) -> Any:
        raise AssertionError("a follow-up was at hand")

    outbox = Outbox(ordinary, window=0.01, journal=journal, follow_up=route)
    if sent_before is not None:
        async def earlier(content: str, extra: dict[str, Any]) -> Any:
            return types.SimpleNamespace(id=sent_before)

        async def route_earlier() -> Any:
            return earlier

        outbox._follow_up = route_earlier
        outbox.put_text(DRAW, rows=[row - 1])
        await outbox.drained()
        outbox._follow_up = route
    claimed_at = discord.utils.utcnow()
    outbox.put_text(DRAW, rows=[row])
    await outbox.drained()
    await outbox.close()
    rows, batch = journal.claims[-1]
    assert rows == [row] and batch < 0, "claimed for a follow-up"
    return batch, claimed_at


def message(at: datetime.datetime, content: str, *, follow_up: bool, author: int = BOT) -> Any:
    return types.SimpleNamespace(
        id=snowflake(at), content=content, author=types.SimpleNamespace(id=author), created_at=at,
        interaction_metadata=types.SimpleNamespace(id=snowflake(at) - 1) if follow_up else None,
    )


class DMs:
    """A member's DMs as the bot reads them (newest first) and posts to them."""

    def __init__(self, messages: list[Any]) -> None:
        self.id = 777
        self.messages = messages
        self.posted: list[dict[str, Any]] = []

    async def history(self, limit: int | None = 100) -> Any:
        for found in sorted(self.messages, key=lambda m: m.id, reverse=True)[:limit]:
            yield found

    async def send(self, **kwargs: Any) -> Any:
        self.posted.append(kwargs)
        return message(discord.utils.utcnow(), kwargs["content"], follow_up=False)


def outboxes() -> Outboxes:
    bot = types.SimpleNamespace(user=types.SimpleNamespace(id=BOT))
    return Outboxes(bot, None, types.SimpleNamespace(games={}), Replies(), 0.01, Foreground())  # type: ignore[arg-type]


def later(moment: datetime.datetime, seconds: float) -> datetime.datetime:
    return moment + datetime.timedelta(seconds=seconds)


async def test_a_follow_up_made_before_the_kill_is_found_behind_other_processes_later_messages() -> None:
    batch, claimed_at = await claimed_for_a_follow_up(5001)
    dms = DMs([
        message(later(claimed_at, 0.05), DRAW, follow_up=True),  # the copy Discord made before the kill
        message(later(claimed_at, 4), "🌙 Night falls", follow_up=False),  # other processes' lines since
        message(later(claimed_at, 31), "☀ Day 2 begins", follow_up=False),
    ])
    found = await outboxes()._post(dms, DRAW, {"nonce": batch})  # type: ignore[arg-type]
    assert dms.posted == [], "the line Discord already showed was posted a second time"
    assert found.content == DRAW


async def test_the_same_words_said_before_the_claim_are_not_taken_for_the_cut_off_follow_up() -> None:
    before = snowflake(later(discord.utils.utcnow(), -0.001))
    batch, claimed_at = await claimed_for_a_follow_up(5001, sent_before=before)
    dms = DMs([
        types.SimpleNamespace(**{**vars(message(later(claimed_at, -0.001), DRAW, follow_up=True)), "id": before}),
        message(later(claimed_at, 4), "🌙 Night falls", follow_up=False),
    ])
    await outboxes()._post(dms, DRAW, {"nonce": batch})  # type: ignore[arg-type]
    assert [p["content"] for p in dms.posted] == [DRAW], "a line the member never saw was taken as shown"


async def test_the_same_words_posted_since_by_another_process_as_a_message_are_not_taken_for_it() -> None:
    batch, claimed_at = await claimed_for_a_follow_up(5001)
    dms = DMs([message(later(claimed_at, 31), DRAW, follow_up=False)])  # another row's line, posted the ordinary way
    await outboxes()._post(dms, DRAW, {"nonce": batch})  # type: ignore[arg-type]
    assert [p["content"] for p in dms.posted] == [DRAW], "another row's line was taken for this one"
    assert dms.posted[0]["nonce"] > 0, "sent the ordinary way, with a nonce"


async def test_a_follow_up_this_process_tried_is_found_by_its_interaction_even_once_edited() -> None:
    """The follow-up met an error that may hide it (not a restart: the process knows whose token carried it). Its
    player answered it meanwhile, so it no longer holds the words it was made with; another interaction's
    follow-up made since with those very words is another line."""
    batch, claimed_at = await claimed_for_a_follow_up(5001)
    copy = message(later(claimed_at, 0.05), DRAW + "\n✅ You chose: Keep", follow_up=True)
    other = message(later(claimed_at, 2), DRAW, follow_up=True)
    dms = DMs([copy, other])
    sending = outboxes()
    token = types.SimpleNamespace(interaction_id=copy.interaction_metadata.id)
    sending.replies._carried(batch, token)  # type: ignore[arg-type]
    found = await sending._post(dms, DRAW, {"nonce": batch})  # type: ignore[arg-type]
    assert dms.posted == [], "the answered prompt Discord already showed was posted a second time"
    assert found is copy, "another interaction's line was taken for it"
    assert sending.replies.carrier(batch) is None, "found: nothing looks for it again"


class Meta:
    """The table's `update_meta`, on a game's meta in memory."""

    def __init__(self, game: Any) -> None:
        self.game = game

    async def update_meta(self, game: Any, key: str, value: Any) -> None:
        self.game.row.meta[key] = value


async def test_a_status_message_made_before_the_kill_is_found_behind_other_processes_later_messages() -> None:
    """The game's status message went as a follow-up, and the process died before noting it (its note says since
    when it was being made). Other processes posted in the channel since: the run that makes it again finds it
    among the bot's follow-ups made since the note, not only as the newest message (before: shown twice)."""
    status = "**Abandoned Castle #498** — 🏰 Round 2\nAda ⚔ Bob"
    noted_at = discord.utils.utcnow()
    game = types.SimpleNamespace(id=498, row=types.SimpleNamespace(meta={"status_pending": snowflake(noted_at)}))
    channel = DMs([
        message(later(noted_at, -60), "**Abandoned Castle #498** — 🏰 Round 1", follow_up=True),  # a deleted one's
        message(later(noted_at, 0.05), status, follow_up=True),  # the copy Discord made before the kill
        message(later(noted_at, 4), "🌙 Night falls on game #12", follow_up=False),  # other processes' lines since
        message(later(noted_at, 9), "⚔ Bob attacks", follow_up=True),
    ])
    bot = types.SimpleNamespace(user=types.SimpleNamespace(id=BOT))
    standing = Standing(bot, None, Meta(game), None, Replies())  # type: ignore[arg-type]
    found = await standing._new_status(game, channel, status, ComponentRows())  # type: ignore[arg-type]
    assert channel.posted == [], "the status message Discord already showed was posted a second time"
    assert found.content == status


async def test_a_status_message_noted_but_never_made_is_made_and_an_older_one_is_not_taken_for_it() -> None:
    status = "**Abandoned Castle #498** — 🏰 Round 2"
    noted_at = discord.utils.utcnow()
    game = types.SimpleNamespace(id=498, row=types.SimpleNamespace(meta={"status_pending": snowflake(noted_at)}))
    channel = DMs([message(later(noted_at, -60), status, follow_up=True)])  # made before the note: deleted since
    bot = types.SimpleNamespace(user=types.SimpleNamespace(id=BOT))
    standing = Standing(bot, None, Meta(game), None, Replies())  # type: ignore[arg-type]
    await standing._new_status(game, channel, status, ComponentRows())  # type: ignore[arg-type]
    assert [p["content"] for p in channel.posted] == [status], "a status message from before the note was taken"
