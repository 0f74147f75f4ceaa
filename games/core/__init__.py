"""The engine contract every game implements (see DESIGN.md, "The engine contract")."""

from games.core.engine import Engine, IllegalAction, Viewer
from games.core.model import (
    GM,
    TOLD_IN_PRIVATE,
    Action,
    Event,
    GameState,
    Option,
    Prompt,
    Refusal,
    Results,
    seat,
    seats,
    term,
)
from games.core.rng import Rng

__all__ = [
    "GM",
    "TOLD_IN_PRIVATE",
    "Action",
    "Engine",
    "Event",
    "GameState",
    "IllegalAction",
    "Option",
    "Prompt",
    "Refusal",
    "Results",
    "Rng",
    "Viewer",
    "seat",
    "seats",
    "term",
]
