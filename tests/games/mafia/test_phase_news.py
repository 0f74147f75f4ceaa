"""What the end of a phase tells in private beyond the cards' own results (issue 36 §3):

- a character who dies is told what hit him — every source of damage, the damage dealt and his armor,
  what was discarded, and why he died — as a day's veche line tells everyone; «☠ You died.» alone
  left a night's victim guessing;
- the mafia are told what their kill did: whom it went to (a tie is broken at random), how much damage
  it dealt and the victim's armor that night, or that nobody got a vote.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import reading_as, render
from games.core import Event
from games.mafia.order import Order
from tests.games.mafia.scenario import one, play, private, resolve_phase, table

BOSS, KILLER, ADVISOR = 7, 8, 9


def lines(event: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(line["message"], line["params"]) for line in event["lines"]["lines"]]


def read(events: list[Event], number: int, key: str, language: str = "en") -> str:
    event = next(e for e in events if e.key == key and e.to == [number])
    return render(language, event.key, event.params, reading_as(lambda n: f"P{n}", number))


def test_a_character_killed_at_night_is_told_what_hit_him() -> None:
    state = table(hands={0: ["strike", "letter"], 1: ["letter", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1)), KILLER: Order(kill=1)})
    assert not state.seats[1].alive
    death = one(events, 1, "mafia-result-death")
    assert lines(death) == [
        ("mafia-line-hits", {"sources": [
            {"message": "mafia-hit", "params": {"source": {"term": "mafia-card-strike"}, "amount": 2}},
            {"message": "mafia-hit", "params": {"source": {"message": "mafia-hit-kill", "params": {}}, "amount": 3}},
        ]}),
        ("mafia-line-dealt", {"amount": 5, "armor": 0}),
        ("mafia-line-discarded", {"cards": [{"term": "mafia-card-letter"}] * 2, "count": 2}),
        ("mafia-line-died", {"why": "empty", "count": 0}),
    ]
    assert read(events, 1, "mafia-result-death") == (
        "☠ What happened to you this phase:\n"
        "What hit you: Strike (2), the mafia's kill (3).\n"
        "Damage dealt to you: 5; your armor: 0.\n"
        "Discarded to damage: Letter, Letter.\n"
        "No card is left in your hand: you die."
    )
    assert read(events, 1, "mafia-result-death", "ru") == (
        "☠ Что с вами случилось в эту фазу:\n"
        "Урон по вам: Удар — 2, способность мафии — 3.\n"
        "Вы получили 5 урона; ваша броня: 0.\n"
        "Сброшено из-за урона: Письмо, Письмо.\n"
        "В Руке не осталось карт — вы погибаете."
    )
    assert private(events, 1, "mafia-result-hand") == [], "the dead get no hand summary"


def test_a_character_killed_by_day_is_told_the_veche_hit_him() -> None:
    state = table(phase="day", hands={1: ["letter"] * 3})
    events = resolve_phase(state, {n: Order(veche=1, veche_kind="execution") for n in (2, 3, 4)})
    assert not state.seats[1].alive
    hits, *_ = lines(one(events, 1, "mafia-result-death"))
    assert hits == ("mafia-line-hits", {"sources": [
        {"message": "mafia-hit", "params": {"source": {"message": "mafia-hit-veche", "params": {}}, "amount": 6}}]})


def test_a_character_who_pays_his_last_cards_is_told_so() -> None:
    state = table(hands={0: ["letter", "letter"], 1: ["letter"] * 7}, sleeves={0: ["arson"]})
    events = resolve_phase(state, {0: Order(sleeve=play(state, 0, "arson", 1, where="sleeve",
                                                        paid=["letter", "letter"]))})
    assert lines(one(events, 0, "mafia-result-death")) == [("mafia-line-died", {"why": "empty", "count": 0})]


def test_the_living_are_not_told_where_their_damage_came_from() -> None:
    """A survivor learns his damage, as before; its sources would tell him the mafia chose him."""
    state = table(hands={1: ["letter"] * 6})
    events = resolve_phase(state, {KILLER: Order(kill=1)})
    assert state.seats[1].alive
    first, _ = lines(one(events, 1, "mafia-result-hand"))[0]
    assert first == "mafia-line-dealt"
    assert private(events, 1, "mafia-result-death") == []


def test_the_mafia_are_told_whom_their_kill_hit_its_damage_and_the_victims_armor() -> None:
    state = table(hands={1: ["vest"] + ["letter"] * 5})
    events = resolve_phase(state, {1: Order(hand=play(state, 1, "vest")), KILLER: Order(kill=1),
                                   BOSS: Order(kill=1)})
    for member in (BOSS, KILLER, ADVISOR):
        assert one(events, member, "mafia-result-kill") == {
            "victim": {"seat": 1}, "voted": "yes", "tie": "no", "damage": 3, "capped": "no", "armor": 3}
    assert one(events, 1, "mafia-result-hand"), "the victim survived the kill"
    assert private(events, 1, "mafia-result-kill") == [], "only the mafia"
    assert read(events, BOSS, "mafia-result-kill") == "🔪 The mafia's kill went to P1: 3 damage; P1's armor: 3."
    assert read(events, BOSS, "mafia-result-kill", "ru") == "🔪 Способность мафии: цель — P1, урон 3; броня цели: 3."


def test_the_mafia_are_told_when_nobody_got_a_vote() -> None:
    state = table()
    events = resolve_phase(state, {})
    assert one(events, ADVISOR, "mafia-result-kill") == {
        "victim": "", "voted": "no", "tie": "no", "damage": 0, "capped": "no", "armor": 0}
    assert read(events, ADVISOR, "mafia-result-kill", "ru") == (
        "🔪 Способность мафии: голосов не было — урона никто не получил.")


def test_the_first_nights_cap_and_a_random_tie_are_said() -> None:
    state = table(hands={n: ["letter"] * 6 for n in range(7)}, sleeves={n: ["letter"] * 2 for n in (7, 8, 9)})
    state.roles = state.roles.model_copy(update={"mafia": tuple(
        role.model_copy(update={"values": {**role.values, "kill_votes": 1}}) for role in state.roles.mafia)})
    events = resolve_phase(state, {
        BOSS: Order(kill=1, boost=[state.seats[BOSS].sleeve[0].id]),
        KILLER: Order(kill=2, boost=[state.seats[KILLER].sleeve[0].id]),
    })
    told = one(events, BOSS, "mafia-result-kill")
    assert told["tie"] == "yes" and told["damage"] == 7 and told["capped"] == "yes"
    assert read(events, BOSS, "mafia-result-kill", "en").endswith(
        "7 damage (on Night 1 nobody takes more than 5); "
        f"P{told['victim']['seat']}'s armor: 0. The vote was tied: the lot decided.")


def test_dead_mafia_members_are_told_nothing() -> None:
    state = table(dead=[BOSS], hands={1: ["letter"] * 6})
    events = resolve_phase(state, {KILLER: Order(kill=1)})
    assert private(events, BOSS, "mafia-result-kill") == []
    assert one(events, KILLER, "mafia-result-kill")["damage"] == 5, "3, and 2 for the dead member"
