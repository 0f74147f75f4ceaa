"""Reliability on a game night's sign-up list, through the stand-in (issue 40 §3): each member who comes is shown
with their reliability as /stats words it, once they have played enough games on the server for it to mean
something; and `/gm settings min_reliability:` refuses a sign-up below it (Join, Maybe, and Join in a game with
sign-up questions before any question is asked) with the lobby's refusal, in the member's language, nothing
saved."""

from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path

from bot.discord.gathering import signup_text
from bot.ratings.holders import END, LEFT
from bot.ratings.maths import Holder, SeatResult
from bot.ratings.record import GameRecord, record_program
from tests.discord.nights_world import controlled_clock, night_of, press, question, signup_message
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import World, world
from tests.discord_standin import User


async def record(w: World, user: User, *, finished: int, left: int) -> None:
    """The member's games on the server: `finished` played to the end, `left` left early."""
    for n in range(finished + left):
        game_id = await w.gm.storage.create_game(game="maskmen", status="finished", seed=n, options={}, seats=[],
                                                 language="ru", guild_id=w.guild.id)
        turns = (Holder(user.id, True, 1.0, END),) if n < finished else (
            Holder(user.id, True, 0.2, LEFT), Holder(None, False, 0.8, END))
        seats = (SeatResult(0, 1, None, (Holder(w.moderator.id, True, 1.0, END),)), SeatResult(1, 2, None, turns))
        await w.gm.storage.write(partial(record_program, GameRecord(game_id, w.guild.id, "maskmen", 1.0, seats)))


async def test_the_sign_up_list_shows_reliability_and_a_sign_up_below_the_servers_is_refused(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 4, locales=("ru", "en-US"), standin=standin) as w:
        controlled_clock(w)
        newcomer, english_flaky, steady, russian_flaky = w.users  # ru, en, ru, en… by the world's locales
        russian_flaky.locale = "ru"
        await record(w, newcomer, finished=2, left=2)  # four games: too few to judge
        await record(w, steady, finished=4, left=1)  # 80%
        for flaky in (english_flaky, russian_flaky):
            await record(w, flaky, finished=1, left=4)  # 20%
        await w.slash(w.moderator, "gm settings", min_reliability=50)
        await w.slash(w.moderator, "schedule", game="castle", when="завтра в 20:00")
        night = await night_of(w)

        for user in (newcomer, steady):
            await press(w, user, night.id, "yes")
        text = (await signup_message(w, night.id)).text
        assert f"За столом: {newcomer.mention}, {steady.mention} (надёжность 80%)" in text, text

        for user, answer in ((english_flaky, "yes"), (english_flaky, "maybe")):
            refused = answer_text(w, await press(w, user, night.id, answer))
            assert "it asks for a reliability of 50%, and yours is 20% (1 of 5 games finished)" in refused
        refused = answer_text(w, await press(w, russian_flaky, night.id, "yes"))
        assert "нужна надёжность от 50%, а у вас 20% (доиграно 1 из 5)" in refused, refused
        signups = await w.gm.nights.store.signups(night.id)
        assert [s.user_id for s in signups] == [newcomer.id, steady.id], "nothing saved"
        assert (await signup_message(w, night.id)).text == text

        english = signup_text(dataclasses.replace(night, language="en"), signups, {steady.id: 80})
        assert f"Seated: {newcomer.mention}, {steady.mention} (reliability 80%)" in english

        await w.slash(w.moderator, "schedule", game="mafia", when="завтра в 21:00")
        mafia = max((n for n in await w.gm.nights.store.upcoming(w.guild.id)), key=lambda n: n.id)
        refused = answer_text(w, await press(w, english_flaky, mafia.id, "yes"))
        assert "it asks for a reliability of 50%" in refused and question(w, english_flaky) is None
