"""The Castle engine: routes each prompt to its phase module and runs the round on."""

from __future__ import annotations

import importlib
import random
from typing import Any, ClassVar

from games.castle import flow, orders, resolution, skirmish, skirmish_refusals, summary, view
from games.castle.board import BoardError
from games.castle.cards import DeckError
from games.castle.options import MAX_PLAYERS, MIN_PLAYERS, Options
from games.castle.orders import ORDERS
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState
from games.core import Action, Engine, Event, IllegalAction, Prompt, Refusal, Results, Viewer
from games.core.engine import DEFAULT_BOT_LEVEL
from games.core.order_random import random_answers
from games.core.orders import OrderForm


def _form(prompt: Prompt) -> OrderForm[CastleState] | None:
    for form in (ORDERS, CHOICES):
        if form.owns(prompt):
            return form
    return None


class CastleEngine(Engine[CastleState]):
    name: ClassVar[str] = "castle"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    day_phases: ClassVar[tuple[str, ...]] = ("orders",)
    """A round's orders may end at a time of day; skirmishes and choices inside a round keep their seconds."""
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[CastleState]] = CastleState

    def _setup(self, players: int, options: Options, seed: int) -> tuple[CastleState, list[Event]]:
        try:
            return flow.setup(players, options, seed)
        except (BoardError, DeckError) as error:  # a board without a shrine per seat, a bad deck file
            raise IllegalAction(Refusal(key="error-bad-option", params={
                "option": "board" if isinstance(error, BoardError) else "decks", "reason": str(error)})) from error

    # --- acting --------------------------------------------------------------------------------
    def _check(self, state: CastleState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        form = _form(prompt)
        if form is not None:
            return form.check(state, seat, prompt, action)
        return None

    def _explain_unknown(self, state: CastleState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        value = str(action.value)
        if ORDERS.owns(prompt):
            return orders.explain(state, seat, prompt.key, value)
        if CHOICES.owns(prompt):
            return skirmish_refusals.explain(state, prompt.key, value)
        if prompt.key == skirmish.ASK:
            return Refusal(key="castle-refuse-no-skirmish-card", params={"position": value})
        return None

    def _apply(self, state: CastleState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        events: list[Event] = []
        value = str(action.value)
        if ORDERS.owns(prompt):
            if ORDERS.apply(state, seat, prompt, action, events).all_done:
                resolution.reveal(state, events)
        elif CHOICES.owns(prompt):
            if CHOICES.apply(state, seat, prompt, action, events).all_done:
                skirmish.apply_choices(state, CHOICES.order(state, seat), events)
        elif prompt.key == skirmish.ASK:
            skirmish.answer_card(state, seat, prompt, value, events)
        elif prompt.key == "castle-ask-ahaha":
            resolution.answer_ahaha(state, value, events)
        elif prompt.key == skirmish.ASK_PEEK:
            skirmish.answer_peek(state, value, events)
        flow.advance(state, events)
        return events

    # --- absent players and bots -----------------------------------------------------------------
    def _default_action(self, state: CastleState, prompt: Prompt, rng: random.Random) -> Action:
        form = _form(prompt)
        if form is not None:
            return Action(prompt=prompt.id, value=form.default_value(prompt))
        if prompt.key == skirmish.ASK:
            return Action(prompt=prompt.id, value=skirmish.default_card(state, prompt.seat))
        if prompt.key == "castle-ask-ahaha":
            return Action(prompt=prompt.id, value=resolution.KEEP)
        return Action(prompt=prompt.id, value=_random_legal(prompt, rng))

    def bot_action(
        self, state: CastleState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL
    ) -> Action:
        try:
            bot = importlib.import_module("games.castle.bot")
        except ImportError:
            bot = None
        if bot is not None and hasattr(bot, "bot_action"):
            return bot.bot_action(state, prompt, rng, level=level)  # type: ignore[no-any-return]
        return random_action(state, prompt, rng)

    # --- reading -------------------------------------------------------------------------------
    def view(self, state: CastleState, viewer: Viewer) -> dict[str, Any]:
        return view.build(state, viewer)

    def summary(self, state: CastleState, viewer: Viewer) -> list[Event]:
        return summary.build(state, viewer)

    def results(self, state: CastleState) -> Results | None:
        if not state.over:
            return None
        return Results(scores=[p.delivered for p in state.table], winners=list(state.winners))


def _random_legal(prompt: Prompt, rng: random.Random) -> str:
    legal = [o.value for o in prompt.options if o.disabled is None]
    return rng.choice(legal) if legal else prompt.options[0].value


def random_action(state: CastleState, prompt: Prompt, rng: random.Random) -> Action:
    """A random legal answer: order sheets plan a random legal order (fixed per sheet, so the bot
    walks the form to it without wavering), other prompts pick a random enabled option."""
    form = _form(prompt)
    if form is None:
        return Action(prompt=prompt.id, value=_random_legal(prompt, rng))
    sheet = form.sheets(state)[prompt.seat]
    planner = random.Random(f"{state.rng.seed}:plan:{sheet.id}")
    trial = sheet.model_copy(deep=True)
    plan: dict[str, list[str]] = {}
    for name in form.parts:
        if name in trial.parts:
            plan[name] = random_answers(form, state, trial, name, planner)
            trial.parts[name] = plan[name]
    return Action(prompt=prompt.id, value=form.bot_value(state, prompt, plan))
