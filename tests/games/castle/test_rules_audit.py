"""A sentence-by-sentence audit of the engine against the rules page (docs: shared/rules/castle.md):
subtle points the page fixes that other tests leave implicit."""

from __future__ import annotations

from typing import Any

from games.castle import ENGINE
from games.castle.board import corridor_key
from games.castle.state import CastleState, Marker
from tests.games.castle.helpers import (
    act,
    choose,
    event_of,
    keys,
    kinds,
    new_game,
    orders,
    position,
    prompt_of,
    refusal,
    skirmish_cards,
    stack_events,
)

QUIET = ["none", "nothing"]


def lock(state: CastleState, *corridors: tuple[str, str]) -> CastleState:
    """Lock corridors for this round (as a Defence played last round would)."""
    for a, b in corridors:
        state.locks.append(Marker(corridor=corridor_key(a, b), since=state.round, until=state.round))
    return state


def fight(players: int = 3, *, halls: dict[int, str], rows: dict[int, list[str]],
          moves: dict[int, list[str]] | None = None, locks: tuple[tuple[str, str], ...] = (),
          seed: int = 1, **kw: Any) -> tuple[CastleState, list]:
    hands = kw.pop("hands", {s: [("devil", "passage", "platform", "unfair")[s]] for s in range(players)})
    state = position(new_game(players, seed=seed), halls=halls, rows=rows, hands=hands, first=0, **kw)
    stack_events(state, ["webs"])  # next round's event: nothing that moves halls or artifacts
    lock(state, *locks)
    moves = moves or {}
    return orders(state, {s: (QUIET, moves.get(s)) for s in range(players)})


def totals(events: list, hall: str) -> dict[int, tuple[int, int, int, int]]:
    reveal = next(e for e in events if e.key == "castle-skirmish-reveal" and e.params["hall"] == hall)
    rows = [line["params"] for line in reveal.params["rows"]["lines"]]
    return {r["player"]["seat"]: (r["base"], r["bonus"], r["arrival"], r["total"]) for r in rows}


# --- Phase II: cards -------------------------------------------------------------------------------
def test_equal_cards_resolve_in_seat_order_starting_from_the_first_player() -> None:
    # "Equal cards: seat order from the first player." First player is seat 2: seat 2, then seat 0.
    state = position(new_game(3), hands={0: ["platform"], 1: ["devil"], 2: ["platform"]}, first=2)
    state, events = orders(state, {0: (["1", "A1", "A2"], None), 2: (["1", "B1", "B2"], None)})
    platforms = [e.params["player"]["seat"] for e in events if e.key == "castle-platform"]
    assert platforms == [2, 0]


def test_the_owner_draws_right_after_the_card_resolves_and_a_card_that_left_the_hand_gives_no_draw() -> None:
    # Deal with the Devil (seat 0) takes seat 1's only card, its pending Second Wind: that card does not
    # resolve and gives no draw; seat 0 draws right after the Devil, before the next card (seat 2's Platform,
    # which goes before Second Wind).
    state = position(new_game(3), hands={0: ["devil", "ahaha"], 1: ["second_wind"], 2: ["platform"]}, first=0)
    state, events = orders(state, {0: (["1", "1", "2"], None), 1: (["1"], None), 2: (["1", "A1", "A2"], None)})
    order = [(e.key, e.to) for e in events if e.key in ("castle-devil", "castle-drew", "castle-card-lost",
                                                        "castle-platform")]
    assert order == [("castle-devil", None), ("castle-drew", [0]), ("castle-platform", None), ("castle-drew", [2]),
                     ("castle-card-lost", None)]
    assert kinds(state, 1) == ["ahaha"], "seat 1 got the given card and drew nothing"
    assert len(state.table[0].hand) == 2 and "second_wind" in kinds(state, 0)


def test_a_resolving_card_leaves_the_hand_first_so_unfair_deal_never_hands_itself_over() -> None:
    state = position(new_game(3), hands={0: ["unfair", "platform"], 1: ["ahaha", "devil", "second_wind"]}, first=0)
    state, events = orders(state, {0: (["1", "1"], None)})
    assert sorted(kinds(state, 1)) == ["platform"], "seat 1 got seat 0's hand without the Unfair Deal"
    assert sorted(kinds(state, 0)) == ["ahaha", "devil", "second_wind"], "hand of 3: the draw adds nothing"
    assert not [e for e in events if e.key == "castle-drew" and e.to == [0]]


