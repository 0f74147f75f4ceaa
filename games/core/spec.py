"""A game as the runtime knows it, in one place: its engine and everything a surface needs of it besides —
the picture the channel is shown, what `?` adds at the terminal, how its web record reads, its replay, the
sides a team game is won by, the checks of its achievements. Each game's package builds one `GameSpec`
(`SPEC` in games/<game>/__init__.py, its parts beside it) and games/registry.py finds it; the Discord side,
the terminal (bot/offline.py), the web record (bot/web/) and the ratings (bot/ratings/) read it, and none of
them names a game.

Everything here is data and pure functions: a picture is drawn from a public view and the seats' names in
the reader's words (`Say`), never from the state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Engine
from games.core.feats import Check
from games.core.model import Event

Say = Callable[..., str]
"""The reader's catalog: say(key, **params) → the message in their language."""
View = dict[str, Any]
"""A public view (`Engine.view(state, None)`)."""
Draw = Callable[[View, list[str], Say], bytes]
"""(public view, the seats' names, the reader's words) → PNG bytes."""
Words = Callable[[View, list[str], Say], str]
"""The same → a text."""


@dataclass(frozen=True)
class Picture:
    """A picture of the table the channel is shown after some public events (Maskmen's strength order,
    Castle's board), drawn again from the same public view by the terminal and the web record."""

    shown_after: frozenset[str]
    """The public events after whose step the channel shows it."""
    draw: Draw
    describe: Words
    """The picture in words: its alt text (screen readers), and its caption on the web record."""
    caption: Words
    """The channel's line that carries the picture."""
    file: Callable[[View], str]
    """What tells this picture from the game's others in a file's name ("season-2", "round-3")."""
    saved: str = "offline-picture"
    """The terminal's line saying where it saved the picture (`$path`)."""
    said_offline: bool = False
    """The terminal also prints the picture in words (not worth it for a long description)."""


@dataclass(frozen=True)
class Replay:
    """A game the web record replays picture by picture, with what each round's public lines tell drawn over
    the picture of its start (Castle's orders), and shows whole as an animated GIF — which the channel is
    given when the game ends."""

    round_starts: str
    """The public event that opens a round: a picture's lines run until the next one."""
    round_of: Callable[[View], int | None]
    """The round whose start a picture shows (0: not told); None: the end of the game."""
    marks: Callable[[list[tuple[str, dict[str, Any]]]], Any]
    """A round's public lines, (key, params) in order → what its frame draws over the picture."""
    draw: Callable[[View, list[str], Say, Any], bytes]
    """(public view, names, words, the round's marks) → the frame's PNG."""
    gif_caption: str
    """The channel's line with the finished game's GIF."""


@dataclass(frozen=True)
class Record:
    """How the game's page on the web record reads (bot/web/pages.py)."""

    chapters: Mapping[str, str] = field(default_factory=dict)
    """Public event key → the catalog message heading the chapter it opens (a round, a season, a phase),
    rendered with the event's own parameters."""
    score: str | None = None
    """The catalog message naming the score column (None: no column; the score says no more than the win)."""
    roles: bool = False
    """The header shows each seat's roles (the results' `roles`, revealed at the end)."""
    places: bool = True
    """The header shows places (not for a game won by a side: its winners are marked, the rest lost)."""
    result_from: tuple[str, ...] = ()
    """Where the final step's lines become the result (key prefixes: the final table's heading, the victory):
    the header shows them from there; none found, the whole final step."""


Seats = list[tuple[bool, list[str]]]
"""A finished game's seats as its results keep them: (won, the seat's roles' catalog keys)."""


@dataclass(frozen=True)
class Sides:
    """A game won by a side: the server's page tells how often each side won, by the number of players."""

    names: tuple[str, ...]
    """The sides, in the table's order (a draw comes last)."""
    columns: tuple[str, ...]
    """Each side's column heading (catalog messages)."""
    title: str
    """The table's heading (`$game`: the game's title)."""
    note: str
    """The line under the heading."""
    winner: Callable[[Seats], str]
    """Which side won a finished game, from its seats; "draw" when nobody did."""


Guide = Callable[[Any, int], list[Event]]
"""(the game's state, a seat) → lines."""


@dataclass(frozen=True)
class GameSpec:
    """One game, as everything outside games/ needs it."""

    engine: Engine[Any]
    picture: Picture | None = None
    replay: Replay | None = None
    guide: Guide | None = None
    """What `?` shows a seat at the terminal besides the status lines (its roles, cards with their texts,
    the exits of its hall …)."""
    guide_adds: bool = False
    """The guide adds to the status lines' private aid (True) or says it in full, in its place (False)."""
    record: Record = field(default_factory=Record)
    sides: Sides | None = None
    feats: Mapping[str, Check] = field(default_factory=dict)
    """The game's own achievement checks, by the name data/achievements/<game>.toml gives them (the shared
    ones are bot/ratings/feats.py's)."""

    @property
    def name(self) -> str:
        return self.engine.name
