"""A game's channel rule without a counted read (issue 41): the overwrites to change are read from the gateway's
copy of the channel, which Discord keeps current, not by GET /channels/{id} at every change; only just after
the bot's own change, which may not be back yet, does it ask Discord. What the overwrites end as is the same."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.discord.channel
from tests.discord.mafia_play import MANAGE_ROLES, fixed_seed, may_write, open_mafia, play
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn

SEND = 1 << 11


def reads_of(w: World, since: int) -> int:
    path = f"/channels/{w.channel.id}"
    return sum(1 for r in w.standin.requests[since:] if r.method == "GET" and r.path.endswith(path))


def writes_of(w: World, since: int) -> int:
    return sum(1 for r in w.standin.requests[since:] if f"/channels/{w.channel.id}/permissions/" in r.path)


async def test_the_channel_rule_is_set_without_reading_the_channel_from_discord(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        since = len(standin.requests)
        await open_mafia(w, humans=3)
        await w.gm.drained()
        await standin.settle()
        assert writes_of(w, since) > 0, "the game's start silenced the channel"
        assert reads_of(w, since) == 0, "the gateway's copy told what the overwrites were"
        assert may_write(w, w.guild.id) is False


async def test_right_after_its_own_change_the_bot_reads_the_channel_and_the_rule_ends_as_before(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    monkeypatch.setattr(bot.discord.channel, "OWN_WRITES_SECONDS", 3600.0)  # every later change: just after
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        since = len(standin.requests)
        game_id = await open_mafia(w, humans=3)
        await play(w, game_id)
        await w.gm.drained()
        await standin.settle()
        assert reads_of(w, since) >= 1, "after its own change the bot asked Discord"
        assert may_write(w, w.guild.id) is None and may_write(w, w.users[0].id) is None, "every overwrite given back"
