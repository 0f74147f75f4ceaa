"""How the game reads (rules page, "Information" and the end of the game): the victory message carries
the full reveal (roles, factions, decks, hands, sleeves, who held the artifact) and the game master's
table shows the same lines; an anonymous table names each seat by its public role once; a
substitute's dossier replays the seat's private results, not the confirmations of its clicks."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from bot.i18n import Term, reading_as, render, t
from games.core import GM, Event
from games.mafia import ENGINE
from games.mafia.dossier import CONFIRMATIONS, FINAL_ONLY, history
from games.mafia.state import MafiaState
from games.mafia.victory import reveal
from tests.games.mafia.helpers import at_night_one, run, start, wish
from tests.games.mafia.votes_table import assert_renders
from tests.games.rendering import seats_in

DISCORD_LIMIT = 2000
SEAT_LINE = "mafia-reveal-seat"
ARTIFACT_LINES = ("mafia-victory-artifact", "mafia-victory-artifact-never")


@cache
def whole_game(seed: int, players: int = 12, mode: str = "open") -> tuple[tuple[MafiaState, ...], tuple[Event, ...]]:
    """Every state from set-up to the end under bot play (a Student at the table), and every event."""
    state, events = start(players, seed=seed, joins=[wish("student", colour="support")], mode=mode)
    states, rng = [state], random.Random(seed)
    while prompt := next((p for p in state.prompts if not p.answered), None):
        state, caused = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, rng))
        states.append(state)
        events.extend(caused)
    assert state.over
    return tuple(states), tuple(events)


def victory_of(events: tuple[Event, ...]) -> Event:
    (found,) = [e for e in events if e.key.startswith("mafia-victory-")]
    return found


def names(number: int) -> str:
    return f"Player {number + 1}"


# --- 1. the victory message is the full reveal -----------------------------------------------------


def test_the_victory_reveals_every_seat_and_the_artifact() -> None:
    states, events = whole_game(seed=3)
    state = states[-1]
    victory = victory_of(events)
    assert victory.public
    *seat_lines, artifact = victory.params["reveal"]["lines"]
    assert [line["message"] for line in seat_lines] == [SEAT_LINE] * state.players
    for number, (line, player) in enumerate(zip(seat_lines, state.seats, strict=True)):
        shown = line["params"]
        assert shown["player"] == {"seat": number}
        assert shown["public_role"] == {"term": f"mafia-role-{player.public_role}"}
        assert shown["role"] == {"term": f"mafia-role-{player.secret_role}"}
        assert shown["faction"] == {"term": f"mafia-faction-{player.faction}"}
        assert shown["mafia"] == ("yes" if player.mafia else "no")
        assert shown["alive"] == ("yes" if player.alive else "no")
        deck = {d["params"]["card"]["term"]: d["params"]["count"] for d in shown["deck"]}
        assert deck == {f"mafia-card-{key}": n for key, n in Counter(c.key for c in player.deck).items()}
        assert shown["hand"] == [{"term": f"mafia-card-{c.key}"} for c in player.hand]
        assert shown["sleeve"] == [{"term": f"mafia-card-{c.key}"} for c in player.sleeve]
        student = player.student_colour
        assert (shown["student"], shown["colour"]) == (
            ("yes", {"term": f"mafia-colour-{student}"}) if student else ("no", ""))
    assert artifact["message"] in ARTIFACT_LINES
    if state.artifact_held:
        assert artifact["params"] == {"holders": [{"seat": n} for n in state.artifact_held],
                                      "destroyed": "no" if state.artifact is not None else "yes"}
    assert_renders([victory])


def test_the_victory_reads_as_one_line_per_seat_in_both_languages() -> None:
    states, events = whole_game(seed=3)
    state, victory = states[-1], victory_of(events)
    for language in ("en", "ru"):
        text = render(language, victory.key, victory.params, names)
        lines = text.split("\n")
        # the outcome, a heading, a line per seat, the artifact: Discord splits a long message between lines
        assert len(lines) == 2 + state.players + 1
        assert all(len(line) < DISCORD_LIMIT for line in lines)
        for number, player in enumerate(state.seats):
            line = lines[2 + number]
            assert names(number) in line and t(language, f"mafia-role-{player.secret_role}") in line
            for card in player.hand:
                assert t(language, f"mafia-card-{card.key}") in line


def test_the_game_masters_table_and_the_victory_share_one_reveal() -> None:
    states, events = whole_game(seed=3)
    state = states[-1]
    expected = [(line["message"], line["params"]) for line in victory_of(events).params["reveal"]["lines"]]
    table = [(e.key, e.params) for e in ENGINE.summary(state, GM) if e.key in (SEAT_LINE, *ARTIFACT_LINES)]
    assert table == expected == [(line["message"], line["params"]) for line in reveal(state)]


def test_nothing_of_the_reveal_is_public_before_the_game_is_over() -> None:
    states, events = whole_game(seed=3)
    public = [e for e in events if e.public]
    assert public[-1] is victory_of(events), "the reveal is the game's last word"
    reveal_keys = {SEAT_LINE, "mafia-reveal-cards"}
    for event in public[:-1]:
        assert not reveal_keys & _messages_in(event.params), event.key
    for state in states:
        if not state.over:
            assert not reveal_keys & {e.key for e in ENGINE.summary(state, None)}


def _messages_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["message"]} if "message" in value else set()
        return found.union(*(_messages_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_messages_in(v) for v in value))
    return set()


# --- 2. an anonymous table names each seat by its public role, once -------------------------------


def anonymous_names(state: MafiaState, language: str) -> Any:
    """How the Discord side names seats (`LiveGame.name_of`): the engine's public name when it gives one."""

    def named(number: int) -> str:
        public = ENGINE.public_name(state, number)
        return names(number) if public is None else Term(t(language, public["term"]), public["term"])

    return named


