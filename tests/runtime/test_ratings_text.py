"""The ratings' lines as a reader reads them (bot/ratings/text.py), in English and Russian: a season named
inside a line and on its own, the rated-game counts with their plurals, and the toughest rivals."""

from __future__ import annotations

import pytest

from bot.ratings.reading import GameCard, MemberCard, Reliability, Season, Standing
from bot.ratings.text import card_lines, leaderboard_lines, season_title

SPRING = Season(2, "Весна", 1.0, None, 3)
FIRST = Season(1, None, 0.0, 1.0, 30)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def test_a_season_inside_a_line_reads_as_part_of_the_sentence_and_on_its_own_as_a_title() -> None:
    assert leaderboard_lines("ru", "mafia", SPRING, [], 5, mention) == [
        "🏆 Мафия героев, сезон 2 «Весна»: в таблице пока никого нет — для места в ней нужно 5 рейтинговых игр."]
    assert leaderboard_lines("ru", "mafia", FIRST, [Standing(1, 7, 1010, 5)], 5, mention)[0] == \
        "🏆 Мафия героев, сезон 1: рейтинг на этом сервере"
    card = MemberCard(SPRING, [], Reliability(0, 0, 0, 0, 0), [])
    assert card_lines("ru", "Вера", card, mention)[0] == "📊 Вера, сезон 2 «Весна»:"
    assert (season_title("ru", SPRING, alone=True), season_title("ru", FIRST, alone=True)) == ("Сезон 2 «Весна»",
                                                                                               "Сезон 1")
    assert card_lines("en", "Vera", card, mention)[:2] == ["📊 Vera, Season 2 (Весна):",
                                                           "No rated games in Season 2 (Весна) yet."]
    assert leaderboard_lines("en", "mafia", SPRING, [], 5, mention) == [
        "Nobody has played enough rated Mafia of Heroes games in Season 2 (Весна) yet (5 needed)."]
    assert season_title("en", SPRING, alone=True) == "Season 2 (Весна)"


@pytest.mark.parametrize(("games", "russian", "english"), [
    (1, "1 рейтинговая игра", "1 rated game"),
    (2, "2 рейтинговые игры", "2 rated games"),
    (5, "5 рейтинговых игр", "5 rated games"),
    (11, "11 рейтинговых игр", "11 rated games"),
    (21, "21 рейтинговая игра", "21 rated games"),
    (24, "24 рейтинговые игры", "24 rated games"),
])
def test_each_rated_game_count_is_worded_for_its_number(games: int, russian: str, english: str) -> None:
    board = [Standing(1, 7, 1010, games)]
    assert leaderboard_lines("ru", "mafia", FIRST, board, 1, mention)[1] == f"1. <@7>: **1010** ({russian})"
    assert leaderboard_lines("en", "mafia", FIRST, board, 1, mention)[1] == f"1. <@7>: **1010** ({english})"
    card = MemberCard(FIRST, [GameCard("mafia", 1010, games, 3, 0)], Reliability(games, games, 0, 0, 0), [])
    assert card_lines("ru", "Вера", card, mention)[1] == \
        f"**Мафия героев**: рейтинг **1010**, 3-е место на сервере ({russian})"
    assert card_lines("en", "Vera", card, mention)[1] == \
        f"**Mafia of Heroes**: rating **1010**, place 3 on the server ({english})"


def test_the_toughest_rivals_say_how_often_they_met_and_by_how_much_the_rival_came_out_ahead() -> None:
    rivals = [(8, 5, 2), (9, 2, 1)]
    card = MemberCard(FIRST, [GameCard("mafia", 1010, 9, 3, 0, rivals=rivals)], Reliability(9, 9, 0, 0, 0), [])
    assert card_lines("ru", "Вера", card, mention)[2] == (
        "· самые сильные соперники: <@8> (встреч: 5, перевес в пользу соперника: +2) и <@9> (встреч: 2, перевес в "
        "пользу соперника: +1)")
    assert card_lines("en", "Vera", card, mention)[2] == (
        "· toughest rivals: <@8> (ahead 2 more times in 5 games) and <@9> (ahead 1 more time in 2 games)")
