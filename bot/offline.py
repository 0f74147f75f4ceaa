"""Offline play: the same games and the same table in a terminal, with bot players.

One human seat (or none with --watch); the human's private prompts and events are shown only to
them, and every line about their seat says "you" (`bot.i18n.reading_as`); public events print as
the channel would show them. Games are saved after every step, so `--resume ID` continues one,
and `q`, Ctrl-C and Ctrl-D all leave a saved game behind.

An event whose params carry `live` (a slot name) is a message Discord edits in place, each version
replacing the one before (Mafia's Leader tally, after every vote): a terminal cannot edit, so it
prints a slot's newest version only when the game moves on — before the next other line, before
asking the human — and only if it changed since it was last printed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.i18n import SeatNamer, reading_as, t
from bot.live import Delivery, LiveGame, Seat
from bot.morphology import Named
from bot.render import event_text, option_text, option_with_hint, prompt_text, refusal_text, visible_to
from bot.storage import Storage, open_storage
from bot.storage.base import is_postgres_url, sqlite_path
from bot.storage.web import web_secret
from bot.table import Table
from bot.web.links import Links
from games import registry
from games.core import Action, Engine, Event, IllegalAction, Prompt
from games.core.engine import DEFAULT_BOT_LEVEL

BOT_NAMES: dict[str, list[str]] = {
    "en": ["Ada", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Hugo", "Irina", "Jonas", "Katya"],
    "ru": ["Аня", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Захар", "Ирина", "Кирилл", "Лида"],
}
"""Bot seats' names, per language: a Russian game seats Russian names."""

DEFAULT_LAUNCHER = "python -m bot"
DEFAULT_WEB_BASE = "http://127.0.0.1:8080"
"""Where an offline game's link points unless told (`python -m bot web` serves it there: bot/web/serve.py)."""
HELP_WORDS = {"h", "help", "помощь", "справка"}
RULES_WORDS = {"rules", "правила"}
QUIT_WORDS = {"q", "quit", "exit", "выход"}

Ask = Callable[[str], Awaitable[str]]
Say = Callable[[str], None]


async def _stdin_ask(text: str) -> str:
    # Read in the main thread, not a worker thread: Ctrl-C then interrupts the read itself, and
    # no thread is left behind still reading the terminal after the game has stopped.
    return input(text)


def bot_names(language: str) -> list[str]:
    return BOT_NAMES.get(language, BOT_NAMES["en"])


PICTURES_DIR = Path(__file__).resolve().parent.parent / "data" / "out"
"""Where the pictures of a database that is not a file go (in memory, PostgreSQL)."""


def picture_path(game: LiveGame, database: str | Path) -> Path:
    """One picture file per game, overwritten as the game goes on, named by its database so that two
    databases' games never share one: a file database's pictures lie beside it in `out/`, named after
    it (data/offline.db → data/out/offline-castle-1.png); an in-memory database's are
    data/out/memory-…, a PostgreSQL database's data/out/<host>-<database>-…."""
    name = f"{game.row.game}-{game.id}.png"
    target = str(database)
    if is_postgres_url(target):
        url = urlsplit(target)
        return PICTURES_DIR / f"{url.hostname or 'local'}-{url.path.strip('/') or 'postgres'}-{name}"
    file = sqlite_path(target)
    if file in ("", ":memory:"):
        return PICTURES_DIR / f"memory-{name}"
    place = Path(file)
    return place.parent / "out" / f"{place.stem}-{name}"


async def picture_lines(game: LiveGame, events: list[Event], language: str, path: Path) -> list[str]:
    """The game's picture (games.core.spec.Picture) after the events the channel is shown it after: saved to
    the game's file (`path`), said where (every time: it is easy to lose), and said in words where the game
    says so."""
    shown = registry.spec(game.row.game).picture
    if shown is None or not any(e.key in shown.shown_after and e.to is None for e in events):
        return []
    view = game.engine.view(game.state, None)
    names = [game.name_of(s) for s in range(len(game.seats))]
    say = partial(t, language)
    png = await asyncio.to_thread(shown.draw, view, names, say)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png)
    words = [shown.describe(view, names, say)] if shown.said_offline else []
    return [*words, t(language, shown.saved, path=str(path))]


HINT_LIMIT = 90
"""A sign-up option's ability is clipped to one short line; `?` shows it whole."""


