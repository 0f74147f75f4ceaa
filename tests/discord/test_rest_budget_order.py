"""Who goes first when the token's REST budget is short (issue 41): in the scale run's faults a quick table (45-second
rounds) waited behind forum-paced games' messages as long as they did and stalled, while those games, with minutes
left on their deadlines, lost nothing by waiting. So the requests waiting for room go earliest go-by time first: a
game's message by now plus half the time left until its next deadline (5 minutes at most), a message of a game with
no deadline running, or of no game, at once, in the order it came; a member waiting on the bot still goes first."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.discord.attempts import SESSION
from bot.discord.budget import GO_BY, Budget, Budgeted
from bot.discord.outbox import Outbox
from bot.discord.packing import Message
from bot.discord.patience import MOST, go_by, oldest, waiting_since
from bot.live import LiveGame
from bot.storage import DeliveryRow
from tests.discord.test_rest_budget_window import AnsweredAtOnce
from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn


async def test_waiting_requests_go_earliest_go_by_first_those_without_one_by_when_they_asked() -> None:
    budget = Budget(1, window=0.05)
    await budget.room()  # the one place, held
    gone: list[str] = []

    async def one(name: str, go_by: float | None = None, urgent: bool = False) -> None:
        await budget.room(urgent, go_by)
        gone.append(name)
        budget.done()

    now = time.monotonic()
    waiting = [asyncio.create_task(one("forum prompt", go_by=now + 200)),
               asyncio.create_task(one("no deadline, asked first")),
               asyncio.create_task(one("quick round", go_by=now + 10))]
    await asyncio.sleep(0.01)
    waiting += [asyncio.create_task(one("no deadline, asked later")),
                asyncio.create_task(one("a join's test DM", urgent=True))]
    await asyncio.sleep(0.01)
    budget.done()
    await asyncio.wait_for(asyncio.gather(*waiting), 3.0)
    assert gone == ["a join's test DM", "no deadline, asked first", "no deadline, asked later", "quick round",
                    "forum prompt"]


async def test_a_request_that_stops_waiting_gives_its_turn_to_the_next() -> None:
    budget = Budget(1, window=0.05)
    await budget.room()
    given_up = asyncio.create_task(budget.room())
    next_one = asyncio.create_task(budget.room())
    await asyncio.sleep(0.01)
    given_up.cancel()
    budget.done()
    assert await asyncio.wait_for(next_one, 1.0) >= 0.0
    budget.done()
    assert await asyncio.wait_for(budget.room(), 1.0) >= 0.0, "the place the cancelled one never took is free"


def game(game_id: int, *deadlines_in: float) -> LiveGame:
    live = LiveGame.__new__(LiveGame)
    live.dues = {f"p{n}": 1_000.0 + seconds for n, seconds in enumerate(deadlines_in)}
    return live


def test_a_games_message_may_wait_half_the_time_left_until_its_next_deadline_five_minutes_at_most() -> None:
    games = {1: game(1, 40.0, 90.0), 2: game(2, 2 * 3600.0), 3: game(3), 4: game(4, -5.0)}

    def by(*tags: Any) -> float | None:
        return go_by(tags, games, wall=lambda: 1_000.0, monotonic=lambda: 50.0)

    assert by((1, 7, None)) == 50.0 + 20.0, "a quick round: half of the 40 s left until its soonest deadline"
    assert by((2, 3, "p0")) == 50.0 + MOST, "a forum day of hours: five minutes at most"
    assert by((1, 7, None), (2, 3, None)) == 70.0, "a message holding both games' lines: the sooner"
    assert by((4, 1, None)) == 50.0, "a deadline already due: at once"
    assert by((3, 1, None)) is None, "no deadline running: as soon as it can, in the order it came"
    assert by(None) is None and by((None, 0, None)) is None, "no game's"
    assert by((9, 1, None)) is None, "a game not loaded here"
    assert by() is None


GoBy = Callable[[list[Any]], float | None]


async def a_full_budget() -> tuple[Budget, Callable[[str, GoBy], Outbox], list[str]]:
    """A budget of one place, held (a backlog); a maker of outboxes whose messages wait for room in it, each going by
    its `go_by`; and what they showed, in order."""
    budget = Budget(1, window=0.05)
    session = Budgeted(AnsweredAtOnce(), budget, lambda: 1)
    await budget.room()
    shown: list[str] = []

    def outbox(name: str, by: GoBy) -> Outbox:
        async def send(content: str, extra: dict[str, Any]) -> str:
            async with session.request("POST", f"https://discord.test/api/v10/channels/{name}/messages"):
                shown.append(content)
            return content

        return Outbox(send, window=0.01, go_by=by)

    return budget, outbox, shown


def test_the_wait_counts_from_when_the_message_was_queued_not_from_when_it_asks_for_room() -> None:
    games = {1: game(1, 40.0), 2: game(2, 2 * 3600.0), 3: game(3)}

    def by(*tags: Any, since: float) -> float | None:
        return go_by(tags, games, since=since, wall=lambda: 1_000.0, monotonic=lambda: 150.0)

    assert by((1, 7, None), since=50.0) == 50.0 + 70.0, (
        "queued 100 s ago with 140 s then left until the deadline: half of that from then, so it is overdue now")
    assert by((2, 3, None), since=50.0) == 50.0 + MOST, "five minutes at most, from when it was queued"
    assert by((3, 1, None), since=50.0) == 50.0, "no deadline running: in the order it was queued"
    assert by(None, since=50.0) == 50.0, "no game's: the same"
    assert by((1, 7, None), since=170.0) == 150.0 + 20.0, "a queue time ahead of the clock counts as now"


async def test_a_destinations_second_message_does_not_wait_again_behind_what_came_after_the_first() -> None:
    """Its messages go one at a time: the second asks for room only once the first has gone, but its players have
    waited for it since both were queued, before the other destination's message came."""
    budget, outbox, shown = await a_full_budget()
    games = {1: game(1, 400.0), 2: game(2, 400.0)}
    began = time.monotonic()

    def by(items: list[Any]) -> float | None:
        return go_by((item.tag for item in items), games, since=oldest(items),
                     wall=lambda: 1_000.0 + time.monotonic() - began)

    busy, other = outbox("busy", by), outbox("other", by)
    busy.put_message(Message("⚔️ circle 3: choose a card", tag=(1, 5, "p0")))
    busy.put_message(Message("🛡️ circle 3: place the Shield", tag=(1, 5, "p1")))
    await asyncio.sleep(0.01)
    other.put_message(Message("🍪 round 2: choose", tag=(2, 9, "p0")))
    await asyncio.sleep(0.01)
    budget.done()
    await asyncio.wait_for(asyncio.gather(busy.drained(), other.drained()), 3.0)
    assert shown == ["⚔️ circle 3: choose a card", "🛡️ circle 3: place the Shield", "🍪 round 2: choose"]


