"""The engine base class: validate (`check`), cheap `can`, then `apply` returning new state + events."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from games.core.model import GM, Action, Event, GameState, Prompt, Refusal, Results
from games.core.rng import derived

S = TypeVar("S", bound=GameState)
Viewer = int | Literal["gm"] | None
"""None is the public, an int is that seat's player, "gm" sees everything."""


class IllegalAction(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.key)
        self.refusal = refusal


class Engine(ABC, Generic[S]):
    """One game's rules. Subclasses implement the underscored hooks; the public methods are
    the contract the table and tests use."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[GameState]]

    # --- set-up -------------------------------------------------------------------------
    def check_players(self, players: int) -> Refusal | None:
        if not self.min_players <= players <= self.max_players:
            return Refusal(
                key="error-player-count",
                params={"count": players, "min": self.min_players, "max": self.max_players},
            )
        return None

    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        """House rules from plain data; raises IllegalAction with a readable reason."""
        try:
            return self.Options.model_validate(raw or {})
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "?"
            raise IllegalAction(
                Refusal(key="error-bad-option", params={"option": field, "reason": first["msg"]})
            ) from error

    def setup(
        self, players: int, options: BaseModel | dict[str, Any] | None, seed: int
    ) -> tuple[S, list[Event]]:
        refusal = self.check_players(players)
        if refusal:
            raise IllegalAction(refusal)
        if not isinstance(options, BaseModel):
            options = self.parse_options(options)
        return self._setup(players, options, seed)

    @abstractmethod
    def _setup(self, players: int, options: Any, seed: int) -> tuple[S, list[Event]]: ...

    # --- acting -------------------------------------------------------------------------
    def check(self, state: S, seat: int, action: Any) -> Refusal | None:
        """Why `action` by `seat` is illegal now, or None if it is legal. Never changes state."""
        if not isinstance(action, Action):
            try:
                action = Action.model_validate(action)
            except ValidationError:
                return Refusal(key="error-malformed")
        if state.over:
            return Refusal(key="error-game-over")
        if not 0 <= seat < state.players:
            return Refusal(key="error-unknown-player")
        prompt = state.prompt(action.prompt)
        if prompt is None:
            return Refusal(key="error-stale")
        if prompt.seat != seat:
            return Refusal(key="error-not-your-prompt")
        refusal = self._check_against_prompt(prompt, action)
        if refusal is not None and refusal.key == "error-no-such-option":
            refusal = self._explain_unknown(state, seat, prompt, action) or refusal
        return refusal or self._check(state, seat, prompt, action)

    def can(self, state: S, seat: int, action: Any) -> bool:
        return self.check(state, seat, action) is None

    def apply(self, state: S, seat: int, action: Any) -> tuple[S, list[Event]]:
        """Returns a new state and the events caused; the given state is never modified."""
        refusal = self.check(state, seat, action)
        if refusal:
            raise IllegalAction(refusal)
        if not isinstance(action, Action):
            action = Action.model_validate(action)
        new = state.model_copy(deep=True)
        prompt = new.prompt(action.prompt)
        assert prompt is not None
        events = self._apply(new, seat, prompt, action)
        new.step += 1
        return new, events

    @staticmethod
    def _check_against_prompt(prompt: Prompt, action: Action) -> Refusal | None:
        if prompt.ask == "one":
            if not isinstance(action.value, str):
                return Refusal(key="error-malformed")
            option = prompt.option(action.value)
            if option is None:
                return Refusal(key="error-no-such-option", params={"value": action.value})
            return option.disabled
        if prompt.ask == "number":
            if isinstance(action.value, str):
                option = prompt.option(action.value)
                if option is None:
                    return Refusal(key="error-malformed")
                return option.disabled
            low = prompt.low if prompt.low is not None else action.value
            high = prompt.high if prompt.high is not None else action.value
            if not low <= action.value <= high:
                return Refusal(key="error-out-of-range", params={"low": low, "high": high})
            return None
        if not isinstance(action.value, str) or not action.value.strip():
            return Refusal(key="error-malformed")
        return None

    def _check(self, state: S, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        """Game-specific checks beyond the prompt's own options and bounds."""
        return None

    def _explain_unknown(self, state: S, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        """A specific reason for a value that is not among the prompt's options (a typed command,
        an old client): "card not in hand" says more than "no such option"."""
        return None

    @abstractmethod
    def _apply(self, state: S, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        """Mutate `state` (already a private copy) and return the events."""

    # --- absent players and bots ---------------------------------------------------------
    def default_action(self, state: S, prompt: Prompt) -> Action:
        """What the bot does for a player whose deadline passed. Deterministic per state."""
        rng = derived(state.rng.seed, "default", state.step, prompt.id)
        return self._default_action(state, prompt, rng)

    @abstractmethod
    def _default_action(self, state: S, prompt: Prompt, rng: random.Random) -> Action: ...

    @abstractmethod
    def bot_action(self, state: S, prompt: Prompt, rng: random.Random) -> Action:
        """A bot player's legal answer to `prompt`, using only what that seat may know."""

    # --- reading ------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What `viewer` may know, as plain JSON-able data."""

    @abstractmethod
    def results(self, state: S) -> Results | None:
        """Final scores and winners once the game is over, else None."""

    def summary(self, state: S, viewer: Viewer) -> list[Event]:
        """Status lines for `viewer` (the table, and for a player their private aid), as messages.

        Shared by the Discord status message, the "my hand" button and the terminal's `?`."""
        return []

    def load(self, raw: str | bytes) -> S:
        return self.State.model_validate_json(raw)  # type: ignore[return-value]

    @staticmethod
    def dump(state: GameState) -> str:
        return state.model_dump_json()

    def is_gm(self, viewer: Viewer) -> bool:
        return viewer == GM

    def deadline_seconds(self, state: S, kind: str) -> int:
        """Seconds a prompt of deadline kind `kind` gets: the house rule `<kind>_seconds`."""
        return int(getattr(state.options, f"{kind}_seconds"))  # type: ignore[attr-defined]

    def rules_key(self) -> str:
        """The catalog message holding this game's readable rules summary."""
        return f"{self.name}-rules"
