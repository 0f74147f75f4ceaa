"""How the steps of the resolution meet (rules page, "Order of resolution at the end of a phase"):
costs before cancelling, cards changing hands before information, damage before draws, draws
before deaths, and the votes, the artifact and victory around them."""

from __future__ import annotations

import random
import time

from games.core import Event, Rng
from games.mafia.order import CardPlay, Order
from games.mafia.resolution import resolve
from games.mafia.state import MafiaState
from tests.games.mafia.scenario import (
    card_id,
    damage,
    deaths,
    keys,
    next_phase,
    one,
    play,
    private,
    public,
    report,
    resolve_phase,
    table,
)


def hand_lines(events: list[Event], number: int) -> dict[str, dict[str, object]]:
    return {line["message"]: line["params"] for line in one(events, number, "mafia-result-hand")["lines"]["lines"]}


def test_a_sabotaged_card_with_a_cost_still_costs_its_cards() -> None:
    state = table(hands={0: ["sabotage", "letter", "vest"], 1: ["ambush", "letter", "search"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "sabotage", 1, paid=["letter"])),
        1: Order(hand=play(state, 1, "ambush", 2, paid=["letter"])),
    })
    assert damage(events) == {}
    assert keys(state.seats[1].discard) == ["letter", "ambush"]
    assert keys(state.seats[1].hand) == ["search", "rest"]  # 3 − 2 + the replacement draw
    assert keys(state.seats[0].hand) == ["vest", "rest"]


def test_two_sabotages_at_each_other_both_mark() -> None:
    state = table(hands={0: ["sabotage", "letter", "vest"], 1: ["sabotage", "letter", "vest"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "sabotage", 1, paid=["letter"])),
        1: Order(hand=play(state, 1, "sabotage", 0, paid=["letter"])),
    })
    assert one(events, 0, "mafia-result-sabotaged") == {"card": {"term": "mafia-card-sabotage"}}
    assert one(events, 1, "mafia-result-sabotaged") == {"card": {"term": "mafia-card-sabotage"}}


def test_the_killers_check_looks_at_the_hand_after_a_robbery() -> None:
    def night(robbed: bool) -> tuple[MafiaState, list[Event]]:
        state = table(hands={1: ["strike", "vest"], 0: ["robbery", "letter", "letter"]})
        orders = {
            1: Order(hand=play(state, 1, "vest")),  # his hand after step 1: the Strike alone
            8: Order(check=1, check_names=["strike", "letter"]),  # 2 names for 2 cards: 1 must be there
        }
        if robbed:
            orders[0] = Order(hand=play(state, 0, "robbery", 1, paid=["letter"]))
        return state, resolve_phase(state, orders)

    state, events = night(robbed=False)
    assert one(events, 8, "mafia-result-check")["success"] == "yes"
    assert keys(state.seats[8].sleeve) == ["bullet", "bullet"] and state.seats[8].checked == [1]
    state, events = night(robbed=True)
    assert keys(state.seats[0].sleeve) == ["strike"]  # his only hand card
    assert one(events, 8, "mafia-result-check")["success"] == "no"
    assert state.seats[8].sleeve == [] and state.seats[8].checked == [1]


def test_the_killers_check_counts_names_as_a_multiset() -> None:
    state = table(hands={1: ["strike", "vest", "letter"]})
    events = resolve_phase(state, {8: Order(check=1, check_names=["strike", "strike", "vest"])})
    assert one(events, 8, "mafia-result-check") == {
        "player": {"seat": 1}, "success": "yes", "card": {"term": "mafia-card-bullet"}, "count": 2,
    }
    assert keys(state.seats[8].sleeve) == ["bullet", "bullet"]
    state = table(hands={1: ["strike", "letter", "letter"]})
    events = resolve_phase(state, {8: Order(check=1, check_names=["strike", "strike", "vest"])})
    assert one(events, 8, "mafia-result-check")["success"] == "no"  # one Strike matches one name only
    assert state.seats[8].sleeve == []


def test_the_killer_never_checks_the_same_target_twice() -> None:
    state = table(hands={1: ["strike", "vest", "letter"]})
    state.seats[8].checked = [1]
    events = resolve_phase(state, {8: Order(check=1, check_names=["strike", "vest", "letter"])})
    assert one(events, 8, "mafia-result-dropped") == {"what": "check"}
    assert state.seats[8].sleeve == []


