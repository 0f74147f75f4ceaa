"""Data shapes shared by every game: prompts, actions, events, refusals, state, results."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core.rng import Rng
from games.core.shared_params import EMPTY, shared

GM: Literal["gm"] = "gm"
"""The viewer that may see everything (a moderator)."""


def seat(number: int) -> dict[str, int]:
    """An event/refusal parameter naming a player; renderers turn it into the player's name."""
    return {"seat": number}


def seats(numbers: list[int]) -> list[dict[str, int]]:
    return [seat(n) for n in numbers]


def term(key: str) -> dict[str, str]:
    """An event parameter naming a game term (a card, a role); renderers translate it."""
    return {"term": key}


class Refusal(BaseModel):
    """Why an action is illegal: a message key and its parameters."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)

    share_params = field_validator("params")(shared)


class Option(BaseModel):
    """One answer a prompt offers. A disabled option is shown but refused with its reason. Frozen: an option
    with no parameters is one object shared by every prompt and game that offers it (`Prompt.options`)."""

    model_config = ConfigDict(frozen=True)

    value: str
    label: str
    params: dict[str, Any] = Field(default_factory=dict)
    disabled: Refusal | None = None

    share_params = field_validator("params")(shared)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Option:
        return self if _OPTIONS.get((self.value, self.label)) is self else super().__deepcopy__(memo)


OPTIONS_SHARED = 4096
"""The most options without parameters kept shared at once (forgotten all together when full: only sharing is lost)."""
_OPTIONS: dict[tuple[str, str], Option] = {}


def _shared_options(options: list[Option]) -> list[Option]:
    """Each option without parameters and not disabled (an order sheet's "Change the order", "Done": 8 kinds
    offered 39 times in a 10-player Mafia game's prompts, 540 bytes each) as one shared object."""
    out = []
    for option in options:
        if not option.params and option.disabled is None:
            key = (option.value, option.label)
            found = _OPTIONS.get(key)
            if found is None:
                if len(_OPTIONS) >= OPTIONS_SHARED:
                    _OPTIONS.clear()
                found = _OPTIONS[key] = option.model_copy(update={"params": EMPTY})
            option = found
        out.append(option)
    return out


class Prompt(BaseModel):
    """Somebody must act: who, what is asked, secret or public, and how the deadline works.

    `id` is unique over the life of a game: an answer naming a prompt that is no longer
    pending is stale and refused.
    """

    id: str
    seat: int
    ask: Literal["one", "number", "text", "many"]
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    options: list[Option] = Field(default_factory=list)
    low: int | None = None
    high: int | None = None
    min_picks: int | None = None
    max_picks: int | None = None
    """`ask="many"`: how many options to pick (None: at least 1, at most all of them). An option
    value may be picked as often as options carry it (usually once)."""
    secret: bool = True
    deadline: str
    changeable: bool = False
    answered: bool = False
    deadline_group: str | None = None
    """Steps of one multi-step move share a group: the deadline runs over the whole move, not
    anew at every step."""
    sheet: str | None = None
    """The order sheet (games.core.orders) this prompt belongs to: renderers show one sheet in one
    place (a DM message edited in place), whatever step of it is being asked."""
    deadline_after_answer: bool = False
    """The deadline still fires once the prompt is answered (a changeable order in a phase that ends
    only at its deadline); it then answers `fallback`."""
    fallback: str | None = None
    """A value accepted though not among the options (an order sheet's "keep what is set and
    finish", which is what its deadline answers)."""

    share_options = field_validator("options")(_shared_options)
    share_params = field_validator("params")(shared)
    """Its nested terms, seats and empty dicts are shared frozen objects (games.core.shared_params)."""

    def option(self, value: str) -> Option | None:
        return next((o for o in self.options if o.value == value), None)


class Action(BaseModel):
    """An answer to a prompt. `value` is an option's value, a number, free text, or (`ask="many"`)
    the picked option values in the player's order — a tuple, so an action stays hashable; JSON
    carries it as a list and reads back the same."""

    model_config = ConfigDict(frozen=True)

    prompt: str
    value: str | int | tuple[str, ...]


TOLD_IN_PRIVATE = "told_in_private"
"""A public event's parameter: the seats that a private event of the same step tells the same thing
in full ("Boris draws an action card." / "You draw Second Wind. Your cards: …"). Where one reader
sees both (offline), the public line is left out for them (bot.render.visible_to)."""


class Event(BaseModel):
    """Something that happened, with its audience: `to=None` is public, else those seats only."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: list[int] | None = None
    ack: bool = False
    """Only confirms the actor's own answer: a UI that already confirms answers may skip it."""

    @property
    def public(self) -> bool:
        return self.to is None


class Results(BaseModel):
    """The end of a game: points per seat (coins, season points, chips) and the winners."""

    scores: list[int]
    winners: list[int]
    roles: list[list[str]] | None = None
    """Per seat, the roles it held (catalog keys; Cookie: one per round), for per-role statistics;
    None in games without roles."""
    places: list[int] | None = None
    """Per seat, its place in the final table (1 = best; equal places are a tie), as the game's own
    tie-breaks decide it; None: the winners first, then by points (`ranked_places`)."""
    sides: list[str] | None = None
    """Per seat, its side in a team game (Mafia: "law", "mafia"; `NEUTRAL` plays alone); None in a game
    where everyone plays for themselves."""

    def ranked_places(self) -> list[int]:
        """Each seat's place: the game's own (`places`), else the winners share the first and the rest
        follow by points (equal points share a place)."""
        if self.places is not None:
            return list(self.places)
        keys = [(seat in self.winners, score) for seat, score in enumerate(self.scores)]
        return [1 + sum(1 for other in keys if other > key) for key in keys]


NEUTRAL = "neutral"
"""The side of a seat that plays for itself in a team game (rated alone)."""


class GameState(BaseModel):
    """Fields every game's state carries; games subclass it with their own."""

    players: int
    rng: Rng
    step: int = 0
    prompts: list[Prompt] = Field(default_factory=list)
    over: bool = False

    def prompts_for(self, seat_number: int) -> list[Prompt]:
        return [p for p in self.prompts if p.seat == seat_number]

    def prompt(self, prompt_id: str) -> Prompt | None:
        return next((p for p in self.prompts if p.id == prompt_id), None)
