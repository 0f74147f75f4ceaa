"""A question with a single answer is not asked: the game makes that answer at once and tells the
table (as Maskmen's forced pass does) — the last card face down is revealed, the last unmarked card
is the one interrogated."""

from __future__ import annotations

from games.sword_of_lies.state import SolState

from .helpers import act, acts, drive, find, give_turn, mark, new_game, pending, start_betting, waiting


def last_circle(mode: str = "sequential") -> SolState:
    """Betting driven to the last reveal circle: every player has one card left face down."""
    state, _ = start_betting(new_game(3, seed=4, reveal_mode=mode), 0)
    for player in state.table:
        for card in player.cards[1:]:
            card.revealed = True
    state.circle = 3  # three circles are done
    return state


def test_the_last_card_face_down_is_revealed_without_asking_and_said_to_everyone() -> None:
    state, events = drive(last_circle(), lambda s: s.phase in ("negotiation", "showdown", "over"))
    only = find(events, "sol-event-reveal-only")
    assert [e.params["player"] for e in only] == [{"seat": 0}, {"seat": 1}, {"seat": 2}]
    assert all(e.to is None and e.params["position"] == 1 for e in only)
    assert len(find(events, "sol-event-reveal")) == 3
    assert not find(events, "sol-prompt-reveal")
    assert all(c.revealed for p in state.table for c in p.cards)


def test_simultaneous_reveals_of_the_last_cards_need_no_answer_either() -> None:
    state, events = drive(last_circle("simultaneous"), lambda s: s.phase in ("negotiation", "showdown", "over"))
    assert len(find(events, "sol-event-reveal-only")) == 3 and len(find(events, "sol-event-reveal")) == 3
    assert all(c.revealed for p in state.table for c in p.cards)


def test_a_reveal_with_two_cards_face_down_is_still_asked() -> None:
    state, _ = start_betting(new_game(3, seed=4), 0)
    for player in state.table:
        for card in player.cards[2:]:
            card.revealed = True
    state.circle = 2
    state, _ = drive(state, waiting(0, "sol-prompt-reveal"))
    assert pending(state, 0).key == "sol-prompt-reveal"


def test_the_last_unmarked_card_is_interrogated_without_asking_which() -> None:
    state = new_game(3, seed=4)
    for card in state.table[2].cards[:3]:
        card.mark = mark(1, "red", True)
    state = give_turn(state, 0)
    state, events = acts(state, (0, "interrogate"), (0, "2"))
    (only,) = find(events, "sol-event-ask-only")
    assert only.to is None and only.params == {"player": {"seat": 0}, "target": {"seat": 2}, "position": 4}
    assert find(events, "sol-event-interrogation")[0].params["position"] == 4
    assert pending(state, 2).key == "sol-prompt-name-colour"
    state, _ = act(state, 2, "red")
    assert pending(state, 0).key == "sol-prompt-believe"
