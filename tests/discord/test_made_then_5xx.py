"""Discord carries a request out, then answers 5xx (issue 35, items 18 and 19), through the stand-in.

A webhook's post carries no nonce: the words a seat's webhook posted before the 500 must not be posted
again by a blind retry (discord.py's webhook adapter retries every 5xx), in the channel nor in the
graveyard. An acknowledgement Discord took before its 500 makes the retry answer 40060 ("already
acknowledged"): that means the click is acknowledged, and it goes on into the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import interactions
from bot.i18n import normalize, t
from bot.live import LiveGame
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, fixed_seed, open_mafia, play, reply, say
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.world import World, open_game, world
from tests.discord_standin import DiscordStandIn

WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
EPHEMERAL = 1 << 6


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


@pytest.mark.parametrize("landed", [True, False], ids=["taken-then-500", "500"])
async def test_a_late_click_whose_acknowledgement_discord_took_before_a_500_is_acted_once(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch, landed: bool
) -> None:
    """A late click is acknowledged first (a deferred update); Discord takes it, then answers 500. The retry
    answers 40060 (already acknowledged): the bot goes on, the answer is in the game once and the clicked
    message shows it (before: the handler stopped there, the click was lost and nobody was told). A 500
    that took nothing is simply tried again."""
    monkeypatch.setattr(interactions, "LATE_SECONDS", -1.0)  # every click counts as late
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        prompt = next(p for p in game.state.prompts if not p.answered and p.secret)
        before = len(await w.gm.storage.actions(game_id))
        failing = standin.fail("POST", CALLBACK, status=500, landed=landed, where=standin.acknowledgement)
        call = await w.answer(game, prompt, prompt.options[0].value)

        def taken() -> bool:
            still = game.state.prompt(prompt.id)
            return still is None or still.answered

        await standin.wait_for(taken, timeout=10, what="the click in the game")
        await settled(w)
        assert failing.failed and call.acknowledged, "the acknowledgement met the 500, and Discord has it"
        assert len(await w.gm.storage.actions(game_id)) == before + 1, "the click is in the game, once"
        clicked = w.standin.message(call.message.id if call.message else 0)
        assert "✅" in clicked.text, "the clicked message shows the answer"
        assert [c["code"] for c in call.errors] == ([40060] if landed else []), call.callbacks


async def test_an_answer_discord_filled_in_before_a_500_is_shown_once(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/mafia say` is acknowledged ("thinking…") and its confirmation follows as the answer's first follow-up,
    which fills that message in. Discord fills it, then answers 500: the bot finds it filled instead of
    sending the confirmation again (before: discord.py sent it again, a second "✅" message)."""
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
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, where=lambda r: standin.interaction_follow_up(
            r) and bool(int((r.body or {}).get("flags") or 0) & EPHEMERAL))
        call = await answered(w, await standin.invoke_slash(user, "mafia say", channel=w.channel,
                                                            options={"text": "Anyone awake?"}))
        await standin.settle(quiet=1.5)  # longer than discord.py waits before sending it again
        assert failing.failed, "the confirmation met the failure"
        confirmed = t(normalize(user.locale), "channel-relay-said", name=t(normalize(user.locale),
                                                                          str(game.public_term(seat))))
        shown = [m for m in standin.channel_view(w.channel, user) if confirmed in m.text]
        assert len(shown) == 1, f"the confirmation is shown {len(shown)} times"
        assert confirmed in reply(w, call), "the answer itself is the confirmation"


WEBHOOKS = "/channels/{channel_id}/webhooks"


async def test_a_seats_webhook_discord_made_before_a_500_is_made_once_and_removed_at_the_end(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An anonymous game makes one webhook per player's seat as it starts. Discord makes the first, then answers
    500: the bot reads the channel's webhooks, takes the one it made for that seat and goes on (before:
    discord.py's bot-token client made it again, an orphan toward the channel's 15 that outlived the game)."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        failing = standin.fail("POST", WEBHOOKS, status=500, landed=True)
        game_id = await open_mafia(w, humans=3, mode="anonymous")
        await settled(w)
        game = w.game(game_id)
        assert game is not None and failing.failed, "a webhook's creation met the failure"
        held = [n for n, s in enumerate(game.seats) if not s.bot]
        hooks = standin.channel_webhooks(w.channel)
        assert sorted(h.name for h in hooks) == sorted(str(game.name_of(n)) for n in held), "one webhook per seat"
        saved = game.row.meta["relay"]["hooks"]
        assert {int(h["id"]) for h in saved.values()} == {h.id for h in hooks}, "each is the one its seat keeps"
        assert len(standin.requests_to("POST", WEBHOOKS)) == len(held), "no seat's webhook asked for twice"
        ended = await w.slash(w.moderator, "gm end", game_id=game_id)
        assert not ended.errors
        await standin.wait_for(lambda: not standin.channel_webhooks(w.channel), what="the game's webhooks deleted")
        standin.assert_clean()


async def test_an_orphan_webhook_of_the_game_is_deleted_at_its_end_and_nobody_elses(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A webhook of the bot's under a seat's name that the game does not keep (made twice by an older bot, or by
    a try whose 5xx the bot could not see past) is deleted with the game's own at the end; a moderator's webhook
    of the same name stays (before: only the kept ones were deleted, the orphan stayed for good)."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        game_id = await open_mafia(w, humans=3, mode="anonymous")
        await settled(w)
        game = w.game(game_id)
        assert game is not None
        name = standin.channel_webhooks(w.channel)[0].name
        orphan = standin.add_webhook(w.channel, name)
        theirs = standin.add_webhook(w.channel, name, made_by=w.moderator)
        ended = await w.slash(w.moderator, "gm end", game_id=game_id)
        assert not ended.errors
        await standin.wait_for(lambda: [h.id for h in standin.channel_webhooks(w.channel)] == [theirs.id],
                               what="the game's webhooks deleted, the orphan too")
        assert orphan.id not in standin.webhooks
        standin.assert_clean()


MESSAGES = "/channels/{channel_id}/messages"


async def test_words_the_bot_posted_itself_before_a_500_are_shown_once(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Manage Webhooks the bot posts an anonymous seat's words itself, under the public role. Discord makes
    the message, then answers 500, and discord.py's bot-token client sends it again: the message carries a nonce
    (discord.py gives every channel message one, with enforce_nonce; tests/discord/test_canary.py pins it), so
    Discord hands back the message it made. A guard, not a fix: the bot's own channel messages were already safe."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        game_id = await open_mafia(w, humans=3, mode="anonymous")
        game = await play(w, game_id, until=at_night)
        assert game is not None
        state = game.state
        assert isinstance(state, MafiaState)
        seat = next(n for n, s in enumerate(game.seats) if not s.bot and state.seats[n].alive)
        user = w.user_of(game, seat)
        failing = standin.fail("POST", MESSAGES, status=500, landed=True,
                               where=lambda r: "Who goes there?" in str((r.body or {}).get("content")))
        said = await say(w, user, "Who goes there?")
        await settled(w)
        assert failing.failed, "the post met the failure"
        copies = [m for m in standin.channel_view(w.channel) if "Who goes there?" in m.content]
        assert len(copies) == 1, f"the words Discord posted before its 500 are shown {len(copies)} times"
        assert t(normalize(user.locale), "channel-relay-failed") not in said, said
        standin.assert_clean()