def seat_lines(state: MafiaState, language: str, reader: int | None = None) -> list[str]:
    """The status message's line for each seat (after the phase's line), as the reader sees it."""
    namer = reading_as(anonymous_names(state, language), reader)
    public = [e for e in ENGINE.summary(state, reader) if e.public]
    return [render(language, e.key, e.params, namer) for e in public[1:1 + state.players]]


def test_an_anonymous_status_says_each_role_once_with_its_hand_count() -> None:
    state, _ = start(10, seed=4, mode="anonymous")
    state = run(state, until=lambda s: s.phase == "day")
    state.seats[2].alive = False
    for language in ("en", "ru"):
        lines = seat_lines(state, language)
        for number, (line, player) in enumerate(zip(lines, state.seats, strict=True)):
            role = t(language, f"mafia-role-{player.public_role}")
            assert line.count(role) == 1 and names(number) not in line, line
            if player.alive:
                assert line.startswith(f"{role}: {state.counts[number]} "), line
            else:
                assert line == f"☠ {role}"


def test_an_anonymous_status_read_by_a_player_calls_their_own_seat_you() -> None:
    state, _ = start(10, seed=4, mode="anonymous")
    state = run(state, until=lambda s: s.phase == "night")
    mine = t("ru", f"mafia-role-{state.seats[5].public_role}")
    line = seat_lines(state, "ru", reader=5)[5]
    assert line.startswith(f"Вы ({mine}): ")
    assert line.endswith(("карта", "карты", "карт"))


def test_an_anonymous_status_in_the_draft_lists_the_roles_alone() -> None:
    state, _ = start(10, seed=4, mode="anonymous")
    assert state.phase == "draft"
    assert seat_lines(state, "en") == [t("en", f"mafia-role-{p.public_role}") for p in state.seats]


