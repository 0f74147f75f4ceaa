"""The sign-up questions (`join_prompt` / `join_answer`): the conditions first, then the wanted
public role and the spare (a role an earlier seat wants is marked as taken, yet can still be
wished for), the Student's colour only when the Student is wanted or the spare; and the lobby's
line about the roles wanted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.offline import play
from games.mafia import ENGINE
from games.mafia.roles import load_roles
from tests.games.mafia.helpers import start, wish

OPTIONS = ENGINE.parse_options({})


def answer_all(values: list[str], others: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for value in values:
        prompt = ENGINE.join_prompt(OPTIONS, given, others or [])
        assert prompt is not None and prompt.option(value) is not None, (values, value)
        given = ENGINE.join_answer(given, prompt, value)
    assert ENGINE.join_prompt(OPTIONS, given, others or []) is None, "nothing more is asked"
    return given


def test_the_questions_in_order_and_the_colour_only_for_the_student() -> None:
    first = ENGINE.join_prompt(OPTIONS, {}, [])
    assert first is not None and first.params["field"] == "consent"
    assert [o.value for o in first.options] == ["yes", "~none"]
    assert ENGINE.parse_join(OPTIONS, answer_all(["yes", "hero", "alien"])) == wish("hero", "alien")
    assert ENGINE.parse_join(OPTIONS, answer_all(["yes", "hero", "student", "attack"])) == wish(
        "hero", "student", "attack")
    assert ENGINE.parse_join(OPTIONS, answer_all(["yes", "~none", "~none"])) == {"consent": True}
    declined = answer_all(["~none"])
    assert declined == {"consent": False}
    roles = ENGINE.join_prompt(OPTIONS, {"consent": True}, [])
    assert roles is not None and len(roles.options) == len(load_roles().public_keys()) + 1 == 22


def test_a_role_an_earlier_seat_wants_is_marked_taken_but_can_still_be_wished() -> None:
    others = [wish("hero", "alien"), {}, wish("monk"), wish("hero", "monk")]
    for given in ({"consent": True}, {"consent": True, "role": "banker"}):
        prompt = ENGINE.join_prompt(OPTIONS, given, others)
        assert prompt is not None
        taken = {o.value for o in prompt.options if o.label == "mafia-opt-role-taken"}
        assert taken == {"hero", "monk"}, "wanted roles only: a spare takes nothing"
        assert all(o.disabled is None for o in prompt.options if o.value != given.get("role"))
    assert ENGINE.join_prompt(OPTIONS, {"consent": True}, []) == ENGINE.join_prompt(OPTIONS, {"consent": True}, [{}])
    given = answer_all(["yes", "hero", "lucky"], others)
    assert ENGINE.parse_join(OPTIONS, given) == wish("hero", "lucky")
    # the sign-up rules themselves are unchanged: first come, first served, then the spare
    state, _ = start(10, joins=[*others, given])
    assert state.seats[0].public_role == "hero" and state.seats[4].public_role == "lucky"


def test_the_lobby_summary_lists_the_wanted_roles_in_join_order_once() -> None:
    summary = ENGINE.lobby_summary(OPTIONS, [wish("monk"), {}, wish("hero"), wish("monk", "alien")])
    assert summary == {"message": "mafia-lobby-roles-taken", "params": {
        "roles": [{"term": "mafia-role-monk"}, {"term": "mafia-role-hero"}], "count": 2}}
    assert ENGINE.anonymous(ENGINE.parse_options({"mode": "anonymous"}))
    assert not ENGINE.anonymous(OPTIONS)


def test_the_spare_question_keeps_the_wanted_questions_numbers() -> None:
    """The wanted role stays in the spare list, disabled with its reason, so every role keeps its number
    (issue 36 §7: «Везунчик» was 18, then 17)."""
    roles = ENGINE.join_prompt(OPTIONS, {"consent": True}, [])
    spare = ENGINE.join_prompt(OPTIONS, {"consent": True, "role": "strongman"}, [])
    assert roles is not None and spare is not None
    assert [o.value for o in spare.options] == [o.value for o in roles.options]
    wanted = spare.option("strongman")
    assert wanted is not None and wanted.disabled is not None and wanted.disabled.key == "mafia-refuse-spare-wanted"
    assert all(o.disabled is None for o in spare.options if o.value != "strongman")


async def test_the_terminal_refuses_the_wanted_role_as_the_spare_and_asks_again(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["1", "5", "5", "18", "q"])

    async def ask(_: str) -> str:
        return next(answers)

    await play("mafia", players=10, seed=3, language="ru", db_path=tmp_path / "o.db", say=said.append, ask=ask)
    assert "  5. Здоровяк ✗ Это ваша желаемая роль. — Каждую фазу получает 1 брони — до первой фазы, в которую ему " \
        "нанесли урон, включительно." in said
    assert any(line.startswith("  18. Везунчик") for line in said)
    assert "⚠ Это ваша желаемая роль." in said
