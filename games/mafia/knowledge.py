"""What each seat has learned in secret, kept in the state (`MafiaState.knowledge`).

Every private result the engine tells a seat about another character (information cards, the
Killer's check, the mafia's Night-1 snapshot) and every public card reveal (Denunciation) is also
written here as a `Fact`: the bots read it to act on what their seat knows (games.mafia.bot_*), and
a player's private log can show it. Secret: only the seat itself may see its own record (never a
public view or event). Writing it changes no rules outcome: it only reads the state.

This module holds the record's shape; games/mafia/learning.py writes it (from the state) and
games/mafia/res_learning.py from a phase's resolution: results are delivered at step 9 to recipients
still alive, so they wait in `Resolution.learned` until `deliver` (the dead learn nothing).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.mafia.collection import Colour

Source = Literal["snapshot", "question", "search", "dossier", "surveillance", "tracker", "eavesdrop", "check",
                 "denunciation", "beating"]
"""How the seat learned it: the mafia's Night-1 snapshot, an information card (the Journalist's
Question on the victim is a "question"), the Killer's check, or a public reveal (a Denunciation;
the colour of the card a beaten character played the next night)."""
FactionName = Literal["mafia", "law"]


class Played(BaseModel):
    """A card a character played (Surveillance) or aimed at someone (Tracker)."""

    card: str
    target: int | None = None


class Fact(BaseModel):
    """One thing a seat learned about one character (`about`) in one phase (`phase`, the phase index:
    Night n is 2n − 1, Day n is 2n). Only the fields its source gives are set."""

    phase: int
    source: Source
    about: int
    faction: FactionName | None = None
    """Dossier; the snapshot (a fellow member); the Tracker's kill voters (only the mafia votes the kill)."""
    role: str | None = None
    """The secret role (the snapshot)."""
    colours: dict[Colour, int] = Field(default_factory=dict)
    """Cards per colour in the hand (Question, Search, Denunciation, the snapshot); after a beating,
    the colour of the one card he played."""
    cards: list[str] = Field(default_factory=list)
    """Card keys seen: the hand and sleeve (Search), the hand (the snapshot)."""
    plays: list[Played] = Field(default_factory=list)
    """Surveillance: the cards he played this phase; Tracker: the cards he aimed at the tracked one."""
    vote: int | None = None
    """Eavesdrop: whom he voted for at the veche (None with `vote_kind` None: he did not vote)."""
    vote_kind: str | None = None
    success: bool | None = None
    """The Killer's check: enough of the named cards were in his hand."""


class SeatKnowledge(BaseModel):
    """Everything one seat learned, oldest first."""

    facts: list[Fact] = Field(default_factory=list)

    def about(self, number: int) -> list[Fact]:
        return [f for f in self.facts if f.about == number]

    def faction_of(self, number: int) -> FactionName | None:
        """The faction this seat has learned for certain (the latest word), or None."""
        known = [f.faction for f in self.about(number) if f.faction is not None]
        return known[-1] if known else None

    def hand_colours(self, number: int) -> list[Fact]:
        """The looks at his hand's colours, oldest first."""
        return [f for f in self.about(number) if f.colours and f.source not in ("snapshot", "beating")]
