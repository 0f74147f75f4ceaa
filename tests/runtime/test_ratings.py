"""Ratings (issue 40): a finished game's rating update is openskill's on the same places, teams and shares
(called directly here), ties share a place, team games rate a side as a team and a neutral seat alone, a
bot seat is never rated and a substitute shares the seat's result by the steps played, the leaderboard
waits for the minimum of rated games, a new season starts everyone afresh and keeps the old table, and
the reliability record counts missed deadlines, /leave and substitutes. On both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial

import pytest
from openskill.models import PlackettLuce

from bot.live import LiveGame, Seat
from bot.ratings import reading
from bot.ratings.holders import AFK, END, LEFT, REPLACED, holders, seat_changes
from bot.ratings.maths import DEFAULT, Holder, SeatResult, rate, shown, teams
from bot.ratings.record import GameRecord, record_program, start_season
from bot.storage import GameRow, Storage, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans, pick

GUILD = 9
OPENSKILL = PlackettLuce()


def member(user_id: int, share: float = 1.0, ended: str = END) -> Holder:
    return Holder(user_id, True, share, ended)


BOT = Holder(None, False, 1.0, END)


@pytest.fixture
async def table(database: Database) -> AsyncIterator[Table]:
    storage = await open_storage(database.target)
    yield Table(storage, clock=FakeClock())
    await storage.close()


async def play_out(table: Table, game: LiveGame) -> None:
    for _ in range(5000):
        if not game.running:
            return
        prompt, action = pick(game)
        assert (await table.act(game.id, prompt.seat, action)).ok
    raise AssertionError("the game did not end")


async def saved_ratings(storage: Storage, game: str = "maskmen", season: int = 1) -> dict[int, tuple[float, ...]]:
    rows = await storage.read(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND season = ?",
        (GUILD, game, season),
    )
    return {int(u): (float(mu), float(sigma), int(n)) for u, mu, sigma, n in rows}


# --- the maths is openskill's ------------------------------------------------------------------------
async def test_a_finished_game_is_rated_as_openskill_rates_its_final_table(table: Table) -> None:
    game = await table.start("maskmen", humans(3), seed=11, guild_id=GUILD)
    await play_out(table, game)
    results = game.engine.results(game.state)
    assert results is not None
    places = results.ranked_places()
    expected = OPENSKILL.rate([[OPENSKILL.rating()] for _ in places], ranks=[float(p) for p in places])
    saved = await saved_ratings(table.storage)
    for seat_number, (after,) in enumerate(expected):
        assert saved[100 + seat_number] == (after.mu, after.sigma, 1)
    stored = await table.storage.read("SELECT seat, place FROM results WHERE game_id = ? ORDER BY seat", (game.id,))
    assert [p for _, p in stored] == places


def test_equal_places_are_a_tie() -> None:
    seats = [SeatResult(0, 1, None, (member(1),)), SeatResult(1, 1, None, (member(2),)),
             SeatResult(2, 3, None, (member(3),))]
    after = rate(seats, {})
    direct = OPENSKILL.rate([[OPENSKILL.rating()] for _ in range(3)], ranks=[1.0, 1.0, 3.0])
    assert after == {1: (direct[0][0].mu, direct[0][0].sigma), 2: (direct[1][0].mu, direct[1][0].sigma),
                     3: (direct[2][0].mu, direct[2][0].sigma)}
    assert after[1] == after[2], "a tie moves both alike"


def test_a_team_game_rates_each_side_as_a_team_and_a_neutral_seat_alone() -> None:
    law, mafia = [1, 2, 3, 4], [5, 6]
    seats = [SeatResult(n, 1, "law", (member(u),)) for n, u in enumerate(law)]
    seats += [SeatResult(4 + n, 2, "mafia", (member(u),)) for n, u in enumerate(mafia)]
    seats.append(SeatResult(6, 2, "neutral", (member(7),)))
    found = teams(seats)
    assert [[k for held in t.seats for k, _ in held] for t in found] == [law, mafia, [7]]
    current = {5: (30.0, 5.0)}
    after = rate(seats, current)
    direct = OPENSKILL.rate(
        [[OPENSKILL.rating() for _ in law], [OPENSKILL.rating(30.0, 5.0), OPENSKILL.rating()], [OPENSKILL.rating()]],
        ranks=[1.0, 2.0, 2.0],
    )
    assert after[1] == (direct[0][0].mu, direct[0][0].sigma)
    assert after[5] == (direct[1][0].mu, direct[1][0].sigma)
    assert after[7] == (direct[2][0].mu, direct[2][0].sigma)
    assert after[1][0] > DEFAULT[0] > after[6][0], "the law won, the mafia lost"


def shared(before: tuple[float, float], after: object, share: float) -> tuple[float, float]:
    """`share` of openskill's change for the seat (its figures as they are for the whole seat)."""
    mu, sigma = after.mu, after.sigma  # type: ignore[attr-defined]
    return before[0] + share * (mu - before[0]), before[1] + share * (sigma - before[1])


