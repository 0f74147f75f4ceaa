"""The web record's pages as HTML: Jinja2 templates (bot/web/templates/, autoescaped: a player's name or
words are text, never markup) filled from a game's record, every word from the catalogs and every line of
the game through the same Fluent messages as the channel (`bot.render.event_text`).

A game's page: the header (the game, its server and channel, when it ended, the players with their places,
the final table), then the log in chapters (rounds, seasons, phases), each public line in order with the
pictures the channel was shown. With the spoiler switch on, each chapter also holds what was secret then
(private messages marked 🔒 with whom they went to, the game master's notes) and the page ends with
everything revealed; with it off, the page holds nothing the channel did not see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from babel.dates import format_datetime
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from bot.i18n import LANGUAGES, render, t
from bot.render import event_text
from bot.transcript import audience_label
from bot.web.record import Record, names_of
from bot.web.replay_frames import frames, replay_of
from games import registry
from games.core import GM

TEMPLATES = Path(__file__).resolve().parent / "templates"
SETUP_CHAPTER = "web-chapter-setup"
"""The heading of what comes before a game's first chapter (its set-up)."""
BOLD = re.compile(r"\*\*(.+?)\*\*")


def _lines(text: str) -> Markup:
    """A catalog line as HTML: escaped, Discord's **bold** kept as bold (newlines stay: CSS pre-line)."""
    return Markup(BOLD.sub(lambda m: f"<strong>{m.group(1)}</strong>", str(escape(text))))


ENV = Environment(
    loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True, lstrip_blocks=True,
)
ENV.filters["lines"] = _lines


def compile_templates() -> None:
    for name in ENV.list_templates():
        ENV.get_template(name)


def date_text(moment: float, language: str, *, time: bool = True) -> str:
    when = datetime.fromtimestamp(moment, UTC)
    if not time:
        return format_datetime(when, "d MMMM y", locale=language)
    return format_datetime(when, "d MMMM y, HH:mm", locale=language) + " UTC"


@dataclass
class Item:
    kind: str
    """line (public), secret (to players), gm (the game master's note) or picture."""
    text: str = ""
    label: str | None = None
    src: str = ""


@dataclass
class Chapter:
    anchor: str
    title: str
    items: list[Item] = field(default_factory=list)


def languages(query: str = "") -> list[tuple[str, str]]:
    """The language switch: (language, link to this page in it), the page's other settings kept (`query`)."""
    return [(language, f"?lang={language}{query}") for language in LANGUAGES]


def game_page(record: Record, language: str, spoilers: bool, token: str, root: str) -> str:
    row = record.row
    game_title = t(language, f"{row.game}-title")
    if not record.ended:
        return progress_page(t(language, "web-title-game", game=game_title, id=row.id), language, root)
    spec = registry.spec(row.game)
    shown = spec.picture
    names = names_of(record, language)
    chapters = [Chapter("setup", t(language, SETUP_CHAPTER))]
    pictures = {picture.after: index for index, picture in enumerate(record.pictures)}
    about = spec.record
    for event_row in record.events:
        if event_row.audience is None or spoilers:
            namer = record.namer(language, event_row.seq)
            event = record.event(event_row)
            heading = about.chapters.get(event.key) if event.to is None else None
            if heading is not None:
                chapters.append(Chapter(f"c{len(chapters)}", render(language, heading, event.params, namer)))
            label = audience_label(event, language, namer)
            chapters[-1].items.append(Item("line" if label is None else "gm" if event.to == [] else "secret",
                                           event_text(event, language, namer), label))
        if event_row.seq in pictures and shown is not None:
            number = pictures[event_row.seq]
            view = record.pictures[number].view
            chapters[-1].items.append(Item("picture", shown.describe(view, names, partial(t, language)),
                                           src=f"{token}/picture/{number + 1}.png?lang={language}"))
    if not chapters[0].items:
        chapters.pop(0)
    after = record.namer(language, None)
    reveal = []
    if spoilers and record.final is not None:
        reveal = [event_text(e, language, after) for e in record.engine.summary(record.final, GM)]
    ending = [e for e in record.events if e.seq in record.ending and e.audience is None]
    marks = about.result_from
    start = next((i for i, e in enumerate(ending) if e.key.startswith(marks)), 0) if marks else 0
    result = [event_text(record.event(e), language, after) for e in ending[start:]]
    spoiler_query = "&spoilers=on" if spoilers else ""
    return ENV.get_template("game.html").render(
        lang=language, languages=languages(spoiler_query), root=root,
        spoiler_href=f"?lang={language}&spoilers={'off' if spoilers else 'on'}",
        title=t(language, "web-title-game", game=game_title, id=row.id),
        where=_where(record, language), ended=t(language, "web-ended", date=date_text(row.updated_at, language)),
        players=_players(record, language), score=t(language, about.score) if about.score and record.results else None,
        places=about.places and bool(record.places),
        roles=about.roles and record.results is not None and record.results.roles is not None,
        result=result, cancelled=row.status == "cancelled", chapters=chapters, reveal=reveal, spoilers=spoilers,
        replay=replay_of(record) is not None, token=token, t=_say(language),
    )


