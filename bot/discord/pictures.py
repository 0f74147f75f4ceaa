"""The `picture` delivery kind: the games' pictures in the channel (games.core.spec.Picture: Maskmen's strength
order, Castle's board), read from each game's spec (games/registry.py), so no cog registers anything.
A step after which a game shows its picture plans a picture row, saved with the step as the public view and
names it is drawn from, so a restart draws it again; a game with a replay (games.core.spec.Replay) also gets
the whole game as a GIF at its end, made as its web page makes it (bot/web/replay_frames.py). The files are
drawn when the rows are sent, off the event loop."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord

from bot.discord.kinds import Planned, Sending, tag
from bot.discord.outbox import Message
from bot.discord.outboxes import Outboxes
from bot.i18n import t
from bot.live import LiveGame, Step
from bot.storage import DeliveryRow, Storage
from bot.web.replay_frames import game_gif
from games import registry
from games.core import Event, GameState

PictureBuilder = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
"""A picture row's body → what its message needs (its file), at send time."""
ATTACHMENT_LIMIT = 8 * 1024 * 1024
"""A game's GIF stays under Discord's smallest upload limit (10 MiB): a very long game keeps every k-th round."""
DESCRIPTION_LIMIT = 1024
"""Discord's limit on an attachment's description (the picture in words, for screen readers)."""


def picture_rows(game: LiveGame, state: GameState, events: list[Event]) -> list[dict[str, Any]]:
    """The bodies of the picture rows a step needs: none, unless one of its public events is one the game
    shows its picture after; then the picture, and at the game's end its GIF when it has a replay."""
    spec = registry.spec(game.row.game)
    shown = spec.picture
    if shown is None or not any(e.key in shown.shown_after and e.to is None for e in events):
        return []
    view = game.engine.view(state, None)
    names = [game.name_of(s) for s in range(state.players)]
    language = game.row.language
    say = partial(t, language)
    name = f"{game.row.game}-{game.id}"
    rows = [{
        "game": game.row.game, "text": shown.caption(view, names, say)[:2000], "alt": shown.describe(view, names, say),
        "view": view, "names": names, "language": language, "name": f"{name}-{shown.file(view)}.png",
    }]
    if state.over and spec.replay is not None:
        rows.append({"game": game.row.game, "gif": game.id, "text": t(language, spec.replay.gif_caption),
                     "language": language, "name": f"{name}.gif"})
    return rows


def picture_builder(storage: Storage) -> PictureBuilder:
    async def build(body: dict[str, Any]) -> dict[str, Any]:
        """The row's file: a picture drawn from its view, or a finished game's GIF drawn from the saved log (as the
        game's web page draws it). A row saved before rows kept the view whole (Maskmen's) holds its parts."""
        game = str(body.get("game", ""))
        shown = registry.spec(game).picture if game in registry.available() else None
        if body.get("gif"):
            gif = await game_gif(storage, int(body["gif"]), str(body["language"]), limit=ATTACHMENT_LIMIT)
            return {} if gif is None else {"file": discord.File(io.BytesIO(gif), filename=body["name"])}
        if shown is None:
            return {}
        view = body.get("view", body)
        png = await asyncio.to_thread(shown.draw, view, list(body.get("names", [])), partial(t, body["language"]))
        description = str(body.get("alt") or body["text"])[:DESCRIPTION_LIMIT]
        return {"file": discord.File(io.BytesIO(png), filename=body["name"], description=description)}

    return build


class Pictures:
    name = "picture"

    def __init__(self, outboxes: Outboxes, storage: Storage) -> None:
        self.outboxes = outboxes
        self.build = picture_builder(storage)

    def plan(self, step: Step) -> list[Planned]:
        return [Planned(body) for body in picture_rows(step.game, step.state, step.events)]

    def send(self, row: DeliveryRow) -> Sending:
        return self.outboxes.of(row), Message(
            content=row.body["text"], build=partial(self.build, row.body), rows=[row.id], tag=tag(row)
        )
