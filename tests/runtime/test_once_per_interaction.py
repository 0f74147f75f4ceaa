"""Each Discord interaction is applied once, on both backends and across a restart: a lobby change
(/<game> new, /join, /addbot, /leave, /cancel, /start) records its interaction in the same write as
the change, a moderator step in its logged action; the same interaction delivered again answers
"already done" and changes nothing. And a seat a bot player took over from an absent player can be
given to a substitute, whose seat then owes nothing to the absent player."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.live import DUPLICATE, Outcome, Seat
from bot.lobby import Lobby, LobbyError
from bot.storage import Storage, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

GUILD, CHANNEL = 1, 10


def member(n: int) -> Seat:
    return Seat(name=f"Player{n}", user_id=100 + n)


class Bot:
    """One bot process on the database: its storage, table and lobby (a restart is a new one)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.table = Table(storage, clock=FakeClock())
        self.lobby = Lobby(storage, self.table)

    @classmethod
    async def open(cls, database: Database) -> Bot:
        return cls(await open_storage(database.target))


@pytest.fixture
async def bots(database: Database) -> AsyncIterator[list[Bot]]:
    """Bot processes opened by the test (`restart`); all closed at the end."""
    opened = [await Bot.open(database)]
    yield opened
    for bot in opened:
        await bot.storage.close()


async def restart(bots: list[Bot], database: Database) -> Bot:
    await bots[-1].storage.close()
    bots[-1] = await Bot.open(database)
    return bots[-1]


async def repeated(change: Awaitable[object]) -> str:
    """The refusal key a repeated change raises."""
    with pytest.raises(LobbyError) as refused:
        await change
    return refused.value.refusal.key


async def test_every_lobby_change_is_applied_once_per_interaction_even_after_a_restart(
    bots: list[Bot], database: Database
) -> None:
    bot = bots[0]
    row = await bot.lobby.create("cookie", guild_id=GUILD, channel_id=CHANNEL, host=member(0), options={},
                                 language="en", input_key="i1")
    await bot.lobby.join(CHANNEL, member(1), input_key="i2")
    await bot.lobby.join(CHANNEL, member(2), input_key="i3")
    _, names = await bot.lobby.add_bot(CHANNEL, 100, moderator=False, count=2, input_key="i4")
    await bot.lobby.leave(CHANNEL, 102, input_key="i5")
    assert len(names) == 2

    bot = await restart(bots, database)  # the answers never went out; Discord delivers them all again
    assert await repeated(bot.lobby.create("cookie", guild_id=GUILD, channel_id=CHANNEL, host=member(0),
                                           options={}, language="en", input_key="i1")) == "error-duplicate"
    assert await repeated(bot.lobby.join(CHANNEL, member(1), input_key="i2")) == "error-duplicate"
    assert await repeated(bot.lobby.join(CHANNEL, member(2), input_key="i3")) == "error-duplicate", \
        "player 2 left since: their repeated /join does not seat them again"
    assert await repeated(bot.lobby.add_bot(CHANNEL, 100, moderator=False, count=2, input_key="i4")) == \
        "error-duplicate"
    assert await repeated(bot.lobby.leave(CHANNEL, 101, input_key="i5")) == "error-duplicate"
    now = await bot.storage.load_game(row.id)
    assert now is not None and [s.get("user_id") for s in now.seats] == [100, 101, None, None], \
        "host, player 1 and the two bots: nothing was applied twice"

    game = await bot.lobby.start(CHANNEL, 100, moderator=False, input_key="i6")
    bot = await restart(bots, database)
    assert await repeated(bot.lobby.start(CHANNEL, 100, moderator=False, input_key="i6")) == "error-duplicate"
    starts = [a for a in await bot.storage.actions(game.id, kind="table") if a.payload["op"] == "start"]
    assert len(starts) == 1 and starts[0].input_key == "i6", "started once"


async def test_a_repeated_cancel_never_lands_on_the_next_lobby_of_the_channel(bots: list[Bot]) -> None:
    bot = bots[0]
    await bot.lobby.create("cookie", guild_id=GUILD, channel_id=CHANNEL, host=member(0), options={}, language="en")
    await bot.lobby.cancel(CHANNEL, 100, moderator=False, input_key="i1")
    second = await bot.lobby.create("maskmen", guild_id=GUILD, channel_id=CHANNEL, host=member(0), options={},
                                    language="en")
    assert await repeated(bot.lobby.cancel(CHANNEL, 100, moderator=False, input_key="i1")) == "error-duplicate"
    current = await bot.lobby.current(CHANNEL)
    assert current is not None and current.id == second.id and current.status == "lobby"


