"""What the runtime needs of Mafia of Heroes besides its engine (games.core.spec): what `?` shows at the
terminal, the sides the server's page counts wins by, and how its web record reads."""

from __future__ import annotations

from games.core.spec import Record, Seats, Sides
from games.mafia.help import guide
from games.mafia.roles import MAFIA_ROLES

GUIDE = guide
"""`?` at the terminal: your roles, cards with their texts, your order, the artifact and what you learned, in
place of the status lines' short private aid."""
MAFIA_SIDE = {f"mafia-role-{role}" for role in MAFIA_ROLES}
"""The secret roles of the Mafia's side (every other seat is the Law's)."""


def side_won(seats: Seats) -> str:
    """law, mafia or draw: which side a finished game's winners were on (none: a draw)."""
    winners = [roles for won, roles in seats if won]
    if not winners:
        return "draw"
    return "mafia" if any(set(roles) & MAFIA_SIDE for roles in winners) else "law"


SIDES = Sides(names=("law", "mafia"), columns=("web-column-law", "web-column-mafia"), title="web-mafia-sides",
              note="web-mafia-note", winner=side_won)
RECORD = Record(chapters={
    "mafia-event-draft-begins": "web-chapter-draft",
    "mafia-event-night-begins": "web-chapter-first-night",
    "mafia-event-night-falls": "web-chapter-night",
    "mafia-event-day-begins": "web-chapter-day",
}, roles=True, places=False, result_from=("mafia-victory-",))
