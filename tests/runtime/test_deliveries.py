"""The transactional outbox in storage: a step's deliveries are saved in the step's own transaction
(all or nothing), come back in order after a restart (claimed ones with their batch), and a rollback
drops what the undone steps still had to send."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.discord.outboxes import Outboxes
from bot.live import Step
from bot.startup import StartupError
from bot.storage import DELIVERY_SENT, DeliveryRow, Storage, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import humans, pick


def planner(step: Step) -> list[DeliveryRow]:
    return [DeliveryRow(step.game.id, step.state.step, "text", {"text": e.key}, channel_id=1) for e in step.events]


async def test_a_steps_deliveries_are_saved_with_it_and_a_refused_step_saves_none(database: Database) -> None:
    storage = await open_storage(database.target)
    table = Table(storage, planner=planner)
    game = await table.start("cookie", humans(4), seed=5)
    after_start = await storage.waiting_deliveries()
    assert [r.body["text"] for r in after_start] == [e.key for e in (await storage.events(game.id))]
    prompt, action = pick(game)
    assert (await table.act(game.id, prompt.seat, action, input_key="click-1")).ok
    saved = len(await storage.waiting_deliveries())
    other, again = pick(game)
    refused = await table.act(game.id, other.seat, again, input_key="click-1")  # the same interaction twice
    assert refused.refusal is not None and refused.refusal.key == "error-duplicate"
    assert len(await storage.waiting_deliveries()) == saved, "a step not saved leaves no deliveries"
    await storage.close()


async def test_waiting_rows_come_back_in_order_with_their_batches(database: Database) -> None:
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [DeliveryRow(game_id, 1, "text", {"text": f"line {n}"}, channel_id=9) for n in range(4)]
    await storage.add_deliveries(rows)
    await storage.claim_deliveries([rows[0].id, rows[1].id], rows[0].id)
    await storage.finish_deliveries([rows[0].id, rows[1].id], state=DELIVERY_SENT)
    await storage.claim_deliveries([rows[2].id], rows[2].id)  # sent, perhaps, when the process died
    await storage.close()

    storage = await open_storage(database.target)
    waiting = await storage.waiting_deliveries()
    assert [(r.body["text"], r.batch) for r in waiting] == [("line 2", rows[2].id), ("line 3", None)]
    await storage.close()


async def test_waiting_rows_come_back_with_when_they_were_made(database: Database) -> None:
    """A restart, or a process adopting them, counts their players' wait from then (bot/discord/patience.py)."""
    storage = await open_storage(database.target)
    table = Table(storage, planner=planner)
    before = time.time()
    game = await table.start("cookie", humans(4), seed=5)
    made_by_step = {r.id for r in await storage.waiting_deliveries()}
    earlier = DeliveryRow(game.id, 1, "text", {"text": "made before a restart"}, channel_id=9, made=before - 600)
    await storage.add_deliveries([earlier])
    await storage.close()

    storage = await open_storage(database.target)
    waiting = await storage.waiting_deliveries()
    assert [round(r.made) for r in waiting if r.id == earlier.id] == [round(before - 600)]
    stepped = [r.made for r in waiting if r.id in made_by_step]
    assert stepped and all(before <= made <= time.time() for made in stepped), "a step's rows: when it was planned"
    await storage.close()


async def test_a_row_sent_or_claimed_by_another_message_is_not_claimed_again_but_the_same_claim_is(
    database: Database,
) -> None:
    """A process may hold a row in two queued copies (one queued before it lost its rows, one when it took them
    back): whichever claims first sends it; the other's claim is refused, so the row is never shown twice. A
    claim whose saving met the database away is made again with the same batch: that one holds. A fresh claim
    finding its own batch is another message's that starts at the same row: refused too (its nonce would have
    Discord return that message, and the fresh rows with it marked sent unshown), and the rows still free are told."""
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [DeliveryRow(game_id, 1, "text", {"text": f"line {n}"}, channel_id=9) for n in range(4)]
    await storage.add_deliveries(rows)
    first, second, third, fourth = (row.id for row in rows)
    assert await storage.claim_deliveries([first, second], first)
    assert await storage.claim_deliveries([first, second], first, again=True), "the same claim made again"
    assert not await storage.claim_deliveries([first, third], first), "a fresh claim: another message's batch"
    assert not await storage.claim_deliveries([second, third], second), "one of them claimed by another message"
    assert not await storage.claim_deliveries([first], -first), "nor as a follow-up"
    assert await storage.unclaimed_deliveries([first, third, second, fourth]) == [third, fourth]
    assert await storage.unclaimed_deliveries([first, third], first) == [first, third], "its own claim, made again"
    await storage.finish_deliveries([first, second], state=DELIVERY_SENT)
    assert not await storage.claim_deliveries([first], first, again=True), "sent: never claimed again"
    assert await storage.unclaimed_deliveries([first, third], first) == [third]
    assert await storage.claim_deliveries([third, fourth], third)
    waiting = await storage.waiting_deliveries()
    assert [(row.id, row.batch) for row in waiting] == [(third, third), (fourth, third)]
    await storage.close()


