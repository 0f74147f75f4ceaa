"""A saved step → the delivery rows it needs in Discord (bot/table/core.py saves them in the step's own
transaction; bot/discord/delivering.py queues them once saved)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.discord.channel import ChannelKeeper
from bot.discord.flow import Flow, relayed
from bot.discord.memory import Memory, Posted
from bot.discord.pictures import picture_rows
from bot.discord.presenting import prompt_content, public_player, seat_language
from bot.discord.text import event_text
from bot.i18n import reading_as, t
from bot.live import LiveGame, Step
from bot.render import clip
from bot.storage import DeliveryRow
from bot.table import Table
from games.core import Event, GameState, Prompt, seat
from games.core.orders import sheet_of, sheet_seat


def reachable(game: LiveGame, seat_number: int) -> bool:
    held = game.seats[seat_number]
    return not held.bot and held.user_id is not None


class Planner:
    def __init__(self, table: Table, memory: Memory, flow: Flow, channels: ChannelKeeper) -> None:
        self.table = table
        self.memory = memory
        self.flow = flow
        self.channels = channels
        self.extras: list[Callable[[Step], list[tuple[str, dict[str, Any]]]]] = []
        """More world state a step may change, each a step's rows as (kind, body): the graveyard thread and
        its feed, the voice channel's mutes (bot/discord/graveyard.py, voice.py)."""

    def plan(self, step: Step) -> list[DeliveryRow]:
        """What a step must show in Discord, as rows saved in the step's own transaction: the
        public lines, the private texts, reminders, pictures, the prompts not yet posted and the
        status edit, in the order they must appear."""
        game, state = step.game, step.state
        channel_id = game.row.channel_id
        if channel_id is None:
            return []
        rows: list[DeliveryRow] = []

        def add(kind: str, body: dict[str, Any], *, user_id: int | None = None, prompt_id: str | None = None) -> None:
            rows.append(DeliveryRow(
                game.id, state.step, kind, body, channel_id=None if user_id else channel_id, user_id=user_id,
                prompt_id=prompt_id,
            ))

        for event in step.events:
            if event.to is None:  # a line, a live message edited in place (bot/discord/flow.py)
                for kind, body in self.flow.public_rows(step, event):
                    add(kind, body)
        for kind, body, member in self.flow.extra_rows(step):  # notices, dossiers, the final log
            add(kind, body, user_id=member)
        for event in step.events:
            if event.ack:  # the answer to the click already confirms it
                continue
            for seat_number in event.to or []:
                if reachable(game, seat_number):
                    reader = reading_as(game.name_of, seat_number)  # a DM: the recipient is "you"
                    text = event_text(event, seat_language(game, seat_number), reader)
                    add("text", {"text": text}, user_id=game.seats[seat_number].user_id)
        for seat_number in step.reminder_for:
            if reachable(game, seat_number):
                prompt = next((p for p in state.prompts_for(seat_number) if not p.answered), None)
                seconds = int(step.dues.get(prompt.id, 0) - self.table.clock()) if prompt else 0
                language = seat_language(game, seat_number)
                # the seat's name in the reader's language (an anonymous seat's role is a catalog term)
                reminder = Event(key="reminder", params={"player": seat(seat_number), "seconds": max(seconds, 0)})
                if prompt is not None and prompt.id in step.dues:  # a long deadline reads better as a time
                    when = f"<t:{int(step.dues[prompt.id])}:R>"
                    reminder = Event(key="reminder-due", params={"player": seat(seat_number), "when": when})
                text = event_text(reminder, language, game.name_of)
                add("text", {"text": text}, user_id=game.seats[seat_number].user_id)
        for body in picture_rows(game, state, step.events):  # the game's picture (bot/discord/pictures.py)
            add("picture", body)
        posted = set() if step.rolled_back else self.memory.sent.get(game.id, set())
        for prompt in state.prompts:
            user_id = game.seats[prompt.seat].user_id
            if not reachable(game, prompt.seat) or {(prompt.id, user_id), (prompt.id, None)} & posted:
                continue
            due = step.dues.get(prompt.id)
            where = self.memory.sheet_messages.get((game.id, prompt.sheet)) if prompt.secret and prompt.sheet else None
            if where is not None and not self._holds_sheet(prompt, user_id, where[0], posted):
                where = None  # the sheet's message is in an earlier holder's DMs: the newcomer gets a new one
            if where is not None and prompt.sheet is not None:  # the sheet's message shows this step instead
                language = seat_language(game, prompt.seat)
                body = {
                    "text": clip(prompt_content(game, prompt, language, due), 2000), "language": language,
                    "user": user_id, "sheet": prompt.sheet, "channel": where[0], "message": where[1],
                    "inline": (game.id, prompt.sheet) in self.memory.inline,
                }
                add("edit", body, user_id=user_id, prompt_id=prompt.id)
            elif prompt.secret:
                language = seat_language(game, prompt.seat)
                content = prompt_content(game, prompt, language, due)
                body = {"text": clip(content, 2000), "language": language, "user": user_id}
                add("prompt", body, user_id=user_id, prompt_id=prompt.id)
            else:
                language = game.row.language
                content = f"{public_player(game, prompt.seat, user_id)} " + prompt_content(game, prompt, language, due)
                add("prompt", {"text": clip(content, 2000), "language": language, "user": user_id}, prompt_id=prompt.id)
        for user_id, body in self._closed_sheets(game, state):
            add("sheet-closed", body, user_id=user_id)
        for body in self.channels.plan(step):  # who may write in the channel now (its overwrites)
            add("channel", body)
        for extra in self.extras:  # the dead's thread, the voice channel (graveyard.py, voice.py)
            for kind, body in extra(step):
                add(kind, body)
        if (step.reminder_for and not step.events) or (step.events and all(map(relayed, step.events))):
            return rows  # a reminder, or words the relay posted, change nothing the status message shows
        add("status", {"running": step.status == "running"})  # its text is rendered when it is sent
        return rows

    def _closed_sheets(self, game: LiveGame, state: GameState) -> list[tuple[int, dict[str, Any]]]:
        """(member, body) for each order sheet of the game whose DM message is known but which asks
        nothing any more (its phase is over): the message loses its buttons."""
        open_sheets = {p.sheet for p in state.prompts if p.sheet}
        closed = []
        sheet_messages = self.memory.sheet_messages
        for (game_id, sheet), (channel_id, message_id) in list(sheet_messages.items()):
            if game_id != game.id or sheet in open_sheets:
                continue
            del sheet_messages[(game_id, sheet)]  # never shown again: a sheet belongs to one phase
            number = sheet_seat(sheet)
            if number is None or not 0 <= number < len(game.seats) or not reachable(game, number):
                continue
            language = seat_language(game, number)
            body = {"sheet": sheet, "channel": channel_id, "message": message_id,
                    "text": t(language, "sheet-closed")}
            closed.append((game.seats[number].user_id or 0, body))
        return closed

    def _holds_sheet(self, prompt: Prompt, user_id: int | None, channel_id: int, posted: Posted) -> bool:
        """Whether the sheet's DM message (in `channel_id`) is `user_id`'s, not the seat's earlier holder's."""
        dm = self.memory.dm_channels.get(user_id) if user_id is not None else None
        if dm is not None:
            return dm == channel_id
        if not posted:  # nothing known (a rollback forgets what was posted): the message is the seat's
            return True
        return any(sheet_of(p) == prompt.sheet and u in (user_id, None) for p, u in posted)
