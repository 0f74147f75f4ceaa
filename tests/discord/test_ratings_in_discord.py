"""Ratings through the stand-in (issue 40): a finished game's achievements are announced in its channel
once, after its final table; `/leaderboard game:` ranks members by rating with their rated-game counts
(after the server's minimum, `/gm settings leaderboard_games:`); `/stats` shows rating, rank, trend,
reliability and achievements in English and Russian; `/gm season start name:` starts a clean season and
`/leaderboard season:` reads the old one; `/gm settings min_reliability:` refuses a member who leaves
games; `/leave` in a running game gives the seat to a bot."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

import bot.lobby
from bot.ratings.holders import LEFT
from bot.ratings.maths import Holder, SeatResult
from bot.ratings.record import GameRecord, record_program
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import open_game, world

DUEL_SEED = 1
"""A two-player Maskmen game the tests' driver plays 3–0 (seat 1 wins every season): Clean Duel and Hat
Trick for its winner."""


async def test_a_finished_game_is_rated_announced_and_shown_in_both_languages(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(tmp_path, 2, standin=standin, locales=("en-US", "ru")) as w:
        await w.slash(w.moderator, "gm settings", leaderboard_games=1)
        with monkeypatch.context() as patched:  # the lobby deals from this seed
            patched.setattr(bot.lobby.secrets, "randbits", lambda bits: DUEL_SEED)
            assert not (await w.slash(w.users[0], "maskmen new")).errors
        await w.slash(w.users[1], "join")
        await w.slash(w.users[0], "start")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.status == "running" and row.seed == DUEL_SEED
        game_id = row.id
        game = w.game(game_id)
        assert game is not None and game.row.language == "ru"
        winner = w.user_of(game, 1)
        await w.play_to_end(game_id)
        await w.gm.drained()

        said = [m.text for m in w.standin.channel_view(w.channel)]
        announced = [n for n, text in enumerate(said) if f"Достижения игры №{game_id}" in text]
        assert len(announced) == 1, "announced once"
        final = max(n for n, text in enumerate(said) if "Итоговая таблица" in text)
        assert announced[0] > final, "never before the final table"
        assert f"<@{winner.id}>: «Чистая дуэль»" in said[announced[0]]
        assert "«Хет-трик»" in said[announced[0]]

        board = answer_text(w, await w.slash(w.users[0], "leaderboard", game="maskmen"))
        assert "Season 1: the rating on this server" in board
        loser = w.users[1] if winner == w.users[0] else w.users[0]
        assert board.index(f"<@{winner.id}>") < board.index(f"<@{loser.id}>")
        assert "(1 rated game)" in board and "1. " in board and "2. " in board

        english = answer_text(w, await w.slash(w.users[0], "stats", player=winner))
        assert "**Maskmen**: rating **" in english and "place 1 on the server (1 rated game)" in english
        assert "trend in the last game" in english
        assert "Reliability: 100%, 1 of 1 game finished" in english
        assert "Achievements: Clean Duel, Hat Trick" in english
        russian = answer_text(w, await w.slash(w.users[1], "stats", player=winner))
        assert "рейтинг **" in russian and "1-е место на сервере (1 рейтинговая игра)" in russian
        assert "динамика за последнюю игру" in russian
        assert "Надёжность: 100%, доиграно до конца 1 из 1" in russian
        assert "Достижения: Чистая дуэль, Хет-трик" in russian

        started = await w.slash(w.moderator, "gm season start", name="Весна")
        assert "Сезон 1 закрыт" in answer_text(w, started) and "Сезон 2 «Весна»" in answer_text(w, started)
        refused = await w.slash(w.users[0], "gm season start", name="Nope")
        assert "moderator" in answer_text(w, refused).lower()
        fresh = answer_text(w, await w.slash(w.users[0], "leaderboard", game="maskmen"))
        assert "Nobody has played enough rated Maskmen games in Season 2: Весна" in fresh
        old = answer_text(w, await w.slash(w.users[0], "leaderboard", game="maskmen", season=1))
        assert old == board, "the old season's table stays as it ended"
        missing = answer_text(w, await w.slash(w.users[0], "leaderboard", game="maskmen", season=7))
        assert "no season 7" in missing


async def test_a_member_who_leaves_games_is_refused_below_the_servers_reliability(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin, locales=("en-US",)) as w:
        flaky = w.users[2]
        for n in range(5):  # five games, each left after a few steps
            game_id = await w.gm.storage.create_game(game="maskmen", status="finished", seed=n, options={}, seats=[],
                                                     language="en", guild_id=w.guild.id)
            seats = (SeatResult(0, 1, None, (Holder(w.users[0].id, True, 1.0, "end"),)),
                     SeatResult(1, 2, None, (Holder(flaky.id, True, 0.2, LEFT), Holder(None, False, 0.8, "end"))))
            await w.gm.storage.write(partial(record_program, GameRecord(game_id, w.guild.id, "maskmen", 1.0, seats)))
        settings = answer_text(w, await w.slash(w.moderator, "gm settings", min_reliability=50))
        assert "joining a game needs a reliability of 50%" in settings
        await w.slash(w.users[0], "cookie new")
        refused = await w.slash(flaky, "join")
        assert "it asks for a reliability of 50%, and yours is 0% (0 of 5 games finished)" in answer_text(w, refused)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and all(s.get("user_id") != flaky.id for s in row.seats), "nothing changed"
        await w.slash(w.users[1], "join")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and len(row.seats) == 2, "a newcomer joins"


async def test_leave_in_a_running_game_gives_the_seat_to_a_bot(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        leaving = w.users[3]
        answer = answer_text(w, await w.slash(leaving, "leave"))
        assert f"You left game #{game_id}" in answer
        await w.gm.drained()
        game = w.game(game_id)
        assert game is not None and game.running
        seat = next(n for n, s in enumerate(game.seats) if s.name == game.row.seats[n]["name"] and s.bot)
        assert game.seats[seat].bot and all(s.user_id != leaving.id or s.bot for s in game.seats)
        assert any("покидает игру: место до конца занимает бот" in m.text
                   for m in w.standin.channel_view(w.channel)), w.standin.transcript(w.channel)
        again = answer_text(w, await w.slash(leaving, "leave"))
        assert "not in this game" in again
