"""Game nights through the stand-in, in Russian, as a new user would meet them: a moderator sets the server's
zone and schedules "Mafia, Friday 20:00" (the autocomplete says how the time was read); eleven members sign
up, seven from the channel with the game's sign-up questions answered ahead and four from the server's Events
list; they are reminded a day and 15 minutes before (by DM; a member whose DMs are closed is mentioned in the
channel instead); at 20:00 the lobby opens with them seated in sign-up order and the game starts when the
last sign-up answer is in; a member who asked with /notify game:castle players:3 is told when a Castle lobby
has three seated. Then: a cancelled night, a server without Manage Events, and every bad input refused in
the member's language with nothing saved."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from bot.gathering import plans
from bot.gathering.model import MAX_UPCOMING
from games.mafia.state import MafiaState
from tests.discord.nights_world import (
    MOSCOW,
    answer,
    controlled_clock,
    dms,
    move_clock,
    night_of,
    press,
    question,
    signup_message,
    the_event,
)
from tests.discord.world import World, world
from tests.discord_standin import GUILDS, DiscordStandIn, InteractionRecord, User
from tests.discord_standin.models import VIEW_CHANNEL, Overwrite
from tests.discord_standin.scheduled_events import ACTIVE, CANCELED, MANAGE_EVENTS, events_of, interested

NO_WISH = "~none"
SIGN_UP = ("yes", NO_WISH, NO_WISH)
"""Mafia's sign-up questions answered: the three conditions accepted, no wanted role, no spare."""


def reply(w: World, call: InteractionRecord) -> str:
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return str(call.callbacks[0]["body"].get("data", {}).get("content", ""))


async def slash_in(w: World, user: User, command: str, channel: Any, **options: object) -> InteractionRecord:
    call = await w.standin.invoke_slash(user, command, channel=channel, options=options or None)
    await call.wait_response()
    await w.standin.settle()
    return call


async def sign_up_ahead(w: World, user: User, night_id: int) -> str:
    """Join on the sign-up message, then the sign-up questions in the same private message."""
    await press(w, user, night_id, "yes")
    message = question(w, user)
    assert message is not None and "только вы" in message.text, w.standin.transcript(w.channel, user)
    for value in SIGN_UP:
        await answer(w, user, value)
    return w.standin.message(message.id).text


