"""A backup taken while the real bot (`python -m bot`) plays a game through the stand-in restores into
a fresh place, a new bot starts on it, and the game goes on from the step the backup saved."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.discord.bot_process import ROOT, BotProcess, Players, input_keys, read_game
from tests.discord.test_delivery_faults import open_cookie, world
from tests.discord_standin import DiscordStandIn


def cli(bot: BotProcess, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot …` with the settings of `bot`'s process (its database)."""
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env={**bot.env(), "LANG": "C"},
                          capture_output=True, text=True, timeout=60)


async def test_a_backup_mid_game_restores_and_the_game_resumes_from_its_saved_step(tmp_path: Path) -> None:
    async with DiscordStandIn(flood_limit=None) as standin:
        users, guild = world(standin)
        channel = guild.channel("general")  # type: ignore[attr-defined]
        db, fresh = tmp_path / "bot.db", tmp_path / "elsewhere" / "bot.db"
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        restored = BotProcess(standin, guild, fresh, tmp_path / "restored.log")  # type: ignore[arg-type]
        try:
            await bot.start()
            game_id = await open_cookie(standin, users, channel, db)
            players = Players(standin, users, db)
            for _ in range(5):
                assert await players.step(bot, game_id, channel) == "played"

            refused = cli(bot, "restore", str(tmp_path / "anything.db"))
            assert refused.returncode == 1, "nothing is restored under a running bot"
            (tmp_path / "backups").mkdir()
            taken = cli(bot, "backup", str(tmp_path / "backups"))
            assert taken.returncode == 0, taken.stderr
            (copy,) = (tmp_path / "backups").iterdir()
            saved_status, saved_state, _ = read_game(copy, game_id)
            assert saved_status == "running" and saved_state.step >= 5
            bot.kill()  # the machine is lost; the backup is all there is

            put_back = cli(restored, "restore", str(copy))
            assert put_back.returncode == 0, put_back.stderr
            status, state, _ = read_game(fresh, game_id)
            assert (status, state.step) == ("running", saved_state.step)

            await restored.start()
            players.db = fresh
            while (outcome := await players.step(restored, game_id, channel)) != "over":
                assert outcome == "played"
            assert read_game(fresh, game_id)[0] == "finished"
            assert players.acked <= input_keys(fresh), "every click acknowledged by either bot is in the restored game"
        finally:
            bot.stop()
            restored.stop()
    assert not standin.violations, standin.violations
