"""Tables built directly for the resolution tests, so each test reads like the rule it checks.

`table()` makes a MafiaState at a night or day with the given public roles, mafia seats, hands,
decks, sleeves and reserves (card keys; every card a real `Card` with its own id). By default 10
players: seats 0–6 are law Heroes, 7 the Boss, 8 the Killer, 9 the Advisor; every hand holds five
Letters and every deck six Rests. `resolve_phase()` runs the resolution on given orders, checks that
every event renders in both languages and that no public event leaks a secret, and returns the
events.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from games.core import Event, Rng
from games.mafia.order import CardPlay, Order
from games.mafia.resolution import resolve
from games.mafia.state import LAW, Card, MafiaState, Phase, Seat
from tests.games.rendering import assert_renders_for_everyone

DEFAULT_MAFIA = {7: "boss", 8: "killer", 9: "advisor"}
DEFAULT_HAND = ["letter"] * 5
DEFAULT_DECK = ["rest"] * 6
SECRET = re.compile(r"mafia-card-|mafia-role-(boss|killer|advisor|law)\b|mafia-faction-")


def table(
    players: int = 10,
    *,
    roles: dict[int, str] | None = None,
    mafia: dict[int, str] | None = None,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    sleeves: dict[int, list[str]] | None = None,
    reserves: dict[int, list[str]] | None = None,
    phase: Phase = "night",
    number: int = 1,
    leader: int | None = None,
    dead: Iterable[int] = (),
    seed: int = 1,
) -> MafiaState:
    state = MafiaState(players=players, rng=Rng(seed=seed))
    secret = DEFAULT_MAFIA if mafia is None else mafia
    for n in range(players):
        role = secret.get(n, LAW)
        state.seats.append(Seat(
            public_role=(roles or {}).get(n, "hero"),
            secret_role=role,
            faction="law" if role == LAW else "mafia",
            colour=None if role == LAW else state.roles.colour_of(role),
        ))
    for n, player in enumerate(state.seats):
        player.hand = cards(state, (hands or {}).get(n, DEFAULT_HAND))
        player.deck = cards(state, (decks or {}).get(n, DEFAULT_DECK))
        player.sleeve = cards(state, (sleeves or {}).get(n, []))
        player.reserve = cards(state, (reserves or {}).get(n, []))
    for n in dead:
        state.seats[n].alive = False
        state.seats[n].died_in = 0
    state.phase = phase
    state.number = number
    state.started_with = players
    state.leader = leader
    state.counts = {n: s.public_hand_count() for n, s in enumerate(state.seats) if s.alive}
    return state


def cards(state: MafiaState, keys: list[str]) -> list[Card]:
    return [state.new_card(k) for k in keys]


def keys(pile: list[Card]) -> list[str]:
    return [c.key for c in pile]


def card_id(state: MafiaState, number: int, key: str, where: str = "hand", skip: Iterable[int] = ()) -> int:
    """The id of the first card `key` in a seat's hand (or sleeve) not among `skip`."""
    pile: list[Card] = getattr(state.seats[number], where)
    return next(c.id for c in pile if c.key == key and c.id not in set(skip))


def play(
    state: MafiaState, number: int, key: str, target: int | None = None, *, paid: Iterable[str] = (),
    where: str = "hand", **extra: Any,
) -> CardPlay:
    """A card play by keys: the card from hand (or sleeve), the cost paid with the named cards
    (looked for in the hand, then the sleeve; "sleeve:<key>" forces the sleeve)."""
    chosen = [card_id(state, number, key, where)]
    for name in paid:
        pile, _, name = name.rpartition(":")
        piles = [pile] if pile else ["hand", "sleeve"]
        chosen.append(next(
            c.id for p in piles for c in getattr(state.seats[number], p) if c.key == name and c.id not in chosen
        ))
    return CardPlay(card=chosen[0], target=target, paid=chosen[1:], **extra)


def resolve_phase(state: MafiaState, orders: dict[int, Order] | None = None) -> list[Event]:
    state.orders = {n: (orders or {}).get(n, Order()) for n in state.living()}
    events: list[Event] = []
    resolve(state, events)
    for event in events:
        for language in ("en", "ru"):
            assert_renders_for_everyone(language, event.key, event.params, "mafia-")
        if event.public and not event.key.startswith("mafia-victory"):
            assert not SECRET.search(json.dumps(event.params)), event
    return events


def next_phase(state: MafiaState) -> None:
    """Move to the next phase the way the phase module does (resolution does not open it)."""
    if state.phase == "night":
        state.phase = "day"
    else:
        state.phase = "night"
        state.number += 1


def private(events: list[Event], number: int, key: str) -> list[dict[str, Any]]:
    """The params of every event `key` sent to `number` alone."""
    return [e.params for e in events if e.key == key and e.to == [number]]


def one(events: list[Event], number: int, key: str) -> dict[str, Any]:
    found = private(events, number, key)
    assert len(found) == 1, (key, number, [e.key for e in events])
    return found[0]


def public(events: list[Event], key: str) -> dict[str, Any]:
    found = [e.params for e in events if e.key == key and e.public]
    assert len(found) == 1, (key, [e.key for e in events])
    return found[0]


def report(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    """The lines of the public end-of-phase report, as (message, params)."""
    return [(line["message"], line["params"]) for line in public(events, "mafia-event-phase-report")["lines"]["lines"]]


def damage(events: list[Event]) -> dict[int, int]:
    """Seat -> damage dealt, from each player's private summary (damage is never public)."""
    dealt: dict[int, int] = {}
    for event in events:
        if event.key == "mafia-result-hand" and event.to:
            for line in event.params["lines"]["lines"]:
                if line["message"] == "mafia-line-dealt" and line["params"]["amount"]:
                    dealt[event.to[0]] = line["params"]["amount"]
    return dealt


def deaths(events: list[Event]) -> list[int]:
    return [p["player"]["seat"] for m, p in report(events) if m == "mafia-line-death"]


def colour_counts(lines: list[dict[str, Any]]) -> dict[str, int]:
    """A Question's or a Denunciation's colours, {colour: count} in the order they are told."""
    return {line["params"]["colour"]["term"].removeprefix("mafia-colour-"): line["params"]["count"]
            for line in lines if line["message"] == "mafia-colour-count"}


def card_keys(terms: list[dict[str, str]]) -> list[str]:
    return [t["term"].removeprefix("mafia-card-") for t in terms]
