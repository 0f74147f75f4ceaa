"""A saved step → the delivery rows it needs in Discord (bot/table/core.py saves them in the step's own
transaction; bot/discord/delivering.py queues them once saved): every delivery kind of the registry, in its
order, plans its rows (bot/discord/kinds.py). The `text` kind is here, the shared rendering of what a step
tells its players in private: the private events, each to its recipients in their language, and reminders."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord.kinds import Kinds, Planned, Sending, rows_of
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import reachable, seat_language
from bot.discord.text import event_text
from bot.i18n import reading_as
from bot.live import Step
from bot.storage import DeliveryRow
from games.core import Event, seat


class Texts:
    """Lines of text: a step's private events and reminders (its public lines: bot/discord/flow.py), and lines
    that are no step's (a notice for the moderators, a lobby's news: bot/discord/outboxes.py `say`)."""

    name = "text"

    def __init__(self, outboxes: Outboxes, clock: Callable[[], float]) -> None:
        self.outboxes = outboxes
        self.clock = clock

    def plan(self, step: Step) -> list[Planned]:
        game, state = step.game, step.state
        rows: list[Planned] = []
        for event in step.events:
            if event.ack:  # the answer to the click already confirms it
                continue
            for seat_number in event.to or []:
                if reachable(game, seat_number):
                    reader = reading_as(game.name_of, seat_number)  # a DM: the recipient is "you"
                    text = event_text(event, seat_language(game, seat_number), reader)
                    rows.append(Planned({"text": text}, member=game.seats[seat_number].user_id))
        for seat_number in step.reminder_for:
            if reachable(game, seat_number):
                prompt = next((p for p in state.prompts_for(seat_number) if not p.answered), None)
                seconds = int(step.dues.get(prompt.id, 0) - self.clock()) if prompt else 0
                language = seat_language(game, seat_number)
                # the seat's name in the reader's language (an anonymous seat's role is a catalog term)
                reminder = Event(key="reminder", params={"player": seat(seat_number), "seconds": max(seconds, 0)})
                if prompt is not None and prompt.id in step.dues:  # a long deadline reads better as a time
                    when = f"<t:{int(step.dues[prompt.id])}:R>"
                    reminder = Event(key="reminder-due", params={"player": seat(seat_number), "when": when})
                text = event_text(reminder, language, game.name_of)
                rows.append(Planned({"text": text}, member=game.seats[seat_number].user_id))
        return rows

    def send(self, row: DeliveryRow) -> Sending:
        return self.outboxes.line(row)


class Planner:
    def __init__(self, kinds: Kinds) -> None:
        self.kinds = kinds

    def plan(self, step: Step) -> list[DeliveryRow]:
        """What a step must show in Discord, as rows saved in the step's own transaction, in the order they
        must appear: each kind's rows, in the registry's order (bot/discord/service.py `KINDS`)."""
        channel_id = step.game.row.channel_id
        if channel_id is None:
            return []
        return [row for kind in self.kinds for row in rows_of(step, kind, channel_id)]
