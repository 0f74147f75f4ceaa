"""What the web record needs to know of each game beyond its engine: which public events open a chapter of
the page (a round, a season, a phase: the heading is a catalog message rendered with the event's own
parameters), what its score counts, and whether the players' roles belong in the header."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WebGame:
    chapters: dict[str, str] = field(default_factory=dict)
    """Event key → the catalog message of the chapter it opens."""
    score: str | None = None
    """The catalog message naming the score column (None: no column, the score says nothing more than the win)."""
    roles: bool = False
    """The header shows each seat's roles (the results' `roles`, revealed at the end)."""
    places: bool = True
    """The header shows places (not for a game won by a side: its winners are marked, the rest lost)."""
    result_from: tuple[str, ...] = ()
    """Where the final step's lines become the result (key prefixes: the final table's heading, the victory):
    the header shows them from there; none found, the whole final step."""


GAMES: dict[str, WebGame] = {
    "cookie": WebGame(chapters={"cookie-event-round-start": "web-chapter-round"}, score="web-score-cookie",
                      result_from=("cookie-standings",)),
    "maskmen": WebGame(chapters={"maskmen-season-start": "web-chapter-season"}, score="web-score-maskmen",
                       result_from=("maskmen-standings",)),
    "sword-of-lies": WebGame(chapters={
        "sol-event-castling": "web-chapter-castling",
        "sol-event-betting-begins": "web-chapter-betting",
        "sol-event-war-begins": "web-chapter-war",
    }, score="web-score-sword-of-lies", result_from=("sol-event-war-over", "sol-event-standings")),
    "castle": WebGame(chapters={"castle-round": "web-chapter-round"}, score="web-score-castle",
                      result_from=("castle-over-",)),
    "mafia": WebGame(chapters={
        "mafia-event-draft-begins": "web-chapter-draft",
        "mafia-event-night-begins": "web-chapter-first-night",
        "mafia-event-night-falls": "web-chapter-night",
        "mafia-event-day-begins": "web-chapter-day",
    }, roles=True, places=False, result_from=("mafia-victory-",)),
}
SETUP_CHAPTER = "web-chapter-setup"
"""The heading of what comes before a game's first chapter (its set-up)."""


def web_game(name: str) -> WebGame:
    return GAMES.get(name) or WebGame()
