"""The three decks as data (`data/castle/decks.json`): kinds and counts, and each skirmish
card's type and Base. Kinds are fixed by the rules (their effects are code); counts, types and
Bases are the organisers' to rebalance. Every fault is a `DeckError` naming the file."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core.datafiles import read_json

DECKS_FILE = Path(__file__).resolve().parents[2] / "data" / "castle" / "decks.json"

ACTION_KINDS = ("devil", "platform", "passage", "second_wind", "ahaha", "unfair")
"""In priority order (rules page, Phase II): Deal with the Devil first, Unfair Deal last."""
SKIRMISH_KINDS = ("eject", "robbery", "defence", "shackles", "peek", "secret_door")
EVENT_KINDS = ("reshuffle", "udun", "gambling", "current", "webs")
PRIORITY = {kind: index for index, kind in enumerate(ACTION_KINDS)}

SkirmishType = Literal["push", "hold", "trick"]
BEATS: dict[str, str] = {"hold": "push", "push": "trick", "trick": "hold"}
"""Hold beats Push, Push beats Trick, Trick beats Hold."""


class DeckError(ValueError):
    """A deck file that cannot be used; the message names the file and the fault."""


class SkirmishKind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: SkirmishType
    base: int


class Decks(BaseModel):
    """Counts per kind, and the skirmish kinds' type and Base."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, int]
    skirmish: dict[str, int]
    event: dict[str, int]
    skirmish_kinds: dict[str, SkirmishKind]

    def cards(self, deck: Literal["action", "skirmish", "event"]) -> list[str]:
        """Every card of a deck as its kind, in a fixed order (a card's id is its index)."""
        counts: dict[str, int] = getattr(self, deck)
        return [kind for kind, count in counts.items() for _ in range(count)]


def _counts(name: str, section: str, raw: Any, known: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise DeckError(f"deck file {name}: '{section}' must be an object of kind: count")
    counts: dict[str, int] = {}
    for kind, count in raw.items():
        if kind not in known:
            raise DeckError(f"deck file {name}: unknown {section} card kind {kind!r} (known: {', '.join(known)})")
        if isinstance(count, dict):
            count = count.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            raise DeckError(f"deck file {name}: {section} card {kind!r} needs a whole-number count")
        if count < 0:
            raise DeckError(f"deck file {name}: {section} card {kind!r} has a negative count {count}")
        counts[kind] = count
    return {kind: counts.get(kind, 0) for kind in known}


def _skirmish_kinds(name: str, raw: dict[str, Any]) -> dict[str, SkirmishKind]:
    kinds: dict[str, SkirmishKind] = {}
    for kind in SKIRMISH_KINDS:
        entry = raw.get(kind)
        if not isinstance(entry, dict):
            raise DeckError(f"deck file {name}: skirmish card {kind!r} needs its type and base")
        if entry.get("type") not in BEATS:
            raise DeckError(f"deck file {name}: skirmish card {kind!r} has type {entry.get('type')!r} "
                            "(push, hold or trick)")
        base = entry.get("base")
        if not isinstance(base, int) or isinstance(base, bool) or base < 0:
            raise DeckError(f"deck file {name}: skirmish card {kind!r} needs a whole-number base of 0 or more")
        kinds[kind] = SkirmishKind(type=entry["type"], base=base)
    return kinds


def load_decks(path: str | Path = DECKS_FILE) -> Decks:
    return _load(str(Path(path).resolve()))


@lru_cache(maxsize=16)
def _load(path: str) -> Decks:
    name = Path(path).name
    raw = read_json(path, "deck file", DeckError)
    if not isinstance(raw, dict):
        raise DeckError(f"deck file {name}: expected a JSON object with action, skirmish and event")
    for section in raw:
        if section not in ("action", "skirmish", "event"):
            raise DeckError(f"deck file {name}: unknown section {section!r} (action, skirmish, event)")
    skirmish_raw = raw.get("skirmish")
    if not isinstance(skirmish_raw, dict):
        raise DeckError(f"deck file {name}: 'skirmish' must be an object of kind: {{count, type, base}}")
    decks = Decks(
        action=_counts(name, "action", raw.get("action"), ACTION_KINDS),
        skirmish=_counts(name, "skirmish", skirmish_raw, SKIRMISH_KINDS),
        event=_counts(name, "event", raw.get("event"), EVENT_KINDS),
        skirmish_kinds=_skirmish_kinds(name, skirmish_raw),
    )
    if not decks.cards("event"):
        raise DeckError(f"deck file {name}: the event deck is empty")
    return decks


def check_enough(decks: Decks, players: int, name: str = DECKS_FILE.name) -> None:
    """The deal needs 2 action and 2 skirmish cards per player."""
    for deck in ("action", "skirmish"):
        if len(decks.cards(deck)) < 2 * players:  # type: ignore[arg-type]
            raise DeckError(f"deck file {name}: the {deck} deck has too few cards for {players} players")
