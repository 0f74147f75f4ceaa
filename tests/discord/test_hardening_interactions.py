"""Bad inputs and bad moments at the interaction edge, through the stand-in: forged and garbled
custom ids and modals, a click delivered twice, a game that does not exist, and what the log keeps."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.discord import interactions
from bot.i18n import t
from games.core.rng import derived
from tests.discord.world import World, open_game, world
from tests.discord_standin import DiscordStandIn, InteractionRecord, Message, Modal, User


def reply(w: World, call: InteractionRecord) -> str:
    """The text the bot answered an interaction with (a message, or the first callback's content)."""
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return str(call.callbacks[0]["body"].get("data", {}).get("content", ""))


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "cogs", "discord"))]


async def forged_click(w: World, user: User, custom_id: str, message: Message) -> InteractionRecord:
    """A component interaction with any custom id (a forged or garbled one no button carries)."""
    call = await w.standin._component_interaction(user, message, {"custom_id": custom_id, "component_type": 2}, None)
    await call.wait_response()
    return call


async def forged_modal(
    w: World, user: User, custom_id: str, answer: str, opened_by: InteractionRecord
) -> InteractionRecord:
    """A modal submission the bot never opened for this user, with a text field named like ours."""
    field: dict[str, Any] = {"type": 4, "custom_id": "answer", "label": "Answer", "style": 1}
    modal = Modal(custom_id, "Forged", [{"type": 1, "components": [field]}], user.id, opened_by)
    w.standin.open_modals.setdefault(user.id, []).append(modal)
    call = await w.standin.submit_modal(user, {"answer": answer}, modal=modal)
    await call.wait_response()
    return call


def status_message(w: World) -> Message:
    return next(m for m in reversed(w.standin.channel_view(w.channel)) if any("gmv|" in str(b) for b in m.buttons))


async def play_until_a_number_prompt(w: World, game_id: int):  # type: ignore[no-untyped-def]
    for _ in range(300):
        game = w.game(game_id)
        assert game is not None and game.running
        open_prompts = [p for p in game.state.prompts if not p.answered]
        numbers = [p for p in open_prompts if p.ask == "number" and p.low is not None]
        if numbers:
            return game, numbers[0]
        prompt = open_prompts[0]
        action = game.engine.bot_action(game.state, prompt, derived(game.row.seed, "drv", game.state.step, prompt.id))
        call = await w.answer(game, prompt, action.value)
        assert not call.errors, call.callbacks
    raise AssertionError("no number prompt came up")


async def test_a_forged_modal_is_answered_without_leaking_another_players_bounds(
    tmp_path: Path, standin, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 3, locales=("en-US",), standin=standin) as w:
        await w.slash(w.users[0], "sword-of-lies new", buy_in=1500)
        await w.slash(w.users[1], "join")
        await w.slash(w.users[2], "join", buy_in=2000)
        opener = await w.slash(w.users[0], "start")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.status == "running"
        game, prompt = await play_until_a_number_prompt(w, row.id)
        owner = w.user_of(game, prompt.seat)
        other_player = next(u for u in w.users if u != owner)
        bounds = t("en", "error-out-of-range", low=prompt.low, high=prompt.high)
        step = game.state.step

        # a moderator (no seat) and another player forge the owner's modal with a non-number
        outsider = await forged_modal(w, w.moderator, f"gmm|{game.id}|{prompt.id}", "lots", opener)
        assert reply(w, outsider) == t("en", "error-not-in-game")
        rival = await forged_modal(w, other_player, f"gmm|{game.id}|{prompt.id}", "lots", opener)
        assert reply(w, rival) == t("en", "error-not-your-prompt")
        for call in (outsider, rival):
            assert str(prompt.low) not in reply(w, call) and bounds not in reply(w, call)

        # garbled ids get "not understood", never a traceback or "the application did not respond"
        for garbled in ("gmm|", "gmm|abc|p", "gmm|1", f"gmm|{'9' * 40}|p"):
            call = await forged_modal(w, owner, garbled, "5", opener)
            assert not call.errors and reply(w, call) == t("en", "error-malformed"), garbled
        # the owner still gets their own bounds for a non-number
        mine = await forged_modal(w, owner, f"gmm|{game.id}|{prompt.id}", "lots", opener)
        assert reply(w, mine) == bounds
        assert game.state.step == step, "nothing was applied"
        await w.standin.settle()
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_garbled_and_unknown_component_ids_get_a_clear_answer(
    tmp_path: Path, standin, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        game_id = await open_game(w)
        status = status_message(w)
        user = w.users[0]
        # an old DM button of a game the database no longer has
        button = {"type": 2, "style": 1, "label": "Old", "custom_id": "gm|987654|p1|x"}
        old = w.standin._create_message(
            w.standin.dm_channel(user), {"content": "old", "components": [{"type": 1, "components": [button]}]}, []
        )
        nowhere = await forged_click(w, user, "gm|987654|p1|x", old)
        assert reply(w, nowhere) == t("en", "error-no-game"), "not 'the game is over'"
        # ids no button carries: garbled, too long, or forged onto a message that has no such button
        for garbled in (f"gm|{'1' * 30}|p|x", "gm|12|p|x|y", "gmv|abc", "gmx|", f"gm|{game_id}|p1|x"):
            call = await forged_click(w, user, garbled, status)
            assert not call.errors and reply(w, call) == t("en", "error-malformed"), garbled
        # a finished game still says it is over
        await w.gm.table.end(game_id)
        over = await forged_click(w, user, f"gmv|{game_id}", status)
        assert reply(w, over) == t("en", "error-game-over")
        await w.standin.settle()
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_a_click_delivered_twice_is_applied_once_and_answered_quietly(
    tmp_path: Path, standin, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        prompt = next(p for p in game.state.prompts if not p.answered)
        call = await w.answer(game, prompt, prompt.options[0].value)
        assert not call.errors
        await w.standin.settle()
        before = len(await w.gm.storage.actions(game_id))
        await w.standin.redeliver(call)
        await w.standin.settle(quiet=0.3)
        assert len(await w.gm.storage.actions(game_id)) == before, "applied once"
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_a_failing_click_logs_the_game_and_prompt_but_not_the_choice(
    tmp_path: Path, standin, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        prompt = next(p for p in game.state.prompts if not p.answered and p.secret)
        value = prompt.options[-1].value

        async def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the disk is on fire")

        monkeypatch.setattr(w.gm.table, "act", broken)
        call = await w.answer(game, prompt, value)
        assert call.callbacks, "the player is told something went wrong"
        await w.standin.settle()
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert failures, "the failure is logged"
    logged = "\n".join(caplog.text.splitlines())
    assert f"gm|{game_id}|{prompt.id}" in logged
    assert f"gm|{game_id}|{prompt.id}|{value}" not in logged, "the chosen card never reaches the log"


async def test_a_click_answered_late_is_acknowledged_first_and_its_message_still_shows_the_answer(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy bot that reaches a click after LATE_SECONDS acknowledges it at once (a deferred update) and
    edits the clicked message afterwards: the whole game is played so, and nothing is lost."""
    monkeypatch.setattr(interactions, "LATE_SECONDS", -1.0)  # every click counts as late
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        await w.play_to_end(game_id)
        await w.gm.drained()
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        clicks = [r for r in w.standin.interactions.values() if r.callbacks and r.data.get("custom_id")]
        assert clicks and all(r.callbacks[0]["body"]["type"] == 6 for r in clicks), "acknowledged first"
        answered = [m for u in w.users for m in w.standin.dm_view(u) if "✅" in m.text]
        assert answered, "the clicked messages show the answer"
