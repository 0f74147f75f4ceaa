"""Mafia of Heroes in open mode, a whole 10-player game through the stand-in. Three stand-in users sign up
through the real conversation (the lobby's Join button or /join, the three conditions, the wanted public
role — one of them already wanted, shown as taken —, the spare, the Student's secret colour), seven bot
players fill the table, and the users play the draft by selects in their DMs and every Night and Day on
their DM order sheet: the order a bot player would give for their seat, entered part by part with the
sheet's buttons, selects and modals, then Done — up to the victory.

What a player sees on the way: each phase starts with its deadline as a Discord timestamp; the status
message tells how many have chosen, never who; each phase ends with ONE report; each player's sheet is
ONE DM message per phase, edited in place at every click; the final message names the winners and
reveals every role; the channel's Send Messages overwrites end as the moderators had them; and every
request the bot made passed the OpenAPI checks."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.i18n import t
from bot.live import LiveGame
from games.mafia.collection import COLOURS
from games.mafia.options import PACES
from games.mafia.setup import NO_WISH
from games.mafia.state import MafiaState
from tests.discord.mafia_play import (
    MANAGE_ROLES,
    PLAYERS,
    SheetClicks,
    answer_human,
    answer_signup,
    fixed_seed,
    give_orders,
    human_prompt,
    overwrite,
    press_join,
    signup_choices,
    signup_question,
)
from tests.discord.world import World, world
from tests.discord_standin import Message, User
from tests.discord_standin.models import Overwrite

SEED = 253
"""The lobby's draw: the Hero (the host) is the Boss and the Alien the Killer, the Student is law — so the
users' orders hold a kill vote, the Boss's message (a modal) and the Killer's check (a multi-select)."""
ADD_REACTIONS = 1 << 6
HUMANS = 3


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def mafia(game: LiveGame) -> MafiaState:
    assert isinstance(game.state, MafiaState)
    return game.state


def first_line(language: str, key: str, **params: object) -> str:
    return t(language, key, **params).split("\n")[0]


def carried_sheets(message: Message) -> set[str]:
    """The order sheets whose prompts any version of this message showed (their prompt ids are
    `<sheet>.<n>`)."""
    found = set()
    for components in [*(v["components"] for v in message.history), message.components]:
        for text in re.findall(r"gms?x?\|\d+\|([^|\"']+)\.\d+", str(components)):
            found.add(text)
    return found


async def sign_up_three(w: World) -> int:
    """The host opens the game and signs up (Hero, no spare); the second user presses Join, sees the Hero
    taken, wants it anyway with the Alien as spare; the third uses /join and wants the Student, whose
    secret colour is asked privately. Returns the lobby's id."""
    host, second, third = w.users
    created = await w.slash(host, "mafia new", mode="open")
    assert not created.errors, created.callbacks
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.seats == [], "the host too takes a seat only by agreeing"
    consent = signup_question(w, host)
    assert consent is not None and set(signup_choices(consent)) == {"yes", NO_WISH}
    for value in ("yes", "hero", NO_WISH):
        await answer_signup(w, host, value)
    assert signup_question(w, host) is None

    await press_join(w, second, row.id)
    await answer_signup(w, second, "yes")
    roles = signup_question(w, second)
    assert roles is not None and roles.visible_for(second.id) and not roles.visible_for(host.id)
    labels = signup_choices(roles)
    assert "🔒" in labels["hero"] and "🔒" not in labels["alien"], "the role already wanted is marked taken"
    await answer_signup(w, second, "hero")  # first come, first served: the spare will decide
    await answer_signup(w, second, "alien")
    assert signup_question(w, second) is None, "no colour is asked without the Student"

    await w.slash(third, "join")
    for value in ("yes", "student", NO_WISH):
        await answer_signup(w, third, value)
    colour = signup_question(w, third)
    assert colour is not None and colour.ephemeral and not colour.visible_for(host.id)
    assert list(signup_choices(colour)) == list(COLOURS), "the Student's secret colour, asked privately"
    await answer_signup(w, third, "support")

    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and [s.get("join") for s in row.seats] == [
        {"consent": True, "role": "hero"},
        {"consent": True, "role": "hero", "spare": "alien"},
        {"consent": True, "role": "student", "colour": "support"},
    ]
    assert [s["user_id"] for s in row.seats] == [host.id, second.id, third.id]
    await w.slash(host, "addbot", count=PLAYERS - HUMANS)
    await w.slash(host, "start")
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.status == "running", w.standin.transcript(w.channel)
    return row.id


def status_message(w: World, game: LiveGame) -> Message:
    return w.standin.message(int(game.row.meta["status_message"]))


