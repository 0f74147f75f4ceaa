"""The outbox as the sending engine of the transactional outbox: a status edit goes after the texts
queued before it (issue 9, item 17); durable rows are claimed before their message is sent and
marked once Discord accepted it; a message claimed before a restart goes out exactly as claimed,
with its nonce; a rollback drops what the undone steps queued."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord import outbox as outbox_module
from bot.discord.outbox import SETTLE_SHARE, Message, Outbox
from bot.startup import StartupError
from tests.runtime.helpers import Journal

WINDOW = 0.05


class HeldSender:
    """Records what is sent; holds the send of one content until released."""

    def __init__(self, log: list[str], hold: str | None = None) -> None:
        self.log = log
        self.hold = hold
        self.holding = asyncio.Event()
        self.release = asyncio.Event()

    async def __call__(self, content: str, extra: dict[str, Any]) -> str:
        if content == self.hold:
            self.holding.set()
            await self.release.wait()
        nonce = f" nonce={extra['nonce']}" if "nonce" in extra else ""
        self.log.append(f"send {content!r}{nonce}")
        return content


async def test_a_status_edit_never_runs_ahead_of_texts_queued_before_it() -> None:
    """Round 1's last line is being sent (held) when round 2 begins and the status is updated:
    the round 2 line goes out before the status edit that already counts round 2."""
    log: list[str] = []
    sender = HeldSender(log, hold="Round 1 is over")
    outbox = Outbox(sender, window=WINDOW)
    outbox.put_text("Round 1 is over")
    await sender.holding.wait()

    async def status() -> None:
        log.append("status: round 2")

    outbox.put_text("Round 2 begins")
    outbox.put_status(status)
    sender.release.set()
    await outbox.drained()
    assert log == ["send 'Round 1 is over'", "send 'Round 2 begins'", "status: round 2"]


async def test_a_newer_status_replaces_a_waiting_one_but_keeps_its_place_after_the_texts() -> None:
    log: list[str] = []
    sender = HeldSender(log, hold="a")
    outbox = Outbox(sender, window=WINDOW, journal=Journal(log))
    outbox.put_text("a")
    await sender.holding.wait()
    for n, text in ((1, "b"), (2, "c")):
        async def status(n: int = n) -> None:
            log.append(f"status {n}")

        outbox.put_text(text, rows=[10 + n])
        outbox.put_status(status, key="game", rows=[20 + n])
    sender.release.set()
    await outbox.drained()
    assert log == ["send 'a'", "claim [11, 12] as 11", "send 'b\\nc' nonce=11", "done [11, 12]", "status 2",
                   "done [21, 22]"]


async def test_rows_are_claimed_before_the_send_and_marked_after_it() -> None:
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=Journal(log))
    outbox.put_text("Alice reveals Sword.", rows=[7])
    outbox.put_message(Message(content="Place your Sword.", build=lambda: {"view": "buttons"}, rows=[8]))
    outbox.put_text("not saved: a lobby line")
    await outbox.drained()
    assert log == [
        "claim [7, 8] as 7", "send 'Alice reveals Sword.\\nPlace your Sword.' nonce=7", "done [7, 8]",
        "send 'not saved: a lobby line'",
    ]


async def test_a_message_holding_a_row_another_copy_claimed_sends_the_rest_under_a_batch_of_its_own() -> None:
    """Found by the full scale run: a process that took back rows it had queued before holds the first row twice;
    its older copy, packed with the new lines and prompt after it, was claimed with that row's batch, the other
    copy's nonce, and Discord returned that message: the new lines and the prompt were marked sent, never shown."""
    log: list[str] = []
    journal = Journal(log)
    journal.taken = frozenset({6})
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=journal)
    outbox.put_text("Reminder: the night ends soon.", rows=[6])
    outbox.put_text("Alice reveals Sword.", rows=[7])
    outbox.put_message(Message(content="Place your Sword.", build=lambda: {"view": "buttons"}, rows=[8]))
    await outbox.drained()
    assert log == [
        "claim [6, 7, 8] as 6 refused", "claim [7, 8] as 7",
        "send 'Alice reveals Sword.\\nPlace your Sword.' nonce=7", "done [7, 8]",
    ]


