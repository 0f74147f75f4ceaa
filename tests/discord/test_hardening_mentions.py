"""Player names are players' words: a nickname `@everyone` or `<@&role>` never pings anyone and
Markdown in a name shows as typed — in the lobby, the status message, events and DMs. Only the
messages that mean to ping do (a public prompt its player, a moderator notice the GM role)."""

from __future__ import annotations

from pathlib import Path

from tests.discord.world import open_game, world
from tests.discord_standin import Message


def bot_messages(messages: list[Message], bot_id: int) -> list[Message]:
    return [m for m in messages if m.author.id == bot_id]


async def test_names_never_ping_and_show_as_typed(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        mods = w.guild.role("Mods")
        loud, sneaky = w.users[0], w.users[1]
        w.guild.members[loud.id].nick = "@everyone **boss**"
        w.guild.members[sneaky.id].nick = f"<@&{mods.id}> _x_"
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None and game.seats[0].name == "@everyone **boss**", "the seat keeps the name as typed"
        await w.standin.settle()

        channel = bot_messages(w.standin.channel_view(w.channel), w.standin.bot_user.id)
        assert channel
        for message in channel:
            pings = message.pings
            assert not pings["everyone"], message
            assert not pings["roles"], message
            for user_id in pings["users"]:  # only a public prompt pings, and only its own player
                assert message.content.startswith(f"<@{user_id}>"), message
        status = next(m for m in reversed(channel) if any("gmv|" in str(b) for b in m.buttons))
        assert "@\u200beveryone \\*\\*boss\\*\\*" in status.content, status.content
        assert f"<@\u200b&{mods.id}> \\_x\\_" in status.content, status.content
        assert "**boss**" not in status.content

        for user in w.users:  # the same in every DM: text escaped, labels (no Markdown there) as typed
            for message in bot_messages(w.standin.dm_view(user), w.standin.bot_user.id):
                assert "**boss**" not in message.content and "@everyone" not in message.content, message
                assert not message.pings["everyone"] and not message.pings["roles"], message

        # a moderator notice pings the GM role, and nothing else
        settings = await w.gm.storage.guild_settings(w.guild.id)
        await w.gm.storage.save_guild_settings(w.guild.id, {**settings, "gm_role_id": mods.id})
        await w.gm.tell_moderators(game, "dm-failed", player=f"<@{loud.id}>")
        role_ping = f"<@&{mods.id}>"
        notice = await w.standin.wait_for(
            lambda: next((m for m in w.standin.channel_view(w.channel) if m.content.startswith(role_ping)), None),
            timeout=5, what="the moderator notice",
        )
        assert notice.pings == {"everyone": False, "users": set(), "roles": {mods.id}}
