"""The mafia's bots play as one above the "easy" level (games.mafia.bot_orders, bot_view): the kill
spares the law character the table suspects most (the veche may spend itself on him), the night's
attack cards go onto the kill's victim so that the kill finishes him, and while the table is crowded
the members' veche votes go together onto the table's suspect — never onto a member. "Easy" mafia
bots play as they first did."""

from __future__ import annotations

from games.mafia.bot_orders import CROWD, plan
from games.mafia.bot_view import opening, table_suspect, victim
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import day_one, hold, night_one, reopen


def law_seats(state: MafiaState) -> list[int]:
    return [n for n in state.living() if not state.seats[n].mafia and state.seats[n].public_role != "sociopath"]


def suspected_and_strong(state: MafiaState) -> int:
    """Make one law character both the one with most cards and the one the table suspects most."""
    target = law_seats(state)[0]
    for n in state.living():
        state.counts[n] = opening(state, n)
    state.counts[target] = opening(state, target) + 3
    return target


def test_the_kill_spares_the_law_character_the_table_suspects_most() -> None:
    state = night_one()
    suspect = suspected_and_strong(state)
    assert victim(state, "easy") == suspect  # the easy mafia hits the strongest
    chosen = victim(state, "normal")
    assert chosen is not None and chosen != suspect and not state.seats[chosen].mafia


def test_every_members_night_attack_goes_onto_the_kills_victim() -> None:
    state = night_one()
    members = [n for n in state.mafia_seats() if state.seats[n].alive]
    for member in members:
        hold(state, member, hand=("strike", "letter", "letter", "letter", "letter", "letter"))
    reopen(state)
    tonight = victim(state, "normal")
    for member in members:
        hand = plan(state, member, level="normal").get("hand")
        assert hand is not None and hand[-1] == str(tonight), (member, hand)  # the target comes last


def test_in_a_crowd_the_members_vote_together_for_the_law_character_the_table_suspects_most() -> None:
    state = day_one()
    assert len(state.living()) >= CROWD
    suspect = suspected_and_strong(state)
    reopen(state)
    assert table_suspect(state, law_seats(state)) == suspect
    votes = {tuple(plan(state, n, level="normal")["veche"][:1]) for n in state.mafia_seats()}
    assert votes == {(str(suspect),)}


def test_at_a_small_table_each_member_votes_for_a_law_character_of_his_own_choice() -> None:
    state = day_one()
    law = law_seats(state)
    for n in law[: len(state.living()) - CROWD + 1]:  # the table thinned below the crowd
        state.seats[n].alive = False
    reopen(state)
    assert len(state.living()) < CROWD
    for member in state.mafia_seats():
        vote = plan(state, member, level="normal").get("veche")
        assert vote is not None and not state.seats[int(vote[0])].mafia
