"""The Castle picture's input: a `Scene` (plain data and words already in the viewer's language),
the picture's words with their English fallback, and the players' initials shown on their tokens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.castle.board import Board, Corridor

Say = Callable[..., str]
"""A translator: say(key, **params) -> text, e.g. functools.partial(bot.i18n.t, "ru")."""


ENGLISH_WORDS: dict[str, str] = {
    "players": "Players",
    "delivered": "delivered",
    "carried": "carried",
    "shrine": "shrine",
    "artifact": "Artifact",
    "floor": "Artifacts on the floor",
    "lock": "Lock",
    "barricade": "Barricade",
    "passage": "Secret passage",
    "removed": "Removed",
    "locks": "Locks",
    "barricades": "Barricades",
    "passages": "Secret passages",
    "removed_corridors": "Removed corridors",
    "hall": "hall",
    "rounds_left": "rounds left",
    "passage_ends": "Both ends of a passage",
    "colour_blue": "blue",
    "colour_orange": "orange",
    "colour_green": "green",
    "colour_pink": "pink",
    "colour_light_blue": "light blue",
    "colour_grey": "grey",
}
"""The words a Scene needs, in English; also the fallback for missing keys."""


def picture_words(say: Say) -> dict[str, str]:
    """The picture's words from the message catalog (`castle-picture-players`, …), English where missing."""
    words = {}
    for key, english in ENGLISH_WORDS.items():
        message = f"castle-picture-{key.replace('_', '-')}"
        text = say(message)
        words[key] = english if not text or text == message else text
    return words


@dataclass
class Scene:
    """Everything the picture shows, as plain data and already-translated words.

    Corridors are pairs of hall labels in either order. `corridors` are the ones open now (the
    board's minus the removed ones, plus secret passages); `passages` (also in `corridors`, in the
    order they were opened) are drawn as numbered portal marks at both ends (a short one as a dashed
    line); `removed` are drawn faint and crossed out. Locks and barricades are
    markers on corridors, each with the rounds it has left (`lock_rounds`, `barricade_rounds`; see
    `rounds_left`). Seats are 0-based; `names[seat]` is the display name.
    """

    board: Board
    title: str
    corridors: list[Corridor] = field(default_factory=list)
    removed: list[Corridor] = field(default_factory=list)
    passages: list[Corridor] = field(default_factory=list)
    locks: list[Corridor] = field(default_factory=list)
    barricades: list[Corridor] = field(default_factory=list)
    lock_rounds: dict[Corridor, int] = field(default_factory=dict)
    """Rounds each Lock has left (this one included), by `corridor_key`; drawn on the marker."""
    barricade_rounds: dict[Corridor, int] = field(default_factory=dict)
    """The same for Barricades."""
    positions: dict[int, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    shrines: dict[int, str] = field(default_factory=dict)
    floor: dict[str, int] = field(default_factory=dict)
    carried: dict[int, int] = field(default_factory=dict)
    delivered: dict[int, int] = field(default_factory=dict)
    legend_title: str = ""
    """Heading over the players in the legend; `words["players"]` when empty."""
    words: dict[str, str] = field(default_factory=dict)

    def word(self, key: str) -> str:
        return self.words.get(key) or ENGLISH_WORDS.get(key, key)

    def seats(self) -> list[int]:
        return sorted(set(range(len(self.names))) | set(self.positions) | set(self.shrines))

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else f"#{seat + 1}"



def rounds_left(since: int, until: int, round_number: int) -> int:
    """Rounds a marker in force from round `since` to `until` still blocks, seen in round `round_number`:
    this round too if it is in force now, and only its own rounds if it starts later."""
    return max(0, until - max(since, round_number) + 1)


LOOKALIKES = str.maketrans("АВСЕНКМОРТХаеорсух", "ABCEHKMOPTXaeopcyx")
"""Cyrillic letters drawn like Latin ones: a token "В" would read as hall letter "B"."""


def initials(names: Sequence[str], halls: Sequence[str] = ()) -> list[str]:
    """Two letters per player, never one, so that no token reads as a hall's label ("C", "B…"): the
    first letters of the first two words, or the first two letters of a one-word name (Ada → "Ad",
    Anna Petrova → "AP"). Players who would share letters get the first and the first letter where
    their names differ (Anna, Andrei → "An", "Ad"; equal names add the seat number). A token that is
    still a hall's label (`halls`, Cyrillic look-alikes too) or a lone letter becomes the seat number
    ("#2")."""
    words = [["".join(ch for ch in word if ch.isalnum()) for word in name.split()] for name in names]
    words = [[word for word in found if word] for found in words]
    letters = ["".join(found) for found in words]
    result = []
    for found in words:
        if len(found) >= 2:
            result.append((found[0][:1] + found[1][:1]).upper())
        else:
            word = found[0] if found else ""
            result.append(word[:1].upper() + word[1:2].lower())
    groups: dict[str, list[int]] = {}
    for seat, token in enumerate(result):
        groups.setdefault(token.upper(), []).append(seat)
    for seats in groups.values():
        if len(seats) < 2 or not result[seats[0]]:
            continue
        first = result[seats[0]][:1]
        longest = max(len(letters[seat]) for seat in seats)
        for position in range(1, longest):
            tries = [first + (letters[seat][position : position + 1] or "·").lower() for seat in seats]
            if len(set(tries)) == len(tries):
                break
        else:
            tries = [f"{result[seat]}{seat + 1}" for seat in seats]  # the same names: seat numbers tell them apart
        for seat, text in zip(seats, tries, strict=True):
            result[seat] = text
    taken = {hall.translate(LOOKALIKES).upper() for hall in halls}
    return [f"#{seat + 1}" if len(token) < 2 or token.translate(LOOKALIKES).upper() in taken else token
            for seat, token in enumerate(result)]