async def test_a_repeat_handled_by_two_processes_at_once_is_still_applied_once(
    bots: list[Bot], database: Database
) -> None:
    """Both processes find the interaction new; the second write finds the lobby changed and then
    the interaction applied: "already done", not "the game changed"."""
    first = bots[0]
    bots.append(await Bot.open(database))
    second = bots[1]
    row = await first.lobby.create("cookie", guild_id=GUILD, channel_id=CHANNEL, host=member(0), options={},
                                   language="en")
    checked = 0
    both_checked = asyncio.Event()
    originals = {id(b.storage): b.storage.input_applied for b in (first, second)}

    def hold(storage: Storage) -> None:
        async def held(input_key: str) -> int | None:
            nonlocal checked
            answer = await originals[id(storage)](input_key)
            checked += 1
            if checked == 2:
                both_checked.set()
            await asyncio.wait_for(both_checked.wait(), timeout=10)
            return answer

        storage.input_applied = held  # type: ignore[method-assign]

    for bot in (first, second):
        hold(bot.storage)
    outcomes = await asyncio.gather(
        first.lobby.add_bot(CHANNEL, 100, moderator=False, count=2, input_key="i9"),
        second.lobby.add_bot(CHANNEL, 100, moderator=False, count=2, input_key="i9"),
        return_exceptions=True,
    )
    refusals = [o.refusal.key for o in outcomes if isinstance(o, LobbyError)]
    assert refusals == ["error-duplicate"], outcomes
    now = await first.storage.load_game(row.id)
    assert now is not None and len(now.seats) == 3, "the host and two bots, not four"


@pytest.mark.parametrize("op", ["pause", "extend", "force", "rollback", "end"])
async def test_a_moderator_step_is_applied_once_per_interaction_even_after_a_restart(
    bots: list[Bot], database: Database, op: str
) -> None:
    bot = bots[0]
    game = await bot.table.start("cookie", humans(4), seed=8)
    for prompt in list(game.state.prompts):  # a step taken, so there is something to roll back
        await bot.table.act(game.id, prompt.seat, game.engine.default_action(game.state, prompt))

    def step(table: Table) -> Awaitable[Outcome]:
        """The moderator's step, asked for by interaction "i7"."""
        steps: dict[str, Callable[[], Awaitable[Outcome]]] = {
            "pause": lambda: table.pause(game.id, 1, input_key="i7"),
            "extend": lambda: table.extend(game.id, 600, 1, input_key="i7"),
            "force": lambda: table.force(game.id, 1, input_key="i7"),
            "rollback": lambda: table.rollback(game.id, 0, 1, input_key="i7"),
            "end": lambda: table.end(game.id, 1, input_key="i7"),
        }
        return steps[op]()

    assert (await step(bot.table)).ok
    saved = await bot.storage.load_game(game.id)
    dues = {d.prompt_id: d.due for d in await bot.storage.deadlines(game.id)}
    actions = len(await bot.storage.actions(game.id))
    assert (await step(bot.table)) == DUPLICATE, "the same interaction again, same process"
    bot = await restart(bots, database)
    assert (await step(bot.table)) == DUPLICATE, "and after a restart"
    now = await bot.storage.load_game(game.id)
    assert now is not None and saved is not None
    assert (now.state, now.step, now.status, now.paused) == (saved.state, saved.step, saved.status, saved.paused)
    assert {d.prompt_id: d.due for d in await bot.storage.deadlines(game.id)} == dues, "no second extension"
    assert len(await bot.storage.actions(game.id)) == actions, "nothing more logged"


async def test_a_seat_a_bot_took_from_an_absent_player_goes_to_a_substitute(bots: list[Bot]) -> None:
    bot = bots[0]
    await bot.storage.save_guild_settings(GUILD, {"absent_after": 1})
    game = await bot.table.start("cookie", humans(4), seed=5, guild_id=GUILD)
    for prompt in [p for p in game.state.prompts if p.seat != 2]:
        await bot.table.act(game.id, prompt.seat, game.engine.default_action(game.state, prompt))
    absent = next(p for p in game.state.prompts if p.seat == 2 and not p.answered)
    bot.table.clock.advance(10_000)  # type: ignore[attr-defined]
    assert (await bot.table.expire(game.id, absent.id)).ok
    assert game.seats[2].bot and game.seat_of(102) is None

    seat = await bot.table.seat_played_by(game, 102)
    assert seat == 2, "the absent player's seat, held by a bot"
    assert (await bot.table.replace(game.id, 2, Seat(name="Sub", user_id=200), 1)).ok
    assert game.seat_of(200) == 2
    assert "2" not in (game.row.meta.get("absent") or {}) and "2" not in (game.row.meta.get("misses") or {})
    assert (await bot.table.back(game.id, 102)).refusal is not None, "the seat is the substitute's now"
    assert await bot.table.seat_played_by(game, 102) is None
    stored = await bot.storage.load_game(game.id)
    assert stored is not None and stored.meta == game.row.meta


async def test_a_member_who_held_another_seat_is_not_given_a_seat(bots: list[Bot]) -> None:
    bot = bots[0]
    game = await bot.table.start("cookie", humans(4), seed=9)
    assert (await bot.table.replace(game.id, 0, Seat(name="Alt", user_id=500), 1)).ok  # 100 gives seat 0 away
    refused = await bot.table.replace(game.id, 3, Seat(name="Host", user_id=100), 1)
    assert refused.refusal is not None and refused.refusal.key == "gm-replace-former-player"
    assert game.seat_of(103) == 3 and game.seat_of(100) is None, "seat 3 stays with its player"
    taken = await bot.table.replace(game.id, 1, Seat(name="Alt", user_id=500), 1)
    assert taken.refusal is not None, "nor a member who holds a seat now"
    assert (await bot.table.replace(game.id, 0, Seat(name="Back", user_id=100), 1)).ok, \
        "coming back to the one seat they held shows them no other seat"
