"""The order sheet (games/core/orders.py) on a toy game: a card part (a, or b with a target) and a
move part (stay, go, or far — far only with card b)."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, Field

from games.core import Action, Engine, Event, GameState, Option, Prompt, Refusal, Results, Rng
from games.core.order_random import random_answers
from games.core.orders import (
    BACK,
    CANCEL,
    DONE,
    EDIT,
    FINISH,
    OrderForm,
    Part,
    Sheet,
    Step,
    message,
)


class ToyOptions(BaseModel):
    orders_seconds: int = 60


class ToyState(GameState):
    options: ToyOptions = Field(default_factory=ToyOptions)
    sheets: dict[int, Sheet] = Field(default_factory=dict)
    resolved: list[dict[int, dict[str, list[str]]]] = Field(default_factory=list)


class CardPart(Part[ToyState]):
    name = "card"

    def step(self, state: ToyState, sheet: Sheet, answers: list[str]) -> Step | None:
        if not answers:
            return Step("toy-card", [Option(value="a", label="a"), Option(value="b", label="b")])
        if answers == ["b"]:
            return Step("toy-target", [Option(value="x", label="x"), Option(value="y", label="y")])
        return None

    def default(self, state: ToyState, sheet: Sheet) -> list[str]:
        return ["a"]

    def describe(self, state: ToyState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("toy-card-line", card="".join(answers))


class MovePart(Part[ToyState]):
    name = "move"

    def step(self, state: ToyState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        far_refused = None if sheet.parts.get("card", [""])[0] == "b" else Refusal(key="toy-needs-b")
        return Step("toy-move", [Option(value="stay", label="stay"), Option(value="go", label="go"),
                                 Option(value="far", label="far", disabled=far_refused)])

    def default(self, state: ToyState, sheet: Sheet) -> list[str]:
        return ["stay"]

    def describe(self, state: ToyState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("toy-move-line", move=answers[0])


FORM: OrderForm[ToyState] = OrderForm(
    "orders", [CardPart(), MovePart()], prefix="toy", deadline="orders", sheets=lambda s: s.sheets
)


class Toy(Engine[ToyState]):
    name = "toy"
    min_players = 2
    max_players = 3
    Options = ToyOptions
    State = ToyState

    def _setup(self, players: int, options: Any, seed: int) -> tuple[ToyState, list[Event]]:
        state = ToyState(players=players, rng=Rng(seed=seed), options=options)
        FORM.open(state, range(players))
        return state, []

    def _check(self, state: ToyState, seat: int, prompt: Prompt, action: Action) -> Refusal | None:
        return FORM.check(state, seat, prompt, action)

    def _apply(self, state: ToyState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        events: list[Event] = []
        if FORM.apply(state, seat, prompt, action, events).all_done:
            state.resolved.append({s: FORM.order(state, s) for s in range(state.players)})
            FORM.close(state)
            FORM.open(state, range(state.players))
        return events

    def _default_action(self, state: ToyState, prompt: Prompt, rng: random.Random) -> Action:
        return Action(prompt=prompt.id, value=FORM.default_value(prompt))

    def bot_action(self, state: ToyState, prompt: Prompt, rng: random.Random) -> Action:
        plan = {"card": ["b", "y"], "move": ["far"]}
        return Action(prompt=prompt.id, value=FORM.bot_value(state, prompt, plan))

    def view(self, state: ToyState, viewer: Any) -> dict[str, Any]:
        return {}

    def results(self, state: ToyState) -> Results | None:
        return None


TOY = Toy()


def answer(state: ToyState, seat: int, value: str) -> ToyState:
    prompt = state.prompts_for(seat)[0]
    new, _ = TOY.apply(state, seat, Action(prompt=prompt.id, value=value))
    return new


def current(state: ToyState, seat: int) -> Prompt:
    (prompt,) = state.prompts_for(seat)
    return prompt


def test_every_part_starts_at_its_default_and_done_sends_it() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    overview = current(state, 0)
    assert overview.key == "toy-sheet" and overview.changeable and not overview.answered
    assert [o.value for o in overview.options] == [f"{EDIT}card", f"{EDIT}move", DONE]
    assert overview.sheet == overview.deadline_group
    state = answer(state, 0, DONE)
    assert current(state, 0).answered
    state = answer(state, 1, DONE)
    assert state.resolved == [{0: {"card": ["a"], "move": ["stay"]}, 1: {"card": ["a"], "move": ["stay"]}}]


def test_a_part_is_built_step_by_step_with_back_and_cancel() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    state = answer(state, 0, f"{EDIT}card")
    assert current(state, 0).key == "toy-card"
    assert [o.value for o in current(state, 0).options][-2:] == [BACK, CANCEL]
    state = answer(state, 0, "b")
    assert current(state, 0).key == "toy-target"
    state = answer(state, 0, BACK)
    assert current(state, 0).key == "toy-card"
    state = answer(state, 0, BACK)
    assert current(state, 0).key == "toy-sheet"
    state = answer(state, 0, f"{EDIT}card")
    state = answer(state, 0, "b")
    state = answer(state, 0, CANCEL)
    assert state.sheets[0].parts["card"] == ["a"], "Cancel keeps the part as it was"
    state = answer(state, 0, f"{EDIT}card")
    state = answer(state, 0, "b")
    state = answer(state, 0, "x")
    assert state.sheets[0].parts["card"] == ["b", "x"]
    assert current(state, 0).key == "toy-sheet"


def test_a_sent_order_can_be_changed_until_everyone_is_in() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    state = answer(state, 0, DONE)
    state = answer(state, 0, f"{EDIT}move")
    assert not state.sheets[0].done, "changing a part takes the order back until Done"
    state = answer(state, 0, "go")
    state = answer(state, 0, DONE)
    state = answer(state, 1, DONE)
    assert state.resolved[0][0]["move"] == ["go"]


def test_an_option_disabled_by_another_part_is_refused_with_its_reason() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    state = answer(state, 0, f"{EDIT}move")
    prompt = current(state, 0)
    assert TOY.check(state, 0, Action(prompt=prompt.id, value="far")) == Refusal(key="toy-needs-b")


def test_a_part_made_illegal_by_a_change_returns_to_its_default_and_the_player_is_told() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    for value in (f"{EDIT}card", "b", "x", f"{EDIT}move", "far"):
        state = answer(state, 0, value)
    assert state.sheets[0].parts["move"] == ["far"]
    state = answer(state, 0, f"{EDIT}card")
    prompt = current(state, 0)
    state, events = TOY.apply(state, 0, Action(prompt=prompt.id, value="a"))
    assert state.sheets[0].parts == {"card": ["a"], "move": ["stay"]}
    assert [(e.key, e.to) for e in events] == [("sheet-part-reset", [0])]


def test_the_deadline_keeps_what_is_set_and_drops_a_half_built_part() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    for value in (f"{EDIT}move", "go", f"{EDIT}card", "b"):
        state = answer(state, 0, value)
    prompt = current(state, 0)
    action = TOY.default_action(state, prompt)
    assert action.value == FINISH
    state, _ = TOY.apply(state, 0, action)
    assert state.sheets[0].done and state.sheets[0].parts == {"card": ["a"], "move": ["go"]}
    state, _ = TOY.apply(state, 1, TOY.default_action(state, current(state, 1)))
    assert state.resolved[0][0] == {"card": ["a"], "move": ["go"]}


def test_a_stale_sheet_prompt_is_refused() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    old = current(state, 0)
    state = answer(state, 0, f"{EDIT}card")
    assert TOY.check(state, 0, Action(prompt=old.id, value=DONE)) == Refusal(key="error-stale")


def test_a_bot_reaches_its_plan_through_the_prompts() -> None:
    state, _ = TOY.setup(2, None, seed=1)
    rng = random.Random(0)
    for _ in range(20):
        if state.resolved:
            break
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = TOY.apply(state, prompt.seat, TOY.bot_action(state, prompt, rng))
    assert state.resolved[0] == {s: {"card": ["b", "y"], "move": ["far"]} for s in (0, 1)}


def test_random_answers_are_legal() -> None:
    state, _ = TOY.setup(3, None, seed=2)
    rng = random.Random(3)
    for _ in range(50):
        answers = random_answers(FORM, state, state.sheets[0], "card", rng)
        assert FORM.valid(state, state.sheets[0], "card", answers)


def test_sheets_round_trip_through_json() -> None:
    state, _ = TOY.setup(3, None, seed=2)
    state = answer(state, 1, f"{EDIT}card")
    assert ToyState.model_validate_json(state.model_dump_json()) == state
