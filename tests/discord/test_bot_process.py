"""`python -m bot` as a process: a bad token or an unreachable API gives a clear error and a
non-zero exit, never a traceback; the token never appears in the log."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bot.live import Seat
from bot.storage import open_storage
from bot.table import Table
from games.core.rng import derived
from tests.discord.bot_process import BotProcess
from tests.discord.test_mafia_restart import read
from tests.discord_standin import DiscordStandIn, User
from tests.discord_standin.models import MANAGE_ROLES, MANAGE_WEBHOOKS

ROOT = Path(__file__).resolve().parents[2]
BASE_ENV = {"PYTHONPATH": str(ROOT), "DEFAULT_LANGUAGE": "en"}


async def run_bot(env: dict[str, str], tmp_path: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **BASE_ENV, "DATABASE_PATH": str(tmp_path / "bot.db"), **env}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=full, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout)
    return subprocess.CompletedProcess([], process.returncode or 0, out.decode(), err.decode())


async def test_a_bad_token_is_a_clear_error(tmp_path: Path) -> None:
    async with DiscordStandIn() as standin:
        env = {**standin.env(), "DISCORD_TOKEN": "not-the-token"}
        result = await run_bot(env, tmp_path)
    assert result.returncode == 1
    assert "refused the token" in result.stderr
    assert "Traceback" not in result.stderr
    assert "not-the-token" not in result.stderr + result.stdout, "the token is never logged"


async def test_an_unreachable_api_is_a_clear_error(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "some-token", "DISCORD_API_BASE_URL": "http://127.0.0.1:9/api/v10",
           "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/"}
    result = await run_bot(env, tmp_path)
    assert result.returncode == 1
    assert "Cannot reach Discord at http://127.0.0.1:9/api/v10" in result.stderr
    assert "Traceback" not in result.stderr
    assert "some-token" not in result.stderr + result.stdout


async def test_a_running_bot_never_logs_its_token(tmp_path: Path) -> None:
    async with DiscordStandIn() as standin:
        env = {**standin.env(), "LOG_LEVEL": "DEBUG"}
        full = {**os.environ, **BASE_ENV, "DATABASE_PATH": str(tmp_path / "bot.db"), **env}
        log = tmp_path / "bot.log"
        with log.open("wb") as sink:
            process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=full, stdin=subprocess.DEVNULL,
                                       stdout=sink, stderr=subprocess.STDOUT)
            try:
                await standin.wait_until_connected(timeout=30)
                await standin.wait_for(lambda: "connected as" in log.read_text(), timeout=30, what="ready")
            finally:
                process.terminate()
                process.wait(timeout=20)
    text = log.read_text()
    assert "connected as" in text
    assert standin.token not in text


class DebugBot(BotProcess):
    """The bot process with LOG_LEVEL=DEBUG."""

    def env(self) -> dict[str, str]:
        return {**super().env(), "LOG_LEVEL": "DEBUG"}


async def test_a_debug_log_of_a_played_game_holds_no_token(tmp_path: Path) -> None:
    """LOG_LEVEL=DEBUG while an anonymous Mafia game is played: players speak through their seats' webhooks
    (a permanent token: anyone holding it posts under that public role) and are answered through their
    interactions' tokens. No token of any kind reaches the log."""
    async with DiscordStandIn(flood_limit=None) as standin:
        guild = standin.add_guild("Night Club")
        standin.bot_role(guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        channel = guild.channel("general")
        users = [standin.add_user(f"p{i}") for i in range(10)]
        for user in users:
            standin.add_member(guild, user)
        db, log = tmp_path / "bot.db", tmp_path / "bot.log"
        await seat_anonymous_day(db, guild.id, channel.id, users)
        bot = DebugBot(standin, guild, db, log)
        try:
            await bot.start()
            state = read(db, 1)[1]
            speakers = [users[n] for n, player in enumerate(state.seats) if player.alive][:3]
            for turn, user in enumerate(speakers):
                call = await standin.invoke_slash(user, "mafia say", channel=channel, options={"text": f"hello {turn}"})
                await call.wait_response()
                await standin.wait_for(lambda turn=turn: any(f"hello {turn}" in m.text for m in  # type: ignore[misc]
                                                             standin.channel_view(channel)), what="the words")
            await standin.wait_for(lambda: len(standin.interactions) == len(speakers) and all(
                r.original_message_id and not standin.message(r.original_message_id).loading
                for r in standin.interactions.values()), what="the answers")
        finally:
            bot.stop()
    text = log.read_text()
    assert " DEBUG " in text, "a debug log"
    tokens = {standin.token, *(r.token for r in standin.interactions.values()),
              *(hook.token for hook in standin.webhooks.values())}
    assert len(standin.webhooks) >= len(speakers) and len(tokens) > 2 * len(speakers)
    leaked = sorted(token for token in tokens if token in text)
    assert leaked == [], f"{len(leaked)} tokens in the log"


async def seat_anonymous_day(db: Path, guild_id: int, channel_id: int, users: list[User]) -> int:
    """An anonymous live-paced game, set up before the bot starts and played by the bot policy up to Day 1."""
    storage = await open_storage(db)
    try:
        table = Table(storage)
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in users]
        game = await table.start("mafia", seats, options={"mode": "anonymous"}, seed=7301, language="en",
                                 guild_id=guild_id, channel_id=channel_id)
        while not (game.state.phase == "day" and game.state.number == 1):  # type: ignore[attr-defined]
            prompt = next(p for p in game.state.prompts if not p.answered)
            action = game.engine.bot_action(game.state, prompt, derived(7301, "drv", game.state.step, prompt.id))
            assert (await table.act(game.id, prompt.seat, action)).ok
        return game.id
    finally:
        await storage.close()
