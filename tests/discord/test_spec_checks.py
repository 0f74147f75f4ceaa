"""The body checks on their own: Discord's OpenAPI description and the limits it misses."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord_standin.spec import (
    DEFAULT_SPEC_PATH,
    PROJECT_ROOT,
    SpecValidator,
    message_limit_problems,
    modal_limit_problems,
    spec_path,
)


def button(label: str = "Go", custom_id: str = "go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


@pytest.fixture(scope="module")
def spec() -> SpecValidator:
    validator = SpecValidator.load()
    if validator is None:
        pytest.skip(f"Discord's OpenAPI description is not at {spec_path()}")
    return validator


def test_the_description_is_read_from_beside_the_project_not_copied_into_it() -> None:
    assert DEFAULT_SPEC_PATH.parent.parent == PROJECT_ROOT.parent / "shared"
    copies = [
        path
        for folder in ("bot", "cogs", "games", "tests", "data")
        for path in (PROJECT_ROOT / folder).rglob("openapi*.json")
    ]
    assert copies == [], "Discord's OpenAPI description must stay in ../shared, not be copied into the project"


def test_operations_are_found_by_method_and_path(spec: SpecValidator) -> None:
    found = spec.operation("PATCH", "/webhooks/1/token/messages/@original")
    assert found is not None and found.template == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    me = spec.operation("GET", "/users/@me")
    assert me is not None and me.template == "/users/@me"
    assert spec.validate("GET", "/no/such/thing", None) == [
        "GET /no/such/thing: no such operation in Discord's OpenAPI description"
    ]


def test_valid_bodies_pass_and_integer_snowflakes_are_accepted(spec: SpecValidator) -> None:
    body = {"content": "hi", "components": [row(button())], "attachments": [{"id": 0, "filename": "a.txt"}]}
    assert spec.validate("POST", "/channels/1/messages", body) == []
    callback = {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": "T",
            "components": [row({"type": 4, "custom_id": "t", "style": 1, "label": "L"})],
        },
    }
    assert spec.validate("POST", "/interactions/1/token/callback", callback) == []


def test_errors_point_at_the_offending_field(spec: SpecValidator) -> None:
    [problem] = spec.validate("POST", "/interactions/1/token/callback", {"type": 4, "data": {"content": 5}})
    assert "$.data.content: 5 is not of type" in problem
    [problem] = spec.validate("POST", "/channels/1/messages", {"components": [row(button(label="x" * 81))]})
    assert "$.components[0].components[0].label" in problem


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/channels/1/messages", {"content": "hi", "components": [row(button())]}),
        ("POST", "/channels/1/messages", {"content": "hi", "nonce": "12", "enforce_nonce": True}),
        ("POST", "/channels/1/messages", {"content": 5}),
        ("POST", "/channels/1/messages", {"components": [row(button(label="x" * 81))]}),
        ("POST", "/channels/1/messages", {"components": [row({**button(), "style": 9})]}),
        ("POST", "/interactions/1/token/callback", {"type": 7, "data": {"content": "ok", "components": []}}),
        ("POST", "/interactions/1/token/callback", {"type": 4, "data": {"content": 5}}),
        ("POST", "/interactions/1/token/callback", {"type": 42}),
        ("PATCH", "/webhooks/1/token/messages/2", {"content": "edited", "allowed_mentions": {"parse": []}}),
        ("PATCH", "/webhooks/1/token/messages/2", {"allowed_mentions": {"parse": ["nobody"]}}),
        ("PUT", "/channels/1/permissions/2", {"type": 0, "allow": "1024", "deny": 0}),
        ("PUT", "/channels/1/permissions/2", {"type": "role"}),
    ],
)
def test_the_quick_check_agrees_with_the_reference_validator(
    spec: SpecValidator, method: str, path: str, body: dict[str, Any]
) -> None:
    """Every request is first checked by the compiled validator, and only its "valid" is believed: it must
    accept exactly what the reference validator accepts."""
    operation = spec.operation(method, path)
    assert operation is not None
    reference = spec._validator(operation)
    assert reference is not None
    assert spec._fast_valid(operation, body) == reference.is_valid(body)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"content": "x" * 2000}, []),
        ({"content": "x" * 2001}, ["content is 2001 characters (Discord allows 2000)"]),
        ({"embeds": [{"description": "x" * 3000}, {"description": "y" * 3001}]}, ["6001 characters of text together"]),
        ({"embeds": [{"title": "t"}] * 11}, ["11 embeds"]),
        ({"components": [row(button())] * 6}, ["6 action rows"]),
        ({"components": [row(*[button(custom_id=str(n)) for n in range(6)])]}, ["6 buttons"]),
        ({"components": [row(button(custom_id="c" * 101))]}, ["has 101 characters (limit 100)"]),
        ({"components": [row(button(label="l" * 81))]}, ["is 81 characters (Discord allows 80)"]),
        (
            {
                "components": [
                    row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(n), "value": str(n)} for n in range(26)],
                        }
                    )
                ]
            },
            ["has 26 options (limit 25)"],
        ),
        ({"flags": 1 << 15, "content": "x", "components": [{"type": 10, "content": "t"}]}, ["cannot have content"]),
    ],
)
def test_limits_the_description_misses(body: dict[str, Any], expected: list[str]) -> None:
    problems = message_limit_problems(body)
    assert len(problems) == len(expected), problems
    for problem, fragment in zip(problems, expected, strict=True):
        assert fragment in problem


def test_modal_limits() -> None:
    modal = {"custom_id": "m", "title": "t" * 46, "components": [row({"type": 4, "custom_id": "x", "label": "L"})] * 6}
    problems = modal_limit_problems(modal)
    assert any("title is 46" in p for p in problems) and any("6 top-level" in p for p in problems)
