"""The phases: Night 1, Day 1, Night 2, … Each opens an order sheet for every living player; the phase
ends when every sheet is done (house rule `end_when_all_done`) or at its deadline; then the orders
are resolved (games.mafia.resolution) and, unless the game is over, the next phase opens.
"""

from __future__ import annotations

from games.core import Event, seat, term
from games.core.orders import FINISH
from games.mafia import resolution
from games.mafia.common import announce
from games.mafia.sheet import form, order_of
from games.mafia.state import MafiaState


def hand_counts(state: MafiaState) -> dict[str, object]:
    """Every living character's public hand count, one per line (the Advisor's invisible cards left out)."""
    return {"lines": [
        {"message": "mafia-line-hand-count", "params": {"player": seat(n), "count": state.counts.get(n, 0)}}
        for n in state.living()
    ]}


def open_phase(state: MafiaState, events: list[Event]) -> None:
    """Start the current phase (`state.phase`, `state.number` already set): sheets for the living."""
    state.messages = []
    state.orders = {}
    if not state.counts:
        state.counts = {n: state.seats[n].public_hand_count() for n in state.living()}
    kind = state.phase
    # `deadline`: the phase's deadline kind, so a renderer can show when the phase ends
    if state.phase_index == 1:  # later phases follow the report that has just given the counts
        events.append(announce("mafia-event-night-begins", number=1, counts=hand_counts(state), deadline=kind))
    else:
        events.append(announce("mafia-event-day-begins" if kind == "day" else "mafia-event-night-falls",
                               number=state.number, deadline=kind))
    form(state).open(state, state.living(), tag=f"{kind[0]}{state.number}")
    _hold_deadlines(state)


def answered(state: MafiaState, value: object, all_done: bool, events: list[Event]) -> None:
    """After an answer to a sheet: end the phase when its time has come (everyone is done, or —
    with `end_when_all_done` off — the deadline, which answers FINISH)."""
    if all_done and (state.options.end_when_all_done or value == FINISH):
        end_phase(state, events)
    else:
        _hold_deadlines(state)


def _hold_deadlines(state: MafiaState) -> None:
    """Without `end_when_all_done` a sent order keeps its deadline: the phase ends only then."""
    if not state.options.end_when_all_done:
        for prompt in state.prompts:
            if prompt.sheet is not None:
                prompt.deadline_after_answer = True


def end_phase(state: MafiaState, events: list[Event]) -> None:
    """Read every sheet as an order, resolve the phase, open the next one."""
    sheets = form(state)
    state.orders = {n: order_of(state, n) for n in state.living()}
    for number, order in state.orders.items():
        player = state.seats[number]
        player.missed = player.missed + 1 if order.empty() and not order.done else 0
    sheets.close(state)
    resolution.resolve(state, events)
    state.orders = {}
    if state.over:
        return
    if state.phase == "night":
        state.phase = "day"
    else:
        state.phase = "night"
        state.number += 1
    open_phase(state, events)


ABSENT_PHASES = 2
"""Moderators are told who has missed this many phases in a row (rules page, "Deadlines and absent players")."""


def absent_notice(state: MafiaState, number: int, misses: int) -> Event | None:
    """For the moderators: a living player who let `misses` deadlines in a row pass without giving any
    order (a phase counts once; the runtime counts them), every two, with what the house rule
    `absent_players` advises (replace them with a bot player, or remove them)."""
    if misses <= 0 or misses % ABSENT_PHASES or state.over or not 0 <= number < len(state.seats):
        return None
    if not state.seats[number].alive:
        return None
    return Event(key="mafia-absent-notice", params={
        "player": seat(number), "misses": misses, "advice": term(f"mafia-absent-advice-{state.options.absent_players}"),
    })
