"""Phase I orders on the order sheet: steps, defaults, refusals with their reasons, Discord's
option limit, and parts reset when another part makes them illegal."""

from __future__ import annotations

import random

from games.castle import ENGINE
from games.castle.orders import ORDERS
from games.castle.state import CastleState, Marker
from games.core import Action
from games.core.order_random import random_answers
from games.core.orders import EDIT, FINISH
from tests.games.castle.helpers import act, keys, new_game, orders, position, prompt_of, refusal


def start(players: int = 3, **kw: object) -> CastleState:
    return position(new_game(players, seed=7), **kw)  # type: ignore[arg-type]


def edit(state: CastleState, seat: int, part: str, *values: str) -> CastleState:
    state, _ = act(state, seat, f"{EDIT}{part}")
    for value in values:
        state, _ = act(state, seat, value)
    return state


def test_the_sheet_starts_at_the_deadline_defaults() -> None:
    state = start(hands={0: ["devil"], 1: ["devil", "passage", "platform"]})
    assert state.sheets[0].parts == {"card": ["none", "draw"], "move": ["stay"]}
    assert state.sheets[1].parts == {"card": ["none", "nothing"], "move": ["stay"]}, "no draw with 3 cards"
    overview = prompt_of(state, 0)
    assert overview.key == "castle-sheet" and overview.secret and overview.changeable and overview.deadline == "orders"


def test_the_deadline_keeps_what_is_set() -> None:
    state = start(hands={0: ["devil", "passage"]})
    state = edit(state, 0, "move", "B3")
    state = edit(state, 0, "card", "1")  # half-built: the Devil still needs a target
    state, _ = ENGINE.apply(state, 0, ENGINE.default_action(state, prompt_of(state, 0)))
    assert ENGINE.default_action(state, prompt_of(state, 1)).value == FINISH
    assert state.sheets[0].done and state.sheets[0].parts == {"card": ["none", "draw"], "move": ["B3"]}


def test_a_card_step_offers_hand_positions_and_no_card() -> None:
    state = start(hands={0: ["devil", "platform"]})
    state, _ = act(state, 0, f"{EDIT}card")
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-card"
    assert [o.value for o in prompt.options] == ["1", "2", "none", "~back", "~cancel"]
    assert prompt.options[0].params["card"] == {"term": "castle-card-devil"}
    assert refusal(state, 0, "3") == "castle-refuse-not-in-hand"


def test_a_barred_player_cannot_play_a_card_but_can_draw() -> None:
    state = new_game(3, seed=7)
    state.table[0].barred = state.round
    state = position(state, hands={0: ["devil", "platform"]})
    state, _ = act(state, 0, f"{EDIT}card")
    assert refusal(state, 0, "1") == "castle-refuse-barred"
    assert prompt_of(state, 0).params["barred"] == "yes"
    state, _ = act(state, 0, "none")
    assert refusal(state, 0, "draw") is None


def test_drawing_with_three_cards_is_refused() -> None:
    state = start(hands={0: ["devil", "platform", "passage"]})
    state = edit(state, 0, "card", "none")
    assert refusal(state, 0, "draw") == "castle-refuse-hand-full"


def test_replacing_a_skirmish_card_you_do_not_hold_is_refused() -> None:
    state = start(hands={0: ["devil"]})
    state = edit(state, 0, "card", "none", "replace-skirmish")
    assert refusal(state, 0, "3") == "castle-refuse-no-skirmish-card"
    assert refusal(state, 0, "2") is None


def test_unfair_deal_with_yourself_is_refused() -> None:
    state = start(hands={0: ["unfair", "devil"]})
    state = edit(state, 0, "card", "1")
    assert prompt_of(state, 0).key == "castle-ask-target"
    assert refusal(state, 0, "0") == "castle-refuse-self"
    assert refusal(state, 0, "1") is None


def test_deal_with_the_devil_asks_player_then_which_other_card_to_give() -> None:
    state = start(hands={0: ["devil", "platform", "passage"]})
    state = edit(state, 0, "card", "1", "2")
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-give"
    assert [o.value for o in prompt.options][:3] == ["1", "2", "3"], "option N is card #N"
    assert prompt.options[0].disabled is not None, "not the Devil itself"
    assert refusal(state, 0, "1") == "castle-refuse-playing-it"


def test_deal_with_the_devil_gives_the_one_other_card_without_asking() -> None:
    state = start(hands={0: ["devil", "passage"]})
    state = edit(state, 0, "card", "1", "2")
    assert state.sheets[0].parts["card"] == ["1", "2", "2"]


def test_ahaha_asks_player_then_two_positions() -> None:
    state = start(hands={0: ["ahaha", "platform"], 1: ["devil", "platform", "passage"]})
    state = edit(state, 0, "card", "1", "1", "3")
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-position-second"
    assert [o.value for o in prompt.options][:2] == ["1", "2"]
    state, _ = act(state, 0, "1")
    assert state.sheets[0].parts["card"] == ["1", "1", "3", "1"]


def test_a_move_along_no_corridor_is_refused() -> None:
    state = start()
    state = edit(state, 0, "move")
    assert state.table[0].hall == "B2"
    assert refusal(state, 0, "C") == "castle-refuse-no-corridor"
    assert refusal(state, 0, "B3") is None


def test_two_corridors_need_double_step() -> None:
    state = start(hands={0: ["devil"]})
    state = edit(state, 0, "move")
    assert refusal(state, 0, "B3,B4") == "castle-refuse-no-double-step"
    state, _ = act(state, 0, "B3")
    assert state.sheets[0].parts["move"] == ["B3"], "without Second Wind the move ends after one corridor"


