"""One scenario per public role with an effect during the resolution (rules page, "Public roles").
The Psychic only sees (the view), the Lucky and the Jester act outside the resolution, the
Politician and the Swindler are votes (tests of games.mafia.votes)."""

from __future__ import annotations

from games.mafia.order import Order
from games.mafia.state import MafiaState
from tests.games.mafia.scenario import (
    card_id,
    colour_counts,
    damage,
    deaths,
    keys,
    next_phase,
    one,
    play,
    private,
    report,
    resolve_phase,
    table,
)


def strike(state: MafiaState, attacker: int, target: int) -> Order:
    """Give `attacker` a Strike on top of his hand and play it at `target`."""
    state.seats[attacker].hand.insert(0, state.new_card("strike"))
    return Order(hand=play(state, attacker, "strike", target))


def test_alien_dies_with_one_card() -> None:
    state = table(roles={0: "alien"}, hands={0: ["letter", "letter", "letter"]})
    events = resolve_phase(state, {1: strike(state, 1, 0)})
    assert keys(state.seats[0].hand) == ["letter"]
    assert deaths(events) == [0] and not state.seats[0].alive and state.seats[0].died_in == 1


def test_businessman_gets_fat_on_a_night_without_playing_or_putting_under() -> None:
    state = table(roles={0: "businessman", 1: "businessman"}, hands={1: ["vest", "letter"]})
    events = resolve_phase(state, {1: Order(under=[card_id(state, 1, "vest")])})
    assert keys(state.seats[0].sleeve) == ["fat"]
    assert state.seats[1].sleeve == []  # he put a card under his deck
    assert keys(state.seats[1].deck)[-1] == "vest" and keys(state.seats[1].hand) == ["letter", "rest"]
    lines = {line["message"]: line["params"] for line in one(events, 0, "mafia-result-hand")["lines"]["lines"]}
    assert lines["mafia-line-gained"]["cards"] == [{"term": "mafia-card-fat"}]
    next_phase(state)
    resolve_phase(state)
    assert keys(state.seats[0].sleeve) == ["fat"]  # by day: nothing


def test_lazybones_gets_two_armor_on_a_night_without_playing() -> None:
    state = table(roles={0: "lazybones", 1: "lazybones"}, hands={1: ["vest", "letter", "letter"]})
    events = resolve_phase(state, {2: strike(state, 2, 0), 3: strike(state, 3, 1),
                                   1: Order(hand=play(state, 1, "vest"))})
    assert state.seats[0].armor == 2 and len(state.seats[0].hand) == 5
    assert state.seats[1].armor == 3  # only his Vest: he played a card
    assert damage(events) == {0: 2, 1: 2}


def test_strongman_has_one_armor_up_to_the_first_phase_he_is_dealt_damage() -> None:
    state = table(roles={0: "strongman"})
    resolve_phase(state, {1: strike(state, 1, 0)})
    assert state.seats[0].armor == 1 and len(state.seats[0].hand) == 4
    assert state.seats[0].dealt_damage
    next_phase(state)
    state.seats[1].hand.insert(0, state.new_card("knuckles"))
    events = resolve_phase(state, {1: Order(hand=play(state, 1, "knuckles", 0))})
    assert state.seats[0].armor == 0 and len(state.seats[0].hand) == 3
    assert damage(events) == {0: 1}


def test_paranoid_spends_sleeve_cards_for_that_much_armor() -> None:
    state = table(roles={0: "paranoid"}, sleeves={0: ["letter", "search", "vest"]})
    spent = [card_id(state, 0, "letter", "sleeve"), card_id(state, 0, "search", "sleeve")]
    resolve_phase(state, {0: Order(paranoid=spent), 1: strike(state, 1, 0)})
    assert state.seats[0].armor == 2 and len(state.seats[0].hand) == 5
    assert keys(state.seats[0].sleeve) == ["vest"] and keys(state.seats[0].discard) == ["letter", "search"]


def test_avenger_is_mortally_wounded_for_two_phases_then_dies() -> None:
    state = table(number=2, roles={0: "avenger"}, hands={0: ["letter", "letter"]}, decks={0: []})
    events = resolve_phase(state, {1: strike(state, 1, 0)})
    assert state.seats[0].alive and state.seats[0].wounded_in == 3 and state.seats[0].hand == []
    assert ("mafia-line-wounded", {"player": {"seat": 0}, "phases": 2}) in report(events)
    next_phase(state)  # Day 2: an empty hand no longer kills him
    assert deaths(resolve_phase(state)) == [] and state.seats[0].alive
    next_phase(state)  # Night 3: the second phase after the one he lost his cards: he dies, whatever happens
    state.seats[0].hand = [state.new_card("letter")]
    events = resolve_phase(state)
    assert deaths(events) == [0] and state.seats[0].died_in == 5


def test_masochist_gets_a_copy_of_the_first_card_he_discards_to_damage() -> None:
    state = table(roles={0: "masochist"}, hands={0: ["vest", "shield", "letter", "letter"]})
    events = resolve_phase(state, {1: strike(state, 1, 0)})
    assert keys(state.seats[0].discard) == ["vest", "shield"]
    assert keys(state.seats[0].sleeve) == ["vest"] and state.seats[0].masochist_copies == 1
    assert state.seats[0].sleeve[0].id not in {c.id for c in state.seats[0].discard}  # a new card
    lines = {line["message"]: line["params"] for line in one(events, 0, "mafia-result-hand")["lines"]["lines"]}
    assert lines["mafia-line-gained"]["cards"] == [{"term": "mafia-card-vest"}]
    next_phase(state)
    state.seats[2].hand.insert(0, state.new_card("knuckles"))
    resolve_phase(state, {2: Order(hand=play(state, 2, "knuckles", 0))})
    assert keys(state.seats[0].sleeve) == ["vest"]  # only the first


