"""The Castle replay: the board at the start of every round with that round's orders drawn on it (each
player's path as an arrow in their colour, the skirmishes marked), then the final board, and the whole game
as one animated GIF (Pillow: one frame per round, then the end). The orders come from the round's public
events — the moves and skirmishes the channel was told when the round resolved — so nothing is drawn that
was secret then. Frames and the GIF are drawn off the event loop and kept in the disk cache."""

from __future__ import annotations

import asyncio
import io
import math
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from PIL import Image

from bot.i18n import t
from bot.storage import EventRow, Storage
from bot.storage.web import web_secret
from bot.web.pictures import DiskCache, database_key
from bot.web.record import Picture, Record, load_record
from games.castle.picture import render_board
from games.castle.picture_orders import Move, Orders, orders_overlay
from games.castle.scene import build_scene

MOVES = {"castle-movement": False, "castle-expelled": True}
"""The public events that tell the round's moves (True: an expulsion after a skirmish)."""
SKIRMISHES = "castle-skirmishes"
ROUND = "castle-round"
FRAME_MS, LAST_FRAME_MS = 1600, 5000
GIF_WIDTH = 720
"""The GIF's frames, scaled down from the 900 px board: a whole game stays a few MB (Discord's attachments)."""


@dataclass
class Frame:
    picture: Picture
    round: int | None
    """The round it shows the start of; None: the end of the game."""
    orders: Orders
    lines: list[EventRow] = field(default_factory=list)
    """The round's public lines (its moves, skirmishes, deliveries …): the frame's caption."""


def frames(record: Record) -> list[Frame]:
    """One frame per picture the channel was shown: each round's start with the orders of that round, then
    the end (no orders: nothing more was ordered)."""
    found = []
    pictures = record.pictures
    for index, picture in enumerate(pictures):
        end = pictures[index + 1].after if index + 1 < len(pictures) else picture.after
        lines = []
        for event in record.events:
            if picture.after < event.seq <= end and event.audience is None:
                if event.key == ROUND:
                    break  # the next round's start: the next frame's
                lines.append(event)
        over = bool(picture.view.get("over")) or (index == len(pictures) - 1 and record.finished)
        found.append(Frame(picture, None if over else int(picture.view.get("round") or index + 1),
                           _orders(lines), lines))
    return found


def _orders(lines: list[EventRow]) -> Orders:
    moves: list[Move] = []
    halls: list[str] = []
    for event in lines:
        if event.key in MOVES:
            for params in _lines(event.params):
                path, player = params.get("path"), params.get("player")
                if isinstance(path, str) and isinstance(player, dict) and isinstance(player.get("seat"), int):
                    steps = [hall.strip() for hall in path.split("→") if hall.strip()]
                    moves.append(Move(player["seat"], steps, expelled=MOVES[event.key]))
        elif event.key == SKIRMISHES:
            halls += [str(p["hall"]) for p in _lines(event.params) if isinstance(p.get("hall"), str)]
    return Orders(moves, halls)


def _lines(value: Any) -> list[dict[str, Any]]:
    """The parameters of every nested message in `value` (a `{"lines": [...]}` list of messages)."""
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        if set(value) == {"message", "params"} and isinstance(value["params"], dict):
            found.append(value["params"])
        for inner in value.values():
            found += _lines(inner)
    elif isinstance(value, list):
        for inner in value:
            found += _lines(inner)
    return found


def names_of(record: Record, language: str) -> list[str]:
    return [record.real_name(seat, language) for seat in range(len(record.row.seats))]


def draw_frame(frame: Frame, names: list[str], language: str) -> bytes:
    scene = build_scene(frame.picture.view, names, partial(t, language))
    return render_board(scene, overlay=orders_overlay(frame.orders))


class Replays:
    """The replay's frames and GIF of the games of one database, drawn once into the disk cache."""

    def __init__(self, cache: DiskCache, database: str) -> None:
        self.cache = cache
        self.database = database

    async def frame(self, record: Record, frame: Frame, language: str) -> bytes:
        names = names_of(record, language)
        path = self.cache.path(self.database, record.row.id,
                               f"orders-{frame.picture.step}-{language}-{self.cache.names_key(names)}.png")
        found = self.cache.get(path)
        if found is None:
            found = await asyncio.to_thread(draw_frame, frame, names, language)
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


def animate(pictures: list[bytes]) -> bytes:
    """The frames (PNG bytes) as one looping GIF, the last one held longer."""
    images = []
    for png in pictures:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        height = round(image.height * GIF_WIDTH / image.width)
        image = image.resize((GIF_WIDTH, height), Image.Resampling.LANCZOS)
        images.append(image.quantize(192, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
    if not images:
        return b""
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_FRAME_MS]
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()


async def castle_gif(storage: Storage, game_id: int, language: str, *, limit: int | None = None,
                     cache: DiskCache | None = None) -> bytes | None:
    """A finished Castle game's GIF, as its page gives it (and from the same disk cache): what the bot attaches
    in the channel when the game ends (within `limit` bytes). None: no such game, or it showed no board."""
    record = await load_record(storage, game_id)
    if record is None or not record.ended or not record.pictures:
        return None
    return await Replays(cache or DiskCache(), database_key(await web_secret(storage))).gif(record, language, limit)
