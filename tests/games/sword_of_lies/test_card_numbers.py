"""Every card keeps the number of the slot it was dealt to for the whole game: a revealed card moves to
the right end of its row (a rule), but "#2" is still the same card next round. Numbers are only what
players read; every rule (and every answer) still counts positions."""

from __future__ import annotations

from games.sword_of_lies import ENGINE
from games.sword_of_lies.state import SolState

from .helpers import act, acts, drive, find, give_turn, new_game, pending, start_betting


def betting_table() -> SolState:
    state, _ = start_betting(new_game(3, seed=4), 0)
    state, _ = drive(state, lambda s: s.phase != "betting")
    assert state.phase == "reveal"
    return state


def test_cards_are_numbered_by_the_slot_they_were_dealt_to() -> None:
    state = new_game(3, seed=4)
    for player in state.table:
        assert [c.number for c in player.cards] == [1, 2, 3, 4]


def test_a_revealed_card_moves_right_but_keeps_its_number() -> None:
    state = betting_table()
    second = state.table[0].cards[1].card
    state, events = act(state, 0, "2")
    (reveal,) = find(events, "sol-event-reveal")
    assert reveal.params["position"] == 2
    row = state.table[0].cards
    assert row[-1].card == second and row[-1].number == 2  # at the right end, still "#2"
    assert [c.number for c in row] == [1, 3, 4, 2]


def test_the_next_reveal_offers_each_card_under_its_own_number() -> None:
    state = betting_table()
    state, _ = act(state, 0, "2")
    state, _ = drive(state, lambda s: s.phase == "reveal" and any(p.seat == 0 for p in s.prompts))
    prompt = pending(state, 0)
    cards = [o for o in prompt.options if o.value.isdigit()]
    assert [o.value for o in cards] == ["1", "2", "3", "4"]  # answers are positions, as before
    assert [o.params["position"] for o in cards] == [1, 3, 4, 2]  # labels are the cards' numbers
    assert cards[3].disabled is not None and cards[3].disabled.params == {"position": 2}


def test_the_public_row_names_a_revealed_card_by_its_number() -> None:
    state = betting_table()
    state, _ = act(state, 0, "2")
    seat_zero = next(e for e in ENGINE.summary(state, None) if e.params.get("player") == {"seat": 0})
    row = seat_zero.params["row"]
    assert row.index("1:") < row.index("3:") < row.index("4:") < row.index("2:")


def test_a_traded_card_takes_the_number_of_the_slot_it_arrives_in() -> None:
    state = give_turn(new_game(3, seed=4), 0)
    mine, theirs = state.table[0].cards[0].card, state.table[1].cards[2].card
    state, _ = acts(state, (0, "trade"), (0, "1"), (0, "1"), (0, "3"), (1, "accept"))
    assert state.table[0].cards[0].card == theirs and state.table[0].cards[0].number == 1
    assert state.table[1].cards[2].card == mine and state.table[1].cards[2].number == 3
