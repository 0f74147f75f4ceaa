"""Times people type, read in their language and time zone, and the times the bot works out itself.

What a member types for `/schedule when:` (`21:00`, `tomorrow 20:30`, `2026-12-05 19:00`, `in 2h`,
`сегодня 21:00`, `завтра в 20:30`, `в пятницу 20:00`) is read by `dateparser`, a library made for it,
in the member's language (then the other one: a Russian speaker may type `tomorrow`) with the date
order of their Discord locale (en-US: month first; everyone else: day first), relative to now in their
zone (`zoneinfo`, the IANA names; the `tzdata` package makes them exist on any machine):

- a time of day means the next one to come ("14:00" said at 15:00 is tomorrow's), a weekday the next one
  ("Friday 20:00" said on Friday at 15:00 is tonight, said on Saturday next week's);
- a span ("in 2h", "через 2 часа") is that long from now, whatever the clocks do meanwhile;
- a wall-clock time that a daylight-saving change skips (02:30 on the spring-forward night) is the same
  moment an hour later by the new clock (03:30); one that happens twice (the fall-back night) is the
  first of the two.

Deadlines at a time of day (`deadline:21:00` in a game's pace) end at the next 21:00 by the zone's wall
clock at least an hour away: the same 21:00 before and after a daylight-saving change.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import dateparser
from babel.dates import format_datetime, format_timedelta

from bot.i18n import LANGUAGES, normalize

DEFAULT_ZONE = "UTC"
"""A server that set no zone of its own (`/gm settings timezone:`)."""
SPAN_PROBE = dt.timedelta(seconds=67)
"""How far the reading's "now" is moved to tell a span ("in 2h", which moves with it) from a time."""
MIN_PHASE = dt.timedelta(hours=1)
"""A phase ending at a time of day lasts at least this long (started at 20:30, it ends at tomorrow's 21:00)."""
COMMON_ZONES = ("Europe/Moscow", "Europe/Kaliningrad", "Asia/Yekaterinburg", "Asia/Novosibirsk", "Europe/Berlin",
                "Europe/London", "America/New_York", "UTC")
"""What the zone autocomplete offers before anything is typed."""
CLOCK = re.compile(r"^\s*([01]?\d|2[0-3])\s*[:.hч]\s*([0-5]\d)\s*$")


@cache
def _zones() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def zone_named(name: str | None) -> ZoneInfo | None:
    """The IANA zone of that name (case does not matter: `europe/moscow`), or None when there is none."""
    if not name or not name.strip():
        return None
    key = _zones().get(name.strip().lower())
    if key is None:
        return None
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def zones_like(typed: str, limit: int = 25) -> list[str]:
    """Zone names containing what was typed (an autocomplete), best first: those that start with it."""
    needle = typed.strip().lower().replace(" ", "_")
    names = sorted(_zones().values())
    if not needle:
        return list(COMMON_ZONES)[:limit]
    starts = [n for n in names if n.lower().startswith(needle) or n.lower().split("/")[-1].startswith(needle)]
    inside = [n for n in names if needle in n.lower() and n not in starts]
    return (starts + inside)[:limit]


def date_order(locale: str | None) -> str:
    """How a member writes a date with numbers only: the US month first, everyone else the day first."""
    return "MDY" if str(locale or "").lower() in ("en-us", "en_us") else "DMY"


@dataclass(frozen=True)
class Reading:
    """A typed time, read: the moment (seconds since the epoch) and how it stands on the zone's clock."""

    at: float
    local: dt.datetime
    """The same moment as the zone's wall clock shows it (aware)."""


def _parse(
    text: str, languages: list[str], zone: ZoneInfo, base: dt.datetime, prefer: str, order: str
) -> dt.datetime | None:
    return dateparser.parse(text, languages=languages, settings={
        "TIMEZONE": zone.key, "RETURN_AS_TIMEZONE_AWARE": False, "PREFER_DATES_FROM": prefer,
        "RELATIVE_BASE": base, "DATE_ORDER": order,
    })


def on_wall_clock(naive: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    """A wall-clock time in `zone` as the moment it names: a time a daylight-saving change skips moves
    forward by the change (02:30 → 03:30), a time that happens twice is its first occurrence."""
    moment = naive.replace(tzinfo=zone, fold=0)
    return dt.datetime.fromtimestamp(moment.timestamp(), zone)


def read_time(
    text: str, language: str | None, zone: ZoneInfo, now: float, *, locale: str | None = None
) -> Reading | None:
    """What `text` names, read in `language` (then the other one) in `zone` at the moment `now`; None when
    it names no time. The moment may be in the past: the caller refuses it (it says what was read)."""
    text = text.strip()
    if not text:
        return None
    first = normalize(language)
    languages = [first, *(other for other in LANGUAGES if other != first)]
    order = date_order(locale)
    here = dt.datetime.fromtimestamp(now, zone).replace(tzinfo=None, microsecond=0)
    future = _parse(text, languages, zone, here, "future", order)
    if future is None:
        return None
    moved = _parse(text, languages, zone, here + SPAN_PROBE, "future", order)
    if moved is not None and moved - future == SPAN_PROBE:  # a span from now: "in 2h", "через 2 часа"
        at = float(int(now)) + (future - here).total_seconds()
        return Reading(at, dt.datetime.fromtimestamp(at, zone))
    current = _parse(text, languages, zone, here, "current_period", order)
    choices = [on_wall_clock(c, zone) for c in (current, future) if c is not None]
    coming = [c for c in choices if c.timestamp() > now]
    chosen = min(coming, key=lambda c: c.timestamp()) if coming else choices[-1]
    return Reading(chosen.timestamp(), chosen)


def parse_clock(text: str | None) -> dt.time | None:
    """A time of day as typed for a deadline: `21:00`, `9:30`, `21.00`, `21ч00`; None otherwise."""
    match = CLOCK.match(text or "")
    return dt.time(int(match.group(1)), int(match.group(2))) if match else None


def next_time_of_day(clock: dt.time, zone: ZoneInfo, after: float) -> float:
    """The next moment the zone's wall clock shows `clock`, at least MIN_PHASE after `after`."""
    start = dt.datetime.fromtimestamp(after, zone)
    day = start.date()
    while True:
        moment = on_wall_clock(dt.datetime.combine(day, clock), zone)
        if moment.timestamp() >= after + MIN_PHASE.total_seconds():
            return moment.timestamp()
        day += dt.timedelta(days=1)


def a_week_later(at: float, zone: ZoneInfo) -> float:
    """The same wall-clock time a week later (a weekly night keeps its hour across daylight-saving changes)."""
    local = dt.datetime.fromtimestamp(at, zone).replace(tzinfo=None)
    return on_wall_clock(local + dt.timedelta(days=7), zone).timestamp()


def described(at: float, language: str | None, zone: ZoneInfo, now: float) -> str:
    """A moment as an autocomplete shows it (no Discord timestamp can be shown there): the weekday, date
    and time on the zone's clock, the zone, and how far off it is, in the member's language."""
    lang = normalize(language)
    local = dt.datetime.fromtimestamp(at, zone)
    when = format_datetime(local, "EEE d MMM y, HH:mm", tzinfo=zone, locale=lang)
    ahead = format_timedelta(dt.timedelta(seconds=at - now), locale=lang, add_direction=True, threshold=1.5)
    return f"{when} ({zone.key}) · {ahead}"
