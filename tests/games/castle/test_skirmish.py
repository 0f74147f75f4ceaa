"""Skirmishes: secret simultaneous card choice, Influence = Base + TypeBonus + ArrivalBonus (summed
over every card beaten; Against the Current), one highest wins and chooses, ties throw, hall by
hall, and every Win effect."""

from __future__ import annotations

from typing import Any

from games.castle import ENGINE
from games.castle.state import CastleState
from tests.games.castle.helpers import (
    act,
    choose,
    event_of,
    kinds,
    new_game,
    orders,
    position,
    prompt_of,
    skirmish_cards,
)

QUIET = ["none", "nothing"]


def fight(players: int = 3, *, halls: dict[int, str], moves: dict[int, list[str]] | None = None,
          rows: dict[int, list[str]], seed: int = 1, **kw: Any) -> tuple[CastleState, list]:
    """Everyone orders no card; `moves` walk; returns the state waiting for skirmish cards."""
    hands = kw.pop("hands", {s: [("devil", "passage", "platform", "unfair")[s]] for s in range(players)})
    state = position(new_game(players, seed=seed), halls=halls, rows=rows, hands=hands, first=0, **kw)
    moves = moves or {}
    return orders(state, {s: (QUIET, moves.get(s)) for s in range(players)})


def rows_of(events: list, hall: str) -> list[dict[str, Any]]:
    reveal = next(e for e in events if e.key == "castle-skirmish-reveal" and e.params["hall"] == hall)
    return [line["params"] for line in reveal.params["rows"]["lines"]]


def totals(events: list, hall: str) -> dict[int, tuple[int, int, int, int]]:
    return {r["player"]["seat"]: (r["base"], r["bonus"], r["arrival"], r["total"]) for r in rows_of(events, hall)}


def test_every_participant_is_asked_at_once_and_the_choice_is_secret_until_all_are_in() -> None:
    state, events = fight(halls={0: "A1", 1: "C"}, moves={0: ["C"]},
                          rows={0: ["robbery", "peek"], 1: ["shackles", "defence"]})
    assert state.stage == "skirmish"
    asked = {p.seat: p for p in state.prompts}
    assert set(asked) == {0, 1} and all(p.secret and p.changeable and p.deadline == "skirmish" for p in asked.values())
    assert event_of(events, "castle-skirmishes").to is None
    state, events = act(state, 0, "2")
    assert [e.to for e in events] == [[0]], "only the chooser hears their choice"
    assert ENGINE.view(state, None)["skirmish_cards"] == {}
    state, events = act(state, 0, "1")  # changeable until everyone is in
    state, events = act(state, 1, "1")
    assert totals(events, "C")[0][0] == 2, "seat 0 changed to Robbery (Base 2)"


