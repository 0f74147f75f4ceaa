"""Saving a finished game's part of the ratings, in the transaction that saves its results: who held
each seat (and how each turn ended: the reliability record), each seat's place and side, the rating
update of the server's current season, and the achievements earned. And the moderators' new season.

These are write programs (bot/storage/program.py): they may run in the database writer's process, so
they take plain data (`GameRecord`) and do their reading inside the transaction. The season's row is
updated first, which on PostgreSQL holds its lock until the commit: games of one server that end at
once are rated one after the other, each on the ratings the one before left, in the order of the
season's `rated` count, which a rebuild follows (bot/ratings/rebuild.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings import maths
from bot.ratings.maths import Rating, SeatResult
from bot.storage.program import Program, Rows, Run, RunMany


@dataclass(frozen=True)
class GameRecord:
    game_id: int
    guild_id: int | None
    game: str
    at: float
    seats: tuple[SeatResult, ...]
    awards: tuple[tuple[int, str], ...] = ()
    """(member, achievement) earned in the game."""


def record_program(record: GameRecord) -> Program[int | None]:
    """The game's holders, places, rating update and achievements; the season it was rated in (None:
    not rated — no server, or fewer than two teams of members)."""
    game_id = record.game_id
    yield Run("DELETE FROM seat_holders WHERE game_id = ?", (game_id,))
    yield RunMany(
        "INSERT INTO seat_holders (game_id, seat, turn, user_id, member, share, ended) VALUES (?,?,?,?,?,?,?)",
        [(game_id, s.seat, turn, h.user_id, int(h.member), h.share, h.ended)
         for s in record.seats for turn, h in enumerate(s.holders)],
    )
    yield RunMany("UPDATE results SET place = ?, side = ? WHERE game_id = ? AND seat = ?",
                  [(s.place, s.side, game_id, s.seat) for s in record.seats])
    if record.guild_id is None:
        return None
    yield RunMany(
        "INSERT INTO achievements (guild_id, user_id, achievement, game_id, times, at) VALUES (?,?,?,?,1,?)"
        " ON CONFLICT (guild_id, user_id, achievement) DO UPDATE SET times = achievements.times + 1",
        [(record.guild_id, user_id, achievement, game_id, record.at) for user_id, achievement in record.awards],
    )
    if not maths.teams(record.seats) or (yield Rows("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))):
        return None
    season, turn = yield from take_turn(record.guild_id, record.at)
    yield from rate_game(record.guild_id, record.game, season, turn, game_id, record.seats)
    return season


def take_turn(guild_id: int, at: float) -> Program[tuple[int, int]]:
    """The server's current season (the first, endless one is made when first needed) and the next
    number in its order, under the season row's lock."""
    yield Run("INSERT INTO rating_seasons (guild_id, number, name, started_at, rated) VALUES (?, 1, NULL, ?, 0)"
              " ON CONFLICT (guild_id, number) DO NOTHING", (guild_id, at))
    ((season, turn),) = yield Rows(
        "UPDATE rating_seasons SET rated = rated + 1 WHERE guild_id = ? AND ended_at IS NULL RETURNING number, rated",
        (guild_id,),
    )
    return int(season), int(turn)


def rate_game(
    guild_id: int, game: str, season: int, turn: int, game_id: int, seats: Sequence[SeatResult],
    known: dict[int, tuple[Rating, int]] | None = None,
) -> Program[dict[int, Rating]]:
    """Rate one game on the season's ratings as saved (or as `known`: a rebuild's, by member: (rating,
    games)), and save the new ones, each member's change and the game's turn."""
    keys = sorted({key for team in maths.teams(seats) for held in team.seats for key, _ in held if key >= 0})
    if known is None:
        marks = ",".join("?" * len(keys))
        rows = yield Rows(
            f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND season = ?"
            f" AND user_id IN ({marks})", (guild_id, game, season, *keys),
        )
        known = {int(u): ((float(mu), float(sigma)), int(n)) for u, mu, sigma, n in rows}
    before = {key: known[key][0] for key in keys if key in known}
    after = maths.rate(seats, before)
    yield RunMany(
        "INSERT INTO ratings (guild_id, game, season, user_id, mu, sigma, games) VALUES (?,?,?,?,?,?,1)"
        " ON CONFLICT (guild_id, game, season, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = ratings.games + 1",
        [(guild_id, game, season, key, mu, sigma) for key, (mu, sigma) in sorted(after.items())],
    )
    yield RunMany(
        "INSERT INTO rating_changes (game_id, user_id, mu, sigma, before_mu, before_sigma) VALUES (?,?,?,?,?,?)",
        [(game_id, key, mu, sigma, *before.get(key, maths.DEFAULT)) for key, (mu, sigma) in sorted(after.items())],
    )
    yield Run("INSERT INTO rated_games (game_id, guild_id, game, season, turn) VALUES (?,?,?,?,?)",
              (game_id, guild_id, game, season, turn))
    for key, rating in after.items():
        known[key] = (rating, known.get(key, (rating, 0))[1] + 1)
    return after


REPEAT_SECONDS = 60.0
"""A season of the same name started this recently is the same request again (Discord delivered it twice)."""


def start_season(guild_id: int, name: str, at: float) -> Program[int]:
    """Close the server's current season (its table stays as it ended) and start the next one, where
    everyone starts at the default; its number."""
    yield Run("INSERT INTO rating_seasons (guild_id, number, name, started_at, rated) VALUES (?, 1, NULL, ?, 0)"
              " ON CONFLICT (guild_id, number) DO NOTHING", (guild_id, at))
    current = yield Rows("SELECT number, name, started_at FROM rating_seasons WHERE guild_id = ? AND ended_at IS NULL",
                         (guild_id,))
    if current and current[0][1] == name and at - float(current[0][2]) < REPEAT_SECONDS:
        return int(current[0][0])
    ((number,),) = yield Rows(
        "UPDATE rating_seasons SET ended_at = ? WHERE guild_id = ? AND ended_at IS NULL RETURNING number",
        (at, guild_id),
    )
    yield Run("INSERT INTO rating_seasons (guild_id, number, name, started_at, rated) VALUES (?,?,?,?,0)",
              (guild_id, int(number) + 1, name, at))
    return int(number) + 1


def forget_program(user_id: int, guild_id: int | None = None) -> Program[int]:
    """A member's ratings, rating changes and achievements deleted, their turns at seats kept for nobody
    (a forgotten member: the others' ratings stay rebuildable); of one server, or every one. How many
    rows went."""
    where, params = ("", ()) if guild_id is None else (" AND guild_id = ?", (guild_id,))
    gone = yield Run("DELETE FROM ratings WHERE user_id = ?" + where, (user_id, *params))
    gone += yield Run("DELETE FROM achievements WHERE user_id = ?" + where, (user_id, *params))
    in_guild = "" if guild_id is None else " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)"
    gone += yield Run("DELETE FROM rating_changes WHERE user_id = ?" + in_guild, (user_id, *params))
    gone += yield Run("UPDATE seat_holders SET user_id = NULL WHERE user_id = ?" + in_guild, (user_id, *params))
    return int(gone)
