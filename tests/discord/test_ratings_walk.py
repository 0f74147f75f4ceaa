"""Issue 40's "Done means", walked as a server lives it: 30 Mafia of Heroes games of members and bot players
(different members in different games; one member leaves mid-game with /leave now and then, a moderator
gives a seat to a substitute now and then), then `/leaderboard game:mafia` in English and Russian ranks the
members by rating with their rated-game counts, leaving out those below the server's minimum — checked
against openskill called directly on the games as they were played (tests/discord/ratings_walk.py) —
`/stats` shows rating, rank, reliability and achievements in both languages, `/gm season start` starts a
clean season while `season:1` still reads the old table, and the next game rates its members afresh.

The issue's 30 games take 50–65 s on this machine (2 shared cores), nearly all of it the games (1.5 s each:
the members' answers go through the table, the bot players' through their own policy): that is the deep size
(`--deep`); an everyday run plays 16, where most regulars still reach the leaderboard's minimum (about 25 s)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import t
from tests.depth import count
from tests.discord.ratings_walk import (
    Plan,
    Played,
    Rating,
    expected_ratings,
    play_game,
    russian_games,
    shown,
)
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.test_lookups import typed
from tests.discord.world import World, world
from tests.discord_standin import User

pytestmark = pytest.mark.slow

GAMES = count(30, least=16)
MINIMUM = 5
"""Rated games a member needs for the leaderboard (the server's default)."""
LINE = re.compile(r"^(\d+)\. <@(\d+)>: \*\*(\d+)\*\* \((\d+) (.+)\)$")


def plans(w: World) -> list[Plan]:
    """Who plays which game. The host plays them all; eleven regulars take four more seats in turn; one
    member comes three times at most (below the minimum); the flaky regular leaves every other game they play; in
    games 6, 14 and 22 a moderator hands a regular's seat to one of two substitutes."""
    host, regulars, occasional, substitutes = w.users[0], w.users[1:12], w.users[12], w.users[13:15]
    flaky = regulars[4]
    found = []
    for n in range(GAMES):
        members = [regulars[(4 * n + k) % len(regulars)] for k in range(4)]
        if n in (4, 13, 22):
            members.append(occasional)
        plan = Plan(seed=7000 + n, host=host, members=members)
        if flaky in members and n % 2:
            plan.leaving = flaky
        if n % 8 == 6:
            plan.replaced = (next(m for m in members if m is not flaky), substitutes[n // 8 % 2])
        found.append(plan)
    return found


def board_lines(text: str) -> list[tuple[int, int, int, str]]:
    """(member, rating, rated games, the words after the count) of each leaderboard line, in rank order."""
    found = []
    for line in text.splitlines():
        if matched := LINE.match(line):
            rank, user_id, rating, games, words = matched.groups()
            assert int(rank) == len(found) + 1, text
            found.append((int(user_id), int(rating), int(games), words))
    return found


async def saved_ratings(w: World, season: int) -> dict[int, tuple[Rating, int]]:
    rows = await w.gm.storage.read(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = 'mafia' AND season = ?",
        (w.guild.id, season),
    )
    return {int(u): ((float(mu), float(sigma)), int(n)) for u, mu, sigma, n in rows}


async def check_saved_results(w: World, played: Played) -> None:
    """What the bot saved of a game is what was played: each seat's side and place, and who held it for what share."""
    results = await w.gm.storage.read("SELECT seat, place, side FROM results WHERE game_id = ? ORDER BY seat",
                                      (played.game_id,))
    assert [(s, side) for s, _, side in results] == list(enumerate(played.sides))
    winners = sum(side == played.winner for side in played.sides)  # the final table's places: the winners share 1st
    assert [place for _, place, _ in results] == [1 if played.winner in (None, side) else 1 + winners
                                                  for side in played.sides]
    holders = await w.gm.storage.read(
        "SELECT seat, user_id, member, share FROM seat_holders WHERE game_id = ? ORDER BY seat, turn",
        (played.game_id,),
    )
    seen = [(seat, turn.user_id, int(turn.user_id is not None), pytest.approx(played.share(turn)))
            for seat, turns in enumerate(played.turns) for turn in turns]
    assert [tuple(row) for row in holders] == seen, played.game_id


def check_board(text: str, ratings: dict[int, Rating], counts: dict[int, int], words: dict[int, str]) -> None:
    """The leaderboard ranks every member with the minimum of rated games by rating, best first (more games,
    then the earlier member, among equals), each with their rating and rated-game count worded for it."""
    expected = sorted(((user_id, shown(r), counts[user_id]) for user_id, r in ratings.items()
                       if counts[user_id] >= MINIMUM), key=lambda s: (-s[1], -s[2], s[0]))
    lines = board_lines(text)
    assert [line[:3] for line in lines] == expected, text
    assert all(line[3] == words[line[2]] for line in lines), text


def reliability(walk: list[Plan], member: User) -> tuple[int, int, int]:
    """(games held a seat in, left with /leave, replaced) of a member over the walk."""
    held = sum(member is plan.host or member in plan.members or (plan.replaced or (None, None))[1] is member
               for plan in walk)
    return held, sum(plan.leaving is member for plan in walk), sum((plan.replaced or (None,))[0] is member
                                                                   for plan in walk)


def assert_company(card: str, partner: str, rival: str) -> None:
    """The best partners' and toughest rivals' lines read as the language says them: "<@member> (…)", joined
    by commas and the last by "and" ("и"), each detail as `partner` or `rival` words it (their groups: `few`
    never more than `of`: a partner won at most the games played together, a rival was ahead at most as
    often as they met)."""
    lines = [line for line in card.splitlines() if line.startswith("· ") and "<@" in line]
    assert len(lines) == 2, card
    one = r"<@\d+> \([^()]+\)"
    for line, detail in zip(lines, (partner, rival), strict=True):
        assert re.fullmatch(rf"· [^:]+: {one}((, {one})* (and|и) {one})?", line), line
        found = list(re.finditer(rf"<@\d+> \({detail}\)", line))
        assert len(found) == line.count("<@") and all(int(f["few"]) <= int(f["of"]) for f in found), line


async def achievements(w: World, member: User, language: str) -> str:
    """The member's achievements as saved, each named in `language` (with how many times, when more than once)."""
    rows = await w.gm.storage.read("SELECT achievement, times FROM achievements WHERE guild_id = ? AND user_id = ?"
                                   " ORDER BY at, achievement", (w.guild.id, member.id))
    assert rows, "the walk's members whose cards are read earned some"
    return ", ".join(t(language, f"achievement-{a}") + ("" if n == 1 else f" ×{n}") for a, n in rows)


async def test_thirty_mafia_games_then_the_leaderboard_seasons_and_stats(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(tmp_path, 15, standin=standin, locales=("en-US", "ru")) as w:
        walk = plans(w)
        played: list[Played] = [await play_game(w, plan, monkeypatch) for plan in walk]
        for game in played:
            await check_saved_results(w, game)
        ratings, counts = expected_ratings(played)
        saved = await saved_ratings(w, 1)
        assert set(saved) == set(ratings)
        for user_id, (rating, games) in saved.items():
            assert rating == pytest.approx(ratings[user_id], rel=1e-9) and games == counts[user_id], user_id
        occasional, substitutes = w.users[12], w.users[13:15]
        for few in (occasional, *substitutes):
            assert 0 < counts[few.id] < MINIMUM, "played, but too few rated games for the leaderboard"
        english, russian = w.users[0], w.users[1]  # their Discord speaks English, Russian

        board = answer_text(w, await w.slash(english, "leaderboard", game="mafia"))
        assert board.startswith("🏆 Mafia of Heroes, Season 1: the rating on this server\n"), board
        check_board(board, ratings, counts, {n: "rated game" if n == 1 else "rated games" for n in range(GAMES + 1)})
        assert board.endswith("A member appears after 5 rated games."), board
        doska = answer_text(w, await w.slash(russian, "leaderboard", game="mafia"))
        assert doska.startswith("🏆 Мафия героев, сезон 1: рейтинг на этом сервере\n"), doska
        check_board(doska, ratings, counts, {n: russian_games(n, "рейтинговая игра", "рейтинговые игры",
                                                              "рейтинговых игр") for n in range(GAMES + 1)})
        assert doska.endswith("В таблицу попадают после 5 рейтинговых игр."), doska
        for few in (occasional, *substitutes):
            assert f"<@{few.id}>" not in board + doska

        flaky, replaced = w.users[5], walk[6].replaced[0]  # type: ignore[index]
        ranks = {user_id: rank for rank, (user_id, *_) in enumerate(board_lines(board), start=1)}
        cards: dict[int, str] = {}
        for member in (flaky, replaced):
            held, left, given = reliability(walk, member)
            finished = held - left - given
            percent = round(100 * finished / held)
            rating, games, rank = shown(ratings[member.id]), counts[member.id], ranks[member.id]
            english_card = answer_text(w, await w.slash(english, "stats", player=member))
            assert english_card.startswith(f"📊 {member.username}, Season 1:\n"), english_card
            assert (f"**Mafia of Heroes**: rating **{rating}**, place {rank} on the server ({games} rated games)"
                    in english_card)
            assert (f"🤝 Reliability: {percent}%, {finished} of {held} games finished (a bot took the seat after "
                    f"missed deadlines: 0; left with /leave: {left}; replaced: {given})") in english_card
            assert f"🏅 Achievements: {await achievements(w, member, 'en')}\n" in english_card
            assert_company(english_card, r"won (?P<few>\d+) of (?P<of>\d+) together",
                           r"ahead (?P<few>\d+) more times? in (?P<of>\d+) games")
            russian_card = answer_text(w, await w.slash(russian, "stats", player=member))
            assert russian_card.startswith(f"📊 {member.username}, сезон 1:\n"), russian_card
            counted = russian_games(games, "рейтинговая игра", "рейтинговые игры", "рейтинговых игр")
            assert f"**Мафия героев**: рейтинг **{rating}**, {rank}-е место на сервере ({games} {counted})" \
                in russian_card
            assert (f"🤝 Надёжность: {percent}%, доиграно до конца {finished} из {held} (место занял бот за "
                    f"пропуски: 0; выход через /выйти: {left}; замена: {given})") in russian_card
            assert f"🏅 Достижения: {await achievements(w, member, 'ru')}\n" in russian_card
            assert_company(russian_card, r"вместе побед: (?P<few>\d+) из (?P<of>\d+)",
                           r"встреч: (?P<of>\d+), перевес в пользу соперника: \+(?P<few>\d+)")
            cards[member.id] = english_card

        started = answer_text(w, await w.slash(w.moderator, "gm season start", name="Весна"))
        assert started.startswith("Закрыт сезон 1, его таблица сохранена") and "сезон 2 «Весна»" in started, started
        fresh = answer_text(w, await w.slash(english, "leaderboard", game="mafia"))
        assert fresh == "Nobody has played enough rated Mafia of Heroes games in Season 2 (Весна) yet (5 needed)."
        assert answer_text(w, await w.slash(english, "leaderboard", game="mafia", season=1)) == board
        assert answer_text(w, await w.slash(russian, "leaderboard", game="mafia", season=1)) == doska
        assert answer_text(w, await w.slash(russian, "leaderboard", game="mafia")) == (
            "🏆 Мафия героев, сезон 2 «Весна»: в таблице пока никого нет — для места в ней нужно 5 рейтинговых игр.")
        offered = await typed(w, russian, "leaderboard", "season", "", game="mafia")
        assert [(c["name"], c["value"]) for c in offered] == [("Сезон 2 «Весна»", 2), ("Сезон 1", 1)]
        offered = await typed(w, english, "leaderboard", "season", "", game="mafia")
        assert [(c["name"], c["value"]) for c in offered] == [("Season 2 (Весна)", 2), ("Season 1", 1)]
        after = answer_text(w, await w.slash(english, "stats", player=flaky))
        assert after.startswith(f"📊 {flaky.username}, Season 2 (Весна):\nNo rated games in Season 2 (Весна) yet.\n")
        assert cards[flaky.id].split("🤝", 1)[1].split("\n\n")[0] in after, "reliability and achievements stay"

        newcomer = Plan(seed=7000 + GAMES, host=w.users[0], members=w.users[1:5])
        spring = await play_game(w, newcomer, monkeypatch)
        fresh_ratings, _ = expected_ratings([spring])
        assert fresh_ratings, "the season's first game is rated"
        assert await saved_ratings(w, 2) == {u: (pytest.approx(r, rel=1e-9), 1) for u, r in fresh_ratings.items()}
        assert await saved_ratings(w, 1) == saved, "the old season's ratings stay as they ended"
        assert answer_text(w, await w.slash(english, "leaderboard", game="mafia", season=1)) == board
        card = answer_text(w, await w.slash(russian, "stats", player=w.users[0]))
        assert f"рейтинг **{shown(fresh_ratings[w.users[0].id])}**, в таблице лидеров — после ещё 4 рейтинговых игр" \
            in card
