"""Adding what the bot sends (README, "Adding what the bot sends"): a delivery kind of its own is one module
and one line in the registry (bot/discord/service.py `KINDS`). Its rows are planned with a step, saved in the
step's transaction, sent in the channel's order, and, when Discord failed them and the bot stopped, sent by
the next run on the same database, once."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.config import Settings
from bot.discord import service
from bot.discord.app import GameMasterBot
from bot.discord.kinds import Planned, Sending, tag
from bot.discord.outbox import Text
from bot.discord.outboxes import Outboxes
from bot.live import Step
from bot.storage import DeliveryRow
from tests.discord.world import WINDOW, World, open_game
from tests.discord_standin import DiscordStandIn, RecordedRequest, start_bot


class Curtain:  # the README's example, as it stands there
    name = "curtain"

    def __init__(self, outboxes: Outboxes) -> None:
        self.outboxes = outboxes

    def plan(self, step: Step) -> list[Planned]:
        over = step.status != "running" and step.game.row.status == "running"  # the step that ends the game
        return [Planned({"text": f"🎭 #{step.game.id}: curtain."})] if over else []

    def send(self, row: DeliveryRow) -> Sending:
        return self.outboxes.of(row), Text(row.body["text"], [row.id], tag(row))


def saved(db: Path) -> list[tuple[int, str, int]]:
    """The curtain rows saved: (game, text, state: 0 waiting, 1 sent)."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT game_id, body, state FROM deliveries WHERE kind = 'curtain' ORDER BY id")
        return [(game_id, json.loads(body)["text"], state) for game_id, body, state in rows]


def curtains(w: World, game_id: int) -> int:
    return sum(f"🎭 #{game_id}: curtain." in m.content for m in w.standin.channel_view(w.channel))


def carries_a_curtain(request: RecordedRequest) -> bool:
    return "🎭" in json.dumps(request.body, ensure_ascii=False)


@asynccontextmanager
async def bot_on(w: World) -> AsyncIterator[World]:
    """A bot run on the world's database (stopped at the end without waiting for what it has still to send)."""
    bot = GameMasterBot(w.bot.settings, outbox_window=WINDOW)
    run = await start_bot(bot, w.standin)
    try:
        yield World(w.standin, w.guild, w.channel, w.users, w.moderator, bot, w.db)
    finally:
        await run.stop()


async def test_a_kind_of_ones_own_is_planned_saved_sent_and_sent_after_a_restart(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "KINDS", [*service.KINDS, lambda gm: Curtain(gm.outboxes)])
    guild = standin.add_guild("Game Night")
    users = [standin.add_user(f"player{i}") for i in range(4)]
    for user in users:
        standin.add_member(guild, user)
    moderator = standin.add_user("moderator")
    standin.add_member(guild, moderator, roles=[standin.add_role(guild, "Mods", permissions=1 << 5)])
    settings = Settings(
        discord_token="stand-in", database_path=tmp_path / "bot.db", default_language="en", dev_guild_id=guild.id,
        discord_api_base_url=standin.api_base_url, discord_gateway_url=standin.gateway_url,
        lobby_openings_per_hour=1e6,
    )
    unstarted = World(standin, guild, guild.channel("general"), users, moderator,
                      GameMasterBot(settings, outbox_window=WINDOW), tmp_path / "bot.db")

    async with bot_on(unstarted) as w:
        first = await open_game(w)
        assert not saved(w.db), "planned only with the step that ends a game"
        assert (await w.gm.table.end(first, actor_id=moderator.id)).ok
        await w.gm.drained()
        await standin.settle()
        assert saved(w.db) == [(first, f"🎭 #{first}: curtain.", 1)], "saved with the step, then marked sent"
        assert curtains(w, first) == 1
        shown = [m.content for m in standin.channel_view(w.channel)]
        assert "ended the game" in shown[shown.index(f"🎭 #{first}: curtain.") - 1], "after the step's own lines"

        second = await open_game(w)
        failing = [standin.fail("POST", route, times=10**6, where=carries_a_curtain)
                   for route in ("/channels/{channel_id}/messages",
                                 "/webhooks/{webhook_id}/{webhook_token}")]
        assert (await w.gm.table.end(second, actor_id=moderator.id)).ok
        await standin.wait_for(lambda: any(rule.failed for rule in failing), what="Discord failing the curtain")
    assert saved(unstarted.db)[-1] == (second, f"🎭 #{second}: curtain.", 0), "still to send when the bot stopped"
    assert curtains(unstarted, second) == 0

    standin.server_errors.clear()
    async with bot_on(unstarted) as again:
        await standin.wait_for(lambda: curtains(again, second) == 1, timeout=10, what="the curtain, after the restart")
        await again.gm.drained()
        await standin.settle()
        assert curtains(again, second) == 1, "once"
        assert saved(again.db)[-1][2] == 1
