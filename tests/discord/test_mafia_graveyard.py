"""The graveyard through the stand-in: whole Mafia of Heroes games (ten seats held by stand-in users,
their orders given by the bot policy) in which, at every phase, the private graveyard thread holds
exactly the dead players (and the bot); no living player ever sees a line of it; a moderator may read
it; its feed holds every secret role and the phases' private results. In anonymous mode the feed names
characters by public role only until the end. A rollback that brings a player back takes them out
of it; with the house rule off there is no thread at all."""

from __future__ import annotations

from pathlib import Path

from bot.live import LiveGame
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, reply
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.world import World, world
from tests.discord_standin import Channel, ChannelType, User
from tests.discord_standin.models import Overwrite
from tests.discord_standin.threads import thread_members

PLAYERS = 10


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def graveyard(w: World) -> Channel | None:
    threads = [c for c in w.guild.threads.values() if c.parent_id == w.channel.id]
    assert len(threads) <= 1, "one graveyard per game"
    return threads[0] if threads else None


def dead_users(w: World, game: LiveGame, state: MafiaState) -> set[int]:
    return {w.user_of(game, n).id for n, player in enumerate(state.seats) if not player.alive}


def feed(w: World, thread: Channel, reader: User) -> str:
    return "\n".join(m.text for m in w.standin.channel_view(thread, reader))


class Watch:
    """What the graveyard looked like at each phase: checked as the game goes."""

    def __init__(self, w: World, game: LiveGame) -> None:
        self.w, self.game = w, game
        self.phases: list[tuple[str, int, int]] = []
        """(phase, number, members of the thread) at each check."""

    async def check(self) -> None:
        w, game = self.w, self.game
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState)
        dead = dead_users(w, game, state)
        thread = graveyard(w)
        living = [w.user_of(game, n) for n, player in enumerate(state.seats) if player.alive]
        if not dead:
            assert thread is None, "no graveyard before the first death"
        else:
            assert thread is not None and thread.type == ChannelType.PRIVATE_THREAD
            if game.running:
                assert thread_members(thread) == dead | {w.standin.bot_user.id}, (state.phase, state.number)
            for user in living:  # the living are never in it and never read a line of it
                assert user.id not in thread_members(thread)
                assert w.standin.channel_view(thread, user) == []
            assert w.standin.channel_view(thread) == [], "nobody else sees a private thread"
            assert w.standin.channel_view(thread, w.moderator) == [], "a moderator without Manage Threads neither"
            owner = w.standin.users[w.guild.owner_id]
            assert w.standin.channel_view(thread, owner), "the server's owner (Manage Threads) may read it"
            reader = w.standin.users[min(dead)]
            assert w.standin.channel_view(thread, reader), "the dead read the feed"
        self.phases.append((state.phase, state.number, len(thread_members(thread)) if thread else 0))

    async def play_to_end(self) -> None:
        """The bot policy plays every seat, a phase at a time, the graveyard checked after each."""
        while self.game.running:
            state = self.game.state
            assert isinstance(state, MafiaState)
            here = (state.phase, state.number)
            await advance(self.w, self.game, lambda s, here=here: (s.phase, s.number) != here or s.over)  # type: ignore[misc]
            await self.check()


