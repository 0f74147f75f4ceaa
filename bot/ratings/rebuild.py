"""`python -m bot ratings rebuild`: every rating computed again from the saved results alone (each seat's
place and side, who held it and for what share), so the log stays the only truth. Games are rated in
the order the live updates rated them (each season's `rated_games` turns); finished games from before
ratings existed come first, by the time they ended, in the season they ended in. Run on the same
results, it gives exactly the numbers the live updates gave (tests/runtime/test_ratings_rebuild.py).

The whole rebuild is one write program, so no live update can slip in between its reads and writes."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from bot.ratings import maths
from bot.ratings.holders import END
from bot.ratings.maths import Holder, Rating, SeatResult
from bot.ratings.record import rate_game
from bot.storage.program import Program, Rows, Run
from games.core.model import Results


@dataclass(frozen=True)
class Rebuilt:
    games: int
    """Games rated."""
    ratings: int
    """Ratings (member, game, season) made."""


def _place(rows: list[tuple[Any, ...]]) -> dict[int, int]:
    """Each seat's place from a game's saved result rows (as `rebuild_program` reads them); rows saved
    before places were kept: the winners first, then by points (as `Results.ranked_places`)."""
    if all(r[7] is not None for r in rows):
        return {int(r[3]): int(r[7]) for r in rows}
    results = Results(scores=[int(r[5]) for r in rows], winners=[i for i, r in enumerate(rows) if r[6]])
    return {int(r[3]): place for r, place in zip(rows, results.ranked_places(), strict=True)}


def rebuild_program(guild_id: int | None = None) -> Program[Rebuilt]:
    """Rebuild the ratings of one server (or of every one)."""
    where, params = ("", ()) if guild_id is None else (" AND g.guild_id = ?", (guild_id,))
    results = yield Rows(
        "SELECT r.game_id, g.guild_id, g.game, r.seat, r.user_id, r.score, r.won, r.place, r.side, r.at"
        " FROM results r JOIN games g ON g.id = r.game_id WHERE g.guild_id IS NOT NULL" + where
        + " ORDER BY r.game_id, r.seat", params,
    )
    holder_rows = yield Rows(
        "SELECT h.game_id, h.seat, h.user_id, h.member, h.share, h.ended FROM seat_holders h"
        " JOIN games g ON g.id = h.game_id WHERE g.guild_id IS NOT NULL" + where
        + " ORDER BY h.game_id, h.seat, h.turn",
        params,
    )
    turns = yield Rows(
        "SELECT r.game_id, r.season, r.turn FROM rated_games r JOIN games g ON g.id = r.game_id"
        " WHERE g.guild_id IS NOT NULL" + where, params,
    )
    seasons = yield Rows(
        "SELECT guild_id, number, started_at FROM rating_seasons g WHERE 1 = 1" + where.replace("g.", ""), params,
    )
    held: dict[tuple[int, int], list[Holder]] = defaultdict(list)
    for game_id, seat, user_id, member, share, ended in holder_rows:
        held[(int(game_id), int(seat))].append(Holder(None if user_id is None else int(user_id), bool(member),
                                                      float(share), str(ended)))
    games: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in results:
        games[int(row[0])].append(row)
    order = {int(g): (int(s), int(t)) for g, s, t in turns}
    starts: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for guild, number, started in seasons:
        starts[int(guild)].append((float(started), int(number)))

    def season_of(guild: int, at: float) -> int:
        return max((n for started, n in starts[guild] if started <= at or n == 1), default=1)

    def sort_key(game_id: int) -> tuple[int, int, float, int]:
        first = games[game_id][0]
        if game_id in order:
            season, turn = order[game_id]
            return season, 1, float(turn), game_id
        return season_of(int(first[1]), float(first[9])), 0, float(first[9]), game_id

    yield Run("DELETE FROM rating_changes WHERE game_id IN (SELECT r.game_id FROM rated_games r JOIN games g"
              " ON g.id = r.game_id WHERE g.guild_id IS NOT NULL" + where + ")", params)
    yield Run("DELETE FROM ratings WHERE 1 = 1" + where.replace("g.", ""), params)
    yield Run("DELETE FROM rated_games WHERE 1 = 1" + where.replace("g.", ""), params)
    yield Run("UPDATE rating_seasons SET rated = 0 WHERE 1 = 1" + where.replace("g.", ""), params)
    known: dict[tuple[int, str, int], dict[int, tuple[Rating, int]]] = defaultdict(dict)
    counters: dict[tuple[int, int], int] = defaultdict(int)
    rated = 0
    for game_id in sorted(games, key=sort_key):
        rows = games[game_id]
        guild, name = int(rows[0][1]), str(rows[0][2])
        places = _place(rows)
        seats = tuple(
            SeatResult(int(r[3]), places[int(r[3])], None if r[8] is None else str(r[8]), tuple(
                held.get((game_id, int(r[3])))
                or [Holder(None if r[4] is None else int(r[4]), r[4] is not None, 1.0, END)]
            ))
            for r in rows
        )
        if not maths.teams(seats):
            continue
        season = sort_key(game_id)[0]
        counters[(guild, season)] += 1
        yield from rate_game(guild, name, season, counters[(guild, season)], game_id, seats,
                             known[(guild, name, season)])
        rated += 1
    for (guild, season), count in counters.items():
        if season == 1:  # a server whose games were all rated by the rebuild has no season row yet
            first = min(float(games[g][0][9]) for g in games if int(games[g][0][1]) == guild)
            yield Run("INSERT INTO rating_seasons (guild_id, number, name, started_at, rated) VALUES (?, 1, NULL, ?, 0)"
                      " ON CONFLICT (guild_id, number) DO NOTHING", (guild, first))
        yield Run("UPDATE rating_seasons SET rated = ? WHERE guild_id = ? AND number = ?", (count, guild, season))
    return Rebuilt(rated, sum(len(v) for v in known.values()))
