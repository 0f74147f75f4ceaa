"""Issue 12's finish through the stand-in: slash-command names in Russian, bot seats and the Join
button in a lobby, "you" in DMs and ephemeral views, and disabled choices showing their reason."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from bot.discord.presenting import prompt_content, prompt_view
from bot.i18n import catalog
from bot.live import Step
from games.core import Event, Option, Prompt, Refusal
from games.core.model import seat
from tests.discord.world import World, open_game, world

LOCALIZED = {
    "cookie": "печенька", "maskmen": "маскмены", "sword-of-lies": "меч-лжи", "castle": "замок",
    "join": "присоединиться", "start": "старт", "rules": "правила", "addbot": "добавить-бота",
}


def answer_text(w: World, call) -> str:  # type: ignore[no-untyped-def]
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return call.callbacks[0]["body"]["data"]["content"]


def discord_name(name: str) -> bool:
    """Discord's rule for command, group and option names: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$,
    lowercase where the script has case."""
    return 1 <= len(name) <= 32 and name == name.lower() and all(
        c in "-_" or unicodedata.category(c)[0] in "LN" or unicodedata.category(c) in ("Mn", "Mc")
        for c in name
    )


def _names(entry: dict) -> list[tuple[str, str | None]]:  # type: ignore[type-arg]
    """(English, Russian) for an entry and everything under it (options, subcommands)."""
    found = [(entry["name"], (entry.get("name_localizations") or {}).get("ru"))]
    for option in entry.get("options") or []:
        found += _names(option)
    return found


async def test_slash_commands_have_russian_names_that_discord_accepts_and_answer_in_russian(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        registered = [c for scope in standin.commands.values() for c in scope.values()]
        names = dict(pair for c in registered for pair in _names(c))
        for english, russian in LOCALIZED.items():
            assert names.get(english) == russian, (english, names.get(english))
        for english, russian in names.items():
            assert russian is not None, f"{english} has no Russian name (data/locales/ru/commands.ftl)"
            assert discord_name(russian), f"{english}: {russian!r} breaks Discord's name rule"
        for command in registered:  # names are unique within a command once translated, as Discord requires
            for entry in [command, *(command.get("options") or [])]:
                options = entry.get("options") or []
                localized = [(o.get("name_localizations") or {}).get("ru", o["name"]) for o in options]
                assert len(localized) == len(set(localized)), localized
        # the catalogs: every Russian name entry obeys the rule, English names are the code's own
        russian, english = catalog("ru"), catalog("en")
        for key in sorted(k for k in russian.keys if k.startswith(("name-", "param-"))):
            assert discord_name(russian.text(key)), key
            assert english.text(key) == key.split("-", 1)[1], key
        # a Russian player types the Russian names (with a Russian option name), the bot answers
        host = w.users[1]  # locale "ru"
        created = await w.slash(host, "печенька новая", **{"секунд-на-выбор": 45})
        assert not created.errors
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.game == "cookie" and row.options["choose_seconds"] == 45
        rules = await w.slash(host, "правила", **{"игра": "maskmen"})
        assert "сезон" in answer_text(w, rules).lower()


async def test_bot_seats_and_the_join_button_let_three_friends_play_a_four_player_game(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        host, friend, clicker, stranger = w.users
        await w.slash(host, "cookie new")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        await w.slash(friend, "join")
        # the lobby's message carries Join: one click seats the player (after the test DM)
        lobby_message = w.message_with(f"gmj|{row.id}", clicker, public=True)
        assert lobby_message is not None, w.standin.transcript(w.channel)
        dms_before = len(w.standin.dm_view(clicker))
        click = await w.standin.click(clicker, custom_id=f"gmj|{row.id}", message=lobby_message)
        await click.wait_response()
        await w.standin.settle()
        assert not click.errors
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and [s["user_id"] for s in row.seats] == [host.id, friend.id, clicker.id]
        assert len(w.standin.dm_view(clicker)) > dms_before, "the Join button sends the test DM too"
        twice = await w.standin.click(clicker, custom_id=f"gmj|{row.id}", message=lobby_message)
        await twice.wait_response()
        await w.standin.settle()
        assert "already" in answer_text(w, twice) or "уже" in answer_text(w, twice)
        # closed DMs: the button refuses like /join does
        w.standin.close_dms(stranger)
        closed = await w.standin.click(stranger, custom_id=f"gmj|{row.id}", message=lobby_message)
        await closed.wait_response()
        await w.standin.settle()
        assert "Direct Messages" in answer_text(w, closed) or "личные сообщения" in answer_text(w, closed).lower()
        # only the host (or a moderator) adds bots, and only up to the game's maximum (Cookie: 6)
        refused = await w.slash(friend, "addbot")
        assert "host" in answer_text(w, refused) or "ведущий" in answer_text(w, refused)
        too_many = await w.slash(host, "addbot", count=4)
        assert "3" in answer_text(w, too_many)
        added = await w.slash(host, "addbot")
        assert not added.errors
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and len(row.seats) == 4 and row.seats[3]["bot"] and row.seats[3]["user_id"] is None
        assert row.seats[3]["name"] in ("Аня", "Ada")  # the server's language (Russian here) names the bots
        assert row.seats[3]["name"] in w.standin.transcript(w.channel)
        await w.slash(host, "start")
        game = w.game(row.id)
        assert game is not None and game.running and game.seats[3].bot
        # the bot answered its own secret choice at once; the three friends got theirs in DMs
        await w.gm.drained()
        await w.standin.settle()
        assert all(p.answered for p in game.state.prompts if p.seat == 3)
        for user in (host, friend, clicker):
            assert any(m.buttons for m in w.standin.dm_view(user)), f"{user.username} has no prompt"
        # the lobby's message keeps its text and loses its Join button (Discord takes no click on it now);
        # /join says the game has started
        shown = w.standin.message(lobby_message.id)
        assert shown.content == lobby_message.content and not shown.buttons
        late = await w.slash(stranger, "join")
        assert "started" in answer_text(w, late) or "началась" in answer_text(w, late)


async def test_leaving_host_passes_the_lobby_to_a_player_and_bots_alone_keep_no_lobby(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 2, standin=standin) as w:
        host, friend = w.users
        await w.slash(host, "cookie new")
        await w.slash(host, "addbot", count=2)
        await w.slash(friend, "join")
        await w.slash(host, "leave")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.host_id == friend.id
        await w.slash(friend, "leave")
        assert await w.gm.lobby.current(w.channel.id) is None


async def test_dms_and_the_private_view_read_you_while_the_channel_keeps_names(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        await w.gm.drained()
        english = next(i for i, s in enumerate(game.seats) if s.language == "en")
        reader = w.user_of(game, english)
        other = (english + 1) % 4
        # a step with an event private to two seats and the same event in public, through the outbox
        async with game.lock:
            params = {"player": seat(english), "card": {"term": "cookie-card-hill"}}
            events = [
                Event(key="cookie-event-revealed", params=params, to=[english, other]),
                Event(key="cookie-event-revealed", params=params),
            ]
            rows = [r for r in w.gm.planner.plan(Step(game, game.state, events, game.dues, "running", False))
                    if r.kind == "text"]
            await w.gm.storage.add_deliveries(rows)
            w.gm._enqueue(rows)
        await w.gm.drained()
        await w.standin.settle()
        name = game.seats[english].name
        mine = w.standin.transcript(reader)
        assert "You reveal" in mine and f"{name} reveals" not in mine, mine
        theirs = w.standin.transcript(w.user_of(game, other))
        assert f"{name} reveal" in theirs or f"{name} вскрывает" in theirs, theirs
        assert f"{name} вскрывает" in w.standin.transcript(w.channel)  # the server's language is Russian
        # the 🂠 button's private view: the reader's own line reads "You"
        status = next(m for m in reversed(w.standin.channel_view(w.channel)) if "🂠" in str(m.buttons))
        click = await w.standin.click(reader, custom_id=f"gmv|{game_id}", message=status)
        await click.wait_response()
        await w.standin.settle()
        private = w.standin.channel_view(w.channel, reader)[-1]
        assert private.ephemeral and "\nYou: " in "\n" + private.text, private.text
        assert f"\n{name}: " not in "\n" + private.text


async def test_disabled_choices_show_their_reason_on_buttons_and_beside_selects(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        english = next(i for i, s in enumerate(game.seats) if s.language == "en")
        reader = w.user_of(game, english)
        blocker = (english + 1) % 4
        blocked = Refusal(key="cookie-error-blocked-sword", params={"player": seat(blocker)})
        yourself = Refusal(key="cookie-error-yourself")
        buttons = Prompt(
            id="test-buttons", seat=english, ask="one", key="cookie-prompt-place-sword", params={}, deadline="place",
            options=[
                Option(value=str(s), label="cookie-option-player", params={"player": seat(s)},
                       disabled=blocked if s == blocker else yourself if s == english else None)
                for s in range(4)
            ],
        )
        many = buttons.model_copy(update={"id": "test-selects", "options": [
            *buttons.options, *(Option(value=f"x{i}", label="cookie-option-player", params={"player": seat(0)})
                                for i in range(21))
        ]})
        channel_id = await w.gm.dm_channel_id(reader.id)
        dm = w.gm.bot.get_partial_messageable(channel_id)
        for prompt in (buttons, many):
            await dm.send(content=prompt_content(game, prompt, "en", None),
                          view=prompt_view(game, prompt, "en"))
        await w.standin.settle()
        with_buttons, with_selects = w.standin.dm_view(reader)[-2:]
        labels = {b["custom_id"].rsplit("|", 1)[1]: b for b in with_buttons.buttons}
        assert labels[str(blocker)]["disabled"] and "✗" in labels[str(blocker)]["label"]
        assert "Shield already lies in front of you" in labels[str(blocker)]["label"]
        assert labels[str(english)]["disabled"]
        assert "cannot place a card in front of yourself" in labels[str(english)]["label"]
        assert all(len(b["label"]) <= 80 for b in with_buttons.buttons)
        # selects cannot show a disabled option: the message lists what is missing and why
        offered = {o["value"] for menu in with_selects.selects for o in menu["options"]}
        assert str(blocker) not in offered and str(english) not in offered
        assert "Shield already lies in front of you" in with_selects.text
        assert "cannot place a card in front of yourself" in with_selects.text
