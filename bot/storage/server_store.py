"""The storage's lobbies and servers: a lobby's compare-and-set change, which interactions were applied,
and each server's settings."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from bot.storage.backend import Backend
from bot.storage.program import lobby_change, number_deliveries
from bot.storage.rows import DeliveryRow, dumps, game_update


class ServerStore(Backend):
    """Lobbies' changes, the interactions applied, and each server's settings."""

    async def update_lobby(
        self, game_id: int, expected_seats: list[dict[str, Any]], *, input_key: str | None = None,
        deliveries: list[DeliveryRow] | None = None, **fields: Any,
    ) -> bool:
        """Change a lobby only if it is still a lobby with exactly `expected_seats` (a compare-and-set:
        a join can never land on a game that started, or erase a seat taken meanwhile). `input_key`:
        the interaction that asked for the change, recorded in the same transaction; one recorded
        before raises IntegrityError and changes nothing. `deliveries`: what the change sends, saved in
        the same transaction (only if it changed), numbered when it returns."""
        sql, params = game_update(game_id, fields)
        sql += " AND status = 'lobby' AND seats = ?"
        changed, ids = await self._write(partial(
            lobby_change, game_id, sql, (*params, dumps(expected_seats)), input_key, deliveries, self.owner,
        ))
        number_deliveries(deliveries if changed and deliveries else [], ids)
        return bool(changed)

    async def input_applied(self, input_key: str) -> int | None:
        """The game an interaction was already applied to — a lobby change (`lobby_inputs`) or a step
        of a game (its action row) — or None. Interaction ids are unique across Discord, so the key
        alone says it: a repeated /cancel never lands on the lobby opened in the channel since."""
        rows = await self._fetchall(
            "SELECT game_id FROM lobby_inputs WHERE input_key = ?"
            " UNION ALL SELECT game_id FROM actions WHERE input_key = ? LIMIT 1",
            (input_key, input_key),
        )
        return int(rows[0][0]) if rows else None

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._fetchall(
            "SELECT language, gm_role_id, deadlines, absent_after, graveyard_channel_id, spectators, web,"
            " min_reliability, leaderboard_games, zone FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if not rows:
            return {"language": None, "gm_role_id": None, "deadlines": {}, "absent_after": 0,
                    "graveyard_channel_id": None, "spectators": True, "web": True, "min_reliability": 0,
                    "leaderboard_games": 5, "zone": None}
        (language, role, deadlines, absent_after, graveyard, spectators, web, min_reliability,
         leaderboard_games, zone) = rows[0]
        return {"language": language, "gm_role_id": role, "deadlines": json.loads(deadlines),
                "absent_after": int(absent_after), "graveyard_channel_id": graveyard, "spectators": bool(spectators),
                "web": bool(web), "min_reliability": int(min_reliability), "leaderboard_games": int(leaderboard_games),
                "zone": zone}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, language, gm_role_id, deadlines, absent_after,"
                " graveyard_channel_id, spectators, web, min_reliability, leaderboard_games, zone)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,"
                " gm_role_id = excluded.gm_role_id, deadlines = excluded.deadlines,"
                " absent_after = excluded.absent_after, graveyard_channel_id = excluded.graveyard_channel_id,"
                " spectators = excluded.spectators, web = excluded.web, min_reliability = excluded.min_reliability,"
                " leaderboard_games = excluded.leaderboard_games, zone = excluded.zone",
                (guild_id, settings.get("language"), settings.get("gm_role_id"),
                 dumps(settings.get("deadlines") or {}), int(settings.get("absent_after") or 0),
                 settings.get("graveyard_channel_id"), int(bool(settings.get("spectators", True))),
                 int(bool(settings.get("web", True))),
                 int(settings.get("min_reliability") or 0), int(settings.get("leaderboard_games", 5)),
                 settings.get("zone")),
            )

    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel with the bot, when some process asked Discord for it before."""
        rows = await self._fetchall("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else None

    async def save_dm_channel(self, user_id: int, channel_id: int) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id", (user_id, channel_id),
            )

    async def dm_reached(self, user_id: int) -> float | None:
        """When the bot last reached the member's DMs with an ordinary message (Unix seconds), if it is known to."""
        rows = await self._fetchall("SELECT reached_at FROM dm_channels WHERE user_id = ?", (user_id,))
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def save_dm_reached(self, user_id: int, at: float | None) -> None:
        """The member's DMs were reached at `at` (None: a DM to them was refused since). Kept with their DM channel:
        a member whose channel is not saved is not known to be reachable."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE dm_channels SET reached_at = ? WHERE user_id = ?", (at, user_id))
