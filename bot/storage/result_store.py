"""The storage's results: each finished game's seats (score, win, roles), the ratings' write in the same
transaction, and what the leaderboard, /stats and /history read of them."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from bot.storage.backend import Backend
from bot.storage.program import Write, results_program
from bot.storage.rows import GAME_COLUMNS, GameRow, dumps, game_row


class ResultStore(Backend):
    """Finished games' results and what is read of them."""

    async def record_results(
        self, game: GameRow, scores: list[tuple[int | None, int, bool, Any]], at: float, *,
        then: Write[Any] | None = None, only_if_missing: bool = False,
    ) -> Any:
        """A finished game's results, one (user, score, won, roles) per seat, in seat order
        (`roles`: the seat's roles, None when the game has none); `then`, a write of the ratings
        (bot/ratings/record.py), in the same transaction: its answer. `only_if_missing`: none of it
        when the game has results already."""
        rows = [
            (game.id, game.guild_id, game.game, user, seat, score, int(won), at,
             None if roles is None else dumps(roles))
            for seat, (user, score, won, roles) in enumerate(scores)
        ]
        return await self._write(partial(results_program, rows, then, only_if_missing=only_if_missing))

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[tuple[int, int, int, int]]:
        """(user_id, total score, games, wins) best first."""
        return [
            (r[0], r[1], r[2], r[3])
            for r in await self._fetchall(
                "SELECT user_id, SUM(score), COUNT(*), SUM(won) FROM results WHERE guild_id = ? AND game = ?"
                " AND user_id IS NOT NULL GROUP BY user_id ORDER BY SUM(score) DESC LIMIT ?",
                (guild_id, game, limit),
            )
        ]

    async def player_results(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, list[str] | None]]:
        """(game, score, won, roles) of every finished game `user_id` played on the server."""
        rows = await self._fetchall(
            "SELECT game, score, won, roles FROM results WHERE guild_id = ? AND user_id = ? ORDER BY at",
            (guild_id, user_id),
        )
        return [(str(r[0]), int(r[1]), int(r[2]), None if r[3] is None else json.loads(r[3])) for r in rows]

    async def finished_games(self, guild_id: int, *, limit: int, offset: int = 0) -> tuple[list[GameRow], int]:
        """A page of the server's finished games, newest first, and how many there are in all."""
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        count = await self._fetchall(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'finished'", (guild_id,)
        )
        return [game_row(r) for r in rows], int(count[0][0])

    async def game_results(self, game_id: int) -> list[tuple[int, int | None, int, int]]:
        """(seat, user_id, score, won) of a finished game, by seat."""
        rows = await self._fetchall(
            "SELECT seat, user_id, score, won FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows]
