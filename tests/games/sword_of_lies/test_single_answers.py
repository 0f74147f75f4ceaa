"""A question with a single answer is not asked: the game makes that answer at once and tells the
table (as Maskmen's forced pass does) — the last card face down is revealed, the last unmarked card
is the one interrogated, the only player with unmarked cards is the one asked, and a war order's only
target, only card or only card to pay with is taken (said to the player alone: orders are secret)."""

from __future__ import annotations

import random

from games.core.prompts import only_answer
from games.sword_of_lies import ENGINE
from games.sword_of_lies.common import BACK
from games.sword_of_lies.phase1 import PASS
from games.sword_of_lies.phase3 import NEGOTIATE, RANDOM
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    all_ready,
    drive,
    find,
    give_turn,
    keys,
    mark,
    new_game,
    pending,
    start_betting,
    waiting,
    war_row,
    war_table,
)


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


# --- war orders (issue 36: «Меч 1 (двойная атака): в чью карту? 1. Глеб») ---------------------------
def duel(own: str = "PP", theirs: str = "PP", swords: int = 2) -> SolState:
    """A war order to give with one opponent left (seat 2 folded): seat 0 against seat 1."""
    state = war_table()
    war_row(state, 0, own, swords=swords)
    war_row(state, 1, theirs, swords=0)
    state.table[2].folded = True
    state.table[2].cards = []
    state, _ = all_ready(state)
    assert state.phase == "war" and list(state.orders) == [0]
    return state


def test_the_only_opponent_is_aimed_at_without_asking_whose_card() -> None:
    state, events = act(duel(), 0, "double")
    (only,) = find(events, "sol-event-war-target-only")
    assert only.to == [0] and only.params["player"] == {"seat": 1} and only.params["sword"] == 1
    prompt = pending(state, 0)
    assert prompt.key == "sol-prompt-war-position" and prompt.params["player"] == {"seat": 1}
    state, events = act(state, 0, "2")
    (second,) = find(events, "sol-event-war-target-only")
    assert second.params["sword"] == 2 and pending(state, 0).key == "sol-prompt-war-position"


def test_the_only_card_left_is_hit_and_the_only_own_card_pays_without_asking() -> None:
    state = duel(own="S", theirs="P")
    state.table[1].cards[0].number = 3  # its #1 and #2 were destroyed
    state, events = act(state, 0, "double")
    assert keys(events)[:7] == ["sol-event-war-target-only", "sol-event-war-position-only"] * 2 + [
        "sol-event-war-cost-only", "sol-event-order-in", "sol-event-attack"]
    hit = find(events, "sol-event-war-position-only")[0]
    assert hit.to == [0] and hit.params == {"sword": 1, "player": {"seat": 1}, "position": 3}
    (cost,) = find(events, "sol-event-war-cost-only")
    assert cost.to == [0] and cost.params == {"position": 1}
    assert not any(p.key.startswith("sol-prompt-war") for p in state.prompts if p.seat == 0)


def test_a_choice_of_cards_is_still_asked() -> None:
    state, _ = act(duel(own="PP", theirs="PS"), 0, "standard")
    assert pending(state, 0).key == "sol-prompt-war-position"


def test_the_only_player_with_unmarked_cards_is_interrogated_without_asking_whose_card() -> None:
    state = new_game(3, seed=4)
    for card in state.table[1].cards:
        card.mark = mark(2, "red", True)
    state = give_turn(state, 0)
    state, events = act(state, 0, "interrogate")
    (only,) = find(events, "sol-event-ask-target-only")
    assert only.to == [0] and only.params == {"player": {"seat": 2}}
    prompt = pending(state, 0)
    assert prompt.key == "sol-prompt-ask-position" and prompt.params["owner"] == {"seat": 2}


def test_no_question_with_a_single_answer_waits_in_random_games() -> None:
    """Every prompt a player is shown has a real choice (Back, Pass and the random attack aside),
    but the negotiation's Done, which a player with a war order gives when they finish talking."""
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(rng.randint(3, 5), seed=seed, hand_size=rng.choice([2, 3, 4]))
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            if prompt.key != NEGOTIATE and prompt.ask == "one":
                assert only_answer(prompt.options, aside=(BACK, PASS, RANDOM)) is None, (prompt.key, prompt.options)
            action = ENGINE.bot_action(state, prompt, rng, level=rng.choice(["easy", "normal"]))
            state, _ = ENGINE.apply(state, prompt.seat, action)



def test_one_sword_is_a_standard_attack_without_asking_which_kind() -> None:
    state = war_table()
    war_row(state, 0, "PP", swords=1)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PS", swords=0)
    state, events = all_ready(state)
    (kind,) = find(events, "sol-event-war-kind-only")
    assert kind.to == [0] and kind.params == {"cycle": 1, "swords": 1}
    assert pending(state, 0).key == "sol-prompt-war-target"
    state, _ = act(state, 0, "back")  # back to the first question: which is this one again
    assert pending(state, 0).key == "sol-prompt-war-target"