async def test_a_mafia_night_from_its_sign_up_to_the_first_move_in_russian(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 12, locales=("ru",), standin=standin) as w:
        w.moderator.locale = "ru"
        clock = controlled_clock(w)
        standin.bot_role(w.guild).permissions |= MANAGE_EVENTS
        zone = await w.slash(w.moderator, "gm settings", timezone="europe/moscow")
        assert "Часовой пояс: Europe/Moscow." in reply(w, zone)

        # the moderator types the time; the autocomplete says how it is read, before it is sent
        typed = await standin.autocomplete(w.moderator, "schedule", "when", channel=w.channel,
                                           options={"game": "mafia", "when": "в пятницу 20:00"})
        await typed.wait_response()
        (choice,) = typed.callbacks[0]["body"]["data"]["choices"]
        assert choice["name"].startswith("пт ") and "20:00 (Europe/Moscow) · через" in choice["name"]
        made = await w.slash(w.moderator, "schedule", game="mafia", when=choice["value"])
        assert "Игровой вечер №1 запланирован" in reply(w, made), reply(w, made)
        night = await night_of(w)
        friday = dt.datetime.fromtimestamp(night.starts_at, MOSCOW)
        assert (friday.weekday(), friday.strftime("%H:%M")) == (4, "20:00") and night.seats == 12
        message = await signup_message(w, night.id)
        assert message.text.startswith("🗓 **Мафия героев**: игровой вечер №1")
        assert f"<t:{int(night.starts_at)}:F>" in message.text, "every time shown is a Discord timestamp"
        assert [b["label"] for b in message.buttons] == ["Пойду", "Может быть", "Не пойду"]
        event = the_event(w)
        assert event.name == "Мафия героев: игровой вечер №1" and event.location == "#general"
        assert dt.datetime.fromisoformat(event.start).timestamp() == night.starts_at

        # seven sign up in the channel and answer the sign-up questions ahead; four press Interested
        players = w.users[:11]
        from_channel, from_events = players[:7], players[7:]
        for user in from_channel:
            done = await sign_up_ahead(w, user, night.id)
            assert "Вы записаны на игровой вечер №1" in done and "Место за столом ваше." in done, done
        for user in from_events:
            await interested(standin, user, event)
        await standin.settle()
        assert all(dms(w, user, "Вам интересна игра «Мафия героев»") for user in from_events)
        await sign_up_ahead(w, from_events[0], night.id)  # one of them answers ahead too
        assert "Придут: 11 из 12 мест" in (await signup_message(w, night.id)).text
        signups = await w.gm.nights.store.signups(night.id)
        assert [s.user_id for s in signups if s.coming] == [u.id for u in players]

        # reminded a day before and 15 minutes before, each once; closed DMs: a mention in the channel
        closed = from_channel[3]
        standin.close_dms(closed)
        await move_clock(w, clock, night.starts_at - 24 * 3600)
        await move_clock(w, clock, night.starts_at - 24 * 3600 + 60)
        for user in players:
            expected = 0 if user is closed else 1
            assert len(dms(w, user, "⏰ Напоминание: «Мафия героев», игровой вечер №1")) == expected, user.username
        mention = [m for m in standin.channel_view(w.channel) if m.text.startswith(f"{closed.mention}, напоминание")]
        assert len(mention) == 1 and closed.id in mention[0].pings["users"], "the mention pings that member"
        await move_clock(w, clock, night.starts_at - 15 * 60)
        assert all(len(dms(w, user, "⏰ Через 15 минут")) == 1 for user in players if user is not closed)

        # 20:00: the lobby opens with the eleven seated in sign-up order; the event is under way
        standin.open_dms(closed)
        await move_clock(w, clock, night.starts_at)
        lobby = await w.gm.lobby.current(w.channel.id)
        assert lobby is not None and lobby.status == "lobby", "three answers are still owed"
        assert [s["user_id"] for s in lobby.seats] == [u.id for u in players]
        assert the_event(w).status == ACTIVE
        transcript = standin.transcript(w.channel)
        assert "🎲 Начинается игровой вечер №1: «Мафия героев»" in transcript and "за столом 11 игроков" in transcript
        owing = from_events[1:]
        assert all(dms(w, u, "🎲 Игровой вечер начался") for u in players if u is not closed)
        assert all("ответьте на вопросы записи" in dms(w, u, "🎲 Игровой вечер начался")[0].text for u in owing)

        # the last sign-up answers are given on the lobby's message; with the last one the game starts
        announcement = next(m for m in standin.channel_view(w.channel) if f"gmj|{lobby.id}" in str(m.buttons))
        for user in owing:
            call = await standin.click(user, custom_id=f"gmj|{lobby.id}", message=announcement)
            await call.wait_response()
            await standin.settle()
            for value in SIGN_UP:
                await answer(w, user, value)
        game = w.game(lobby.id)
        assert game is not None and game.running and isinstance(game.state, MafiaState)
        assert [seat.user_id for seat in game.seats] == [u.id for u in players]
        assert "Вечер начался: его лобби — игра №1." in (await signup_message(w, night.id)).text
        assert not (await signup_message(w, night.id)).buttons

        # call me when 3 are waiting: a Castle lobby in another channel fills
        caller = w.users[11]
        called = await w.slash(caller, "notify", game="castle", players=3)
        assert "когда в лобби игры «Заброшенный Замок Междумирья»" in reply(w, called)
        table = standin.add_channel(w.guild, "castle")
        await slash_in(w, players[0], "castle new", table)
        await slash_in(w, players[1], "join", table)
        assert "🔔 Придут по зову: 1 — когда за столом будет 3 игрока." in standin.transcript(table)
        assert not dms(w, caller, "🔔")
        await slash_in(w, players[2], "join", table)
        (told,) = dms(w, caller, "🔔 В лобби игры «Заброшенный Замок Междумирья»")
        assert "уже 3 игрока" in told.text and f"<#{table.id}>" in told.text
        await slash_in(w, players[3], "join", table)
        assert len(dms(w, caller, "🔔")) == 1, "once per lobby"


async def test_a_cancelled_night_tells_who_signed_up_and_cancels_its_event(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 3, locales=("ru",), standin=standin) as w:
        controlled_clock(w)
        standin.bot_role(w.guild).permissions |= MANAGE_EVENTS
        await w.slash(w.users[0], "schedule", game="castle", when="завтра в 20:00")
        night = await night_of(w)
        await press(w, w.users[1], night.id, "yes")
        await press(w, w.users[2], night.id, "maybe")
        refused = await w.slash(w.users[1], "nights cancel", night=night.id)
        assert "ведущий" in reply(w, refused) and (await night_of(w)).status == "scheduled"
        cancelled = await w.slash(w.users[0], "nights cancel", night=night.id)
        assert "Игровой вечер №1 отменён" in reply(w, cancelled)
        assert dms(w, w.users[1], "❌ Игровой вечер №1") and dms(w, w.users[2], "❌ Игровой вечер №1")
        assert events_of(w.guild)[0].status == CANCELED
        message = await signup_message(w, night.id)
        assert "❌ Этот вечер отменён." in message.text and not message.buttons


