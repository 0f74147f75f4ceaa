"""A message claimed for an interaction's follow-up (which carries no nonce) and then cut off by a SIGKILL
is sent again by the process that resends it only if Discord does not have it yet: the copy is looked for
among the bot's messages in the destination made since the claim, not only as its newest message (other
processes may have posted there meanwhile), and a line the bot legitimately said before in the same words
is never taken for it (a false match would lose the line)."""

from __future__ import annotations

import datetime
import types
from pathlib import Path
from typing import Any

import discord

from bot.discord.component_rows import ComponentRows
from bot.discord.outbox import Outbox
from bot.discord.outboxes import Outboxes
from bot.discord.priority import Foreground
from bot.discord.replies import FollowUp, Replies
from bot.discord.standing import Standing
from bot.storage import DeliveryRow, open_storage

BOT = 4242
CARRIER = 9090
"""The interaction whose token carries a test's follow-up."""
DRAW = "🃏 You draw Platform 9¾"


def snowflake(moment: datetime.datetime) -> int:
    return discord.utils.time_snowflake(moment)


class Journal:
    def __init__(self) -> None:
        self.claims: list[tuple[list[int], int, int | None]] = []

    async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
        self.claims.append((rows, batch, carrier))
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
        return FollowUp(follow_up, CARRIER)

    async def ordinary(content: str, extra: dict[str, Any]) -> Any:
        raise AssertionError("a follow-up was at hand")

    outbox = Outbox(ordinary, window=0.01, journal=journal, follow_up=route)
    if sent_before is not None:
        async def earlier(content: str, extra: dict[str, Any]) -> Any:
            return types.SimpleNamespace(id=sent_before)

        async def route_earlier() -> Any:
            return FollowUp(earlier, CARRIER)

        outbox._follow_up = route_earlier
        outbox.put_text(DRAW, rows=[row - 1])
        await outbox.drained()
        outbox._follow_up = route
    claimed_at = discord.utils.utcnow()
    outbox.put_text(DRAW, rows=[row])
    await outbox.drained()
    await outbox.close()
    rows, batch, carrier = journal.claims[-1]
    assert rows == [row] and batch < 0 and carrier == CARRIER, "claimed for a follow-up, with its interaction"
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


class Claims:
    """The storage's claims as `_post` reads them: a follow-up's carrier, none saved (a claim from before)."""

    def __init__(self, carriers: dict[int, int] | None = None) -> None:
        self.carriers = carriers or {}

    async def follow_up_carrier(self, batch: int) -> int | None:
        return self.carriers.get(batch)


def outboxes(storage: Any = None) -> Outboxes:
    bot = types.SimpleNamespace(user=types.SimpleNamespace(id=BOT))
    return Outboxes(bot, storage or Claims(), types.SimpleNamespace(games={}), Replies(), 0.01,  # type: ignore[arg-type]
                    Foreground())


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


async def test_a_follow_up_whose_claim_names_its_interaction_is_found_by_it_even_once_edited() -> None:
    """The follow-up met an error that may hide it. Its player answered it meanwhile, so it no longer holds the
    words it was made with; another interaction's follow-up made since with those very words is another line."""
    batch, claimed_at = await claimed_for_a_follow_up(5001)
    copy = message(later(claimed_at, 0.05), DRAW + "\n✅ You chose: Keep", follow_up=True)
    other = message(later(claimed_at, 2), DRAW, follow_up=True)
    dms = DMs([copy, other])
    found = await outboxes(Claims({batch: copy.interaction_metadata.id}))._post(dms, DRAW, {"nonce": batch})  # type: ignore[arg-type]
    assert dms.posted == [], "the answered prompt Discord already showed was posted a second time"
    assert found is copy, "another interaction's line was taken for it"


class Webhook:
    """An interaction's follow-up webhook: what it sends lands in `dms`, as Discord shows a follow-up."""

    def __init__(self, dms: DMs, interaction: int) -> None:
        self.dms = dms
        self.interaction = interaction

    async def send(self, content: str, **fields: Any) -> Any:
        made = message(discord.utils.utcnow(), content, follow_up=True)
        made.interaction_metadata.id = self.interaction
        self.dms.messages.append(made)
        return made


async def test_a_follow_up_cut_off_by_a_kill_and_answered_before_the_restart_is_shown_once(tmp_path: Path) -> None:
    """A prompt goes as a follow-up of the member's last click; Discord makes it, and the process is SIGKILLed
    before it saved the row as sent. The member answers the prompt (another process takes the click and edits
    it: "✅ …"). The process that sends the claimed row again, knowing nothing of the dead one's tokens, finds the
    prompt by the interaction its claim saved, whatever it says by now (before: looked for by its words, missed,
    shown twice)."""
    dms = DMs([])
    storage = await open_storage(tmp_path / "bot.db")
    try:
        game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                            language="en")
        row = DeliveryRow(game_id, 1, "text", {"text": DRAW}, user_id=31)
        await storage.add_deliveries([row])
        dying = outboxes(storage)
        click = types.SimpleNamespace(id=snowflake(discord.utils.utcnow()), channel_id=dms.id,
                                      followup=None)
        click.followup = Webhook(dms, click.id)
        dying.replies.offer(click)  # type: ignore[arg-type]

        async def never(content: str, extra: dict[str, Any]) -> Any:
            raise AssertionError("the member's click was at hand to carry it")

        async def killed_before_the_mark(rows: list[int], sent: Any, items: list[Any]) -> None:
            return

        dying.done = killed_before_the_mark  # type: ignore[method-assign]
        outbox = Outbox(never, window=0.01, journal=dying, follow_up=dying.replies.router(lambda: dms.id, never))
        outbox.put_text(DRAW, rows=[row.id])
        await outbox.drained()
        await outbox.close()
        (made,) = dms.messages
        made.content = DRAW + "\n✅ You chose: Keep"  # answered before the restart looked for it
        (waiting,) = await storage.waiting_deliveries()
        assert waiting.batch is not None and waiting.batch < 0, "claimed for a follow-up, never saved as sent"

        restarted = outboxes(storage)
        found = await restarted._post(dms, DRAW, {"nonce": waiting.batch})  # type: ignore[arg-type]
        assert dms.posted == [], "the prompt Discord made before the kill was shown a second time"
        assert found is made
    finally:
        await storage.close()


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
