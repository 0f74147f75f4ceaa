"""`/addbot level:` (issue 22 §2): the host picks how well the bots play, from a choice named in the
reader's language; the bots' seats keep that level into the game, and without it they play at the
default level."""

from __future__ import annotations

from pathlib import Path

from games.core.engine import DEFAULT_BOT_LEVEL
from tests.discord.world import world


async def test_addbot_level_easy_seats_easy_bots_and_the_choice_reads_in_russian(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, standin=standin) as w:
        addbot = next(c for scope in standin.commands.values() for c in scope.values() if c["name"] == "addbot")
        level = next(o for o in addbot["options"] if o["name"] == "level")
        assert (level.get("name_localizations") or {}).get("ru") == "уровень"
        russian = {c["value"]: (c.get("name_localizations") or {}).get("ru") for c in level["choices"]}
        assert russian == {"easy": "Лёгкий", "normal": "Обычный"}

        host = w.users[0]
        await w.slash(host, "cookie new")
        easy = await w.slash(host, "addbot", count=2, level="easy")
        assert not easy.errors
        default = await w.slash(host, "addbot")
        assert not default.errors
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        assert [s.get("bot_level") for s in row.seats] == [None, "easy", "easy", DEFAULT_BOT_LEVEL]
        await w.slash(host, "start")
        game = w.game(row.id)
        assert game is not None and game.running
        assert [s.bot_level for s in game.seats] == [None, "easy", "easy", DEFAULT_BOT_LEVEL]