def test_bodyguard_and_riposte() -> None:
    state = table(hands={0: ["strike", "letter", "letter"], 1: ["riposte", "letter"],
                         2: ["bodyguard", "letter"] + ["letter"] * 4})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "strike", 1)),
        1: Order(hand=play(state, 1, "riposte")),
        2: Order(hand=play(state, 2, "bodyguard", 1, paid=["letter"])),
    })
    # the attacker meets the Riposte; the Bodyguard targeted the Riposte player too, and takes the Strike
    assert damage(events) == {0: 2, 2: 4}
    assert keys(state.seats[1].hand) == ["letter", "rest"]
    assert len(state.seats[2].hand) == 1  # 6 − 2 played/paid, 4 damage: 1 draw cancelled, 3 discarded


def test_bodyguards_do_not_chain() -> None:
    state = table(number=2, hands={1: ["bodyguard", "letter"] + ["letter"] * 4,
                                   2: ["bodyguard", "letter"] + ["letter"] * 4})
    state.seats[3].hand.insert(0, state.new_card("strike"))
    state.seats[4].hand.insert(0, state.new_card("ambush"))
    events = resolve_phase(state, {
        1: Order(hand=play(state, 1, "bodyguard", 0, paid=["letter"])),
        2: Order(hand=play(state, 2, "bodyguard", 1, paid=["letter"])),
        3: Order(hand=play(state, 3, "strike", 0)),
        4: Order(hand=play(state, 4, "ambush", 1, paid=["letter"])),
    })
    assert damage(events) == {1: 2, 2: 4}  # 0's Strike stops at 1; 1's own Ambush goes to 2


def test_poison_and_antidote_on_one_target_in_one_night() -> None:
    state = table(hands={0: ["poison", "letter"], 2: ["antidote", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "poison", 1)),
        2: Order(hand=play(state, 2, "antidote", 1)),
    })
    assert damage(events) == {1: 1}
    assert state.seats[1].armor == 1 and len(state.seats[1].hand) == 5 and state.seats[1].delayed == []
    next_phase(state)
    assert damage(resolve_phase(state)) == {}


def test_healing_draws_come_before_deaths() -> None:
    def night(healed: bool) -> tuple[MafiaState, list[Event]]:
        state = table(number=2, hands={0: ["strike", "letter"], 1: ["letter", "letter"],
                                       2: ["healing", "letter", "letter"]}, decks={1: ["vest", "shield", "rest"]})
        orders = {0: Order(hand=play(state, 0, "strike", 1))}
        if healed:
            orders[2] = Order(hand=play(state, 2, "healing", 1, paid=["letter"]))
        return state, resolve_phase(state, orders)

    state, events = night(healed=False)
    assert deaths(events) == [1] and not state.seats[1].alive
    state, events = night(healed=True)
    assert deaths(events) == [] and keys(state.seats[1].hand) == ["vest", "shield"]


def test_the_first_night_cap_comes_before_armor() -> None:
    state = table(hands={0: ["vest"] + ["letter"] * 5, 1: ["arson", "letter", "letter"], 2: ["strike", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "vest")),
        1: Order(hand=play(state, 1, "arson", 0, paid=["letter", "letter"])),
        2: Order(hand=play(state, 2, "strike", 0)),
    })
    assert damage(events) == {0: 5}  # 8, capped at 5
    assert hand_lines(events, 0)["mafia-line-dealt"] == {"amount": 5, "armor": 3}
    assert len(state.seats[0].hand) == 4  # 5 − 3 armor = 2: the replacement draw cancelled, 1 discarded
    assert hand_lines(events, 0)["mafia-line-cancelled"] == {"count": 1}


def test_a_beating_reveals_the_colour_of_the_next_nights_hand_card() -> None:
    state = table(phase="day", hands={1: ["letter"] * 3 + ["strike", "letter"]})
    events = resolve_phase(state, {n: Order(veche=1, veche_kind="beating") for n in (2, 3, 4)})
    assert damage(events) == {1: 2} and state.beaten == 1
    assert public(events, "mafia-veche-result")["beating"] == 3
    next_phase(state)
    events = resolve_phase(state, {1: Order(hand=play(state, 1, "strike", 0))})
    assert public(events, "mafia-beating-colour") == {"player": {"seat": 1}, "colour": {"term": "mafia-colour-attack"}}
    assert state.beaten is None


def test_the_kill_grows_with_paid_boosts_and_dead_mafia_members() -> None:
    state = table(number=2, leader=7, dead=[9], hands={0: ["letter"] * 10})
    events = resolve_phase(state, {
        7: Order(kill=0, boost=[]),  # the Leader's boost costs 0 and still counts
        8: Order(kill=0, boost=[card_id(state, 8, "letter")]),
    })
    assert damage(events) == {0: 3 + 2 * 2 + 2 * 1}
    assert len(state.seats[0].hand) == 1
    assert len(state.seats[8].hand) == 4 and len(state.seats[7].hand) == 5  # a boost is a cost: not replaced