def behind_another_process(monkeypatch: pytest.MonkeyPatch, log: list[str]) -> tuple[Journal, Outbox]:
    """An outbox whose first queued row another process took and has still to send, and a line of its own after it."""
    monkeypatch.setattr(outbox_module, "BEHIND_POLL_SECONDS", 0.01)
    journal = Journal(log)
    journal.taken = frozenset({6})
    journal.theirs = {6}
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=journal)
    outbox.put_text("The night falls.", rows=[6])
    outbox.put_text("Alice reveals Sword.", rows=[7])
    return journal, outbox


async def test_lines_queued_after_rows_another_process_took_wait_until_it_has_sent_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the full scale run (lines out of order): another process adopted this one's first row while its
    liveness lock was lost (a PostgreSQL restart) and had a long queue to send first. This process, alive again,
    sent the lines queued after that row at once, so they were shown minutes before it. They now wait for it."""
    log: list[str] = []
    journal, outbox = behind_another_process(monkeypatch, log)
    outbox.put_message(Message(content="Place your Sword.", build=lambda: {"view": "buttons"}, rows=[8]))
    await asyncio.sleep(0.2)
    assert log == ["claim [6, 7, 8] as 6 refused"], "nothing shown before the other process's line"
    journal.theirs = set()  # shown by the other process
    await outbox.drained()
    assert log == [
        "claim [6, 7, 8] as 6 refused", "claim [7, 8] as 7",
        "send 'Alice reveals Sword.\\nPlace your Sword.' nonce=7", "done [7, 8]",
    ]


async def test_lines_behind_another_process_go_on_once_it_has_not_sent_its_rows_for_too_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process unable to send for BEHIND_MOST_SECONDS must not stall the destination."""
    monkeypatch.setattr(outbox_module, "BEHIND_MOST_SECONDS", 0.1)
    log: list[str] = []
    _, outbox = behind_another_process(monkeypatch, log)
    await outbox.drained()
    assert log == ["claim [6, 7] as 6 refused", "claim [7] as 7", "send 'Alice reveals Sword.' nonce=7", "done [7]"]


async def test_a_message_whose_rows_are_all_another_copys_is_not_sent() -> None:
    log: list[str] = []
    journal = Journal(log)
    journal.taken = frozenset({6, 7})
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=journal)
    outbox.put_text("Reminder: the night ends soon.", rows=[6])
    outbox.put_message(Message(content="Place your Sword.", rows=[7]))
    outbox.put_text("not saved: a lobby line")
    await outbox.drained()
    assert log == ["claim [6, 7] as 6 refused", "send 'not saved: a lobby line'"]


async def test_a_message_claimed_before_a_restart_goes_alone_with_its_nonce() -> None:
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=Journal(log))
    outbox.put_message(Message(content="line 1\nline 2", rows=[3, 4], batch=3))
    outbox.put_text("line 3", rows=[5])
    await outbox.drained()
    assert log == [
        "send 'line 1\\nline 2' nonce=3", "done [3, 4]", "claim [5] as 5", "send 'line 3' nonce=5", "done [5]",
    ]


async def test_a_prompt_no_longer_open_is_dropped_and_its_lines_still_go() -> None:
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=Journal(log))
    outbox.put_text("Alice reveals Sword.", rows=[1])
    outbox.put_message(Message(content="Place your Sword.", rows=[2], wanted=lambda: False))
    await outbox.drained()
    assert log == ["dropped [2]", "claim [1] as 1", "send 'Alice reveals Sword.' nonce=1", "done [1]"]


async def test_drop_forgets_what_undone_steps_queued() -> None:
    log: list[str] = []
    sender = HeldSender(log, hold="kept")
    outbox = Outbox(sender, window=WINDOW)
    outbox.put_text("kept", tag=(1, 3, None))
    await sender.holding.wait()
    outbox.put_text("step 4", rows=[40], tag=(1, 4, None))
    outbox.put_text("other game", rows=[50], tag=(2, 9, None))
    outbox.put_text("a lobby line")
    outbox.put_message(Message(content="claimed", rows=[41], tag=(1, 4, None), batch=41))
    assert outbox.drop(lambda tag: tag[0] == 1 and tag[1] > 3) == [40]
    sender.release.set()
    await outbox.drained()
    assert log == ["send 'kept'", "send 'other game\\na lobby line'", "send 'claimed' nonce=41"]


