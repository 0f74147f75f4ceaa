"""The ratings as people read them (Fluent, in the reader's language): a leaderboard, a member's card,
a game's achievements. No Discord here: a member is given as its mention, written by the caller."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import t
from bot.ratings.achievements import by_id
from bot.ratings.reading import MemberCard, Season, Standing
from bot.render import list_names, signed

SPARKS = "▁▂▃▄▅▆▇█"
Mention = Callable[[int], str]


def season_title(language: str, season: Season, *, alone: bool = False) -> str:
    """A season named inside a line ("сезон 2 «Весна»" in Russian), or `alone` (a choice: "Сезон 2 «Весна»")."""
    return t(language, "season-choice" if alone else "season-title", number=season.number, name=season.name or "none")


def spark(values: list[int]) -> str:
    """A sparkline of the values, lowest ▁ to highest █."""
    low, high = min(values), max(values)
    span = high - low or 1
    return "".join(SPARKS[round((v - low) * (len(SPARKS) - 1) / span)] for v in values)


def leaderboard_lines(language: str, game: str, season: Season, board: list[Standing], needed: int,
                      mention: Mention) -> list[str]:
    title = t(language, f"{game}-title")
    named = season_title(language, season)
    if not board:
        return [t(language, "leaderboard-rated-empty", game=title, season=named, needed=needed)]
    lines = [t(language, "leaderboard-rated-title", game=title, season=named)]
    lines += [t(language, "leaderboard-rated-line", rank=s.rank, player=mention(s.user_id), rating=str(s.rating),
                games=s.games) for s in board]
    return [*lines, t(language, "leaderboard-rated-footer", needed=needed)]


def achievement_name(language: str, achievement_id: str) -> str:
    found = by_id(achievement_id)
    return t(language, found.name_key) if found is not None else achievement_id


def card_lines(language: str, player: str, card: MemberCard, mention: Mention) -> list[str]:
    lines = [t(language, "stats-rating-title", player=player, season=season_title(language, card.season))]
    if not card.games:
        lines.append(t(language, "stats-rating-none", season=season_title(language, card.season)))
    for game in card.games:
        title = t(language, f"{game.game}-title")
        if game.rank is not None:
            lines.append(t(language, "stats-rating-ranked", game=title, rating=str(game.rating), rank=game.rank,
                           games=game.games))
        else:
            lines.append(t(language, "stats-rating-unranked", game=title, rating=str(game.rating), needed=game.needed))
        if len(game.trend) >= 2:
            delta = game.trend[-1] - game.trend[0]
            lines.append(t(language, "stats-trend", games=len(game.trend) - 1, spark=spark(game.trend),
                           delta=signed(delta)))
        if game.partners:
            partners = [t(language, "stats-partner", player=mention(u), games=n, wins=w) for u, n, w in game.partners]
            lines.append(t(language, "stats-partners", list=list_names(partners, language)))
        if game.rivals:
            rivals = [t(language, "stats-rival", player=mention(u), games=n, ahead=a) for u, n, a in game.rivals]
            lines.append(t(language, "stats-rivals", list=list_names(rivals, language)))
    kept = card.reliability
    if kept.games:
        lines.append(t(language, "stats-reliability", percent=kept.percent, finished=kept.finished, games=kept.games,
                       afk=kept.afk, left=kept.left, replaced=kept.replaced))
    else:
        lines.append(t(language, "stats-reliability-none"))
    if card.achievements:
        names = [t(language, "stats-achievement", name=achievement_name(language, a), times=n)
                 for a, n in card.achievements]
        lines.append(t(language, "stats-achievements", list=", ".join(names)))
    else:
        lines.append(t(language, "stats-achievements-none"))
    return lines


def awards_lines(language: str, game_id: int, awards: list[tuple[int, str]], mention: Mention) -> list[str]:
    """The achievements first earned in a game, as announced in its channel when it ends."""
    if not awards:
        return []
    lines = [t(language, "achievements-earned", id=game_id)]
    for user_id, achievement_id in awards:
        found = by_id(achievement_id)
        if found is None:
            continue
        lines.append(t(language, "achievements-earned-line", player=mention(user_id), name=t(language, found.name_key),
                       about=t(language, found.about_key)))
    return lines
