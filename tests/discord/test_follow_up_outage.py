"""A follow-up Discord made and then answered 5xx in an outage is shown once (issue 41), through the stand-in.

The scale run's 30-second outage showed two prompts twice: each was made as a follow-up and answered 503; the
player saw it and answered it, so the bot edited it ("✅ …"); once Discord was back the ordinary send that
replaces the follow-up looked for a follow-up with the prompt's words, found none with exactly those words, and
posted the prompt again. The copy is the interaction's follow-up made since the claim, whatever it says now."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from games.core.rng import derived
from tests.discord.world import World, open_game, world
from tests.discord_standin import DiscordStandIn, Message
from tests.discord_standin.server import RecordedRequest

FOLLOW_UPS = "/webhooks/{webhook_id}/{webhook_token}"
OUTAGE_SECONDS = 4.0


def a_prompt_follow_up(standin: DiscordStandIn, record: RecordedRequest) -> bool:
    """A follow-up that carries a prompt (buttons or a menu) for everyone to see in its channel or DMs."""
    body: dict[str, Any] = record.body or {}
    return record.method == "POST" and standin.interaction_follow_up(record) \
        and not int(body.get("flags") or 0) & (1 << 6) and bool(body.get("components"))


async def play_until(w: World, game_id: int, done: Any) -> None:
    for _ in range(200):
        game = w.game(game_id)
        if done() or game is None or not game.running:
            return
        prompt = next(p for p in game.state.prompts if not p.answered)
        action = game.engine.bot_action(game.state, prompt, derived(game.row.seed, "drv", game.state.step, prompt.id),
                                        level="easy")
        await w.answer(game, prompt, action.value)
        await w.standin.settle()


async def answer_it(w: World, made: Message) -> None:
    """The player whose prompt `made` shows answers it (Discord is still down: the answer is carried out, 503)."""
    button = next(b for b in made.buttons if str(b.get("custom_id", "")).startswith("gm|"))
    _, game_id, prompt_id, _ = str(button["custom_id"]).split("|", 3)
    game = w.game(int(game_id))
    assert game is not None
    prompt = game.state.prompt(prompt_id)
    assert prompt is not None
    call = await w.standin.click(w.user_of(game, prompt.seat), custom_id=str(button["custom_id"]), message=made)
    await call.wait_response()


@pytest.mark.parametrize("token_expires", [False, True], ids=["token-alive", "token-expired-in-the-outage"])
async def test_a_prompt_made_then_answered_503_in_an_outage_and_answered_by_its_player_is_shown_once(
    tmp_path: Path, standin: DiscordStandIn, token_expires: bool
) -> None:
    """A prompt goes as a follow-up while Discord is down: Discord makes it, answers 503, and answers everything
    503 for a while (longer than the outbox's first tries). Its player answers it meanwhile (Discord carries the
    answer out). Once Discord is back the prompt is there once, with its answer (before: posted a second time).
    The same when the outage outlasts the interaction's token (15 minutes, here one second): the copy is looked
    for with the bot's token, and sent again, if at all, the ordinary way."""
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        outages: list[asyncio.Task[object]] = []

        async def outage_at_a_prompt(record: RecordedRequest, moment: str) -> None:
            if moment == "received" and not outages and a_prompt_follow_up(standin, record):
                outages.append(asyncio.create_task(standin.outage(OUTAGE_SECONDS, landed_every=1, gateway=False)))
                if token_expires:
                    standin.token_lifetime = 1.0
                await asyncio.sleep(0)  # its rules are in place: this request is carried out, then answered 503

        standin.request_hooks.append(outage_at_a_prompt)
        await play_until(w, game_id, lambda: outages)
        assert outages, "no prompt went as a follow-up"
        made_request = next(r for r in standin.requests if a_prompt_follow_up(standin, r) and r.status == 503)
        made = next(m for ms in standin.messages.values() for m in ms
                    if m.interaction_metadata and m.content == (made_request.body or {}).get("content"))
        await answer_it(w, made)
        assert made.content != (made_request.body or {}).get("content"), "the answer is shown on the prompt"
        await outages[0]
        await w.gm.drained()
        await standin.settle()
        words = str((made_request.body or {}).get("content"))
        shown = [m for m in standin.messages[made.channel_id] if m.content.startswith(words) and not m.deleted]
        assert [m.id for m in shown] == [made.id], f"the prompt Discord made before its 503 is shown {len(shown)} times"