async def test_an_idle_outbox_lets_its_owner_forget_it_after_a_window() -> None:
    forgotten: list[Outbox] = []
    outbox = Outbox(HeldSender([]), window=WINDOW, on_idle=forgotten.append)
    outbox.put_text("hello")
    await outbox.drained()
    assert not forgotten, "not before a whole window has passed"
    await asyncio.sleep(WINDOW * 3)
    assert forgotten == [outbox]


async def test_a_settling_status_edit_waits_for_newer_ones_while_later_lines_go_first() -> None:
    """Two clicks' status edits within the settling time make one edit, after the line queued behind
    the first: the edit shows the game as it is when made, so nothing is missing from it."""
    log: list[str] = []
    window = 0.5
    outbox = Outbox(HeldSender(log), window=window, journal=Journal(log))
    loop = asyncio.get_running_loop()
    first = loop.time()
    edited_at: list[float] = []

    async def status() -> None:
        edited_at.append(loop.time())
        log.append("status")

    outbox.put_status(status, key="game", rows=[1], settle=True)
    await asyncio.sleep(window * SETTLE_SHARE / 3)  # the next click comes a moment later
    outbox.put_text("Ada plays a card")
    outbox.put_status(status, key="game", rows=[2], settle=True)
    await outbox.drained()
    assert log == ["send 'Ada plays a card'", "status", "done [1, 2]"]
    assert edited_at[0] - first >= window * SETTLE_SHARE * 0.99, "the edit did not wait to settle"


async def test_a_status_edit_that_does_not_settle_goes_at_once() -> None:
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW)

    async def status() -> None:
        log.append("status")

    outbox.put_status(status, key="game", settle=True)
    outbox.put_status(status, key="game")  # a newer edit that may not wait (the message is not posted yet)
    outbox.put_text("after")
    await outbox.drained()
    assert log == ["status", "send 'after'"]


class AwayJournal(Journal):
    """A journal whose database is away for its first claims (a PostgreSQL restart): the claim raises what
    the storage raises when it cannot connect."""

    def __init__(self, log: list[str], away: int) -> None:
        super().__init__(log)
        self.away = away

    async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
        if self.away:
            self.away -= 1
            self.log.append("claim failed")
            raise StartupError("startup-db-pg-cannot-connect", url="postgresql://db", reason="shutting down")
        return await super().claim(rows, batch, carrier, again=again)


async def test_a_message_whose_claim_the_database_could_not_save_is_sent_once_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the scale run (a PostgreSQL restart under load): the claim's database error was taken for
    Discord refusing the message, which was dropped from the queue while its rows stayed waiting, unsent
    for as long as the process lived."""
    monkeypatch.setattr("bot.discord.outbox.backoff", lambda failures: 0.01)
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=AwayJournal(log, away=2))
    outbox.put_text("Alice reveals Sword.", rows=[7])
    outbox.put_message(Message(content="Place your Sword.", rows=[8]))
    await outbox.drained()
    assert log == ["claim failed", "claim failed", "claim [7, 8] as 7",
                   "send 'Alice reveals Sword.\\nPlace your Sword.' nonce=7", "done [7, 8]"]


async def test_a_send_that_meets_the_database_away_is_tried_again_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ordinary send of a follow-up's claim reads the claim (the interaction that carried it) before it looks
    for the copy: a PostgreSQL restart then is no refusal by Discord; the message waits, claimed, and goes once
    the database is back (its rows dropped would never be sent)."""
    monkeypatch.setattr("bot.discord.outbox.backoff", lambda failures: 0.01)
    log: list[str] = []
    away = [1]

    async def send(content: str, extra: dict[str, Any]) -> str:
        if away[0]:
            away[0] -= 1
            log.append("database away")
            raise StartupError("startup-db-pg-cannot-connect", url="postgresql://db", reason="shutting down")
        log.append(f"send {content!r} nonce={extra['nonce']}")
        return content

    outbox = Outbox(send, window=WINDOW, journal=Journal(log))
    outbox.put_message(Message(content="Place your Sword.", rows=[8], batch=-(1 << 52 | 8)))
    await outbox.drained()
    assert log == ["database away", f"send 'Place your Sword.' nonce={-(1 << 52 | 8)}", "done [8]"]


