"""A substitute's catch-up dossier (the engine's `dossier` and `dossier_history` hooks): what a player
taking over a seat mid-game must know now, and which of the private messages the seat received so far
(the runtime replays them from the log) are worth reading again.

The seat's secrets as they stand: the public and secret roles (a mafia member's colour), the
Student's colour, the hand in order, the sleeve, the deck's contents (not their order) with its size,
the reserve's size, the artifact if the seat holds it, a mortal wound, the delayed effects on the seat
(without who caused them), for a mafia member the other members (public and secret roles, alive or
dead) and the seat's current order sheet. Nothing here is more than the seat's own view shows
(`view.private`): the dossier only puts it into words.

The history keeps the seat's private results (role, opening hand, check and information results,
letters, the Boss's messages, intercepted copies, phase summaries, the Mafia's snapshot, the
artifact) and drops what merely confirmed the seat's own clicks: draft picks and keeps (the deck
above holds them all), a reordered hand (the hand above is in order), a sheet's notes. The log keeps
no `Event.ack` mark, so they are named by key; of the changeable artifact pick only the final choice
is kept (who got the artifact from the seat is the seat's knowledge).
"""

from __future__ import annotations

from typing import Any

from games.core import Event, seat, term
from games.core.orders import lines, message
from games.mafia.common import cards_term, sorted_cards, tell
from games.mafia.setup import role_message
from games.mafia.sheet import form
from games.mafia.state import MafiaState
from games.mafia.view import named_by_role

CONFIRMATIONS = frozenset({
    "mafia-event-picked",  # a draft pick (ack), changeable until the round ends
    "mafia-event-kept",  # a draft round's keep
    "mafia-event-jester-kept",  # the Jester's automatic keep
    "mafia-event-hand-ordered",  # a reordered hand
    "sheet-part-reset",  # a note on an order sheet long since resolved
})
"""Private messages that only confirmed the seat's own answers: not worth a substitute's reading."""
FINAL_ONLY = frozenset({"mafia-event-artifact-picked"})
"""Confirmations of a changeable choice (ack): only the last one, the choice that stood, is kept."""


def history(received: list[Event]) -> list[Event]:
    """The seat's past private messages (in order) worth a substitute's reading."""
    last = {e.key: i for i, e in enumerate(received) if e.key in FINAL_ONLY}
    return [
        e for i, e in enumerate(received)
        if e.key not in CONFIRMATIONS and (e.key not in FINAL_ONLY or last[e.key] == i)
    ]


def build(state: MafiaState, number: int) -> list[Event]:
    if not 0 <= number < len(state.seats):
        return []
    player = state.seats[number]
    key, params = role_message(player)
    events = [tell([number], key, **params)]
    if player.student_colour is not None:
        colour = term(f"mafia-colour-{player.student_colour}")
        events.append(tell([number], "mafia-event-student-colour", colour=colour))
    if not player.alive:
        events.append(tell([number], "mafia-dossier-dead"))
    if player.kept:  # still drafting: the cards kept so far
        events.append(tell([number], "mafia-aid-kept", cards=cards_term(player.kept), total=len(player.kept)))
    if player.hand or player.deck or player.sleeve:
        events.append(tell(
            [number], "mafia-dossier-cards",
            hand=cards_term(player.hand), hand_count=len(player.hand),
            sleeve=cards_term(player.sleeve), sleeve_count=len(player.sleeve),
            deck=cards_term(sorted_cards(state.collection, player.deck)), deck_count=len(player.deck),
            reserve_count=len(player.reserve),
        ))
    if state.artifact == number:
        events.append(tell([number], "mafia-aid-artifact"))
    if player.alive and player.wounded_in is not None:
        events.append(tell([number], "mafia-sheet-wounded"))
    if player.delayed:
        events.append(tell([number], "mafia-dossier-delayed", effects=lines([
            message(f"mafia-dossier-delayed-{d.kind}", amount=d.amount, due=_phase_of(d.due)) for d in player.delayed
        ])))
    if player.mafia and state.phase in ("night", "day", "over"):
        named = "no" if named_by_role(state) else "yes"  # anonymous: the public role is the name
        members = [
            message("mafia-dossier-member", player=seat(n), alive="yes" if state.seats[n].alive else "no",
                    named=named, public_role=term(f"mafia-role-{state.seats[n].public_role}"),
                    role=term(f"mafia-role-{state.seats[n].secret_role}"))
            for n in state.mafia_seats()
            if n != number
        ]
        events.append(tell([number], "mafia-dossier-mafia", members=lines(members)))
    sheet = state.sheets.get(number)
    if sheet is not None and state.phase in ("night", "day"):
        events.append(tell(
            [number], "mafia-dossier-order", phase=term(f"mafia-phase-{state.phase}"), number=state.number,
            order=lines(form(state).summary(state, sheet)), done="yes" if sheet.done else "no",
        ))
    return events


def _phase_of(index: int) -> dict[str, Any]:
    """A phase index (Night n = 2n − 1, Day n = 2n) as a message: "Night 2", "Day 1"."""
    night = index % 2 == 1
    return message("mafia-dossier-phase", phase=term("mafia-phase-night" if night else "mafia-phase-day"),
                   number=(index + 1) // 2)
