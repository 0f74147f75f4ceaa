"""`python -m bot ratings rebuild` gives the numbers the live updates gave (issue 40): 500 games played
by bots through the engines, their seats credited to members (some seats bots, some shared with a
substitute or a bot after missed deadlines), saved as the table saves a finished game — rated live, a
new season started halfway — then rebuilt from the saved results alone, on both backends."""

from __future__ import annotations

import asyncio
import random
from functools import partial
from typing import Any

import pytest

from bot.cli import main
from bot.ratings.holders import AFK, END, REPLACED
from bot.ratings.maths import Holder, SeatResult
from bot.ratings.rebuild import rebuild_program
from bot.ratings.record import GameRecord, record_program, start_season
from bot.storage import GameRow, Storage, open_storage
from games import registry
from games.core import Results
from games.core.rng import derived
from tests.runtime.databases import Database

pytestmark = pytest.mark.xdist_group("ratings-rebuild")  # one worker plays the 500 games once for both backends

GUILD = 12
MEMBERS = list(range(1000, 1012))
PLAN = [("cookie", 4)] * 150 + [("maskmen", 2)] * 120 + [("maskmen", 3)] * 120 + [("cookie", 5)] * 70 \
    + [("sword-of-lies", 3)] * 16 + [("castle", 3)] * 16 + [("mafia", 10)] * 8
"""500 games: mostly the quick ones, a few of every game (Mafia: a team game)."""


def bot_game(name: str, players: int, seed: int) -> Results:
    """A game played to its end by bot players (each seat's level drawn from the seed), straight through the engine."""
    engine = registry.engine(name)
    joins = [{} for _ in range(players)] if name == "sword-of-lies" else None
    state, _ = engine.setup(players, engine.parse_options({}), seed, joins)
    levels = [("easy", "normal")[(seed >> n) & 1] for n in range(players)]
    while not state.over:
        prompt = next((p for p in state.prompts if not p.answered), state.prompts[0])
        rng = derived(seed, "bot", state.step, prompt.id)
        action = engine.bot_action(state, prompt, rng, level=levels[prompt.seat])
        state, _ = engine.apply(state, prompt.seat, action)
    results = engine.results(state)
    assert results is not None
    return results


def seat_holders(rng: random.Random, members: list[int]) -> tuple[Holder, ...]:
    """Mostly one member for the whole game; now and then a bot seat, a substitute, or a bot after missed deadlines."""
    roll = rng.random()
    if roll < 0.1:
        return (Holder(None, False, 1.0, END),)
    first = members.pop()
    if roll < 0.2:
        share = rng.choice((0.1, 0.25, 0.5, 0.8))
        return (Holder(first, True, share, REPLACED), Holder(members.pop(), True, 1 - share, END))
    if roll < 0.25:
        return (Holder(first, True, 0.6, AFK), Holder(None, False, 0.4, END))
    return (Holder(first, True, 1.0, END),)


@pytest.fixture(scope="module")
def played() -> list[tuple[str, Results, tuple[SeatResult, ...]]]:
    rng = random.Random(40)
    games = []
    for seed, (name, players) in enumerate(PLAN, start=1):
        results = bot_game(name, players, seed)
        members = rng.sample(MEMBERS, len(MEMBERS))
        places = results.ranked_places()
        seats = tuple(
            SeatResult(n, places[n], None if results.sides is None else results.sides[n], seat_holders(rng, members))
            for n in range(players)
        )
        games.append((name, results, seats))
    return games


async def everything(storage: Storage) -> dict[str, Any]:
    return {
        "ratings": await storage.read("SELECT guild_id, game, season, user_id, mu, sigma, games FROM ratings"
                                      " ORDER BY guild_id, game, season, user_id"),
        "changes": await storage.read("SELECT game_id, user_id, mu, sigma, before_mu, before_sigma"
                                      " FROM rating_changes ORDER BY game_id, user_id"),
        "order": await storage.read("SELECT game_id, guild_id, game, season, turn FROM rated_games ORDER BY game_id"),
        "seasons": await storage.read("SELECT guild_id, number, rated FROM rating_seasons ORDER BY guild_id, number"),
    }


async def test_a_rebuild_from_the_saved_results_equals_the_live_updates(
    database: Database, played: list[tuple[str, Results, tuple[SeatResult, ...]]]
) -> None:
    storage = await open_storage(database.target)
    try:
        for number, (name, results, seats) in enumerate(played):
            at = 1000.0 + number
            if number == len(played) // 2:
                assert await storage.write(partial(start_season, GUILD, "Second", at - 0.5)) == 2
            game_id = await storage.create_game(game=name, status="finished", seed=number, options={}, seats=[],
                                                language="ru", guild_id=GUILD)
            row = GameRow(id=game_id, game=name, status="finished", guild_id=GUILD, channel_id=None, host_id=None,
                          language="ru", seed=number, options={}, seats=[], state=None, step=0, paused=False, meta={},
                          created_at=at, updated_at=at)
            scores = [(s.holders[-1].user_id, results.scores[s.seat], s.seat in results.winners, None) for s in seats]
            await storage.record_results(row, scores, at,
                                         then=partial(record_program, GameRecord(game_id, GUILD, name, at, seats)))
        live = await everything(storage)
        assert len(live["order"]) >= 450, "nearly every game has two teams of members"
        assert {r[3] for r in live["order"]} == {1, 2}
        assert {r[1] for r in live["ratings"]} == {"cookie", "maskmen", "sword-of-lies", "castle", "mafia"}
        rebuilt = await storage.write(partial(rebuild_program, None))
        assert rebuilt.games == len(live["order"])
        again = await everything(storage)
        assert again == live, "the rebuild gives exactly the live numbers"
        await storage.write(partial(rebuild_program, GUILD))
        assert await everything(storage) == live, "and so does one server's"
    finally:
        await storage.close()


async def test_the_command_rebuilds_a_database_and_says_how_much(tmp_path: Any, capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    path = tmp_path / "bot.db"
    storage = await open_storage(path)
    try:
        game_id = await storage.create_game(game="maskmen", status="finished", seed=1, options={}, seats=[],
                                            language="en", guild_id=GUILD)
        row = await storage.load_game(game_id)
        assert row is not None
        seats = (SeatResult(0, 1, None, (Holder(1000, True, 1.0, END),)),
                 SeatResult(1, 2, None, (Holder(1001, True, 1.0, END),)))
        await storage.record_results(row, [(1000, 3, True, None), (1001, 1, False, None)], 5.0,
                                     then=partial(record_program, GameRecord(game_id, GUILD, "maskmen", 5.0, seats)))
        await storage.write(lose_the_ratings)
    finally:
        await storage.close()
    code = await asyncio.get_running_loop().run_in_executor(
        None, main, ["ratings", "rebuild", "--db", str(path)])
    assert code == 0
    assert "1 game rated, 2 ratings" in capsys.readouterr().out
    storage = await open_storage(path)
    try:
        assert len(await storage.read("SELECT * FROM ratings")) == 2, "made again from the results"
    finally:
        await storage.close()


def lose_the_ratings() -> Any:
    """Lose the ratings (as a database restored from before them would have none)."""
    from bot.storage.program import Run

    yield Run("DELETE FROM ratings")
