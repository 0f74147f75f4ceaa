"""A bot process that dies leaves its waiting rows to another (PostgreSQL, several processes): a game night's
rows belong to no game (game_id None), and another process adopts and queues them beside games' rows."""

from __future__ import annotations

from bot.discord.shards import Cluster
from bot.gathering.plans import DmRows
from bot.storage import DeliveryRow
from bot.table import Table


class DeadProcessRows:
    """Just enough of a storage: the waiting rows of a process that died, to adopt."""

    shared = False

    def __init__(self, rows: list[DeliveryRow]) -> None:
        self.rows = rows

    async def adopt_deliveries(self, *shards: object) -> list[DeliveryRow]:
        return self.rows


async def test_a_dead_processs_night_rows_are_adopted_with_its_games_rows() -> None:
    night_dm = DmRows.plan(7, "⏰ a reminder")
    night_dm.id, night_dm.schedule_id = 2, 1
    game_line = DeliveryRow(5, 3, "text", {"text": "a line"}, channel_id=10, id=3)
    storage = DeadProcessRows([night_dm, game_line])
    queued: list[DeliveryRow] = []

    class NoGames(Table):
        def __init__(self) -> None:
            self.games = {}

        async def get(self, game_id: int) -> None:  # type: ignore[override]
            return None

    async def reload(game: object) -> None:
        return None

    cluster = Cluster(storage, NoGames(), enqueue=queued.extend, forget=lambda game_id: None,  # type: ignore[arg-type]
                      reload=reload)
    assert await cluster.adopt() == [night_dm, game_line]
    assert queued == [night_dm, game_line]
