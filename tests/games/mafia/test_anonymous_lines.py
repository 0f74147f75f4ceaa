"""An anonymous table's lines (rules page, "Players, modes, sign-up"): a seat is named by its public role until the game
ends, so a line that names a seat never says that seat's role a second time ("Banker — Banker",
"Jester (Jester)"); an open table's lines still give the player's name and the role."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from bot.i18n import Term, reading_as, render, t
from games.core import Event, Refusal, seat
from games.mafia import ENGINE, votes
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import at_night_one, run, start, wish
from tests.games.rendering import seats_in

LANGUAGES = ("en", "ru")
JESTER = "jester"
# The roles whose lines are checked: the Jester's turn in the opening, the refusals about the
# Sociopath's protection and the Avenger's wound.
JOINS = [wish(JESTER), wish("sociopath"), wish("avenger"), wish("student", colour="support")]
Step = tuple[MafiaState, Event]


def names(number: int) -> str:
    return f"Player {number + 1}"


def jester_of(state: MafiaState) -> int:
    found = state.seat_of(JESTER)
    assert found is not None, "the Jester was wished for"
    return found


def role_of(state: MafiaState, number: int, language: str) -> str:
    return t(language, f"mafia-role-{state.seats[number].public_role}")


def seat_tokens(number: int) -> str:
    """A seat written as a token: which words of a line name a seat, and which are the line's own."""
    return f"<seat {number}>"


def discord_names(state: MafiaState, language: str) -> Any:
    """How the Discord side names seats (`LiveGame.name_of`): the engine's public name when it gives one."""

    def named(number: int) -> str:
        public = ENGINE.public_name(state, number)
        return names(number) if public is None else Term(t(language, public["term"]), public["term"])

    return named


def readers_of(event: Event) -> list[int | None]:
    """The channel and every seat a public event names; a private event's recipients."""
    return [None, *sorted(seats_in(event.params))] if event.to is None else list(event.to)


def lines_read(state: MafiaState, event: Event, language: str) -> list[tuple[int | None, str]]:
    """(reader, line) for every line of the event as each of its readers sees it on Discord."""
    return [
        (reader, line)
        for reader in readers_of(event)
        for line in render(language, event.key, event.params, reading_as(discord_names(state, language), reader))
        .split("\n")
    ]


def anonymous(players: int = 10, seed: int = 4) -> tuple[MafiaState, list[Event]]:
    return start(players, seed=seed, joins=JOINS, mode="anonymous")


# --- the lines named in the fix, read the Discord way ------------------------------------------------


def test_the_public_roles_at_set_up_list_each_role_once() -> None:
    state, events = anonymous()
    (roles,) = [e for e in events if e.key == "mafia-event-public-roles"]
    for language in LANGUAGES:
        channel = [line for reader, line in lines_read(state, roles, language) if reader is None]
        expected = [role_of(state, n, language) for n in range(state.players)]
        assert channel[1:] == expected, "after the heading, a seat's role alone"
    mine = role_of(state, 3, "ru")
    assert f"Вы ({mine})" in render("ru", roles.key, roles.params, reading_as(discord_names(state, "ru"), 3))


def test_the_jester_choosing_his_hand_is_named_once() -> None:
    state, events = anonymous()
    state = run(state, events=events, until=lambda s: s.phase == "opening")
    (choosing,) = [e for e in events if e.key == "mafia-event-jester-choosing"]
    expected = {"en": "Jester chooses the opening hand.", "ru": "Шут выбирает стартовую Руку."}
    jester = jester_of(state)
    for language in LANGUAGES:
        read = dict(lines_read(state, choosing, language))
        assert read[None] == expected[language]
        assert read[jester].count(role_of(state, jester, language)) == 1, "the Jester reads: You (Jester)"


def test_the_mafia_snapshot_names_each_other_member_by_role_once() -> None:
    state, events = anonymous()
    state = run(state, events=events, until=at_night_one)
    snapshots = [e for e in events if e.key == "mafia-event-snapshot"]
    assert len(snapshots) == 3
    for event in snapshots:
        (member,) = event.to or []
        others = [n for n in state.mafia_seats() if n != member]
        for language in LANGUAGES:
            _, *lines = [line for _, line in lines_read(state, event, language)]
            assert len(lines) == len(others)
            for line, number in zip(lines, others, strict=True):
                role = role_of(state, number, language)
                secret = t(language, f"mafia-role-{state.seats[number].secret_role}")
                assert line.startswith(f"{role}, {secret}. "), line
                assert line.count(role) == 1, line


