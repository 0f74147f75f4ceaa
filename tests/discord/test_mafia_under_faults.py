"""A whole Mafia of Heroes game through the stand-in while Discord is unwell (issue 35, "through the real
process"): voice linked, a spectator watching, the graveyard on, and at intervals every kind of fault the
stand-in knows — 5xx answers, and requests Discord carried out before answering 5xx — on interaction
callbacks, follow-ups (a webhook), channel and thread posts, the graveyard thread's creation and members,
and voice mutes. Five seats are played by stand-in users clicking in their DMs (every other click reaching
the bot late, so acknowledged first), five by bot players.

At the end: no message shown twice, none lost (every public line in the channel once, in order; nothing
left waiting or dropped), every click acted on once, every mute the bot made undone (the spectator, in
voice too, never muted), no private line in the channel, and the living never in the graveyard."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path

import discord
import pytest

from bot.discord import interactions
from bot.discord.text import event_text
from bot.discord.voice import KIND
from bot.live import LiveGame
from bot.storage import DELIVERY_DROPPED
from games.core import Event
from games.core.orders import DONE
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.bot_process import channel_lines, query, read_game, waiting_deliveries
from tests.discord.mafia_play import MANAGE_ROLES, fixed_seed, human_prompt, open_mafia, reply, select_message
from tests.discord.world import World, assert_no_private_text_in_channel, world
from tests.discord_standin import ChannelType, DiscordStandIn, InteractionRecord, Message
from tests.discord_standin.models import MUTE_MEMBERS
from tests.discord_standin.server import ServerErrorRule
from tests.discord_standin.threads import thread_members
from tests.discord_standin.voice import join_voice, muted

HUMANS = 5
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
MESSAGES = "/channels/{channel_id}/messages"
THREADS = "/channels/{channel_id}/threads"
THREAD_MEMBER = "/channels/{channel_id}/thread-members/{user_id}"
MEMBER = "/guilds/{guild_id}/members/{user_id}"
MANY = 10_000
"""As many faults as the game meets: the rules below space them out."""


def weather(standin: DiscordStandIn) -> list[ServerErrorRule]:
    """Discord's faults at intervals, through the whole game (the stand-in's `fail`)."""
    return [
        standin.fail("POST", CALLBACK, status=500, landed=True, every=5, times=MANY),  # taken, then 500
        standin.fail("POST", CALLBACK, status=503, every=7, times=MANY),
        standin.fail("POST", WEBHOOK, status=500, landed=True, every=4, times=MANY,
                     where=standin.interaction_follow_up),
        standin.fail("POST", MESSAGES, status=503, landed=True, every=10, times=MANY),  # channel, thread, DMs
        standin.fail("POST", MESSAGES, status=502, every=17, times=MANY),
        standin.fail("POST", THREADS, status=503, times=1),
        standin.fail("PUT", THREAD_MEMBER, status=500, landed=True, every=2, times=MANY),
        standin.fail("PUT", THREAD_MEMBER, status=503, every=3, times=MANY),
        standin.fail("PATCH", MEMBER, status=503, landed=True, every=5, times=MANY),  # muted, then 503
        standin.fail("PATCH", MEMBER, status=502, every=7, times=MANY),
    ]


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def taken(game: LiveGame, prompt_id: str) -> bool:
    prompt = game.state.prompt(prompt_id)
    return prompt is None or prompt.answered


def showing(w: World, game: LiveGame, custom_id: str, user_id: int) -> Message | None:
    user = w.standin.users[user_id]
    return next((m for m in reversed(w.standin.dm_view(user)) if any(
        c.get("custom_id") == custom_id for c in m.all_components())), None)


async def click(w: World, game: LiveGame) -> InteractionRecord | None:
    """A stand-in user answers their open prompt in their DMs (a sheet: Done; the draft: the bot player's
    pick), and waits until the game has the answer. None: nobody has anything to answer now."""
    prompt = human_prompt(game)
    if prompt is None:
        return None
    user = w.user_of(game, prompt.seat)
    value = DONE if prompt.sheet is not None else game.engine.bot_action(
        game.state, prompt, derived(game.row.seed, "drv", game.state.step, prompt.id)).value
    if isinstance(value, tuple):
        menu = f"gms|{game.id}|{prompt.id}"
        message = await w.standin.wait_for(lambda: select_message(w, menu, user), timeout=30, what=f"select {menu}")
        call = await w.standin.select(user, list(value), custom_id=menu, message=message)
    else:
        button = f"gm|{game.id}|{prompt.id}|{value}"
        message = await w.standin.wait_for(lambda: showing(w, game, button, user.id), timeout=30, what=button)
        call = await w.standin.click(user, custom_id=button, message=message)
    await w.standin.wait_for(lambda: taken(game, prompt.id), timeout=30, what=f"{prompt.id} in the game")
    return call


def doubles(messages: list[Message]) -> list[str]:
    """Messages shown twice in a row by the same author (what a blind retry of a message without a nonce makes)."""
    found = []
    for before, after in itertools.pairwise(messages):
        if before.author.id == after.author.id and before.text == after.text \
                and before.all_components() == after.all_components():
            found.append(after.text[:80])
    return found


def plain_lines(db: Path, game_id: int) -> list[str]:
    """Every public line of the game the channel shows as posted, in order: the public events but those
    shown in a message edited in place (`live`: the Leader's tally), one entry per line."""
    _, _, row = read_game(db, game_id)
    names = [s["name"] for s in row["seats"]]
    lines: list[str] = []
    for key, params in query(db, "SELECT key, params FROM events WHERE game_id = ? AND audience IS NULL "
                                 "ORDER BY seq", (game_id,)):
        event = Event(key=key, params=json.loads(params))
        if "live" not in event.params:
            lines += event_text(event, row["language"], names.__getitem__).split("\n")
    return lines


def delivery_states(db: Path) -> dict[int, int]:
    return {int(state): int(n) for state, n in query(db, "SELECT state, COUNT(*) FROM deliveries GROUP BY state")}


def acted(db: Path, interaction_id: int) -> int:
    """How many of the game's actions came from this interaction (each is saved with its id)."""
    return int(query(db, "SELECT COUNT(*) FROM actions WHERE input_key = ?", (f"i{interaction_id}",))[0][0])


def check_graveyard(w: World, game: LiveGame) -> None:
    """One graveyard thread at most; no living player is in it or reads a line of it."""
    state = game.state
    assert isinstance(state, MafiaState)
    threads = [t for t in w.guild.threads.values() if t.parent_id == w.channel.id]
    assert len(threads) <= 1, "one thread per game"
    for thread in threads:
        for number, player in enumerate(state.seats):
            seat = game.seats[number]
            if player.alive and not seat.bot and seat.user_id is not None:
                assert seat.user_id not in thread_members(thread)
                assert w.standin.channel_view(thread, w.standin.users[seat.user_id]) == [], "a living player reads it"


def every_other_click_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every other click reaches the bot late (as when it is busy): acknowledged first (a deferred update),
    its answer then edits the message. The others are answered at once (the message edited in the answer)."""
    turns = itertools.count()
    on_time = interactions.acknowledge_if_late

    async def sometimes_late(interaction: discord.Interaction) -> None:
        if next(turns) % 2 and interaction.type == discord.InteractionType.component \
                and not interaction.response.is_done():
            await interaction.response.defer()
        else:
            await on_time(interaction)

    monkeypatch.setattr(interactions, "acknowledge_if_late", sometimes_late)


async def test_a_mafia_game_with_voice_a_spectator_and_the_graveyard_plays_through_discords_faults(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    every_other_click_late(monkeypatch)
    async with world(tmp_path, HUMANS + 1, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MUTE_MEMBERS
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        watcher = w.users[HUMANS]
        for user in w.users:  # the players and the spectator, who is never muted
            await join_voice(standin, w.guild, user, voice)
        game_id = await open_mafia(w, humans=HUMANS, voice=voice)
        game = w.game(game_id)
        assert game is not None and game.row.meta[KIND]["channel"] == voice.id
        rules = weather(standin)
        watching = await w.slash(watcher, "spectate")  # the thread opens now, for the spectator
        await standin.wait_for(lambda: "You are watching game" in reply(w, watching), timeout=30, what="/spectate")

        clicks: list[InteractionRecord] = []
        phase: tuple[str, int] | None = None
        for _ in range(3000):
            if not game.running:
                break
            state = game.state
            assert isinstance(state, MafiaState)
            if (state.phase, state.number) != phase:
                phase = (state.phase, state.number)
                check_graveyard(w, game)
            call = await click(w, game)
            if call is None:
                await asyncio.sleep(0.01)
            else:
                clicks.append(call)
        assert not game.running, "the game ended"
        await settled(w)
        await standin.wait_for(lambda: waiting_deliveries(w.db) == 0, timeout=60, what="every delivery sent")
        await settled(w)

        met = {f"{r.method} {r.route} {r.status}{' landed' if r.landed else ''}": len(r.failed) for r in rules}
        assert all(met.values()), f"every kind of fault met the game: {met}"

        # no message shown twice: in the channel, the graveyard, every DM (as each reader sees them)
        places = [standin.channel_view(w.channel, u) for u in w.users]
        places += [standin.channel_view(t, standin.users[w.guild.owner_id]) for t in w.guild.threads.values()]
        places += [standin.dm_view(u) for u in w.users]
        shown_twice = [d for messages in places for d in doubles(messages)]
        assert not shown_twice, shown_twice

        # none lost: every public line once, in order; no delivery waiting or dropped
        expected = plain_lines(w.db, game_id)
        _, _, row = read_game(w.db, game_id)
        edited = {int(m) for m in [row["meta"].get("status_message"), *(row["meta"].get("live") or {}).values()] if m}
        assert channel_lines(standin, w.channel, expected, edited) == expected
        assert DELIVERY_DROPPED not in delivery_states(w.db), delivery_states(w.db)

        # every click acted on once
        assert len(clicks) > 50
        assert [c.id for c in clicks if acted(w.db, c.id) != 1] == [], "a click lost or acted twice"

        # every mute the bot made is undone; the spectator, a bystander to the voice rule, never muted
        assert not any(muted(w.guild, u) for u in w.users), [u.username for u in w.users if muted(w.guild, u)]
        mutes = [r for r in standin.requests_to("PATCH", MEMBER) if (r.body or {}).get("mute") is True]
        assert mutes and all(int(r.path.rsplit("/", 1)[1]) != watcher.id for r in mutes)

        # no secret in the channel; the spectator read the graveyard's feed
        await assert_no_private_text_in_channel(w, game_id)
        (thread,) = [t for t in w.guild.threads.values() if t.parent_id == w.channel.id]
        assert "🔒" in "\n".join(m.text for m in standin.channel_view(thread, watcher))
