"""A member's DM line with nothing to fold into waits a moment for the prompt the next step brings (issue 41: every
counted request is capacity). When a draft round's deadline passes, each silent player's "the bot acted for you"
comes with the step of their own deadline, the next round's cards with the step of the last one: the line and the
cards are one message, in that order, not two."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

import tests.discord.world
from bot.i18n import t
from bot.live import LiveGame
from tests.discord.mafia_play import fixed_seed, open_mafia
from tests.discord.mafia_world import fire_deadline
from tests.discord.test_mafia_channel import settled, users
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn, User

WINDOW = 1.0
"""The bot's pacing window here (Discord's is 5 s): a line waits 0.3 of it for a prompt, longer than the
deadlines' steps take on a busy machine."""


@asynccontextmanager
async def drafting(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[World, LiveGame, dict[int, User]]]:
    """A Mafia game of three members and bots in its draft's first round, the members seated without a click in
    their DMs (no follow-up carries their messages yet): the world, the game, its members by seat."""
    fixed_seed(monkeypatch)
    monkeypatch.setattr(tests.discord.world, "WINDOW", WINDOW)
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_mafia(w, humans=3)
        await settled(w)
        game = w.game(game_id)
        assert game is not None and game.state.phase == "draft"  # type: ignore[attr-defined]
        yield w, game, users(w, game)


async def test_the_bot_acted_line_and_the_next_rounds_cards_are_one_dm(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with drafting(tmp_path, standin, monkeypatch) as (w, game, players):
        dms = {n: standin.dm_channel(u).id for n, u in players.items()}
        since = len(standin.requests)

        await fire_deadline(w, game)  # nobody picked: the bot picks for all three
        await standin.wait_for(lambda: game.state.draft.round > 1, what="the next draft round")  # type: ignore[attr-defined]
        await settled(w)

        posted = [r for r in standin.requests[since:] if r.method == "POST" and r.path.endswith("/messages")]
        for n in players:
            mine = [r.body for r in posted if r.path == f"/channels/{dms[n]}/messages"]
            acted = t(game.seats[n].language, "bot-acted", player_is_you="yes")
            assert len(mine) == 1, [body.get("content") for body in mine]
            assert mine[0]["content"].startswith(acted) and mine[0].get("components"), mine[0]["content"]
