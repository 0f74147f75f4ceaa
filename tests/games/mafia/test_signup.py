"""Sign-up and set-up: the table size, the house rules, join data, public roles first come first
served, secret roles, the Student rule."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.core import IllegalAction
from games.mafia import ENGINE
from games.mafia.options import Options
from games.mafia.roles import load_roles
from tests.games.mafia.helpers import role, start, wish


def join_refusal(data: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.parse_join(None, data)
    return caught.value.refusal.key


def test_ten_to_twelve_players_by_default() -> None:
    for players in (10, 11, 12):
        state, events = start(players)
        assert len(state.seats) == players
        assert "mafia-event-untested-size" not in [e.key for e in events]
    for players in (9, 13):
        with pytest.raises(IllegalAction) as caught:
            start(players)
        assert caught.value.refusal.key == "mafia-error-players"
        assert caught.value.refusal.params == {"count": players, "min": 10, "max": 12}


def test_a_moderator_may_allow_8_to_14_with_the_untested_balance_warning() -> None:
    for players in (8, 14):
        state, events = start(players, allow_untested_size=True)
        assert len(state.seats) == players
        warning = next(e for e in events if e.key == "mafia-event-untested-size")
        assert warning.public and warning.params == {"players": players}
    for players in (7, 15):
        with pytest.raises(IllegalAction):
            start(players, allow_untested_size=True)


def test_pace_sets_the_pages_deadlines_and_an_explicit_one_wins() -> None:
    live = Options()
    assert (live.night_seconds, live.day_seconds, live.draft_seconds) == (15 * 60, 20 * 60, 3 * 60)
    forum = Options(pace="forum")
    assert (forum.night_seconds, forum.day_seconds, forum.draft_seconds) == (12 * 3600, 24 * 3600, 2 * 3600)
    assert Options(pace="forum", draft_seconds=600).draft_seconds == 600
    assert Options.model_validate_json(forum.model_dump_json()) == forum
    assert live.end_when_all_done and live.mode == "open"
    state, _ = start(mode="anonymous", pace="forum")
    assert ENGINE.deadline_seconds(state, "draft") == 2 * 3600


def test_a_bad_house_rule_is_refused() -> None:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.parse_options({"mode": "secret"})
    assert caught.value.refusal.key == "error-bad-option"


def test_join_data_is_checked_with_specific_reasons() -> None:
    assert ENGINE.parse_join(None, {}) == {}
    assert ENGINE.parse_join(None, wish("hero", "alien")) == {"role": "hero", "spare": "alien", "consent": True}
    assert ENGINE.parse_join(None, wish("student", colour="attack"))["colour"] == "attack"
    assert join_refusal(wish("wizard")) == "mafia-error-unknown-role"
    assert join_refusal(wish("hero", "wizard")) == "mafia-error-unknown-role"
    assert join_refusal(wish("hero", "hero")) == "mafia-error-spare-same"
    assert join_refusal(wish("student")) == "mafia-error-student-colour"
    assert join_refusal(wish("hero", "student")) == "mafia-error-student-colour"
    assert join_refusal(wish("hero", colour="attack")) == "mafia-error-colour-not-student"
    assert join_refusal({"role": "hero"}) == "mafia-error-consent"
    assert join_refusal({"role": "hero", "consent": False}) == "mafia-error-consent"
    assert join_refusal({"consent": False}) == "mafia-error-consent"
    assert join_refusal(wish("student", colour="purple")) == "error-bad-join"
    assert join_refusal({"buy_in": 100}) == "error-join-field"


def test_public_roles_first_come_first_served_then_the_spare() -> None:
    joins = [wish("hero", "alien"), wish("hero", "alien"), wish("hero", "alien"), wish("monk", "hero")]
    state, events = start(joins=joins)
    roles = [s.public_role for s in state.seats]
    assert roles[:4] == ["hero", "alien", roles[2], "monk"]
    assert roles[2] not in ("hero", "alien")  # both taken: a random free role
    assert len(set(roles)) == 10
    public = next(e for e in events if e.key == "mafia-event-public-roles")
    assert public.public and len(public.params["roles"]["lines"]) == 10


def test_a_spare_is_taken_at_sign_up_so_a_later_wish_for_it_is_too_late() -> None:
    joins = [wish("hero"), wish("hero", "monk"), wish("monk", "alien")]
    state, _ = start(joins=joins)
    assert [s.public_role for s in state.seats[:3]] == ["hero", "monk", "alien"]


def test_seats_without_wishes_get_random_free_roles_from_the_seed() -> None:
    seen: Counter[str] = Counter()
    for seed in range(60):
        state, _ = start(seed=seed, joins=[wish("hero")])
        roles = [s.public_role for s in state.seats]
        assert roles[0] == "hero" and len(set(roles)) == 10
        seen.update(roles[1:])
    assert set(seen) == set(load_roles().public_keys()) - {"hero"}
    assert [s.public_role for s in start(seed=5)[0].seats] == [s.public_role for s in start(seed=5)[0].seats]


def test_three_mafia_with_the_three_roles_and_their_colours() -> None:
    for seed in range(30):
        state, events = start(seed=seed)
        mafia = [s for s in state.seats if s.faction == "mafia"]
        assert sorted((s.secret_role, s.colour) for s in mafia) == [
            ("advisor", "support"), ("boss", "information"), ("killer", "attack")
        ]
        assert all(s.secret_role == "law" and s.colour is None for s in state.seats if s.faction == "law")
        for number, player in enumerate(state.seats):
            told = [e for e in events if e.to == [number] and e.key.startswith("mafia-event-your-role")]
            assert len(told) == 1
            assert told[0].key == f"mafia-event-your-role-{player.faction}"


def test_the_mafia_is_dealt_at_random() -> None:
    seats: Counter[int] = Counter()
    for seed in range(300):
        state, _ = start(seed=seed)
        seats.update(state.mafia_seats())
    # each of 10 seats is mafia with probability 3/10: 90 of 300, sd ≈ 7.9
    assert all(60 <= seats[n] <= 120 for n in range(10)), seats


def test_a_student_dealt_a_mafia_role_gets_the_mafia_role_of_his_colour() -> None:
    mafia_students: Counter[str] = Counter()
    for colour, mafia_role in (("attack", "killer"), ("support", "advisor"), ("information", "boss")):
        for seed in range(120):
            state, events = start(seed=seed, joins=[wish("student", colour=colour)])
            student = state.seats[role(state, "student")]
            assert student.student_colour == colour
            told = next(e for e in events if e.key == "mafia-event-student-colour")
            assert told.to == [0]
            if student.faction == "mafia":
                mafia_students[colour] += 1
                assert student.secret_role == mafia_role and student.colour == colour
    assert all(mafia_students[c] > 10 for c in ("attack", "support", "information"))


def test_a_student_who_named_no_colour_gets_a_random_one() -> None:
    colours = set()
    for seed in range(40):
        state, _ = start(seed=seed, joins=[{}] * 10)
        number = state.seat_of("student")
        if number is not None:
            colours.add(state.seats[number].student_colour)
    assert colours == {"attack", "support", "information"}
