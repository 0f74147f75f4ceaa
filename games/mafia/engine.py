"""The Mafia of Heroes engine: sign-up, set-up, the draft and the opening hands, up to Night 1."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Engine, Event, GameState, Prompt, Refusal, Results, Viewer
from games.core.engine import DEFAULT_BOT_LEVEL
from games.core.orders import FINISH
from games.mafia import bot, dossier, draft, opening, phases, setup, sheet, summary, victory, view, votes
from games.mafia.options import ALLOWED_MAX, ALLOWED_MIN, MIN_PLAYERS, Join
from games.mafia.options import Options as MafiaOptions
from games.mafia.roles import load_roles
from games.mafia.sheet_common import link_refusal
from games.mafia.state import MafiaState

PLAYER_ASKS = ("mafia-ask-target", "mafia-ask-kill", "mafia-ask-veche", "mafia-ask-leader", "mafia-ask-artifact",
               "mafia-ask-check",
               "mafia-ask-message-to")
"""Sheet steps that name another living character (yourself and the dead are not offered)."""
CARD_KEYS = (draft.KEEP, draft.KEEP_MAFIA, opening.JESTER_HAND)


class MafiaEngine(Engine[MafiaState]):
    name: ClassVar[str] = "mafia"
    min_players: ClassVar[int] = ALLOWED_MIN
    max_players: ClassVar[int] = ALLOWED_MAX
    """The widest table a moderator may allow; the house rules narrow it to 10–12 by default."""
    default_players: ClassVar[int] = MIN_PLAYERS
    day_phases: ClassVar[tuple[str, ...]] = ("night", "day")
    """Nights and days may end at a time of day; the draft's picks keep their seconds."""
    Options: ClassVar[type[MafiaOptions]] = MafiaOptions
    State: ClassVar[type[MafiaState]] = MafiaState
    Join: ClassVar[type[Join]] = Join

    def _check_join(self, options: MafiaOptions, join: Join) -> Refusal | None:
        return setup.check_join(load_roles(), join)

    def join_prompt(self, options: Any, given: dict[str, Any], others: list[dict[str, Any]]) -> Prompt | None:
        return setup.join_prompt(load_roles(), given, others)

    def join_answer(self, given: dict[str, Any], prompt: Prompt, value: str) -> dict[str, Any]:
        return setup.join_answer(given, prompt, value)

    def anonymous(self, options: Any) -> bool:
        mode = options.get("mode") if isinstance(options, dict) else getattr(options, "mode", None)
        return mode == "anonymous"

    def lobby_summary(self, options: Any, joins: list[dict[str, Any]]) -> dict[str, Any] | None:
        return setup.lobby_summary(joins)

    def _setup(
        self, players: int, options: MafiaOptions, seed: int, joins: list[dict[str, Any]] | None = None
    ) -> tuple[MafiaState, list[Event]]:
        return setup.setup(players, options, seed, joins or [{} for _ in range(players)], load_roles())

    def _check(self, state: MafiaState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        if prompt.key in (*draft.KEYS, *opening.KEYS):
            return None  # the base check has matched the answer against the offered options
        if prompt.sheet is not None and state.phase in ("night", "day"):
            return sheet.form(state).check(state, seat, prompt, action)
        return Refusal(key="error-stale")

    def _explain_unknown(self, state: MafiaState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        value = action.value
        if prompt.key in PLAYER_ASKS and isinstance(value, str) and value.isdigit() and int(value) < state.players:
            if int(value) == seat:  # not offered: say why rather than "no such option"
                return Refusal(key="mafia-refuse-self")
            if not state.seats[int(value)].alive:
                return Refusal(key="mafia-refuse-dead", params={"player": {"seat": int(value)}})
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
        if prompt.sheet is not None:
            voted = _leader_part(state, seat)
            applied = sheet.form(state).apply(state, seat, prompt, action, events)
            if state.phase == "day" and _leader_part(state, seat) != voted:
                events.append(votes.leader_tally(state))  # the Leader vote is public as it is cast
            phases.answered(state, action.value, applied.all_done, events)
        elif prompt.key in draft.KEYS:
            draft.apply(state, seat, prompt, action.value, events)
        else:
            assert isinstance(action.value, tuple)
            opening.apply_jester(state, seat, prompt, action.value, events)
        return events

    def _default_action(self, state: MafiaState, prompt: Prompt, rng: random.Random) -> Action:
        if prompt.sheet is not None:  # the deadline: keep what is set, and end the phase
            return Action(prompt=prompt.id, value=FINISH)
        if prompt.key == opening.JESTER_HAND:
            return Action(prompt=prompt.id, value=opening.default_jester(state, prompt))
        return Action(prompt=prompt.id, value=draft.default_value(state, prompt, rng))

    def bot_action(
        self, state: MafiaState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL
    ) -> Action:
        return Action(prompt=prompt.id, value=bot.choose(state, prompt, rng, level=level))

    def view(self, state: MafiaState, viewer: Viewer) -> dict[str, Any]:
        return view.build(state, viewer)

    def summary(self, state: MafiaState, viewer: Viewer) -> list[Event]:
        return summary.build(state, viewer)

    def dossier(self, state: MafiaState, seat: int) -> list[Event]:
        return dossier.build(state, seat)

    def dossier_history(self, state: MafiaState, seat: int, received: list[Event]) -> list[Event]:
        return dossier.history(received)

    def absent_notice(self, state: MafiaState, seat: int, misses: int) -> Event | None:
        return phases.absent_notice(state, seat, misses)

    @staticmethod
    def dump(state: GameState) -> str:
        """Defaults left out (every empty list, unset field and enabled option): a saved Mafia state is
        large (12 players' cards, sheets and prompts) and loads back to exactly the same state."""
        return state.model_dump_json(exclude_defaults=True)

    def results(self, state: MafiaState) -> Results | None:
        return victory.results(state)

    # --- the game channel: radio silence in the draft, the dead lose their voice, anonymous relay ---
    def voices(self, state: MafiaState) -> dict[int, bool] | None:
        if state.over:
            return None  # the game is over: everyone may write again
        if state.phase not in ("night", "day") or state.options.mode == "anonymous":
            return dict.fromkeys(range(state.players), False)  # radio silence; anonymous: the relay only
        return {number: player.alive for number, player in enumerate(state.seats)}

    def speakers(self, state: MafiaState) -> dict[int, bool] | None:
        if state.over:
            return None
        if state.phase != "day":  # the draft and every night: everyone muted
            return dict.fromkeys(range(state.players), False)
        return {number: player.alive for number, player in enumerate(state.seats)}  # the dead stay muted

    def eliminated(self, state: MafiaState) -> set[int] | None:
        if not state.options.graveyard:
            return None
        return {number for number, player in enumerate(state.seats) if not player.alive}

    def public_name(self, state: MafiaState, seat: int) -> dict[str, Any] | None:
        if not view.named_by_role(state) or not 0 <= seat < state.players:
            return None
        return {"term": f"mafia-role-{state.seats[seat].public_role}"}

    def relay_refusal(self, state: MafiaState, seat: int, text: str | None = None) -> Refusal | None:
        if state.options.mode != "anonymous":
            return Refusal(key="mafia-say-open-mode")
        if state.over:
            return Refusal(key="error-game-over")
        if state.phase not in ("night", "day"):
            return Refusal(key="mafia-say-radio-silence")
        if not 0 <= seat < state.players or not state.seats[seat].alive:
            return Refusal(key="mafia-say-dead")
        return None if text is None else link_refusal(text)


def _leader_part(state: MafiaState, seat: int) -> list[str] | None:
    found = state.sheets.get(seat)
    return None if found is None else list(found.parts.get("leader") or [])
