"""Discord carries a request out, then answers 5xx (issue 35, item 18), through the stand-in.

A webhook's post carries no nonce: the words a seat's webhook posted before the 500 must not be posted
again by a blind retry (discord.py's webhook adapter retries every 5xx), in the channel nor in the
graveyard."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import normalize, t
from bot.live import LiveGame
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, fixed_seed, open_mafia, play, reply, say
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn

WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def at_night(game: LiveGame) -> bool:
    state = game.state
    return isinstance(state, MafiaState) and state.phase == "night"


async def test_words_a_seats_webhook_posted_before_answering_500_are_shown_once(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/mafia say` in an anonymous game: Discord makes the webhook's post, then answers 500. The bot looks
    at the channel's last messages before trying again, finds its post and confirms it: once in the
    channel (before: discord.py posted it again, twice in the channel)."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        game_id = await open_mafia(w, humans=3, mode="anonymous")
        game = await play(w, game_id, until=at_night)
        assert game is not None
        state = game.state
        assert isinstance(state, MafiaState)
        seat = next(n for n, s in enumerate(game.seats) if not s.bot and state.seats[n].alive)
        user = w.user_of(game, seat)
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, where=standin.channel_webhook_post)
        said = await say(w, user, "Who goes there?")
        await settled(w)
        assert failing.failed, "the post met the failure"
        copies = [m for m in standin.channel_view(w.channel) if m.content == "Who goes there?"]
        assert len(copies) == 1, f"the words Discord posted before its 500 are shown {len(copies)} times"
        assert copies[0].webhook_id is not None and copies[0].author.username == str(game.name_of(seat))
        reader = normalize(user.locale)
        assert t(reader, "channel-relay-failed") not in said, said
        standin.assert_clean()


async def test_a_dead_players_words_posted_in_the_graveyard_before_a_500_are_shown_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """A dead player's `/mafia say` in the graveyard goes through their seat's webhook into the thread: made,
    then 500, it is found among the thread's last messages instead of being posted again."""
    async with world(tmp_path, 10, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        game = await start_mafia(w, 10, mode="anonymous")
        await advance(w, game, lambda s: any(not p.alive for p in s.seats) and s.phase in ("night", "day"))
        await settled(w)
        (thread,) = [c for c in w.guild.threads.values() if c.parent_id == w.channel.id]
        state = game.state
        assert isinstance(state, MafiaState)
        number = min(n for n, p in enumerate(state.seats) if not p.alive)
        ghost = w.user_of(game, number)
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, where=standin.channel_webhook_post)
        call = await answered(w, await standin.invoke_slash(ghost, "mafia say", channel=thread,
                                                            options={"text": "Boo from below"}))
        await settled(w)
        assert failing.failed, "the post met the failure"
        copies = [m for m in standin.channel_view(thread, ghost) if m.content == "Boo from below"]
        assert len(copies) == 1, f"the words Discord posted before its 500 are shown {len(copies)} times"
        assert t("en", "channel-relay-failed") not in reply(w, call)
        standin.assert_clean()
