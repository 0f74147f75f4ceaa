"""Phase I — Castling: trades (free, priced, declined), interrogations, the end of the phase."""

from __future__ import annotations

from games.core import Action
from games.sword_of_lies import ENGINE, phase1
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    assert_refused,
    cid,
    find,
    give_turn,
    interrogate,
    keys,
    mark,
    new_game,
    pending,
    refusal,
    set_row,
)


def table(seed: int = 3) -> SolState:
    state = new_game(3, seed=seed)
    set_row(state, 0, ["2H", "3S", "4D", "5C"])
    set_row(state, 1, ["6H", "7S", "8D", "9C"])
    set_row(state, 2, ["10H", "JS", "QD", "KC"])
    return give_turn(state, 0)


def offer(state: SolState, own: int, target: int, theirs: int) -> SolState:
    state, _ = acts(state, (0, "trade"), (0, str(own)), (0, str(target)), (0, str(theirs)))
    return state


def test_trade_with_a_price() -> None:
    state = offer(table(), 1, 1, 2)
    ask = pending(state, 1)
    assert ask.key == "sol-prompt-trade-offer" and ask.secret
    assert (ask.low, ask.high) == (1, 1000)
    assert ask.params["card_id"] == cid("7S")
    state, events = act(state, 1, 50)
    price = pending(state, 0)
    assert price.key == "sol-prompt-trade-price" and price.params["price"] == 50
    state, more = act(state, 0, "pay")
    events += more
    assert [c.card for c in state.table[0].cards] == [cid("7S"), cid("3S"), cid("4D"), cid("5C")]
    assert [c.card for c in state.table[1].cards] == [cid("6H"), cid("2H"), cid("8D"), cid("9C")]
    assert (state.table[0].stack, state.table[1].stack) == (950, 1050)
    (done,) = find(events, "sol-event-trade")
    assert done.public and done.params["price"] == 50
    assert (done.params["position"], done.params["their_position"]) == (1, 2)
    received = find(events, "sol-event-trade-received")
    assert {tuple(e.to or []) for e in received} == {(0,), (1,)}
    got = {e.to[0]: e.params["card_id"] for e in received if e.to}
    assert got == {0: cid("7S"), 1: cid("2H")}
    for event in events:
        if event.public:
            assert "card_id" not in event.params
    assert state.turn == 1 and pending(state, 1).key == "sol-prompt-move"


def test_trade_declined_changes_nothing() -> None:
    before = offer(table(), 2, 2, 3)
    state, events = act(before, 2, "decline")
    assert [c.card for c in state.table[0].cards] == [c.card for c in before.table[0].cards]
    assert [c.card for c in state.table[2].cards] == [c.card for c in before.table[2].cards]
    assert "sol-event-trade-declined" in keys(events)
    assert [p.stack for p in state.table] == [1000, 1000, 1000]
    assert state.turn == 1


def test_price_refused_by_the_proposer() -> None:
    state = offer(table(), 1, 1, 1)
    state, _ = act(state, 1, 200)
    state, events = act(state, 0, "refuse")
    assert "sol-event-trade-price-refused" in keys(events)
    assert state.table[0].cards[0].card == cid("2H")
    assert [p.stack for p in state.table] == [1000, 1000, 1000]


def test_free_trade_moves_the_marks_with_the_cards() -> None:
    state = table()
    state.table[1].cards[1].mark = mark(2, "red", False)
    state = offer(state, 4, 1, 2)
    state, _ = act(state, 1, "accept")
    moved = state.table[0].cards[3]
    assert moved.card == cid("7S")
    assert moved.mark == mark(2, "red", False)
    assert state.table[1].cards[1].card == cid("5C") and state.table[1].cards[1].mark is None
    assert [p.stack for p in state.table] == [1000, 1000, 1000]


def test_a_price_above_the_proposers_stack_is_refused() -> None:
    state = table()
    state.table[0].stack = 30
    state = offer(state, 1, 1, 1)
    reason = assert_refused(state, 1, 31, "error-out-of-range")
    assert reason.params["high"] == 30
    assert refusal(state, 1, 30) is None


def test_trading_a_card_you_do_not_have_is_refused() -> None:
    state, _ = act(table(), 0, "trade")
    reason = assert_refused(state, 0, "5", "sol-error-bad-position")
    assert reason.params == {"position": 5, "cards": 4}
    assert_refused(state, 0, "0", "sol-error-bad-position")
    assert_refused(state, 0, "five", "error-no-such-option")
    state, _ = act(state, 0, "1")
    assert_refused(state, 0, "0", "sol-error-self")  # trading with yourself
    assert_refused(state, 0, "7", "error-unknown-player")
    state, _ = act(state, 0, "2")
    assert_refused(state, 0, "9", "sol-error-bad-position")
    assert refusal(state, 0, "4") is None


def test_interrogation_marks_the_card_publicly() -> None:
    state, events = interrogate(table(), 0, 2, 3, "red", "disbelieve")
    card = state.table[2].cards[2]
    assert card.mark == mark(0, "red", False)
    assert keys(events) == [
        "sol-event-interrogation",
        "sol-event-colour-named",
        "sol-event-marked",
        "sol-event-turn",
    ]
    assert all(e.public for e in events)
    named = find(events, "sol-event-colour-named")[0]
    assert named.params["colour"] == {"term": "sol-colour-red"}
    assert find(events, "sol-event-marked")[0].params["answer"] == {"term": "sol-disbelieve"}
    assert state.turn == 1