async def check_status_count(w: World, game: LiveGame) -> None:
    """The status message says how many have sent their orders, out of the living — never who."""
    await settled(w)
    state = mafia(game)
    done = sum(1 for s in state.sheets.values() if s.done)
    expected = t(game.row.language, "status-chosen-count", done=done, total=len(state.living()))
    assert expected in status_message(w, game).content, status_message(w, game).content


async def check_phase_start(w: World, game: LiveGame, humans: dict[int, User]) -> None:
    """A phase has just begun: every bot player sends its order at once (right after the click that began it is
    answered), the users not yet; the living may write in the channel, the dead may not."""
    state = mafia(game)
    living = [n for n in humans if state.seats[n].alive]
    assert len(state.sheets) == len(state.living())
    await w.standin.wait_for(lambda: [n for n, s in mafia(game).sheets.items() if not s.done] == living,
                             timeout=10, what="the bot players' orders")
    await check_status_count(w, game)
    await w.standin.wait_for(lambda: all(w.standin.can_send(humans[n], w.channel) is state.seats[n].alive
                                         for n in humans),
                             timeout=10, what="the living's voices")


def phases_played(state: MafiaState) -> list[tuple[str, int]]:
    """Night 1, Day 1, Night 2, … up to the phase that ended the game."""
    played = []
    for number in range(1, state.number + 1):
        for kind in ("night", "day"):
            played.append((kind, number))
            if (kind, number) == (state.phase, state.number):
                return played
    raise AssertionError("the game ended outside its phases")


def phase_start(language: str, kind: str, number: int) -> str:
    if (kind, number) == ("night", 1):
        return first_line(language, "mafia-event-night-begins", number=1, counts="")
    return first_line(language, "mafia-event-day-begins" if kind == "day" else "mafia-event-night-falls", number=number)


def check_deadlines_shown(w: World, game: LiveGame, started: list[tuple[str, int]]) -> None:
    """Each phase's start is ONE channel line; while a user is alive to order (no deadline waits on bot
    players alone) it shows the deadline as Discord timestamps: the full date and time (`:F`, in each
    reader's own time zone) and the relative time (`:R`), as far off as the pace says."""
    language = game.row.language
    deadline = re.escape(t(language, "event-deadline", date="<t:DUE:F>", when="<t:DUE:R>"))
    deadline = deadline.replace("DUE", r"(?P<due>\d+)", 1).replace("DUE", r"(?P=due)")
    channel = w.standin.channel_view(w.channel)
    for kind, number in phases_played(mafia(game)):
        start = phase_start(language, kind, number)
        (message,) = [m for m in channel if start in m.content]
        if (kind, number) not in started:
            continue
        shown = re.search(deadline, message.content.split(start, 1)[1])
        assert shown is not None, message.content
        seconds = int(shown["due"]) - message.created_at
        assert abs(seconds - PACES["live"][kind]) < 60, (kind, number, seconds)


def check_reports(w: World, game: LiveGame) -> None:
    """ONE end-of-phase report per phase played, in order."""
    language = game.row.language
    channel = w.standin.channel_view(w.channel)
    times = []
    for kind, number in phases_played(mafia(game)):
        head = first_line(language, "mafia-event-phase-report", phase=kind, number=number, lines="")
        (report,) = [m for m in channel if head in m.content]
        times.append(report.created_at)
    assert times == sorted(times)


def check_sheet_messages(w: World, humans: dict[int, User], given: dict[int, list[SheetClicks]]) -> None:
    """Each user's sheet is ONE DM message per phase, edited in place at every click (never posted again)."""
    for seat, user in humans.items():
        dms = w.standin.dm_view(user)
        for clicks in given[seat]:
            assert len(clicks.messages) == 1, (user.username, clicks.sheet, clicks.messages)
            holders = [m for m in dms if clicks.sheet in carried_sheets(m)]
            assert [m.id for m in holders] == list(clicks.messages), (user.username, clicks.sheet)
            assert len(holders[0].history) >= clicks.answers, "every answer edits the message"


def check_final_message(w: World, game: LiveGame) -> None:
    """The last message names the winners and reveals every seat's roles, the dead marked."""
    state = mafia(game)
    language = game.row.language
    assert state.winner is not None
    heads = {
        winner: first_line(language, f"mafia-victory-{winner}", winners_count=0, winners="", roles="", artifact="")
        .split(":")[0] for winner in ("mafia", "law", "draw")
    }
    (final,) = [m for m in w.standin.channel_view(w.channel) if any(h in m.content for h in heads.values())]
    lines = final.content.split("\n")
    (head,) = [line for line in lines if any(line.startswith(h) for h in heads.values())]
    assert head.startswith(heads[state.winner]), head
    won = [n for n, s in enumerate(state.seats) if s.faction == state.winner]
    assert all(game.name_of(n) in head for n in won), head
    for number, player in enumerate(state.seats):
        public = f"{game.name_of(number)} — {t(language, f'mafia-role-{player.public_role}')}"
        (shown,) = [line for line in lines if line.removeprefix("☠ ").startswith(public)]
        assert shown.startswith("☠ ") is not player.alive, shown
        assert t(language, f"mafia-faction-{player.faction}") in shown, shown
        if player.mafia:
            assert f"({t(language, f'mafia-role-{player.secret_role}')})" in shown, shown


