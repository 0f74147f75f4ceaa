"""A step of the order sheet that offers one answer and nothing else is not asked: it is made at
once (games.core.prompts.only_answer) and the sheet goes on; Back skips it too."""

from __future__ import annotations

from games.core.orders import BACK, EDIT
from tests.games.castle.helpers import act, new_game, position, prompt_of


def test_platform_on_the_central_hall_ring_does_not_ask_for_the_only_hall() -> None:
    """4 players: 25 halls, so the first end is asked ring first; the Central Hall's ring holds one hall."""
    state = position(new_game(4, seed=3), hands={0: ["platform", "devil"]})
    for value in (f"{EDIT}card", "1"):
        state, _ = act(state, 0, value)
    rings = prompt_of(state, 0)
    assert rings.key == "castle-ask-corridor-from-ring"
    state, _ = act(state, 0, "ring:0")
    asked = prompt_of(state, 0)
    assert asked.key == "castle-ask-corridor-to" and asked.params == {"hall": "C"}, "not «one end? 1. C»"
    assert state.sheets[0].draft == ["1", "ring:0", "C"]
    state, _ = act(state, 0, BACK)  # back to the ring, past the answer made for you
    assert prompt_of(state, 0).key == "castle-ask-corridor-from-ring"
    state, _ = act(state, 0, "ring:0")
    state, _ = act(state, 0, "A3")
    assert state.sheets[0].parts["card"] == ["1", "ring:0", "C", "A3"]


def test_ahaha_on_a_player_with_two_cards_takes_the_second_position_at_once() -> None:
    state = position(new_game(3, seed=3), hands={0: ["ahaha", "devil"], 1: ["unfair", "passage"]})
    for value in (f"{EDIT}card", "1", "1", "2"):
        state, _ = act(state, 0, value)
    assert prompt_of(state, 0).key == "castle-sheet", "the second position had one answer left"
    assert state.sheets[0].parts["card"] == ["1", "1", "2", "1"]


def test_deal_with_the_devil_holding_one_other_card_gives_it_without_asking() -> None:
    state = position(new_game(3, seed=3), hands={0: ["devil", "passage"]})
    for value in (f"{EDIT}card", "1", "2"):
        state, _ = act(state, 0, value)
    assert prompt_of(state, 0).key == "castle-sheet"
    assert state.sheets[0].parts["card"] == ["1", "2", "2"]


def test_a_step_that_shows_refused_choices_with_their_reasons_is_still_asked() -> None:
    """A barred player clicking “Card” sees why every card is refused; “No card” is not made for them."""
    state = new_game(3, seed=3)
    state.table[0].barred = state.round
    state = position(state, hands={0: ["devil", "platform"]})
    state, _ = act(state, 0, f"{EDIT}card")
    assert prompt_of(state, 0).key == "castle-ask-card"
