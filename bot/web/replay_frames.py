"""A game's replay (games.core.spec.Replay: Castle's): every picture the channel was shown, each with what its
round's public lines tell drawn over it (the orders, the skirmishes), then the whole game as one animated GIF.
The lines are the round's public events — what the channel was told when the round resolved — so nothing is
drawn that was secret then. Frames and the GIF are drawn off the event loop and kept in the disk cache."""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.i18n import t
from bot.storage import EventRow, Storage
from bot.storage.web import web_secret
from bot.web.pictures import DiskCache, database_key
from bot.web.record import Picture, Record, load_record, names_of
from games import registry
from games.core.drawing import animate
from games.core.spec import Replay


@dataclass
class Frame:
    picture: Picture
    round: int | None
    """The round it shows the start of; None: the end of the game."""
    marks: Any
    """What the round's lines tell, drawn over the picture (`Replay.marks`)."""
    lines: list[EventRow] = field(default_factory=list)
    """The round's public lines (its moves, skirmishes, deliveries …): the frame's caption."""


def replay_of(record: Record) -> Replay | None:
    """The game's replay, if it has one and showed pictures to replay."""
    replay = registry.spec(record.row.game).replay
    return replay if replay is not None and record.pictures else None


def frames(record: Record) -> list[Frame]:
    """One frame per picture the channel was shown: each round's start with what that round's lines tell, then
    the end (nothing drawn over it: nothing more was ordered). None for a game with no replay."""
    replay = replay_of(record)
    if replay is None:
        return []
    found = []
    pictures = record.pictures
    for index, picture in enumerate(pictures):
        end = pictures[index + 1].after if index + 1 < len(pictures) else picture.after
        lines = []
        for event in record.events:
            if picture.after < event.seq <= end and event.audience is None:
                if event.key == replay.round_starts:
                    break  # the next round's start: the next frame's
                lines.append(event)
        shown = replay.round_of(picture.view)
        over = shown is None or (index == len(pictures) - 1 and record.finished)
        marks = replay.marks([(event.key, event.params) for event in lines])
        found.append(Frame(picture, None if over else shown or index + 1, marks, lines))
    return found


class Replays:
    """The replay's frames and GIF of the games of one database, drawn once into the disk cache."""

    def __init__(self, cache: DiskCache, database: str) -> None:
        self.cache = cache
        self.database = database

    async def frame(self, record: Record, frame: Frame, language: str) -> bytes:
        replay = replay_of(record)
        assert replay is not None, "a frame is a replay's"
        names = names_of(record, language)
        path = self.cache.path(self.database, record.row.id,
                               f"orders-{frame.picture.step}-{language}-{self.cache.names_key(names)}.png")
        found = self.cache.get(path)
        if found is None:
            found = await asyncio.to_thread(replay.draw, frame.picture.view, names, partial(t, language), frame.marks)
            self.cache.put(path, found)
        return found

    async def gif(self, record: Record, language: str, limit: int | None = None) -> bytes:
        """The whole game; within `limit` bytes when given (a long game then keeps every k-th round and the end)."""
        names = names_of(record, language)
        path = self.cache.path(self.database, record.row.id, f"game-{language}-{self.cache.names_key(names)}.gif")
        found = self.cache.get(path)
        pictures: list[bytes] = []
        if found is None:
            pictures = [await self.frame(record, frame, language) for frame in frames(record)]
            found = await asyncio.to_thread(animate, pictures)
            self.cache.put(path, found)
        if limit is None or len(found) <= limit:
            return found
        pictures = pictures or [await self.frame(record, frame, language) for frame in frames(record)]
        every = math.ceil(len(found) / limit)
        while len(found) > limit and every < len(pictures):
            every += 1
            found = await asyncio.to_thread(animate, [*pictures[:-1:every], pictures[-1]])
        return found


async def game_gif(storage: Storage, game_id: int, language: str, *, limit: int | None = None,
                   cache: DiskCache | None = None) -> bytes | None:
    """A finished game's GIF, as its page gives it (and from the same disk cache): what the bot attaches in the
    channel when the game ends (within `limit` bytes). None: no such game, no replay, or it showed no picture."""
    record = await load_record(storage, game_id)
    if record is None or not record.ended or replay_of(record) is None:
        return None
    return await Replays(cache or DiskCache(), database_key(await web_secret(storage))).gif(record, language, limit)
