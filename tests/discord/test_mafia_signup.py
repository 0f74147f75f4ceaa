"""Mafia of Heroes sign-up through the stand-in: Join starts a private conversation (the three
conditions, the wanted public role, the spare, the Student's secret colour), the seat comes only
with the agreement, a role already wanted is shown as taken, the anonymous lobby never says who,
forged custom ids are refused, the questions survive a restart, and the public roles follow the
wishes when the game starts."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.discord.app import GameMasterBot
from bot.i18n import t
from tests.discord.mafia_play import answered
from tests.discord.world import WINDOW, World, world
from tests.discord_standin import DiscordStandIn, InteractionRecord, Message, User, start_bot


def reply(w: World, call: InteractionRecord) -> str:
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return str(call.callbacks[0]["body"].get("data", {}).get("content", ""))


def signup_ids(message: Message) -> list[str]:
    return [str(c.get("custom_id")) for c in message.all_components()
            if str(c.get("custom_id", "")).startswith(("gmja|", "gmjs|"))]


def question(w: World, user: User) -> Message | None:
    """The user's sign-up question: the newest ephemeral message of theirs carrying sign-up components."""
    for message in reversed(w.standin.channel_view(w.channel, user)):
        if message.ephemeral and signup_ids(message):
            return message
    return None


async def press_join(w: World, user: User, lobby_id: int) -> InteractionRecord:
    lobby_message = next(m for m in w.standin.channel_view(w.channel) if f"gmj|{lobby_id}" in str(m.buttons))
    call = await w.standin.click(user, custom_id=f"gmj|{lobby_id}", message=lobby_message)
    await answered(w, call)
    assert not call.errors, call.callbacks
    return call


async def answer(w: World, user: User, value: str) -> InteractionRecord:
    """Answer the user's open sign-up question: its button with `value`, else its select."""
    message = question(w, user)
    assert message is not None, w.standin.transcript(w.channel, user)
    assert message.visible_for(user.id) and all(not message.visible_for(u.id) for u in w.users if u != user)
    button = next((b for b in message.buttons if str(b.get("custom_id", "")).endswith(f"|{value}")
                   and str(b.get("custom_id", "")).startswith("gmja|")), None)
    if button is not None:
        call = await w.standin.click(user, custom_id=str(button["custom_id"]), message=message)
    else:
        menu = next(i for i in signup_ids(message) if i.startswith("gmjs|"))
        call = await w.standin.select(user, [value], custom_id=menu, message=message)
    await answered(w, call)
    assert not call.errors, call.callbacks
    return call


async def sign_up(w: World, user: User, lobby_id: int, values: list[str]) -> Message:
    """Join and give `values` in order; the final state of the conversation's message."""
    await press_join(w, user, lobby_id)
    message = question(w, user)
    assert message is not None
    for value in values:
        await answer(w, user, value)
    return w.standin.message(message.id)


def role_options(message: Message) -> dict[str, str]:
    return {o["value"]: o["label"] for menu in message.selects for o in menu.get("options", [])}


async def open_mafia(w: World, **options: object) -> int:
    created = await w.slash(w.users[0], "mafia new", **options)
    assert not created.errors
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.game == "mafia"
    return row.id


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "cogs", "discord"))]