@dataclass
class Played:
    """What the users did in the game, as the checks after it need it."""

    started: list[tuple[str, int]] = field(default_factory=list)
    """The phases a user was alive in, in order."""
    alive_in: dict[int, int] = field(default_factory=dict)
    """How many of them each user's character was alive in."""
    given: dict[int, list[SheetClicks]] = field(default_factory=dict)
    """Each user's orders, phase by phase."""

    def parts(self) -> list[tuple[str, list[str]]]:
        """Every part a user entered, with the keys of the steps that asked for it."""
        return [part for orders in self.given.values() for clicks in orders for part in clicks.parts.items()]


async def play_by_clicks(w: World, game_id: int, humans: dict[int, User]) -> Played:
    """The users answer in their DMs until the game is over: the draft by selects, each phase's sheet by
    `give_orders`; the phase's start (and, in the first two phases, each order sent) is checked as it
    happens."""
    played = Played(alive_in=dict.fromkeys(humans, 0), given={n: [] for n in humans})
    for _ in range(2000):
        game = w.game(game_id)
        if game is None or not game.running:
            return played
        prompt = human_prompt(game)
        if prompt is None:
            await asyncio.sleep(0.01)
            continue
        if prompt.sheet is None:  # the draft (and the artifact's first holder): selects in DMs
            await answer_human(w, game, prompt)
            continue
        phase = (mafia(game).phase, mafia(game).number)
        if phase not in played.started:
            played.started.append(phase)
            for number in humans:
                played.alive_in[number] += mafia(game).seats[number].alive
            await check_phase_start(w, game, humans)
        played.given[prompt.seat].append(await give_orders(w, game, prompt.seat))
        if len(played.started) <= 2 and game.running and (mafia(game).phase, mafia(game).number) == phase:
            await check_status_count(w, game)  # one more order in (two phases: settling takes time)
    raise AssertionError("the game did not end")


async def test_an_open_game_signed_up_and_ordered_by_clicks_in_dms_to_the_victory(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch, SEED)
    async with world(tmp_path, HUMANS, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        # the moderators' own overwrite of @everyone: only its Send Messages bit may change, and back
        w.channel.overwrites[w.guild.id] = Overwrite(w.guild.id, 0, allow=ADD_REACTIONS)
        await standin.changed(w.guild, w.channel)  # as Discord tells the bot of it
        game_id = await sign_up_three(w)
        game = w.game(game_id)
        assert game is not None
        state = mafia(game)
        assert [(s.public_role, s.student_colour) for s in state.seats[:HUMANS]] == [
            ("hero", None), ("alien", None), ("student", "support")], "the wishes, then the spare"
        humans = {n: w.user_of(game, n) for n in range(HUMANS)}
        assert [state.seats[n].secret_role for n in humans] == ["boss", "killer", "law"], "the seed"

        played = await play_by_clicks(w, game_id, humans)
        await settled(w)
        state = mafia(game)
        assert state.over and state.winner is not None
        entered = {name for name, _ in played.parts()}
        print(f"\n{len(played.started)} phases with a user alive, {state.winner} won; the users gave "
              f"{sum(c.answers for s in played.given.values() for c in s)} answers, "
              f"{sum(c.modals for s in played.given.values() for c in s)} through modals; parts: {sorted(entered)}")
        assert {n: len(orders) for n, orders in played.given.items()} == played.alive_in, "Done in every phase"
        assert any(name == "hand" and "mafia-ask-target" in keys for name, keys in played.parts()), \
            "a hand card at a target"
        assert {"kill", "veche", "leader", "check", "message"} <= entered, "votes, the Killer's check, the Boss"
        assert any(c.modals for orders in played.given.values() for c in orders), "a text step through its modal"

        check_deadlines_shown(w, game, played.started)
        check_reports(w, game)
        check_sheet_messages(w, humans, played.given)
        check_final_message(w, game)

        # the game is over: the channel is everyone's again, the moderators' overwrite as it was
        await standin.wait_for(lambda: set(w.channel.overwrites) == {w.guild.id}, what="overwrites restored")
        assert overwrite(w, w.guild.id) == (ADD_REACTIONS, 0)
        assert all(standin.can_send(u, w.channel) for u in humans.values())
        assert not standin.violations and not standin.unknown_requests, "every request passed the OpenAPI checks"
