"""What the ratings show, read from the saved rows: a server's seasons, a game's standings in a season
(the leaderboard: `standings`, which the web record's server page may call too), and a member's card
(rating, rank, trend, partners and rivals per game; reliability; achievements)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from bot.ratings.holders import AFK, END, FINISHED, LEFT, REPLACED
from bot.ratings.maths import shown
from bot.storage import Storage
from games.core.model import NEUTRAL

TREND = 20
"""Rated games the trend shows."""
PARTNERS = 3
MET_AT_LEAST = 2
"""Games together a partner or a rival needs to be shown."""
RELIABLE_FROM = 5
"""Games a member needs on the server before `/gm settings min_reliability:` keeps them from joining."""


@dataclass(frozen=True)
class Season:
    number: int
    name: str | None
    started_at: float | None
    ended_at: float | None
    rated: int


@dataclass(frozen=True)
class Standing:
    rank: int
    user_id: int
    rating: int
    """Shown: μ − 3σ on the friendly scale (bot/ratings/maths.py `shown`)."""
    games: int


@dataclass
class GameCard:
    game: str
    rating: int
    games: int
    rank: int | None
    """On the season's leaderboard; None until `needed` more games are rated."""
    needed: int
    trend: list[int] = field(default_factory=list)
    """The shown rating after each of the last `TREND` rated games, oldest first (the first is before them)."""
    partners: list[tuple[int, int, int]] = field(default_factory=list)
    """(member, games on the same side, won together), best first (team games)."""
    rivals: list[tuple[int, int, int]] = field(default_factory=list)
    """(member, games met, times they placed ahead less times behind), toughest first."""


@dataclass(frozen=True)
class Reliability:
    games: int
    finished: int
    afk: int
    left: int
    replaced: int

    @property
    def percent(self) -> int:
        return 100 if not self.games else round(100 * self.finished / self.games)


@dataclass
class MemberCard:
    season: Season
    games: list[GameCard]
    reliability: Reliability
    achievements: list[tuple[str, int]]
    """(achievement, times) in the order first earned."""


async def seasons(storage: Storage, guild_id: int) -> list[Season]:
    """The server's seasons, oldest first (the first, endless one even before any game was rated)."""
    rows = await storage.read(
        "SELECT number, name, started_at, ended_at, rated FROM rating_seasons WHERE guild_id = ? ORDER BY number",
        (guild_id,),
    )
    found = [Season(int(n), name, started, ended, int(rated)) for n, name, started, ended, rated in rows]
    return found or [Season(1, None, None, None, 0)]


async def season(storage: Storage, guild_id: int, number: int | None = None) -> Season | None:
    """One season by number (None: the current one); None when the server has no such season."""
    listed = await seasons(storage, guild_id)
    if number is None:
        return next((s for s in listed if s.ended_at is None), listed[-1])
    return next((s for s in listed if s.number == number), None)


async def leaderboard_games(storage: Storage, guild_id: int) -> int:
    return int((await storage.guild_settings(guild_id)).get("leaderboard_games", 5))


async def standings(
    storage: Storage, guild_id: int, game: str, season_number: int | None = None, *, min_games: int | None = None,
) -> list[Standing]:
    """The season's leaderboard of `game` on the server (the current season when None): members with at
    least `min_games` rated games (the server's setting when None), best conservative rating first."""
    chosen = await season(storage, guild_id, season_number)
    if chosen is None:
        return []
    needed = await leaderboard_games(storage, guild_id) if min_games is None else min_games
    rows = await storage.read(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND season = ? AND games >= ?",
        (guild_id, game, chosen.number, needed),
    )
    ranked = sorted(((shown((mu, sigma)), int(n), int(u)) for u, mu, sigma, n in rows),
                    key=lambda r: (-r[0], -r[1], r[2]))
    return [Standing(rank, user_id, rating, games) for rank, (rating, games, user_id) in enumerate(ranked, start=1)]


async def reliability(storage: Storage, guild_id: int, user_id: int) -> Reliability:
    """The member's finished games against those they left, on the server."""
    rows = await storage.read(
        "SELECT h.game_id, h.ended FROM seat_holders h JOIN games g ON g.id = h.game_id"
        " WHERE g.guild_id = ? AND h.user_id = ? AND h.member = 1 ORDER BY h.game_id, h.seat, h.turn",
        (guild_id, user_id),
    )
    games: dict[int, str] = {}
    for game_id, ended in rows:
        if games.get(int(game_id)) != FINISHED:
            games[int(game_id)] = FINISHED if ended == END else str(ended)
    outcomes = list(games.values())
    return Reliability(len(outcomes), outcomes.count(FINISHED), outcomes.count(AFK), outcomes.count(LEFT),
                       outcomes.count(REPLACED))


