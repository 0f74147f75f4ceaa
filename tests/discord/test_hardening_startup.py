"""`python -m bot` at start-up against the stand-in: Discord answering 5xx is "cannot reach
Discord" in one line (no traceback), and a second bot process on a running bot's database is
refused before it logs in."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bot.i18n import t
from tests.discord.test_bot_process import BASE_ENV, ROOT, run_bot
from tests.discord_standin import DiscordStandIn


async def test_a_5xx_from_get_gateway_is_cannot_reach_discord(tmp_path: Path) -> None:
    async with DiscordStandIn() as standin:
        standin.fail("GET", "/gateway", status=502, times=10)
        env = {**standin.env(), "DISCORD_GATEWAY_URL": ""}  # blank: the bot asks GET /gateway
        result = await run_bot(env, tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    expected = t("en", "startup-cannot-reach", url=standin.api_base_url, reason="").rstrip()
    assert lines[0].startswith(expected), lines[0]
    assert "502" in lines[0]


async def test_a_second_bot_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    async with DiscordStandIn() as standin:
        env = {**os.environ, **BASE_ENV, **standin.env(), "DATABASE_PATH": str(db)}
        log = tmp_path / "first.log"
        with log.open("wb") as sink:
            first = subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                     stdout=sink, stderr=subprocess.STDOUT)
            try:
                await standin.wait_until_connected(timeout=30)
                await standin.wait_for(lambda: "connected as" in log.read_text(), timeout=30, what="ready")
                identifies = len(standin.gateway.identifies)
                second = await run_bot({**standin.env()}, tmp_path)  # run_bot uses tmp_path/bot.db too
                assert second.returncode == 1
                assert second.stderr.strip() == t("en", "startup-db-in-use", path=str(db), pid=str(first.pid))
                assert len(standin.gateway.identifies) == identifies, "refused before it connected"
                assert first.poll() is None, "the first bot runs on"
            finally:
                first.terminate()
                await asyncio.to_thread(first.wait, 20)