async def test_players_sign_up_privately_and_the_public_roles_follow_their_wishes(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 3, locales=("en-US",), standin=standin) as w:
        host, second, third = w.users
        created = await w.slash(host, "mafia new", mode="open", pace="forum")
        lobby_id = (await w.gm.lobby.current(w.channel.id)).id  # type: ignore[union-attr]
        # the host's answer opens the sign-up: the host takes a seat only by agreeing, like everyone
        opening = w.standin.message(created.original_message_id)
        assert "no seat yet" in opening.text and opening.ephemeral
        assert [b["label"] for b in opening.buttons] == ["I accept the conditions", "I do not accept (no seat)"]
        assert (await w.gm.lobby.current(w.channel.id)).seats == []  # type: ignore[union-attr]
        assert t("en", "mafia-signup-condition-3") in reply(w, created)
        for value in ("yes", "hero", "alien"):
            await answer(w, host, value)
        done = w.standin.message(created.original_message_id)
        assert "You joined game" in done.text and not done.components, done.text
        assert "Public roles wanted" in w.standin.transcript(w.channel) or "Выбранные явные роли" in \
            w.standin.transcript(w.channel)

        # the second player sees the Hero as taken, wants it anyway, then the Student as the spare:
        # only then is the secret colour asked, in the same private message
        await press_join(w, second, lobby_id)
        await answer(w, second, "yes")
        roles = role_options(question(w, second))  # type: ignore[arg-type]
        assert len(roles) == 22 and "~none" in roles, "21 public roles and no wish, in one select"
        assert "🔒" in roles["hero"] and "🔒" not in roles["alien"], "only the wanted role counts as taken"
        await answer(w, second, "hero")
        spare = role_options(question(w, second))  # type: ignore[arg-type]
        assert "hero" not in spare and "student" in spare
        await answer(w, second, "student")
        colour = question(w, second)
        assert colour is not None and "colour" in colour.text.lower() and colour.ephemeral
        assert [b["custom_id"].rsplit("|", 1)[1] for b in colour.buttons] == ["attack", "support", "information"]
        await answer(w, second, "support")
        assert question(w, second) is None, "nothing more is asked"

        # declining the conditions: a clear answer, no seat
        await press_join(w, third, lobby_id)
        await answer(w, third, "~none")
        ended = [m for m in w.standin.channel_view(w.channel, third) if m.ephemeral][-1]
        assert t("en", "mafia-error-consent") in ended.text and "no seat" in ended.text and not ended.components
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and [s["user_id"] for s in row.seats] == [host.id, second.id]
        assert row.seats[1]["join"] == {"role": "hero", "spare": "student", "colour": "support", "consent": True}
        # the secret colour is nowhere public
        channel = w.standin.transcript(w.channel)
        assert "support" not in channel.lower() and "поддержк" not in channel.lower()
        assert "Поддержка" not in channel

        # /join again while seated: refused before any question
        again = await w.slash(second, "join")
        assert t("en", "lobby-already-joined") in reply(w, again)

        bots = await w.slash(host, "addbot", count=8)
        assert not bots.errors
        await w.slash(host, "start")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.status == "running", w.standin.transcript(w.channel)
        game = w.game(row.id)
        assert game is not None and len(game.seats) == 10
        state = game.state
        assert state.seats[0].public_role == "hero", "first come, first served"
        assert state.seats[1].public_role == "student" and state.seats[1].student_colour == "support"
        assert len({s.public_role for s in state.seats}) == 10
        await w.standin.settle()
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_the_anonymous_lobby_never_says_who(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 4, locales=("en-US", "ru"), standin=standin) as w:
        lobby_id = await open_mafia(w, mode="anonymous")
        await answer(w, w.users[0], "yes")
        await answer(w, w.users[0], "hero")
        await answer(w, w.users[0], "~none")
        await sign_up(w, w.users[1], lobby_id, ["yes", "alien", "hero"])
        await sign_up(w, w.users[2], lobby_id, ["yes", "~none", "~none"])
        await sign_up(w, w.users[3], lobby_id, ["yes", "monk", "~none"])
        left = await w.slash(w.users[3], "leave")
        assert not left.errors
        await w.slash(w.users[0], "addbot", count=3)
        status = await w.slash(w.users[1], "status")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and len(row.seats) == 6 and row.status == "lobby"
        public = [m for m in w.standin.channel_view(w.channel) if not m.ephemeral]
        text = "\n".join(m.text for m in public)
        assert text.count("A player signed up") + text.count("Записался ещё один игрок") == 4
        assert "Hero" in text or "Герой" in text, "the public roles taken are shown"
        bot_names = [s["name"] for s in row.seats if s.get("bot")]
        for message in [*public, w.standin.message(status.original_message_id)]:
            for user in w.users:
                for trace in (user.username, str(user.id), user.mention, f"<@!{user.id}>"):
                    assert trace not in message.text, (trace, message.text)
            for name in bot_names:
                assert name not in message.text, (name, message.text)
            assert not message.pings["users"]
        await w.standin.settle()


