"""Offline play: the same games and the same table in a terminal, with bot players.

One human seat (or none with --watch); the human's private prompts and events are shown only to
them; public events print as the channel would show them. Games are saved like any other, so
`--resume ID` continues one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.render import event_text, option_text, prompt_text, refusal_text, visible_to
from bot.storage import Storage
from bot.table import Delivery, LiveGame, Seat, Table
from games.core import Action, Event, Prompt

BOT_NAMES = ["Ada", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Hugo", "Irina", "Jonas", "Katya"]

Ask = Callable[[str], Awaitable[str]]
Say = Callable[[str], None]


async def _stdin_ask(text: str) -> str:
    return await asyncio.to_thread(input, text)


PICTURES_DIR = Path(__file__).resolve().parent.parent / "data" / "out"


async def maskmen_picture(game: LiveGame, events: list[Event], language: str) -> list[str]:
    """Maskmen: the strength order as text, and as a picture saved to a file (its path printed)."""
    from games.maskmen.picture import order_texts, render_order, text_form

    if not any(e.key in {"maskmen-debut", "maskmen-proved"} and e.to is None for e in events):
        return []
    view = game.engine.view(game.state, None)
    say = partial(t, language)
    png = await asyncio.to_thread(render_order, view["order"], order_texts(say, season=view["season"]))
    PICTURES_DIR.mkdir(parents=True, exist_ok=True)
    path = PICTURES_DIR / f"maskmen-{game.id}-step-{game.state.step}.png"
    path.write_bytes(png)
    return [text_form(view["order"], say), t(language, "offline-picture", path=str(path))]


OFFLINE_EXTRAS: dict[str, Callable[[LiveGame, list[Event], str], Awaitable[list[str]]]] = {
    "maskmen": maskmen_picture,
}


class Terminal:
    def __init__(self, language: str, human_seat: int | None, say: Say = print, ask: Ask = _stdin_ask) -> None:
        self.language = language
        self.human = human_seat
        self.say = say
        self.ask = ask

    async def deliver(self, delivery: Delivery) -> None:
        game = delivery.game
        for event in delivery.events:
            if not visible_to(event, self.human):
                continue
            text = event_text(event, self.language, game.name_of)
            if event.to is not None:
                text = f"{text}  {t(self.language, 'offline-private')}"
            self.say(text)
        extra = OFFLINE_EXTRAS.get(game.row.game)
        if extra is not None:
            for line in await extra(game, delivery.events, self.language):
                self.say(line)

    def show_summary(self, game: LiveGame) -> None:
        for event in game.engine.summary(game.state, self.human):
            self.say(event_text(event, self.language, game.name_of))

    async def answer(self, game: LiveGame, prompt: Prompt) -> Action | None:
        """Ask until the input is a well-formed answer; None means the player quits."""
        lang = self.language
        self.say("")
        self.say(f"{t(lang, 'offline-your-turn')} {prompt_text(prompt, lang, game.name_of)}")
        for number, option in enumerate(prompt.options, start=1):
            mark = " ✗" if option.disabled else ""
            self.say(f"  {number}. {option_text(option, lang, game.name_of)}{mark}")
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            self.say("  " + t(lang, "offline-amount", low=prompt.low, high=prompt.high))
        if prompt.ask == "text":
            self.say("  " + t(lang, "offline-text"))
        while True:
            raw = (await self.ask("> ")).strip()
            if raw.lower() in {"q", "quit", "exit"}:
                return None
            if raw == "?":
                self.show_summary(game)
                continue
            if prompt.ask == "text" and raw:
                return Action(prompt=prompt.id, value=raw)
            if prompt.ask == "number" and raw.startswith("="):
                try:
                    return Action(prompt=prompt.id, value=int(raw[1:].strip()))
                except ValueError:
                    pass
            if raw.isdigit() and 1 <= int(raw) <= len(prompt.options):
                return Action(prompt=prompt.id, value=prompt.options[int(raw) - 1].value)
            self.say(t(lang, "offline-bad-number", count=len(prompt.options)))


async def play(
    game_name: str,
    *,
    players: int,
    seed: int | None = None,
    language: str = "en",
    watch: bool = False,
    db_path: str | Path = ":memory:",
    resume: int | None = None,
    options: dict[str, Any] | None = None,
    say: Say = print,
    ask: Ask = _stdin_ask,
    human_name: str | None = None,
) -> LiveGame | None:
    human_name = human_name or t(language, "offline-human-name")
    storage = await Storage.open(db_path)
    try:
        table = Table(storage, use_deadlines=False)
        human_seat = None if watch else 0
        terminal = Terminal(language, human_seat, say, ask)
        table.listeners.append(terminal.deliver)
        if resume is not None:
            game = await table.get(resume)
            if game is None:
                say(t(language, "error-no-game"))
                return None
            human_seat = None if all(s.bot for s in game.seats) else 0
            terminal.human = human_seat
        else:
            seats = [Seat(name=BOT_NAMES[i % len(BOT_NAMES)], bot=True) for i in range(players)]
            if human_seat is not None:
                seats[human_seat] = Seat(name=human_name, language=language)
            title = t(language, f"{game_name}-title")
            if watch:
                say(t(language, "offline-watch", game=title))
            game = await table.start(game_name, seats, options=options, seed=seed, language=language)
            if human_seat is not None:
                say(t(language, "offline-welcome", game=title, players=players, id=game.id, you=human_name))
                say(t(language, "offline-help", id=game.id))
        while game.running:
            prompt = next(
                (p for p in game.state.prompts if p.seat == human_seat and not p.answered), None
            )
            if prompt is None:
                break  # nothing for the human to do and bots have finished: the game is over
            while True:
                action = await terminal.answer(game, prompt)
                if action is None:
                    say(t(language, "offline-saved", id=game.id))
                    return game
                outcome = await table.act(game.id, prompt.seat, action)
                if outcome.ok:
                    break
                assert outcome.refusal is not None
                refusal = outcome.refusal
                say("⚠ " + refusal_text(refusal.key, refusal.params, language, game.name_of))
        say(t(language, "offline-finished"))
        return game
    finally:
        await storage.close()
