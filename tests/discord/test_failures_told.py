"""What a member is told, and what the log says, when answering an interaction fails, through the stand-in.

A click while the database is away for a moment (a PostgreSQL restart):

The save fails with the error PostgreSQL gives a connection it is shutting down. Nothing is taken, and the
player is told the database is out of reach and to look and try again, in their language — not "something went
wrong on my side", and the log says it in one warning line, not an ERROR with a traceback (before: both). The
same click once the database is back counts.

A command answered too late (Discord's 3 s ran out under load: 10062 "Unknown interaction"): nothing more reaches
the member through it, so it is a warning line, as for a click — not an ERROR with a traceback (the scale run
logged 900 of those)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.i18n import t
from tests.discord.world import an_open_secret_prompt, world
from tests.discord_standin import DiscordStandIn

SHUTTING_DOWN = "terminating connection due to administrator command"


async def test_a_click_while_the_database_restarts_is_told_to_try_again_and_counts_after(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("ru",)) as w:
        game, prompt, before = await an_open_secret_prompt(w)
        game_id = game.id
        commit = w.gm.storage.commit_step

        async def restarting(*args: Any, **kwargs: Any) -> int:
            raise asyncpg.exceptions.AdminShutdownError(SHUTTING_DOWN)

        monkeypatch.setattr(w.gm.storage, "commit_step", restarting)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            call = await w.answer(game, prompt, prompt.options[0].value)
            await standin.settle(quiet=0.5)
        shown = [standin.message(i) for i in (call.original_message_id, *call.followup_ids) if i is not None]
        told = " ".join([*(str(c["body"].get("data", {}).get("content", "")) for c in call.callbacks),
                         *(m.text for m in shown)])
        assert t("ru", "error-database-away") in told, told
        assert t("ru", "error-internal") not in told
        assert len(await w.gm.storage.actions(game_id)) == before, "nothing taken"
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        assert any("database is out of reach" in r.getMessage() and r.exc_info is None for r in caplog.records)

        monkeypatch.setattr(w.gm.storage, "commit_step", commit)
        await w.answer(game, prompt, prompt.options[0].value)
        await standin.settle(quiet=0.5)
        assert len(await w.gm.storage.actions(game_id)) == before + 1, "the same click counts once it is back"


async def test_a_command_answered_too_late_is_a_warning_not_an_error(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        standin.ack_deadline = 0.0  # every first answer comes too late
        caplog.clear()
        with caplog.at_level(logging.INFO):
            call = await standin.invoke_slash(w.users[0], "rules", channel=w.channel, options={"game": "cookie"})
            await call.wait_response()
            await standin.settle(quiet=0.5)
        assert call.errors and call.errors[0]["code"] == 10062
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        assert any("answered too late" in r.getMessage() for r in caplog.records)


async def test_a_command_under_way_when_the_bot_stops_at_once_is_a_warning_not_an_error(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A second SIGTERM stops at once: the bot closes (its HTTP session with it) while a command is still under
    way, whose next request then fails with aiohttp's "Session is closed". Nothing can reach the member any more
    and what was saved stays saved: one warning line — not an ERROR with a traceback, nor a second one from
    asyncio for the answer that could not be sent (the full scale run's last seconds had both)."""
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        async def stopped_meanwhile(channel_id: int) -> None:
            await w.bot.close()
            return None  # no lobby here: the command's next step is its answer, through the closed session

        monkeypatch.setattr(w.gm.lobby, "current", stopped_meanwhile)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            await standin.invoke_slash(w.users[0], "rules", channel=w.channel)
            await standin.settle(quiet=0.5)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        assert any("stopped before it finished (Session is closed)" in r.getMessage() and r.exc_info is None
                   for r in caplog.records)
