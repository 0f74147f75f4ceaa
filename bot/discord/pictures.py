"""The `picture` delivery kind: what a game shows as a picture in its channel (the Maskmen strength order,
Castle's board each round and its game as a GIF at the end). Each game that has pictures gives two drawers,
by game name: one plans a step's pictures (the bodies of the rows, saved with the step: the message text and
what is needed to draw the file), the other draws a row's file when it is sent, off the event loop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.discord.kinds import Planned, Sending, tag
from bot.discord.outbox import Message
from bot.discord.outboxes import Outboxes
from bot.live import LiveGame, Step
from bot.storage import DeliveryRow
from games.core import Event, GameState

Presenter = Callable[[LiveGame, GameState, list[Event]], list[dict[str, Any]]]
"""A game's pictures for a step: the bodies of picture rows, saved with the step. Each holds its message text
("text") and what the game's builder needs to draw the file."""
PictureBuilder = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
"""A picture row's body → the message's file (`{"file": …}`), drawn when it is sent."""


class Pictures:
    name = "picture"

    def __init__(
        self, outboxes: Outboxes, presenters: Mapping[str, Presenter], builders: Mapping[str, PictureBuilder]
    ) -> None:
        self.outboxes = outboxes
        self.presenters = presenters
        """By game name: what each game shows as pictures (filled as the games' cogs load)."""
        self.builders = builders
        """By game name: how each game draws a picture row's file."""

    def plan(self, step: Step) -> list[Planned]:
        presenter = self.presenters.get(step.game.row.game)
        return [] if presenter is None else [Planned(body) for body in presenter(step.game, step.state, step.events)]

    def send(self, row: DeliveryRow) -> Sending:
        game_name = str(row.body.get("game", ""))

        async def picture() -> dict[str, Any]:
            builder = self.builders.get(game_name)
            return await builder(row.body) if builder is not None else {}

        return self.outboxes.of(row), Message(content=row.body["text"], build=picture, rows=[row.id], tag=tag(row))
