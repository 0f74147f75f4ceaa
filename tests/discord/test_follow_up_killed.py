"""A prompt made as a follow-up, the process SIGKILLed before it saved the prompt's row as sent, the prompt answered
(edited: "✅ …") before a process sends the claimed row again: shown once (issue 41), through the stand-in.

The process that sends the row again never knew the dead one's interaction tokens; the claim saved the interaction
that carried the follow-up (migration 015), and the copy is that interaction's follow-up made since the claim,
whatever it says by now. Before, it was looked for by its words, missed once answered, and posted again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.discord.app import GameMasterBot
from tests.discord.test_follow_up_outage import answer_it, play_until
from tests.discord.world import WINDOW, open_game, world
from tests.discord_standin import DiscordStandIn, start_bot


async def test_a_prompt_cut_off_by_a_kill_and_answered_before_the_restart_is_shown_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    killed: list[discord.Message] = []
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        outboxes = w.gm.outboxes
        mark = outboxes.done

        async def done(rows: list[int], sent: Any, items: list[Any]) -> None:
            if not killed and isinstance(sent, discord.Message) and sent.interaction_metadata and sent.components:
                killed.append(sent)  # made by Discord; the process died before it saved the rows as sent
                return
            await mark(rows, sent, items)

        outboxes.done = done  # type: ignore[method-assign]
        await play_until(w, game_id, lambda: killed)
        assert killed, "no prompt went as a follow-up"
        made = standin.message(killed[0].id)
        words = made.content
        await answer_it(w, made)  # another process takes the click and shows its answer on the prompt
        assert made.content != words, "the answer is shown on the prompt"
        await w.gm.drained()
        settings = w.bot.settings
    bot = GameMasterBot(settings, outbox_window=WINDOW)  # the process started again
    run = await start_bot(bot, standin)
    try:
        await standin.wait_for(lambda: not bot.game_master.outboxes.outboxes, timeout=10,
                               what="the claimed row sent again (or found)")
        await bot.game_master.drained()
        await standin.settle()
    finally:
        await run.stop()
    shown = [m for m in standin.messages[made.channel_id] if m.content.startswith(words) and not m.deleted]
    assert [m.id for m in shown] == [made.id], f"the prompt Discord made before the kill is shown {len(shown)} times"