async def test_under_a_full_budget_a_quick_tables_message_overtakes_a_forum_games_queued_before_it() -> None:
    budget, outbox, shown = await a_full_budget()
    now = time.monotonic()
    forum, quick = outbox("forum", lambda items: now + 200), outbox("quick", lambda items: now + 10)
    forum.put_text("☀ Day 2 begins (forum)")
    await asyncio.sleep(0.01)
    quick.put_text("🍪 Round 3: choose (quick)")
    await asyncio.sleep(0.01)
    budget.done()
    await asyncio.wait_for(asyncio.gather(forum.drained(), quick.drained()), 3.0)
    assert shown == ["🍪 Round 3: choose (quick)", "☀ Day 2 begins (forum)"]


async def test_a_games_messages_ask_for_room_by_its_deadline(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        session = getattr(w.bot.http, SESSION)
        assert isinstance(session, Budgeted)
        asked: list[tuple[str, float | None]] = []
        send = session.request

        def recorded(method: str, url: object, *args: object, **kwargs: object) -> object:
            asked.append((urlsplit(str(url)).path, GO_BY.get()))
            return send(method, url, *args, **kwargs)

        session.request = recorded  # type: ignore[method-assign]
        game_id = await open_game(w, choose_seconds=120)
        await w.gm.drained()
        live = w.game(game_id)
        assert live is not None and live.dues, "the first round has its deadline"
        left = min(live.dues.values()) - time.time()
        dms = [go_by for path, go_by in asked if path.endswith("/messages") and go_by is not None]
        assert dms, f"the game's counted messages carry a go-by time: {asked}"
        assert all(0 < go_by - time.monotonic() <= left / 2 + 1 for go_by in dms), (dms, left)


def test_a_row_made_earlier_has_waited_since_then_whatever_process_reads_it() -> None:
    assert waiting_since(700.0, wall=lambda: 1_000.0, monotonic=lambda: 5_000.0) == 4_700.0, (
        "made 300 s ago (before a restart, or by a process that died): its players have waited 300 s")
    assert waiting_since(1_010.0, wall=lambda: 1_000.0, monotonic=lambda: 5_000.0) == 5_000.0, (
        "made by a process whose clock is ahead of this one's: now")


async def test_a_row_taken_back_after_a_restart_keeps_its_place_by_the_wait_it_has_had(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """Rows a restart takes back, or adopts from a process that died, were queued afresh when read: under a backlog a
    row its players had waited four minutes for went behind every message queued before the restart, again."""
    async with world(tmp_path, 4, standin=standin) as w:
        session = getattr(w.bot.http, SESSION)
        assert isinstance(session, Budgeted)
        game_id = await open_game(w, choose_seconds=120)
        await w.gm.drained()
        live = w.game(game_id)
        assert live is not None and live.dues and live.row.channel_id is not None
        row = DeliveryRow(game_id, live.state.step, "text", {"text": "📣 made before the restart"},
                          channel_id=live.row.channel_id, made=time.time() - 240)
        await w.gm.storage.add_deliveries([row])
        [read] = [r for r in await w.gm.storage.waiting_deliveries() if r.id == row.id]
        assert abs(read.made - row.made) < 0.01, "when it was made is saved with it"
        asked: list[tuple[float | None, float]] = []
        send = session.request

        def recorded(method: str, url: object, *args: object, **kwargs: object) -> object:
            if method == "POST":  # the line, in the channel or as the last click's follow-up there
                asked.append((GO_BY.get(), time.monotonic()))
            return send(method, url, *args, **kwargs)

        session.request = recorded  # type: ignore[method-assign]
        w.gm.deliveries.enqueue([read])
        await w.gm.drained()
        assert any("made before the restart" in m.content for m in standin.messages[live.row.channel_id])
        [(go_by, at)] = asked
        assert go_by is not None and go_by < at, (
            "four minutes waited, with two left then until the deadline: its go-by time is already past, where read as"
            f" new it would have waited another minute: {go_by - at:+.1f} s")
