"""Members' data through the stand-in: /privacy in both languages; /forget-me refused while the member
plays, then (after its confirmation button) leaving no trace of their id or name in any table of the
database, while the server's counts stay; a moderator's /gm forget for a member who left."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.i18n import t
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import World, open_game, world
from tests.discord_standin import User


def traces(db: Path, needles: set[str]) -> list[str]:
    """Every value, in every table of the database, that contains one of `needles`."""
    found = []
    with sqlite3.connect(db) as connection:
        tables = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for row in connection.execute(f"SELECT * FROM {table}"):  # the names come from the schema itself
                found += [f"{table}: {value!r}"[:200] for value in row
                          if any(needle in str(value) for needle in needles)]
    return found


async def confirm(w: World, user: User, button: str) -> str:
    """Ask /forget-me, click `button` on its private warning; the answer it is edited into."""
    asked = await w.slash(user, "forget-me")
    warning = w.standin.message(asked.original_message_id)
    assert warning.ephemeral and "cannot be undone" in warning.text
    click = await w.standin.click(user, custom_id=button, message=warning)
    await click.wait_response()
    assert not click.errors, click.callbacks
    await w.standin.settle()
    return w.standin.message(asked.original_message_id).text


async def test_privacy_says_what_is_kept_and_for_how_long_in_each_language(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 2, standin=standin, keep_finished_days=30) as w:
        english = answer_text(w, await w.slash(w.users[0], "privacy"))
        russian = answer_text(w, await w.slash(w.users[1], "privacy"))
    assert "What this bot keeps about you" in english and "deleted 30 days after the game ends" in english
    assert "Что бот хранит о вас" in russian and "удаляются через 30 дней" in russian


async def test_forget_me_leaves_no_trace_of_the_member_and_keeps_the_counts(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        leaving, staying = w.users[1], w.users[0]
        game_id = await open_game(w)
        blocked = answer_text(w, await w.slash(leaving, "forget-me"))
        assert f"#{game_id} (Cookie)" in blocked and "once it has ended" in blocked
        await w.play_to_end(game_id)
        await w.gm.drained()
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        names = {s["name"] for s in row.seats if s["user_id"] == leaving.id} | {leaving.username}
        needles = {str(leaving.id), *names}
        assert traces(w.db, needles), "the finished game names the member before"

        assert "Nothing was changed" in await confirm(w, leaving, "privacy-forget-cancel")
        assert traces(w.db, needles)
        done = await confirm(w, leaving, "privacy-forget-confirm")
        assert "Done: your Discord id and name are gone from one game and one result" in done
        assert traces(w.db, needles) == [], "no table holds the member's id or name"

        row = await w.gm.storage.load_game(game_id)
        assert row is not None
        former = t(row.language, "privacy-former-player")  # in the game's language, like its other names
        assert [s["name"] for s in row.seats].count(former) == 1
        assert len(await w.gm.storage.game_results(game_id)) == 4, "the game's results stay, one per seat"
        assert "no finished games" in answer_text(w, await w.slash(leaving, "stats"))
        assert "1 game" in answer_text(w, await w.slash(staying, "stats"))
        await w.slash(w.moderator, "gm settings", leaderboard_games=1)  # the one game is enough to be listed
        board = answer_text(w, await w.slash(staying, "leaderboard", game="cookie"))
        assert f"<@{leaving.id}>" not in board and f"<@{staying.id}>" in board
        assert f"#{game_id}" in answer_text(w, await w.slash(staying, "history"))
        transcript = await w.slash(staying, "history", game=game_id)
        files = {a.filename: a.data for a in w.standin.message(transcript.original_message_id).attachments}
        assert former in files[f"game-{game_id}-en.txt"].decode()


async def test_a_moderator_forgets_a_member_who_left_the_server(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        gone, here = w.users[2], w.users[3]
        await w.play_to_end(await open_game(w))
        running = await open_game(w)
        await w.standin.remove_member(w.guild, gone)
        blocked = answer_text(w, await w.slash(w.moderator, "gm forget", member=gone))
        assert f"#{running} (Cookie)" in blocked and "once it has ended" in blocked
        await w.slash(w.moderator, "gm end", game_id=running)
        await w.gm.drained()
        assert "can use /forget-me themselves" in answer_text(w, await w.slash(w.moderator, "gm forget", member=here))
        refused = answer_text(w, await w.slash(here, "gm forget", member=gone))
        assert "Done" not in refused, "only moderators"
        done = answer_text(w, await w.slash(w.moderator, "gm forget", member=gone))
        assert "Done: this server's finished games and statistics no longer name player2 (2 games" in done
        assert traces(w.db, {str(gone.id), gone.username}) == []
        assert traces(w.db, {str(here.id)}), "the member who stayed is kept"


async def test_gm_forget_finds_the_server_nickname_of_a_player_removed_before_they_left(
    tmp_path: Path, standin
) -> None:
    """Zed (player2's server nickname) is removed with /gm remove and a bot plays their seat ("Bot for
    Zed"); they leave the server. /gm forget knows only their account, yet no table keeps the nickname:
    it is learned from the seat's change of hands in the log."""
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        gone = w.users[2]
        w.guild.members[gone.id].nick = "Zed"
        game_id = await open_game(w)
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.seats[2]["name"] == "Zed"
        assert "Done" in answer_text(w, await w.slash(w.moderator, "gm remove", player=gone))
        await w.play_to_end(game_id)
        await w.gm.drained()
        await w.standin.remove_member(w.guild, gone)
        assert traces(w.db, {"Zed"}), "the record names the nickname before"
        done = answer_text(w, await w.slash(w.moderator, "gm forget", member=gone))
        assert "Done: this server's finished games and statistics no longer name player2 (one game" in done
        assert traces(w.db, {str(gone.id), gone.username, "Zed"}) == []
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.seats[2]["name"] == t(row.language, "privacy-former-bot")
