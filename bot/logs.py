"""Log lines for people (`LOG_FORMAT=text`, the default) or for log collectors (`LOG_FORMAT=json`: one
JSON object per line, e.g. for Loki, Elasticsearch or `journalctl -o cat | jq`).

A JSON line carries the time, the level, the logger, `event` (the message's template: the same for every
line of its kind, so lines can be counted and searched by it), `message` (the line as text would show
it), `game_id` when the line is about one game (`extra={"game_id": …}`, or a line written "game %s: …"
with the id first, the project's convention), `shards` (the gateway shards this process runs, when
SHARD_IDS/SHARD_COUNT are set), and the exception's traceback when there is one. What the text
format leaves out stays out: the chatty discord.py loggers are capped at INFO (cli.py) and no line
carries a token, a password or a player's choice.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

GAME_LINE = "game %s"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    def __init__(self, shards: list[int] | None = None) -> None:
        super().__init__()
        self.shards = shards

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": str(record.msg),
            "message": record.getMessage(),
        }
        game_id = getattr(record, "game_id", None)
        if game_id is None and str(record.msg).startswith(GAME_LINE) and isinstance(record.args, tuple) and record.args:
            game_id = record.args[0]
        if game_id is not None:
            line["game_id"] = game_id
        if self.shards is not None:
            line["shards"] = self.shards
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def set_up(level: str, log_format: str, shards: list[int] | None = None) -> None:
    """The root logger writes to stderr, as text or as JSON lines."""
    logging.basicConfig(level=level.upper(), format=TEXT_FORMAT)
    if log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter(shards))
