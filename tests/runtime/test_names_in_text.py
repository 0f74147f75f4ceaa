"""Player names in the bot's Discord text are shown as typed (no Markdown, no ping), however often the same name
is written: names are escaped once and remembered (bot/discord/text.py `escape_name`)."""

from __future__ import annotations

from bot.discord.text import REMEMBERED_LENGTH, escape_name, event_text
from bot.i18n import Reader, reading_as
from games.core import Event, seat

NAMES = ["**Boss**", "@everyone", "plain"]


def name_of(number: int) -> str:
    return NAMES[number]


def test_a_name_written_many_times_reads_as_typed_each_time() -> None:
    reminder = Event(key="reminder", params={"player": seat(0), "seconds": 5})
    lines = [event_text(reminder, "en", name_of) for _ in range(3)]
    assert lines == [lines[0]] * 3
    assert "\\*\\*Boss\\*\\*" in lines[0] and "**Boss**" not in lines[0]


def test_the_reader_of_their_own_line_is_still_you_after_the_channel_named_them() -> None:
    reminder = Event(key="reminder", params={"player": seat(0), "seconds": 5})
    in_channel = event_text(reminder, "en", name_of)
    to_the_player = event_text(reminder, "en", reading_as(name_of, 0))
    assert "Boss" in in_channel
    assert "Boss" not in to_the_player


def test_an_escaped_name_is_a_plain_string_whatever_it_was_given_as() -> None:
    assert type(escape_name(Reader("**Boss**"))) is str
    assert escape_name(Reader("**Boss**")) == escape_name("**Boss**") == "\\*\\*Boss\\*\\*"
    assert escape_name("@everyone") == "@\u200beveryone"


def test_a_long_text_is_escaped_too() -> None:
    letter = "**" + "x" * (REMEMBERED_LENGTH + 10) + "** @everyone"
    escaped = escape_name(letter)
    assert escaped.startswith("\\*\\*x") and "@\u200beveryone" in escaped