def test_an_open_table_still_gives_the_player_and_the_role() -> None:
    state, events = start(10, seed=4, joins=JOINS)
    state = run(state, events=events, until=at_night_one)
    jester = jester_of(state)
    (choosing,) = [e for e in events if e.key == "mafia-event-jester-choosing"]
    assert render("en", choosing.key, choosing.params, names) == f"{names(jester)} (Jester): chooses the opening hand."
    assert render("ru", choosing.key, choosing.params, names) == f"{names(jester)} (Шут): выбирает стартовую Руку."
    member = state.mafia_seats()[0]
    (snapshot,) = [e for e in events if e.key == "mafia-event-snapshot" and e.to == [member]]
    other = next(n for n in state.mafia_seats() if n != member)
    text = render("ru", snapshot.key, snapshot.params, names)
    assert f"{names(other)} — {role_of(state, other, 'ru')}, " in text
    (roles,) = [e for e in events if e.key == "mafia-event-public-roles"]
    assert f"{names(jester)}: {role_of(state, jester, 'en')}" in render("en", roles.key, roles.params, names)


def test_a_refusal_about_the_sociopath_or_the_avenger_says_the_role_once() -> None:
    state, _ = anonymous()
    state = run(state, until=at_night_one)
    sociopath, avenger = state.seat_of("sociopath"), state.seat_of("avenger")
    assert sociopath is not None and avenger is not None
    member = next(n for n in state.mafia_seats() if n != avenger)
    night = votes.kill_target_refusal(state, member, sociopath)
    state = run(state, until=lambda s: s.phase == "day")
    state.seats[avenger].wounded_in = state.phase_index
    wounded = votes.veche_target_refusal(state, member, avenger)
    card = Refusal(key="mafia-refuse-sociopath", params={"player": seat(sociopath)})  # as the order sheet gives it
    assert night is not None and night.key == "mafia-vote-refusal-sociopath"
    assert wounded is not None and wounded.key == "mafia-vote-refusal-wounded"
    for refusal, about in ((night, sociopath), (wounded, avenger), (card, sociopath)):
        for language in LANGUAGES:
            line = render(language, refusal.key, refusal.params, seat_tokens)
            assert seat_tokens(about) not in line, "the role says who: the seat is not named besides"
        line = render("en", refusal.key, refusal.params, discord_names(state, "en"))
        assert line.count(role_of(state, about, "en")) == 1, line


# --- every line of a whole anonymous game ---------------------------------------------------------


@cache
def anonymous_game(seed: int) -> tuple[Step, ...]:
    """Each event of a bot-played anonymous game with the state the Discord side names its seats by
    (the state after the step that caused it)."""
    state, events = anonymous(seed=seed)
    steps: list[Step] = [(state, e) for e in events]
    rng = random.Random(seed)
    while prompt := next((p for p in state.prompts if not p.answered), None):
        state, caused = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, rng))
        steps += [(state, e) for e in caused]
    return tuple(steps)


def doubled(state: MafiaState, event: Event, language: str) -> list[str]:
    """The event's lines that name a seat and also say that seat's public role in words: rendered with
    each seat as a token, a line holding a seat's token and its role (on Discord both read as the role)."""
    found = []
    for reader in readers_of(event):
        tokens = render(language, event.key, event.params, reading_as(seat_tokens, reader)).split("\n")
        shown = render(language, event.key, event.params, reading_as(discord_names(state, language), reader))
        for token_line, line in zip(tokens, shown.split("\n"), strict=True):
            if any(seat_tokens(n) in token_line and role_of(state, n, language) in token_line
                   for n in range(state.players)):
                found.append(line)
    return found


def test_no_line_of_an_anonymous_game_says_a_seats_role_twice() -> None:
    steps = anonymous_game(seed=2)
    keys = {e.key for _, e in steps}
    assert {"mafia-event-public-roles", "mafia-event-jester-choosing", "mafia-event-snapshot"} <= keys
    for state, event in steps:
        if not ENGINE.public_name(state, 0):
            continue  # the game is over: players are named again
        for language in LANGUAGES:
            assert not doubled(state, event, language), (event.key, doubled(state, event, language))