def test_a_bot_seat_is_never_rated_and_a_substitute_shares_by_steps_played() -> None:
    seats = [SeatResult(0, 1, None, (member(1, 0.25, REPLACED), member(2, 0.75))),
             SeatResult(1, 2, None, (member(3, 0.5, AFK), Holder(None, False, 0.5, END))),
             SeatResult(2, 3, None, (BOT,))]
    assert [t.seats for t in teams(seats)] == [(((2, 0.75), (1, 0.25)),), (((3, 0.5),),)]
    current = {1: (28.0, 6.0)}
    after = rate(seats, current)
    # openskill rates the seat as held by the one who held it longest, and again with the other one in it
    longest = OPENSKILL.rate([[OPENSKILL.rating()], [OPENSKILL.rating()]], ranks=[1.0, 2.0])
    other = OPENSKILL.rate([[OPENSKILL.rating(28.0, 6.0)], [OPENSKILL.rating()]], ranks=[1.0, 2.0])
    assert after == {2: shared(DEFAULT, longest[0][0], 0.75), 1: shared((28.0, 6.0), other[0][0], 0.25),
                     3: shared(DEFAULT, longest[1][0], 0.5)}
    assert rate([SeatResult(0, 1, None, (member(1),)), SeatResult(1, 2, None, (BOT,))], {}) == {}, \
        "one member among bots: nothing to rate"


def test_the_conservative_figure_starts_at_a_thousand() -> None:
    assert shown(DEFAULT) == 1000
    assert shown((30.0, 2.0)) == 1000 + 40 * 24


def test_holders_come_from_the_seat_changes_in_the_log() -> None:
    class Row:
        def __init__(self, step: int, payload: dict[str, object]) -> None:
            self.step, self.payload = step, payload

    log = [
        Row(10, {"op": "replace", "reason": "absent", "seat": 1, "old": {"user_id": 2}, "new": {"bot": True}}),
        Row(20, {"op": "replace", "seat": 1, "old": {"bot": True}, "new": {"user_id": 5}}),
        Row(30, {"op": "replace", "reason": "leave", "seat": 0, "old": {"user_id": 1}, "new": {"bot": True}}),
        Row(5, {"op": "pause"}),
    ]
    held = holders([{"bot": True}, {"user_id": 5}], seat_changes(log), 40)
    assert held[0] == (Holder(1, True, 0.75, LEFT), Holder(None, False, 0.25, END))
    assert held[1] == (Holder(2, True, 0.25, AFK), Holder(None, False, 0.25, REPLACED), Holder(5, True, 0.5, END))


