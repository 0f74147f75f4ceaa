"""Bots that remember what their seat learned ("normal" level; games.mafia.bot_memory) and act on it:
law votes out and attacks the characters it knows are mafia, protects those it knows are law, judges
votes and aims by whom they went against, and puts its Tracker where the kill will likely fall; the
mafia agrees on one victim; "easy" bots remember nothing (their orders ignore the record)."""

from __future__ import annotations

from games.mafia import bot_memory
from games.mafia.bot_orders import plan
from games.mafia.bot_view import opening
from games.mafia.knowledge import Fact
from games.mafia.learning import record
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import day_one, hold, law, night_one, reopen


def a_mafia_member_to_accuse(state: MafiaState) -> int:
    """A living member the veche and cards may target (not the Sociopath, protected on Night 1 and Day 1)."""
    return next(n for n in state.mafia_seats() if state.seats[n].public_role != "sociopath")


def learns(state: MafiaState, seat: int, about: int, faction: str) -> None:
    record(state, seat, Fact(phase=state.phase_index, source="dossier", about=about, faction=faction))


def test_a_law_bot_that_learned_x_is_mafia_votes_for_x_at_the_veche_for_execution() -> None:
    state = day_one()
    member = a_mafia_member_to_accuse(state)
    voter = law(state)
    learns(state, voter, member, "mafia")
    assert plan(state, voter, level="normal")["veche"] == [str(member), "execution"]


def test_a_law_bot_attacks_by_night_the_character_it_knows_is_mafia() -> None:
    state = night_one()
    member = a_mafia_member_to_accuse(state)
    attacker = law(state)
    hold(state, attacker, hand=("strike", "vest", "rest", "rest", "rest"))
    reopen(state)
    learns(state, attacker, member, "mafia")
    hand = plan(state, attacker, level="normal")["hand"]
    assert hand[1] == str(member)  # the Strike's target


def test_a_law_bot_shields_the_character_it_knows_is_law() -> None:
    state = night_one()
    guard = law(state)
    friend = law(state, guard)
    hold(state, guard, hand=("shield", "letter", "letter", "letter", "letter"))
    reopen(state)
    learns(state, guard, friend, "law")
    hand = plan(state, guard, level="normal")["hand"]
    assert hand[:2] == [next(str(c.id) for c in state.seats[guard].hand if c.key == "shield"), str(friend)]


def test_a_hand_of_the_mafia_colours_looks_mafia_and_a_mixed_one_law() -> None:
    state = night_one()
    looker = law(state)
    one_colour, mixed = law(state, looker), law(state, looker, law(state, looker))
    record(state, looker, Fact(phase=1, source="question", about=one_colour, colours={"attack": 5, "support": 1}))
    record(state, looker, Fact(phase=1, source="question", about=mixed,
                               colours={"attack": 2, "support": 2, "information": 2}))
    beliefs = bot_memory.beliefs(state, looker)
    assert beliefs[one_colour] > 0 > beliefs[mixed]


def test_mafia_bots_all_vote_the_same_kill_target_outside_the_mafia() -> None:
    state = night_one()
    kills = {plan(state, n, level="normal").get("kill", ["none"])[0] for n in state.mafia_seats()}
    assert len(kills) == 1
    (target,) = kills
    assert target.isdigit() and not state.seats[int(target)].mafia


def test_mafia_bots_never_vote_each_other_out_even_when_the_law_suspects_them() -> None:
    state = day_one()
    for member in state.mafia_seats():
        state.counts[member] = 9  # the law's prime suspects
    for member in state.mafia_seats():
        veche = plan(state, member, level="normal").get("veche")
        assert veche is None or not state.seats[int(veche[0])].mafia


def test_easy_bots_remember_nothing() -> None:
    state = day_one()
    member = a_mafia_member_to_accuse(state)
    voter = law(state)
    before = plan(state, voter, level="easy")
    learns(state, voter, member, "mafia")
    assert plan(state, voter, level="easy") == before


def overheard(state: MafiaState, seat: int, voter: int, target: int, kind: str) -> None:
    record(state, seat, Fact(phase=state.phase_index, source="eavesdrop", about=voter, vote=target, vote_kind=kind))


def test_a_law_bot_that_overheard_a_vote_to_execute_itself_suspects_the_voter() -> None:
    state = day_one()
    listener = law(state)
    voter = law(state, listener)
    overheard(state, listener, voter, listener, "execution")
    assert bot_memory.beliefs(state, listener)[voter] > 0  # it knows it is law itself


def test_a_vote_to_execute_a_character_whose_hand_looked_lawful_looks_mafia() -> None:
    state = day_one()
    listener = law(state)
    cleared = law(state, listener)
    voter = law(state, listener, cleared)
    record(state, listener, Fact(phase=1, source="question", about=cleared,
                                 colours={"attack": 2, "support": 2, "information": 2}))
    assert bot_memory.beliefs(state, listener)[cleared] <= -bot_memory.CLEARED_LAW
    overheard(state, listener, voter, cleared, "execution")
    assert bot_memory.beliefs(state, listener)[voter] > 0


def test_a_law_bot_puts_its_tracker_on_the_kills_likeliest_victim() -> None:
    # The kill never hits its own and spares the law character the table suspects most: the Tracker
    # passes over the two the table suspects most and goes on the one with most cards after them.
    state = night_one()
    tracker = law(state)
    hold(state, tracker, hand=("tracker", "letter", "letter", "letter", "letter"))
    others = [n for n in state.living() if n != tracker and state.seats[n].public_role != "sociopath"]
    first, second, victim = others[:3]
    for n in others:
        state.counts[n] = opening(state, n) - 1
    state.counts[first], state.counts[second] = opening(state, first) + 4, opening(state, second) + 3
    state.counts[victim] = opening(state, victim) + 2
    reopen(state)
    hand = plan(state, tracker, level="normal")["hand"]
    assert hand[:2] == [next(str(c.id) for c in state.seats[tracker].hand if c.key == "tracker"), str(victim)]