def pick_hint(prompt: Prompt) -> dict[str, Any]:
    """The parameters of the `offline-many` hint: how many numbers to type, and an example of exactly that
    many numbers of options that can be picked (every other one where there are enough)."""
    choosable = [n for n, o in enumerate(prompt.options, start=1)
                 if o.disabled is None and not o.value.startswith("~")]
    low = max(1, prompt.min_picks or 1)
    high = len(choosable) if prompt.max_picks is None else prompt.max_picks
    high = max(low, high)
    wanted = min(high, max(low, 2))
    spread = choosable[::2] if len(choosable[::2]) >= wanted else choosable
    example = " ".join(str(n) for n in spread[:wanted])
    kind = "one" if high == 1 else "exactly" if low == high else "range"
    return {"kind": kind, "low": low, "high": high, "example": example}


class Quit(Exception):
    """The human asked to stop (q, Ctrl-C, Ctrl-D): the game is saved, say so."""


class Terminal:
    def __init__(self, language: str, human_seat: int | None, say: Say = print, ask: Ask = _stdin_ask,
                 database: str | Path = ":memory:") -> None:
        self.language = language
        self.database = database
        """Where the games are kept: their pictures are named by it (`picture_path`)."""
        self.human = human_seat
        self.say = say
        self.ask = ask
        self.greeting: Callable[[LiveGame], list[str]] | None = None
        self.live: dict[str, str] = {}
        """Live slot → its newest text not printed yet."""
        self.live_shown: dict[str, str] = {}
        """Live slot → the text last printed for it."""

    def names(self, game: LiveGame) -> SeatNamer:
        """Seat names as this reader sees them: their own seat is "you"."""
        return reading_as(game.name_of, self.human)

    async def deliver(self, delivery: Delivery) -> None:
        game = delivery.game
        names = self.names(game)
        if self.greeting is not None:  # said once, before the game's first lines
            greeting, self.greeting = self.greeting, None
            for line in greeting(game):
                self.say(line)
        for event in delivery.events:
            if not visible_to(event, self.human):
                continue
            text = event_text(event, self.language, names)
            if event.to is not None:
                text = f"{text}  {t(self.language, 'offline-private')}"
            slot = event.params.get("live")
            if isinstance(slot, str) and slot:
                self.live[slot] = text  # replaces the version still waiting: only the newest is printed
                continue
            self.show_live()
            self.say(text)
        for line in await picture_lines(game, delivery.events, self.language, picture_path(game, self.database)):
            self.show_live()
            self.say(line)

    def show_live(self) -> None:
        """The newest version of each live message waiting, unless it is the one printed last."""
        for slot, text in self.live.items():
            if self.live_shown.get(slot) != text:
                self.say(text)
                self.live_shown[slot] = text
        self.live.clear()

    def show_summary(self, game: LiveGame) -> None:
        """`?`: the status lines, and the game's guide for the human's seat (games.core.spec.GameSpec.guide),
        which adds to the lines' short private aid or says it in full in its place."""
        names = self.names(game)
        spec = registry.spec(game.row.game)
        guide = spec.guide if self.human is not None else None
        for event in game.engine.summary(game.state, self.human):
            if guide is None or event.to is None or spec.guide_adds:  # the guide says it in full
                self.say(event_text(event, self.language, names))
        if guide is not None and self.human is not None:
            for event in guide(game.state, self.human):
                self.say(event_text(event, self.language, names))

    def show_help(self) -> None:
        self.say(t(self.language, "offline-commands"))

    def show_rules(self, engine: Engine) -> None:
        self.say(t(self.language, engine.rules_key()))

    def show_options(self, prompt: Prompt, names: SeatNamer, *, whole: bool = False) -> None:
        """A question's numbered choices, each with what it does when it says (short, or `whole`)."""
        for number, option in enumerate(prompt.options, start=1):
            self.say(f"  {number}. {option_with_hint(option, self.language, names, None if whole else HINT_LIMIT)}")

    def show_prompt(self, game: LiveGame, prompt: Prompt) -> None:
        lang = self.language
        names = self.names(game)
        self.show_live()  # what the human answers may depend on it (the Leader votes cast so far)
        self.say("")
        self.say(f"{t(lang, 'offline-your-turn')} {prompt_text(prompt, lang, names)}")
        self.show_options(prompt, names)
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            self.say("  " + t(lang, "offline-amount", low=prompt.low, high=prompt.high))
        if prompt.ask == "text":
            self.say("  " + t(lang, "offline-text"))
        if prompt.ask == "many":
            self.say("  " + t(lang, "offline-many", **pick_hint(prompt)))

    async def sign_up(self, game_name: str, options: dict[str, Any] | None) -> dict[str, Any]:
        """The game's sign-up questions (a Mafia player's wanted roles), asked before the game starts."""
        engine = registry.engine(game_name)
        parsed = engine.parse_options(options)
        given: dict[str, Any] = {}
        no_names: SeatNamer = lambda number: str(number)  # noqa: E731 - nobody is seated yet
        asked: str | None = None
        while (prompt := engine.join_prompt(parsed, given, [])) is not None:
            if prompt.id != asked:  # a new question (a bad answer or `h` does not repeat it)
                asked = prompt.id
                self.say("")
                if given == {}:
                    self.say(t(self.language, "offline-signup-help"))
                self.say(prompt_text(prompt, self.language, no_names))
                self.show_options(prompt, no_names)
            raw = (await self.ask("> ")).strip()
            word = raw.lower()
            if word in QUIT_WORDS:
                raise Quit
            if raw == "?":
                self.say(prompt_text(prompt, self.language, no_names))
                self.show_options(prompt, no_names, whole=True)
            elif word in HELP_WORDS:
                self.show_help()
            elif word in RULES_WORDS:
                self.show_rules(engine)
            elif raw.isdigit() and 1 <= int(raw) <= len(prompt.options):
                chosen = prompt.options[int(raw) - 1]
                if chosen.disabled is not None:  # shown with its reason, not to be picked
                    refusal = chosen.disabled
                    self.say("⚠ " + refusal_text(refusal.key, refusal.params, self.language, no_names))
                    continue
                given = engine.join_answer(given, prompt, chosen.value)
            else:
                self.say(self.bad_number(prompt, "signup"))
        try:
            return engine.parse_join(parsed, given)
        except IllegalAction as error:  # the conditions declined: no seat at this table
            self.say("⚠ " + refusal_text(error.refusal.key, error.refusal.params, self.language, no_names))
            raise Quit from error

    async def answer(self, game: LiveGame, prompt: Prompt) -> Action | None:
        """Ask until the input is a well-formed answer; None means the player quits."""
        self.show_prompt(game, prompt)
        while True:
            raw = (await self.ask("> ")).strip()
            word = raw.lower()
            if word in QUIT_WORDS:
                return None
            if raw == "?":
                self.show_summary(game)
                continue
            if word in HELP_WORDS:
                self.show_help()
                continue
            if word in RULES_WORDS:
                self.show_rules(game.engine)
                continue
            if prompt.ask == "text" and raw:
                return Action(prompt=prompt.id, value=raw)
            if prompt.ask == "number" and raw.startswith("="):
                try:
                    return Action(prompt=prompt.id, value=int(raw[1:].strip()))
                except ValueError:
                    pass
            if prompt.ask == "many" and raw.isdigit() and 1 <= int(raw) <= len(prompt.options) \
                    and prompt.options[int(raw) - 1].value.startswith("~"):
                return Action(prompt=prompt.id, value=prompt.options[int(raw) - 1].value)  # Back, Cancel, None
            if prompt.ask == "many":
                numbers = raw.replace(",", " ").split()
                if numbers and all(n.isdigit() and 1 <= int(n) <= len(prompt.options) for n in numbers):
                    chosen = [prompt.options[int(n) - 1] for n in numbers]
                    alone = next((o for o in chosen if o.value.startswith("~")), None)
                    if alone is None:
                        return Action(prompt=prompt.id, value=tuple(o.value for o in chosen))
                    # Back, Cancel, None among picks: the rules would name its inner value ("~back")
                    self.say("⚠ " + t(self.language, "offline-alone",
                                      choice=option_text(alone, self.language, self.names(game))))
                    continue
            elif raw.isdigit() and 1 <= int(raw) <= len(prompt.options):
                return Action(prompt=prompt.id, value=prompt.options[int(raw) - 1].value)
            self.say(self.bad_number(prompt, game.row.game))

    def bad_number(self, prompt: Prompt, asking: str) -> str:
        """What to type instead, and what `?` shows here: `asking` is the game, or "signup" (its questions)."""
        question = t(self.language, f"offline-question-{asking}")
        return t(self.language, "offline-bad-number", count=len(prompt.options), question=question)


