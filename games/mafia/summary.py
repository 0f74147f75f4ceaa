"""Status lines: the public table (phase, public roles, hand counts) and a player's private aid."""

from __future__ import annotations

from games.core import GM, Event, Viewer, seat, term
from games.mafia.common import announce, cards_term, sorted_cards, tell
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
            lines.append(announce("mafia-status-seat-count", count=state.counts.get(number, player.public_hand_count()),
                                  **params))
        else:
            lines.append(announce("mafia-status-seat", **params))
    if state.leader is not None and not state.over:
        lines.append(announce("mafia-status-leader", player=seat(state.leader)))
    if viewer == GM:
        lines += _reveal(state)
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


def _reveal(state: MafiaState) -> list[Event]:
    """The game master's whole table (the full reveal of a finished game's transcript): every seat's
    roles, faction, deck contents, hand and sleeve, and the artifact's holders."""
    lines = []
    for number, player in enumerate(state.seats):
        lines.append(announce(
            "mafia-reveal-seat", player=seat(number), public_role=term(f"mafia-role-{player.public_role}"),
            faction=term(f"mafia-faction-{player.faction}"), role=term(f"mafia-role-{player.secret_role}"),
            deck=cards_term(sorted_cards(state.collection, player.deck)), hand=cards_term(player.hand),
            sleeve=cards_term(player.sleeve), alive="yes" if player.alive else "no",
            mafia="yes" if player.mafia else "no",
        ))
    if not state.artifact_held:
        lines.append(announce("mafia-victory-artifact-never"))
    else:
        lines.append(announce("mafia-victory-artifact", holders=[seat(n) for n in state.artifact_held],
                              destroyed="no" if state.artifact is not None else "yes"))
    return lines
