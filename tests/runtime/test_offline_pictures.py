"""Offline pictures are one file per game and per database: two databases' game #1 never overwrite
each other's picture (issue 36 §7), for Castle's board and Maskmen's strength order alike."""

from __future__ import annotations

import re
from pathlib import Path

from bot.offline import play

PICTURE = re.compile(r"🖼 .*: (\S+\.png)$")


async def pictures(game: str, database: Path, options: dict[str, object]) -> set[Path]:
    said: list[str] = []
    finished = await play(game, players=3, seed=4, language="en", watch=True, db_path=database, say=said.append,
                          options=options)
    assert finished is not None and not finished.running
    return {Path(m.group(1)) for line in said if (m := PICTURE.match(line))}


async def test_two_databases_never_share_a_picture(tmp_path: Path) -> None:
    one = await pictures("castle", tmp_path / "one.db", {"max_rounds": 2})
    other = await pictures("castle", tmp_path / "elsewhere" / "one.db", {"max_rounds": 2})
    third = await pictures("castle", tmp_path / "two.db", {"max_rounds": 2})
    assert len(one) == len(other) == len(third) == 1, "one file per game, updated every round"
    assert len(one | other | third) == 3, (one, other, third)
    assert all(path.exists() for path in one | other | third)
    assert next(iter(one)) == tmp_path / "out" / "one-castle-1.png", "beside its database, named by it"


async def test_the_strength_order_picture_is_named_by_its_database_too(tmp_path: Path) -> None:
    (path,) = await pictures("maskmen", tmp_path / "club.db", {"seasons": 1})
    assert path == tmp_path / "out" / "club-maskmen-1.png" and path.exists()