class DropAwayJournal(Journal):
    """A journal whose first drop meets `error` (the database restarting, or a defect)."""

    def __init__(self, log: list[str], error: Exception) -> None:
        super().__init__(log)
        self.error: Exception | None = error

    async def dropped(self, rows: list[int]) -> None:
        if self.error is not None:
            error, self.error = self.error, None
            self.log.append(f"drop of {rows} failed")
            raise error
        await super().dropped(rows)


async def test_a_prompt_whose_drop_meets_the_database_away_is_dropped_later_and_what_follows_still_goes_in_order(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """Found by the full scale run (a PostgreSQL restart): a prompt no longer wanted is dropped before the lines
    after it go; that write met the database away outside the retry, the outbox's sending task died ("Task
    exception was never retrieved") and its destination's queue stayed unsent until the process restarted."""
    monkeypatch.setattr("bot.discord.outbox.backoff", lambda failures: 0.01)
    log: list[str] = []
    error = StartupError("startup-db-pg-cannot-connect", url="postgresql://db", reason="shutting down")
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=DropAwayJournal(log, error))
    outbox.put_text("Alice reveals Sword.", rows=[1])
    outbox.put_message(Message(content="Place your Sword.", rows=[2], wanted=lambda: False))
    outbox.put_text("Bob passes.", rows=[3])
    await asyncio.wait_for(outbox.drained(), 2)
    assert log == ["drop of [2] failed", "dropped [2]", "claim [1] as 1", "send 'Alice reveals Sword.' nonce=1",
                   "done [1]", "claim [3] as 3", "send 'Bob passes.' nonce=3", "done [3]"]
    assert not [r for r in caplog.records if r.levelname == "ERROR"], "the database away is no defect"


async def test_an_unexpected_failure_is_logged_once_and_the_outbox_keeps_sending_in_order(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """Whatever goes wrong in a round (a defect here), the sending task does not end: the failure is an ERROR
    with its traceback, once, and what the round held is sent again, first, in its order; nothing is lost."""
    monkeypatch.setattr("bot.discord.outbox.backoff", lambda failures: 0.01)
    log: list[str] = []
    outbox = Outbox(HeldSender(log), window=WINDOW, journal=DropAwayJournal(log, KeyError("seat")))
    outbox.put_message(Message(content="Place your Sword.", rows=[2], wanted=lambda: False))
    outbox.put_text("Bob passes.", rows=[3])
    await asyncio.wait_for(outbox.drained(), 2)
    outbox.put_text("Carol passes.", rows=[4])
    await asyncio.wait_for(outbox.drained(), 2)
    assert log == ["drop of [2] failed", "dropped [2]", "claim [3] as 3", "send 'Bob passes.' nonce=3", "done [3]",
                   "claim [4] as 4", "send 'Carol passes.' nonce=4", "done [4]"]
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and errors[0].exc_info is not None, [r.getMessage() for r in errors]


async def test_forget_rows_drops_the_items_all_of_whose_rows_are_queued_again_elsewhere() -> None:
    log: list[str] = []
    sender = HeldSender(log, hold="being sent")
    outbox = Outbox(sender, window=WINDOW, journal=Journal(log))
    outbox.put_text("being sent", rows=[5])
    await sender.holding.wait()
    outbox.put_text("Reminder: the night ends soon.", rows=[6])
    outbox.put_message(Message(content="Place your Sword.", rows=[7]))
    outbox.put_message(Message(content="line 8\nline 9", rows=[8, 9], claim=8))
    outbox.put_text("a lobby line")
    assert outbox.forget_rows({5, 6, 7, 8}) == 2, "the one being sent, and a message holding others too, stay"
    sender.release.set()
    await outbox.drained()
    assert [entry for entry in log if entry.startswith("send")] == [
        "send 'being sent' nonce=5", "send 'line 8\\nline 9' nonce=8", "send 'a lobby line'",
    ]
