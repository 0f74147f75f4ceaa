"""A member's DM channel is asked of Discord once, not once per bot process or per start (each ask,
POST /users/@me/channels, counts against the token's global rate limit): the id is saved, and a process that
starts again — or another process on the same database — sends there straight away. Forgetting the member
removes it."""

from __future__ import annotations

from pathlib import Path

from bot.privacy import forget_member
from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn

OPEN_DM = "/users/@me/channels"


def dm_opens(standin: DiscordStandIn) -> int:
    return sum(1 for r in standin.requests if r.method == "POST" and r.path.endswith(OPEN_DM))


async def test_a_process_started_again_finds_the_members_dms_without_asking_discord(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w)
        await standin.settle()
        asked = dm_opens(standin)
        assert asked >= 4, "each player's DMs were opened once to deal the game"
        member = w.users[0]
        saved = await w.gm.storage.dm_channel(member.id)
        assert saved == w.gm.outboxes.dm_channels[member.id]

        w.gm.outboxes.dm_channels.clear()  # what a process started again (or another one) remembers
        game = w.game(game_id)
        assert game is not None
        for seat in range(len(game.seats)):
            assert await w.gm.outboxes.dm_channel_id(w.user_of(game, seat).id) == await w.gm.storage.dm_channel(
                w.user_of(game, seat).id)
        assert dm_opens(standin) == asked, "no DM asked of Discord again"

        await forget_member(w.gm.storage, member.id, {member.username})
        assert await w.gm.storage.dm_channel(member.id) is None, "forgotten with the member"
