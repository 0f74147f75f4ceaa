"""From the draft to Night 1: decks shuffled, opening hands, the Jester's choice, the mafia's snapshot.

Everyone draws their role's opening hand from the top of the freshly shuffled deck (6; Alien 7,
Child 5). The Jester instead chooses his 6 from his deck (a secret `ask="many"` prompt listing the
deck in collection order, so the choice tells him nothing of the deck's order; the hand takes the
order he lists; the deadline default is the top 6, i.e. an ordinary draw). Then Night 1 begins:
each mafia member privately gets a snapshot of the other members (public role, mafia role, deck
contents — not their order — and hand), and the channel is told the night has begun, with every
character's hand count.
"""

from __future__ import annotations

from games.core import Event, Prompt, seat, term
from games.mafia import learning, phases
from games.mafia.common import announce, card_lines, card_option, cards_term, new_prompt, sorted_cards, tell
from games.mafia.deck import draw
from games.mafia.state import MafiaState
from games.mafia.view import named_by_role

JESTER_HAND = "mafia-prompt-jester-hand"
KEYS = (JESTER_HAND,)
JESTER = "jester"


def deal(state: MafiaState, events: list[Event]) -> None:
    roles = state.roles
    collection = state.collection
    for player in state.seats:
        player.deck = state.rng.shuffled(player.kept)
        player.kept = []
    for number, player in enumerate(state.seats):
        count = roles.opening_hand(player.public_role)
        if player.public_role == JESTER:
            shown = sorted_cards(collection, player.deck)
            prompt = new_prompt(
                state,
                number,
                JESTER_HAND,
                ask="many",
                deadline="draft",
                picks=min(count, len(shown)),
                changeable=False,
                options=[card_option(collection, c) for c in shown],
                params={"count": min(count, len(shown)), "cards": card_lines(collection, shown)},
            )
            state.prompts.append(prompt)
            state.jester_prompt = prompt.id
            continue
        drawn = draw(state, number, count)
        events.append(tell([number], "mafia-event-opening-hand", cards=cards_term(drawn), count=len(drawn)))
    jester = state.seat_of(JESTER)
    if state.jester_prompt is not None and jester is not None:
        state.phase = "opening"
        events.append(announce("mafia-event-jester-choosing", player=seat(jester), named=_named(state)))
        return
    begin_night_one(state, events)


def apply_jester(state: MafiaState, number: int, prompt: Prompt, value: tuple[str, ...], events: list[Event]) -> None:
    player = state.seats[number]
    chosen = [int(v) for v in value]
    by_id = {c.id: c for c in player.deck}
    player.hand.extend(by_id[i] for i in chosen)
    player.deck = [c for c in player.deck if c.id not in chosen]
    state.prompts = [p for p in state.prompts if p.id != prompt.id]
    state.jester_prompt = None
    events.append(tell([number], "mafia-event-opening-hand", cards=cards_term(player.hand), count=len(player.hand)))
    begin_night_one(state, events)


def default_jester(state: MafiaState, prompt: Prompt) -> tuple[str, ...]:
    """The top cards of the deck: what an ordinary opening draw would give."""
    count = prompt.max_picks or 0
    return tuple(str(c.id) for c in state.seats[prompt.seat].deck[:count])


def _named(state: MafiaState) -> str:
    """Whether a line names the seat's player ("yes") or, in anonymous mode, the seat is named by
    its public role already ("no"), so the line must not say that role a second time."""
    return "no" if named_by_role(state) else "yes"


def begin_night_one(state: MafiaState, events: list[Event]) -> None:
    state.phase = "night"
    state.number = 1
    collection = state.collection
    mafia = state.mafia_seats()
    named = _named(state)
    for member in mafia:
        others = [
            {
                "message": "mafia-line-snapshot",
                "params": {
                    "player": seat(n),
                    "named": named,
                    "public_role": term(f"mafia-role-{state.seats[n].public_role}"),
                    "role": term(f"mafia-role-{state.seats[n].secret_role}"),
                    "deck": cards_term(sorted_cards(collection, state.seats[n].deck)),
                    "hand": cards_term(state.seats[n].hand),
                },
            }
            for n in mafia
            if n != member
        ]
        events.append(tell([member], "mafia-event-snapshot", members={"lines": others}))
    learning.learn_snapshot(state)
    state.started_with = len(state.living())
    phases.open_phase(state, events)
