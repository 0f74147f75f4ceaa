"""A game's readable transcript and its full record (JSON): what `/history game:` sends and what the
final channel message of a finished game carries as attachments."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render import SeatNamer, event_text, list_names
from bot.storage import GameRow
from bot.table import Table
from games import registry
from games.core import GM, Event


async def transcript(table: Table, row: GameRow, language: str) -> tuple[str, dict[str, Any]]:
    """A finished game as a readable transcript in `language` and as its full record (JSON): the
    final reveal (the moderator's view of the last state) and every event, private ones marked."""
    engine = registry.engine(row.game)
    record = await table.export(row.id)
    names = [str(s.get("name", "?")) for s in row.seats]

    def name_of(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"

    title = t(language, f"{row.game}-title")
    lines = [t(language, "transcript-title", game=title, id=row.id), ""]
    state = engine.load(row.state) if row.state else None
    results = engine.results(state) if state is not None else None
    if results is not None:
        lines.append(t(language, "transcript-players"))
        for seat, name in enumerate(names):
            lines.append(t(language, "transcript-player", seat=seat + 1, player=name, score=results.scores[seat],
                           won="yes" if seat in results.winners else "no").rstrip())
        lines.append("")
    if state is not None:
        reveal = engine.summary(state, GM)
        if reveal:
            lines.append(t(language, "transcript-reveal"))
            lines += [event_text(e, language, name_of) for e in reveal]
            lines.append("")
        record["reveal"] = engine.view(state, GM)
    lines.append(t(language, "transcript-log"))
    for entry in record["events"]:
        event = Event(key=entry["key"], params=entry["params"], to=entry["audience"])
        line = event_text(event, language, name_of)
        label = audience_label(event, language, name_of)
        lines.append(line if label is None else f"{label} {line}")
    return "\n".join(lines) + "\n", record


def audience_label(event: Event, language: str, name_of: SeatNamer) -> str | None:
    """Whom an event that the channel did not see went to, as the transcript (and the web record) marks it:
    the game master's own note (a moderator notice, a deadline's record) or 🔒 and its players; None for a
    public event."""
    if event.to is None:
        return None
    if event.to == []:
        return t(language, "transcript-gm")
    return t(language, "transcript-private", players=list_names([str(name_of(s)) for s in event.to], language))
