"""A prompt with a single answer is never asked (games.core.prompts.only_answer): disabled options and
navigation (Back, Pass) do not make a choice."""

from __future__ import annotations

from games.core import Option, Refusal
from games.core.prompts import only_answer

NO = Refusal(key="error-no")


def test_one_enabled_option_is_the_only_answer() -> None:
    options = [Option(value="1", label="x", disabled=NO), Option(value="2", label="x"), Option(value="3", label="x",
                                                                                             disabled=NO)]
    assert only_answer(options) == "2"


def test_two_enabled_options_are_a_choice() -> None:
    assert only_answer([Option(value="1", label="x"), Option(value="2", label="x")]) is None


def test_no_enabled_option_is_no_answer_at_all() -> None:
    assert only_answer([Option(value="1", label="x", disabled=NO)]) is None


def test_navigation_set_aside_does_not_count_as_a_choice() -> None:
    options = [Option(value="4", label="x"), Option(value="back", label="x"), Option(value="pass", label="x")]
    assert only_answer(options) is None
    assert only_answer(options, aside=("back", "pass")) == "4"
