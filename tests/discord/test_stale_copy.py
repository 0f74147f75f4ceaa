"""Several bot processes on one database: the process a click reaches may hold an older copy of the game than
the saved one (another process took the step that opened the clicked prompt), and a copy being worked on here
is not brought up to date until its lock is free. The click is checked and applied
on the game brought up to date under its lock; its answer must be shown from that copy too (before: the prompt
was looked up in the old copy first, the move counted, and the player was told "something went wrong" — the
scale run logged it 221 times as an AssertionError)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.i18n import t
from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn


async def test_a_click_on_a_prompt_another_process_opened_is_answered_as_counted(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        stale_state, stale_version = game.row.state, game.version
        for prompt in [p for p in game.state.prompts if not p.answered]:  # the round's step: new prompts open
            await w.answer(game, prompt, prompt.options[0].value)
        await standin.settle()
        opened = next(p for p in game.state.prompts if not p.answered and p.secret)
        assert stale_state != game.row.state

        # this process's copy is the one before that step, as if another process had taken it
        monkeypatch.setattr(w.gm.storage, "shared", True)
        game.row.state, game.version, game.state = stale_state, stale_version, game.engine.load(stale_state)
        assert game.state.prompt(opened.id) is None
        before = len(await w.gm.storage.actions(game_id))
        async with game.lock:  # being worked on here when the click comes: the table gives its copy as it is
            clicking = asyncio.create_task(w.answer(game, opened, opened.options[0].value))
            await asyncio.sleep(0.5)
        call = await clicking
        await standin.settle(quiet=0.5)
        told = " ".join(str(c["body"].get("data", {}).get("content", "")) for c in call.callbacks)
        assert t("en", "error-internal") not in told, told
        assert "✅" in told, told
        assert len(await w.gm.storage.actions(game_id)) == before + 1, "the move counted, once"
