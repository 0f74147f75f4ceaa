"""Every card keeps the number of the slot it was dealt to for the whole game: a revealed card moves to
the right end of its row (a rule), but "#2" is still the same card next round, in every line, and
option N of a card list is card #N. Numbers are only what players read; every rule (and every
answer) still counts positions."""

from __future__ import annotations

from games.sword_of_lies import ENGINE
from games.sword_of_lies.cards import text
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    all_ready,
    assert_refused,
    drive,
    find,
    give_turn,
    new_game,
    pending,
    start_betting,
    war_row,
    war_table,
)


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


def test_the_next_reveal_lists_card_n_as_option_n() -> None:
    """Typing "2" picks card #2 wherever the reveal moved it: the list goes by the cards' numbers."""
    state = betting_table()
    state, _ = act(state, 0, "2")
    state, _ = drive(state, lambda s: s.phase == "reveal" and any(p.seat == 0 for p in s.prompts))
    prompt = pending(state, 0)
    cards = [o for o in prompt.options if o.value.isdigit()]
    assert [o.params["position"] for o in cards] == [1, 2, 3, 4]  # option N is card #N
    assert [o.value for o in cards] == ["1", "4", "2", "3"]  # answers are positions, as before
    assert cards[1].disabled is not None and cards[1].disabled.params == {"position": 2}


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


def war_with_moved_cards() -> SolState:
    """A war order to give: seat 0's cards lie as the reveals left them, numbered 2, 1, 3."""
    state = war_table()
    war_row(state, 0, "PPP", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=0)
    for card, number in zip(state.table[0].cards, (2, 1, 3), strict=True):
        card.number = number
    state, _ = all_ready(state)
    assert state.phase == "war" and list(state.orders) == [0]
    return state


def test_a_double_attack_names_the_card_that_pays_by_its_number() -> None:
    """Issue 36: the first card listed to pay was №2, and the order line said №1."""
    state = war_with_moved_cards()
    state, _ = acts(state, (0, "double"), (0, "1"), (0, "1"), (0, "2"), (0, "1"))
    options = [o for o in pending(state, 0).options if o.label == "sol-opt-own-card"]
    assert [o.params["position"] for o in options] == [1, 2, 3]  # option N is card #N
    paying = state.table[0].cards[int(options[1].value) - 1]  # card #2, lying first
    (summary_order,) = [e for e in ENGINE.summary(state, 0) if e.key == "sol-summary-order"]
    state, events = act(state, 0, options[1].value)
    (order_in,) = find(events, "sol-event-order-in")
    (attack,) = find(events, "sol-event-attack")
    assert order_in.params["cost"] == attack.params["cost"] == 2
    (paid,) = [e for e in find(events, "sol-event-card-hit") if e.params["player"] == {"seat": 0}]
    assert paid.params["position"] == 2 and paid.params["card_id"] == paying.card
    assert summary_order.params["position1"] == 1 and summary_order.params["cost"] == "?"


def test_your_own_row_names_each_card_by_its_number() -> None:
    """Issue 36: `?` showed «2:8♥ ❤1 | 1:J♣ ❤1» on the table and «1:8♥ | 2:J♣» as your own cards."""
    state = war_with_moved_cards()
    (mine,) = [e for e in ENGINE.summary(state, 0) if e.key == "sol-summary-your-cards"]
    row = state.table[0].cards
    assert mine.params["hand"] == " | ".join(f"{n}:{text(c.card)}" for n, c in zip((2, 1, 3), row, strict=True))
    (table_row,) = [e for e in ENGINE.summary(state, 0) if e.params.get("player") == {"seat": 0}
                    and e.key == "sol-summary-player"]
    assert [t.split(":")[0] for t in table_row.params["row"].split(" | ")] == ["2", "1", "3"]


def test_a_destroyed_card_keeps_its_place_in_a_card_list() -> None:
    """Card #1 of seat 1 is gone: the list still counts #2 as option 2, and #1 says why it cannot be hit."""
    state = war_with_moved_cards()
    for card, number in zip(state.table[1].cards, (2, 3), strict=True):
        card.number = number
    state, _ = acts(state, (0, "standard"), (0, "1"))
    options = [o for o in pending(state, 0).options if o.label != "sol-opt-back" and o.value != "random"]
    assert [o.params["position"] for o in options] == [1, 2, 3]
    assert options[0].label == "sol-opt-card-gone" and options[0].disabled is not None
    assert options[0].disabled.key == "sol-error-card-gone"
    assert [o.value for o in options[1:]] == ["1", "2"]
    assert_refused(state, 0, options[0].value, "sol-error-card-gone")