def test_magicians_copy_replaces_the_draw_and_is_discarded_last() -> None:
    state = table(number=2, roles={0: "magician"}, hands={0: ["strike", "vest", "shield"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1, trick=True)), 2: strike(state, 2, 0)})
    assert keys(state.seats[0].hand) == ["strike"]  # the copy: vest and shield went first
    assert keys(state.seats[0].discard) == ["strike", "vest", "shield"]
    assert len(state.seats[0].deck) == 6  # no replacement draw
    assert state.seats[0].magician_uses == 1
    assert damage(events) == {0: 2, 1: 2}  # the original Strike worked


def test_banker_gets_three_armor_the_first_time_he_plays_a_card_with_a_cost() -> None:
    state = table(number=2, roles={0: "banker"}, hands={0: ["ambush", "letter", "letter", "letter"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "ambush", 1, paid=["letter"])), 2: strike(state, 2, 0)})
    assert state.seats[0].armor == 3 and state.seats[0].banker_used
    assert keys(state.seats[0].hand) == ["letter", "letter", "rest"]
    next_phase(state)
    state.seats[0].hand.insert(0, state.new_card("healing"))
    state.seats[2].hand.insert(0, state.new_card("knuckles"))
    resolve_phase(state, {0: Order(hand=play(state, 0, "healing", 1, paid=["letter"])),
                          2: Order(hand=play(state, 2, "knuckles", 0))})
    assert state.seats[0].armor == 0  # only the first time


def test_croupier_discards_one_card_and_draws_one_once_per_game_by_day() -> None:
    state = table(phase="day", roles={0: "croupier"}, hands={0: ["vest", "letter"]}, decks={0: ["search", "rest"]})
    resolve_phase(state, {0: Order(croupier=card_id(state, 0, "vest"))})
    assert keys(state.seats[0].hand) == ["letter", "search"] and keys(state.seats[0].discard) == ["vest"]
    assert state.seats[0].croupier_uses == 1
    state.number = 2
    events = resolve_phase(state, {0: Order(croupier=card_id(state, 0, "letter"))})
    assert keys(state.seats[0].hand) == ["letter", "search"]  # used up
    assert one(events, 0, "mafia-result-dropped") == {"what": "croupier"}


def test_sociopath_cannot_be_targeted_on_night_one_and_day_one() -> None:
    state = table(roles={0: "sociopath"})
    order = strike(state, 1, 0)
    events = resolve_phase(state, {1: order, 7: Order(kill=0), 8: Order(kill=0)})
    assert damage(events) == {} and len(state.seats[0].hand) == 5
    assert one(events, 1, "mafia-result-dropped-card") == {"card": {"term": "mafia-card-strike"}}
    assert keys(state.seats[1].hand)[0] == "strike"  # not played, so still in hand
    state = table(number=2, roles={0: "sociopath"})
    events = resolve_phase(state, {1: strike(state, 1, 0)})
    assert damage(events) == {0: 2}


def test_monk_draws_one_at_the_end_of_a_day_with_one_or_two_cards() -> None:
    state = table(phase="day", roles={0: "monk", 1: "monk"}, hands={0: ["letter", "letter"], 1: ["letter"] * 3},
                  decks={0: ["vest", "rest"]})
    resolve_phase(state)
    assert keys(state.seats[0].hand) == ["letter", "letter", "vest"]
    assert len(state.seats[1].hand) == 3
    next_phase(state)
    state.seats[0].hand = state.seats[0].hand[:1]
    resolve_phase(state)
    assert len(state.seats[0].hand) == 1  # not at night


def test_child_has_one_armor_every_night() -> None:
    state = table(roles={0: "child"})
    resolve_phase(state, {1: strike(state, 1, 0)})
    assert state.seats[0].armor == 1 and len(state.seats[0].hand) == 4
    next_phase(state)
    resolve_phase(state)
    assert state.seats[0].armor == 0


def test_journalist_plays_a_sleeve_card_as_a_question() -> None:
    state = table(roles={0: "journalist"}, sleeves={0: ["arson"]}, hands={1: ["strike", "vest"]})
    events = resolve_phase(state, {0: Order(sleeve=play(state, 0, "arson", 1, where="sleeve", as_question=True))})
    assert colour_counts(one(events, 0, "mafia-result-question")["colours"]) == {"attack": 1, "support": 1}
    assert damage(events) == {} and state.seats[0].sleeve == []  # no Arson, and the Question's cost 0


def test_journalist_in_the_mafia_takes_a_question_on_the_kills_victim_when_he_boosts() -> None:
    state = table(number=2, roles={7: "journalist"}, hands={3: ["strike", "vest", "search", "letter", "letter",
                                                               "letter", "letter", "letter", "letter"]})
    boost = [card_id(state, 7, "letter")]
    events = resolve_phase(state, {7: Order(kill=3, boost=boost, boost_question=True), 8: Order(kill=3)})
    result = one(events, 7, "mafia-result-question")
    assert result["player"] == {"seat": 3}
    assert colour_counts(result["colours"]) == {"attack": 1, "support": 1, "information": 7}
    assert damage(events) == {3: 5}  # 3 + 2 for the boost
    assert len(state.seats[7].hand) == 4 and private(events, 8, "mafia-result-question") == []