def test_an_unpaid_boost_does_not_count() -> None:
    state = table(number=2, hands={0: ["letter"] * 10})
    events = resolve_phase(state, {7: Order(kill=0, boost=[]), 8: Order(kill=0)})
    assert damage(events) == {0: 3}
    assert one(events, 7, "mafia-result-dropped") == {"what": "boost"}


def test_the_leader_pays_one_less_for_every_card() -> None:
    state = table(leader=0, hands={0: ["ambush", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "ambush", 1))})
    assert damage(events) == {1: 4} and keys(state.seats[0].hand) == ["letter", "rest"]


def test_damage_first_cancels_replacement_draws() -> None:
    state = table(number=2, hands={0: ["strike", "vest", "shield", "letter"], 2: ["strike", "letter"],
                                   3: ["poison", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "strike", 1)),
        2: Order(hand=play(state, 2, "strike", 0)),
        3: Order(hand=play(state, 3, "poison", 0)),
    })
    assert damage(events)[0] == 3
    assert keys(state.seats[0].hand) == ["letter"] and keys(state.seats[0].discard) == ["strike", "vest", "shield"]
    assert len(state.seats[0].deck) == 6
    assert hand_lines(events, 0)["mafia-line-cancelled"] == {"count": 1}


def test_cards_put_under_the_deck_are_replaced_and_damage_cancels_those_draws_too() -> None:
    state = table(hands={0: ["vest", "shield", "letter"], 2: ["strike", "letter"]}, decks={0: ["search"]})
    resolve_phase(state, {
        0: Order(under=[card_id(state, 0, "shield"), card_id(state, 0, "vest")]),
        2: Order(hand=play(state, 2, "strike", 0)),
    })
    assert keys(state.seats[0].hand) == ["letter"]  # 2 damage cancelled both draws
    assert keys(state.seats[0].deck) == ["search", "shield", "vest"]  # at the bottom, in the order given


def test_a_character_with_no_card_in_hand_dies() -> None:
    state = table(hands={1: ["letter", "letter"]})
    state.seats[0].hand.insert(0, state.new_card("strike"))
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1))})
    assert deaths(events) == [1]
    assert not state.seats[1].alive and state.seats[1].died_in == 1
    assert public(events, "mafia-event-phase-report")["dead"] == [{"seat": 1}]
    assert 1 not in state.counts and private(events, 1, "mafia-result-hand") == []  # the dead get nothing


def test_costs_can_kill() -> None:
    state = table(hands={0: ["letter", "letter"], 1: ["letter"] * 7}, sleeves={0: ["arson"]})
    events = resolve_phase(state, {0: Order(sleeve=play(state, 0, "arson", 1, where="sleeve",
                                                        paid=["letter", "letter"]))})
    assert damage(events) == {1: 5}  # Night 1
    assert deaths(events) == [0]  # two hand cards paid, a sleeve card is not replaced


def test_the_dead_get_no_results_only_what_killed_them() -> None:
    state = table(hands={0: ["question", "letter"]})
    state.seats[2].hand.insert(0, state.new_card("strike"))
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "question", 1)),
        2: Order(hand=play(state, 2, "strike", 0)),
        7: Order(kill=0),
        8: Order(kill=0),
    })
    assert deaths(events) == [0]
    assert [e.key for e in events if e.to == [0]] == ["mafia-result-death"], "not the Question's answer"


def test_an_empty_deck_is_rebuilt_from_the_shuffled_reserve() -> None:
    state = table(hands={0: ["strike", "letter"]}, decks={0: []}, reserves={0: ["vest", "shield", "search"]})
    reserve = list(state.seats[0].reserve)
    expected = Rng(seed=state.rng.seed, counter=state.rng.counter).shuffled(reserve)
    resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1))})
    assert state.seats[0].hand[1] == expected[0]
    assert state.seats[0].deck == expected[1:] and state.seats[0].reserve == []


def test_the_artifact_is_destroyed_when_its_holder_dies_and_gives_armor_every_night() -> None:
    state = table(hands={1: ["letter", "letter"], 3: ["letter", "letter"]})
    state.artifact, state.artifact_held = 3, [3]
    state.seats[0].hand.insert(0, state.new_card("strike"))
    state.seats[2].hand.insert(0, state.new_card("strike"))
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1)),
                                   2: Order(hand=play(state, 2, "strike", 3))})
    assert state.seats[3].armor == 3 and keys(state.seats[3].hand) == ["letter", "letter"]
    assert deaths(events) == [1]
    state.artifact = 1
    next_phase(state)
    resolve_phase(state)
    assert state.artifact is None  # its holder is dead


def test_the_last_mafia_member_dying_ends_the_game() -> None:
    state = table(number=2, dead=[8, 9], hands={7: ["letter"]})
    state.seats[0].hand.insert(0, state.new_card("strike"))
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 7))})
    assert state.over and state.winner == "law"
    assert [e.key for e in events if e.public][-1] == "mafia-victory-law"
    assert ("mafia-line-death", {"player": {"seat": 7}}) in report(events)


