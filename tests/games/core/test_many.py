"""`ask="many"`: "pick k of these options" — the base check, the action's JSON round-trip, the terminal."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel, Field

from games.core import Action, Engine, Event, GameState, Option, Prompt, Refusal, Results, Rng


class ToyOptions(BaseModel):
    pick_seconds: int = 60


class ToyState(GameState):
    options: ToyOptions = Field(default_factory=ToyOptions)
    kept: list[tuple[str, ...]] = Field(default_factory=list)


def keep_prompt(low: int | None = 2, high: int | None = 2) -> Prompt:
    return Prompt(
        id="p1",
        seat=0,
        ask="many",
        key="toy-keep",
        options=[
            Option(value="a", label="a"),
            Option(value="b", label="b"),
            Option(value="c", label="c", disabled=Refusal(key="toy-c-is-cursed")),
            Option(value="d", label="d"),
            Option(value="d", label="d"),
        ],
        min_picks=low,
        max_picks=high,
        deadline="pick",
    )


class Toy(Engine[ToyState]):
    name = "toy"
    min_players = 1
    max_players = 2
    Options = ToyOptions
    State = ToyState

    def _setup(self, players: int, options: Any, seed: int) -> tuple[ToyState, list[Event]]:
        return ToyState(players=players, rng=Rng(seed=seed), prompts=[keep_prompt()]), []

    def _apply(self, state: ToyState, seat: int, prompt: Prompt, action: Action) -> list[Event]:
        assert isinstance(action.value, tuple)
        state.kept.append(action.value)
        return []

    def _default_action(self, state: ToyState, prompt: Prompt, rng: random.Random) -> Action:
        return Action(prompt=prompt.id, value=("a", "b"))

    def bot_action(self, state: ToyState, prompt: Prompt, rng: random.Random) -> Action:
        return Action(prompt=prompt.id, value=("a", "b"))

    def view(self, state: ToyState, viewer: Any) -> dict[str, Any]:
        return {}

    def results(self, state: ToyState) -> Results | None:
        return None


TOY = Toy()


def refusal(value: Any, prompt: Prompt | None = None) -> str | None:
    state, _ = TOY.setup(1, None, seed=1)
    if prompt is not None:
        state.prompts = [prompt]
    found = TOY.check(state, 0, {"prompt": "p1", "value": value})
    return None if found is None else found.key


def test_a_list_of_as_many_options_as_asked_is_accepted_in_the_players_order() -> None:
    state, _ = TOY.setup(1, None, seed=1)
    new, _ = TOY.apply(state, 0, {"prompt": "p1", "value": ["b", "a"]})
    assert new.kept == [("b", "a")]


def test_a_wrong_count_is_refused_with_the_count_asked() -> None:
    state, _ = TOY.setup(1, None, seed=1)
    found = TOY.check(state, 0, Action(prompt="p1", value=("a",)))
    assert found == Refusal(key="error-pick-exactly", params={"count": 2})
    assert refusal(["a", "b", "d"]) == "error-pick-exactly"
    assert refusal([]) == "error-pick-exactly"
    assert refusal(["a", "b", "d"], keep_prompt(1, 2)) == "error-pick-between"


def test_default_bounds_are_at_least_one_and_at_most_every_option() -> None:
    assert refusal([], keep_prompt(None, None)) == "error-pick-between"
    assert refusal(["a"], keep_prompt(None, None)) is None
    assert refusal(["a", "b", "d", "d"], keep_prompt(None, None)) is None


def test_unknown_disabled_and_repeated_values_are_refused_with_their_reason() -> None:
    assert refusal(["a", "zzz"]) == "error-no-such-option"
    assert refusal(["a", "c"]) == "toy-c-is-cursed"
    assert refusal(["a", "a"]) == "error-picked-twice"


def test_a_value_may_be_picked_as_often_as_options_carry_it() -> None:
    assert refusal(["d", "d"]) is None
    assert refusal(["d", "d", "d"], keep_prompt(3, 3)) == "error-picked-twice"


def test_a_single_value_or_a_number_is_not_a_list_of_picks() -> None:
    assert refusal("a") == "error-malformed"
    assert refusal(2) == "error-malformed"


def test_a_list_is_refused_by_prompts_that_ask_for_one_value() -> None:
    one = keep_prompt().model_copy(update={"ask": "one"})
    number = keep_prompt().model_copy(update={"ask": "number", "low": 1, "high": 3})
    text = keep_prompt().model_copy(update={"ask": "text"})
    for prompt in (one, number, text):
        assert refusal(["a", "b"], prompt) == "error-malformed"


def test_the_action_round_trips_through_json_exactly() -> None:
    for value in (("a", "b"), (), "a", 3, "3"):
        action = Action(prompt="p1", value=value)
        again = Action.model_validate_json(action.model_dump_json())
        assert again == action and type(again.value) is type(action.value)
        assert Action.model_validate(action.model_dump(mode="json")) == action
    assert hash(Action(prompt="p1", value=["a", "b"])) == hash(Action(prompt="p1", value=("a", "b")))


def test_the_prompt_round_trips_with_its_bounds() -> None:
    prompt = keep_prompt(2, 3)
    assert Prompt.model_validate_json(prompt.model_dump_json()) == prompt


def test_the_terminal_reads_several_numbers() -> None:
    from bot.offline import Terminal

    said: list[str] = []
    answers = iter(["7", "1 9", "1 2", ""])

    async def ask(_: str) -> str:
        return next(answers)

    class Game:
        row = SimpleNamespace(game="cookie")

        def name_of(self, seat: int) -> str:
            return f"P{seat}"

    terminal = Terminal("en", 0, said.append, ask)
    action = asyncio.run(terminal.answer(Game(), keep_prompt()))  # type: ignore[arg-type]
    assert action == Action(prompt="p1", value=("a", "b"))
    assert any("separated by spaces" in line for line in said)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_refusals_have_messages(language: str) -> None:
    from bot.i18n import catalog

    for key in ("error-pick-exactly", "error-pick-between", "error-picked-twice", "offline-many"):
        assert catalog(language).has(key)