async def test_the_dead_and_only_the_dead_read_the_graveyard_at_every_phase(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        game = await start_mafia(w, PLAYERS)
        watch = Watch(w, game)
        await watch.check()
        await watch.play_to_end()
        assert any(members for _, _, members in watch.phases), "somebody died and joined the graveyard"
        thread = graveyard(w)
        assert thread is not None
        reader = w.standin.users[w.guild.owner_id]
        text = feed(w, thread, reader)
        assert "The graveyard of Mafia of Heroes" in text
        assert "🔒" in text, "private results are in the feed"
        roles = [m for m in w.standin.channel_view(thread, reader) if "Everything known now" in m.text]
        assert len(roles) == 1, "the thread opened once, with the secret roles"
        w.standin.assert_clean()


async def test_an_anonymous_graveyard_names_characters_by_public_role_until_the_end(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        game = await start_mafia(w, PLAYERS, mode="anonymous")
        spoken: list[str] = []
        watch = Watch(w, game)
        await watch.check()
        while game.running:
            state = game.state
            assert isinstance(state, MafiaState)
            here = (state.phase, state.number)
            await advance(w, game, lambda s, here=here: (s.phase, s.number) != here or s.over)  # type: ignore[misc]
            if not game.running:
                break
            await watch.check()
            thread = graveyard(w)
            if thread is not None and not spoken:
                spoken.append(await speak_in_graveyard(w, game, thread))
            if thread is not None:
                owner = w.standin.users[w.guild.owner_id]
                text = feed(w, thread, owner)
                for user in w.users:
                    assert user.username not in text, "names nobody before the end"
        assert graveyard(w) is not None and spoken
        w.standin.assert_clean()


async def speak_in_graveyard(w: World, game: LiveGame, thread: Channel) -> str:
    """A dead player's `/mafia say` in the graveyard (in English, then in Russian): posted there by their seat's
    webhook under their public role, read by the dead and by nobody living, confirmed as said in the graveyard
    in the member's language. Returns the public name it went under."""
    state = game.state
    assert isinstance(state, MafiaState)
    number = min(n for n, p in enumerate(state.seats) if not p.alive)
    ghost = w.user_of(game, number)
    name = str(game.name_of(number))
    for locale, words, confirmed in (("en-US", "Boo from below", "✅ Said in the graveyard as"),
                                     ("ru", "Бу из-под земли", "✅ Сказано на кладбище от имени")):
        call = await w.standin.invoke_slash(ghost, "mafia say", channel=thread, options={"text": words},
                                            locale=locale)
        answer = reply(w, await answered(w, call))
        await settled(w)
        assert answer.startswith(confirmed), f"says where it was said, in the member's language: {answer!r}"
        (post,) = [m for m in w.standin.channel_view(thread, ghost) if words in m.text]
        assert post.webhook_id is not None and post.author.username == name and ghost.username not in name
    for n, player in enumerate(state.seats):
        if player.alive:
            assert w.standin.channel_view(thread, w.user_of(game, n)) == []
    return name


async def test_a_rollback_that_brings_a_player_back_takes_them_out_of_the_graveyard(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS)
        step_before = 0
        while True:
            state = game.state
            assert isinstance(state, MafiaState)
            if any(not p.alive for p in state.seats):
                break
            step_before = state.step
            here = (state.phase, state.number)
            await advance(w, game, lambda s, here=here: (s.phase, s.number) != here)  # type: ignore[misc]
        await settled(w)
        thread = graveyard(w)
        dead = dead_users(w, game, game.state)  # type: ignore[arg-type]
        assert thread is not None and dead <= thread_members(thread)
        call = await w.slash(w.moderator, "gm rollback", step=step_before)
        assert not call.errors, call.callbacks
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState) and all(p.alive for p in state.seats)
        assert thread_members(thread) == {w.standin.bot_user.id}, "everyone brought back left the graveyard"
        for user in dead:
            assert w.standin.channel_view(thread, w.standin.users[user]) == []


async def test_with_the_house_rule_off_the_dead_get_no_graveyard(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS, graveyard=False)
        await advance(w, game, lambda s: any(not p.alive for p in s.seats))
        await settled(w)
        assert graveyard(w) is None


CREATE_PRIVATE_THREADS = 1 << 36


async def test_where_the_game_channel_cannot_hold_threads_the_servers_graveyard_channel_does(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        bot_role = standin.bot_role(w.guild)
        w.channel.overwrites[bot_role.id] = Overwrite(bot_role.id, 0, 0, CREATE_PRIVATE_THREADS)
        elsewhere = standin.add_channel(w.guild, "graveyards")
        call = await w.slash(w.moderator, "gm settings", graveyard_channel=elsewhere)
        assert not call.errors, call.callbacks
        game = await start_mafia(w, PLAYERS)
        await advance(w, game, lambda s: any(not p.alive for p in s.seats))
        await settled(w)
        assert graveyard(w) is None, "not in the game channel"
        (thread,) = [t for t in w.guild.threads.values() if t.parent_id == elsewhere.id]
        state = game.state
        assert isinstance(state, MafiaState)
        assert thread_members(thread) == dead_users(w, game, state) | {standin.bot_user.id}
        assert "graveyard" not in standin.transcript(w.channel).lower()


async def test_without_any_place_for_the_thread_the_moderators_are_told_once(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        standin.bot_role(w.guild).permissions &= ~CREATE_PRIVATE_THREADS
        game = await start_mafia(w, PLAYERS)
        await advance(w, game, lambda s: sum(not p.alive for p in s.seats) >= 2 and s.phase == "night")
        await settled(w)
        assert not w.guild.threads
        told = [m for m in standin.channel_view(w.channel) if "cannot open the graveyard thread" in m.text]
        assert len(told) == 1, standin.transcript(w.channel)[-2000:]


async def test_a_player_who_dies_in_the_last_step_joins_the_graveyard(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS)
        dead_before_the_end: set[int] = set()
        while game.running:  # the bot policy, one answer at a time: who was dead before the last one
            state = game.state
            assert isinstance(state, MafiaState)
            dead_before_the_end = dead_users(w, game, state)
            prompt = next(p for p in state.prompts if not p.answered)
            action = game.engine.bot_action(state, prompt, derived(game.row.seed, "drv", state.step, prompt.id))
            assert (await w.gm.table.act(game.id, prompt.seat, action)).ok
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState) and state.over
        dead = dead_users(w, game, state)
        assert dead - dead_before_the_end, "somebody died in the game's last step"
        thread = graveyard(w)
        assert thread is not None
        assert thread_members(thread) == dead | {w.standin.bot_user.id}, "the last dead joined the graveyard too"
