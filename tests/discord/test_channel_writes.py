"""How many overwrite writes a Mafia game's channel rule costs (issue 41: every counted request is capacity). While
the game runs @everyone's overwrite denies Send Messages, so a player who may not write needs no deny of their own:
with no overwrite they inherit it. Radio silence in the draft and a death cost no request per player; a member deny
is written only where a role's overwrite in the channel allows Send Messages (it outweighs @everyone's deny)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord.mafia_play import MANAGE_ROLES, SEND_MESSAGES, fixed_seed, may_write, open_mafia, play
from tests.discord.test_mafia_channel import a_human_died, human_seats, settled, users
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn
from tests.discord_standin.models import Overwrite


def writes(w: World, since: int) -> list[tuple[str, int]]:
    """(method, whose overwrite) of each overwrite write to the game channel since request `since`."""
    prefix = f"/channels/{w.channel.id}/permissions/"
    return [(r.method, int(r.path.rsplit("/", 1)[1])) for r in w.standin.requests[since:] if r.path.startswith(prefix)]


async def test_a_silenced_player_inherits_everyones_deny_and_costs_no_write(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        me = standin.bot_user.id
        since = len(standin.requests)
        game_id = await open_mafia(w, humans=3, mode="open")
        await settled(w)
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="the draft's radio silence")
        game = w.game(game_id)
        assert game is not None
        players = users(w, game)

        # the draft: the bot's allow and @everyone's deny, nothing for the players, who still cannot write
        assert writes(w, since) == [("PUT", me), ("PUT", w.guild.id)]
        assert not any(standin.can_send(u, w.channel) for u in players.values())
        assert standin.can_send(standin.bot_user, w.channel)

        # Night 1: each living player's allow
        since = len(standin.requests)
        game = await play(w, game_id, until=lambda g: g.state.phase == "night")  # type: ignore[attr-defined]
        assert game is not None
        await settled(w)
        assert sorted(writes(w, since)) == sorted(("PUT", u.id) for u in players.values())
        assert all(standin.can_send(u, w.channel) for u in players.values())

        # a death: the dead player's allow is taken away (one write), and they cannot write
        since = len(standin.requests)
        game = await play(w, game_id, until=a_human_died)
        assert game is not None
        await settled(w)
        dead = [players[n].id for n in human_seats(game) if not game.state.seats[n].alive]  # type: ignore[attr-defined]
        assert [("DELETE", user) for user in dead] == [done for done in writes(w, since) if done[1] in dead]
        assert not any(standin.can_send(u, w.channel) for u in players.values() if u.id in dead)

        # the end: @everyone's deny, the players' allows and the bot's own go; the dead before have nothing left
        since = len(standin.requests)
        assert await play(w, game_id) is None
        await settled(w)
        await standin.wait_for(lambda: not w.channel.overwrites, what="the channel given back")
        ended = writes(w, since)
        assert ended[-1] == ("DELETE", me) and ("DELETE", w.guild.id) in ended
        assert all(method == "DELETE" and target not in dead for method, target in ended)
        assert len({target for _, target in ended}) == len(ended), "each overwrite given back once"
        assert all(standin.can_send(u, w.channel) for u in players.values())


async def test_a_role_that_lets_its_members_write_there_still_gets_silenced_players_denied(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        regulars = standin.add_role(w.guild, "Regulars")
        for user in w.users:
            w.guild.members[user.id].role_ids.append(regulars.id)
        w.channel.overwrites[regulars.id] = Overwrite(regulars.id, 0, allow=SEND_MESSAGES)  # outweighs @everyone's
        await standin.changed(w.guild, w.channel)
        game_id = await open_mafia(w, humans=3, mode="open")
        await settled(w)
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="the draft's radio silence")
        game = w.game(game_id)
        assert game is not None
        players = users(w, game)
        await standin.wait_for(lambda: all(may_write(w, u.id) is False for u in players.values()), what="denied")
        assert not any(standin.can_send(u, w.channel) for u in players.values())

        game = await play(w, game_id, until=a_human_died)
        assert game is not None
        await settled(w)
        dead = [players[n] for n in human_seats(game) if not game.state.seats[n].alive]  # type: ignore[attr-defined]
        await standin.wait_for(lambda: all(may_write(w, u.id) is False for u in dead), what="the dead denied")
        assert not any(standin.can_send(u, w.channel) for u in dead)

        assert await play(w, game_id) is None
        await settled(w)
        await standin.wait_for(lambda: set(w.channel.overwrites) == {regulars.id}, what="the channel given back")
        assert (w.channel.overwrites[regulars.id].allow, w.channel.overwrites[regulars.id].deny) == (SEND_MESSAGES, 0)
        assert all(standin.can_send(u, w.channel) for u in players.values())
