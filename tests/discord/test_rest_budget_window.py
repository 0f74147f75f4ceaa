"""The process's REST budget (issue 41): counted requests — everything but interaction answers and their
token's follow-ups — go at most REST_BUDGET_PER_SECOND, split by this process's share of the shards, in any
1-second window; the rest wait their turn, none lost, in the order they came. An interaction's answer never
waits behind them."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from urllib.parse import urlsplit

from bot.config import Settings
from bot.discord.attempts import SESSION
from bot.discord.budget import GO_BY, URGENT, Budget, Budgeted, exempt, per_process
from tests.discord.world import world
from tests.discord_standin import DiscordStandIn, RecordedRequest

BUDGET = 5
BURST = 20
SLACK = 0.05
"""Seconds the stand-in may see two requests nearer than the bot let them go (loopback, one event loop)."""


def busiest_second(times: list[float]) -> int:
    """The most requests in any 1-second span (sliding: from each request on), less the loopback's slack."""
    times = sorted(times)
    return max((sum(1 for t in times if start <= t < start + 1.0 - SLACK) for start in times), default=0)


def counted_since(standin: DiscordStandIn, first: int) -> list[RecordedRequest]:
    return [request for request in standin.requests[first:] if standin.counted(request)]


async def test_a_burst_of_counted_requests_never_exceeds_the_budget_in_any_second(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, standin=standin, rest_budget_per_second=BUDGET) as w:
        await asyncio.sleep(1.1)  # the start-up's requests out of the window
        first = len(standin.requests)
        fetched = await asyncio.gather(*(w.bot.fetch_channel(w.channel.id) for _ in range(BURST)))
        burst = counted_since(standin, first)
    assert len(fetched) == BURST and len(burst) == BURST, "every request went, none lost"
    assert busiest_second([request.at for request in burst]) <= BUDGET, [round(r.at - burst[0].at, 3) for r in burst]
    assert burst[-1].at - burst[0].at >= (BURST - BUDGET) / BUDGET - SLACK, "the burst took as long as the budget says"


async def test_an_interaction_answer_does_not_wait_behind_a_full_budget(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, standin=standin, rest_budget_per_second=2) as w:
        backlog = asyncio.gather(*(w.bot.fetch_channel(w.channel.id) for _ in range(BURST)))  # ~10 s of budget
        await asyncio.sleep(0.2)
        asked = asyncio.get_running_loop().time()
        call = await standin.invoke_slash(w.users[0], "rules", channel=w.channel)
        await call.wait_response(timeout=2.0)
        answered = asyncio.get_running_loop().time() - asked
        assert not backlog.done(), "the counted backlog was still waiting when the answer went"
        await backlog
    assert not call.errors and answered < 1.0, f"the answer took {answered:.2f} s"


def test_each_process_takes_its_share_of_the_tokens_budget_by_its_shards() -> None:
    assert per_process(Settings(rest_budget_per_second=36)) == 36, "one process: the whole budget"
    assert per_process(Settings(rest_budget_per_second=36, shard_count=16)) == 36, "all 16 shards here"
    four = [per_process(Settings(rest_budget_per_second=36, shard_count=16, shard_ids=[4 * p + s for s in range(4)]))
            for p in range(4)]
    assert four == [9, 9, 9, 9]
    assert per_process(Settings(rest_budget_per_second=36, shard_count=3, shard_ids=[0])) == 12
    assert per_process(Settings(rest_budget_per_second=36, shard_count=3, shard_ids=[1, 2])) == 24
    assert per_process(Settings(rest_budget_per_second=10, shard_count=16, shard_ids=[0])) == 1, "never nothing"
    assert Settings().rest_budget_per_second == 36, "the default leaves room under Discord's 50/s"


def test_interaction_answers_and_their_tokens_follow_ups_are_exempt_and_the_rest_counted() -> None:
    application = 111
    assert exempt("/api/v10/interactions/5/tok/callback", application)
    assert exempt("/api/v10/webhooks/111/tok", application)
    assert exempt("/api/v10/webhooks/111/tok/messages/9", application)
    assert not exempt("/api/v10/webhooks/222/tok", application), "a channel's own webhook is counted"
    assert not exempt("/api/v10/channels/1/messages", application)
    assert not exempt("/api/v10/users/@me/channels", application)


async def test_the_budget_lets_requests_go_in_the_order_they_came() -> None:
    budget = Budget(2, window=0.2)
    gone: list[int] = []

    async def one(number: int) -> None:
        await budget.room()
        gone.append(number)
        budget.done()

    await asyncio.gather(*(one(number) for number in range(7)))
    assert gone == list(range(7))


async def test_a_request_still_under_way_holds_its_place_until_a_window_after_its_answer() -> None:
    budget = Budget(1, window=0.2)
    await budget.room()
    second = asyncio.create_task(budget.room())
    await asyncio.sleep(0.3)
    assert not second.done(), "the first request is still under way: Discord may count it any moment"
    budget.done()
    await asyncio.sleep(0.1)
    assert not second.done(), "answered only 0.1 s ago: Discord may have counted it just now"
    waited = await second
    assert 0.45 <= waited < 1.0, f"let go {waited:.2f} s after it asked; a window after the answer is 0.5 s"


