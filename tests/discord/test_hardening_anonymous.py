"""Mafia's anonymous mode, hardened, through the stand-in: nothing Discord shows names a player before
the reveal (no "Ada used /leave", no member overwrites), the relay decides on the game as saved (another
process may have moved it), asks which game when it cannot know, keeps a seat from flooding the channel,
and players' letters cannot fake the bot's own lines."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from bot.i18n import normalize, t
from bot.live import LiveGame, Seat
from bot.storage import Storage, open_storage
from bot.table import Table
from games.core import Event
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests import pg
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, reply
from tests.discord.mafia_world import SEED, advance, at
from tests.discord.test_mafia_anonymous import versions
from tests.discord.world import World, world
from tests.discord_standin import Channel, InteractionRecord, Message, User

EN = "en"


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def start_in(w: World, channel: Channel, players: list[User], *, bots: int, **options: object) -> LiveGame:
    """An anonymous Mafia game in `channel`, seated straight through the table: `players`, then bot players."""
    seats = [Seat(name=u.username, user_id=u.id, language="en") for u in players]
    seats += [Seat(name=f"Bot {n + 1}", bot=True) for n in range(bots)]
    return await w.gm.table.start(
        "mafia", seats, options={"mode": "anonymous", **options}, seed=SEED, language="en", guild_id=w.guild.id,
        channel_id=channel.id,
    )


async def say_in(w: World, channel: Channel, user: User, text: str) -> InteractionRecord:
    call = await w.standin.invoke_slash(user, "mafia say", channel=channel, options={"text": text})
    return await answered(w, call)


def spoken(w: World, channel: Channel, words: str) -> list[Message]:
    """The channel's public messages that relay `words` (a seat's webhook, or the bot's own line)."""
    return [m for m in w.standin.channel_view(channel) if words in m.content and m.interaction_metadata is None]


# --- 9: no answer in an anonymous game's channel carries its invoker ----------------------------------------
async def test_lobby_commands_of_an_anonymous_game_never_show_who_used_them(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, locales=("en-US",), standin=standin) as w:
        host, player = w.users[0], w.users[1]
        await w.slash(host, "mafia new", mode="anonymous")
        await w.gm.lobby.join(w.channel.id, Seat(name=player.username, user_id=player.id, language="en"))
        added = await w.slash(host, "addbot", count=2)
        left = await w.slash(player, "leave")
        cancelled = await w.slash(host, "cancel")
        await settled(w)

        # each member was answered privately …
        assert t(EN, "lobby-bots-added-you", bots=2, id=1) in reply(w, added)
        assert t(EN, "lobby-left-you", id=1) in reply(w, left)
        for call in (added, left, cancelled):
            assert call.callbacks[0]["body"]["data"].get("flags", 0) & 64, call.callbacks
        # … and the channel got the lines (in the server's language, Russian) as the bot's own messages, no
        # interaction above them
        public = w.standin.channel_view(w.channel)
        text = "\n".join(m.content for m in public)
        assert t("ru", "lobby-left-anonymous", count=2) in text
        assert t("ru", "lobby-cancelled", id=1) in text
        assert [m for m in public if m.interaction_metadata is not None] == []
        assert host.username not in text and player.username not in text


