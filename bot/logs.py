"""Log lines for people (`LOG_FORMAT=text`, the default) or for log collectors (`LOG_FORMAT=json`: one
JSON object per line, e.g. for Loki, Elasticsearch or `journalctl -o cat | jq`).

A JSON line carries the time, the level, the logger, `event` (the message's template: the same for every
line of its kind, so lines can be counted and searched by it), `message` (the line as text would show
it), `game_id` when the line is about one game (`extra={"game_id": …}`, or a line written "game %s: …"
with the id first, the project's convention), `shards` (the gateway shards this process runs, when
SHARD_IDS/SHARD_COUNT are set), and the exception's traceback when there is one. What the text
format leaves out stays out: the chatty discord.py loggers are capped at INFO (cli.py: at DEBUG they log
request bodies, gateway events and whole webhook URLs) and no line carries a token, a password or a
player's choice. Whatever a library logs, at any level, passes `RedactTokens` on the way out: a
`/webhooks/<id>/<token>` or `/interactions/<id>/<token>` URL (an interaction's token, or a seat webhook's
permanent one: whoever holds it posts under that seat's public role) keeps its id and loses its token.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

GAME_LINE = "game %s"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
TOKEN_IN_URL = re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/?#\s'\"<>]+")
"""A webhook's or an interaction's URL: the token follows the id."""
REDACTED = "***"


def redact(text: str) -> str:
    """`text` with every token in a webhook's or an interaction's URL replaced by ***."""
    return TOKEN_IN_URL.sub(rf"\g<1>{REDACTED}", text)


class RedactTokens(logging.Filter):
    """Takes tokens out of a record before any handler writes it: from its message and its arguments (a URL
    given as an argument, as discord.py's webhook adapter does) and from its exception's text."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(arg) for arg in record.args)
        elif isinstance(record.args, Mapping):
            record.args = {key: _redacted(value) for key, value in record.args.items()}
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def _redacted(value: Any) -> Any:
    """An argument as it may be logged: itself, or its text without the token (a URL object too)."""
    if isinstance(value, int | float | bool) or value is None:
        return value
    text = str(value)
    cleaned = redact(text)
    return value if cleaned == text else cleaned


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
        if record.exc_text or record.exc_info:
            line["exception"] = record.exc_text or self.formatException(record.exc_info)  # (redacted already)
        return json.dumps(line, ensure_ascii=False, default=str)


def set_up(level: str, log_format: str, shards: list[int] | None = None) -> None:
    """The root logger writes to stderr, as text or as JSON lines, never a token."""
    logging.basicConfig(level=level.upper(), format=TEXT_FORMAT)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(RedactTokens())
        if log_format == "json":
            handler.setFormatter(JsonFormatter(shards))
