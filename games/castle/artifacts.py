"""Phase III (pick-up, delivery, a new artifact), the win, and the end by `max_rounds`."""

from __future__ import annotations

from games.castle.state import CastleState
from games.core import Event, seat


def run_artifacts(state: CastleState, events: list[Event]) -> None:
    board = state.the_board()
    for hall in board.ordered_halls():
        count = state.floor.get(hall, 0)
        here = state.in_hall(hall)
        if not count or len(here) != 1 or hall in state.no_pickup:
            continue  # two or more players in the hall: nobody takes it (Decision)
        me = here[0]
        state.table[me].carried += count
        del state.floor[hall]
        events.append(Event(key="castle-picked-up", params={"player": seat(me), "hall": hall, "count": count}))
    new = 0
    for me, player in enumerate(state.table):
        if player.carried and player.hall == state.shrine_hall(me):
            count, player.carried = player.carried, 0
            player.delivered += count
            new += count
            events.append(Event(key="castle-delivered", params={
                "player": seat(me), "count": count, "total": player.delivered, "goal": state.options.artifacts_to_win}))
    if new:  # a delivered artifact is replaced in the Central Hall at the end of the phase (Decision)
        state.floor[board.centre] = state.floor.get(board.centre, 0) + new
        events.append(Event(key="castle-new-artifact", params={"hall": board.centre, "count": new}))
    state.no_pickup = []
    _check_end(state, events)


def _check_end(state: CastleState, events: list[Event]) -> None:
    goal = state.options.artifacts_to_win
    delivered = [p.delivered for p in state.table]
    if max(delivered) >= goal:
        best = max(delivered)
        _finish(state, [s for s, d in enumerate(delivered) if d == best], "goal", events)
    elif state.round >= state.options.max_rounds:
        best = max(delivered)
        leaders = [s for s, d in enumerate(delivered) if d == best]
        most_carried = max(state.table[s].carried for s in leaders)
        _finish(state, [s for s in leaders if state.table[s].carried == most_carried], "rounds", events)


def _finish(state: CastleState, winners: list[int], why: str, events: list[Event]) -> None:
    state.winners = winners
    state.over = True
    state.stage = "over"
    state.prompts = []
    events += standings(state)
    events.append(Event(key=f"castle-over-{why}", params={
        "players": {"and": [seat(s) for s in winners]}, "count": len(winners), "round": state.round}))


def standings(state: CastleState) -> list[Event]:
    """The final table, best first: artifacts delivered, equal ones sharing a place. When the last
    round ended the game (the goal not reached), equal deliveries go to whoever carries more, as the
    win does (**Decision**: for every place), and a line says where that decided."""
    rounds = max(p.delivered for p in state.table) < state.options.artifacts_to_win
    why = "rounds" if rounds else "goal"
    key = [(p.delivered, p.carried if rounds else 0) for p in state.table]
    order = sorted(range(state.players), key=lambda s: (-key[s][0], -key[s][1], s))
    events = [Event(key="castle-standings", params={"why": why})]
    for s in order:
        events.append(Event(key="castle-standings-row", params={
            "place": 1 + sum(1 for other in key if other > key[s]), "player": seat(s), "why": why,
            "delivered": state.table[s].delivered, "carried": state.table[s].carried}))
    if rounds:
        for delivered in sorted({k[0] for k in key}, reverse=True):
            tied = [s for s in order if key[s][0] == delivered]
            if len({key[s][1] for s in tied}) > 1:
                events.append(Event(key="castle-standings-tiebreak", params={
                    "delivered": delivered, "players": {"and": [seat(s) for s in tied]}}))
    return events
