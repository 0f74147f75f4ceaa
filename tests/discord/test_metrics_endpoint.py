"""The metrics and health endpoint of the real bot (`python -m bot` with METRICS_PORT), scraped while a
game is played through the stand-in: the numbers move as the game goes, no label names a player, and
LOG_FORMAT=json writes one JSON object a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import metrics
from tests.discord.bot_process import BotProcess, Players
from tests.discord.test_delivery_faults import open_cookie, world
from tests.discord_standin import DiscordStandIn
from tests.endpoints import free_port, get, scrape, total


class MeteredBot(BotProcess):
    port = 0

    def env(self) -> dict[str, str]:
        return {**super().env(), "METRICS_PORT": str(self.port), "LOG_FORMAT": "json"}


async def test_the_endpoint_counts_a_game_being_played(tmp_path: Path) -> None:
    async with DiscordStandIn(flood_limit=None) as standin:
        users, guild = world(standin)
        channel = guild.channel("general")  # type: ignore[attr-defined]
        db = tmp_path / "bot.db"
        bot = MeteredBot(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        bot.port = free_port()
        try:
            await bot.start()
            assert await get(bot.port, "/healthz") == (200, "ok\n")
            await standin.wait_for(lambda: "connected as" in (tmp_path / "bot.log").read_text(), timeout=20,
                                   what="ready")
            status, text = await get(bot.port, "/readyz")
            assert status == 200, text
            assert json.loads(text) == {"gateway": True, "database": True, "oldest_delivery_seconds": 0.0,
                                        "deliveries": True, "ready": True}
            before = await scrape(bot.port)
            assert total(before, "gamemaster_games") == 0

            standin.rate_limit("POST", "/users/@me/channels", times=1, scope="user")  # a DM opened at /join
            game_id = await open_cookie(standin, users, channel, db)
            players = Players(standin, users, db)
            for _ in range(6):
                assert await players.step(bot, game_id, channel) == "played"
            after = await scrape(bot.port)

            assert total(after, "gamemaster_games", game="cookie", state="running", shard="0") == 1
            commands = total(after, "gamemaster_interactions_total", kind="command", shard="0")
            clicks = total(after, "gamemaster_interactions_total", kind="component", shard="0")
            assert commands - total(before, "gamemaster_interactions_total", kind="command") == 5  # new, 3 joins, start
            assert clicks - total(before, "gamemaster_interactions_total", kind="component") == 6
            answered = total(after, "gamemaster_interaction_first_response_seconds_count", shard="0")
            assert answered == commands + clicks, "every interaction's first answer is timed"
            assert total(after, "gamemaster_interaction_first_response_seconds_bucket", le="3.0") == answered
            assert total(after, "gamemaster_interaction_handling_seconds_count", shard="0") == answered, \
                "and the bot's own share of each, once"
            assert total(after, "gamemaster_interaction_handling_seconds_count", via="dm") == clicks, "the DM clicks"
            assert total(after, "gamemaster_interaction_handling_seconds_count", via="server") == commands
            handled = total(after, "gamemaster_interaction_handling_seconds_sum", shard="0")
            phases = {name: total(after, "gamemaster_interaction_phase_seconds_count", via="dm", phase=name)
                      for name, _ in metrics.PHASES}
            assert phases == {name: 0 if name in ("database-lock", "catch-up") else clicks for name in phases}, \
                "each DM click's handling phase by phase, once (one process on SQLite: no database lock)"
            in_phases = total(after, "gamemaster_interaction_phase_seconds_sum", via="dm")
            in_dms = total(after, "gamemaster_interaction_handling_seconds_sum", via="dm")
            assert abs(in_phases - in_dms) < 0.002 * clicks, "the phases make up the bot's share of the DM clicks"
            assert 0 < handled <= total(after, "gamemaster_interaction_first_response_seconds_sum", shard="0")
            waited = total(after, "gamemaster_interaction_core_wait_seconds_count")
            assert waited == answered, "the loop's wait for a core within each answer's share, on Linux"
            unwaited = total(after, "gamemaster_interaction_handling_less_core_wait_seconds_sum")
            assert unwaited + total(after, "gamemaster_interaction_core_wait_seconds_sum") == \
                pytest.approx(handled, abs=1e-6 * answered), "the share is the wait and the rest"
            assert total(after, "gamemaster_rest_requests_total", budget="exempt") >= 11
            assert total(after, "gamemaster_rest_requests_total", budget="counted") > \
                total(before, "gamemaster_rest_requests_total", budget="counted")
            assert total(after, "gamemaster_rest_rate_limited_total", scope="user") >= 1
            assert total(after, "gamemaster_storage_commit_seconds_count") >= \
                total(before, "gamemaster_storage_commit_seconds_count") + 11
            assert total(after, "gamemaster_step_save_seconds_count") >= \
                total(before, "gamemaster_step_save_seconds_count") + 6, "each step the six clicks played, as it waited"
            assert ("gamemaster_deliveries_waiting", ()) in after
            assert ("gamemaster_delivery_oldest_seconds", ()) in after
            assert total(after, "gamemaster_errors_total") == 0

            names = {str(user.id) for user in users} | {user.username for user in users} | {guild.name}  # type: ignore[attr-defined]
            values = {value for _, labels in after for _, value in labels}
            assert not values & names, "no label names a member or a server"
        finally:
            bot.stop()
    lines = [line for line in (tmp_path / "bot.log").read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "event", "message"} <= set(r) for r in records)
    assert any(r["event"] == "connected as %s (%s)" for r in records)
    assert standin.token not in "\n".join(lines)
    assert not standin.violations, standin.violations