def test_interrogating_a_marked_card_or_yourself_is_refused() -> None:
    state = table()
    state.table[1].cards[0].mark = mark(2, "black", True)
    state, _ = act(state, 0, "interrogate")
    assert_refused(state, 0, "0", "sol-error-self")
    state, _ = act(state, 0, "1")
    reason = assert_refused(state, 0, "1", "sol-error-card-marked")
    assert reason.params == {"position": 1}
    assert refusal(state, 0, "2") is None


def test_a_player_without_unmarked_cards_cannot_be_interrogated() -> None:
    state = new_game(4, seed=3)
    for card in state.table[1].cards:
        card.mark = mark(2, "red", True)
    state.table[1].cards[0].mark = None
    state = give_turn(state, 0)
    state, _ = act(state, 0, "interrogate")
    assert refusal(state, 0, "1") is None
    state.table[1].cards[0].mark = mark(2, "red", True)
    state = give_turn(state, 0)
    state, _ = act(state, 0, "interrogate")
    assert_refused(state, 0, "1", "sol-error-no-unmarked")


def test_back_and_pass_from_any_step() -> None:
    state, _ = acts(table(), (0, "interrogate"), (0, "2"))
    state, _ = act(state, 0, "back")
    assert pending(state, 0).key == "sol-prompt-move"
    state, _ = acts(state, (0, "trade"), (0, "1"))
    state, events = act(state, 0, "pass")
    assert "sol-event-pass" in keys(events) and state.turn == 1


def test_phase_one_ends_when_a_player_is_fully_marked() -> None:
    state = table()
    for card in state.table[2].cards[1:]:
        card.mark = mark(1, "red", True)
    state = give_turn(state, 0)
    state, events = interrogate(state, 0, 2, 1, "black", "believe")
    assert "sol-event-castling-over" in keys(events)
    assert state.phase == "betting" and state.senior_blind == 2
    assert state.betting is not None and state.betting.order == [2, 0, 1]


def test_a_trade_that_completes_the_mover_makes_them_senior_blind() -> None:
    state = new_game(4, seed=5)
    for s in range(4):
        set_row(state, s, ["2H", "3H", "4H", "5H"], [mark(0, "red", True)] * 4)
    state.table[1].cards[0].mark = None  # the mover's only unmarked card
    for s in (0, 2, 3):
        state.table[s].cards[3].mark = None
    state = give_turn(state, 1)
    state, _ = acts(state, (1, "trade"), (1, "1"), (1, "3"), (1, "2"))
    state, events = act(state, 3, "accept")
    assert find(events, "sol-event-castling-over")[0].params["players"] == {"and": [{"seat": 1}]}
    assert state.senior_blind == 1 and state.phase == "betting"


def test_several_complete_players_the_nearest_clockwise_from_the_mover_wins() -> None:
    state = new_game(5, seed=5)
    for s in range(5):
        set_row(state, s, ["2H", "3H"], [mark(0, "red", True), None])
    for s in (1, 4):  # complete: seats 1 and 4; seat 3 moves
        state.table[s].cards[1].mark = mark(0, "red", True)
    state.turn = 3
    state.draft = None
    state.prompts = []
    events: list = []
    phase1.finish_move(state, events, passed=False)
    assert state.senior_blind == 4
    assert find(events, "sol-event-castling-over")[0].params["players"] == {"and": [{"seat": 4}, {"seat": 1}]}
    state.turn = 4
    state.betting = None
    phase1.finish_move(state, [], passed=False)
    assert state.senior_blind == 4  # the mover counts first


def test_a_full_circle_of_passes_ends_phase_one() -> None:
    state = table()
    state.table[1].cards[0].mark = mark(0, "red", True)
    state.table[1].cards[1].mark = mark(0, "red", True)
    state.table[2].cards[0].mark = mark(0, "red", True)
    state = give_turn(state, 2)
    events = []
    for mover in (2, 0):
        state, more = act(state, mover, "pass")
        events += more
    assert state.phase == "castling"
    state, more = act(state, 1, "pass")
    events += more
    assert "sol-event-castling-stalled" in keys(events)
    assert state.phase == "betting" and state.senior_blind == 1


def test_deadline_defaults_in_phase_one() -> None:
    state = table()
    move = pending(state, 0)
    assert ENGINE.default_action(state, move).value == "pass"
    state = offer(state, 1, 1, 1)
    assert ENGINE.default_action(state, pending(state, 1)).value == "decline"
    state = give_turn(table(), 0)
    state, _ = acts(state, (0, "interrogate"), (0, "2"))
    assert ENGINE.default_action(state, pending(state, 0)).value == "pass"
    state, _ = act(state, 0, "3")
    colour = ENGINE.default_action(state, pending(state, 2))
    assert colour.value == "red"  # QD: the true colour
    state, _ = ENGINE.apply(state, 2, Action(prompt=colour.prompt, value="black"))
    assert ENGINE.default_action(state, pending(state, 0)).value == "believe"
