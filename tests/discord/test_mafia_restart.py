"""A forum-paced Mafia day (24 h) survives the real bot process killed in its middle: every order given
before the kill still stands, the deadline is the one set when the day began (not restarted), and when
it passes it fires once — one end-of-day report, one default per player who had not sent orders — and
the game goes on to Night 2."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from bot.live import Seat
from bot.storage import open_storage
from bot.table import Table
from games import registry
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.bot_process import WINDOW, BotProcess
from tests.discord_standin import DiscordStandIn, User

SEED = 7301
PLAYERS = 10


def read(db: Path, game_id: int) -> tuple[str, MafiaState]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        status, state = connection.execute("SELECT status, state FROM games WHERE id = ?", (game_id,)).fetchone()
    loaded = registry.engine("mafia").load(state)
    assert isinstance(loaded, MafiaState)
    return status, loaded


def query(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        return connection.execute(sql, params).fetchall()


async def seat_the_game(db: Path, guild_id: int, channel_id: int, users: list[User]) -> int:
    """The game, set up before the bot starts and played by the bot policy up to Day 1 (its sheets are
    not posted yet: the bot posts them when it starts)."""
    storage = await open_storage(db)
    try:
        table = Table(storage)
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in users]
        game = await table.start("mafia", seats, options={"pace": "forum"}, seed=SEED, language="en",
                                 guild_id=guild_id, channel_id=channel_id)
        while not (game.state.phase == "day" and game.state.number == 1):  # type: ignore[attr-defined]
            prompt = next(p for p in game.state.prompts if not p.answered)
            action = game.engine.bot_action(game.state, prompt, derived(SEED, "drv", game.state.step, prompt.id))
            assert (await table.act(game.id, prompt.seat, action)).ok
        return game.id
    finally:
        await storage.close()


class Clicker:
    def __init__(self, standin: DiscordStandIn, db: Path, game_id: int, users: list[User]) -> None:
        self.standin, self.db, self.game_id, self.users = standin, db, game_id, users
        self.acked: list[str] = []

    async def click(self, seat: int, value: str) -> None:
        """One click on the seat's order sheet (its DM message), acknowledged by an edit of that message."""
        _, state = read(self.db, self.game_id)
        (prompt,) = [p for p in state.prompts_for(seat) if p.sheet]
        custom_id = f"gm|{self.game_id}|{prompt.id}|{value}"
        user = self.users[seat]

        def found() -> Any:
            for message in reversed(self.standin.dm_view(user)):
                if any(b.get("custom_id") == custom_id for b in message.buttons):
                    return message
            return None

        message = await self.standin.wait_for(found, timeout=20, what=f"button {custom_id}")
        call = await self.standin.click(user, custom_id=custom_id, message=message)
        response = await call.wait_response(timeout=10)
        assert response["status"] < 400 and response["type"] == 7, response
        self.acked.append(f"i{call.id}")


