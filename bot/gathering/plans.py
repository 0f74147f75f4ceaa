"""What a game night sends, planned as delivery rows saved with the change that calls for them (its sign-up
message, its Discord event, DMs), and the texts they hold. Each kind is one class here, its name and how it
plans a row; bot/discord/gathering.py has the delivery kind of the same name that sends it (registered with
every other kind in bot/discord/service.py's `KINDS`).

    SignupRows  gathering-signup   the night's sign-up message in its channel, with Join / Maybe / Leave:
                                   posted by the first row, edited by every later one (rendered when sent)
    EventRows   gathering-event    the night's Guild Scheduled Event: made, started, cancelled
    DmRows      gathering-dm       a DM (a reminder, the opening, a cancellation, "N are waiting"); when the
                                   member's DMs are closed, a mention in the night's channel (`fallback`)
"""

from __future__ import annotations

from typing import Any

from bot.gathering.model import REMIND_DAY, Schedule, Signup, Subscription
from bot.i18n import t
from bot.storage import DeliveryRow
from games import registry


def hidden(schedule: Schedule) -> bool:
    """Whether the night's game hides who plays (Mafia's anonymous mode): then nothing in its channel names
    a member who comes, not even a reminder whose DM failed (that member goes without one)."""
    engine = registry.engine(schedule.game)
    return engine.anonymous(engine.parse_options(schedule.options))


def stamp(at: float) -> str:
    """A moment as Discord shows it in each reader's own zone: the date and time, and how far off it is."""
    return f"<t:{int(at)}:F> (<t:{int(at)}:R>)"


def title(schedule: Schedule, language: str) -> str:
    return t(language, f"{schedule.game}-title")


class SignupRows:
    name = "gathering-signup"

    @staticmethod
    def plan(schedule: Schedule | None, channel_id: int) -> DeliveryRow:
        """Show the night's sign-up message as it now stands (`schedule` None: the night being made)."""
        return DeliveryRow(None, 0, SignupRows.name, {}, channel_id=channel_id,
                           schedule_id=schedule.id if schedule else None)


class EventRows:
    name = "gathering-event"
    CREATE, START, CANCEL = "create", "start", "cancel"

    @staticmethod
    def plan(schedule: Schedule | None, channel_id: int, action: str) -> DeliveryRow:
        """Make (CREATE), start or cancel the night's Discord event."""
        return DeliveryRow(None, 0, EventRows.name, {"action": action}, channel_id=channel_id,
                           schedule_id=schedule.id if schedule else None)


class DmRows:
    name = "gathering-dm"

    @staticmethod
    def plan(
        user_id: int, text: str, *, schedule: Schedule | None = None, fallback: str | None = None,
        game_id: int | None = None,
    ) -> DeliveryRow:
        """A DM; `fallback`: what the night's channel says, mentioning the member, if their DMs are closed."""
        body: dict[str, Any] = {"text": text}
        if fallback is not None and schedule is not None and not hidden(schedule):
            body |= {"fallback": fallback, "channel": schedule.channel_id}
        return DeliveryRow(game_id, 0, DmRows.name, body, user_id=user_id,
                           schedule_id=schedule.id if schedule else None)


def place_line(language: str, seated: bool, place: int) -> str:
    return t(language, "night-you-seated") if seated else t(language, "night-you-waiting", place=place)


def reminder_rows(schedule: Schedule, stage: int, seated: list[Signup], waiting: list[Signup]) -> list[DeliveryRow]:
    """The reminder a day or 15 minutes before, to each who comes (seated or waiting), in their language."""
    key = "night-remind-day" if stage == REMIND_DAY else "night-remind-soon"
    rows = []
    for place, signup in [*((0, s) for s in seated), *enumerate(waiting, start=1)]:
        language = signup.language
        text = "\n".join([
            t(language, key, game=title(schedule, language), channel=f"<#{schedule.channel_id}>",
              when=stamp(schedule.starts_at), id=schedule.id),
            place_line(language, place == 0, place),
        ])
        fallback = t(schedule.language, "night-remind-fallback", player=f"<@{signup.user_id}>",
                     game=title(schedule, schedule.language), when=stamp(schedule.starts_at))
        rows.append(DmRows.plan(signup.user_id, text, schedule=schedule, fallback=fallback))
    return rows


