"""A finished game's record for the ratings, made by the table as it saves the game's results
(bot/table/core.py): who held each seat, each seat's place and side, and the achievements earned,
read from the saved log and the final state."""

from __future__ import annotations

from typing import Any

from bot.ratings.achievements import earned
from bot.ratings.feats import Finished
from bot.ratings.holders import holders, seat_changes
from bot.ratings.maths import SeatResult
from bot.ratings.record import GameRecord
from bot.storage import GameRow, Storage
from games.core import Event, GameState, Results


async def game_record(storage: Storage, row: GameRow, seats: list[dict[str, Any]], state: GameState,
                      results: Results, at: float) -> GameRecord:
    changes = seat_changes(await storage.actions(row.id, kind="table"))
    held = holders(seats, changes, state.step)
    places = results.ranked_places()
    sides = results.sides
    record = tuple(SeatResult(n, places[n], None if sides is None else sides[n], held[n]) for n in range(len(seats)))
    awards: tuple[tuple[int, str], ...] = ()
    if row.guild_id is not None:
        events = [Event(key=e.key, params=e.params, to=e.audience) for e in await storage.events(row.id)]
        awards = tuple(earned(Finished(row.game, state, events, results), held))
    return GameRecord(row.id, row.guild_id, row.game, at, record, awards)