# --- the table rates as it saves the results ------------------------------------------------------------
async def test_a_substitute_and_an_absent_player_share_a_seat_in_the_live_update(table: Table) -> None:
    await table.storage.save_guild_settings(GUILD, {"absent_after": 1})
    game = await table.start("maskmen", humans(3), seed=4, guild_id=GUILD)
    for _ in range(6):
        prompt, action = pick(game)
        await table.act(game.id, prompt.seat, action)
    moved = game.state.step
    assert (await table.replace(game.id, 2, Seat(name="Sub", user_id=200))).ok
    await play_out(table, game)
    rows = await table.storage.read(
        "SELECT seat, turn, user_id, share, ended FROM seat_holders WHERE game_id = ? AND seat = 2 ORDER BY turn",
        (game.id,))
    assert [(r[2], r[4]) for r in rows] == [(102, REPLACED), (200, END)]
    assert rows[0][3] == pytest.approx(moved / game.state.step)
    places = game.engine.results(game.state).ranked_places()  # type: ignore[union-attr]
    direct = OPENSKILL.rate([[OPENSKILL.rating()] for _ in places], ranks=[float(p) for p in places])
    share = moved / game.state.step
    saved = await saved_ratings(table.storage)
    assert saved[102][:2] == shared(DEFAULT, direct[2][0], share)
    assert saved[200][:2] == shared(DEFAULT, direct[2][0], 1 - share), "both started at the default"
    assert saved[100][:2] == (direct[0][0].mu, direct[0][0].sigma)
    card = await reading.reliability(table.storage, GUILD, 102)
    assert (card.games, card.finished, card.replaced) == (1, 0, 1)


async def record(storage: Storage, game_id: int, places: dict[int, int], at: float,
                 game: str = "maskmen") -> int | None:
    """A finished game of members (user id → place) saved as the table saves one."""
    row = GameRow(id=game_id, game=game, status="finished", guild_id=GUILD, channel_id=None, host_id=None,
                  language="en", seed=0, options={}, seats=[], state=None, step=0, paused=False, meta={},
                  created_at=at, updated_at=at)
    seats = tuple(SeatResult(n, place, None, (member(user_id),)) for n, (user_id, place) in enumerate(places.items()))
    scores = [(user_id, 10 - place, place == 1, None) for user_id, place in places.items()]
    rated: int | None = await storage.record_results(
        row, scores, at, then=partial(record_program, GameRecord(game_id, GUILD, game, at, seats)))
    return rated


async def new_game_id(storage: Storage) -> int:
    return await storage.create_game(game="maskmen", status="finished", seed=0, options={}, seats=[],
                                     language="en", guild_id=GUILD)