def test_divination_is_offered_for_one_phase_only() -> None:
    state = table(hands={0: ["divination", "letter"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "divination"))})
    assert len(state.seats[0].divination) == 3
    next_phase(state)
    resolve_phase(state)
    assert state.seats[0].divination == []


def test_a_twelve_player_phase_resolves_well_under_twenty_milliseconds() -> None:
    plays = ["strike", "ambush", "poison", "robbery", "sabotage", "vest", "shield", "question", "search",
             "tracker", "surveillance", "bodyguard"]
    timings = []
    for seed in range(5):
        state = table(12, mafia={9: "boss", 10: "killer", 11: "advisor"}, number=2, seed=seed,
                      hands={n: [plays[n]] + ["letter"] * 6 for n in range(12)},
                      sleeves={n: ["vest"] for n in range(12)})
        state.orders = {
            n: Order(hand=play(state, n, plays[n], None if plays[n] == "vest" else (n + 1) % 12,
                               paid=["letter"] * state.collection.card(plays[n]).cost),
                     sleeve=play(state, n, "vest", where="sleeve"), kill=0 if n >= 9 else None)
            for n in range(12)
        }
        started = time.perf_counter()
        resolve(state, [])
        timings.append(time.perf_counter() - started)
    assert min(timings) < 0.020, timings


def all_cards(state: MafiaState) -> list[int]:
    return [c.id for s in state.seats for pile in (s.hand, s.deck, s.sleeve, s.reserve, s.discard) for c in pile]


def random_orders(state: MafiaState, rng: random.Random) -> dict[int, Order]:
    """Orders of every kind, legal or not: ids from any pile, any target, any payment."""
    orders: dict[int, Order] = {}
    seats = range(len(state.seats))
    for n in state.living():
        mine = [c.id for pile in (state.seats[n].hand, state.seats[n].sleeve) for c in pile]

        def pick(k: int, mine: list[int] = mine) -> list[int]:
            return rng.sample(mine, min(k, len(mine)))

        plays = {
            where: CardPlay(card=rng.choice(mine), target=rng.choice([None, *seats]), paid=pick(rng.randint(0, 3)),
                            trick=rng.random() < 0.2, as_question=rng.random() < 0.1, text="hi")
            for where in ("hand", "sleeve") if mine and rng.random() < 0.7
        }
        orders[n] = Order(
            **plays, under=pick(rng.randint(0, 2)) if rng.random() < 0.2 else [], kill=rng.choice([None, *seats]),
            boost=pick(1) if rng.random() < 0.3 else None, boost_question=rng.random() < 0.5,
            veche=rng.choice([None, *seats]), veche_kind=rng.choice([None, "execution", "beating"]),
            leader=rng.choice([None, *seats]), check=rng.choice([None, *seats]),
            check_names=[c.key for c in state.seats[rng.randrange(len(state.seats))].hand],
            paranoid=pick(1) if rng.random() < 0.2 else [], croupier=rng.choice([None, *mine]) if mine else None,
        )
    return orders


def test_random_orders_never_lose_or_duplicate_a_card() -> None:
    collection = table().collection
    draftable = [c.key for c in collection.cards if not c.token]
    roles = ["alien", "businessman", "lazybones", "strongman", "politician", "paranoid", "avenger", "masochist",
             "magician", "banker", "croupier", "sociopath", "monk", "child", "journalist", "swindler"]
    for seed in range(40):
        rng = random.Random(seed)
        state = table(seed=seed, roles=dict(enumerate(rng.sample(roles, 10))),
                      hands={n: rng.choices(draftable, k=5) for n in range(10)},
                      decks={n: rng.choices(draftable, k=rng.randint(0, 6)) for n in range(10)},
                      sleeves={n: rng.choices([*draftable, "bullet", "fat"], k=rng.randint(0, 2)) for n in range(10)},
                      reserves={n: rng.choices(draftable, k=rng.randint(0, 4)) for n in range(10)})
        state.artifact, state.artifact_held = 0, [0]
        for _ in range(6):
            if state.over:
                break
            before = set(all_cards(state))
            created_from = state.next_card
            resolve_phase(state, random_orders(state, rng))
            after = all_cards(state)
            assert len(after) == len(set(after))  # no card in two places
            assert before <= set(after)  # nothing lost
            assert all(i > created_from for i in set(after) - before)  # only new tokens and copies
            assert state.counts == {n: state.seats[n].public_hand_count() for n in state.living()}
            assert all(s.died_in is not None for s in state.seats if not s.alive)
            next_phase(state)
