"""What the runtime needs of Castle besides its engine (games.core.spec): the board picture the channel is
shown at the start of every round and at the end, the replay of the whole game with each round's orders
drawn on the board (games/castle/replay.py), what `?` adds at the terminal, and how its web record reads."""

from __future__ import annotations

from typing import Any

from games.castle import picture, replay
from games.castle.scene import BOARD_SHOWN_AFTER, build_scene
from games.castle.summary import guide
from games.core.spec import Picture, Record, Replay, Say


def _draw(view: dict[str, Any], names: list[str], say: Say) -> bytes:
    return picture.render_board(build_scene(view, names, say))


def _words(view: dict[str, Any], names: list[str], say: Say) -> str:
    return picture.text_form(build_scene(view, names, say))


def _title(view: dict[str, Any], names: list[str], say: Say) -> str:
    return build_scene(view, names, say).title


PICTURE = Picture(
    shown_after=BOARD_SHOWN_AFTER, draw=_draw, describe=_words, caption=_title,
    file=lambda view: f"round-{view['round']}", saved="offline-castle-picture",
)
REPLAY = Replay(round_starts=replay.ROUND, round_of=replay.round_of, marks=replay.orders, draw=replay.draw_frame,
                gif_caption="web-castle-gif")
GUIDE = guide
"""`?` at the terminal: the exits of your hall and where every artifact lies, after the status lines' aid."""
RECORD = Record(chapters={"castle-round": "web-chapter-round"}, score="web-score-castle", result_from=("castle-over-",))