async def say_link(
    storage: Storage, game: LiveGame, language: str, say: Say, web_base: str, launcher: str, db: str | None
) -> None:
    """A finished game's page (bot/web/), and the command that serves it: read the game back in a browser."""
    url = Links(await web_secret(storage), web_base).game_url(game.id) or ""
    command = f"{launcher} web --db {db}" if db else f"{launcher} web"
    say(t(language, "web-offline-link", url=url, command=command))


def resume_command(launcher: str, game_id: int, db: str | None) -> str:
    """The command that continues this game, spelled the way the user started this one."""
    command = f"{launcher} play --resume {game_id}"
    return f"{command} --db {db}" if db else command


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
    launcher: str = DEFAULT_LAUNCHER,
    db_hint: str | None = None,
    started: list[int] | None = None,
    language_given: bool = False,
    bot_level: str = DEFAULT_BOT_LEVEL,
    web_base: str = DEFAULT_WEB_BASE,
) -> LiveGame | None:
    """Play (or watch, or resume) one offline game. Returns the game, or None when `resume`
    names no game. `language` is the game's for a new one; a resumed game speaks the language it
    was started in unless `language_given` (the user asked for one on the command line).
    `started` receives the game's id as soon as it exists (for a caller that reports an
    interruption); `launcher` and `db_hint` spell the "resume with" hint. `bot_level` is how well
    every bot seat of a new game plays (a resumed game's seats keep their own)."""
    storage = await open_storage(db_path)
    game: LiveGame | None = None
    terminal = Terminal(language, None if watch else 0, say, ask, database=db_path)
    table = Table(storage, use_deadlines=False, listeners=[terminal.deliver])
    try:
        await table.record_missing_results()  # a game whose end was saved just before a crash
        if resume is not None:
            game = await table.get(resume)
            if game is None:
                say(t(language, "offline-no-game", id=resume))
                return None
            if started is not None:
                started.append(game.id)
            if not language_given:
                terminal.language = game.row.language
            terminal.human = None if all(s.bot for s in game.seats) else 0
            title = t(terminal.language, f"{game.row.game}-title")
            if not game.running:
                say(t(terminal.language, "offline-already-over", id=game.id, game=title))
                await say_link(storage, game, terminal.language, say, web_base, launcher, db_hint)
                return game
            named = Named(title, f"{game.row.game}-title")  # «Продолжаем «Печеньку»»: the title in its case
            say(t(terminal.language, "offline-resumed", id=game.id, game=named, step=game.state.step))
            terminal.show_summary(game)
            async with game.lock:  # bots interrupted midway (Ctrl-C) answer what they still owe
                await table._run_bots(game)
        else:
            names = bot_names(language)
            seats = [Seat(name=names[i % len(names)], bot=True, bot_level=bot_level) for i in range(players)]
            if terminal.human is not None:
                seats[terminal.human] = Seat(name=human_name or t(language, "offline-human-name"), language=language)
            title = t(language, f"{game_name}-title")
            if watch:
                say(t(language, "offline-watch", game=title))
            else:
                human = terminal.human

                def welcome(live: LiveGame) -> list[str]:
                    others = {"and": [{"seat": s} for s in range(players) if s != human]}
                    params = {"game": title, "players": players, "id": live.id, "bots": others}
                    text = event_text(Event(key="offline-welcome", params=params), language, terminal.names(live))
                    return [text, t(language, "offline-help")]

                terminal.greeting = welcome
                join = await terminal.sign_up(game_name, options)
                if terminal.human is not None and join:
                    seats[terminal.human] = seats[terminal.human].model_copy(update={"join": join})
            game = await table.start(
                game_name, seats, options=options, seed=seed, language=language, meta={"offline": True},
            )
            if started is not None:
                started.append(game.id)
        await _loop(table, terminal, game)
        terminal.show_live()
        if game.running:
            raise Quit
        await say_link(storage, game, terminal.language, say, web_base, launcher, db_hint)
        say(t(terminal.language, "offline-finished", id=game.id))
        return game
    except (Quit, KeyboardInterrupt, EOFError):
        say("")
        if game is None and table.games:  # stopped while the game was being set up or the bots moved
            game = next(iter(table.games.values()))
        if game is not None:
            say(t(terminal.language, "offline-saved", id=game.id,
                  command=resume_command(launcher, game.id, db_hint)))
        return game
    finally:
        await storage.close()


async def _loop(table: Table, terminal: Terminal, game: LiveGame) -> None:
    """Ask the human for each of their prompts until the game ends; raises Quit on `q`."""
    while game.running:
        prompt = next((p for p in game.state.prompts if p.seat == terminal.human and not p.answered), None)
        if prompt is None:
            return  # nothing for the human to do and the bots have finished: the game is over
        while True:
            action = await terminal.answer(game, prompt)
            if action is None:
                raise Quit
            outcome = await table.act(game.id, prompt.seat, action)
            if outcome.ok:
                break
            assert outcome.refusal is not None
            refusal = outcome.refusal
            terminal.say("⚠ " + refusal_text(refusal.key, refusal.params, terminal.language, terminal.names(game)))