async def test_the_leaderboard_waits_for_the_minimum_of_rated_games(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        for n in range(5):
            await record(storage, await new_game_id(storage), {1: 1, 2: 2, 3: 2 if n else 3}, 100.0 + n)
        await record(storage, await new_game_id(storage), {1: 1, 4: 2}, 200.0)
        board = await reading.standings(storage, GUILD, "maskmen")
        assert [s.user_id for s in board] == [1, 2, 3], "member 4 has one rated game of five"
        assert [s.games for s in board] == [6, 5, 5]
        assert [s.rank for s in board] == [1, 2, 3]
        await storage.save_guild_settings(GUILD, {"leaderboard_games": 1})
        assert 4 in [s.user_id for s in await reading.standings(storage, GUILD, "maskmen")], "configurable"
        card = await reading.member_card(storage, GUILD, 4)
        assert card.games[0].rank is not None
        await storage.save_guild_settings(GUILD, {"leaderboard_games": 5})
        card = await reading.member_card(storage, GUILD, 4)
        assert (card.games[0].rank, card.games[0].needed) == (None, 4)
        assert len((await reading.member_card(storage, GUILD, 1)).games[0].trend) == 7, "before, then six games"
    finally:
        await storage.close()


async def test_a_new_season_starts_everyone_at_the_default_and_keeps_the_old_table(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        for n in range(5):
            assert await record(storage, await new_game_id(storage), {1: 1, 2: 2}, 100.0 + n) == 1
        old = await reading.standings(storage, GUILD, "maskmen", min_games=1)
        assert await storage.write(partial(start_season, GUILD, "Spring", 500.0)) == 2
        assert await reading.standings(storage, GUILD, "maskmen", min_games=1) == [], "everyone starts afresh"
        assert await record(storage, await new_game_id(storage), {2: 1, 1: 2}, 600.0) == 2
        now = await reading.standings(storage, GUILD, "maskmen", min_games=1)
        assert [(s.user_id, s.games) for s in now] == [(2, 1), (1, 1)]
        assert await reading.standings(storage, GUILD, "maskmen", 1, min_games=1) == old, "the old table stays"
        listed = await reading.seasons(storage, GUILD)
        assert [(s.number, s.name, s.ended_at is not None) for s in listed] == [(1, None, True), (2, "Spring", False)]
    finally:
        await storage.close()


async def test_reliability_counts_missed_deadlines_leaving_and_substitutes(table: Table) -> None:
    await table.storage.save_guild_settings(GUILD, {"absent_after": 1})
    game = await table.start("maskmen", humans(4), seed=3, guild_id=GUILD)
    assert (await table.leave(game.id, 101)).ok
    assert (await table.replace(game.id, 2, Seat(name="Sub", user_id=300))).ok
    prompt = next(p for p in game.state.prompts if not p.answered and p.seat == 3) if any(
        p.seat == 3 and not p.answered for p in game.state.prompts) else None
    while prompt is None:
        nxt, action = pick(game)
        await table.act(game.id, nxt.seat, action)
        prompt = next((p for p in game.state.prompts if not p.answered and p.seat == 3), None)
    table.clock.advance(100_000)  # type: ignore[attr-defined]
    assert (await table.expire(game.id, prompt.id)).ok
    assert game.seats[3].bot, "a bot took the absent player's seat"
    await play_out(table, game)
    found = {u: await reading.reliability(table.storage, GUILD, u) for u in (100, 101, 102, 103, 300)}
    assert (found[100].finished, found[100].percent) == (1, 100)
    assert (found[101].left, found[101].percent) == (1, 0)
    assert found[102].replaced == 1
    assert found[103].afk == 1
    assert found[300].finished == 1


async def test_forgetting_a_member_removes_their_ratings_reliability_and_achievements(database: Database) -> None:
    from bot.privacy import forget_member

    storage = await open_storage(database.target)
    try:
        for n in range(3):
            await record(storage, await new_game_id(storage), {1: 1, 2: 2}, 100.0 + n)
        await storage.write(partial(record_program, GameRecord(
            await new_game_id(storage), GUILD, "maskmen", 200.0,
            (SeatResult(0, 1, None, (member(1),)), SeatResult(1, 2, None, (member(2),))), ((1, "maskmen-tiebreak"),),
        )))
        assert await reading.achievements(storage, GUILD, 1) == [("maskmen-tiebreak", 1)]
        done = await forget_member(storage, 1, set())
        assert done.ratings > 0
        assert await reading.achievements(storage, GUILD, 1) == []
        assert (await reading.reliability(storage, GUILD, 1)).games == 0
        assert await storage.read("SELECT * FROM ratings WHERE user_id = 1") == []
        assert await storage.read("SELECT * FROM rating_changes WHERE user_id = 1") == []
        assert 2 in await saved_ratings(storage), "the others keep theirs"
    finally:
        await storage.close()


async def test_a_game_whose_end_was_saved_just_before_a_crash_is_rated_once_at_the_next_start(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The final step is committed, then the process dies before the results' own transaction: the next
    start records the results, ratings and achievements (dated at the game's end), once, however often it
    starts again."""
    storage = await open_storage(database.target)
    try:
        table = Table(storage, clock=FakeClock())
        game = await table.start("maskmen", humans(3), seed=11, guild_id=GUILD)
        crashing = AssertionError("the process died here")

        async def die(self: Table, game: LiveGame, **_: object) -> int:
            raise crashing

        with monkeypatch.context() as patched:
            patched.setattr(Table, "_record_results", die)
            with pytest.raises(AssertionError, match="died here"):
                await play_out(table, game)
        assert (await storage.load_game(game.id)).status == "finished"  # type: ignore[union-attr]
        assert await saved_ratings(storage) == {}

        for start in range(2):
            recorded = await Table(storage, clock=FakeClock()).record_missing_results()
            assert recorded == (1 if start == 0 else 0)
        results = game.engine.results(game.state)
        assert results is not None
        places = results.ranked_places()
        expected = OPENSKILL.rate([[OPENSKILL.rating()] for _ in places], ranks=[float(p) for p in places])
        saved = await saved_ratings(storage)
        for seat_number, (after,) in enumerate(expected):
            assert saved[100 + seat_number] == (after.mu, after.sigma, 1)
        ended = (await storage.load_game(game.id)).updated_at  # type: ignore[union-attr]
        assert {at for (at,) in await storage.read("SELECT at FROM results WHERE game_id = ?", (game.id,))} == {ended}
    finally:
        await storage.close()
