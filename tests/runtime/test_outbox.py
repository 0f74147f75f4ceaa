"""The outbox: never more than 5 messages in any window per destination; texts packed and
folded into the next prompt; a failed send reported, the rest still sent."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import discord

from bot.discord.outbox import Message, Outbox

WINDOW = 0.2


class Recorder:
    def __init__(self, fail_on: str | None = None) -> None:
        self.sent: list[tuple[float, str, dict[str, Any]]] = []
        self.fail_on = fail_on

    async def __call__(self, content: str, extra: dict[str, Any]) -> str:
        await asyncio.sleep(0.001)
        if content == self.fail_on:
            raise RuntimeError("closed")
        self.sent.append((asyncio.get_running_loop().time(), content, extra))
        return content


async def test_no_more_than_five_messages_in_any_window() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    for n in range(12):
        outbox.put_message(Message(content=f"prompt {n}", build=lambda: {"view": None}))
    await outbox.send_now(lambda: recorder("test dm", {}))
    await outbox.drained()
    times = [at for at, _, _ in recorder.sent]
    assert len(times) == 13
    for first, sixth in zip(times, times[5:], strict=False):
        assert sixth - first >= WINDOW * 0.99, "a sixth message came within the window"


async def test_texts_are_packed_and_folded_into_the_next_prompt() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    outbox.put_text("Round 2. Your role: Blue.")
    outbox.put_text("Your hand: Sword, Shield.")
    outbox.put_message(Message(content="Choose a card.", build=lambda: {"view": "buttons"}))
    outbox.put_text("after")
    await outbox.drained()
    assert [c for _, c, _ in recorder.sent] == [
        "Round 2. Your role: Blue.\nYour hand: Sword, Shield.\nChoose a card.",
        "after",
    ]
    assert recorder.sent[0][2] == {"view": "buttons"}


async def test_a_failed_send_is_reported_and_the_rest_still_go() -> None:
    recorder = Recorder(fail_on="prompt 1")
    failures: list[BaseException] = []

    async def on_failure(error: BaseException) -> None:
        failures.append(error)

    outbox = Outbox(recorder, on_failure=on_failure, window=WINDOW)
    for n in range(3):
        outbox.put_message(Message(content=f"prompt {n}"))
    await outbox.drained()
    assert [c for _, c, _ in recorder.sent] == ["prompt 0", "prompt 2"]
    assert len(failures) == 1 and not isinstance(failures[0], discord.Forbidden)


async def test_only_the_latest_status_edit_is_made() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    edits: list[int] = []
    for n in range(5):
        async def edit(n: int = n) -> None:
            edits.append(n)

        outbox.put_status(edit)
    await outbox.drained()
    assert edits == [4]


async def test_a_line_put_next_by_a_status_edit_goes_before_what_was_queued_after_the_edit() -> None:
    """A channel's rule («🔇 Борис выбывает») is announced by the change it belongs to, while the game's later
    rows (its achievements) wait behind that change: it goes first (before: after them, at the queue's end)."""
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)

    async def change() -> None:
        outbox.put_next("rule")

    async def achievements() -> None:  # posted by its own row when its turn comes (bot/discord/achievements.py)
        await recorder("achievements", {})

    outbox.put_text("reveal")
    outbox.put_status(change, key="channel")
    outbox.put_status(achievements, key="achievements")
    await outbox.drained()
    assert [c for _, c, _ in recorder.sent] == ["reveal", "rule", "achievements"]


async def test_a_status_edit_that_meets_the_database_away_is_made_once_it_is_back() -> None:
    """The edit reads the game to show it; a PostgreSQL restart under it is tried again, not dropped (the status
    message would show an old step until the next one)."""
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    tries: list[int] = []

    async def edit() -> None:
        tries.append(len(tries))
        if len(tries) == 1:
            raise asyncpg.exceptions.CannotConnectNowError("the database system is starting up")
        await recorder("status", {})

    outbox.put_status(edit, key="status")
    await asyncio.wait_for(outbox.drained(), 10)
    assert [c for _, c, _ in recorder.sent] == ["status"] and len(tries) == 2


async def test_a_queued_line_message_and_status_edit_are_their_fields_alone() -> None:
    """A backlog of thousands of queued items (a busy token's REST budget) costs their fields, not a dict each
    (issue 41): every kind of item is a slotted record, and still queues, replaces and sends as before."""
    from bot.discord.packing import Status, Text

    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    edits: list[str] = []

    async def edit() -> None:
        edits.append("edited")

    outbox.put_text("a line", rows=[], tag=(1, 1))
    outbox.put_message(Message(content="a prompt", build=dict, tag=(1, 1)))
    outbox.put_status(edit, key="status")
    outbox.put_status(edit, key="status")
    queued = list(outbox._queue)
    assert {type(item) for item in queued} == {Text, Message, Status}
    assert not any(hasattr(item, "__dict__") for item in queued)
    await outbox.drained()
    assert [content for _, content, _ in recorder.sent] == ["a line\na prompt"]
    assert edits == ["edited"]


async def test_an_outbox_closed_while_it_retries_is_drained_at_once_not_waited_for_for_ever() -> None:
    """What a closed outbox held is no longer its to send (the next start sends its rows): waiting for it to drain
    waited for ever (a test whose graveyard kept failing hung at its end, cancelled, for CI's whole 90 minutes)."""

    async def refused(content: str, extra: dict[str, Any]) -> str:
        raise discord.DiscordServerError(type("Response", (), {"status": 503, "reason": "down"})(), "503")

    outbox = Outbox(refused, window=WINDOW)
    outbox.put_text("never shown")
    drained = asyncio.ensure_future(outbox.drained())
    await asyncio.sleep(WINDOW)
    assert not drained.done(), "still trying: not drained"
    await outbox.close()
    async with asyncio.timeout(1):
        await drained
