"""Live messages in the terminal: an event whose params carry `live` is a message Discord edits in place
(Mafia's Leader tally after every vote). A terminal cannot edit, so each version replaces the one still
waiting, and the newest is printed once the game moves on — before the next other line, before asking
the human — and never twice the same."""

from __future__ import annotations

from pathlib import Path

from bot.live import Delivery, Seat
from bot.offline import Terminal, play
from bot.render import event_text
from bot.storage import open_storage
from bot.table import Table
from games.core import Event

TALLY = "mafia-leader-tally"


async def test_watching_mafia_prints_each_days_leader_tally_once_in_its_final_version(tmp_path: Path) -> None:
    db = tmp_path / "offline.db"
    lines: list[str] = []
    game = await play("mafia", players=10, seed=11, language="en", watch=True, db_path=db, say=lines.append)
    assert game is not None and not game.running

    storage = await open_storage(db)
    try:
        events = await storage.events(game.id)
    finally:
        await storage.close()
    tallies = [e for e in events if e.key == TALLY]
    days = sorted({int(e.params["number"]) for e in tallies})
    assert len(tallies) > 2 * len(days), "several votes a day: the tally changed many times"

    def shown(event: object) -> str:
        return event_text(Event(key=TALLY, params=event.params), "en", game.name_of)  # type: ignore[attr-defined]

    printed = [line for line in lines if line.startswith("👑 The Leader vote, Day")]
    finals = [shown([e for e in tallies if e.params["number"] == day][-1]) for day in days]
    assert printed == finals, "once a day: the day's last tally"


async def test_a_live_message_is_shown_before_the_humans_prompt_and_not_again_unchanged(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "games.db")
    try:
        table = Table(storage, use_deadlines=False)
        seats = [Seat(name="You", language="en")] + [Seat(name=name, bot=True) for name in ("Boris", "Clara", "Dmitri")]
        game = await table.start("cookie", seats, seed=3, language="en")
        prompt = next(p for p in game.state.prompts if p.seat == 0 and not p.answered)
        lines: list[str] = []
        terminal = Terminal("en", 0, say=lines.append)

        def live(seconds: int) -> Event:  # any public line can be live: the slot is what matters
            return Event(key="moderator-extended", params={"seconds": seconds, "live": "slot"})

        def text(event: Event) -> str:
            return event_text(event, "en", terminal.names(game))

        await terminal.deliver(Delivery(game, [live(10)]))
        await terminal.deliver(Delivery(game, [live(20)]))
        assert lines == [], "nothing printed while the live message may still change"
        terminal.show_prompt(game, prompt)
        assert lines[0] == text(live(20)), "the newest version, before the question"
        assert text(live(10)) not in lines

        lines.clear()
        await terminal.deliver(Delivery(game, [live(20)]))
        terminal.show_prompt(game, prompt)
        assert text(live(20)) not in lines, "unchanged since it was printed: not again"

        lines.clear()
        paused = Event(key="moderator-paused")
        await terminal.deliver(Delivery(game, [live(30), paused]))
        assert lines == [text(live(30)), text(paused)], "the game moved on: the live message first"
    finally:
        await storage.close()
