"""The draft (rules page, "The collection, the draft and the decks"), and the artifact's first holder.

Rounds 1–6: every player is offered 5 cards and keeps 2. Rounds 7–9: each mafia member is offered
3 cards of the two other colours and keeps 1. Offers are drawn independently per player and per
card, weighted by draft weight (duplicates possible: the collection is not a shared pool). Mafia
members are offered only their colour in rounds 1–6; a law Student gets each card from his colour
with the Student's `colour_chance` (60 %), else from the two other colours. The Jester keeps the
first cards of every offer automatically and gets no pick prompt. Everything offered and not kept
goes to the player's reserve.

Every pick is a secret `ask="many"` prompt (keep exactly k), changeable until everyone in the round
has picked; the round then resolves and the next one is offered to all at once (deadline kind
`draft`; the default is a random pick). During round 1 a random player also picks the artifact's
first holder (a changeable prompt, other players only; with the Swindler in play he is the picker
with his `artifact_pick_chance`, 50 %, and may pick himself). The draft ends when round 9 is
resolved and the holder is picked; then `opening.deal` builds the decks.
"""

from __future__ import annotations

import random

from games.core import Event, Option, Prompt, Refusal, seat
from games.mafia import opening
from games.mafia.collection import COLOURS, CardType, Collection
from games.mafia.common import (
    announce,
    card_lines,
    card_option,
    cards_term,
    chance,
    new_prompt,
    tell,
    weighted,
)
from games.mafia.roles import Roles
from games.mafia.state import Draft, MafiaState, Offer

ROUNDS = 6
OFFERED = 5
KEPT = 2
MAFIA_ROUNDS = 3
MAFIA_OFFERED = 3
MAFIA_KEPT = 1
LAW_DECK = ROUNDS * KEPT
MAFIA_DECK = ROUNDS * KEPT + MAFIA_ROUNDS * MAFIA_KEPT

KEEP = "mafia-prompt-keep"
KEEP_MAFIA = "mafia-prompt-keep-mafia"
ARTIFACT = "mafia-prompt-artifact"
KEYS = (KEEP, KEEP_MAFIA, ARTIFACT)

JESTER = "jester"
SWINDLER = "swindler"
STUDENT = "student"


def start(state: MafiaState, events: list[Event]) -> None:
    state.phase = "draft"
    state.draft = Draft()
    events.append(announce("mafia-event-draft-begins", rounds=ROUNDS, offered=OFFERED, kept=KEPT))
    _ask_artifact(state, state.roles)
    _next_round(state, events)


# --- offers ---------------------------------------------------------------------------------


def offer_types(state: MafiaState, number: int, extra: bool, collection: Collection, roles: Roles) -> list[CardType]:
    """The card types offered to `number` this round, drawn from `state.rng`. `extra`: a mafia
    keep-1-of-3 round."""
    player = state.seats[number]
    if extra:
        assert player.colour is not None
        others = collection.draftable(tuple(c for c in COLOURS if c != player.colour))
        return [weighted(state.rng, others) for _ in range(MAFIA_OFFERED)]
    if player.mafia:
        assert player.colour is not None
        own = collection.draftable((player.colour,))
        return [weighted(state.rng, own) for _ in range(OFFERED)]
    if player.public_role == STUDENT and player.student_colour is not None:
        likely = roles.get(STUDENT).number("colour_chance")
        own = collection.draftable((player.student_colour,))
        rest = collection.draftable(tuple(c for c in COLOURS if c != player.student_colour))
        return [weighted(state.rng, own if chance(state.rng, likely) else rest) for _ in range(OFFERED)]
    everything = collection.draftable()
    return [weighted(state.rng, everything) for _ in range(OFFERED)]


def _next_round(state: MafiaState, events: list[Event]) -> None:
    """Offer the next round to everyone in it; rounds nobody has to answer (only the Jester) resolve at once."""
    draft = state.draft
    assert draft is not None
    collection = state.collection
    while True:
        draft.round += 1
        draft.offers = {}
        if draft.round > ROUNDS + MAFIA_ROUNDS:
            if draft.artifact_choice is not None:
                _finish(state, events)
            return
        extra = draft.round > ROUNDS
        players = state.mafia_seats() if extra else list(range(state.players))
        keep = MAFIA_KEPT if extra else KEPT
        for number in players:
            cards = [state.new_card(t.key) for t in offer_types(state, number, extra, collection, state.roles)]
            offer = Offer(cards=cards, keep=keep)
            draft.offers[number] = offer
            if state.seats[number].public_role == JESTER:
                offer.picked = [c.id for c in cards[:keep]]
                events.append(tell([number], "mafia-event-jester-kept", offered=cards_term(cards),
                                   kept=cards_term(cards[:keep])))
            else:
                prompt = _keep_prompt(state, number, offer, extra, collection)
                offer.prompt = prompt.id
                state.prompts.append(prompt)
        if any(o.prompt is not None for o in draft.offers.values()):
            return
        _resolve_round(state, events)


