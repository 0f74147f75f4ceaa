"""Achievements: loaded from data/achievements/<game>.toml, awarded from a finished game's saved events
and final state (bot/ratings/feats.py), to the members who held the earning seats at the game's end."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.ratings.feats import Finished, checks_for
from bot.ratings.holders import END
from bot.ratings.maths import Holder

FOLDER = Path(__file__).resolve().parents[2] / "data" / "achievements"


@dataclass(frozen=True)
class Achievement:
    id: str
    game: str
    check: str
    params: dict[str, Any]

    @property
    def name_key(self) -> str:
        return f"achievement-{self.id}"

    @property
    def about_key(self) -> str:
        return f"achievement-{self.id}-about"


@functools.cache
def catalog() -> dict[str, tuple[Achievement, ...]]:
    """Every game's achievements, in the order of its file (a file's name is the game's, `_` for `-`)."""
    found: dict[str, tuple[Achievement, ...]] = {}
    for path in sorted(FOLDER.glob("*.toml")):
        game = path.stem.replace("_", "-")
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("achievement", [])
        checks = checks_for(game)
        listed = []
        for entry in entries:
            params = {k: v for k, v in entry.items() if k not in ("id", "check")}
            if entry["check"] not in checks:
                raise ValueError(f"{path.name}: {entry['id']} uses an unknown check {entry['check']!r}")
            listed.append(Achievement(entry["id"], game, entry["check"], params))
        found[game] = tuple(listed)
    return found


def by_id(achievement_id: str) -> Achievement | None:
    return next((a for listed in catalog().values() for a in listed if a.id == achievement_id), None)


def earned(done: Finished, seats: Sequence[tuple[Holder, ...]]) -> list[tuple[int, str]]:
    """(member, achievement) of the members who held an earning seat at the game's end, in the
    catalog's order, then seat order."""
    awards = []
    checks = checks_for(done.game)
    for achievement in catalog().get(done.game, ()):
        for number in sorted(checks[achievement.check](done, achievement.params)):
            if not 0 <= number < len(seats):
                continue
            for holder in seats[number]:
                if holder.member and holder.user_id is not None and holder.ended == END:
                    awards.append((holder.user_id, achievement.id))
    return awards