# --- skirmish: Influence -------------------------------------------------------------------------
def test_three_way_type_bonus_each_card_beats_one_other() -> None:
    # Hold beats Push, Push beats Trick, Trick beats Hold: +1 each; nobody moved.
    state, events = fight(halls={0: "C", 1: "C", 2: "C"},
                          rows={0: ["defence", "eject"], 1: ["eject", "defence"], 2: ["peek", "defence"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert totals(events, "C") == {0: (1, 1, 0, 2), 1: (1, 1, 0, 2), 2: (0, 1, 0, 1)}


def test_type_bonus_sums_two_beaten_cards_and_equal_types_beat_nobody() -> None:
    # Two Pushes and a Hold: the Hold beats both (+2); the Pushes beat nothing (a Push does not beat a Push).
    state, events = fight(halls={0: "C", 1: "C", 2: "C"},
                          rows={0: ["shackles", "eject"], 1: ["robbery", "eject"], 2: ["robbery", "eject"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert totals(events, "C") == {0: (2, 2, 0, 4), 1: (2, 0, 0, 2), 2: (2, 0, 0, 2)}


def test_against_the_current_plus_one_for_every_participant_who_did_not_move() -> None:
    # Seat 0 walks in (no bonus under Against the Current); seats 1 and 2 stood still (+1 each).
    state, events = fight(halls={0: "A1", 1: "C", 2: "C"}, moves={0: ["C"]}, event="current",
                          rows={0: ["robbery", "eject"], 1: ["robbery", "eject"], 2: ["robbery", "eject"]})
    state, events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert totals(events, "C") == {0: (2, 0, 0, 2), 1: (2, 0, 1, 3), 2: (2, 0, 1, 3)}


def test_a_player_blocked_before_their_first_corridor_did_not_move() -> None:
    # "A player moved this round when they took at least one corridor": blocked by a Lock at once = no bonus.
    state, events = fight(halls={0: "A1", 1: "C", 2: "C"}, moves={0: ["C"], 1: ["A1"]},
                          rows={0: ["robbery", "eject"], 1: ["robbery", "eject"], 2: ["robbery", "eject"]})
    assert state.table[1].hall == "A1" and state.table[0].hall == "C"
    state, events = skirmish_cards(state, {0: 1, 2: 1})
    assert totals(events, "C") == {0: (2, 0, 1, 3), 2: (2, 0, 0, 2)}


# --- skirmish: one winner ----------------------------------------------------------------------------
def test_eject_with_no_two_corridor_walk_expels_the_loser_one_corridor() -> None:
    # B1's only open corridor leads to A1, and A1's only open corridor leads back to B1: no walk of two
    # open corridors ends elsewhere, so Eject expels as usual (one corridor).
    state, _ = fight(halls={0: "B1", 1: "B1"}, rows={0: ["eject", "defence"], 1: ["peek", "defence"]},
                          locks=(("B1", "B2"), ("B1", "B12"), ("A1", "C"), ("A1", "A2"), ("A1", "A6")))
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    assert state.fight is not None and state.fight.card == "eject"
    prompt = next(p for p in state.prompts if p.seat == 0)
    state, _events = ENGINE.apply(state, 0, ENGINE.default_action(state, prompt))
    assert state.table[1].hall == "A1"


def test_eject_is_optional_the_winner_may_expel_the_loser_one_hall() -> None:
    # Decision («может»): the winner chooses a one-hall or a two-hall expulsion for that loser.
    state, _ = fight(halls={0: "C", 1: "C"}, rows={0: ["eject", "defence"], 1: ["peek", "defence"]})
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    state, _ = act(state, 0, "~edit:expel")
    asked = prompt_of(state, 0)
    assert asked.key == "castle-ask-eject"
    assert [(o.value, o.label, o.disabled) for o in asked.options if not o.value.startswith("~")] == [
        ("1", "castle-opt-eject-two", None), ("none", "castle-opt-eject-none", None)]
    assert refusal(state, 0, "A3") == "castle-refuse-eject-pick", "a hall typed here: say how to expel one hall"
    state, _ = act(state, 0, "none")
    assert prompt_of(state, 0).key == "castle-ask-expel"
    state, _ = act(state, 0, "A3")
    state, events = act(state, 0, "~done")
    assert state.table[1].hall == "A3"
    assert event_of(events, "castle-expelled").params["moves"]["lines"][0]["params"]["path"] == "C → A3"


def test_eject_one_loser_two_halls_the_other_one_hall_or_both_one_hall() -> None:
    two = fight(halls={0: "C", 1: "C", 2: "C"}, rows={0: ["eject", "defence"], 1: ["peek", "defence"],
                                                     2: ["peek", "defence"]})[0]
    two, _ = skirmish_cards(two, {0: 1, 1: 1, 2: 1})
    state, _ = choose(two, 0, {"expel": ["2", "A1", "B1", "A4"]})
    assert [p.hall for p in state.table] == ["C", "A4", "B1"]
    state, _ = choose(two, 0, {"expel": ["none", "A2", "A5"]})
    assert [p.hall for p in state.table] == ["C", "A2", "A5"]


def test_the_deadline_default_of_eject_is_a_random_choice_among_one_and_two_halls() -> None:
    # "Winner's choices: random legal choice" — either shape of Eject is legal, so either can be drawn.
    shapes = set()
    for seed in range(1, 13):
        state, _ = fight(halls={0: "C", 1: "C"}, seed=seed, rows={0: ["eject", "defence"], 1: ["peek", "defence"]})
        state, _ = skirmish_cards(state, {0: 1, 1: 1})
        assert state.fight is not None
        drawn = state.fight.defaults["expel"]
        state, _ = act(state, 0, "~done")
        walk = [h for h in drawn if h not in ("1", "none")]
        assert state.table[1].hall == walk[-1] and len(walk) == (1 if drawn[0] == "none" else 2)
        shapes.add(len(walk))
    assert shapes == {1, 2}


def test_a_loser_with_no_open_corridor_stays() -> None:
    state, _ = fight(halls={0: "B1", 1: "B1"}, rows={0: ["robbery", "defence"], 1: ["peek", "defence"]},
                          locks=(("B1", "B2"), ("B1", "B12"), ("B1", "A1")))
    state, _ = skirmish_cards(state, {0: 1, 1: 1})
    if state.stage == "choice":
        state, _events = choose(state, 0, {})
    assert state.table[1].hall == "B1" and state.table[0].hall == "B1"


# --- skirmish: a tie -------------------------------------------------------------------------------------
def test_a_tie_with_not_enough_open_corridors_repeats_only_then() -> None:
    # Three tie in B1 with two open corridors (B1–B12 locked): two are thrown to different halls, the
    # third to one of them; each drops what they carry; the artifact stays and nobody takes it.
    for seed in range(1, 6):
        state, _ = fight(halls={0: "B1", 1: "B1", 2: "B1"}, seed=seed, floor={"C": 1, "B1": 1},
                              carried={0: 1}, locks=(("B1", "B12"),),
                              rows={0: ["eject", "defence"], 1: ["eject", "defence"], 2: ["eject", "defence"]})
        state, _events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
        landed = [state.table[s].hall for s in range(3)]
        assert set(landed) == {"A1", "B2"}, landed
        assert state.floor.get("B1") == 2 and not any(p.carried for p in state.table)


def test_a_tie_with_too_few_exits_uses_every_open_exit_once_then_a_random_open_exit() -> None:
    # Decision: every open exit is used once first, then each remaining player goes to a random open exit.
    repeated = set()
    for seed in range(1, 13):
        state, _ = fight(halls={0: "B1", 1: "B1", 2: "B1"}, seed=seed, locks=(("B1", "B12"),),
                         rows={0: ["eject", "defence"], 1: ["eject", "defence"], 2: ["eject", "defence"]})
        state, _ = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
        landed = [state.table[s].hall for s in range(3)]
        assert sorted(set(landed)) == ["A1", "B2"], "both open exits are used"
        repeated.add(max(set(landed), key=landed.count))
    assert repeated == {"A1", "B2"}, "the third player's exit is random"


def test_a_tie_with_no_open_corridor_leaves_the_tied_where_they_are_and_nobody_takes_the_artifact() -> None:
    state, _ = fight(halls={0: "B1", 1: "B1"}, floor={"C": 1, "B1": 1},
                          locks=(("B1", "B2"), ("B1", "B12"), ("B1", "A1")),
                          rows={0: ["eject", "defence"], 1: ["eject", "defence"]})
    state, _events = skirmish_cards(state, {0: 1, 1: 1})
    assert [p.hall for p in state.table[:2]] == ["B1", "B1"]
    assert state.floor.get("B1") == 1 and state.round == 2


def test_players_below_the_tie_stay_and_the_one_left_alone_does_not_take_the_artifact() -> None:
    state, _ = fight(halls={0: "B1", 1: "B1", 2: "B1"}, floor={"C": 1, "B1": 1},
                          rows={0: ["robbery", "defence"], 1: ["robbery", "defence"], 2: ["eject", "defence"]})
    state, _events = skirmish_cards(state, {0: 1, 1: 1, 2: 1})
    assert state.round == 2
    assert state.table[2].hall == "B1" and state.table[2].carried == 0 and state.floor.get("B1") == 1
    assert {state.table[0].hall, state.table[1].hall} <= {"A1", "B2", "B12"}
    assert state.table[0].hall != state.table[1].hall, "enough corridors: different halls"
    assert ENGINE.view(state, None)["players"][2]["barred"] is True
    assert not ENGINE.view(state, None)["players"][0]["barred"]


# --- Phase III -------------------------------------------------------------------------------------------
def test_a_new_artifact_is_taken_only_from_the_next_round() -> None:
    # Seat 0 delivers in B2; the new artifact appears in C at the end of the phase, though seat 1 stands
    # alone in C: nobody takes it this round.
    state = position(new_game(3), halls={0: "B2", 1: "C"}, floor={}, carried={0: 1}, first=0)
    stack_events(state, ["webs"])
    state, events = orders(state, {})
    assert state.table[0].delivered == 1 and state.table[1].carried == 0 and state.floor == {"C": 1}
    assert keys(events).index("castle-new-artifact") > keys(events).index("castle-delivered")
    assert event_of(events, "castle-new-artifact").params["hall"] == "C"


# --- Phase I ---------------------------------------------------------------------------------------------
def test_a_barred_player_cannot_play_a_card_but_may_still_draw() -> None:
    from games.core.orders import EDIT
    from tests.games.castle.helpers import act, refusal

    state = position(new_game(3), hands={0: ["platform"]})
    state.table[0].barred = state.round
    state, _ = act(state, 0, f"{EDIT}card")
    assert refusal(state, 0, "1") is not None
    assert refusal(state, 0, "none") is None
    state, _ = act(state, 0, "none")
    assert refusal(state, 0, "draw") is None


def test_no_card_draw_is_refused_with_three_cards_in_hand() -> None:
    from games.core.orders import EDIT
    from tests.games.castle.helpers import act, refusal

    state = position(new_game(3), hands={0: ["platform", "devil", "unfair"]})
    state, _ = act(state, 0, f"{EDIT}card")
    state, _ = act(state, 0, "none")
    assert refusal(state, 0, "draw") is not None
    assert refusal(state, 0, "replace-skirmish") is None and refusal(state, 0, "replace-action") is None


def test_orders_default_to_stay_no_card_and_a_draw_below_three_cards() -> None:
    state = position(new_game(3), hands={0: ["platform"], 1: ["platform", "devil", "unfair"]}, first=0)
    stack_events(state, ["webs"])
    halls = [p.hall for p in state.table]
    state, _events = orders(state, {})
    assert [p.hall for p in state.table] == halls
    assert len(state.table[0].hand) == 2 and len(state.table[1].hand) == 3


# --- Phase II: Second Wind ---------------------------------------------------------------------------------
def test_a_second_wind_that_did_not_resolve_stops_before_a_barricaded_first_corridor() -> None:
    # Seat 1's Second Wind is taken by seat 0's Deal with the Devil; seat 1 planned B2 → A? through
    # a Barricade on its first corridor: without DoubleStep it is not open, so seat 1 does not move.
    state = position(new_game(3), hands={0: ["devil"], 1: ["second_wind"]}, first=0)
    state.barricades.append(Marker(corridor=corridor_key("B6", "B5"), since=state.round, until=state.round))
    state, _events = orders(state, {0: (["1", "1", "none"], None), 1: (["1"], ["B5", "A3"])})
    assert state.table[1].hall == "B6"


def test_castle_reshuffle_swaps_players_with_what_they_carry_and_floor_artifacts_but_not_shrines() -> None:
    from games.castle.events import _reshuffle

    for seed in range(1, 30):
        state = position(new_game(3, seed=seed), halls={0: "A1", 1: "A1", 2: "B5"}, carried={0: 1, 2: 2},
                         floor={"C": 1, "A4": 3})
        before = [(p.hall, p.carried) for p in state.table]
        floor = dict(state.floor)
        events: list = []
        _reshuffle(state, events)
        a, b = events[-1].params["a"], events[-1].params["b"]
        assert a != b
        other = {a: b, b: a}
        assert [(p.hall, p.carried) for p in state.table] == [(other.get(h, h), c) for h, c in before]
        assert state.floor == {other.get(h, h): n for h, n in floor.items()}
        assert [state.shrine_hall(s) for s in range(3)] == ["B2", "B6", "B10"]
