"""Victory (rules page, "Factions and secret roles": a faction wins when only its members are alive,
the dead sharing the win; everyone dead is a draw), the full reveal, and the game's results.

Decision: a mortally wounded Avenger is alive, so he still stands in the way of the other faction.
Decision: `Results.roles` holds catalog keys (`mafia-role-<public>`, `mafia-role-<secret>`, the
secret one `mafia-role-law` for the law), as the statistics render them and as other games do.
Decision: the game's end does not change `state.phase` (the engine decides what follows `over`);
this module sets only `winner`, `over` and `prompts`.
"""

from __future__ import annotations

from typing import Any, Literal

from games.core import Event, Results, seat, seats, term
from games.mafia.common import announce
from games.mafia.state import MafiaState

Winner = Literal["mafia", "law", "draw"]


def outcome(state: MafiaState) -> Winner | None:
    """Who has won as things stand, or None while both factions are alive."""
    factions = {state.seats[n].faction for n in state.living()}
    if not factions:
        return "draw"
    if factions == {"mafia"}:
        return "mafia"
    if factions == {"law"}:
        return "law"
    return None


def winners(state: MafiaState) -> list[int]:
    """Every seat of the winning faction, the dead too; nobody after a draw or before the end."""
    if state.winner in ("mafia", "law"):
        return [n for n, s in enumerate(state.seats) if s.faction == state.winner]
    return []


def check(state: MafiaState, events: list[Event]) -> bool:
    """Step 9's victory check: end the game and reveal everything when a faction (or nobody) is left."""
    if state.over:
        return True  # already ended and announced
    result = outcome(state)
    if result is None:
        return False
    state.winner = result
    state.over = True
    state.prompts = []
    params: dict[str, Any] = {"roles": _reveal(state), "artifact": _artifact(state)}
    if result != "draw":
        params["winners"] = {"and": seats(winners(state))}
    events.append(announce(f"mafia-victory-{result}", **params))
    return True


def _reveal(state: MafiaState) -> dict[str, Any]:
    """Every seat, in seat order: public role, secret role (faction), alive or dead."""
    lines = []
    for n, player in enumerate(state.seats):
        params: dict[str, Any] = {
            "player": seat(n),
            "public_role": term(f"mafia-role-{player.public_role}"),
            "faction": term(f"mafia-faction-{player.faction}"),
            "alive": "yes" if player.alive else "no",
        }
        if player.mafia:
            params["role"] = term(f"mafia-role-{player.secret_role}")
        key = "mafia-victory-line-mafia" if player.mafia else "mafia-victory-line-law"
        lines.append({"message": key, "params": params})
    return {"lines": lines}


def _artifact(state: MafiaState) -> dict[str, Any]:
    """Who held the artifact, in order, and whether it still exists."""
    if not state.artifact_held:
        return {"message": "mafia-victory-artifact-never", "params": {}}
    return {
        "message": "mafia-victory-artifact",
        "params": {
            "holders": seats(state.artifact_held),
            "destroyed": "no" if state.artifact is not None else "yes",
        },
    }


def results(state: MafiaState) -> Results | None:
    """1 point to every seat of the winning faction (the dead share the win), 0 to the rest."""
    if not state.over or state.winner is None:
        return None
    won = set(winners(state))
    return Results(
        scores=[1 if n in won else 0 for n in range(len(state.seats))],
        winners=sorted(won),
        roles=[[f"mafia-role-{s.public_role}", f"mafia-role-{s.secret_role}"] for s in state.seats],
    )
