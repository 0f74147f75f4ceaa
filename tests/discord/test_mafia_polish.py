"""Mafia of Heroes in Discord, the finish around seats and words:

- a seat that changes hands (`/gm replace`) takes its buttons away from the earlier holder: their order
  sheet's DM message says the seat was handed over and carries no components, and a button of theirs
  still on an older message answers "not in this game";
- in anonymous mode the words a player says through the bot are in the game's log, under the public
  role only, in order among the game's events, and in the transcript attached to the final message —
  without a second channel line or a status edit for them;
- a DM names an anonymous seat's public role in the reader's language, not the game's (a reminder, the
  relay's answer)."""

from __future__ import annotations

import json
from pathlib import Path

from bot.i18n import normalize, t
from bot.live import LiveGame, Seat
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_WEBHOOKS, reply
from tests.discord.mafia_world import SEED, advance, at, click, sheet_prompt, start_mafia
from tests.discord.world import World, world
from tests.discord_standin import Message, User


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def role_term(game: LiveGame, seat: int) -> str:
    term = game.public_term(seat)
    assert term is not None, "an anonymous game names the seat by its public role"
    return term


def old_buttons(w: World, user: User, game: LiveGame) -> list[tuple[Message, str]]:
    """The game's buttons still on the user's DM messages (message, custom id)."""
    prefix = f"gm|{game.id}|"
    return [
        (m, str(b["custom_id"])) for m in w.standin.dm_view(user) for b in m.buttons
        if str(b.get("custom_id", "")).startswith(prefix)
    ]


async def start_in_their_languages(w: World, players: int, bots: int = 0, **options: object) -> LiveGame:
    """A game in English whose seats speak their members' Discord languages (then `bots` bot seats)."""
    seats = [Seat(name=u.username, user_id=u.id, language=normalize(u.locale)) for u in w.users[:players]]
    seats += [Seat(name=f"Bot {n + 1}", bot=True) for n in range(bots)]
    return await w.gm.table.start(
        "mafia", seats, options=dict(options), seed=SEED, language="en", guild_id=w.guild.id, channel_id=w.channel.id,
    )


# --- 1. a seat that changes hands ----------------------------------------------------------------
async def test_the_earlier_holders_order_sheet_says_the_seat_was_handed_over_and_has_no_buttons(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 11, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("day", 1))
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState)
        seat = state.mafia_seats()[0]
        old, new = w.users[seat], w.users[10]
        await click(w, game, seat, "~edit:leader")  # the sheet's message is in the middle of an order
        sheet = sheet_prompt(game, seat).sheet
        assert sheet is not None
        channel_id, message_id = w.gm.standing.sheet_messages[(game.id, sheet)]
        assert standin.message(message_id).buttons, "the old holder's sheet is live before the replace"

        call = await w.slash(w.moderator, "gm replace", player=old, member=new)
        assert not call.errors, call.callbacks
        await settled(w)

        retired = standin.message(message_id)
        assert list(retired.all_components()) == [], "no button, no select left on the old holder's sheet"
        said = t("en", "seat-handed-over", game=t("en", "mafia-title"), id=game.id)
        assert retired.content == said
        assert "#" in said and str(game.id) in said, "the message names the game it was part of"
        assert standin.dm_channel(old).id == channel_id
        # the newcomer has the seat's sheet, live
        assert any(b.get("custom_id", "").startswith(f"gm|{game.id}|{sheet}.") for m in standin.dm_view(new)
                   for b in m.buttons)

        # a button of the old account still on an older message (a draft pick) no longer acts
        stale = old_buttons(w, old, game)
        assert stale, "the draft's messages keep their buttons (answered straight through the table)"
        message, custom_id = stale[-1]
        refused = await standin.click(old, custom_id=custom_id, message=message)
        response = await refused.wait_response()
        assert response["body"]["data"]["flags"] & 64, "answered to the old holder alone"
        assert response["body"]["data"]["content"] == t(normalize(old.locale), "error-not-in-game")


