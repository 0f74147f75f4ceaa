"""The lobby, shared by every game: create a game in a channel with its house rules, join,
leave, start, cancel. No Discord here: the lobby cog adds the test DM and the replies."""

from __future__ import annotations

import secrets
from typing import Any

from bot.storage import GameRow, Storage
from bot.table import LiveGame, Seat, Table
from games import registry
from games.core import IllegalAction, Refusal

OPEN = ("lobby", "running")


class LobbyError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.refusal = Refusal(key=key, params=params)


class Lobby:
    def __init__(self, storage: Storage, table: Table) -> None:
        self.storage = storage
        self.table = table

    async def current(self, channel_id: int) -> GameRow | None:
        rows = await self.storage.games_in_channel(channel_id, *OPEN)
        return rows[-1] if rows else None

    async def create(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host: Seat,
        options: dict[str, Any],
        language: str,
        default_deadlines: dict[str, int] | None = None,
    ) -> GameRow:
        if game not in registry.available():
            raise LobbyError("lobby-unknown-game", game=game)
        if await self.current(channel_id) is not None:
            raise LobbyError("lobby-channel-busy")
        engine = registry.engine(game)
        chosen = {k: v for k, v in options.items() if v is not None}
        for kind, seconds in (default_deadlines or {}).items():
            field = f"{kind}_seconds"
            if field in engine.Options.model_fields and field not in chosen:
                chosen[field] = seconds
        try:
            parsed = engine.parse_options(chosen)
        except IllegalAction as error:
            raise LobbyError(error.refusal.key, **error.refusal.params) from error
        minimum = getattr(parsed, "min_buy_in", None)
        if host.buy_in is not None and (minimum is None or host.buy_in < minimum):
            raise LobbyError("lobby-buy-in-low" if minimum is not None else "lobby-no-buy-in", min=minimum)
        game_id = await self.storage.create_game(
            game=game, status="lobby", seed=secrets.randbits(48), options=parsed.model_dump(mode="json"),
            seats=[host.model_dump()], language=language, guild_id=guild_id, channel_id=channel_id,
            host_id=host.user_id,
        )
        row = await self.storage.load_game(game_id)
        assert row is not None
        return row

    async def _lobby(self, channel_id: int) -> GameRow:
        row = await self.current(channel_id)
        if row is None:
            raise LobbyError("lobby-none")
        if row.status != "lobby":
            raise LobbyError("lobby-already-started")
        return row

    async def join(self, channel_id: int, seat: Seat) -> GameRow:
        row = await self._lobby(channel_id)
        if any(s.get("user_id") == seat.user_id for s in row.seats):
            raise LobbyError("lobby-already-joined")
        engine = registry.engine(row.game)
        if len(row.seats) >= engine.max_players:
            raise LobbyError("lobby-full", max=engine.max_players)
        if seat.buy_in is not None:
            minimum = row.options.get("min_buy_in")
            if "buy_ins" not in engine.Options.model_fields or minimum is None:
                raise LobbyError("lobby-no-buy-in")
            if seat.buy_in < int(minimum):
                raise LobbyError("lobby-buy-in-low", min=minimum)
        row.seats.append(seat.model_dump())
        await self.storage.update_game(row.id, seats=row.seats)
        return row

    async def leave(self, channel_id: int, user_id: int) -> GameRow:
        row = await self._lobby(channel_id)
        kept = [s for s in row.seats if s.get("user_id") != user_id]
        if len(kept) == len(row.seats):
            raise LobbyError("lobby-not-joined")
        row.seats = kept
        if not kept:
            await self.storage.update_game(row.id, seats=kept, status="cancelled")
            row.status = "cancelled"
        else:
            await self.storage.update_game(row.id, seats=kept)
        return row

    async def start(self, channel_id: int, user_id: int, *, moderator: bool) -> LiveGame:
        row = await self._lobby(channel_id)
        if row.host_id != user_id and not moderator:
            raise LobbyError("lobby-host-only")
        engine = registry.engine(row.game)
        refusal = engine.check_players(len(row.seats))
        if refusal is not None:
            raise LobbyError(refusal.key, **refusal.params)
        seats = [Seat.model_validate(s) for s in row.seats]
        options = dict(row.options)
        if "buy_ins" in engine.Options.model_fields:  # chips games: each player's own buy-in from /join
            options["buy_ins"] = {str(i): s.buy_in for i, s in enumerate(seats) if s.buy_in is not None}
        try:
            return await self.table.start(
                row.game, seats, options=options, seed=row.seed, language=row.language, guild_id=row.guild_id,
                channel_id=row.channel_id, host_id=row.host_id, meta=row.meta, lobby_id=row.id,
            )
        except IllegalAction as error:
            raise LobbyError(error.refusal.key, **error.refusal.params) from error

    async def cancel(self, channel_id: int, user_id: int, *, moderator: bool) -> GameRow:
        row = await self.current(channel_id)
        if row is None:
            raise LobbyError("lobby-none")
        if row.host_id != user_id and not moderator:
            raise LobbyError("lobby-host-only")
        if row.status == "running":
            await self.table.end(row.id, actor_id=user_id)
        else:
            await self.storage.update_game(row.id, status="cancelled")
        row.status = "cancelled"
        return row