def _keep_prompt(state: MafiaState, number: int, offer: Offer, extra: bool, collection: Collection) -> Prompt:
    draft = state.draft
    assert draft is not None
    key = KEEP_MAFIA if extra else KEEP
    shown = draft.round - ROUNDS if extra else draft.round
    return new_prompt(
        state,
        number,
        key,
        ask="many",
        deadline="draft",
        picks=offer.keep,
        options=[card_option(collection, c) for c in offer.cards],
        params={
            "round": shown,
            "rounds": MAFIA_ROUNDS if extra else ROUNDS,
            "keep": offer.keep,
            "offered": len(offer.cards),
            "cards": card_lines(collection, offer.cards),
        },
    )


def _resolve_round(state: MafiaState, events: list[Event]) -> None:
    """Kept cards go towards the deck, the rest to the reserve; each picker is told what they kept."""
    draft = state.draft
    assert draft is not None
    answered = {o.prompt for o in draft.offers.values() if o.prompt is not None}
    state.prompts = [p for p in state.prompts if p.id not in answered]
    for number, offer in draft.offers.items():
        picked = offer.picked or []
        kept = [next(c for c in offer.cards if c.id == i) for i in picked]
        player = state.seats[number]
        player.kept.extend(kept)
        player.reserve.extend(c for c in offer.cards if c.id not in picked)
        if offer.prompt is not None:
            events.append(tell([number], "mafia-event-kept", cards=cards_term(kept), total=len(player.kept)))


# --- picks ----------------------------------------------------------------------------------


def apply(state: MafiaState, number: int, prompt: Prompt, value: str | int | tuple[str, ...],
          events: list[Event]) -> None:
    if prompt.key == ARTIFACT:
        _apply_artifact(state, number, prompt, value, events)
        return
    draft = state.draft
    assert draft is not None and isinstance(value, tuple)
    offer = draft.offers[number]
    offer.picked = [int(v) for v in value]
    prompt.answered = True
    kept = [next(c for c in offer.cards if c.id == i) for i in offer.picked]
    events.append(Event(key="mafia-event-picked", params={"cards": cards_term(kept)}, to=[number], ack=True))
    waiting = [p for p in state.prompts if p.key in (KEEP, KEEP_MAFIA) and not p.answered]
    if not waiting:
        _resolve_round(state, events)
        _next_round(state, events)


def default_value(state: MafiaState, prompt: Prompt, rng: random.Random) -> str | tuple[str, ...]:
    """A random pick (the page: "a draft pick is random"), or the choice already made."""
    draft = state.draft
    assert draft is not None
    if prompt.key == ARTIFACT:
        if draft.artifact_choice is not None:
            return str(draft.artifact_choice)
        return rng.choice([o.value for o in prompt.options if o.disabled is None])
    offer = draft.offers[prompt.seat]
    if offer.picked is not None:
        return tuple(str(i) for i in offer.picked)
    return tuple(rng.sample([o.value for o in prompt.options], offer.keep))


# --- the artifact ---------------------------------------------------------------------------


def artifact_picker(state: MafiaState, roles: Roles) -> int:
    """A random player; with the Swindler in play, the Swindler with his chance (50 %), else another player."""
    swindler = state.seat_of(SWINDLER)
    if swindler is None:
        return state.rng.choice(range(state.players))
    if chance(state.rng, roles.get(SWINDLER).number("artifact_pick_chance")):
        return swindler
    return state.rng.choice([n for n in range(state.players) if n != swindler])


def _ask_artifact(state: MafiaState, roles: Roles) -> None:
    draft = state.draft
    assert draft is not None
    picker = artifact_picker(state, roles)
    self_allowed = state.seats[picker].public_role == SWINDLER
    options = [
        Option(
            value=str(n),
            label="mafia-opt-player",
            params={"player": seat(n)},
            disabled=None if n != picker or self_allowed else Refusal(key="mafia-error-artifact-self"),
        )
        for n in range(state.players)
    ]
    prompt = new_prompt(state, picker, ARTIFACT, deadline="draft", options=options,
                        params={"self_allowed": "yes" if self_allowed else "no"})
    draft.artifact_picker = picker
    draft.artifact_prompt = prompt.id
    state.prompts.append(prompt)


def _apply_artifact(state: MafiaState, number: int, prompt: Prompt, value: object, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None
    draft.artifact_choice = int(str(value))
    prompt.answered = True
    events.append(Event(key="mafia-event-artifact-picked", params={"player": seat(draft.artifact_choice)},
                        to=[number], ack=True))
    if draft.round > ROUNDS + MAFIA_ROUNDS:
        _finish(state, events)


def _finish(state: MafiaState, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.artifact_choice is not None
    state.prompts = [p for p in state.prompts if p.id != draft.artifact_prompt]
    holder = draft.artifact_choice
    state.artifact = holder
    state.artifact_held = [holder]
    state.draft = None
    events.append(announce("mafia-event-draft-over"))
    events.append(tell([holder], "mafia-event-artifact-yours"))
    opening.deal(state, events)