async def test_a_seat_given_to_a_bot_player_retires_the_sheet_too(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_in_their_languages(w, 10)
        await advance(w, game, at("night", 1))
        await settled(w)
        seat = 1
        user = w.users[seat]  # a Russian reader in a game in English: told in their own language
        assert game.seats[seat].language == "ru"
        sheet = sheet_prompt(game, seat).sheet
        _, message_id = w.gm.standing.sheet_messages[(game.id, sheet)]  # type: ignore[index]

        call = await w.slash(w.moderator, "gm remove", player=user)
        assert not call.errors, call.callbacks
        await settled(w)

        retired = standin.message(message_id)
        assert list(retired.all_components()) == []
        assert retired.content == t("ru", "seat-handed-over", game=t("ru", "mafia-title"), id=game.id)
        assert game.seats[seat].bot


# --- 2. words relayed in anonymous mode are in the game's log and its transcript ----------------------
async def say(w: World, user: User, text: str) -> str:
    call = await w.slash(user, "mafia say", text=text)
    assert not call.errors, call.callbacks
    await settled(w)
    return reply(w, call)


async def test_relayed_words_are_logged_under_the_public_role_and_end_in_the_transcript(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_WEBHOOKS
        game = await start_mafia(w, 3, bots=7, mode="anonymous")
        people = w.users[:3]
        await advance(w, game, at("night", 1))
        await settled(w)
        speaker, reader = 0, 1  # an English speaker; a Russian one later
        term = role_term(game, speaker)

        mark = len(standin.requests)
        answer = await say(w, people[speaker], "I saw nothing tonight.")
        assert answer == t("en", "channel-relay-said", name=t("en", term))
        bot_writes = [
            r for r in standin.requests[mark:]
            if r.method in ("POST", "PATCH") and r.path.startswith(f"/channels/{w.channel.id}/messages")
        ]
        assert bot_writes == [], "the webhook's post is the only trace in the channel: no line, no status edit"
        events = await w.gm.storage.events(game.id)
        said = events[-1]
        assert said.key == "channel-relay-log" and said.audience is None
        assert said.params["name"] == {"term": term} and said.params["text"] == "I saw nothing tonight."
        record = json.dumps(said.params, ensure_ascii=False)
        for user in people:  # the log names the public role only
            assert user.username not in record and str(user.id) not in record

        # a Russian reader's answer names the role in Russian (the game is in English)
        answer = await say(w, people[reader], "Доброй ночи.")
        assert answer == t("ru", "channel-relay-said", name=t("ru", role_term(game, reader)))

        await advance(w, game, at("day", 1))
        state = game.state
        assert isinstance(state, MafiaState)
        morning = next(n for n in range(3) if state.seats[n].alive)
        await say(w, people[morning], "Good morning, everyone.")
        await advance(w, game, lambda state: False)  # to the end
        assert not game.running
        await settled(w)

        # in order among the game's events: two words at night 1, one at day 1
        events = await w.gm.storage.events(game.id)
        keys = [(e.key, e.params.get("number")) for e in events]
        night, day = keys.index(("mafia-event-night-begins", 1)), keys.index(("mafia-event-day-begins", 1))
        spoken = [i for i, e in enumerate(events) if e.key == "channel-relay-log"]
        assert len(spoken) == 3 and night < spoken[0] < spoken[1] < day < spoken[2], keys

        # the final message carries the transcript: the words under the public roles, in that order
        archive = next(m for m in standin.channel_view(w.channel) if m.attachments and "📜" in m.content)
        transcript = next(a for a in archive.attachments if a.filename.endswith("-en.txt")).data.decode()
        lines = transcript.splitlines()
        written = [
            lines.index(f"🗣 {t('en', term)}: I saw nothing tonight."),
            lines.index(f"🗣 {t('en', role_term_at_start(game, reader))}: Доброй ночи."),
            lines.index(t("en", "mafia-event-day-begins", number=1)),
            lines.index(f"🗣 {t('en', role_term_at_start(game, morning))}: Good morning, everyone."),
        ]
        assert written == sorted(written), transcript


def role_term_at_start(game: LiveGame, seat: int) -> str:
    """A seat's public role (the game is over: `public_term` no longer hides anyone)."""
    state = game.state
    assert isinstance(state, MafiaState)
    return f"mafia-role-{state.seats[seat].public_role}"


# --- 3. a DM names the public role in its reader's language -----------------------------------------------
async def test_a_reminder_names_the_public_role_in_the_readers_language(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in w.users[:3]]
        seats += [Seat(name=f"Bot {n + 1}", bot=True) for n in range(7)]
        game = await w.gm.table.start(
            "mafia", seats, options={"mode": "anonymous"}, seed=SEED, language="ru",
            guild_id=w.guild.id, channel_id=w.channel.id,
        )
        await settled(w)
        prompt = next(p for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot)
        user = w.user_of(game, prompt.seat)
        term = role_term(game, prompt.seat)
        assert t("en", term) != t("ru", term)

        await w.gm.table.remind(game.id, prompt.id)
        await settled(w)
        reminder = w.standin.dm_view(user)[-1].content
        assert reminder.startswith(f"⏳ {t('en', term)}, "), reminder
        assert t("ru", term) not in reminder


# --- 4. a phase that ends closes its sheets ------------------------------------------------------
async def test_when_a_phase_ends_every_players_sheet_keeps_its_order_and_loses_its_buttons(
    tmp_path: Path, standin
) -> None:
    """A player who pressed Done early may still change his order until the phase ends; once it has
    ended, his sheet's message shows the order he gave, says orders are closed, and has no buttons."""
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("night", 1))
        await settled(w)
        sheets = {}
        for seat in range(10):
            sheet = sheet_prompt(game, seat).sheet
            assert sheet is not None
            sheets[seat] = w.gm.standing.sheet_messages[(game.id, sheet)][1]
            await click(w, game, seat, "~done")
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState) and state.phase == "day", "every order was in: the night is over"
        closed, all_in = t("en", "sheet-closed"), t("en", "sheet-all-in")
        for seat, message_id in sheets.items():
            message = standin.message(message_id)
            assert list(message.all_components()) == [], f"seat {seat}: no button left on last night's sheet"
            assert t("en", "sheet-status-open") not in message.text
            if seat == 9:  # the last Done: its own answer says every order is in
                assert message.text.endswith(all_in), message.text
            else:  # the others had kept their sheets open for changes until then
                assert message.text.endswith(closed) and message.text.count(closed) == 1, message.text
                assert t("en", "sheet-status-done") in message.text, "the order shows it was sent"
