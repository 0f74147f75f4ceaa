"""A game's record as the web shows it, read from the saved log (the events the transcript reads): who sat
where, how the channel named them while the game ran, the final table, and the points of the log after
which a picture was shown. Language-free: bot/web/pages.py renders it in a reader's language.

Names. A seat is named as the channel named it: its player's name, or (a game that hides its players,
Mafia's anonymous mode) its public role until the step that ended the game revealed them; a game that
never reached that reveal (ended by a moderator) never names them. A seat whose member ran /forget-me
reads "a former player" in the reader's language.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Term, t
from bot.privacy import FORMER_KEY
from bot.render import SeatNamer
from bot.storage import ActionRow, EventRow, GameRow, Storage
from bot.web.replay import states_after
from games import registry
from games.core import Engine, Event, GameState, Results

log = logging.getLogger(__name__)

ENDED = ("finished", "cancelled")


@dataclass
class Picture:
    """A picture the channel was shown: after the log's event `after` (its seq), drawn from `view` (public)."""

    after: int
    step: int
    view: dict[str, Any]


@dataclass
class Record:
    row: GameRow
    engine: Engine[Any]
    events: list[EventRow]
    final: GameState | None
    results: Results | None
    hidden: dict[int, str] = field(default_factory=dict)
    """Seat → the catalog term naming it in public while the game ran (empty: players are named)."""
    revealed_from: int | None = None
    """The first event (seq) of the step that revealed the hidden players; None: never revealed."""
    places: dict[int, int] = field(default_factory=dict)
    ending: set[int] = field(default_factory=set)
    """The events (seqs) of the step that ended the game: its final table."""
    pictures: list[Picture] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return self.row.status in ENDED

    @property
    def finished(self) -> bool:
        return self.row.status == "finished"

    def real_name(self, seat: int, language: str) -> str:
        return seat_name(self.row, seat, language)

    def named_openly(self, seq: int | None) -> bool:
        """Whether the channel named players by their own names at event `seq` (None: after the game)."""
        if not self.hidden:
            return True
        if self.revealed_from is None:
            return False
        return seq is None or seq >= self.revealed_from

    def namer(self, language: str, seq: int | None) -> SeatNamer:
        """How the seats read at event `seq` (None: the record's header, after the game)."""
        if self.named_openly(seq):
            return lambda seat: self.real_name(seat, language)

        def public(seat: int) -> str:
            term = self.hidden.get(seat)
            return Term(t(language, term), term) if term is not None else self.real_name(seat, language)

        return public

    def event(self, row: EventRow) -> Event:
        return Event(key=row.key, params=row.params, to=row.audience)


def names_of(record: Record, language: str) -> list[str]:
    """Every seat's player's name, as the record keeps it (what a picture of the game is drawn with)."""
    return [record.real_name(seat, language) for seat in range(len(record.row.seats))]


def seat_name(row: GameRow, seat: int, language: str) -> str:
    """The seat's player's name as the game's record keeps it ("a former player" in `language` for a member
    who ran /forget-me)."""
    if not 0 <= seat < len(row.seats):
        return f"#{seat + 1}"
    held = row.seats[seat]
    name = str(held.get("name") or f"#{seat + 1}")
    if held.get("user_id") is None and not held.get("bot") and name == t(row.language, FORMER_KEY):
        return t(language, FORMER_KEY)
    return name


async def load_record(storage: Storage, game_id: int) -> Record | None:
    """The record of a game that has started (None: no such game, or a lobby that never started)."""
    row = await storage.load_game(game_id)
    if row is None or row.state is None:
        return None
    engine = registry.engine(row.game)
    events = await storage.events(game_id)
    final = engine.load(row.state)
    record = Record(row, engine, events, final, engine.results(final))
    record.hidden = _hidden(engine, final)
    if row.status == "finished" and events:
        last = events[-1].action_seq
        record.ending = {e.seq for e in events if e.action_seq == last}
        if record.hidden and final.over:  # named openly from the line that reveals them (the victory) on
            marks = registry.spec(row.game).record.result_from
            reveals = [e.seq for e in events if e.seq in record.ending and e.audience is None and marks
                       and e.key.startswith(marks)]
            record.revealed_from = min(reveals or record.ending)
    record.places = _places(record)
    shown = registry.spec(row.game).picture
    if shown is not None and record.ended:
        actions = await storage.actions(game_id)
        record.pictures = _pictures(record, actions, shown.shown_after)
    return record


def _hidden(engine: Engine[Any], final: GameState) -> dict[int, str]:
    """How the game named each seat in public while it ran (its public name before the end)."""
    running = final.model_copy(update={"over": False})
    hidden = {}
    for seat in range(final.players):
        named = engine.public_name(running, seat)
        if named is not None:
            hidden[seat] = str(named["term"])
    return hidden


def _places(record: Record) -> dict[int, int]:
    """Each seat's place: as the game's own final table gave it (its rows carry `place`), else from the
    results (winners first, then by score; equals share a place)."""
    places: dict[int, int] = {}
    for event in record.events:
        if event.seq in record.ending and event.audience is None:
            player, place = event.params.get("player"), event.params.get("place")
            if isinstance(player, dict) and isinstance(player.get("seat"), int) and isinstance(place, int):
                places[player["seat"]] = place
    if places or record.results is None:
        return places
    results = record.results
    standing = [(seat in results.winners, results.scores[seat]) for seat in range(len(results.scores))]
    for seat, mine in enumerate(standing):
        places[seat] = 1 + sum(1 for other in standing if other > mine)
    return places


def _pictures(record: Record, actions: list[ActionRow], shown_after: frozenset[str]) -> list[Picture]:
    """Where the channel was shown the game's picture (after the steps with one of `shown_after`'s public
    events), and each one's public view, from the replayed log. A log that no longer replays (a rule
    changed since) shows no pictures rather than wrong ones."""
    after: dict[int, int] = {}
    for event in record.events:
        if event.audience is None and event.key in shown_after and event.action_seq is not None:
            after[event.action_seq] = event.seq
    if not after:
        return []
    last_of_step: dict[int, int] = {}
    for event in record.events:
        if event.action_seq in after:
            last_of_step[event.action_seq] = event.seq  # the picture follows its step's last line
    try:
        states = states_after(record.engine, record.row, actions, set(after))
    except Exception:
        log.exception("game %s: its log does not replay; its record shows no pictures", record.row.id)
        return []
    return [
        Picture(after=last_of_step[seq], step=states[seq].step, view=record.engine.view(states[seq], None))
        for seq in sorted(after) if seq in states
    ]
