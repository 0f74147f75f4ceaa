"""Forgetting a member and purging old records, on each backend: a finished game's seats, log, events
and results lose the member's id and name (the score stays, without them); a game finished longer ago
than KEEP_FINISHED_DAYS loses its full record and keeps its results; a game not over stands in the way."""

from __future__ import annotations

import json
import time

import pytest

from bot.i18n import t
from bot.live import Seat
from bot.privacy import DAY, Scrubber, forget_member, games_in_the_way, purge_finished
from bot.storage import open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import humans, pick


async def play_out(table: Table, game_id: int) -> None:
    game = await table.get(game_id)
    assert game is not None
    while game.running:
        prompt, action = pick(game)
        assert (await table.act(game_id, prompt.seat, action)).ok


async def test_a_member_is_forgotten_in_finished_games_and_results(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = humans(4)  # Player1..4, ids 100..103
        finished = await table.start("cookie", seats, seed=11)
        await play_out(table, finished.id)
        running = await table.start("cookie", humans(4), seed=12)
        assert [g.id for g in await games_in_the_way(storage, 101)] == [running.id]
        assert await games_in_the_way(storage, 999) == []

        done = await forget_member(storage, 101, {"Player2"})
        assert done.games == [finished.id] and done.results == 1
        row = await storage.load_game(finished.id)
        assert row is not None
        assert row.seats[1]["user_id"] is None and row.seats[1]["name"] == "a former player"
        assert [s["name"] for s in row.seats if s["user_id"] is not None] == ["Player1", "Player3", "Player4"]
        assert [r[1] for r in await storage.game_results(finished.id)] == [100, None, 102, 103]
        replayed = await table.replay(finished.id)
        assert replayed.step == row.step, "the record still replays"
        still = await storage.load_game(running.id)
        assert still is not None and still.seats[1]["user_id"] == 101, "a game not over is left alone"
    finally:
        await storage.close()


async def test_old_finished_games_lose_their_record_and_keep_their_results(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        game = await table.start("cookie", humans(4), seed=13)
        await play_out(table, game.id)
        assert await purge_finished(storage, 30) == 0, "finished today: kept"
        assert await purge_finished(storage, 30, now=time.time() + 31 * DAY) == 1
        row = await storage.load_game(game.id)
        assert row is not None and row.status == "finished" and row.state is None
        assert await storage.events(game.id) == [] and await storage.actions(game.id) == []
        assert len(await storage.game_results(game.id)) == 4
        assert await purge_finished(storage, 30, now=time.time() + 31 * DAY) == 0, "once"
    finally:
        await storage.close()


def test_a_member_is_replaced_by_id_and_their_name_only_in_their_own_seats() -> None:
    scrub = Scrubber(7, {"night"}, "en", seats={2})
    former = {"user_id": None, "name": "a former player"}
    assert scrub.ids({"phase": "night", "seat": {"user_id": 7, "name": "night", "language": "ru"}}) == \
        {"phase": "night", "seat": former}, "a holder that is them, by id; the game's own word stays"
    assert scrub.ids(["night", "nightly", "7", 7, "<@7> said"]) == ["night", "nightly", "a former player said"]
    assert scrub.ids({"7": True, "8": False}) == {"8": False}, "a member list keyed by id"
    assert scrub.holder({"user_id": None, "bot": True, "name": "Bot for night"}, 2)["name"] == \
        "Bot for a former player", "a bot in their seat"
    assert scrub.holder({"user_id": None, "bot": True, "name": "night"}, 1)["name"] == "night", "another seat's bot"
    assert scrub.holder({"user_id": 8, "name": "night"}, 2) == {"user_id": 8, "name": "night"}, "who took it after"
    assert scrub.text('{"text":"🤖 night (bot)"}') == '{"text":"🤖 a former player (bot)"}', "a waiting message"
    unchanged = '{"a": 1}'
    assert scrub.dumps({"a": 1}, unchanged) is unchanged


async def test_a_player_named_like_a_card_is_forgotten_without_rewriting_anyones_moves(database: Database) -> None:
    """A player called "cookie" in a game of Cookie: their seat and id go, and every logged move (the card
    "cookie" included) and every event stays as it was, so the record still replays."""
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = humans(4)
        seats[1] = Seat(name="cookie", user_id=101)
        game = await table.start("cookie", seats, seed=11)
        await play_out(table, game.id)
        moves = [(a.seq, a.payload) for a in await storage.actions(game.id)]
        events = [(e.seq, e.params) for e in await storage.events(game.id)]
        assert sum("cookie" in str(payload) for _, payload in moves) > 5, "the card is played by others"

        await forget_member(storage, 101, {"cookie"})
        row = await storage.load_game(game.id)
        assert row is not None
        assert [s["name"] for s in row.seats] == ["Player1", "a former player", "Player3", "Player4"]
        assert [(a.seq, a.payload) for a in await storage.actions(game.id)] == moves, "no move is rewritten"
        assert [(e.seq, e.params) for e in await storage.events(game.id)] == events, "no event names the seat"
        replayed = await table.replay(game.id)
        assert replayed.model_dump_json() == (await table.replay(game.id, until_step=row.step)).model_dump_json()
        assert replayed.step == row.step
    finally:
        await storage.close()


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_removed_players_nickname_is_learned_from_the_log(database: Database, language: str) -> None:
    """Zed (a server nickname; their account is "zed_account") is removed by a moderator: a bot takes the
    seat under "Bot for Zed". Forgetting the account finds the nickname in the seat's change of hands
    and takes it from the seats, the log and the events; a later change of another seat is left alone."""
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = humans(4)
        seats[2] = Seat(name="Zed", user_id=102)
        game = await table.start("cookie", seats, seed=12, language=language)
        bot_seat = Seat(name=t(language, "bot-name", name="Zed"), bot=True)
        assert (await table.replace(game.id, 2, bot_seat, 900, removed=True)).ok
        assert (await table.replace(game.id, 3, Seat(name="Zed Fan", user_id=200), 900)).ok
        await play_out(table, game.id)

        await forget_member(storage, 102, {"zed_account"})
        row = await storage.load_game(game.id)
        assert row is not None
        assert row.seats[2]["name"] == t(language, "privacy-former-bot")
        assert row.seats[3]["name"] == "Zed Fan", "another member's seat is theirs"
        found = [a.payload for a in await storage.actions(game.id, kind="table") if "Zed" in json.dumps(a.payload)]
        assert [(p["op"], p["seat"], p["new"]["name"]) for p in found] == [("replace", 3, "Zed Fan")]
        named = [(e.key, e.params) for e in await storage.events(game.id) if "Zed" in json.dumps(e.params)]
        assert named == [("moderator-replaced", {"old": "Player4", "new": "Zed Fan"})]
        removed = next(e for e in await storage.events(game.id) if e.key == "moderator-removed")
        assert removed.params == {"player": t(language, "privacy-former-player")}
        assert all(a.actor_id != 102 for a in await storage.actions(game.id))
    finally:
        await storage.close()


async def test_a_forgotten_member_leaves_no_sign_up_subscription_or_zone(database: Database) -> None:
    from bot.gathering.model import Subscription
    from bot.gathering.plans import DmRows, SignupRows
    from bot.storage.gathering import GatheringStore

    storage = await open_storage(database.target)
    try:
        store = GatheringStore(storage)
        fields = {"guild_id": 1, "channel_id": 10, "host_id": 101, "game": "castle", "options": {}, "seats": 4,
                  "fill_bots": False, "repeat": None, "starts_at": 2e9, "zone": "UTC", "language": "en", "meta": {},
                  "status": "scheduled", "stage": 0, "due": None, "input_key": None}
        night = await store.create(fields, [SignupRows.plan(None, 10)])
        for user in (101, 102):
            await store.sign(night, user, f"P{user}", "en", "yes", [], now=1.0)
            await store.subscribe(Subscription(1, user, "castle", 3, "en", 1.0))
            await store.set_member_zone(user, "Europe/Moscow")
        await storage.add_deliveries([DmRows.plan(101, "a reminder", schedule=await store.schedule(night))])
        await forget_member(storage, 101, {"P101"})
        assert [s.user_id for s in await store.signups(night)] == [102]
        assert [s.user_id for s in await store.subscriptions(1)] == [102]
        assert await store.member_zone(101) is None and await store.member_zone(102) == "Europe/Moscow"
        assert all(row.user_id != 101 for row in await storage.waiting_deliveries())
        assert (await store.schedule(night)).host_id == 101, "an upcoming night keeps its host"  # type: ignore[union-attr]
    finally:
        await storage.close()