def test_influence_sums_base_type_bonus_and_arrival() -> None:
    # seat 0 walks in with Robbery (Push 2), seat 1 stays with Shackles (Hold 2), seat 2 walks in with Peek (Trick 0)
    state, events = fight(halls={0: "A1", 1: "C", 2: "A3"}, moves={0: ["C"], 2: ["C"]},
                          rows={0: ["robbery", "eject"], 1: ["shackles", "defence"], 2: ["peek", "secret_door"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert totals(events, "C") == {0: (2, 1, 1, 4), 1: (2, 1, 0, 3), 2: (0, 1, 1, 2)}
    assert event_of(events, "castle-skirmish-winner").params["player"] == {"seat": 0}


def test_type_bonus_counts_every_card_beaten_in_a_four_way_skirmish() -> None:
    state, events = fight(4, halls={0: "C", 1: "C", 2: "C", 3: "C"},
                          rows={0: ["defence", "shackles"], 1: ["eject", "robbery"], 2: ["eject", "robbery"],
                                3: ["peek", "secret_door"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1, 3: 1})
    # Hold beats both Pushes (+2); each Push beats the Trick (+1); the Trick beats the Hold (+1)
    assert totals(events, "C") == {0: (1, 2, 0, 3), 1: (1, 1, 0, 2), 2: (1, 1, 0, 2), 3: (0, 1, 0, 1)}


def test_against_the_current_gives_plus_one_to_those_who_did_not_move_instead_of_arrivals() -> None:
    state, events = fight(halls={0: "A1", 1: "C"}, moves={0: ["C"]}, event="current",
                          rows={0: ["robbery", "eject"], 1: ["robbery", "eject"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1})
    assert totals(events, "C") == {0: (2, 0, 0, 2), 1: (2, 0, 1, 3)}


def test_the_default_skirmish_card_is_the_higher_base_then_the_first_of_the_row() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["peek", "robbery"], 1: ["eject", "defence"]})
    assert ENGINE.default_action(state, prompt_of(state, 0)).value == "2"
    assert ENGINE.default_action(state, prompt_of(state, 1)).value == "1"


def test_a_tie_throws_the_tied_into_different_halls_drops_artifacts_and_bars_those_below() -> None:
    state, events = fight(halls={0: "C", 1: "C", 2: "C"}, carried={0: 1},
                          rows={0: ["robbery", "eject"], 1: ["robbery", "eject"], 2: ["peek", "eject"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    # Robbery 2 + 1 (beats the Trick) = 3 for seats 0 and 1; Peek 0 for seat 2
    tie = event_of(events, "castle-skirmish-tie")
    assert tie.params["players"] == {"and": [{"seat": 0}, {"seat": 1}]}
    assert tie.params["below"] == {"and": [{"seat": 2}]}
    assert state.table[0].hall != state.table[1].hall
    assert {state.table[0].hall, state.table[1].hall} <= {"A1", "A2", "A3", "A4", "A5", "A6"}
    assert state.table[2].hall == "C"
    assert state.table[0].carried == 0
    assert state.floor.get("C") == 2, "the dropped artifact and the one on the floor stay; nobody takes them"
    assert state.table[2].carried == 0, "the player below the tie alone in C does not take it this round"
    assert state.table[2].barred == state.round, "below the tie: no cards next round"
    state_prompt = prompt_of(state, 2)
    state, _ = act(state, 2, "~edit:card")
    assert prompt_of(state, 2).options[0].disabled is not None
    del state_prompt


def test_one_winner_expels_each_loser_where_they_choose_and_losers_drop_artifacts() -> None:
    state, _ = fight(halls={0: "A1", 1: "C", 2: "C"}, moves={0: ["C"]}, carried={1: 1},
                     rows={0: ["robbery", "eject"], 1: ["peek", "eject"], 2: ["peek", "eject"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert state.stage == "choice"
    sheet = prompt_of(state, 0)
    assert sheet.key == "castle-choice-sheet" and sheet.deadline == "choice"
    assert [o.value for o in sheet.options] == ["~edit:expel", "~edit:effect", "~done"]
    assert event_of(events, "castle-dropped").params == {"player": {"seat": 1}, "hall": "C", "count": 1}
    state, events = choose(state, 0, {"expel": ["A2", "A5"], "effect": ["2"]})
    assert [state.table[s].hall for s in range(3)] == ["C", "A2", "A5"]
    assert state.table[0].carried == 2, "the winner, alone in C, picks up both artifacts in Phase III"
    assert len(kinds(state, 0)) == 2 and len(kinds(state, 2)) == 0, "Robbery took seat 2's card"


def test_eject_sends_a_chosen_loser_along_two_open_corridors() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["eject", "peek"], 1: ["peek", "secret_door"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = act(state, 0, "~edit:expel")
    assert prompt_of(state, 0).key == "castle-ask-eject"
    state, _ = act(state, 0, "1")
    state, _ = act(state, 0, "A1")
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-eject-second" and "C" not in [o.value for o in prompt.options]
    state, _ = act(state, 0, "B1")
    state, events = act(state, 0, "~done")
    assert state.table[1].hall == "B1"
    assert event_of(events, "castle-expelled").params["moves"]["lines"][0]["params"]["path"] == "C → A1 → B1"


def test_defence_locks_a_corridor_for_the_next_round() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["defence", "peek"], 1: ["eject", "secret_door"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = choose(state, 0, {"expel": ["A1"], "effect": ["B2", "B3"]})
    assert state.round == 2 and state.locked(("B2", "B3"))
    (lock,) = state.locks
    assert (lock.since, lock.until) == (2, 2)


def test_shackles_take_double_step_from_a_loser_next_round() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["shackles", "peek"], 1: ["eject", "secret_door"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = choose(state, 0, {"expel": ["A1"], "effect": ["1"]})
    assert state.table[1].shackled == state.round == 2 and not state.can_double_step(1)


def test_robbery_takes_a_random_action_card_from_one_loser() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["robbery", "peek"], 1: ["eject", "secret_door"]},
                     hands={0: [], 1: ["passage", "ahaha"], 2: []})
    state, events = skirmish_cards(state, {0: 1, 1: 1})
    state, events = choose(state, 0, {"expel": ["A1"], "effect": ["1"]})
    assert len(state.table[0].hand) == 1 and len(state.table[1].hand) == 1
    assert event_of(events, "castle-robbery").to is None
    assert event_of(events, "castle-robbery-private").to == [0]


def test_peek_shows_a_card_then_take_or_swap() -> None:
    # Peek (Trick 0) + beats Defence (Hold) + arrival = 2 against Defence's 1
    state, _ = fight(halls={0: "A1", 1: "C"}, moves={0: ["C"]}, rows={0: ["peek", "eject"], 1: ["defence", "eject"]},
                     hands={0: ["devil"], 1: ["passage", "ahaha"], 2: []})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    assert state.stage == "choice"
    state, events = choose(state, 0, {"expel": ["A1"], "effect": ["1", "2"]})
    assert state.stage == "peek"
    seen = event_of(events, "castle-peek-seen")
    assert seen.to == [0] and seen.params["card"] == {"term": "castle-card-ahaha"}
    state, events = act(state, 0, "swap")
    assert len(state.table[0].hand) == 1 and len(state.table[1].hand) == 2
    assert event_of(events, "castle-peek-done").params["swap"] == "yes"
    assert state.notes[0][0].cards == ["ahaha"]


def test_secret_door_opens_a_passage_between_any_rings() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["secret_door", "peek"], 1: ["peek", "peek"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = choose(state, 0, {"expel": ["A1"], "effect": ["C", "B1"]})
    assert ("B1", "C") in state.passages and state.joined("C", "B1")


def test_skirmishes_go_hall_by_hall_and_the_expelled_take_no_further_part() -> None:
    state, events = fight(4, halls={0: "C", 1: "C", 2: "A1", 3: "A1"},
                          rows={0: ["robbery", "eject"], 1: ["peek", "eject"], 2: ["eject", "peek"],
                                3: ["eject", "peek"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1, 3: 1})
    assert list(state.fights) == ["C", "A1"]
    state, events = choose(state, 0, {"expel": ["A1"], "effect": ["1"]})
    assert state.table[1].hall == "A1"
    tie = event_of(events, "castle-skirmish-tie")
    assert tie.params["hall"] == "A1" and tie.params["players"] == {"and": [{"seat": 2}, {"seat": 3}]}
    assert tie.params["below"] == {"and": []}, "the expelled seat 1 does not fight in A1"
    assert state.table[1].barred != state.round


def test_winner_choice_defaults_are_random_legal_choices() -> None:
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["defence", "peek"], 1: ["eject", "secret_door"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = ENGINE.apply(state, 0, ENGINE.default_action(state, prompt_of(state, 0)))
    assert state.round == 2 and state.table[1].hall in {"A1", "A2", "A3", "A4", "A5", "A6"}
    assert len(state.locks) == 1


def test_a_typed_choice_gets_a_specific_reason() -> None:
    from tests.games.castle.helpers import refusal

    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["eject", "peek"], 1: ["peek", "secret_door"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = act(state, 0, "~edit:expel")
    assert refusal(state, 0, "2") == "castle-refuse-not-loser"
    state, _ = act(state, 0, "1")
    assert refusal(state, 0, "B5") == "castle-refuse-no-corridor"
    state, _ = act(state, 0, "A1")
    assert refusal(state, 0, "C") == "castle-refuse-eject-back"
