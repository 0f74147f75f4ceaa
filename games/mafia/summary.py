"""Status lines: the public table (phase, public roles, hand counts) and a player's private aid."""

from __future__ import annotations

from games.core import Event, Viewer, seat, term
from games.mafia.common import announce, cards_term, tell
from games.mafia.draft import MAFIA_ROUNDS, ROUNDS
from games.mafia.state import MafiaState
from games.mafia.view import hands_dealt


def _phase_line(state: MafiaState) -> Event:
    if state.phase == "draft" and state.draft is not None:
        return announce("mafia-status-draft", round=min(state.draft.round, ROUNDS + MAFIA_ROUNDS),
                        rounds=ROUNDS, extra=MAFIA_ROUNDS)
    if state.phase == "opening":
        return announce("mafia-status-opening")
    return announce(f"mafia-status-{state.phase}", number=state.number)


def build(state: MafiaState, viewer: Viewer) -> list[Event]:
    lines = [_phase_line(state)]
    for number, player in enumerate(state.seats):
        params = {"player": seat(number), "role": term(f"mafia-role-{player.public_role}")}
        if not player.alive:
            lines.append(announce("mafia-status-dead", **params))
        elif hands_dealt(state):
            lines.append(announce("mafia-status-seat-count", count=player.public_hand_count(), **params))
        else:
            lines.append(announce("mafia-status-seat", **params))
    if isinstance(viewer, int) and 0 <= viewer < state.players:
        player = state.seats[viewer]
        if player.mafia:
            lines.append(tell([viewer], "mafia-aid-role-mafia", role=term(f"mafia-role-{player.secret_role}"),
                              colour=term(f"mafia-colour-{player.colour}")))
        else:
            lines.append(tell([viewer], "mafia-aid-role-law"))
        if player.student_colour is not None:
            lines.append(tell([viewer], "mafia-event-student-colour",
                              colour=term(f"mafia-colour-{player.student_colour}")))
        if player.kept:
            lines.append(tell([viewer], "mafia-aid-kept", cards=cards_term(player.kept), total=len(player.kept)))
        if player.hand:
            lines.append(tell([viewer], "mafia-aid-hand", cards=cards_term(player.hand)))
        if state.artifact == viewer:
            lines.append(tell([viewer], "mafia-aid-artifact"))
    return lines
