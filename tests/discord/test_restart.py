"""Kill the real bot process (`python -m bot`, pointed at the stand-in) with SIGKILL mid-game,
start a new one on the same database: the game goes on and a button sent before still works."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.discord_standin import DiscordStandIn, User

ROOT = Path(__file__).resolve().parents[2]


def start_process(standin: DiscordStandIn, db: Path, guild_id: int, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ, **standin.env(), "DATABASE_PATH": str(db), "DEV_GUILD_ID": str(guild_id),
        "DEFAULT_LANGUAGE": "en", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
        stdout=log.open("ab"), stderr=subprocess.STDOUT,
    )


async def wait_connected(standin: DiscordStandIn, guild_id: int, sessions_before: int) -> None:
    await standin.wait_for(
        lambda: len(standin.requests_to("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"))
        > sessions_before,
        timeout=30, what="the bot process to sync its commands",
    )
    await standin.settle(quiet=0.3)


def prompt_button(standin: DiscordStandIn, user: User) -> tuple[int, str] | None:
    for message in reversed(standin.dm_view(user)):
        for button in message.buttons:
            if str(button.get("custom_id", "")).startswith("gm|") and not button.get("disabled"):
                return message.id, str(button["custom_id"])
    return None


async def slash(standin: DiscordStandIn, user: User, command: str, channel) -> None:  # type: ignore[no-untyped-def]
    call = await standin.invoke_slash(user, command, channel=channel)
    await call.wait_response(timeout=10)
    if call.response_type == 5:
        await standin.wait_for(
            lambda: call.original_message_id and not standin.message(call.original_message_id).loading, timeout=10
        )
    assert not call.errors, call.callbacks


def sigkill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=10) == -signal.SIGKILL


def sigkill_its_database_writer(process: subprocess.Popen[bytes]) -> None:
    """The bot's writer process (its one child, bot/storage/writer.py) dies: the bot exits at once, code 70."""
    (writer,) = {int(pid) for task in Path(f"/proc/{process.pid}/task").iterdir()
                 for pid in (task / "children").read_text().split()}
    os.kill(writer, signal.SIGKILL)
    assert process.wait(timeout=10) == 70


async def test_sigkill_and_restart_resume_the_game_and_old_buttons_work(tmp_path: Path) -> None:
    await three_clicks_a_stop_and_a_restart(tmp_path, sigkill)


async def test_a_bot_whose_database_writer_dies_stops_and_its_restart_resumes_the_game(tmp_path: Path) -> None:
    await three_clicks_a_stop_and_a_restart(tmp_path, sigkill_its_database_writer)


async def three_clicks_a_stop_and_a_restart(
    tmp_path: Path, stop: Callable[[subprocess.Popen[bytes]], None]
) -> None:
    """Three players choose (each told it succeeded), the bot stops hard, a new one resumes the game, and the
    fourth player's button, sent by the stopped one, still works."""
    standin = DiscordStandIn()
    await standin.start()
    guild = standin.add_guild("Game Night")
    channel = guild.channel("general")
    users = [standin.add_user(f"p{i}") for i in range(4)]
    for user in users:
        standin.add_member(guild, user)
    db, log = tmp_path / "bot.db", tmp_path / "bot.log"
    process = start_process(standin, db, guild.id, log)
    try:
        await wait_connected(standin, guild.id, 0)
        await slash(standin, users[0], "cookie new", channel)
        for user in users[1:]:
            await slash(standin, user, "join", channel)
        await slash(standin, users[0], "start", channel)
        buttons = {}
        for user in users:
            buttons[user.id] = await standin.wait_for(lambda u=user: prompt_button(standin, u), timeout=20)
        for user in users[:3]:  # three players choose; each is told it succeeded
            message_id, custom_id = buttons[user.id]
            click = await standin.click(user, custom_id=custom_id, message=standin.message(message_id))
            response = await click.wait_response(timeout=10)
            assert response["status"] < 400 and response["type"] == 7
        stop(process)

        with sqlite3.connect(db) as connection:
            plays = connection.execute("SELECT COUNT(*) FROM actions WHERE kind = 'play'").fetchone()[0]
        assert plays == 3, "every acknowledged click was on disk before its answer"

        syncs = len(standin.requests_to("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"))
        process = start_process(standin, db, guild.id, log)
        await wait_connected(standin, guild.id, syncs)
        last = users[3]
        message_id, custom_id = buttons[last.id]  # a DM button sent by the killed process
        click = await standin.click(last, custom_id=custom_id, message=standin.message(message_id))
        response = await click.wait_response(timeout=10)
        assert response["status"] < 400 and response["type"] == 7, response
        await standin.wait_for(
            lambda: any("revealed" in m.text for m in standin.channel_view(channel)), timeout=20,
            what="the reveal after the restart",
        )
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        await asyncio.sleep(0)
        await standin.stop()
    assert not standin.violations, standin.violations
    assert not standin.unknown_requests, standin.unknown_requests
