"""Within one process, a game's lines reach a channel in the order they were saved (their rows' order, the
order a restart sends them in), also when a line that is no step's (a notice, a lobby's news: `Outboxes.say`)
is being saved while a click's step is saved and queued. With PostgreSQL several transactions commit at once,
so a save that took its row's id first can finish last (the scale run: game 111's rows 1334 and 1335 shown
the other way round, 6 ms apart, in one process, no fault)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.storage import DeliveryRow
from games.core.rng import derived
from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn

NOTICE = "📣 The moderators changed the deadline."


async def test_a_notice_whose_save_ends_after_a_later_steps_goes_out_before_that_steps_lines(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        await w.gm.drained()
        storage = w.gm.storage
        real = storage.add_deliveries
        numbered, finish = asyncio.Event(), asyncio.Event()
        notice_rows: list[DeliveryRow] = []

        async def numbered_then_slow(rows: list[DeliveryRow]) -> None:  # its id taken, its commit not back yet
            await real(rows)
            notice_rows.extend(rows)
            numbered.set()
            await finish.wait()

        storage.add_deliveries = numbered_then_slow  # type: ignore[method-assign]
        game = w.game(game_id)
        assert game is not None
        saying = asyncio.create_task(w.gm.outboxes.say(game_id, game.state.step, NOTICE, channel_id=w.channel.id))
        await numbered.wait()
        storage.add_deliveries = real  # type: ignore[method-assign]
        for _ in range(8):  # clicks saved after the notice (their rows come after its), until a line shows
            prompt = next(p for p in game.state.prompts if not p.answered)
            action = game.engine.bot_action(game.state, prompt, derived(game.row.seed, "t", prompt.id), level="easy")
            await w.answer(game, prompt, action.value)
            if [row for row in await channel_rows(w, game_id) if row["id"] > notice_rows[0].id]:
                break
        await asyncio.sleep(0.2)
        finish.set()
        await saying
        await w.gm.drained()
        later = [row for row in await channel_rows(w, game_id) if row["id"] > notice_rows[0].id]
        assert later, "the clicks sent lines to the channel"
        shown = "\n".join(m.content for m in w.standin.channel_view(w.channel))  # lines packed into messages too
        after = [shown.find(row["text"]) for row in later]
        assert shown.count(NOTICE) == 1 and -1 not in after and min(after) > shown.find(NOTICE), (
            "a later step's line was shown before the notice saved first:\n" + w.standin.transcript(w.channel)
        )


async def channel_rows(w: Any, game_id: int) -> list[dict[str, Any]]:
    """The game's saved lines for its channel, in order."""
    rows = await w.gm.storage.read(
        "SELECT id, body FROM deliveries WHERE game_id = ? AND kind = 'text' AND channel_id = ? ORDER BY id",
        (game_id, w.channel.id),
    )
    return [{"id": int(r[0]), "text": str(json.loads(r[1]).get("text", ""))} for r in rows]


async def test_two_lobby_lines_saved_at_once_go_out_in_the_order_they_were_numbered(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """Two members join one lobby at once: each join's line (`say`, after the join's answer) is saved in its
    own transaction; the one numbered first goes out first, even when its commit comes back last."""
    async with world(tmp_path, 4, standin=standin) as w:
        created = await w.slash(w.users[0], "cookie new")
        assert not created.errors
        lobby = await w.gm.lobby.current(w.channel.id)
        assert lobby is not None
        await w.gm.drained()
        storage = w.gm.storage
        real = storage.add_deliveries
        numbered, finish = asyncio.Event(), asyncio.Event()

        async def numbered_then_slow(rows: list[DeliveryRow]) -> None:
            storage.add_deliveries = real  # type: ignore[method-assign]  (only the first save is slow)
            await real(rows)
            numbered.set()
            await finish.wait()

        storage.add_deliveries = numbered_then_slow  # type: ignore[method-assign]
        first = asyncio.create_task(w.gm.outboxes.say(lobby.id, 0, "Ada joins (2 of at most 6).",
                                                      channel_id=w.channel.id))
        await numbered.wait()
        await w.gm.outboxes.say(lobby.id, 0, "Bob joins (3 of at most 6).", channel_id=w.channel.id)
        await asyncio.sleep(0.2)
        finish.set()
        await first
        await w.gm.drained()
        shown = "\n".join(m.content for m in w.standin.channel_view(w.channel))
        assert -1 < shown.find("Ada joins") < shown.find("Bob joins"), w.standin.transcript(w.channel)


async def test_a_prompt_never_queued_whose_save_ends_after_a_later_notice_goes_out_before_it(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """After (re)connecting, prompts never queued are saved and queued (`Deliveries.refresh`); a notice to the same
    member saved meanwhile, numbered after them, goes out after them even when its save ends first (before:
    the notice was shown before the prompt saved first)."""
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        await w.gm.drained()
        game = w.game(game_id)
        assert game is not None
        prompt = next(p for p in game.state.prompts if not p.answered)
        player = w.user_of(game, prompt.seat)
        w.gm.prompts.sent[game_id] = set()  # as if never queued: a game saved before the outbox
        storage = w.gm.storage
        real = storage.add_deliveries
        numbered, finish = asyncio.Event(), asyncio.Event()
        refreshed: list[DeliveryRow] = []

        async def numbered_then_slow(rows: list[DeliveryRow]) -> None:
            storage.add_deliveries = real  # type: ignore[method-assign]  (only the refresh's save is slow)
            await real(rows)
            refreshed.extend(rows)
            numbered.set()
            await finish.wait()

        storage.add_deliveries = numbered_then_slow  # type: ignore[method-assign]
        before = len(standin.dm_view(player))

        async def refresh() -> None:  # as after (re)connecting: under the game's lock (the say is not)
            async with w.gm.table.hold(game):
                await w.gm.deliveries.refresh(game)

        refreshing = asyncio.create_task(refresh())
        await numbered.wait()
        await w.gm.outboxes.say(game_id, game.state.step, NOTICE, user_id=player.id)
        await asyncio.sleep(0.2)
        finish.set()
        await refreshing
        await w.gm.drained()
        mine = [row for row in refreshed if row.user_id == player.id and row.prompt_id == prompt.id]
        assert mine, "the refresh saved the player's prompt again"
        shown = [m.content for m in standin.dm_view(player)[before:]]
        at = {text: next((n for n, m in enumerate(shown) if text in m), -1) for text in (mine[0].body["text"], NOTICE)}
        assert -1 < at[mine[0].body["text"]] < at[NOTICE], "the notice was shown before the prompt saved first:\n" \
            + "\n---\n".join(shown)
