"""A finished game's states as it went, rebuilt from its log: what the pictures of the record are drawn from
(always through the game's public view, never the state itself)."""

from __future__ import annotations

from typing import Any

from bot.storage import ActionRow, GameRow
from games.core import Action, Engine, GameState


def states_after(engine: Engine[Any], row: GameRow, actions: list[ActionRow], wanted: set[int]) -> dict[int, GameState]:
    """The state just after each action whose seq is in `wanted`, replaying the log as it happened: the
    start deals from its seed, every play action applies in its turn (those a rollback undid later too:
    the channel saw them), and a rollback returns to the state of its step."""
    state: GameState | None = None
    applied: list[ActionRow] = []
    found: dict[int, GameState] = {}

    def dealt(payload: dict[str, Any]) -> GameState:
        joins = payload.get("joins") or row.meta.get("joins")
        return engine.setup(len(row.seats), row.options, int(payload.get("seed", row.seed)), joins)[0]

    start: dict[str, Any] = {}
    for action in sorted(actions, key=lambda a: a.seq):
        op = action.payload.get("op") if action.kind == "table" else None
        if op == "start":
            start = action.payload
            state, applied = dealt(start), []
        elif action.kind == "play" and state is not None and action.seat is not None:
            state = engine.apply(state, action.seat, Action.model_validate(action.payload))[0]
            applied.append(action)
        elif op == "rollback" and state is not None:
            applied = [a for a in applied if a.step < int(action.payload.get("to", 0))]
            state = dealt(start)
            for again in applied:
                assert again.seat is not None
                state = engine.apply(state, again.seat, Action.model_validate(again.payload))[0]
        if action.seq in wanted and state is not None:
            found[action.seq] = state
    return found
