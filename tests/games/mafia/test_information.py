"""Who may know what (rules page, "Information"), save and load, determinism, bots, and messages."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bot.i18n import catalog, render
from games.core import GM, Event
from games.mafia import ENGINE
from games.mafia.collection import load_collection
from games.mafia.roles import load_roles
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import start, wish
from tests.games.rendering import assert_renders_for_everyone

SECRET_TERMS = re.compile(r"mafia-card-|mafia-role-(boss|killer|advisor|law)\b|mafia-faction-|mafia-colour-")
SECRET_FIELDS = {"secret_role", "faction", "colour", "student_colour", "deck", "hand", "sleeve", "reserve", "kept",
                 "discard", "offer", "offers", "artifact", "artifact_pick", "artifact_choice", "picked", "gm", "you"}


PUBLIC_BY_RULE = {"mafia-beating-colour", "mafia-line-denunciation"}
"""Colours the page makes public: a beaten character's next hand card, Denunciation's hand colours."""
REVEAL = re.compile(r"mafia-victory-")
"""The full reveal at the end: everything is public once the game is over."""


def without_public_reveals(value: Any) -> Any:
    """Event parameters with the parts the rules make public left out."""
    if isinstance(value, dict):
        if value.get("message") in PUBLIC_BY_RULE:
            return None
        return {k: without_public_reveals(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_public_reveals(v) for v in value]
    return value


def whole_game(seed: int, joins: list[dict[str, Any]] | None = None) -> tuple[list[MafiaState], list[Event]]:
    """Every state from set-up to the end under bot play, and every event."""
    state, events = start(seed=seed, joins=joins or [wish("jester"), wish("student", colour="support"),
                                                     wish("psychic"), wish("swindler")])
    states = [state]
    rng = random.Random(seed)
    while prompt := next((p for p in state.prompts if not p.answered), None):
        state, caused = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, rng))
        states.append(state)
        events.extend(caused)
    return states, events


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


@pytest.mark.parametrize("seed", [1, 2])
def test_no_public_event_or_view_shows_a_secret(seed: int) -> None:
    states, events = whole_game(seed)
    for event in events:
        if event.public and event.key not in PUBLIC_BY_RULE and not REVEAL.match(event.key):
            text = json.dumps(without_public_reveals(event.params))
            assert not SECRET_TERMS.search(text), event
    for state in states:
        if state.over:
            continue  # the full reveal
        public = ENGINE.view(state, None)
        assert not keys_in(public) & SECRET_FIELDS, keys_in(public) & SECRET_FIELDS
        assert not SECRET_TERMS.search(json.dumps(public))
        for line in ENGINE.summary(state, None):
            assert line.public and not SECRET_TERMS.search(json.dumps(line.params))
        assert all(p.secret for p in state.prompts)


def test_private_events_go_only_to_their_player() -> None:
    states, events = whole_game(3)
    final = states[-1]
    for event in events:
        if event.key in ("mafia-event-your-role-mafia", "mafia-event-snapshot"):
            assert event.to is not None and all(final.seats[n].faction == "mafia" for n in event.to)
        if event.key in ("mafia-event-kept", "mafia-event-picked", "mafia-event-opening-hand",
                         "mafia-event-jester-kept"):
            assert event.to is not None and len(event.to) == 1


def last_before_the_end(states: list[MafiaState]) -> MafiaState:
    return next(s for s in reversed(states) if not s.over and s.phase in ("night", "day"))


def test_a_player_sees_their_own_secrets_and_nobody_elses() -> None:
    states, _ = whole_game(4)
    state = last_before_the_end(states)
    for number, player in enumerate(state.seats):
        mine = ENGINE.view(state, number)
        assert mine["you"]["secret_role"] == player.secret_role
        assert [c["id"] for c in mine["you"]["hand"]] == [c.id for c in player.hand]
        assert sorted(mine["you"]["deck"]) == sorted(c.key for c in player.deck)
        others = json.dumps(mine["seats"])
        assert "secret_role" not in others and "hand\"" not in others
        if player.faction == "mafia":
            assert sorted(m["seat"] for m in mine["you"]["mafia"]) == [n for n in state.mafia_seats() if n != number]
        else:
            assert "mafia" not in mine["you"]
        if player.public_role == "psychic" and player.alive:
            assert mine["you"]["deck_top"] == [c.key for c in player.deck[:2]]
        assert mine["you"].get("artifact", False) == (state.artifact == number)


def test_public_hand_counts_are_the_announced_ones_and_leave_out_invisible_cards() -> None:
    states, _ = whole_game(5)
    state = next(s for s in states if s.phase == "night").model_copy(deep=True)
    advisor = state.seat_of("advisor")
    assert advisor is not None
    announced = state.counts[advisor]
    state.seats[advisor].hand[0].invisible = True
    # a mark made during a phase shows only in the count announced at its end (nothing leaks mid-phase)
    assert ENGINE.view(state, None)["seats"][advisor]["hand_count"] == announced
    assert state.seats[advisor].public_hand_count() == len(state.seats[advisor].hand) - 1


def test_the_gm_sees_everything() -> None:
    states, _ = whole_game(6)
    state = last_before_the_end(states)
    gm = ENGINE.view(state, GM)
    assert [s["secret_role"] for s in gm["gm"]["seats"]] == [s.secret_role for s in state.seats]
    assert gm["gm"]["artifact"] == state.artifact


@pytest.mark.parametrize("seed", [7, 8])
def test_every_state_round_trips_through_json_exactly(seed: int) -> None:
    states, _ = whole_game(seed)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        again = ENGINE.load(ENGINE.dump(state))
        assert again == state
        assert ENGINE.dump(again) == ENGINE.dump(state)


def test_save_load_continue_and_replay_give_the_same_game() -> None:
    state, _ = start(seed=9, joins=[wish("jester")])
    rng = random.Random(9)
    answers = []
    reloaded = ENGINE.load(ENGINE.dump(state))
    while prompt := next((p for p in state.prompts if not p.answered), None):
        action = ENGINE.bot_action(state, prompt, rng)
        answers.append((prompt.seat, action))
        state, _ = ENGINE.apply(state, prompt.seat, action)
        reloaded, _ = ENGINE.apply(ENGINE.load(ENGINE.dump(reloaded)), prompt.seat, action)
    assert reloaded == state
    replay, _ = start(seed=9, joins=[wish("jester")])
    for seat, action in answers:
        replay, _ = ENGINE.apply(replay, seat, action)
    assert replay == state


def test_apply_never_changes_its_input() -> None:
    state, _ = start(seed=10)
    before = ENGINE.dump(state)
    prompt = state.prompts[0]
    ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, random.Random(1)))
    assert ENGINE.dump(state) == before


def test_bots_always_answer_legally_and_prefer_their_factions_colours() -> None:
    collection = load_collection()
    law_colours: list[str] = []
    for seed in range(3):
        state, _ = start(seed=seed)
        rng = random.Random(seed)
        while prompt := next((p for p in state.prompts if not p.answered), None):
            action = ENGINE.bot_action(state, prompt, rng)
            assert ENGINE.check(state, prompt.seat, action) is None
            state, _ = ENGINE.apply(state, prompt.seat, action)
        law = [p for p in state.seats if p.faction == "law"]
        law_colours += [collection.card(c.key).colour for p in law for c in p.deck + p.hand]
    assert law_colours.count("information") > law_colours.count("attack")


# --- messages -------------------------------------------------------------------------------------


def message_keys(value: Any) -> set[str]:
    """Every catalog key inside event/prompt parameters (terms and nested messages)."""
    if isinstance(value, dict):
        found = set()
        if set(value) == {"term"}:
            found.add(value["term"])
        if set(value) == {"message", "params"}:
            found.add(value["message"])
        return found | {k for v in value.values() for k in message_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in message_keys(v)}
    return set()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_message_the_game_uses_exists_and_renders_completely(language: str) -> None:
    states, events = whole_game(11)
    texts = []
    name = lambda n: f"Player{n}"  # noqa: E731
    for event in events + [line for s in states[::20] for v in (None, 0) for line in ENGINE.summary(s, v)]:
        assert catalog(language).has(event.key), event.key
        assert all(catalog(language).has(k) for k in message_keys(event.params)), message_keys(event.params)
        texts.append(render(language, event.key, event.params, name))
    for state in states:
        for prompt in state.prompts:
            assert catalog(language).has(prompt.key)
            texts.append(render(language, prompt.key, prompt.params, name))
            texts += [render(language, o.label, o.params, name) for o in prompt.options]
    for text in texts:
        assert "{" not in text and "mafia-" not in text, text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_message_reads_right_for_the_channel_and_for_each_player_named(language: str) -> None:
    states, events = whole_game(12, [wish("swindler"), wish("jester")])
    seen: dict[str, dict[str, Any]] = {}
    for event in events + [line for s in states[::20] for v in (None, 0) for line in ENGINE.summary(s, v)]:
        seen.setdefault(event.key, event.params)
    for state in states:
        for prompt in state.prompts:
            seen.setdefault(prompt.key, prompt.params)
            for option in prompt.options:
                seen.setdefault(option.label, option.params)
    seen.setdefault("mafia-event-artifact-picked", {"player": {"seat": 0}})
    for key, params in seen.items():
        assert_renders_for_everyone(language, key, params, "mafia-")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_card_role_colour_and_error_has_a_message(language: str) -> None:
    messages = catalog(language)
    for card in load_collection().cards:
        assert messages.has(f"mafia-card-{card.key}") and messages.has(f"mafia-card-{card.key}-text")
        text = render(language, f"mafia-card-{card.key}-text", card.params, str)
        assert "{" not in text, text
    roles = load_roles()
    for role in (*roles.public, *roles.mafia):
        assert messages.has(f"mafia-role-{role.key}") and messages.has(f"mafia-role-{role.key}-ability")
    for key in ("mafia-title", "mafia-rules", "mafia-colour-attack", "mafia-colour-support", "mafia-colour-information",
                "mafia-faction-mafia", "mafia-faction-law", "mafia-signup-condition-1", "mafia-signup-condition-2",
                "mafia-signup-condition-3", "mafia-error-players", "mafia-error-unknown-role",
                "mafia-error-spare-same", "mafia-error-student-colour", "mafia-error-colour-not-student",
                "mafia-error-consent", "mafia-error-artifact-self", "mafia-error-not-offered",
                "mafia-error-not-in-deck", "mafia-mode-open", "mafia-mode-anonymous", "mafia-when-any"):
        assert messages.has(key), key
    rules = messages.text("mafia-rules")
    assert all(len(block) < 2000 for block in rules.split("\n")) and rules.count("\n") >= 4
    assert ENGINE.rules_key() == "mafia-rules"


def test_russian_plurals_in_the_games_messages() -> None:
    def kept(total: int) -> str:
        return render("ru", "mafia-event-kept", {"cards": [], "total": total}, str)

    assert "всего 1 карта" in kept(1) and "всего 2 карты" in kept(2) and "всего 12 карт" in kept(12)
    assert "всего 21 карта" in kept(21)
    strike = render("ru", "mafia-card-knuckles-text", {"amount": 1}, str)
    assert strike == "Цель получает 1 урон."
    assert render("ru", "mafia-card-strike-text", {"amount": 2}, str) == "Цель получает 2 урона."
