"""Castle never offers yourself as a target (rules page, Phase II: Deal with the Devil, Unfair Deal and
"Ahaha" each name *a player* to take from, swap with or look at; a skirmish winner's effects name a
loser). Yourself is not among a target prompt's options, and a typed own seat is still refused with its
reason; a whole game of every prompt never offers the asking seat as a player."""

from __future__ import annotations

import pytest

from games.castle import ENGINE
from games.castle.state import CastleState
from games.core import Prompt
from games.core.orders import EDIT
from games.core.rng import derived
from tests.games.castle.helpers import act, new_game, position, prompt_of, refusal

TARGETED = ("devil", "unfair", "ahaha")


def target_prompt(players: int, card: str, seat: int = 0) -> tuple[CastleState, Prompt]:
    """`seat` plays `card` (every other player holding a card, so each one may be chosen)."""
    hands = {s: ["platform"] for s in range(players)}
    hands[seat] = [card, "platform"]
    state = position(new_game(players, seed=5), hands=hands)
    state, _ = act(state, seat, f"{EDIT}card")
    state, _ = act(state, seat, "1")
    prompt = prompt_of(state, seat)
    assert prompt.key == "castle-ask-target"
    return state, prompt


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("card", TARGETED)
def test_a_card_aimed_at_a_player_offers_every_other_player_and_not_yourself(players: int, card: str) -> None:
    for seat in range(players):
        _state, prompt = target_prompt(players, card, seat)
        offered = [option.value for option in prompt.options if not option.value.startswith("~")]
        assert offered == [str(other) for other in range(players) if other != seat]
        assert all(option.disabled is None for option in prompt.options), "everyone else holds a card"


@pytest.mark.parametrize("card", TARGETED)
def test_typing_your_own_seat_is_still_refused_with_its_reason(card: str) -> None:
    state, prompt = target_prompt(3, card)
    assert prompt.option("0") is None
    assert refusal(state, 0, "0") == "castle-refuse-self"
    assert refusal(state, 0, "1") is None


def test_a_player_with_no_cards_stays_shown_but_disabled_for_ahaha() -> None:
    """Only yourself disappears: another player Ahaha cannot look at is shown with the reason."""
    state = position(new_game(3, seed=5), hands={0: ["ahaha"], 1: [], 2: ["platform"]})
    state, _ = act(state, 0, f"{EDIT}card")
    state, _ = act(state, 0, "1")
    prompt = prompt_of(state, 0)
    assert [o.value for o in prompt.options if not o.value.startswith("~")] == ["1", "2"]
    disabled = prompt.option("1")
    assert disabled is not None and disabled.disabled is not None
    assert disabled.disabled.key == "castle-refuse-no-cards"


def named_seats(prompt: Prompt) -> list[int]:
    """The seats a prompt's options name as a player."""
    return [int(option.params["player"]["seat"]) for option in prompt.options
            if isinstance(option.params.get("player"), dict) and "seat" in option.params["player"]]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_no_prompt_of_a_whole_game_offers_the_asking_seat_as_a_player(players: int, seed: int) -> None:
    """Bots play a game to its end; every prompt asked on the way (orders, skirmish winners' choices,
    Ahaha's discard, Peek) is looked at before it is answered."""
    state, _ = ENGINE.setup(players, {"max_rounds": 12}, seed=seed)
    asked_for_players = 0
    for step in range(3000):
        if state.over:
            break
        prompt = next(p for p in state.prompts if not p.answered)
        seats = named_seats(prompt)
        assert prompt.seat not in seats, (prompt.key, prompt.seat, seats)
        asked_for_players += bool(seats)
        action = ENGINE.bot_action(state, prompt, derived(seed, "targets", step), level="easy")
        state, _ = ENGINE.apply(state, prompt.seat, action)
    assert state.over, "the game ends"
    assert asked_for_players, "some prompt offered players"