async def test_forged_sign_up_ids_are_refused_and_give_no_seat(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 2, locales=("en-US",), standin=standin) as w:
        lobby_id = await open_mafia(w)
        user = w.users[1]
        await press_join(w, user, lobby_id)
        real = question(w, user)
        assert real is not None
        # ids the message does not carry, or no template matches: "not understood"
        for forged in (f"gmja|{lobby_id}||hero", f"gmja|{lobby_id}|yes|hero", "gmja|x||yes",
                       f"gmjs|{lobby_id}|a|b|c", f"gmja|{lobby_id}|{'.'.join(['yes'] * 20)}|yes"):
            data = {"custom_id": forged, "component_type": 2}
            call = await w.standin._component_interaction(user, real, data, None)
            await call.wait_response()
            assert not call.errors and reply(w, call) == t("en", "error-malformed"), forged
        # ids our components would take, on a message carrying them, whose answers do not fit the questions
        forged_ids = [
            f"gmja|{lobby_id}|yes|wizard",  # no such role
            f"gmja|{lobby_id}|~none|hero",  # no question after declining
            f"gmja|{lobby_id}|yes.hero|hero",  # the spare cannot be the wanted role
            f"gmja|{lobby_id}|yes.hero.alien|attack",  # no colour asked without the Student
            f"gmja|{lobby_id}|maybe|hero",
        ]
        buttons = [{"type": 2, "style": 1, "label": str(n), "custom_id": i} for n, i in enumerate(forged_ids)]
        fake = w.standin._create_message(
            w.channel, {"content": "forged", "components": [{"type": 1, "components": buttons}]}, []
        )
        for forged in forged_ids:
            call = await w.standin.click(user, custom_id=forged, message=fake)
            await call.wait_response()
            assert not call.errors and reply(w, call) == t("en", "lobby-signup-expired"), forged
        # a lobby that is not this channel's (or no longer exists)
        other = [{"type": 2, "style": 1, "label": "x", "custom_id": "gmja|987654||yes"}]
        stale = w.standin._create_message(
            w.channel, {"content": "old", "components": [{"type": 1, "components": other}]}, []
        )
        call = await w.standin.click(user, custom_id="gmja|987654||yes", message=stale)
        await call.wait_response()
        assert not call.errors and w.standin.message(stale.id).text == t("en", "lobby-button-stale", id=987654)
        # a select answered with a value it does not offer is refused the same way
        select = [{"type": 3, "custom_id": f"gmjs|{lobby_id}|yes", "options": [{"label": "W", "value": "wizard"}]}]
        fake_select = w.standin._create_message(
            w.channel, {"content": "forged", "components": [{"type": 1, "components": select}]}, []
        )
        call = await w.standin.select(user, ["wizard"], custom_id=f"gmjs|{lobby_id}|yes", message=fake_select)
        await call.wait_response()
        assert not call.errors and reply(w, call) == t("en", "lobby-signup-expired")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.seats == [], "nobody got a seat"
        # the real conversation still works
        for value in ("yes", "lucky", "~none"):
            await answer(w, user, value)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and [s["user_id"] for s in row.seats] == [user.id]
        await w.standin.settle()
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_a_sign_up_question_survives_a_restart(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 2, locales=("en-US",), standin=standin) as w:
        lobby_id = await open_mafia(w)
        user = w.users[1]
        await press_join(w, user, lobby_id)
        await answer(w, user, "yes")
        await answer(w, user, "student")
        settings, channel = w.bot.settings, w.channel
        message = question(w, user)
        assert message is not None
    bot = GameMasterBot(settings, outbox_window=WINDOW)
    run = await start_bot(bot, standin)
    try:
        menu = next(i for i in signup_ids(message) if i.startswith("gmjs|"))
        call = await standin.select(user, ["banker"], custom_id=menu, message=standin.message(message.id))
        await call.wait_response()
        assert not call.errors
        colour = standin.message(message.id)
        click = await standin.click(user, custom_id=f"gmja|{lobby_id}|yes.student.banker|attack", message=colour)
        await click.wait_response()
        await standin.settle()
        row = await bot.game_master.lobby.current(channel.id)
        assert row is not None and row.seats[0]["join"] == {
            "role": "student", "spare": "banker", "colour": "attack", "consent": True}
    finally:
        await bot.game_master.drained()
        await run.stop()
