"""`python -m bot` as a process: a bad token or an unreachable API gives a clear error and a
non-zero exit, never a traceback; the token never appears in the log."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tests.discord_standin import DiscordStandIn

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
