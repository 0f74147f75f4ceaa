"""SIGTERM to the real bot (`python -m bot`) in the middle of a step, through the stand-in: the click
being answered is answered and on disk, a command arriving meanwhile is told to try again in a moment,
what waited in the outbox is sent, the process exits 0, and the next start finishes the game with every
public line shown once, in order."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest

from tests.discord.bot_process import BotProcess, Players, input_keys, read_game, waiting_deliveries
from tests.discord.test_delivery_faults import all_sent, assert_lines_once_in_order, open_cookie, world
from tests.discord_standin import DiscordStandIn, RecordedRequest

HELD_SECONDS = 1.0
"""How long the stand-in holds the answer to the click that was under way when SIGTERM came."""


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_mid_step_loses_nothing_and_exits_0(tmp_path: Path, sent: signal.Signals) -> None:
    async with DiscordStandIn(flood_limit=None) as standin:
        users, guild = world(standin)
        channel = guild.channel("general")  # type: ignore[attr-defined]
        db = tmp_path / "bot.db"
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        armed, signalled = False, asyncio.Event()

        async def signal_mid_step(record: RecordedRequest, at: str) -> None:
            """As the bot answers a click (its step just saved): the signal, then the answer held a
            moment, so the stop has a step under way to wait for."""
            nonlocal armed
            answering = record.method == "POST" and record.path.endswith("/callback")
            body = record.body if isinstance(record.body, dict) else {}
            if armed and at == "received" and answering and body.get("type") == 7:
                armed = False
                assert bot.process is not None
                bot.process.send_signal(sent)
                signalled.set()
                await asyncio.sleep(HELD_SECONDS)

        async def command_while_stopping() -> dict[str, object]:
            await signalled.wait()
            await asyncio.sleep(HELD_SECONDS / 3)  # the signal is taken; the held answer still under way
            call = await standin.invoke_slash(users[1], "stats", channel=channel)
            return await call.wait_response(timeout=5)

        try:
            await bot.start()
            game_id = await open_cookie(standin, users, channel, db)
            players = Players(standin, users, db)
            for _ in range(3):
                assert await players.step(bot, game_id, channel) == "played"
            standin.request_hooks.append(signal_mid_step)
            armed = True
            refused = asyncio.create_task(command_while_stopping())
            held = len(players.acked)
            assert await players.step(bot, game_id, channel) == "played"
            assert len(players.acked) == held + 1, "the click under way when the signal came was answered"
            answer = await refused
            assert answer["type"] == 4 and answer["body"]["data"]["flags"] == 64  # type: ignore[index]
            assert "restarting: try again in a moment" in answer["body"]["data"]["content"]  # type: ignore[index]

            assert bot.process is not None
            assert await asyncio.to_thread(bot.process.wait, 20) == 0, "a graceful stop exits 0"
            log = (tmp_path / "bot.log").read_text()
            assert "stopping (new interactions are asked to try again" in log and "stopped:" in log
            assert "Traceback" not in log
            assert players.acked <= input_keys(db), "every acknowledged click is on disk"
            assert waiting_deliveries(db) == 0, "what waited in the outbox was sent before the exit"

            await bot.start()
            while (outcome := await players.step(bot, game_id, channel)) != "over":
                assert outcome == "played"
            assert read_game(db, game_id)[0] == "finished"
            await all_sent(standin, db)
            assert assert_lines_once_in_order(standin, db, game_id, channel) > 0
        finally:
            bot.stop()
    assert not standin.violations, standin.violations
