"""MaskmenEngine: the contract (games.core.Engine) over the rules in flow/plays/order."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.core import Action, Engine, Event, Prompt, Refusal, Results, Rng, Viewer
from games.core.engine import DEFAULT_BOT_LEVEL
from games.maskmen import flow
from games.maskmen.bot import bot_value, default_value
from games.maskmen.cards import COLOURS, total
from games.maskmen.order import cover
from games.maskmen.plays import PASS, explain, legal_values, parse
from games.maskmen.state import SEASON_WINS_NEEDED, MaskmenState, Options
from games.maskmen.summary import summary


class MaskmenEngine(Engine[MaskmenState]):
    name: ClassVar[str] = "maskmen"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[MaskmenState]] = MaskmenState

    # --- set-up -------------------------------------------------------------------------
    def _setup(self, players: int, options: Options, seed: int) -> tuple[MaskmenState, list[Event]]:
        state = MaskmenState(
            players=players,
            rng=Rng(seed=seed),
            options=options,
            hands=[],
            scores=[0] * players,
            twos=[0] * players,
            season_wins=[0] * players,
        )
        leader = state.rng.randint(0, players - 1)
        return state, flow.start_season(state, leader)

    # --- acting -------------------------------------------------------------------------
    def check(self, state: MaskmenState, seat: int, action: Any) -> Refusal | None:
        """The base checks, except that a play outside the offered options (typed on a text
        command path) is refused with the specific rule it breaks."""
        refusal = super().check(state, seat, action)
        if refusal is None or refusal.key != "error-no-such-option":
            return refusal
        value = action.value if isinstance(action, Action) else Action.model_validate(action).value
        return explain(state, seat, str(value)) or refusal

    def _check(self, state: MaskmenState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        value = str(action.value)
        if value in legal_values(state, seat):
            return None
        return explain(state, seat, value) or Refusal(key="error-no-such-option", params={"value": value})

    def _apply(self, state: MaskmenState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        value = str(action.value)
        if value == PASS:
            return flow.pass_turn(state, seat)
        play = parse(value)
        assert play is not None
        return flow.play(state, seat, play.colour, play.count)

    # --- absent players and bots ---------------------------------------------------------
    def _default_action(self, state: MaskmenState, prompt: Prompt, rng: random.Random) -> Action:
        return Action(prompt=prompt.id, value=default_value(state, prompt.seat))

    def bot_action(
        self, state: MaskmenState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL
    ) -> Action:
        return Action(prompt=prompt.id, value=bot_value(state, prompt.seat, rng, level=level))

    # --- reading ------------------------------------------------------------------------
    def view(self, state: MaskmenState, viewer: Viewer) -> dict[str, Any]:
        public: dict[str, Any] = {
            "game": self.name,
            "players": state.players,
            "options": state.options.model_dump(),
            "season": state.season,
            "seasons": state.options.seasons if state.players > 2 else None,
            "wins_needed": SEASON_WINS_NEEDED if state.players == 2 else None,
            "trick": state.trick,
            "hand_sizes": [state.held(s) for s in range(state.players)],
            "ring": state.ring.model_dump() if state.ring else None,
            "ring_cards": dict(state.ring_cards),
            "cleared": dict(state.cleared),
            "set_aside_count": total(state.set_aside),
            "order": {
                "beats": [list(pair) for pair in state.beats],
                "cover": [list(pair) for pair in cover(state.beats)],
                "debuted": list(state.debuted),
                "colours": list(COLOURS),
            },
            "leader": state.leader,
            "turn": state.turn,
            "passed": list(state.passed),
            "out": list(state.out),
            "scores": list(state.scores),
            "twos": list(state.twos),
            "season_wins": list(state.season_wins),
            "history": [record.model_dump() for record in state.history],
            "over": state.over,
        }
        if isinstance(viewer, int) and 0 <= viewer < state.players:
            public["seat"] = viewer
            public["hand"] = dict(state.hands[viewer])
            public["legal"] = legal_values(state, viewer)
        elif self.is_gm(viewer):
            public["hands"] = [dict(hand) for hand in state.hands]
            public["set_aside"] = dict(state.set_aside)
        return public

    def summary(self, state: MaskmenState, viewer: Viewer) -> list[Event]:
        """Status lines: season, ring, turn, each player's cards and points, who beats whom;
        a player also gets their hand, the GM every hand and the set-aside cards."""
        return summary(state, viewer)

    def results(self, state: MaskmenState) -> Results | None:
        if not state.over:
            return None
        scores = state.season_wins if state.players == 2 else state.scores
        return Results(scores=list(scores), winners=flow.winners(state), places=flow.places(state))
