"""The Mafia of Heroes engine: sign-up, set-up, the draft and the opening hands, up to Night 1."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Engine, Event, Prompt, Refusal, Results, Viewer
from games.mafia import bot, draft, opening, setup, summary, view
from games.mafia.options import ALLOWED_MAX, ALLOWED_MIN, Join
from games.mafia.options import Options as MafiaOptions
from games.mafia.roles import load_roles
from games.mafia.state import MafiaState

CARD_KEYS = (draft.KEEP, draft.KEEP_MAFIA, opening.JESTER_HAND)


class MafiaEngine(Engine[MafiaState]):
    name: ClassVar[str] = "mafia"
    min_players: ClassVar[int] = ALLOWED_MIN
    max_players: ClassVar[int] = ALLOWED_MAX
    """The widest table a moderator may allow; the house rules narrow it to 10–12 by default."""
    Options: ClassVar[type[MafiaOptions]] = MafiaOptions
    State: ClassVar[type[MafiaState]] = MafiaState
    Join: ClassVar[type[Join]] = Join

    def _check_join(self, options: MafiaOptions, join: Join) -> Refusal | None:
        return setup.check_join(load_roles(), join)

    def _setup(
        self, players: int, options: MafiaOptions, seed: int, joins: list[dict[str, Any]] | None = None
    ) -> tuple[MafiaState, list[Event]]:
        return setup.setup(players, options, seed, joins or [{} for _ in range(players)], load_roles())

    def _check(self, state: MafiaState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        if prompt.key in (*draft.KEYS, *opening.KEYS):
            return None  # the base check has matched the answer against the offered options
        return Refusal(key="error-stale")

    def _explain_unknown(self, state: MafiaState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        if prompt.key == draft.ARTIFACT:
            return Refusal(key="error-unknown-player")
        if prompt.key in CARD_KEYS and isinstance(action.value, tuple):
            offered = {o.value for o in prompt.options}
            unknown = next((v for v in action.value if v not in offered), None)
            key = "mafia-error-not-in-deck" if prompt.key == opening.JESTER_HAND else "mafia-error-not-offered"
            return Refusal(key=key, params={"value": unknown})
        return None

    def _apply(self, state: MafiaState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        events: list[Event] = []
        if prompt.key in draft.KEYS:
            draft.apply(state, seat, prompt, action.value, events)
        else:
            assert isinstance(action.value, tuple)
            opening.apply_jester(state, seat, prompt, action.value, events)
        return events

    def _default_action(self, state: MafiaState, prompt: Prompt, rng: random.Random) -> Action:
        if prompt.key == opening.JESTER_HAND:
            return Action(prompt=prompt.id, value=opening.default_jester(state, prompt))
        return Action(prompt=prompt.id, value=draft.default_value(state, prompt, rng))

    def bot_action(self, state: MafiaState, prompt: Prompt, rng: random.Random) -> Action:
        return Action(prompt=prompt.id, value=bot.choose(state, prompt, rng))

    def view(self, state: MafiaState, viewer: Viewer) -> dict[str, Any]:
        return view.build(state, viewer)

    def summary(self, state: MafiaState, viewer: Viewer) -> list[Event]:
        return summary.build(state, viewer)

    def results(self, state: MafiaState) -> Results | None:
        return None  # the game cannot end before the phases exist
