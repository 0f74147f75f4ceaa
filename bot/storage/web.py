"""Reads for the web record (bot/web/), on either backend: its links' key, which servers turned their
pages off, what a cached page was made from, and the server page's figures. Kept beside the storage
interface rather than in it, as bot/storage/operations.py is: the game runtime never needs them."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from bot.storage.base import Storage
from bot.storage.rows import GAME_COLUMNS, GameRow, game_row

LINKS_KEY = "links"
"""The web_keys row whose value (hex) is the HMAC key of every link (migration 011's table)."""


async def web_secret(storage: Storage) -> bytes:
    """The key the database's links are made with: made (32 random bytes) and saved the first time it is asked
    for; whoever saves first wins, and everyone reads that one."""
    rows = await storage._fetchall("SELECT value FROM web_keys WHERE name = ?", (LINKS_KEY,))
    if not rows:
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO web_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                             (LINKS_KEY, secrets.token_hex(32)))
        rows = await storage._fetchall("SELECT value FROM web_keys WHERE name = ?", (LINKS_KEY,))
    return bytes.fromhex(str(rows[0][0]))


async def web_off_guilds(storage: Storage) -> set[int]:
    """The servers whose pages are off (`/gm settings web:off`)."""
    return {int(r[0]) for r in await storage._fetchall("SELECT guild_id FROM guild_settings WHERE web = 0")}


@dataclass(frozen=True)
class GameStamp:
    """What a game's page is made from, read in one cheap query: a page made from the same stamp is the
    same page (a /forget-me renames seats, a rollback or a step moves `step` and `version`)."""

    game: str
    language: str
    status: str
    step: int
    version: int
    seats: str
    guild_id: int | None
    web: bool
    """The server's pages are on (an offline game's always are)."""


async def game_stamp(storage: Storage, game_id: int) -> GameStamp | None:
    rows = await storage._fetchall(
        "SELECT g.game, g.language, g.status, g.step, g.version, g.seats, g.guild_id, COALESCE(s.web, 1),"
        " g.state IS NOT NULL FROM games g LEFT JOIN guild_settings s ON s.guild_id = g.guild_id WHERE g.id = ?",
        (game_id,),
    )
    if not rows or not rows[0][8]:  # no such game, or a lobby that never started: no record
        return None
    game, language, status, step, version, seats, guild_id, web, _ = rows[0]
    return GameStamp(str(game), str(language), str(status), int(step), int(version), str(seats),
                     None if guild_id is None else int(guild_id), bool(web))


async def server_language(storage: Storage, guild_id: int) -> str | None:
    """The language the server's moderators chose for its channels (None: not chosen)."""
    rows = await storage._fetchall("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return str(rows[0][0]) if rows and rows[0][0] else None


async def server_stamp(storage: Storage, guild_id: int) -> tuple[Any, ...]:
    """What the server's page is made from: its finished games (how many, the last one's time, how many
    purged), how many results a /forget-me left to nobody, its rating seasons and rated games (a new
    season, a rebuild, a forgotten member's ratings), the rated games its tables need, and whether its
    pages are on (the last value)."""
    rows = await storage._fetchall(
        "SELECT (SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished'),"
        " (SELECT MAX(updated_at) FROM games WHERE guild_id = ? AND status = 'finished'),"
        " (SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished' AND state IS NULL),"
        " (SELECT COUNT(*) FROM results WHERE guild_id = ? AND user_id IS NULL),"
        " (SELECT COUNT(*) FROM rating_seasons WHERE guild_id = ?),"
        " (SELECT COUNT(*) FROM rated_games WHERE guild_id = ?),"
        " (SELECT COALESCE(SUM(mu), 0) FROM ratings WHERE guild_id = ?),"
        " (SELECT leaderboard_games FROM guild_settings WHERE guild_id = ?),"
        " (SELECT web FROM guild_settings WHERE guild_id = ?)",
        (guild_id,) * 9,
    )
    count, last, purged, forgotten, seasons, rated, ratings_sum, needed, web = rows[0]
    return (int(count), last, int(purged), int(forgotten), int(seasons), int(rated), float(ratings_sum), needed,
            web is None or bool(web))


async def games_played(storage: Storage, guild_id: int) -> dict[str, int]:
    """How many games of each kind the server finished."""
    rows = await storage._fetchall(
        "SELECT game, COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished' GROUP BY game", (guild_id,)
    )
    return {str(game): int(count) for game, count in rows}


async def recent_games(storage: Storage, guild_id: int, limit: int) -> list[tuple[GameRow, list[int]]]:
    """The server's last finished games, newest first, each with its winning seats. The state is not read
    (a Mafia game's is large): it reads "" for a game whose record is kept, None for one purged."""
    columns = GAME_COLUMNS.replace(" state,", " CASE WHEN state IS NULL THEN NULL ELSE '' END,")
    rows = [game_row(r) for r in await storage._fetchall(
        f"SELECT {columns} FROM games WHERE guild_id = ? AND status = 'finished'"
        " ORDER BY updated_at DESC, id DESC LIMIT ?", (guild_id, limit),
    )]
    winners: dict[int, list[int]] = {row.id: [] for row in rows}
    if rows:
        marks = ",".join("?" * len(rows))
        for game_id, seat in await storage._fetchall(
            f"SELECT game_id, seat FROM results WHERE won = 1 AND game_id IN ({marks}) ORDER BY game_id, seat",
            [row.id for row in rows],
        ):
            winners[int(game_id)].append(int(seat))
    return [(row, winners[row.id]) for row in rows]


async def side_results(
    storage: Storage, guild_id: int, game: str
) -> list[tuple[int, int, list[tuple[bool, list[str]]]]]:
    """Every finished game `game` of the server as (game, players, [(won, roles) per seat]), from the results
    (which outlive a purged record): the roles are the seat's (a Mafia seat's public and secret role), which
    tell its side (games.core.spec.Sides)."""
    games: dict[int, list[tuple[bool, list[str]]]] = {}
    for game_id, won, roles in await storage._fetchall(
        "SELECT game_id, won, roles FROM results WHERE guild_id = ? AND game = ? ORDER BY game_id, seat",
        (guild_id, game),
    ):
        games.setdefault(int(game_id), []).append((bool(won), [] if roles is None else list(json.loads(roles))))
    return [(game_id, len(seats), seats) for game_id, seats in games.items()]


async def member_names(storage: Storage, guild_id: int, user_ids: list[int]) -> dict[int, str]:
    """Each member's name as their latest finished game on the server seated them."""
    names: dict[int, str] = {}
    for user_id in sorted(set(user_ids)):
        rows = await storage._fetchall(
            "SELECT g.seats, r.seat FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.guild_id = ? AND r.user_id = ? ORDER BY r.at DESC LIMIT 1",
            (guild_id, user_id),
        )
        if rows:
            seats = json.loads(rows[0][0])
            seat = int(rows[0][1])
            if 0 <= seat < len(seats) and seats[seat].get("name"):
                names[user_id] = str(seats[seat]["name"])
    return names