async def test_a_restart_mid_day_loses_no_order_and_the_deadline_fires_once(tmp_path: Path) -> None:
    async with DiscordStandIn(flood_limit=(5, WINDOW)) as standin:
        guild = standin.add_guild("Forum Night")
        channel = guild.channel("general")
        users = [standin.add_user(f"p{i}") for i in range(PLAYERS)]
        for user in users:
            standin.add_member(guild, user)
        db = tmp_path / "bot.db"
        game_id = await seat_the_game(db, guild.id, channel.id, users)
        dues = dict(query(db, "SELECT prompt_id, due FROM deadlines WHERE game_id = ?", game_id))
        day_due = min(dues.values())
        assert day_due - time.time() > 23 * 3600, "a forum day: 24 hours"
        reminders = {r[0] for r in query(db, "SELECT remind_at FROM deadlines WHERE game_id = ?", game_id)}
        assert reminders == {day_due - 3 * 3600}, "reminded three hours before the day ends"

        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        try:
            await bot.start()
            clicker = Clicker(standin, db, game_id, users)
            _, state = read(db, game_id)
            assert all(state.seats[n].alive for n in (0, 1, 2, 3, 8, 9))
            target = next(n for n in state.living() if n > 3 and state.seats[n].public_role != "sociopath"
                          and state.seats[n].wounded_in is None)
            for seat in (0, 1, 2):  # three veche votes for execution of seat 6, and Leader votes
                await clicker.click(seat, "~edit:veche")
                await clicker.click(seat, str(target))
                await clicker.click(seat, "execution")
                await clicker.click(seat, "~edit:leader")
                await clicker.click(seat, "8")
            await clicker.click(0, "~done")  # one sends them; the others leave them set
            await clicker.click(3, "~edit:leader")
            await clicker.click(3, "9")
            await standin.wait_for(
                lambda: any("The Leader vote, Day 1" in m.content and "4 votes" in m.content
                            for m in standin.channel_view(channel)), timeout=20, what="the live tally",
            )
            bot.kill()

            seen = {r[0] for r in query(db, "SELECT input_key FROM actions WHERE input_key IS NOT NULL")}
            assert set(clicker.acked) <= seen, "every acknowledged click was on disk before its answer"
            _, state = read(db, game_id)
            for seat in (0, 1, 2):
                assert state.sheets[seat].parts["veche"] == [str(target), "execution"]
                assert state.sheets[seat].parts["leader"] == ["8"]
            assert state.sheets[3].parts["leader"] == ["9"] and state.sheets[0].done
            after = dict(query(db, "SELECT prompt_id, due FROM deadlines WHERE game_id = ?", game_id))
            assert set(after.values()) == {day_due}, "the orders given moved no deadline"

            # the day runs out while the bot is down
            with sqlite3.connect(db) as connection:
                connection.execute("UPDATE deadlines SET due = ?, remind_at = NULL WHERE game_id = ?",
                                   (time.time() - 1, game_id))
            await bot.start()
            await standin.wait_for(
                lambda: any("Day 1 is over" in m.content for m in standin.channel_view(channel)), timeout=30,
                what="the day's report after the restart",
            )
            await standin.wait_for(lambda: read(db, game_id)[1].phase == "night", timeout=10)
            await standin.settle(quiet=0.5)
        finally:
            bot.stop()

        reports = query(db, "SELECT params FROM events WHERE game_id = ? AND key = 'mafia-event-phase-report'", game_id)
        days = [json.loads(p[0]) for p in reports if json.loads(p[0])["phase"] == "day"]
        assert len(days) == 1, "the deadline fired once"
        assert sum("Day 1 is over" in m.content for m in standin.channel_view(channel)) == 1
        defaults = query(db, "SELECT seat FROM actions WHERE game_id = ? AND kind = 'play' AND by_bot = 1"
                             " AND json_extract(payload, '$.value') = '~finish'", game_id)
        assert sorted(s for (s,) in defaults) == list(range(1, PLAYERS)), "one default for each player not done"
        (veche,) = query(db, "SELECT params FROM events WHERE game_id = ? AND key = 'mafia-veche-result'", game_id)
        totals = json.loads(veche[0])["totals"]["lines"]
        assert {"player": {"seat": target}, "votes": 3} in [line["params"] for line in totals]
        (leader,) = query(db, "SELECT params FROM events WHERE game_id = ? AND key = 'mafia-leader-votes'", game_id)
        votes = [line["params"] for line in json.loads(leader[0])["votes"]["lines"]]
        assert [(v["voter"]["seat"], v["candidate"]["seat"]) for v in votes] == [(0, 8), (1, 8), (2, 8), (3, 9)]
        status, state = read(db, game_id)
        assert status == "running" and state.phase == "night" and state.number == 2
        assert not standin.violations, standin.violations
        assert not standin.unknown_requests, standin.unknown_requests