def cancelled_rows(schedule: Schedule, told: list[Signup]) -> list[DeliveryRow]:
    rows = []
    for signup in told:
        language = signup.language
        text = t(language, "night-cancelled-dm", game=title(schedule, language), id=schedule.id,
                 channel=f"<#{schedule.channel_id}>", when=stamp(schedule.starts_at))
        fallback = t(schedule.language, "night-cancelled-fallback", player=f"<@{signup.user_id}>",
                     game=title(schedule, schedule.language), id=schedule.id)
        rows.append(DmRows.plan(signup.user_id, text, schedule=schedule, fallback=fallback))
    return rows


def opened_rows(
    schedule: Schedule, lobby_id: int, seated: list[Signup], waiting: list[Signup], pending: set[int]
) -> list[DeliveryRow]:
    """At the opening: each who comes is told where they stand (seated, owing the sign-up answers, waiting)."""
    rows = []
    for place, signup in [*((0, s) for s in seated), *enumerate(waiting, start=1)]:
        language = signup.language
        lines = [t(language, "night-opened-dm", game=title(schedule, language), id=lobby_id,
                   channel=f"<#{schedule.channel_id}>"), place_line(language, place == 0, place)]
        if signup.user_id in pending:
            lines.append(t(language, "night-answer-now", channel=f"<#{schedule.channel_id}>"))
        fallback = t(schedule.language, "night-opened-fallback", player=f"<@{signup.user_id}>",
                     game=title(schedule, schedule.language), id=lobby_id)
        rows.append(DmRows.plan(signup.user_id, "\n".join(lines), schedule=schedule, fallback=fallback))
    return rows


def seat_freed_row(schedule: Schedule, lobby_id: int, signup: Signup, pending: bool) -> DeliveryRow:
    language = signup.language
    lines = [t(language, "night-moved-up", game=title(schedule, language), id=lobby_id,
               channel=f"<#{schedule.channel_id}>")]
    if pending:
        lines.append(t(language, "night-answer-now", channel=f"<#{schedule.channel_id}>"))
    fallback = t(schedule.language, "night-moved-up-fallback", player=f"<@{signup.user_id}>",
                 game=title(schedule, schedule.language), id=lobby_id)
    return DmRows.plan(signup.user_id, "\n".join(lines), schedule=schedule, fallback=fallback)


def interested_row(schedule: Schedule, signup: Signup) -> DeliveryRow:
    """A member who pressed Interested in the Events list, for a game with sign-up questions: where to answer."""
    language = signup.language
    text = t(language, "night-interested-dm", game=title(schedule, language), id=schedule.id,
             channel=f"<#{schedule.channel_id}>", when=stamp(schedule.starts_at))
    return DmRows.plan(signup.user_id, text, schedule=schedule)


def notice_row(
    game_id: int, game: str, channel_id: int, subscription: Subscription, seated: int, started: bool
) -> DeliveryRow:
    """ "N are waiting" (or "it started") for a member who asked, in their language; no channel fallback."""
    language = subscription.language
    key = "notify-started" if started else "notify-filled"
    text = t(language, key, game=t(language, f"{game}-title"), id=game_id, count=seated, channel=f"<#{channel_id}>")
    return DmRows.plan(subscription.user_id, text, game_id=game_id)


def waiting_lines(language: str, counts: dict[int, int]) -> list[str]:
    """ "7 would come at 10": the subscribers each number of seated players would bring, nearest first."""
    if not counts:
        return []
    parts = [t(language, "notify-would-come", people=people, at=at) for at, people in list(counts.items())[:3]]
    return [t(language, "notify-would-come-line", parts=", ".join(parts))]
