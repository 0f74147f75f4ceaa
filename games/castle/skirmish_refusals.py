"""Why a value typed at a skirmish winner's choice is refused: a specific reason where the step's options
do not hold it (an exit that is no corridor, a locked or barricaded one, a player who did not lose)."""

from __future__ import annotations

from games.castle.board import corridor_key
from games.castle.halls import passage_refusal
from games.castle.state import CastleState
from games.core import Refusal, seat


def explain(state: CastleState, key: str, value: str) -> Refusal | None:
    """A specific reason for a typed value that is not among a winner's-choice step's options."""
    fight = state.fight
    if fight is None:
        return None
    sheet = state.choice_sheets.get(fight.winner)
    draft = [a for a in (sheet.draft if sheet else []) if not a.startswith("ring:")]
    if key in ("castle-ask-expel", "castle-ask-eject-first"):
        return _exit_refusal(state, fight.hall, value)
    if key == "castle-ask-eject-second" and len(draft) >= 2:
        if value == fight.hall:
            return Refusal(key="castle-refuse-eject-back", params={"hall": value})
        return _exit_refusal(state, draft[1], value)
    if key == "castle-ask-eject" and not value.isdigit():
        # e.g. a hall typed for a plain one-hall expulsion: "nobody" is the answer for that
        return Refusal(key="castle-refuse-eject-pick")
    if key in ("castle-ask-robbery", "castle-ask-shackles", "castle-ask-peek", "castle-ask-eject"):
        return Refusal(key="castle-refuse-not-loser", params={"player": seat(int(value))}) \
            if value.isdigit() and int(value) < state.players else Refusal(key="error-unknown-player")
    if key.startswith("castle-ask-door-to") and draft:
        return passage_refusal(state, draft[0], value, adjacent_rings=False)
    if key.startswith("castle-ask-lock-to") and draft:
        return Refusal(key="castle-refuse-no-corridor", params={"from": draft[0], "to": value})
    if key == "castle-ask-peek-position":
        return Refusal(key="castle-refuse-not-in-hand", params={"position": value, "cards": len(
            state.table[int(draft[0])].hand) if draft and draft[0].isdigit() else 0})
    return None


def _exit_refusal(state: CastleState, here: str, there: str) -> Refusal:
    if not state.joined(here, there):
        return Refusal(key="castle-refuse-no-corridor", params={"from": here, "to": there})
    if state.locked(corridor_key(here, there)):
        return Refusal(key="castle-refuse-locked", params={"from": here, "to": there})
    return Refusal(key="castle-refuse-expel-barricade", params={"from": here, "to": there})
