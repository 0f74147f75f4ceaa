"""What the runtime needs of Sword of Lies besides its engine (games.core.spec): how its web record reads."""

from __future__ import annotations

from games.core.spec import Record

RECORD = Record(chapters={
    "sol-event-castling": "web-chapter-castling",
    "sol-event-betting-begins": "web-chapter-betting",
    "sol-event-war-begins": "web-chapter-war",
}, score="web-score-sword-of-lies", result_from=("sol-event-war-over", "sol-event-standings"))
