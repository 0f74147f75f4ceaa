"""The Sword of Lies engine: dispatches each prompt to its phase module."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Engine, Event, Prompt, Refusal, Results, Viewer
from games.core.engine import DEFAULT_BOT_LEVEL
from games.sword_of_lies import bot, phase1, phase2, phase3, settlement, setup, summary, view
from games.sword_of_lies.common import as_int
from games.sword_of_lies.options import MAX_BUY_IN, MAX_PLAYERS, MIN_PLAYERS, Join
from games.sword_of_lies.options import Options as SolOptions
from games.sword_of_lies.state import SolState

PLAYER_KEYS = (phase1.TRADE_TARGET, phase1.ASK_TARGET, phase3.WAR_TARGET)


def _position_owner(state: SolState, seat: int, prompt: Prompt) -> int | None:
    """Whose row a position prompt is about, or None when `prompt` does not ask for a position."""
    if prompt.key in (phase1.TRADE_OWN, phase2.REVEAL, phase3.WAR_COST):
        return seat
    if prompt.key in (phase1.TRADE_THEIR, phase1.ASK_POSITION) and state.draft is not None:
        return state.draft.target
    order = state.orders.get(seat)
    if prompt.key == phase3.WAR_POSITION and order is not None:
        return order.pending_target
    return None


class SwordOfLiesEngine(Engine[SolState]):
    name: ClassVar[str] = "sword-of-lies"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[SolOptions]] = SolOptions
    State: ClassVar[type[SolState]] = SolState
    Join: ClassVar[type[Join]] = Join

    def _check_join(self, options: SolOptions, join: Join) -> Refusal | None:
        if join.buy_in is not None and not options.min_buy_in <= join.buy_in <= MAX_BUY_IN:
            return Refusal(key="sol-error-buy-in-range", params={"min": options.min_buy_in, "max": MAX_BUY_IN})
        return None

    def _setup(
        self, players: int, options: SolOptions, seed: int, joins: list[dict[str, Any]] | None = None
    ) -> tuple[SolState, list[Event]]:
        # buy-ins given at /join become the house rule's per-seat buy-ins (kept in the state)
        chosen = {i: j["buy_in"] for i, j in enumerate(joins or []) if j.get("buy_in") is not None}
        if chosen:
            options = options.model_copy(update={"buy_ins": {**(options.buy_ins or {}), **chosen}})
        return setup.setup(players, options, seed)

    def _check(self, state: SolState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        key = prompt.key
        if key in setup.KEYS:
            return setup.check(state, seat, prompt, action)
        if key in phase1.KEYS:
            return phase1.check(state, seat, prompt, action)
        if key in phase2.KEYS:
            return phase2.check(state, seat, prompt, action)
        if key in phase3.KEYS:
            return phase3.check(state, seat, prompt, action)
        return Refusal(key="error-stale")

    def _explain_unknown(self, state: SolState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        """A specific reason for a position or player that is not among the options."""
        value = as_int(action.value)
        if value is None:
            return None
        owner = _position_owner(state, seat, prompt)
        if owner is not None:
            return Refusal(
                key="sol-error-bad-position",
                params={"position": value, "cards": len(state.table[owner].cards)},
            )
        if prompt.key in PLAYER_KEYS:
            if value == seat:
                return Refusal(key="sol-error-own-card" if prompt.key == phase3.WAR_TARGET else "sol-error-self")
            return Refusal(key="error-unknown-player")
        return None

    def _apply(self, state: SolState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        events: list[Event] = []
        key = prompt.key
        if key in setup.KEYS:
            setup.apply(state, seat, prompt, action, events)
        elif key in phase1.KEYS:
            phase1.apply(state, seat, prompt, action, events)
        elif key in phase2.KEYS:
            phase2.apply(state, seat, prompt, action, events)
        else:
            phase3.apply(state, seat, prompt, action, events)
        return events

    def _default_action(self, state: SolState, prompt: Prompt, rng: random.Random) -> Action:
        key = prompt.key
        value: str | int
        if key in setup.KEYS:
            value = setup.default_value(state, prompt)
        elif key in phase1.KEYS:
            value = phase1.default_value(state, prompt)
        elif key in phase2.KEYS:
            value = phase2.default_value(state, prompt)
        else:
            value = phase3.default_value(state, prompt)
        return Action(prompt=prompt.id, value=value)

    def bot_action(self, state: SolState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL) -> Action:
        return Action(prompt=prompt.id, value=bot.choose(state, prompt, rng, level=level))

    def view(self, state: SolState, viewer: Viewer) -> dict[str, Any]:
        return view.build(state, viewer)

    def summary(self, state: SolState, viewer: Viewer) -> list[Event]:
        return summary.build(state, viewer)

    def results(self, state: SolState) -> Results | None:
        if not state.over:
            return None
        return Results(
            scores=[p.stack - p.buy_in for p in state.table],
            winners=list(state.winners),
        )

    def rules_key(self) -> str:
        """Messages of this game are prefixed `sol-` (the name has dashes of its own)."""
        return "sol-rules"

    def chips(self, state: SolState) -> int:
        """Every chip in play: stacks + pots (and current bets) + rake; equals the buy-ins."""
        return sum(p.stack for p in state.table) + settlement.pots_total(state) + state.rake
