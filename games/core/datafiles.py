"""Reading a game's data file (a board, a deck list): one place that turns an unreadable or malformed
file into the game's own error, naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json(path: str | Path, label: str, error: type[Exception]) -> Any:
    """The file's JSON, or `error("<label> <file name>: <fault>")`."""
    name = Path(path).name
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as fault:
        raise error(f"{label} {name}: cannot be read ({fault.strerror or fault})") from fault
    except (UnicodeDecodeError, json.JSONDecodeError) as fault:
        raise error(f"{label} {name}: malformed JSON ({fault})") from fault