# --- 10: the channel's overwrites name nobody ---------------------------------------------------------------
async def test_an_anonymous_game_silences_its_channel_by_role_only(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, locales=("en-US",), standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        await start_in(w, w.channel, w.users[:3], bots=7)
        await settled(w)
        await standin.wait_for(lambda: w.guild.id in w.channel.overwrites, what="@everyone silenced")
        assert set(w.channel.overwrites) == {w.guild.id, standin.bot_user.id}, w.channel.overwrites
        assert not any(standin.can_send(u, w.channel) for u in w.users)


# --- 10: the last phase's report names nobody before the reveal ---------------------------------------------
async def test_the_report_of_the_last_phase_names_nobody_before_who_was_who(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, locales=("en-US",), standin=standin) as w:
        game = await start_in(w, w.channel, w.users[:1], bots=9)
        await advance(w, game, lambda state: state.over)
        await settled(w)
        names = [seat.name for seat in game.seats]  # player0, Bot 1 … Bot 9
        channel = standin.messages[w.channel.id]
        reveal = next(m for m in channel if "🏁" in m.content)
        shown = [reveal.content.split("🏁")[0]] + [
            text for m in channel if m is not reveal for at, text in versions(m) if at < reveal.created_at
        ]
        assert "☠" in "".join(shown), "the last phase's report came before the reveal"
        for text in shown:
            assert not [n for n in names if n in text], text
        assert all(f"{name} — " in reveal.content for name in names), reveal.content


# --- 10: words racing the game's end ------------------------------------------------------------------------
async def test_words_racing_the_end_of_the_game_go_out_and_are_confirmed_under_the_public_role(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(tmp_path, 1, locales=("en-US",), standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        user = w.users[0]
        game = await start_in(w, w.channel, [user], bots=9)
        await advance(w, game, at("night", 1))
        await settled(w)
        role = t(EN, str(game.public_term(0)))
        relay = w.gm.relay
        post = relay.post

        async def the_game_ends_first(live: LiveGame, *args: object, **kwargs: object) -> None:
            await advance(w, live, lambda state: state.over)  # the last orders come in meanwhile
            assert not live.running
            await post(live, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(relay, "post", the_game_ends_first)
        call = await standin.invoke_slash(user, "mafia say", channel=w.channel, options={"text": "last words"})
        await call.wait_response()
        await standin.wait_for(  # the rest of the game is played before the words go out: a while
            lambda: call.original_message_id and not standin.message(call.original_message_id).loading,
            timeout=120, what="the deferred answer",
        )
        answer = reply(w, call)
        assert answer == t(EN, "channel-relay-said", name=role), answer
        (posted,) = spoken(w, w.channel, "last words")
        assert user.username not in posted.content + posted.author.username


# --- 11: letters and the Boss's messages cannot fake the bot's lines ----------------------------------------
async def test_letters_and_boss_messages_reach_the_dm_as_typed(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, locales=("en-US",), standin=standin) as w:
        user = w.users[0]
        game = await start_in(w, w.channel, [user], bots=9)
        await advance(w, game, at("night", 1))
        forged = "hi\n# 🏁 **The Law wins** @everyone"
        for key in ("mafia-result-letter", "mafia-event-boss-message"):
            params: dict[str, object] = {"text": forged} | ({"player": {"seat": 1}} if "boss" in key else {})
            outcome = await w.gm.table.note(game.id, 0, Event(key=key, params=params, to=[0]))
            assert outcome.ok, outcome.refusal
        await settled(w)
        dms = [m.content for m in standin.dm_view(user) if "The Law wins" in m.content]
        # (both lines may come in one message: a DM line waits a moment for more to fold into)
        assert sum(content.count("The Law wins") for content in dms) == 2, standin.transcript(user)
        for content in dms:
            assert content.count("\\# 🏁 \\*\\*The Law wins\\*\\*") == content.count("The Law wins"), content
            assert "@everyone" not in content, content


# --- 12: a burst of words ----------------------------------------------------------------------------------
async def test_a_seat_speaks_at_most_the_house_rate_and_is_told_when_it_may_again(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, locales=("en-US",), standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        user = w.users[0]
        game = await start_in(w, w.channel, [user], bots=9, say_per_minute=3)
        await advance(w, game, at("night", 1))
        await settled(w)
        answers = [reply(w, await say_in(w, w.channel, user, f"flood {n}")) for n in range(10)]
        await settled(w)
        assert len(spoken(w, w.channel, "flood ")) == 3
        said = t(EN, "channel-relay-said", name=t(EN, str(game.public_term(0))))
        assert answers[:3] == [said] * 3
        for answer in answers[3:]:
            found = re.fullmatch(re.escape(t(EN, "channel-relay-slow-down", rate=3, seconds=0)).replace("0", r"(\d+)"),
                                 answer)
            assert found is not None and 1 <= int(found[1]) <= 20, answer


def test_the_rate_is_a_house_rule_with_a_sensible_default_and_range() -> None:
    from games.mafia.options import Options

    assert Options().say_per_minute == 5
    assert Options(say_per_minute=30).say_per_minute == 30
    for wrong in (0, 31):
        with pytest.raises(ValueError):
            Options(say_per_minute=wrong)


# --- 16: which game ----------------------------------------------------------------------------------------
async def test_say_outside_a_game_channel_asks_which_game_and_in_one_goes_to_it(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, locales=("en-US",), standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        user = w.users[0]
        second, lounge = standin.add_channel(w.guild, "second"), standin.add_channel(w.guild, "lounge")
        first_game = await start_in(w, w.channel, [user], bots=9)
        second_game = await start_in(w, second, [user], bots=9)
        for game in (first_game, second_game):
            await advance(w, game, at("night", 1))
        await settled(w)

        call = await say_in(w, lounge, user, "psst")
        assert reply(w, call).startswith(t(EN, "channel-relay-which", games=2)[:20]), reply(w, call)
        assert not spoken(w, w.channel, "psst") and not spoken(w, second, "psst")
        question = next(m for m in standin.channel_view(lounge, user) if any(
            str(s.get("custom_id", "")).startswith("gmsc|") for s in m.selects))
        (menu,) = question.selects
        assert {o["value"] for o in menu["options"]} == {str(first_game.id), str(second_game.id)}
        picked = await answered(w, await standin.select(
            user, [str(second_game.id)], custom_id=str(menu["custom_id"]), message=question))
        assert reply(w, picked) == t(EN, "channel-relay-said", name=t(EN, str(second_game.public_term(0))))
        await settled(w)
        assert len(spoken(w, second, "psst")) == 1 and not spoken(w, w.channel, "psst")
        again = await answered(w, await standin.select(
            user, [str(first_game.id)], custom_id=str(menu["custom_id"]), message=question))
        assert reply(w, again) == t(EN, "channel-relay-choice-expired")

        # in a game's own channel the words go to that game, unasked
        here = await say_in(w, w.channel, user, "in the first")
        assert reply(w, here) == t(EN, "channel-relay-said", name=t(EN, str(first_game.public_term(0))))
        await settled(w)
        assert len(spoken(w, w.channel, "in the first")) == 1 and not spoken(w, second, "in the first")


# --- 6: two processes on one database -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def pg_server() -> Iterator[pg.PgServer]:
    server = pg.server_or_skip()
    yield server
    server.stop()


@pytest.fixture
async def database_url(pg_server: pg.PgServer) -> AsyncIterator[str]:
    name = await pg_server.create_database()
    yield pg_server.url(name)
    await pg_server.release(name)


async def moved_by(table: Table, game_id: int, until: Callable[[MafiaState], bool]) -> LiveGame:
    """Another process plays the game on (every seat by the bot policy) until `until` holds."""
    for _ in range(2000):
        game = await table.get(game_id)
        assert game is not None and game.running
        state = game.state
        assert isinstance(state, MafiaState)
        if until(state):
            return game
        prompt = next(p for p in state.prompts if not p.answered)
        action = game.engine.bot_action(state, prompt, derived(game.row.seed, "drv", state.step, prompt.id))
        assert (await table.act(game_id, prompt.seat, action)).ok
    raise AssertionError("the game did not get there")


async def test_relay_and_back_decide_on_the_game_as_another_process_saved_it(
    tmp_path: Path, standin, database_url: str
) -> None:
    async with world(tmp_path, 3, locales=("en-US",), standin=standin, database_url=database_url,
                     shard_ids=[0], shard_count=1) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        humans = w.users[:3]
        game = await start_in(w, w.channel, humans, bots=7)
        await settled(w)
        game_id = game.id
        now = [time.time()]
        other_storage: Storage = await open_storage(database_url, exclusive=True, shard_ids=[1])
        other = Table(other_storage, clock=lambda: now[0])
        try:
            # the other process plays on into Night 1: here the copy still says "draft"
            await moved_by(other, game_id, at("night", 1))
            assert w.gm.table.games[game_id].state.phase == "draft"  # type: ignore[attr-defined]
            answer = reply(w, await say_in(w, w.channel, humans[0], "good evening"))
            assert answer.startswith("✅"), answer
            await settled(w)
            assert len(spoken(w, w.channel, "good evening")) == 1

            # … until a player dies there: the dead may not speak
            moved = await moved_by(other, game_id, lambda s: any(not s.seats[n].alive for n in range(3)))
            dead = next(n for n in range(3) if not moved.state.seats[n].alive)  # type: ignore[attr-defined]
            user = w.user_of(moved, dead)
            assert t(normalize(user.locale), "mafia-say-dead") in reply(w, await say_in(w, w.channel, user, "boo"))
            await settled(w)
            assert not spoken(w, w.channel, "boo")

            # a bot takes a living player's seat there after a missed deadline: /back here gives it back
            await other_storage.save_guild_settings(w.guild.id, {"absent_after": 1})
            state = moved.state
            seat = next(n for n in range(3) if state.seats[n].alive)  # type: ignore[attr-defined]
            user = w.user_of(moved, seat)
            prompt = next(p for p in state.prompts if p.seat == seat and not p.answered)
            now[0] += 10 ** 7
            assert (await other.expire(game_id, prompt.id)).ok
            taken = await other.get(game_id)
            assert taken is not None and taken.seats[seat].bot
            back = await w.slash(user, "back")
            assert reply(w, back) == t(normalize(user.locale), "back-done"), reply(w, back)
            saved = await other.get(game_id)
            assert saved is not None and saved.seats[seat].user_id == user.id
        finally:
            await other_storage.close()
