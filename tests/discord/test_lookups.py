"""Players learn roles and cards from the bot, and commands that take a game's number offer the server's
games — through the stand-in, as members type in English and in Russian:

- `/mafia role`, `/mafia card`, `/castle card` autocomplete names in the reader's language (the other
  language's names work too), at most 25 choices of at most 100 characters, a stable key as the value;
  the answer is the data files' full text, only for the member who asked; a name that is none of them is
  answered with the nearest names;
- `/gm …` offers a moderator this server's running games (`/gm export` its finished ones too), `/history
  game:` the finished ones, newest first, labelled "#12 Cookie — running — #general" in the reader's
  language, the channel named only for a member who can see it; a failing autocomplete answers nothing
  and is logged;
- a Mafia order sheet's card step is a select whose options show each card's effect.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.lookups import FINISHED_WINDOW, MAX_CHOICE_NAME, MAX_CHOICES
from bot.discord.presenting import short_form
from cogs.castle import CARDS as CASTLE_CARDS
from cogs.mafia import CARDS as MAFIA_CARDS
from cogs.mafia import ROLES
from games.mafia.state import MafiaState
from tests.discord.mafia_world import advance, at, sheet_prompt, start_mafia
from tests.discord.world import World, open_game, world
from tests.discord_standin import Channel, Message, User
from tests.discord_standin.models import MANAGE_ROLES, MANAGE_THREADS


async def typed(w: World, user: User, command: str, option: str, text: str, **others: Any) -> list[dict[str, Any]]:
    """The choices the bot offers while `user` types `text` into `option` of `/command`."""
    call = await w.standin.autocomplete(user, command, option, channel=w.channel, options={**others, option: text})
    answer = await call.wait_response()
    assert answer["type"] == 8, answer
    offered: list[dict[str, Any]] = answer["body"]["data"]["choices"]
    assert len(offered) <= MAX_CHOICES and all(len(c["name"]) <= MAX_CHOICE_NAME for c in offered), offered
    return offered


def values(offered: list[dict[str, Any]]) -> list[Any]:
    return [choice["value"] for choice in offered]


async def asked(w: World, user: User, command: str, **options: Any) -> str:
    """What the bot answers `user` to `/command`; the answer is ephemeral: nobody else sees it."""
    call = await w.standin.invoke_slash(user, command, channel=w.channel, options=options)
    await call.wait_response()
    assert not call.errors, call.callbacks
    message = w.standin.message(call.original_message_id)
    assert message.ephemeral
    assert message.id not in {m.id for m in w.standin.channel_view(w.channel, w.users[-1])}
    return message.text


@pytest.fixture
def readers(tmp_path: Path, standin):  # type: ignore[no-untyped-def]
    """An English and a Russian member (and one more, who must never see their answers)."""
    return world(tmp_path, 3, standin=standin, locales=("en-US", "ru"))


async def test_roles_and_cards_are_completed_in_the_readers_language_and_answered_privately(readers) -> None:
    async with readers as w:
        english, russian = w.users[0], w.users[1]
        alien = await typed(w, english, "mafia role", "name", "al")
        assert alien[0] == {"name": ROLES.entries("en")[0].label, "value": "alien"}
        assert alien[0]["name"].startswith("Alien — Draws 7")
        assert values(await typed(w, russian, "mafia role", "name", "ПРИШ"))[0] == "alien"
        assert (await typed(w, russian, "mafia role", "name", "приш"))[0]["name"].startswith("Пришелец — ")
        crossed = await typed(w, english, "mafia role", "name", "Пришелец")  # a Russian name, an English reader
        assert crossed[0]["name"].startswith("Alien — ") and crossed[0]["value"] == "alien"
        assert len(await typed(w, english, "mafia role", "name", "")) == 24, "all 24 roles fit"
        every_card = await typed(w, russian, "mafia card", "name", "")
        assert len(every_card) == MAX_CHOICES < len(MAFIA_CARDS.entries("ru")), "30 cards: Discord shows 25"
        strike = await typed(w, russian, "mafia card", "name", "уда")
        assert strike[0] == {"name": "Удар (Атака, цена 0, ночь) — Цель получает 2 урона.", "value": "strike"}
        assert values(await typed(w, english, "castle card", "name", "ахаха")) == ["action:ahaha"]
        assert values(await typed(w, russian, "castle card", "name", "push")) == ["skirmish:eject", "skirmish:robbery"]
        assert await typed(w, english, "mafia role", "name", "zzz") == []

        assert await asked(w, english, "mafia role", name="alien") == (
            "🎭 **Alien** — a public role\nDraws 7 at the start. Dies with 1 card or fewer.")
        assert await asked(w, russian, "mafia role", name="boss") == ROLES.text("ru", "boss")
        assert ROLES.text("ru", "boss").startswith("🔪 **Босс** — роль Мафии\nЦвет: Информация.")
        strike_text = await asked(w, russian, "mafia card", name="strike")
        assert strike_text == "🃏 Удар (Атака, цена 0, ночь): Цель получает 2 урона."
        assert await asked(w, english, "castle card", name="skirmish:robbery") == (
            "⚔ **Push II: Robbery** — skirmish card (in the deck: 3)\nBase 2. Push beats Trick; Hold beats Push.\n"
            "🏆 Win effect: take a random action card from one loser's hand.")
        # the Russian names of the commands and the option, and a name typed without choosing
        assert await asked(w, russian, "мафия роль", **{"название": "Пришелец"}) == ROLES.text("ru", "alien")
        second_wind = await asked(w, english, "castle card", name="second wind")
        assert second_wind == CASTLE_CARDS.text("en", "action:second_wind")


async def test_a_name_that_is_none_of_them_is_answered_with_the_nearest(readers) -> None:
    async with readers as w:
        english, russian = w.users[0], w.users[1]
        wrong = await asked(w, english, "mafia role", name="Alein")
        assert wrong.startswith("There is no role “Alein”. Did you mean: Alien — ")
        several = await asked(w, russian, "mafia card", name="ар")  # Поджог? Удар? several contain it
        assert several.startswith("Карты «ар» в игре нет. Возможно, вы имели в виду: ")
        nothing = await asked(w, english, "castle card", name="qqqqqq")
        assert nothing == "There is no card “qqqqqq”. Start typing a card's name and pick it from the list."
        mention = await asked(w, english, "mafia card", name="@everyone **x**")
        assert "@everyone" not in mention.replace("@\u200beveryone", "") and "\\*\\*x\\*\\*" in mention


async def hide_channel_from(w: World, channel: Channel, user: User) -> None:
    """A permission overwrite, set as a server admin would: `user` cannot see `channel`."""
    w.standin.bot_role(w.guild).permissions |= MANAGE_ROLES
    bot_channel = w.bot.get_channel(channel.id)
    assert isinstance(bot_channel, discord.TextChannel)
    hidden = discord.Permissions(view_channel=True).value
    await w.bot.http.edit_channel_permissions(channel.id, user.id, "0", str(hidden), 1)  # 1: a member's overwrite
    await w.standin.wait_for(lambda: any(target.id == user.id for target in bot_channel.overwrites),
                             what="the overwrite")


async def test_game_numbers_offer_this_servers_games_to_whoever_may_use_them(tmp_path: Path, standin, caplog) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US", "ru")) as w:
        running = await open_game(w)  # Cookie in #general
        back_room = w.standin.add_channel(w.guild, "back-room")
        lobby = await w.standin.invoke_slash(w.users[0], "castle new", channel=back_room)
        await lobby.wait_response()
        await w.standin.settle()
        storage = w.gm.storage
        elsewhere = await storage.create_game(game="castle", status="running", seed=1, options={}, seats=[],
                                              language="en", guild_id=w.guild.id + 1, channel_id=back_room.id)
        finished = [
            await storage.create_game(game="maskmen", status="finished", seed=n, options={}, seats=[], language="en",
                                      guild_id=w.guild.id, channel_id=back_room.id)
            for n in range(FINISHED_WINDOW + 5)
        ]
        await storage.create_game(game="castle", status="finished", seed=0, options={}, seats=[], language="en",
                                  guild_id=w.guild.id + 1)
        moderator, player, russian = w.moderator, w.users[0], w.users[1]

        offered = await typed(w, moderator, "gm pause", "game_id", "")
        assert offered == [{"name": f"#{running} Cookie — running — #general", "value": running}]
        assert elsewhere not in values(offered), "another server's game"
        exported = values(await typed(w, moderator, "gm export", "game_id", ""))
        assert exported[0] == running and exported[1:] == finished[::-1][: MAX_CHOICES - 1], "running, then newest"
        assert await typed(w, player, "gm pause", "game_id", "") == [], "the /gm commands are for moderators"

        history = await typed(w, russian, "history", "game", "")
        assert values(history) == finished[::-1][:MAX_CHOICES], "the newest finished games first"
        assert history[0]["name"] == f"#{finished[-1]} Маскмены — окончена — #back-room"
        oldest = await typed(w, player, "history", "game", str(finished[0]))  # older than the newest FINISHED_WINDOW
        assert values(oldest)[0] == finished[0]
        assert values(await typed(w, player, "history", "game", "маскм"))[:2] == finished[::-1][:2]

        await hide_channel_from(w, back_room, russian)
        assert (await typed(w, russian, "history", "game", ""))[0]["name"] == f"#{finished[-1]} Маскмены — окончена"

        async def broken(*args: object, **kwargs: object) -> object:
            raise RuntimeError("the database is down")

        storage.finished_games = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="bot.discord.lookups"):
            assert await typed(w, player, "history", "game", "1") == []
        assert any("autocomplete of /history failed" in r.getMessage() for r in caplog.records)


async def test_an_order_sheets_card_options_show_each_cards_effect(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 1, standin=standin, locales=("en-US",)) as w:
        game = await start_mafia(w, 1, bots=9)
        await advance(w, game, at("night", 1))
        call = await w.answer(game, sheet_prompt(game, 0), "~edit:hand")
        assert not call.errors
        await w.standin.settle()
        prompt = sheet_prompt(game, 0)
        assert prompt.key == "mafia-ask-hand"
        state = game.state
        assert isinstance(state, MafiaState)
        hand = {str(card.id): card.key for card in state.seats[0].hand}
        menu_id = f"gms|{game.id}|{prompt.id}"

        def with_the_menu() -> Message | None:
            return next((m for m in reversed(w.standin.dm_view(w.users[0]))
                         if any(menu.get("custom_id") == menu_id for menu in m.selects)), None)

        message = await w.standin.wait_for(with_the_menu, timeout=10, what="the hand step's select")
        options = {o["value"]: o for menu in message.selects for o in menu["options"]}
        shown = {value: option for value, option in options.items() if value in hand}
        assert shown, message
        for value, option in shown.items():
            line = MAFIA_CARDS.text("en", hand[value])  # "🃏 Strike (Attack, cost 0, night): The target takes…"
            assert option["label"] in line and "cost" in option["label"]
            assert option["description"] == line.split("): ", 1)[1] and len(option["description"]) <= 100
        assert options["none"]["label"] == "No card" and "description" not in options["none"]


def test_an_options_description_is_one_short_line_cut_cleanly() -> None:
    two = "The target takes 2 damage now and 2 more at the end of the next phase. " * 2
    assert short_form(two) == "The target takes 2 damage now and 2 more at the end of the next phase. …"
    one = "A sentence that keeps going " + "and going " * 12 + "until it ends."
    cut = short_form(one)
    assert len(cut) <= 100 and cut.endswith("…") and one.startswith(cut[:-1].rstrip())
    assert short_form("Fits whole.") == "Fits whole."


async def test_a_private_threads_name_is_offered_only_to_its_members_and_thread_managers(
    tmp_path: Path, standin
) -> None:
    """/history game: names a game's channel to whoever can see it; a private thread (which Discord's
    permissions alone do not hide: a thread has its channel's) only to its members and to members with
    Manage Threads there."""
    async with world(tmp_path, 3, standin=standin, locales=("en-US", "ru")) as w:
        member, outsider, manager = w.users
        parent = w.bot.get_channel(w.channel.id)
        assert isinstance(parent, discord.TextChannel)
        thread = await parent.create_thread(name="secret-plans", type=discord.ChannelType.private_thread)
        await thread.add_user(discord.Object(member.id))
        w.standin.add_member(w.guild, manager, roles=[w.standin.add_role(w.guild, "Thread keepers",
                                                                         permissions=MANAGE_THREADS)])
        game_id = await w.gm.storage.create_game(game="maskmen", status="finished", seed=1, options={}, seats=[],
                                                 language="en", guild_id=w.guild.id, channel_id=thread.id)
        shown = {user.id: (await typed(w, user, "history", "game", str(game_id)))[0]["name"]
                 for user in (member, outsider, manager)}
        assert shown[member.id] == f"#{game_id} Maskmen — finished — #secret-plans"
        assert "secret-plans" not in shown[outsider.id] and shown[outsider.id].startswith(f"#{game_id} Маскмены")
        assert shown[manager.id] == f"#{game_id} Maskmen — finished — #secret-plans"