class Answer:
    async def __aenter__(self) -> str:
        return "response"

    async def __aexit__(self, *exc_info: object) -> None:
        return None


class AnsweredAtOnce:
    """A session whose every request is answered at once (what the budget lets go is all that is tested)."""

    def request(self, method: str, url: str, **kwargs: object) -> Answer:
        return Answer()


async def test_a_request_whose_caller_never_leaves_it_still_frees_its_place() -> None:
    """A 5xx whose body cannot be read is raised from inside `async with` before its exit (attempts.py
    `_Checked`): the place the request held frees a window after its answer all the same, or the budget would
    shrink with every such failure until nothing counted went at all."""
    budgeted = Budgeted(AnsweredAtOnce(), Budget(1, window=0.1), lambda: 1)
    await budgeted.request("GET", "https://discord.test/api/v10/channels/1").__aenter__()  # never exited
    second = budgeted.request("POST", "https://discord.test/api/v10/channels/1/messages")
    assert await asyncio.wait_for(second.__aenter__(), 1.0) == "response"
    answer = budgeted.request("POST", "https://discord.test/api/v10/interactions/5/token/callback")
    assert await asyncio.wait_for(answer.__aenter__(), 0.05) == "response", "an answer never waits"


async def test_a_request_a_member_waits_on_goes_ahead_of_those_waiting_for_room() -> None:
    """The scale run: a join's test DM waited behind the whole backlog of messages for room in the budget, and the
    join was answered too late. A request made `urgently` takes the next place free."""
    budget = Budget(1, window=0.1)
    await budget.room()
    gone: list[str] = []

    async def one(name: str, urgent: bool) -> None:
        await budget.room(urgent)
        gone.append(name)
        budget.done()

    waiting = [asyncio.create_task(one(f"line {n}", urgent=False)) for n in range(3)]
    await asyncio.sleep(0.02)
    joining = asyncio.create_task(one("test DM", urgent=True))
    await asyncio.sleep(0.02)
    budget.done()
    await asyncio.wait_for(asyncio.gather(*waiting, joining), 2.0)
    assert gone == ["test DM", "line 0", "line 1", "line 2"], "the member's request first, the rest in their order"


async def test_what_a_starting_process_waits_on_goes_ahead_of_the_messages_it_took_back() -> None:
    """The scale run's faults: a restart queued the messages it took back from its predecessor, each by the wait it
    had had already, and its commands' sync and the gateway's address waited behind them all; it answered nobody
    for over two minutes."""
    budget = Budget(1, window=0.05)
    budgeted = Budgeted(AnsweredAtOnce(), budget, lambda: 7)
    await budget.room()  # the one place, held
    gone: list[str] = []

    async def one(method: str, path: str, go_by: float | None = None) -> None:
        token = GO_BY.set(go_by)
        try:
            async with budgeted.request(method, f"https://discord.test/api/v10{path}"):
                gone.append(f"{method} {path}")
        finally:
            GO_BY.reset(token)

    long_due = time.monotonic() - 600
    waiting = [asyncio.create_task(one("POST", f"/channels/{n}/messages", go_by=long_due)) for n in range(3)]
    await asyncio.sleep(0.01)
    waiting += [asyncio.create_task(one("PUT", "/applications/7/commands")),
                asyncio.create_task(one("GET", "/gateway/bot")),
                asyncio.create_task(one("PUT", "/applications/7/guilds/5/commands"))]
    await asyncio.sleep(0.01)
    budget.done()
    await asyncio.wait_for(asyncio.gather(*waiting), 3.0)
    assert gone == ["PUT /applications/7/commands", "GET /gateway/bot", "PUT /applications/7/guilds/5/commands",
                    "POST /channels/0/messages", "POST /channels/1/messages", "POST /channels/2/messages"]


async def test_a_joins_test_dm_is_asked_for_urgently(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 2, standin=standin) as w:
        session = getattr(w.bot.http, SESSION)
        assert isinstance(session, Budgeted)
        made: list[tuple[str, str, bool]] = []
        send = session.request

        def recorded(method: str, url: object, *args: object, **kwargs: object) -> object:
            made.append((method, urlsplit(str(url)).path, URGENT.get()))
            return send(method, url, *args, **kwargs)

        session.request = recorded  # type: ignore[method-assign]
        await w.slash(w.users[0], "cookie new")
        await w.slash(w.users[1], "join")
        await w.gm.drained()
        urgent = [(method, path) for method, path, marked in made if marked]
        assert [path for method, path in urgent if method == "POST"].count("/api/v10/users/@me/channels") == 2
        assert sum(1 for method, path in urgent if method == "POST" and path.endswith("/messages")) == 2, (
            "each member's test DM"
        )
        assert any(not marked for *_, marked in made), "what nobody waits on is not urgent"
