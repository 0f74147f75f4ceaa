"""The engine base class: validate (`check`), cheap `can`, then `apply` returning new state + events."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json

from games.core.model import GM, Action, Event, GameState, Prompt, Refusal, Results
from games.core.orders import PLAN
from games.core.rng import derived

S = TypeVar("S", bound=GameState)
BOT_LEVELS = ("easy", "normal")
"""How well a bot seat plays: "easy" is the first, simple bot; "normal" the stronger one."""
DEFAULT_BOT_LEVEL = "normal"
"""The level of a bot seat that names none (seats saved before levels existed, absent players)."""
Viewer = int | Literal["gm"] | None
"""None is the public, an int is that seat's player, "gm" sees everything."""


class IllegalAction(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.key)
        self.refusal = refusal


class OptionError(ValueError):
    """Raised by a game's Options validator for a rule that spans fields: the house rule it is
    about and a catalog message, so the refusal is in the reader's language."""

    def __init__(self, option: str, key: str, **params: Any) -> None:
        super().__init__(key)
        self.option = option
        self.key = key
        self.params = params


def option_reason(error: Any) -> dict[str, Any]:
    """A pydantic validation error of a house rule as a catalog message (a nested message
    parameter), so the reason is in the reader's language, not pydantic's English."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if isinstance(ctx.get("error"), OptionError):
        return {"message": ctx["error"].key, "params": ctx["error"].params}
    if kind == "extra_forbidden":
        return {"message": "error-option-unknown", "params": {}}
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = next(ctx[k] for k in ("ge", "gt", "le", "lt") if k in ctx)
        return {"message": f"error-option-{kind.replace('_', '-')}", "params": {"limit": bound}}
    if kind.startswith(("int_", "float_")):
        return {"message": "error-option-number", "params": {}}
    if kind.startswith("bool_"):
        return {"message": "error-option-yes-no", "params": {}}
    if kind in ("literal_error", "enum"):
        return {"message": "error-option-one-of", "params": {"choices": str(ctx.get("expected", ""))}}
    return {"message": "error-option-invalid", "params": {}}


class Engine(ABC, Generic[S]):
    """One game's rules. Subclasses implement the underscored hooks; the public methods are
    the contract the table and tests use."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[GameState]]
    default_players: ClassVar[int | None] = None
    """The table size offered when none is given (None: `min_players`)."""
    Join: ClassVar[type[BaseModel] | None] = None
    """Per-seat data a player gives when joining (e.g. a buy-in), or None when the game takes
    none. Validated by `parse_join`; the validated dicts reach `_setup(..., joins=...)`."""
    day_phases: ClassVar[tuple[str, ...]] = ()
    """The deadline kinds that are the game's phases, which a pace may end at a time of day
    (`deadline:21:00`: each ends at the next 21:00) instead of after their seconds. Empty: the
    game's steps are too short for that."""

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
            cause = (first.get("ctx") or {}).get("error")
            if isinstance(cause, OptionError):
                field = cause.option
            raise IllegalAction(
                Refusal(key="error-bad-option", params={"option": field, "reason": option_reason(first)})
            ) from error

    def parse_join(self, options: BaseModel | dict[str, Any] | None, data: dict[str, Any] | None) -> dict[str, Any]:
        """One seat's join data, validated against the house rules; raises IllegalAction with
        the game's own reason. Returns plain JSON data (unset fields left out)."""
        data = dict(data or {})
        if self.Join is None:
            if data:
                raise IllegalAction(Refusal(key="error-join-field", params={"field": next(iter(data))}))
            return {}
        if not isinstance(options, BaseModel):
            options = self.parse_options(options)
        try:
            parsed = self.Join.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "?"
            if first["type"] == "extra_forbidden":
                raise IllegalAction(Refusal(key="error-join-field", params={"field": field})) from error
            raise IllegalAction(
                Refusal(key="error-bad-join", params={"field": field, "reason": option_reason(first)})
            ) from error
        refusal = self._check_join(options, parsed)
        if refusal is not None:
            raise IllegalAction(refusal)
        return parsed.model_dump(mode="json", exclude_none=True)

    def _check_join(self, options: Any, join: Any) -> Refusal | None:
        """Game-specific checks of one seat's join data against the house rules."""
        return None

    def join_prompt(
        self, options: BaseModel, given: dict[str, Any], others: list[dict[str, Any]]
    ) -> Prompt | None:
        """The next sign-up question for a joining player, given the answers so far (join data
        fields), or None when nothing more is asked. Each prompt's `key` names the question's
        message and `params["field"]` the join field its answer fills (option values are the
        field's values; "~none" leaves it unset). `others`: the join data of the seats already
        taken, in join order (so an option can be shown as taken). Games without sign-up
        questions ask none."""
        return None

    def join_answer(self, given: dict[str, Any], prompt: Prompt, value: str) -> dict[str, Any]:
        """`given` with the answer `value` to the sign-up question `prompt` ("~none": the field
        is answered but left unset)."""
        return {**given, prompt.params["field"]: None if value == "~none" else value}

    def anonymous(self, options: BaseModel) -> bool:
        """Whether the players stay unnamed until the game ends (Mafia's anonymous mode): the
        lobby then never says who joined, left or started."""
        return False

    def lobby_summary(self, options: BaseModel, joins: list[dict[str, Any]]) -> dict[str, Any] | None:
        """A line for the lobby about the seats' join data so far (Mafia: the public roles
        wanted, in join order), as a nested message `{"message": key, "params": {...}}`, or None."""
        return None

    def setup(
        self,
        players: int,
        options: BaseModel | dict[str, Any] | None,
        seed: int,
        joins: list[dict[str, Any]] | None = None,
    ) -> tuple[S, list[Event]]:
        """`joins`: each seat's join data (missing = {}), validated here again, so a game can
        never start from data its `parse_join` would refuse."""
        refusal = self.check_players(players)
        if refusal:
            raise IllegalAction(refusal)
        if not isinstance(options, BaseModel):
            options = self.parse_options(options)
        given = list(joins or [])
        if len(given) > players:
            raise IllegalAction(Refusal(key="error-unknown-player"))
        parsed = [self.parse_join(options, d) for d in given + [{}] * (players - len(given))]
        if self.Join is None:
            return self._setup(players, options, seed)
        return self._setup(players, options, seed, joins=parsed)

    @abstractmethod
    def _setup(self, players: int, options: Any, seed: int) -> tuple[S, list[Event]]:
        """A game that declares `Join` takes a keyword `joins: list[dict]` (one per seat) too."""

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
        if prompt.fallback is not None and action.value == prompt.fallback:
            return None
        if prompt.sheet is not None and isinstance(action.value, str) and action.value.startswith(PLAN):
            return None  # a whole order at once: the order form checks every part
        if prompt.ask in ("many", "text") and isinstance(action.value, str) and action.value.startswith("~"):
            # an order sheet's Back / Cancel beside a multi-select or a text box
            option = prompt.option(action.value)
            if option is not None:
                return option.disabled
        if prompt.ask == "one":
            if not isinstance(action.value, str):
                return Refusal(key="error-malformed")
            option = prompt.option(action.value)
            if option is None:
                return Refusal(key="error-no-such-option", params={"value": action.value})
            return option.disabled
        if prompt.ask == "many":
            return Engine._check_picks(prompt, action)
        if isinstance(action.value, tuple):
            return Refusal(key="error-malformed")
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

    @staticmethod
    def _check_picks(prompt: Prompt, action: Action) -> Refusal | None:
        """`ask="many"`: a list of option values, as many as asked, each at most as often as options
        carry it, none disabled or unknown."""
        if not isinstance(action.value, tuple):
            return Refusal(key="error-malformed")
        low, high = prompt.min_picks, prompt.max_picks
        low = 1 if low is None else low
        high = len([o for o in prompt.options if not o.value.startswith("~")]) if high is None else high
        if not low <= len(action.value) <= high:
            if low == high:
                return Refusal(key="error-pick-exactly", params={"count": low})
            return Refusal(key="error-pick-between", params={"low": low, "high": high})
        picked: dict[str, int] = {}
        for value in action.value:
            carriers = [o for o in prompt.options if o.value == value and not value.startswith("~")]
            if not carriers:
                return Refusal(key="error-no-such-option", params={"value": value})
            picked[value] = picked.get(value, 0) + 1
            if picked[value] > len(carriers):
                return Refusal(key="error-picked-twice", params={"value": value})
            usable = [o for o in carriers if o.disabled is None]
            if picked[value] > len(usable):
                return next(o.disabled for o in carriers if o.disabled is not None)
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
    def bot_action(self, state: S, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL) -> Action:
        """A bot player's legal answer to `prompt`, using only what that seat may know, played at
        `level` (one of BOT_LEVELS)."""

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

    def dossier(self, state: S, seat: int) -> list[Event]:
        """What a player taking over `seat` mid-game must know now (a substitute's catch-up), as
        messages to that seat: the seat's current secrets. The runtime sends them after every past
        event the seat received; a game without a dossier gets its `summary` for the seat instead."""
        return []

    def dossier_history(self, state: S, seat: int, received: list[Event]) -> list[Event]:
        """Which of the private messages `seat` received so far (from the log, in order) a substitute's
        dossier replays: a game leaves out mere confirmations of the seat's own answers (the log
        keeps no `Event.ack` mark). Default: all of them."""
        return received

    def absent_notice(self, state: S, seat: int, misses: int) -> Event | None:
        """What the moderators are told when the player of `seat` has let `misses` deadlines in a row
        pass without answering (the steps of one move count once), or None: nothing (the default).
        Whatever it says, the runtime's own rule for absent players (a bot taking the seat) applies."""
        return None

    def load(self, raw: str | bytes) -> S:
        """A saved state read back. Its strings of up to 64 characters come from pydantic-core's string cache,
        shared by every state read (a Mafia state repeats ~330 words ~2,000 times: 354 KB parsed with a string
        each, 251 KB so, and faster). `model_validate_json` caches none when a model has a "before" validator
        (Mafia's has): it hands the validator plain data made without the cache."""
        return self.State.model_validate(from_json(raw, cache_strings=True))  # type: ignore[return-value]

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

    # --- the game channel (bot/discord/channel.py and relay.py) ------------------------------
    def voices(self, state: S) -> dict[int, bool] | None:
        """Which seats may write in the game's channel now (seat → may write), or None when the
        game does not manage its channel, or no longer does (over: everyone may write again)."""
        return None

    def speakers(self, state: S) -> dict[int, bool] | None:
        """Who may speak in the game's linked voice channel now (seat → may speak; the others are
        server-muted: bot/discord/voice.py), or None when the game does not manage voice, or no longer
        does (over: everyone the bot muted is unmuted)."""
        return None

    def eliminated(self, state: S) -> set[int] | None:
        """The seats out of the game (Mafia: the dead), whose players read the graveyard's feed of the
        whole game (bot/discord/graveyard.py); None when the game eliminates nobody or its house rule
        `graveyard` is off."""
        return None

    def public_name(self, state: S, seat: int) -> dict[str, Any] | None:
        """How a seat is named in public while the game hides who plays it (Mafia's anonymous
        mode): a term, `{"term": key}`, rendered in each reader's language; None: the player's
        own name."""
        return None

    def relay_refusal(self, state: S, seat: int, text: str | None = None) -> Refusal | None:
        """Why the seat's player may not speak in the game channel through the bot now (a game
        that hides its players relays their words under their public name), None when they may;
        `text`, when given, is checked too (Mafia: no links). Games without a relay refuse."""
        return Refusal(key="channel-relay-none")