def test_second_wind_allows_a_second_corridor_and_stopping() -> None:
    state = start(hands={0: ["second_wind", "devil"]})
    state = edit(state, 0, "card", "1")
    state = edit(state, 0, "move", "B3")
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-move-second"
    assert [o.value for o in prompt.options][:1] == ["stop"]
    state, _ = act(state, 0, "B4")
    assert state.sheets[0].parts["move"] == ["B3", "B4"]


def test_no_second_corridor_under_muffets_webs_or_shackles() -> None:
    state = start(hands={0: ["second_wind", "devil"]}, event="webs")
    state = edit(state, 0, "card", "1")
    state = edit(state, 0, "move", "B3")
    assert state.sheets[0].parts["move"] == ["B3"]
    state = new_game(3, seed=7)
    state.table[0].shackled = state.round
    state = position(state, hands={0: ["second_wind", "devil"]})
    state = edit(state, 0, "card", "1")
    state = edit(state, 0, "move", "B3")
    assert state.sheets[0].parts["move"] == ["B3"]


def test_a_lock_blocks_and_a_barricade_needs_double_step() -> None:
    state = start(hands={0: ["second_wind", "devil"]})
    state.locks.append(Marker(corridor=("B1", "B2"), since=state.round, until=state.round))
    state.barricades.append(Marker(corridor=("B2", "B3"), since=state.round, until=state.round + 1))
    state = position(state)
    state = edit(state, 0, "move")
    assert refusal(state, 0, "B1") == "castle-refuse-locked"
    assert refusal(state, 0, "B3") == "castle-refuse-barricade"
    state, _ = act(state, 0, "~cancel")
    state = edit(state, 0, "card", "1")
    state = edit(state, 0, "move")
    assert refusal(state, 0, "B3") is None, "Second Wind passes Barricades"
    assert refusal(state, 0, "B1") == "castle-refuse-locked"


def test_taking_back_second_wind_resets_a_two_corridor_move() -> None:
    state = start(hands={0: ["second_wind", "devil"]})
    state = edit(state, 0, "card", "1")
    state = edit(state, 0, "move", "B3", "B4")
    state, _ = act(state, 0, f"{EDIT}card")
    state, _ = act(state, 0, "none")
    state, events = act(state, 0, "nothing")
    assert state.sheets[0].parts["move"] == ["stay"]
    assert keys(events) == ["sheet-part-reset"] and events[0].to == [0]


def test_secret_passage_refusals() -> None:
    state = start(hands={0: ["passage", "devil"]})
    state = edit(state, 0, "card", "1", "A1")
    assert prompt_of(state, 0).key == "castle-ask-passage-to"
    assert refusal(state, 0, "B6") == "castle-refuse-passage-far"
    assert refusal(state, 0, "C") == "castle-refuse-passage-joined"
    assert refusal(state, 0, "A3") == "castle-refuse-passage-rings"
    assert refusal(state, 0, "B3") is None
    state, _ = act(state, 0, "~back")
    assert prompt_of(state, 0).key == "castle-ask-passage-from"
    assert refusal(state, 0, "X9") == "castle-refuse-unknown-hall"


def test_platform_on_a_removed_corridor_is_refused() -> None:
    state = new_game(3, seed=7)
    state.removed.append(("A1", "C"))
    state = position(state, hands={0: ["platform", "devil"]})
    state = edit(state, 0, "card", "1", "A1")
    assert [o.value for o in prompt_of(state, 0).options][:3] == ["A2", "A6", "B1"]
    assert refusal(state, 0, "C") == "castle-refuse-platform-removed"


def test_platform_from_a_hall_with_one_corridor_left_takes_it_without_asking() -> None:
    state = new_game(3, seed=7)
    state.removed.append(("B2", "B3"))
    state = position(state, hands={0: ["platform", "devil"]})
    state = edit(state, 0, "card", "1", "B2")
    assert prompt_of(state, 0).key == "castle-sheet"
    assert state.sheets[0].parts["card"] == ["1", "B2", "B1"]


def test_every_step_fits_discord_limits_on_the_four_player_board() -> None:
    state = start(4, hands={0: ["platform", "passage", "devil"]})
    assert len(state.the_board().ordered_halls()) == 25
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(40):
        answers = random_answers(ORDERS, state, state.sheets[0], "card", rng)
        trial = state
        trial, _ = act(trial, 0, f"{EDIT}card")
        for index, value in enumerate(answers):
            if trial.sheets[0].editing != "card" or trial.sheets[0].draft[index:index + 1] == [value]:
                continue  # the only answer of its step: made, not asked
            prompt = prompt_of(trial, 0)
            seen.add(prompt.key)
            assert len(prompt.options) <= 25, prompt.key
            trial, _ = ENGINE.apply(trial, 0, Action(prompt=prompt.id, value=value))
        assert trial.sheets[0].parts["card"] == answers
    assert {"castle-ask-corridor-from-ring", "castle-ask-passage-from-ring"} & seen


def test_orders_stay_secret_until_the_reveal_then_one_public_event_lists_them() -> None:
    state = start(hands={0: ["devil", "passage"], 1: ["platform"], 2: ["unfair"]})
    state, events = orders(state, {0: (["1", "1", "2"], ["B3"])})
    reveal = next(e for e in events if e.key == "castle-reveal")
    assert reveal.to is None
    assert "castle-card-passage" not in str(reveal.params), "which card the Devil gives stays private"
    assert len(reveal.params["orders"]["lines"]) == 3
