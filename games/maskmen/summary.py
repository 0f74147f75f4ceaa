"""Status lines (as events) for the table's status message, a player's private aid and the GM."""

from __future__ import annotations

from games.core import GM, Event, seat, term
from games.core.engine import Viewer
from games.maskmen.cards import COLOURS, colour_key, colour_of_key
from games.maskmen.flow import hand_params, standings
from games.maskmen.state import SEASON_WINS_NEEDED, MaskmenState


def player_state(state: MaskmenState, player: int) -> str:
    if state.held(player) == 0:
        return "out"
    return "passed" if player in state.passed else "in"


def summary(state: MaskmenState, viewer: Viewer) -> list[Event]:
    duel = state.players == 2
    if duel:
        lines = [Event(key="maskmen-status-duel", params={"season": state.season, "need": SEASON_WINS_NEEDED})]
    else:
        lines = [
            Event(
                key="maskmen-status-season",
                params={"season": state.season, "seasons": state.options.seasons, "trick": state.trick},
            )
        ]
    if state.ring is not None:
        lines.append(
            Event(
                key="maskmen-status-ring",
                params={
                    "player": seat(state.ring.seat),
                    "colour": term(colour_key(state.ring.colour)),
                    "count": state.ring.count,
                },
            )
        )
    elif state.turn is not None:
        lines.append(Event(key="maskmen-status-ring-empty", params={"player": seat(state.turn)}))
    if state.turn is not None and not state.over:
        lines.append(Event(key="maskmen-status-turn", params={"player": seat(state.turn)}))
    for player in range(state.players):
        lines.append(
            Event(
                key="maskmen-status-player-duel" if duel else "maskmen-status-player",
                params={
                    "player": seat(player),
                    "cards": state.held(player),
                    "points": state.season_wins[player] if duel else state.scores[player],
                    "state": player_state(state, player),
                },
            )
        )
    if not state.debuted:
        lines.append(Event(key="maskmen-order-empty"))
    for colour in (c for c in COLOURS if c in state.debuted):
        beaten = [w for s, w in state.beats if s == colour]
        lines.append(
            Event(
                key="maskmen-status-beats",
                params={
                    "colour": term(colour_key(colour)),
                    "beaten": {"and": [term(colour_of_key(w)) for w in beaten]},
                    "count": len(beaten),
                },
            )
        )
    if state.over:  # the status message of a finished game shows its final table
        lines += standings(state)
    if isinstance(viewer, int) and 0 <= viewer < state.players:
        lines.append(Event(key="maskmen-hand", params=hand_params(state.hands[viewer]), to=[viewer]))
    elif viewer == GM:
        lines += [
            Event(
                key="maskmen-status-gm-hand",
                params={"player": seat(player), **hand_params(state.hands[player])},
                to=[],
            )
            for player in range(state.players)
        ]
        lines.append(Event(key="maskmen-status-set-aside", params=hand_params(state.set_aside), to=[]))
    return lines