async def test_without_manage_events_the_moderators_are_told_once_and_the_sign_up_goes_on(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        controlled_clock(w)
        for when in ("завтра в 20:00", "послезавтра в 20:00"):
            await w.slash(w.users[0], "schedule", game="castle", when=when)
        notices = [m for m in standin.channel_view(w.channel) if "«Управлять событиями»" in m.text]
        assert len(notices) == 1, standin.transcript(w.channel)
        assert events_of(w.guild) == []
        nights = await w.gm.nights.store.upcoming(w.guild.id)
        assert len(nights) == 2 and all(n.meta.get("event") == "refused" for n in nights)
        for night in nights:
            assert (await signup_message(w, night.id)).buttons, "the sign-up messages stay"


async def test_bad_input_is_refused_in_the_members_language_and_nothing_is_saved(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru", "en-US"), standin=standin) as w:
        controlled_clock(w)
        russian, english = w.users
        hidden = standin.add_channel(w.guild, "mods-only")  # @everyone may not view it; the bot may
        hidden.overwrites[w.guild.id] = Overwrite(id=w.guild.id, type=0, deny=VIEW_CHANNEL)
        bot_role = standin.bot_role(w.guild).id
        hidden.overwrites[bot_role] = Overwrite(id=bot_role, type=0, allow=VIEW_CHANNEL)
        await standin.dispatch("CHANNEL_UPDATE", hidden.payload(), guild_id=w.guild.id, intent=GUILDS)
        cases = [
            (russian, {"game": "castle", "when": "вчера в 20:00"}, "уже прошло"),
            (english, {"game": "castle", "when": "yesterday 20:00"}, "is past"),
            (russian, {"game": "castle", "when": "когда-нибудь"}, "не понимаю, какое это время"),
            (russian, {"game": "castle", "when": "завтра в 20:00", "players": 5}, "за столом 3–4 игрока, не 5"),
            (english, {"game": "mafia", "when": "tomorrow 20:00", "players": 9}, "seats 10–12 players, not 9"),
            (russian, {"game": "castle", "when": "завтра в 20:00", "channel": hidden}, "Вам не виден этот канал"),
        ]
        for user, options, expected in cases:
            call = await w.slash(user, "schedule", **options)
            assert expected in reply(w, call), (options, reply(w, call))
        assert await w.gm.nights.store.upcoming(w.guild.id) == []
        zone = await w.slash(russian, "settings", timezone="Марс/Олимп")
        assert "такого часового пояса нет" in reply(w, zone)
        assert await w.gm.nights.store.member_zone(russian.id) is None
        mine = await w.slash(russian, "settings", timezone="Asia/Vladivostok")
        assert "Asia/Vladivostok" in reply(w, mine)
        too_many = await w.slash(russian, "notify", game="castle", players=9)
        assert "не больше 4 игроков, не 9" in reply(w, too_many)
        assert await w.gm.nights.store.subscriptions(w.guild.id) == []
        await w.slash(english, "notify", game="any")
        off = await w.slash(english, "notify", game="off")
        assert "No more DMs about lobbies (1 removed)" in reply(w, off)

        for day in range(MAX_UPCOMING):  # fifty nights of one member, then one more
            await w.gm.nights.store.create({
                "guild_id": w.guild.id, "channel_id": w.channel.id, "host_id": russian.id, "game": "castle",
                "options": {}, "seats": 4, "fill_bots": False, "repeat": None,
                "starts_at": w.gm.nights.clock() + 86400 * (day + 2), "zone": "Europe/Moscow", "language": "ru",
                "meta": {}, "status": "scheduled", "stage": 0, "due": None, "input_key": None,
            }, [])
        call = await w.slash(russian, "schedule", game="castle", when="завтра в 20:00")
        assert "У вас уже 50 запланированных вечеров" in reply(w, call), reply(w, call)
        assert len(await w.gm.nights.store.upcoming(w.guild.id)) == MAX_UPCOMING


async def test_an_event_made_before_a_restart_cut_the_rest_short_is_found_not_made_twice(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_EVENTS
        await w.slash(w.users[0], "schedule", game="castle", when="завтра в 20:00")
        night = await night_of(w)
        made = the_event(w)
        await w.gm.nights.store.update_meta(night.id, event=None)  # as if the bot died before it saved it
        await w.gm.gathering.event.apply(night.id, plans.EventRows.CREATE)
        assert events_of(w.guild) == [made] and (await night_of(w)).event_id == made.id


async def test_a_night_whose_channel_is_deleted_is_cancelled_and_who_signed_up_told(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        controlled_clock(w)
        standin.bot_role(w.guild).permissions |= MANAGE_EVENTS
        await w.slash(w.users[0], "schedule", game="castle", when="завтра в 20:00")
        night = await night_of(w)
        await press(w, w.users[1], night.id, "yes")
        await standin.delete_channel(w.channel)
        await standin.settle()
        assert (await w.gm.nights.store.schedule(night.id)).status == "cancelled"  # type: ignore[union-attr]
        assert dms(w, w.users[1], "❌ Игровой вечер №1")
        assert events_of(w.guild)[0].status == CANCELED
