"""What the runtime needs of Maskmen besides its engine (games.core.spec): the strength-order picture the
channel is shown whenever the order changes (and the terminal, and the web record), and how its web record
reads."""

from __future__ import annotations

from typing import Any

from games.core.spec import Picture, Record, Say
from games.maskmen import picture


def _draw(view: dict[str, Any], names: list[str], say: Say) -> bytes:
    return picture.render_order(view["order"], picture.order_texts(say, season=view["season"]))


def _words(view: dict[str, Any], names: list[str], say: Say) -> str:
    return picture.text_form(view["order"], say)


PICTURE = Picture(
    shown_after=picture.ORDER_CHANGES, draw=_draw, describe=_words, caption=_words,
    file=lambda view: f"season-{view['season']}", saved="offline-picture", said_offline=True,
)
RECORD = Record(chapters={"maskmen-season-start": "web-chapter-season"}, score="web-score-maskmen",
                result_from=("maskmen-standings",))
