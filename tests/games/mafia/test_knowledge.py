"""What each seat learns in secret is kept in the state (`MafiaState.knowledge`, games.mafia.knowledge):
information cards' results, the Killer's check, the mafia's Night-1 snapshot and public Denunciations.
It is that seat's alone — no public view or event carries it — it survives save and load, and the dead
learn nothing (their results are never delivered)."""

from __future__ import annotations

import json

from games.core.rng import derived
from games.mafia import ENGINE
from games.mafia.order import Order
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import night_one
from tests.games.mafia.scenario import play, resolve_phase, table

# the default table: seats 0–6 law, 7 the Boss, 8 the Killer, 9 the Advisor


def test_a_dossier_teaches_its_player_the_targets_faction() -> None:
    state = table(hands={0: ["dossier", "letter", "letter", "letter"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "dossier", 8, paid=["letter", "letter"]))})
    known = state.knowledge[0]
    assert known.faction_of(8) == "mafia"
    assert known.facts[-1].source == "dossier" and known.facts[-1].phase == 1


def test_a_question_teaches_the_colours_of_the_hand_counted_invisible_cards_included() -> None:
    state = table(hands={0: ["question", "letter"], 9: ["vest", "shield", "strike"]})
    state.seats[9].hand[0].invisible = True
    resolve_phase(state, {0: Order(hand=play(state, 0, "question", 9))})
    fact = state.knowledge[0].about(9)[-1]
    assert fact.source == "question"
    assert fact.colours == {"attack": 1, "support": 2}
    assert fact.faction is None  # colours are evidence, not certainty


def test_a_search_teaches_the_hand_and_sleeve() -> None:
    state = table(hands={0: ["search", "letter", "letter"]}, sleeves={8: ["bullet"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "search", 8, paid=["letter"]))})
    fact = state.knowledge[0].about(8)[-1]
    assert fact.source == "search"
    assert sorted(fact.cards) == sorted(["letter"] * 5 + ["bullet"])


def test_the_tracker_on_the_kills_victim_names_the_mafia_who_voted_for_it() -> None:
    state = table(hands={0: ["tracker", "letter"]})
    orders = {0: Order(hand=play(state, 0, "tracker", 3)), 7: Order(kill=3), 8: Order(kill=3), 9: Order(kill=4)}
    resolve_phase(state, orders)
    known = state.knowledge[0]
    assert known.faction_of(7) == "mafia" and known.faction_of(8) == "mafia"
    assert known.faction_of(9) is None  # he voted for someone else: the Tracker on 3 does not see him


def test_a_denunciation_is_learned_by_everyone_alive_from_the_visible_cards() -> None:
    state = table(phase="day", hands={0: ["denunciation", "letter", "letter"], 9: ["vest", "shield", "strike"]})
    state.seats[9].hand[2].invisible = True
    resolve_phase(state, {0: Order(hand=play(state, 0, "denunciation", 9, paid=["letter"]))})
    for number in range(9):
        fact = state.knowledge[number].about(9)[-1]
        assert (fact.source, fact.colours) == ("denunciation", {"support": 2})
    assert 9 not in state.knowledge  # he learns nothing new about himself


def test_after_a_beating_everyone_alive_learns_the_colour_of_the_card_he_played_that_night() -> None:
    state = table(hands={3: ["vest", "letter", "letter"]})
    state.beaten = 3
    resolve_phase(state, {3: Order(hand=play(state, 3, "vest"))})
    for number in (0, 7, 9):
        fact = state.knowledge[number].about(3)[-1]
        assert (fact.source, fact.colours) == ("beating", {"support": 1})


def test_the_dead_learn_nothing_from_the_phase_they_die_in() -> None:
    state = table(hands={0: ["question"], 8: ["ambush", "letter", "letter"]})
    orders = {0: Order(hand=play(state, 0, "question", 9)),
              8: Order(hand=play(state, 8, "ambush", 0, paid=["letter"]))}
    resolve_phase(state, orders)
    assert not state.seats[0].alive
    assert 0 not in state.knowledge


def test_the_killers_check_is_remembered_as_a_success_or_not() -> None:
    state = table(hands={3: ["strike", "strike", "vest"]})
    resolve_phase(state, {8: Order(check=3, check_names=["strike", "strike", "shield"])})
    fact = state.knowledge[8].about(3)[-1]
    assert (fact.source, fact.success) == ("check", True)


def test_at_night_one_each_mafia_member_knows_the_others_roles_and_hands() -> None:
    state = night_one()
    mafia = state.mafia_seats()
    for member in mafia:
        known = state.knowledge[member]
        for other in mafia:
            if other == member:
                continue
            snapshot = known.about(other)[0]
            assert snapshot.source == "snapshot" and snapshot.faction == "mafia"
            assert snapshot.role == state.seats[other].secret_role
            assert sorted(snapshot.cards) == sorted(c.key for c in state.seats[other].hand)
    assert not any(n in state.knowledge for n in state.living() if not state.seats[n].mafia)


def played_game(seed: int, players: int = 10) -> list[MafiaState]:
    """Every fifth state of a bot game (normal bots) and its last."""
    state, _ = ENGINE.setup(players, None, seed)
    states = [state]
    step = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, derived(seed, "t", step)))
        step += 1
        if step % 5 == 0:
            states.append(state)
    return [*states, state]


def test_a_seats_knowledge_survives_save_and_load() -> None:
    states = played_game(2)
    learned = [s for s in states if any(k.facts for k in s.knowledge.values())]
    assert learned
    for state in learned[:: max(1, len(learned) // 8)]:
        again = ENGINE.load(ENGINE.dump(state))
        assert again.knowledge == state.knowledge
    # a game saved before knowledge existed loads with none
    old = json.loads(ENGINE.dump(learned[0]))
    del old["knowledge"]
    assert ENGINE.load(json.dumps(old)).knowledge == {}


def test_no_view_and_no_event_carries_the_record_of_what_a_seat_learned() -> None:
    state, events = ENGINE.setup(10, None, 4)
    step = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        state, caused = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, derived(4, "t", step)))
        step += 1
        events.extend(caused)
        if step % 25 == 0 and state.knowledge:
            assert "knowledge" not in json.dumps(ENGINE.view(state, None))
            for number in range(state.players):
                assert "knowledge" not in json.dumps(ENGINE.view(state, number))
    assert not any("knowledge" in json.dumps(e.params) or "facts" in e.params for e in events)
