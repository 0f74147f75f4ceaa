"""Status lines: the public table (phase, public roles, hand counts) and a player's private aid."""

from __future__ import annotations

from games.core import GM, Event, Viewer, seat, term
from games.mafia import victory
from games.mafia.common import announce, cards_term, tell
from games.mafia.draft import MAFIA_ROUNDS, ROUNDS
from games.mafia.state import MafiaState
from games.mafia.view import hands_dealt, named_by_role


def _phase_line(state: MafiaState) -> Event:
    if state.phase == "draft" and state.draft is not None:
        return announce("mafia-status-draft", round=min(state.draft.round, ROUNDS + MAFIA_ROUNDS),
                        rounds=ROUNDS, extra=MAFIA_ROUNDS)
    if state.phase == "opening":
        return announce("mafia-status-opening")
    return announce(f"mafia-status-{state.phase}", number=state.number)


def _seat_line(state: MafiaState, number: int) -> Event:
    """A seat's public line: its name, public role and hand count (or death). In anonymous mode the
    seat's name IS its public role, so the role is said once (`mafia-status-role…`)."""
    player = state.seats[number]
    params = {"player": seat(number), "role": term(f"mafia-role-{player.public_role}")}
    prefix = "mafia-status-role" if named_by_role(state) else "mafia-status-seat"
    if not player.alive:
        return announce(f"{prefix}-dead", **params)
    if hands_dealt(state):
        return announce(f"{prefix}-count", count=state.counts.get(number, player.public_hand_count()), **params)
    return announce(prefix, **params)


def build(state: MafiaState, viewer: Viewer) -> list[Event]:
    lines = [_phase_line(state)]
    lines += [_seat_line(state, number) for number in range(len(state.seats))]
    if state.leader is not None and not state.over:
        lines.append(announce("mafia-status-leader", player=seat(state.leader)))
    if viewer == GM:  # the same lines as the victory's full reveal
        lines += [announce(line["message"], **line["params"]) for line in victory.reveal(state)]
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
        if player.sleeve:
            lines.append(tell([viewer], "mafia-aid-sleeve", cards=cards_term(player.sleeve)))
        if viewer in state.sheets:
            lines.append(tell([viewer], "mafia-aid-order", done="yes" if state.sheets[viewer].done else "no"))
        if state.artifact == viewer:
            lines.append(tell([viewer], "mafia-aid-artifact"))
    return lines
