"""The times people type for a game night, read in their language and zone, and the times the bot works
out itself (a deadline at a time of day, next week's night): a table of what members type in both
languages, with the daylight-saving edges of Europe/Berlin and America/New_York, and Europe/Moscow, which
keeps one offset all year."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.gathering.times import (
    a_week_later,
    described,
    next_time_of_day,
    parse_clock,
    read_time,
    zone_named,
    zones_like,
)

MOSCOW, BERLIN, NEW_YORK = "Europe/Moscow", "Europe/Berlin", "America/New_York"
FRIDAY = "2026-03-27T15:00"
"""A Friday afternoon, the moment most rows are typed at (on the zone's own clock)."""

# (what is typed, the member's language, their Discord locale, zone, typed at (wall clock), read as)
# "read as" is the moment on the zone's clock with its UTC offset; None: no time at all.
TABLE: list[tuple[str, str, str, str, str, str | None]] = [
    # English, Moscow
    ("21:00", "en", "en-US", MOSCOW, FRIDAY, "2026-03-27T21:00+03:00"),
    ("14:00", "en", "en-US", MOSCOW, FRIDAY, "2026-03-28T14:00+03:00"),  # passed today: tomorrow's
    ("tomorrow 20:30", "en", "en-US", MOSCOW, FRIDAY, "2026-03-28T20:30+03:00"),
    ("2026-12-05 19:00", "en", "en-US", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),
    ("in 2h", "en", "en-US", MOSCOW, FRIDAY, "2026-03-27T17:00+03:00"),
    ("in 2 hours", "en", "en-GB", MOSCOW, FRIDAY, "2026-03-27T17:00+03:00"),
    ("in 30 minutes", "en", "en-US", MOSCOW, FRIDAY, "2026-03-27T15:30+03:00"),
    ("Friday 20:00", "en", "en-US", MOSCOW, FRIDAY, "2026-03-27T20:00+03:00"),  # said on Friday: tonight
    ("Friday 14:00", "en", "en-US", MOSCOW, FRIDAY, "2026-04-03T14:00+03:00"),  # today's passed: next week
    ("Monday 20:00", "en", "en-US", MOSCOW, FRIDAY, "2026-03-30T20:00+03:00"),
    ("saturday 7:30pm", "en", "en-US", MOSCOW, FRIDAY, "2026-03-28T19:30+03:00"),
    ("12/05/2026 7pm", "en", "en-US", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),  # US: the month first
    ("05/12/2026 19:00", "en", "en-GB", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),  # elsewhere: the day first
    ("Dec 5 7pm", "en", "en-US", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),
    ("noon", "en", "en-US", MOSCOW, FRIDAY, "2026-03-28T12:00+03:00"),
    ("yesterday 20:00", "en", "en-US", MOSCOW, FRIDAY, "2026-03-26T20:00+03:00"),  # read, then refused: past
    ("a game of mafia", "en", "en-US", MOSCOW, FRIDAY, None),
    ("завтра 20:30", "en", "en-US", MOSCOW, FRIDAY, "2026-03-28T20:30+03:00"),  # the other language too
    # Russian, Moscow
    ("сегодня 21:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T21:00+03:00"),
    ("завтра в 20:30", "ru", "ru", MOSCOW, FRIDAY, "2026-03-28T20:30+03:00"),
    ("послезавтра в 18:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-29T18:00+03:00"),
    ("в пятницу 20:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T20:00+03:00"),
    ("в пятницу в 20:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T20:00+03:00"),
    ("пятница 20:00", "ru", "ru", MOSCOW, "2026-03-28T12:00", "2026-04-03T20:00+03:00"),  # said on Saturday
    ("в субботу в 19:30", "ru", "ru", MOSCOW, FRIDAY, "2026-03-28T19:30+03:00"),
    ("пт 20:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T20:00+03:00"),
    ("через 2 часа", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T17:00+03:00"),
    ("через 2ч", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T17:00+03:00"),
    ("через полчаса", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T15:30+03:00"),
    ("5 декабря 19:00", "ru", "ru", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),
    ("05.12.2026 19:00", "ru", "ru", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),
    ("2026-12-05 19:00", "ru", "ru", MOSCOW, FRIDAY, "2026-12-05T19:00+03:00"),
    ("21:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-27T21:00+03:00"),
    ("tomorrow 20:30", "ru", "ru", MOSCOW, FRIDAY, "2026-03-28T20:30+03:00"),
    ("вчера 20:00", "ru", "ru", MOSCOW, FRIDAY, "2026-03-26T20:00+03:00"),
    ("ерунда какая-то", "ru", "ru", MOSCOW, FRIDAY, None),
    # Moscow keeps +03:00 all year: the nights Europe changes its clocks change nothing there
    ("2026-03-29 02:30", "ru", "ru", MOSCOW, FRIDAY, "2026-03-29T02:30+03:00"),
    ("2026-10-25 02:30", "en", "en-US", MOSCOW, FRIDAY, "2026-10-25T02:30+03:00"),
    ("через 24 часа", "ru", "ru", MOSCOW, "2026-10-24T20:00", "2026-10-25T20:00+03:00"),
    # Berlin: 02:00 → 03:00 on 2026-03-29, 03:00 → 02:00 on 2026-10-25
    ("2026-03-29 02:30", "en", "en-GB", BERLIN, FRIDAY, "2026-03-29T03:30+02:00"),  # skipped: an hour on
    ("завтра в 02:30", "ru", "ru", BERLIN, "2026-03-28T15:00", "2026-03-29T03:30+02:00"),
    ("2026-10-25 02:30", "en", "en-GB", BERLIN, FRIDAY, "2026-10-25T02:30+02:00"),  # twice: the first
    ("in 2h", "en", "en-GB", BERLIN, "2026-03-29T01:30", "2026-03-29T04:30+02:00"),  # two hours, not the clock's
    ("tomorrow 20:30", "en", "en-GB", BERLIN, "2026-03-28T15:00", "2026-03-29T20:30+02:00"),  # the clock's 20:30
    ("через 24 часа", "ru", "ru", BERLIN, "2026-10-24T20:00", "2026-10-25T19:00+01:00"),
    ("завтра в 20:00", "ru", "ru", BERLIN, "2026-10-24T12:00", "2026-10-25T20:00+01:00"),
    # New York: 02:00 → 03:00 on 2026-03-08, 02:00 → 01:00 on 2026-11-01
    ("2026-03-08 02:30", "en", "en-US", NEW_YORK, FRIDAY, "2026-03-08T03:30-04:00"),  # (typed back in time)
    ("2026-03-08 02:30", "en", "en-US", NEW_YORK, "2026-03-01T12:00", "2026-03-08T03:30-04:00"),
    ("2026-11-01 01:30", "en", "en-US", NEW_YORK, "2026-10-30T12:00", "2026-11-01T01:30-04:00"),
    ("tomorrow 20:00", "en", "en-US", NEW_YORK, "2026-03-07T22:00", "2026-03-08T20:00-04:00"),
    ("in 2 hours", "en", "en-US", NEW_YORK, "2026-11-01T00:30", "2026-11-01T01:30-05:00"),
    ("завтра в 20:00", "ru", "ru", NEW_YORK, "2026-10-31T12:00", "2026-11-01T20:00-05:00"),
    ("через 3 часа", "ru", "ru", NEW_YORK, "2026-03-08T00:30", "2026-03-08T04:30-04:00"),
]


def moment(local: str, zone: str) -> float:
    """A wall-clock time on the zone's clock (no daylight-saving trouble in the moments used here)."""
    return dt.datetime.fromisoformat(local).replace(tzinfo=ZoneInfo(zone)).timestamp()


def test_the_table_is_big_enough_and_covers_both_languages_and_three_zones() -> None:
    assert len(TABLE) >= 40
    assert {row[1] for row in TABLE} == {"en", "ru"} and {row[3] for row in TABLE} == {MOSCOW, BERLIN, NEW_YORK}


@pytest.mark.parametrize(("typed", "language", "locale", "zone", "at", "expected"), TABLE,
                         ids=[f"{row[3].split('/')[-1]}:{row[0]}@{row[4][5:]}" for row in TABLE])
def test_a_typed_time_is_read_as_its_reader_means_it(
    typed: str, language: str, locale: str, zone: str, at: str, expected: str | None
) -> None:
    reading = read_time(typed, language, ZoneInfo(zone), moment(at, zone), locale=locale)
    if expected is None:
        assert reading is None
        return
    assert reading is not None, f"{typed!r} was not read"
    assert reading.local.isoformat(timespec="minutes") == expected
    assert reading.at == dt.datetime.fromisoformat(expected).timestamp()


def test_a_zone_is_an_iana_name_whatever_its_case() -> None:
    assert zone_named("europe/moscow") == ZoneInfo("Europe/Moscow")
    assert zone_named("America/New_York") == ZoneInfo("America/New_York")
    assert zone_named("Moscow") is None and zone_named("Mars/Olympus") is None and zone_named("") is None
    assert zones_like("mosc")[0] == "Europe/Moscow"
    assert "America/New_York" in zones_like("new_y")


@pytest.mark.parametrize(("typed", "expected"), [
    ("21:00", dt.time(21)), ("9:30", dt.time(9, 30)), ("21.00", dt.time(21)), ("21ч00", dt.time(21)),
    ("24:00", None), ("21", None), ("evening", None),
])
def test_a_deadline_time_of_day_is_hours_and_minutes(typed: str, expected: dt.time | None) -> None:
    assert parse_clock(typed) == expected


@pytest.mark.parametrize(("zone", "after", "expected"), [
    (MOSCOW, "2026-03-27T15:00", "2026-03-27T21:00+03:00"),
    (MOSCOW, "2026-03-27T20:30", "2026-03-28T21:00+03:00"),  # less than an hour away: tomorrow's
    (BERLIN, "2026-03-28T22:00", "2026-03-29T21:00+02:00"),  # across the spring change: still 21:00
    (BERLIN, "2026-10-24T22:00", "2026-10-25T21:00+01:00"),  # across the autumn change: still 21:00
    (NEW_YORK, "2026-03-07T21:30", "2026-03-08T21:00-04:00"),
    (NEW_YORK, "2026-10-31T21:30", "2026-11-01T21:00-05:00"),
])
def test_a_phase_ends_at_the_next_time_of_day_on_the_zones_clock(zone: str, after: str, expected: str) -> None:
    due = next_time_of_day(dt.time(21), ZoneInfo(zone), moment(after, zone))
    assert dt.datetime.fromtimestamp(due, ZoneInfo(zone)).isoformat(timespec="minutes") == expected


def test_a_weekly_night_keeps_its_hour_across_a_clock_change() -> None:
    berlin = ZoneInfo(BERLIN)
    friday = moment("2026-03-27T20:00", BERLIN)
    after = a_week_later(friday, berlin)
    assert dt.datetime.fromtimestamp(after, berlin).isoformat(timespec="minutes") == "2026-04-03T20:00+02:00"
    assert after - friday == 7 * 86400 - 3600  # the week was an hour short


def test_the_autocomplete_says_how_the_time_was_read_in_the_readers_language() -> None:
    zone = ZoneInfo(MOSCOW)
    now = moment(FRIDAY, MOSCOW)
    friday = moment("2026-04-03T20:00", MOSCOW)
    assert described(friday, "ru", zone, now) == "пт 3 апр. 2026, 20:00 (Europe/Moscow) · через 7 дней"
    assert described(friday, "en", zone, now) == "Fri 3 Apr 2026, 20:00 (Europe/Moscow) · in 7 days"
