"""The games' pictures in the channel are drawn from what each game registers (games.core.spec.Picture), and a
picture row saved before its body kept the whole public view still draws after an upgrade: a restart sends
the rows a step saved, whatever version of the bot saved them."""

from __future__ import annotations

from typing import Any, cast

from bot.discord.pictures import DESCRIPTION_LIMIT, picture_builder
from bot.storage import Storage
from games import registry

NO_STORAGE = cast(Storage, object())
"""A picture (not a GIF) reads nothing from the storage."""
ORDER = {"beats": [["purple", "orange"]], "debuted": ["purple", "orange"]}


def is_png(built: dict[str, Any]) -> bool:
    file = built["file"]
    file.fp.seek(0)
    return bool(file.fp.read(8) == b"\x89PNG\r\n\x1a\n")


async def test_a_picture_row_draws_from_the_view_it_was_saved_with() -> None:
    build = picture_builder(NO_STORAGE)
    body = {"game": "maskmen", "text": "Strength order", "alt": "x" * 2000, "view": {"order": ORDER, "season": 1},
            "names": ["Ada", "Boris"], "language": "en", "name": "maskmen-1-season-1.png"}
    built = await build(body)
    assert is_png(built) and built["file"].filename == "maskmen-1-season-1.png"
    assert built["file"].description == "x" * DESCRIPTION_LIMIT, "the words, within Discord's limit"


async def test_a_maskmen_row_saved_before_rows_kept_the_whole_view_still_draws() -> None:
    build = picture_builder(NO_STORAGE)
    old = {"game": "maskmen", "text": "Strength order: Purple > Orange.", "order": ORDER, "season": 2, "language": "ru",
           "name": "maskmen-1-season-2.png"}
    built = await build(old)
    assert is_png(built) and built["file"].description == "Strength order: Purple > Orange."


async def test_a_row_of_a_game_without_a_picture_draws_nothing() -> None:
    build = picture_builder(NO_STORAGE)
    assert registry.spec("cookie").picture is None
    assert await build({"game": "cookie", "text": "", "language": "en", "name": "x.png"}) == {}
    assert await build({"game": "no-such-game", "text": "", "language": "en", "name": "x.png"}) == {}