async def achievements(storage: Storage, guild_id: int, user_id: int) -> list[tuple[str, int]]:
    rows = await storage.read(
        "SELECT achievement, times FROM achievements WHERE guild_id = ? AND user_id = ? ORDER BY at, achievement",
        (guild_id, user_id),
    )
    return [(str(a), int(n)) for a, n in rows]


async def game_awards(storage: Storage, game_id: int) -> list[tuple[int, str]]:
    """(member, achievement) first earned in this game, as saved with its results."""
    rows = await storage.read(
        "SELECT user_id, achievement FROM achievements WHERE game_id = ? ORDER BY user_id, achievement", (game_id,)
    )
    return [(int(u), str(a)) for u, a in rows]


async def member_card(storage: Storage, guild_id: int, user_id: int, season_number: int | None = None) -> MemberCard:
    chosen = await season(storage, guild_id, season_number) or Season(season_number or 1, None, None, None, 0)
    needed = await leaderboard_games(storage, guild_id)
    rows = await storage.read(
        "SELECT game, mu, sigma, games FROM ratings WHERE guild_id = ? AND season = ? AND user_id = ? ORDER BY game",
        (guild_id, chosen.number, user_id),
    )
    cards = []
    for game, mu, sigma, games in rows:
        board = await standings(storage, guild_id, str(game), chosen.number, min_games=needed)
        rank = next((s.rank for s in board if s.user_id == user_id), None)
        card = GameCard(str(game), shown((mu, sigma)), int(games), rank, max(0, needed - int(games)))
        await _trend_and_company(storage, guild_id, user_id, chosen.number, card)
        cards.append(card)
    return MemberCard(chosen, cards, await reliability(storage, guild_id, user_id),
                      await achievements(storage, guild_id, user_id))


async def _trend_and_company(storage: Storage, guild_id: int, user_id: int, season_number: int, card: GameCard) -> None:
    changes = await storage.read(
        "SELECT c.mu, c.sigma, c.before_mu, c.before_sigma FROM rating_changes c JOIN rated_games r"
        " ON r.game_id = c.game_id WHERE r.guild_id = ? AND r.game = ? AND r.season = ? AND c.user_id = ?"
        " ORDER BY r.turn DESC LIMIT ?",
        (guild_id, card.game, season_number, user_id, TREND),
    )
    if changes:
        oldest = changes[-1]
        card.trend = [shown((oldest[2], oldest[3]))] + [shown((mu, sigma)) for mu, sigma, _, _ in reversed(changes)]
    seats = await storage.read(
        "SELECT r.game_id, r.place, r.side, h.user_id FROM rated_games g JOIN results r ON r.game_id = g.game_id"
        " JOIN seat_holders h ON h.game_id = r.game_id AND h.seat = r.seat"
        " WHERE g.guild_id = ? AND g.game = ? AND g.season = ? AND h.member = 1 AND h.user_id IS NOT NULL"
        " AND g.game_id IN (SELECT game_id FROM rating_changes WHERE user_id = ?)",
        (guild_id, card.game, season_number, user_id),
    )
    by_game: dict[int, dict[int, tuple[int, str | None]]] = defaultdict(dict)
    for game_id, place, side, member in seats:
        by_game[int(game_id)][int(member)] = (int(place or 0), side)
    together: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    met: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for members in by_game.values():
        if user_id not in members:
            continue
        mine, my_side = members[user_id]
        for other, (place, side) in members.items():
            if other == user_id:
                continue
            if side is not None and side == my_side and side != NEUTRAL:
                together[other][0] += 1
                together[other][1] += int(mine == 1)
            else:
                met[other][0] += 1
                met[other][1] += (place < mine) - (place > mine)
    card.partners = sorted(((u, n, w) for u, (n, w) in together.items() if n >= MET_AT_LEAST),
                           key=lambda p: (-p[2], -p[1], p[0]))[:PARTNERS]
    card.rivals = sorted(((u, n, a) for u, (n, a) in met.items() if n >= MET_AT_LEAST and a > 0),
                         key=lambda r: (-r[2], -r[1], r[0]))[:PARTNERS]
