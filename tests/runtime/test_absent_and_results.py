"""The absent-player rule in the table (misses counted once per move, a moderator's force not
counted, the seat back with `back`) and finished games' results with Cookie's roles, an absent
player's results still theirs."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.live import LiveGame
from bot.storage import open_storage
from bot.table import Table
from games.core import Prompt
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

GUILD = 7


@pytest.fixture
async def table(database: Database) -> AsyncIterator[Table]:
    storage = await open_storage(database.target)
    await storage.save_guild_settings(GUILD, {"absent_after": 2})
    yield Table(storage, clock=FakeClock())
    await storage.close()


async def miss(table: Table, game: LiveGame, seat: int) -> None:
    """Everyone else answers; `seat`'s deadline passes."""
    for _ in range(50):
        prompt = next((p for p in game.state.prompts if not p.answered and p.seat != seat), None)
        if prompt is None:
            break
        await table.act(game.id, prompt.seat, game.engine.default_action(game.state, prompt))
    prompt = next(p for p in game.state.prompts if not p.answered and p.seat == seat)
    table.clock.advance(10_000)  # type: ignore[attr-defined]
    assert (await table.expire(game.id, prompt.id)).ok


def test_the_steps_of_one_move_count_as_one_missed_deadline() -> None:
    game = type("G", (), {})()
    game.row = type("R", (), {"meta": {}})()
    step = Prompt(id="a", seat=1, ask="one", key="k", deadline="turn", deadline_group="move-1")
    meta = Table._misses_meta(game, 1, step, missed=True, by_bot=True)  # type: ignore[arg-type]
    assert meta == {"misses": {"1": {"count": 1, "group": "move-1"}}}
    game.row.meta = meta
    assert Table._misses_meta(game, 1, step, missed=True, by_bot=True) == meta  # type: ignore[arg-type]
    assert Table._misses_meta(game, 1, step, missed=False, by_bot=False) == {}  # type: ignore[arg-type]
    assert Table._misses_meta(game, 1, step, missed=False, by_bot=True) is None  # type: ignore[arg-type]


async def test_missed_deadlines_give_the_seat_to_a_bot_and_back_returns_it(table: Table) -> None:
    game = await table.start("cookie", humans(4), seed=5, guild_id=GUILD)
    await miss(table, game, 2)
    await table.force(game.id)  # a moderator's force is no missed deadline
    assert game.row.meta["misses"]["2"]["count"] == 1
    await miss(table, game, 2)
    assert game.seats[2].bot and game.row.meta["absent"]["2"]["user_id"] == 102
    assert (await table.back(game.id, 101)).refusal is not None, "only the absent player takes it back"
    assert (await table.back(game.id, 102)).ok
    assert not game.seats[2].bot and game.seat_of(102) == 2 and "absent" not in game.row.meta
    stored = await table.storage.load_game(game.id)
    assert stored is not None and stored.seats[2]["user_id"] == 102 and stored.meta == game.row.meta


async def test_results_keep_cookie_roles_and_credit_an_absent_player(table: Table) -> None:
    game = await table.start("cookie", humans(4), seed=6, guild_id=GUILD)
    await miss(table, game, 3)
    await miss(table, game, 3)
    assert game.seats[3].bot
    for seat in range(3):  # the others leave too: bots finish the game
        await miss(table, game, seat)
        await miss(table, game, seat)
    row = await table.storage.load_game(game.id)
    assert row is not None and row.status == "finished"
    results = await table.storage.game_results(game.id)
    assert [user for _, user, _, _ in results] == [100, 101, 102, 103]
    mine = await table.storage.player_results(GUILD, 103)
    assert len(mine) == 1 and mine[0][0] == "cookie" and len(mine[0][3] or []) == 4
    assert all(role.startswith("cookie-role-") for role in mine[0][3] or [])
    board = await table.storage.leaderboard(GUILD, "cookie")
    assert {user for user, *_ in board} == {100, 101, 102, 103}
    page, total = await table.storage.finished_games(GUILD, limit=10)
    assert total == 1 and [r.id for r in page] == [game.id]
