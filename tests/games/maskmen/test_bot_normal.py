"""The normal bot: keeps strong colours for the end of a season, then spends them."""

from __future__ import annotations

import random

from games.maskmen import ENGINE, flow
from games.maskmen.bot import bot_value
from games.maskmen.state import MaskmenState

from .helpers import act, position

A, B, C, D = range(4)
PURPLE_BEATS_FOUR = [("purple", c) for c in ("pink", "blue", "green", "grey")]


def proven(state: MaskmenState) -> MaskmenState:
    """Purple is proven to beat four colours; every colour has debuted."""
    state.beats = list(PURPLE_BEATS_FOUR)  # type: ignore[arg-type]
    state.debuted = ["purple", "pink", "blue", "green", "grey", "orange"]
    flow.set_turn(state, state.turn, lead=state.ring is None)  # type: ignore[arg-type]
    return state


def test_a_bot_leading_early_in_a_season_does_not_spend_its_strongest_card() -> None:
    state = proven(position([{"purple": 2, "pink": 2, "grey": 6}, {"blue": 9}, {"green": 9}, {"orange": 9}], A))
    for seed in range(20):
        value = bot_value(state, A, random.Random(seed))
        assert not value.startswith("purple"), value
        assert value == "grey:3"  # three of its weakest colour: sheds the most and keeps the lead


def test_early_in_a_season_a_bot_passes_rather_than_spend_a_strong_colour_on_a_small_answer() -> None:
    state = proven(position([{"pink": 1, "grey": 8}, {"purple": 4, "pink": 4}, {"blue": 9}, {"green": 9}], A))
    state, _ = act(state, "pink:1")
    assert bot_value(state, B, random.Random(1)) == "pass"


def test_near_the_end_of_a_season_a_bot_spends_its_strong_colour() -> None:
    # C holds only three cards: the season may end any moment, so B's Purple should win tricks now.
    state = proven(position([{"pink": 1, "grey": 8}, {"purple": 4, "pink": 4}, {"blue": 3}, {"green": 9}], A))
    state, _ = act(state, "pink:1")
    assert bot_value(state, B, random.Random(1)) == "purple:1"


def test_the_easy_bot_keeps_todays_policy() -> None:
    state = proven(position([{"pink": 1, "grey": 8}, {"purple": 4, "pink": 4}, {"blue": 3}, {"green": 9}], A))
    state, _ = act(state, "pink:1")
    # the easy bot never spends a colour proven this strong on a single card, end of season or not
    assert ENGINE.bot_action(state, state.prompts[0], random.Random(1), level="easy").value == "pass"


def test_the_normal_bot_always_answers_with_a_legal_play() -> None:
    for seed in range(6):
        state, _ = ENGINE.setup(4, None, seed)
        while not state.over:
            prompt = state.prompts[0]
            action = ENGINE.bot_action(state, prompt, random.Random(state.step), level="normal")
            assert ENGINE.check(state, prompt.seat, action) is None, (seed, action)
            state, _ = ENGINE.apply(state, prompt.seat, action)
