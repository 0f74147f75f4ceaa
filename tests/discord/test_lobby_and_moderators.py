"""The lobby and moderator commands through the stand-in: closed DMs mid-game, the private
view button, bad house rules, one game per channel, rules, replace, rollback and settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord.world import open_game, world


def answer_text(w, call) -> str:  # type: ignore[no-untyped-def]
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return call.callbacks[0]["body"]["data"]["content"]


async def test_dms_closed_mid_game_the_channel_is_told_and_the_button_still_works(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        # everyone but player 3 chooses; then player 3 closes their DMs before the next circle
        quiet = w.users[3]
        for prompt in [p for p in game.state.prompts if w.user_of(game, p.seat) != quiet]:
            await w.answer(game, prompt, prompt.options[0].value)
        w.standin.close_dms(quiet)
        # a follow-up of their own click still reaches them; the ordinary DM (their click's token past its
        # 15 minutes, bot/discord/replies.py) does not
        w.gm.replies.enabled = False
        prompt = next(p for p in game.state.prompts if w.user_of(game, p.seat) == quiet)
        await w.answer(game, prompt, prompt.options[0].value)  # its old DM button still answers
        await w.standin.wait_for(
            lambda: any("could not send a private message" in m.text or "Не удалось отправить" in m.text
                        for m in w.standin.channel_view(w.channel)),
            timeout=10, what="the channel to be told about the closed DMs",
        )
        # the fallback: the status message's button shows the private view with the prompt
        status = next(m for m in reversed(w.standin.channel_view(w.channel)) if "🂠" in str(m.buttons))
        view_click = await w.standin.click(quiet, custom_id=f"gmv|{game_id}", message=status)
        await view_click.wait_response()
        private = w.standin.channel_view(w.channel, quiet)[-1]
        assert private.ephemeral and private.buttons, "the private view carries the prompt's buttons"
        mine = next(p for p in game.state.prompts if w.user_of(game, p.seat) == quiet)
        click = await w.standin.click(quiet, custom_id=f"gm|{game_id}|{mine.id}|{mine.options[0].value}",
                                      message=private)
        await click.wait_response()
        assert not click.errors
        assert game.state.prompt(mine.id) is None or game.state.prompt(mine.id).answered
        for other in w.users[:3]:
            assert private.visible_for(quiet.id) and not private.visible_for(other.id)


async def test_bad_house_rules_are_refused_with_the_reason_and_nothing_is_created(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        call = await w.slash(w.users[0], "sword-of-lies new", small_blind=50, big_blind=20)
        assert "small_blind" in answer_text(w, call)
        assert await w.gm.lobby.current(w.channel.id) is None
        with pytest.raises((ValueError, LookupError, AssertionError)):  # Discord itself refuses out-of-range values
            await w.standin.invoke_slash(w.users[0], "cookie new", channel=w.channel, options={"choose_seconds": 5})


async def test_one_game_per_channel_several_per_server_and_rules(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        busy = await w.slash(w.users[1], "maskmen new")
        assert "already has a game" in answer_text(w, busy) or "уже есть игра" in answer_text(w, busy)
        other = w.standin.add_channel(w.guild, "second-table")
        call = await w.standin.invoke_slash(w.users[1], "maskmen new", channel=other)
        await call.wait_response()
        await w.standin.settle()
        assert (await w.gm.lobby.current(other.id)) is not None
        english = await w.slash(w.users[0], "rules")
        assert "Cookie" in answer_text(w, english)
        russian = await w.slash(w.users[1], "rules", game="maskmen")
        assert "сезон" in answer_text(w, russian).lower()


async def test_replace_rollback_and_settings(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        for prompt in list(game.state.prompts)[:2]:
            await w.answer(game, prompt, prompt.options[0].value)
        newcomer = w.users[4]
        await w.slash(w.moderator, "gm replace", player=w.users[1], member=newcomer)
        assert game.seat_of(newcomer.id) == 1 and game.seat_of(w.users[1].id) is None
        await w.slash(w.moderator, "gm rollback", step=0)
        assert game.state.step == 0 and not any(p.answered for p in game.state.prompts)
        settings = await w.slash(w.moderator, "gm settings", language="ru", deadline="choose", seconds=30)
        assert "ru" in answer_text(w, settings)
        helper_role = w.standin.add_role(w.guild, "Game Masters")
        await w.slash(w.moderator, "gm settings", gm_role=helper_role)
        w.standin.add_member(w.guild, w.users[2], roles=[helper_role])
        allowed = await w.slash(w.users[2], "gm list")
        assert f"#{game_id}" in answer_text(w, allowed) or f"№{game_id}" in answer_text(w, allowed)
        await w.slash(w.moderator, "gm end")
        second = w.standin.add_channel(w.guild, "next")
        call = await w.standin.invoke_slash(w.users[0], "cookie new", channel=second)
        await call.wait_response()
        await w.standin.settle()
        row = await w.gm.lobby.current(second.id)
        assert row is not None and row.language == "ru" and row.options["choose_seconds"] == 30


async def test_a_closed_dms_tell_that_meets_the_database_away_is_told_at_the_next_refusal(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        quiet = w.users[3]
        outboxes = w.gm.outboxes
        tell = outboxes.tell_moderators
        failures = [ConnectionRefusedError("the database restarts")]

        async def once_away(*args, **kwargs):  # type: ignore[no-untyped-def]
            if failures:
                raise failures.pop()
            return await tell(*args, **kwargs)

        monkeypatch.setattr(outboxes, "tell_moderators", once_away)
        await outboxes.dms_closed_mid_game(quiet.id)  # its tell meets the database away: a warning, no more
        await outboxes.dms_closed_mid_game(quiet.id)  # the next refused DM tells it
        await w.standin.wait_for(
            lambda: sum("Не удалось отправить" in m.text or "could not send a private message" in m.text
                        for m in w.standin.channel_view(w.channel)) == 1,
            timeout=10, what=f"game {game_id}'s channel to be told once about the closed DMs",
        )
        await outboxes.dms_closed_mid_game(quiet.id)
        await w.gm.drained()
        await w.standin.settle()
        assert sum("Не удалось отправить" in m.text or "could not send a private message" in m.text
                   for m in w.standin.channel_view(w.channel)) == 1, "told once per game"
