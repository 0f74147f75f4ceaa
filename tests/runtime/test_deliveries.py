"""The transactional outbox in storage: a step's deliveries are saved in the step's own transaction
(all or nothing), come back in order after a restart (claimed ones with their batch), and a rollback
drops what the undone steps still had to send."""

from __future__ import annotations

from bot.live import Step
from bot.storage import DELIVERY_SENT, DeliveryRow, open_storage
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
