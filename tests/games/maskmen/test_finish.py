"""Issue 12 in Maskmen: a pass that is the only legal answer is made at once and said; the final
table is sorted and explains the +2 tie-break; the strength order reads in proper Russian."""

from __future__ import annotations

from bot.i18n import render
from games.core import Event
from games.maskmen import flow, summary

from .helpers import act, position

A, B, C = range(3)
NAMES = ["Аня", "Борис", "Вера"]


def text(language: str, event: Event, reader: int | None = None) -> str:
    from bot.i18n import reading_as

    return render(language, event.key, event.params, reading_as(NAMES.__getitem__, reader))


def test_a_player_who_cannot_beat_the_ring_passes_without_being_asked() -> None:
    # B holds one Pink: 1 Blue needs 2 cards of an unrelated colour, so B is not asked; C is.
    state = position([{"blue": 2, "green": 1}, {"pink": 1}, {"grey": 2, "orange": 1}], leader=A)
    state, events = act(state, "blue:1")
    forced = [e for e in events if e.key == "maskmen-forced-pass"]
    assert [e.params["player"] for e in forced] == [{"seat": B}]
    assert state.passed == [B] and state.turn == C and [p.seat for p in state.prompts] == [C]
    assert text("ru", forced[0]) == "Борис: побить Синий × 1 нечем — пас."
    assert text("ru", forced[0], reader=B) == "Вам нечем побить Синий × 1: за вас объявлен пас."
    assert text("en", forced[0], reader=B) == "You have nothing that beats Blue × 1: you pass."


def test_a_player_who_can_beat_the_ring_is_still_asked_and_may_pass() -> None:
    state = position([{"blue": 2, "green": 1}, {"pink": 1}, {"grey": 2, "orange": 1}], leader=A)
    state, _ = act(state, "blue:1")
    assert [o.value for o in state.prompts[0].options] == ["grey:2", "pass"]


def test_the_final_table_is_sorted_and_explains_the_plus_two_tie_break() -> None:
    state = position([{"pink": 1}, {"blue": 1}, {"grey": 1}], leader=A)
    state.scores, state.twos = [3, 5, 5], [0, 1, 2]
    rows = flow.standings(state)
    assert [e.key for e in rows] == ["maskmen-standings", *["maskmen-standings-row"] * 3, "maskmen-standings-tiebreak"]
    assert [(e.params["place"], e.params["player"]["seat"]) for e in rows[1:4]] == [(1, C), (2, B), (3, A)]
    assert text("ru", rows[1]) == "1. Вера — 5 очков, +2 2 раза"
    assert text("ru", rows[3], reader=A) == "3. Вы — 3 очка, +2 ни разу"
    assert text("ru", rows[4]) == "Поровну очков (5): Вера и Борис; места решило число полученных +2."
    assert text("en", rows[0]).startswith("📊 Final standings (points; equal points go to whoever scored +2")


def test_equal_points_and_equal_plus_twos_share_a_place_without_a_tie_break_line() -> None:
    state = position([{"pink": 1}, {"blue": 1}, {"grey": 1}], leader=A)
    state.scores, state.twos = [4, 4, 1], [1, 1, 0]
    rows = flow.standings(state)
    assert [e.params["place"] for e in rows[1:4]] == [1, 1, 3]
    assert "maskmen-standings-tiebreak" not in [e.key for e in rows]


def test_the_strength_order_reads_in_the_genitive() -> None:
    state = position([{"pink": 1, "grey": 1, "purple": 1}, {"orange": 3}, {"blue": 3}], leader=A)
    state.debuted = ["pink", "grey", "purple", "orange"]  # type: ignore[assignment]
    state.beats = [("orange", "pink"), ("orange", "grey"), ("orange", "purple")]  # type: ignore[assignment]
    line = next(e for e in summary.summary(state, None) if e.key == "maskmen-status-beats" and e.params["count"])
    assert text("ru", line) == "Оранжевый сильнее Розового, Серого и Фиолетового."
    assert text("en", line) == "Orange beats Pink, Grey and Purple."


def test_a_proof_reads_stronger_than_in_the_genitive() -> None:
    state = position([{"pink": 2}, {"blue": 2}, {"grey": 1}], leader=A)
    state, events = act(state, "pink:1")
    state, events = act(state, "blue:2")
    proved = next(e for e in events if e.key == "maskmen-proved")
    assert text("ru", proved) == "💪 Синий сильнее Розового."
    assert text("en", proved) == "💪 Blue beats Pink."