def test_an_open_status_names_the_player_and_the_role() -> None:
    state, _ = start(10, seed=4)
    state = run(state, until=lambda s: s.phase == "night")
    lines = seat_lines(state, "ru")
    for number, (line, player) in enumerate(zip(lines, state.seats, strict=True)):
        assert line.startswith(f"{names(number)}: {t('ru', f'mafia-role-{player.public_role}')}, ")


def test_once_an_anonymous_game_is_over_the_status_names_the_players_again() -> None:
    states, _ = whole_game(seed=3, players=10, mode="anonymous")
    state = states[-1]
    lines = seat_lines(state, "en")
    for number, (line, player) in enumerate(zip(lines, state.seats, strict=True)):
        assert f"{names(number)}: {t('en', f'mafia-role-{player.public_role}')}" in line


# --- 3. the dossier: the seat's results, not the confirmations of its clicks ----------------------


def as_logged(events: list[Event] | tuple[Event, ...], number: int) -> list[Event]:
    """What the log gives back of the seat's private events: in order, without the `ack` mark."""
    return [Event(key=e.key, params=e.params, to=e.to) for e in events if e.to is not None and number in e.to]


def test_every_confirmation_of_a_click_is_known_to_the_dossier() -> None:
    _, events = whole_game(seed=3)
    acks = {e.key for e in events if e.ack}
    assert acks, "the draft confirms picks"
    assert acks <= CONFIRMATIONS | FINAL_ONLY, acks - (CONFIRMATIONS | FINAL_ONLY)


def test_the_dossier_history_keeps_results_and_drops_confirmations() -> None:
    state, events = start(10, seed=5)
    state = run(state, events=events, until=lambda s: s.phase == "day")
    picker = next(n for n in range(10) if any(e.key == "mafia-event-artifact-picked" and e.to == [n] for e in events))
    member = state.mafia_seats()[0]
    for number in {picker, member, 0}:
        received = as_logged(events, number)
        kept = ENGINE.dossier_history(state, number, received)
        keys = [e.key for e in kept]
        assert not set(keys) & CONFIRMATIONS, "no draft picks, keeps or reordered hands"
        assert keys[0].startswith("mafia-event-your-role-"), "the seat's role comes first"
        assert "mafia-event-opening-hand" in keys
        assert [e for e in received if e.key not in CONFIRMATIONS | FINAL_ONLY] == \
            [e for e in kept if e.key not in FINAL_ONLY], "every result kept, in order"
    assert ("mafia-event-snapshot" in [e.key for e in history(as_logged(events, member))]), "the Mafia's information"
    picks = [e for e in as_logged(events, picker) if e.key == "mafia-event-artifact-picked"]
    assert [e for e in history(as_logged(events, picker)) if e.key in FINAL_ONLY] == picks[-1:], \
        "the artifact's first holder as finally chosen"


def test_the_dossier_history_of_a_changed_pick_keeps_the_last_choice_only() -> None:
    picks = [Event(key="mafia-event-artifact-picked", params={"player": {"seat": n}}, to=[4]) for n in (1, 6)]
    letter = Event(key="mafia-result-letter", params={"text": "hi"}, to=[4])
    confirmation = Event(key="mafia-event-picked", params={"cards": []}, to=[4])
    assert history([picks[0], confirmation, letter, picks[1]]) == [letter, picks[1]]


def test_an_anonymous_dossier_names_each_mafia_member_by_role_once() -> None:
    state, _ = start(10, seed=5, mode="anonymous")
    state = run(state, until=at_night_one)
    member = state.mafia_seats()[0]
    (others,) = [e for e in ENGINE.dossier(state, member) if e.key == "mafia-dossier-mafia"]
    for language in ("en", "ru"):
        text = render(language, others.key, others.params, reading_as(anonymous_names(state, language), member))
        for number in seats_in(others.params):
            role = t(language, f"mafia-role-{state.seats[number].public_role}")
            assert text.count(role) == 1, text
