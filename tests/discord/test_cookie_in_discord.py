"""Cookie in Discord, from the first slash command to the final scores, through the stand-in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import registry
from games.core.rng import derived
from tests.discord.world import assert_no_private_text_in_channel, open_game, world


def engine_only_result(seed: int, players: int):
    """The same game played by the engine alone, with the same choices."""
    engine = registry.engine("cookie")
    state, _ = engine.setup(players, None, seed)
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        action = engine.bot_action(state, prompt, derived(seed, "drv", state.step, prompt.id), level="easy")
        state, _ = engine.apply(state, prompt.seat, action)
    return engine.results(state)


@pytest.mark.parametrize("players", [4, 6])
async def test_a_full_game_through_slash_commands_and_clicks(tmp_path: Path, standin, players: int) -> None:
    async with world(tmp_path, players, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        seed = game.row.seed
        await w.play_to_end(game_id)
        await w.gm.drained()
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        stored = registry.engine("cookie").load(row.state)
        expected = engine_only_result(seed, players)
        assert registry.engine("cookie").results(stored) == expected
        channel_text = w.standin.transcript(w.channel)
        for winner in expected.winners:
            assert row.seats[winner]["name"] in channel_text.split("🏆")[-1]
        await assert_no_private_text_in_channel(w, game_id)
        # every interaction was answered in time, once
        assert all(len([c for c in r.callbacks if c["status"] < 400]) == 1 for r in w.standin.interactions.values())


async def test_closed_dms_at_join_are_explained_and_the_player_is_not_seated(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        w.standin.close_dms(w.users[1])
        call = await w.slash(w.users[1], "join")
        reply = w.standin.message(call.original_message_id or call.followup_ids[-1]) if call.followup_ids else None
        texts = [m.text for m in w.standin.channel_view(w.channel, w.users[1]) if m.ephemeral]
        assert any("Direct Messages" in text or "личные сообщения" in text for text in texts), texts
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and all(s["user_id"] != w.users[1].id for s in row.seats)
        del reply


async def test_a_non_player_a_double_click_and_a_stale_button_get_explanations(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        prompt = game.state.prompts[0]
        player = w.user_of(game, prompt.seat)
        first, second = prompt.options[0].value, prompt.options[1].value
        await w.answer(game, prompt, first)
        # a secret choice can be changed until everyone has chosen, and the player is told
        again = await w.answer(game, prompt, second)
        assert not again.errors
        prompt_message = w.message_with(f"gm|{game_id}|{prompt.id}|{first}", player, public=False)
        assert prompt_message is not None and "✅" in prompt_message.text, "the prompt shows the current choice"
        # an outsider cannot use a player's button
        outsider = w.users[4]
        custom_id = f"gm|{game_id}|{prompt.id}|{first}"
        message = w.message_with(custom_id, player, public=False)
        assert message is not None
        click = await w.standin.click(outsider, custom_id=custom_id, message=message)
        await click.wait_response()
        assert click.callbacks[0]["body"]["data"]["flags"] & 64, "the refusal is ephemeral"
        # finish the circle; the old button is now stale
        for other in [p for p in game.state.prompts if not p.answered]:
            await w.answer(game, other, other.options[0].value)
        stale = await w.standin.click(player, custom_id=custom_id, message=message)
        await stale.wait_response()
        body = stale.callbacks[0]["body"]
        assert body["data"]["flags"] & 64
        assert "expired" in body["data"]["content"] or "устарел" in body["data"]["content"]
        assert game.state.prompt(prompt.id) is None


async def test_moderator_commands_are_guarded_and_logged(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        refused = await w.slash(w.users[1], "gm pause")
        assert refused.callbacks[0]["body"]["data"]["flags"] & 64
        game = w.game(game_id)
        assert game is not None and not game.row.paused
        for command, options in [("gm pause", {}), ("gm resume", {}), ("gm extend", {"seconds": 30}),
                                 ("gm force", {})]:
            call = await w.slash(w.moderator, command, **options)
            assert not call.errors
        state_call = await w.slash(w.moderator, "gm state")
        assert state_call.callbacks[0]["body"]["data"]["flags"] & 64
        await w.slash(w.moderator, "gm remove", player=w.users[2])
        assert game.seats[2].bot
        await w.slash(w.moderator, "gm end")
        await w.gm.drained()
        ops = [a.payload["op"] for a in await w.gm.storage.actions(game_id, kind="table")]
        assert ops[:1] == ["start"] and {"pause", "resume", "extend", "force", "remove", "end"} <= set(ops)
        text = w.standin.transcript(w.channel)
        assert re.search("paused|паузу", text) and re.search("ended|завершил", text)


async def test_a_player_in_the_game_cannot_see_its_state(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        mods = w.guild.role("Mods")
        w.standin.add_member(w.guild, w.users[0], roles=[mods])
        await open_game(w)
        call = await w.slash(w.users[0], "gm state")
        content = call.callbacks[0]["body"]["data"]["content"]
        assert "cannot see" in content or "не показывается" in content