async def test_a_follow_ups_claim_keeps_the_interaction_that_carries_it_for_whoever_sends_it_again(
    database: Database,
) -> None:
    """Saved with the claim (migration 015), so a process started after a SIGKILL, which knows none of the dead
    one's interactions, looks for that interaction's follow-up; a claim without one (the ordinary way) names none."""
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [DeliveryRow(game_id, 1, "text", {"text": f"line {n}"}, user_id=9) for n in range(3)]
    await storage.add_deliveries(rows)
    follow_up = -((1 << 40) << 22 | rows[0].id)
    await storage.claim_deliveries([rows[0].id, rows[1].id], follow_up, carrier=1_234_567_890_123_456_789)
    await storage.claim_deliveries([rows[2].id], rows[2].id)
    await storage.close()

    storage = await open_storage(database.target)
    assert await storage.follow_up_carrier(follow_up) == 1_234_567_890_123_456_789
    assert await storage.follow_up_carrier(rows[2].id) is None
    await storage.finish_deliveries([rows[0].id, rows[1].id])
    assert await storage.follow_up_carrier(follow_up) is None, "sent: nothing looks for it again"
    await storage.close()


async def test_a_rollback_drops_the_undone_steps_waiting_rows_and_reopens_prompts(database: Database) -> None:
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [
        DeliveryRow(game_id, 1, "prompt", {"text": "choose", "user": 7}, user_id=7, prompt_id="p1"),
        DeliveryRow(game_id, 2, "text", {"text": "step 2"}, channel_id=9),
        DeliveryRow(game_id, 3, "text", {"text": "step 3, claimed"}, channel_id=9),
    ]
    await storage.add_deliveries(rows)
    await storage.claim_deliveries([rows[2].id], rows[2].id)
    assert (await storage.posted_prompts()) == {game_id: {("p1", 7)}}
    await storage.commit_step(game_id, game_fields={}, actions=[], events=[], undo_from_step=1)
    waiting = await storage.waiting_deliveries()
    assert [r.body["text"] for r in waiting] == ["choose", "step 3, claimed"], "claimed may be in Discord: kept"
    assert (await storage.posted_prompts()) == {}, "every prompt of the rolled-back state is posted again"
    await storage.close()


class DatabaseAway:
    """A storage whose database is away for the first saves of rows as sent (a PostgreSQL restart)."""

    def __init__(self, storage: Storage, away: int) -> None:
        self.storage = storage
        self.away = away

    async def finish_deliveries(self, ids: list[int], **kwargs: Any) -> None:
        if self.away:
            self.away -= 1
            raise StartupError("startup-db-pg-cannot-connect", url="postgresql://db", reason="shutting down")
        await self.storage.finish_deliveries(ids, **kwargs)


async def test_rows_sent_while_the_database_is_away_are_saved_as_sent_once_it_is_back(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the scale run (a PostgreSQL restart under load): the mark that a message was sent failed and
    was given up, its rows stayed claimed for as long as the process lived — holding back every later line of
    their game in the other processes, and sent again by whichever adopted them after it died."""
    monkeypatch.setattr("bot.discord.outboxes.backoff", lambda failures: 0.01)
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [DeliveryRow(game_id, 1, "text", {"text": "line"}, channel_id=9)]
    await storage.add_deliveries(rows)
    await storage.claim_deliveries([rows[0].id], rows[0].id)
    outboxes = Outboxes(None, DatabaseAway(storage, away=2), Table(storage), None, 0.05, None)  # type: ignore[arg-type]
    await outboxes.done([rows[0].id], None, [])
    await outboxes.saved()
    assert await storage.still_waiting([rows[0].id]) == set(), "saved as sent once the database is back"
    await storage.close()


async def test_closing_while_the_database_stays_away_leaves_the_rows_claimed_for_the_next_start(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.discord.outboxes.backoff", lambda failures: 0.01)
    monkeypatch.setattr("bot.discord.outboxes.MARKS_ON_CLOSE_SECONDS", 0.2)
    storage = await open_storage(database.target)
    game_id = await storage.create_game(game="cookie", status="running", seed=1, options={}, seats=[], language="en")
    rows = [DeliveryRow(game_id, 1, "text", {"text": "line"}, channel_id=9)]
    await storage.add_deliveries(rows)
    await storage.claim_deliveries([rows[0].id], rows[0].id)
    outboxes = Outboxes(None, DatabaseAway(storage, away=10**6), Table(storage), None, 0.05, None)  # type: ignore[arg-type]
    await outboxes.done([rows[0].id], None, [])
    await asyncio.wait_for(outboxes.close(), 5)
    [waiting] = await storage.waiting_deliveries()
    assert waiting.id == rows[0].id and waiting.batch == rows[0].id, "still claimed: the next start sends it again"
    await storage.close()