def _say(language: str) -> Any:
    return lambda key, **params: t(language, key, **params)


def _where(record: Record, language: str) -> str:
    place = record.row.meta.get("place") or {}
    if record.row.guild_id is None:
        return t(language, "web-offline")
    server, channel = place.get("server"), place.get("channel")
    if not server:  # a game from before the record kept its place
        return t(language, "web-discord")
    return t(language, "web-place", server=server, channel=channel) if channel else str(server)


def _players(record: Record, language: str) -> list[dict[str, Any]]:
    """The header's rows, best place first: place, name, roles, score, winner."""
    results = record.results
    namer = record.namer(language, None)
    rows = []
    for seat in range(len(record.row.seats)):
        name = str(namer(seat))  # an anonymous game's public role, if the end never revealed the players
        roles = results.roles[seat] if results is not None and results.roles is not None else []
        rows.append({
            "seat": seat, "place": record.places.get(seat), "name": name,
            "roles": " · ".join(t(language, role) for role in roles),
            "score": results.scores[seat] if results is not None else None,
            "won": results is not None and seat in results.winners,
        })
    return sorted(rows, key=lambda r: (r["place"] is None, r["place"] or 0, r["seat"]))


def progress_page(title: str, language: str, root: str) -> str:
    """A game not over yet: its name and number, and nothing else."""
    return ENV.get_template("progress.html").render(lang=language, languages=languages(), root=root, title=title,
                                                    t=_say(language))


def replay_page(record: Record, language: str, step: int, token: str, root: str) -> str:
    """A game's replay at `step` (1-based): every frame's picture and caption, for the keys to step through."""
    game_title = t(language, f"{record.row.game}-title")
    shown = []
    namer = record.namer(language, None)
    found = frames(record)
    for index, frame in enumerate(found):
        heading = t(language, "web-replay-end") if frame.round is None else \
            t(language, "web-replay-round", round=frame.round)
        lines = [event_text(record.event(e), language, namer) for e in frame.lines]
        where = f"{heading} · {t(language, 'web-replay-step', step=index + 1, steps=len(found))}"
        shown.append({"src": f"replay/{index + 1}.png?lang={language}", "title": heading, "where": where,
                      "lines": lines, "step": index + 1})
    return ENV.get_template("replay.html").render(
        lang=language, languages=languages(f"&step={step}"), root=root, step=step, frames=shown, token=token, wide=True,
        title=t(language, "web-replay-title", game=game_title, id=record.row.id), t=_say(language),
    )


def error_page(language: str, status: int, message: str, root: str) -> str:
    return ENV.get_template("error.html").render(lang=language, status=status, message=message, languages=[],
                                                 root=root, title=str(status), t=_say(language))


def index_page(language: str, root: str) -> str:
    return ENV.get_template("index.html").render(lang=language, languages=languages(), root=root,
                                                 title="Game Master", t=_say(language))


def server_page(language: str, context: dict[str, Any], root: str) -> str:
    return ENV.get_template("server.html").render(lang=language, languages=languages(), root=root, t=_say(language),
                                                  **context)
