"""What the runtime needs of Cookie besides its engine (games.core.spec): how its web record reads."""

from __future__ import annotations

from games.core.spec import Record

RECORD = Record(chapters={"cookie-event-round-start": "web-chapter-round"}, score="web-score-cookie",
                result_from=("cookie-standings",))
