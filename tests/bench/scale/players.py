"""The simulated players of the scale run: one `Table` per game channel, whose members open a game, join it,
play it to its end by clicking what Discord (the stand-in) shows them, and open the next one.

They read only what a member sees — their DMs, the channel's messages that name them, the ephemeral answers
only they see — never the database. At each prompt a player clicks one of the enabled choices at random (on
an order sheet: changes a part or two, then Done; in a select: a random allowed pick), after thinking for a
while: the table's kind says how long (tests/bench/scale/mix.py). One `Pace` bounds how many interactions all
players make per second, so the machine carries a chosen load however many games wait.

What they were told is kept in the `Ledger`: which clicks the bot said it took (the checks after the run look
for each in the game's log, once), which games it said it started, and what the players saw stall.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from tests.bench.load import Reader
from tests.bench.scale.mix import Kind
from tests.discord_standin import Channel, DiscordStandIn, Guild, InteractionRecord, Message, User

LANGUAGES = ("ru", "en")
WAKE_SECONDS = 5.0
"""A table looks at its channels at least this often (a new or edited message wakes it sooner)."""
ANSWER_SECONDS = 10.0
"""How long a player waits for the bot's answer to a click before giving up on it (Discord allows 3 s)."""
SHEET_STEP = (0.5, 3.0)
"""Seconds between the clicks of one order sheet, or one sign-up, once a player has started on it."""
SHEET_CLICKS = 16
"""Clicks one player gives one order sheet at most (then it waits for the deadline)."""
START_TRIES = 8
JOIN_AFTER = (3.0, 40.0)
"""Seconds (at pace 1) after a game is opened that each of its players presses Join."""
BETWEEN_GAMES = (5.0, 30.0)
DONE, EDIT = "~done", "~edit:"
ANSWERS = ("gm|", "gms|", "gmja|", "gmjs|")
"""The custom ids of what answers a prompt or a sign-up question (a button, a select)."""


class Pace:
    """A token bucket all players share: at most `rate` interactions a second, in bursts of one second's."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = rate
        self.at = time.monotonic()
        self.waited = 0.0
        """Seconds players spent waiting for a turn (the load they wanted beyond `rate`)."""

    async def turn(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.rate, self.tokens + (now - self.at) * self.rate)
            self.at = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            wait = (1 - self.tokens) / self.rate
            self.waited += wait
            await asyncio.sleep(wait)


@dataclass
class Ledger:
    """What the players were told, for the checks after the run."""

    taken: dict[int, int] = field(default_factory=dict)
    """Interaction id → game id: clicks the bot answered as taken (the message showed the answer)."""
    deferred: dict[int, tuple[int, InteractionRecord]] = field(default_factory=dict)
    """Clicks the bot first only acknowledged ("received"): taken if it later edited the message, refused if it
    said why not; settled by `settle`."""
    started: dict[int, str] = field(default_factory=dict)
    """Game id → its table: games whose /start the bot answered "started"."""
    finished: dict[int, str] = field(default_factory=dict)
    stalled: dict[int, str] = field(default_factory=dict)
    """Game id → what its players saw last, for games in which nothing moved for too long."""
    stalled_at: dict[int, tuple[float, list[int]]] = field(default_factory=dict)
    """Game id → when its players gave up waiting (wall-clock time) and the channels they watched (the game's
    channel and their DMs): what the bot showed there later, they had waited for."""
    outcomes: Counter[str] = field(default_factory=Counter)
    """Clicks and commands by what came of them (taken, refused, unanswered, too late, …)."""
    opened: Counter[str] = field(default_factory=Counter)
    """Games opened, by kind."""
    clicks: Counter[str] = field(default_factory=Counter)
    """Interactions made (commands, clicks, selects), by kind of table."""

    def settle(self) -> None:
        for interaction_id, (game_id, record) in list(self.deferred.items()):
            if record.edited and not any_refusal(record):
                self.taken[interaction_id] = game_id
                self.outcomes["taken after a deferral"] += 1
            del self.deferred[interaction_id]


def any_refusal(record: InteractionRecord) -> bool:
    return bool(record.followup_ids)


def custom_id(component: dict[str, Any]) -> str:
    return str(component.get("custom_id") or "")


def game_of(component_id: str) -> int | None:
    parts = component_id.split("|")
    return int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else None


def prompt_of(component_id: str) -> str:
    return component_id.split("|")[2]


def answering(message: Message, game_id: int) -> list[dict[str, Any]]:
    """The message's enabled components that answer one of the game's prompts or its sign-up questions."""
    return [c for c in message.all_components() if not c.get("disabled") and custom_id(c).startswith(ANSWERS)
            and game_of(custom_id(c)) == game_id]


def texts(key: str, **params: object) -> tuple[str, ...]:
    return tuple(t(language, key, **params) for language in LANGUAGES)


@dataclass
class Seat:
    """A member at the table, and what they have answered of the current game."""

    user: User
    busy: bool = False
    answered: set[str] = field(default_factory=set)
    """Prompt ids this player has answered (or chosen to leave to the deadline)."""
    sheets: Counter[str] = field(default_factory=Counter)
    """Clicks given to each order sheet (a sheet's prompt ids share the part before their last dot)."""
    done: set[str] = field(default_factory=set)
    """Order sheets this player sent (Done)."""


class Table:
    """One channel's members: open a game, play it, open the next, until told to stop."""

    def __init__(
        self, standin: DiscordStandIn, number: int, kind: Kind, guild: Guild, channel: Channel, users: list[User],
        pace: Pace, ledger: Ledger, slowness: float,
    ) -> None:
        self.standin, self.number, self.kind, self.guild, self.channel = standin, number, kind, guild, channel
        self.seats = [Seat(user) for user in users]
        self.pace, self.ledger, self.slowness = pace, ledger, slowness
        self.rng = random.Random(channel.id)
        self.reader = Reader(standin)
        self.game_id: int | None = None
        self.live = False
        """A game is open here (a lobby or running): the run's count of live games."""
        self.stopping = False
        self.since: float | None = None
        """When its members started playing (monotonic)."""
        self.games = 0
        self.watched: dict[int, tuple[Seat, int]] = {}
        """Message id → (whose, its version when last looked at): messages that carry a prompt of the game."""
        self.status: Message | None = None
        self.moved = time.monotonic()
        self.changed = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    async def turn(self) -> None:
        """Wait for the players' shared pace to allow one more interaction, and count it."""
        await self.pace.turn()
        self.ledger.clicks[self.kind.name] += 1

    def think(self, low_high: tuple[float, float] | None = None) -> float:
        low, high = low_high or self.kind.think
        return self.rng.uniform(low, high) * (self.slowness if low_high is None else 1.0)

    # --- the table's life -------------------------------------------------------------------------------
    async def run(self) -> None:
        self.since = time.monotonic()
        while not self.stopping:
            try:
                game_id = await self.open()
            except (AssertionError, RuntimeError, TimeoutError) as error:
                self.ledger.outcomes[f"opening failed: {str(error)[:60]}"] += 1
                game_id = None
            if game_id is not None:
                await self.play(game_id)
            self.live = False
            if not self.stopping:
                await self.sleep(self.think(BETWEEN_GAMES))
            if self.game_id is not None and self.game_id in self.ledger.stalled:
                return  # the evidence stays as it is

    async def sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self.stopping and (left := end - time.monotonic()) > 0:
            await asyncio.sleep(min(left, 1.0))

    async def command(self, seat: Seat, name: str, **options: object) -> InteractionRecord | None:
        await self.turn()
        call = await self.standin.invoke_slash(seat.user, name, channel=self.channel, options=options or None)
        try:
            await call.wait_response(timeout=ANSWER_SECONDS)
        except AssertionError:
            self.ledger.outcomes[f"/{name} unanswered"] += 1
            return None
        if call.errors:
            self.ledger.outcomes[f"/{name} too late"] += 1
            return None
        if call.response_type == 5:
            await self.filled(call)
        return call

    async def filled(self, call: InteractionRecord) -> str:
        """The text of an interaction's answer, its deferred message filled in (or "" if it never was)."""
        end = time.monotonic() + ANSWER_SECONDS
        while call.original_message_id is None or self.standin.message(call.original_message_id).loading:
            if time.monotonic() > end:
                return ""
            await self.standin.wait_for_messages([self.channel.id], timeout=1.0)
        return self.standin.message(call.original_message_id).content

    def answer_text(self, call: InteractionRecord) -> str:
        if call.original_message_id is not None:
            return self.standin.message(call.original_message_id).content
        return str(call.callbacks[0]["body"].get("data", {}).get("content", "")) if call.callbacks else ""

    async def open(self) -> int | None:
        """A game opened here, its seats taken and started: its id (None: it did not come to a start)."""
        kind = self.kind
        host = self.seats[self.games % len(self.seats)]
        self.games += 1
        self.reset()
        self.reader.new(self.channel.id)  # what was here before is not this game's
        game = "sword-of-lies" if kind.game == "sword-of-lies" else kind.game
        if await self.command(host, f"{game} new", **kind.options) is None:
            return None
        lobby = await self.lobby_message()
        if lobby is None:
            self.ledger.outcomes["no lobby message"] += 1
            return None
        join = next(custom_id(b) for b in lobby.buttons if custom_id(b).startswith("gmj|"))
        self.game_id = game_id = int(join.split("|")[1])
        self.live = True
        self.ledger.opened[kind.name] += 1
        signing = kind.game == "mafia"
        joiners = self.seats if signing else [s for s in self.seats if s is not host]
        seated = sum(await asyncio.gather(*(self.join(seat, join) for seat in joiners)))
        bots = kind.bots + len(joiners) - seated  # a seat nobody took goes to a bot
        if bots:
            await self.command(host, "addbot", count=bots)
        said = ""
        for _ in range(START_TRIES):
            call = await self.command(host, "start")
            said = self.answer_text(call) if call is not None else "no answer"
            if any(text in said for text in texts("lobby-started-you", id=game_id)):
                self.ledger.started[game_id] = self.channel.name or str(self.channel.id)
                return game_id
            await self.sleep(self.think(SHEET_STEP) * 4)
        self.ledger.outcomes[f"never started ({kind.name}): {said[:70]}"] += 1
        await self.command(host, "cancel")
        return None

    async def lobby_message(self) -> Message | None:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            for message in self.reader.new(self.channel.id):
                if any(custom_id(b).startswith("gmj|") for b in message.buttons):
                    return message
            await self.standin.wait_for_messages([self.channel.id], timeout=2.0)
        return None

    async def join(self, seat: Seat, join: str) -> bool:
        """Press Join (after a while), then answer the sign-up questions, if the game asks any: seated?"""
        await self.sleep(self.think(JOIN_AFTER) * self.slowness)
        lobby = next((m for m in reversed(self.standin.messages.get(self.channel.id, []))
                      if any(custom_id(b) == join for b in m.buttons)), None)
        if lobby is None or self.stopping:
            self.ledger.outcomes["join: no Join button" if lobby is None else "join: stopped"] += 1
            return False
        await self.turn()
        call = await self.standin.click(seat.user, custom_id=join, message=lobby)
        if not await self.answered(call, "join") or call.original_message_id is None:
            return False
        question = self.standin.message(call.original_message_id)  # each answer edits it into the next question
        for _ in range(8):
            if not any(custom_id(c).startswith(("gmja|", "gmjs|")) for c in question.all_components()):
                break
            await self.sleep(self.think(SHEET_STEP))
            await self.turn()
            call = await self.choose(seat, question, self.game_id or 0)
            if call is None or not await self.answered(call, "sign-up"):
                return False
        said = question.content
        if not any(text in said for text in texts("lobby-joined-you", id=self.game_id or 0)):
            self.ledger.outcomes[f"join refused: {said[:60]}"] += 1
            return False
        return True

    async def answered(self, call: InteractionRecord, what: str) -> bool:
        """The bot answered the command or click (a deferred answer filled in, a deferred update followed by its
        edit); False after noting why not."""
        try:
            await call.wait_response(timeout=ANSWER_SECONDS)
        except AssertionError:
            self.ledger.outcomes[f"{what} unanswered"] += 1
            return False
        if call.errors:
            self.ledger.outcomes[f"{what} too late"] += 1
            return False
        if call.response_type == 5:
            await self.filled(call)
        elif call.response_type == 6:
            end = time.monotonic() + ANSWER_SECONDS
            while not call.edited and not call.followup_ids and time.monotonic() < end:
                await self.standin.wait_for_messages([self.channel.id], timeout=1.0)
        return True

    def reset(self) -> None:
        for seat in self.seats:
            seat.answered.clear()
            seat.sheets.clear()
            seat.done.clear()
        self.watched.clear()
        self.status = None

    # --- playing ----------------------------------------------------------------------------------------
    async def play(self, game_id: int) -> None:
        stall_after = 2 * self.kind.longest_deadline + 180
        self.moved = time.monotonic()
        while not self.stopping:
            self.look(game_id)
            if self.over(game_id):
                self.ledger.finished[game_id] = self.channel.name or ""
                return
            if time.monotonic() - self.moved > stall_after:
                last = self.standin.messages.get(self.channel.id, [])[-1:]
                self.ledger.stalled[game_id] = last[0].content[:200] if last else "nothing"
                self.ledger.stalled_at[game_id] = (time.time(), self.watching())
                return
            self.changed.clear()
            waiter = asyncio.ensure_future(self.standin.wait_for_messages(self.watching(), timeout=WAKE_SECONDS))
            changed = asyncio.ensure_future(self.changed.wait())
            done, pending = await asyncio.wait({waiter, changed}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            if waiter in done and waiter.result():
                self.moved = time.monotonic()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def watching(self) -> list[int]:
        """The channels its players watch for the game: its channel and their DMs."""
        return [self.channel.id, *(dm for s in self.seats if (dm := self.standin._dm_channels.get(s.user.id)))]

    def over(self, game_id: int) -> bool:
        if self.status is None:
            return False
        return any(text in self.status.content for text in (*texts("status-finished"), *texts("status-cancelled")))

    def look(self, game_id: int) -> None:
        """Note the new messages that carry the game's prompts (and its status message), and go on with every
        prompt a player has not answered yet."""
        title = f"#{game_id}**"
        for message in self.reader.new(self.channel.id):
            if self.status is None and message.visible_to is None and message.content.split("\n", 1)[0].endswith(
                    title) and message.content.startswith("**"):
                self.status = message
            self.note(message, game_id)
        for seat in self.seats:
            dm = self.standin._dm_channels.get(seat.user.id)
            if dm is not None:
                for message in self.reader.new(dm):
                    self.note(message, game_id, seat)
        for message_id, (seat, version) in list(self.watched.items()):
            message = self.standin.message(message_id)
            if message.deleted:
                del self.watched[message_id]
            elif len(message.history) != version and not seat.busy:
                self.consider(seat, message, game_id)

    def note(self, message: Message, game_id: int, seat: Seat | None = None) -> None:
        if not answering(message, game_id):
            return
        if seat is None:  # a channel message: the player it names, or the one who alone sees it
            seat = next((s for s in self.seats if s.user.id == message.visible_to
                         or (message.visible_to is None and f"<@{s.user.id}>" in message.content)), None)
            if seat is None:
                return
        self.watched[message.id] = (seat, -1)

    def consider(self, seat: Seat, message: Message, game_id: int) -> None:
        """Start answering what the message asks of the seat now, unless it has been answered already."""
        components = answering(message, game_id)
        prompts = {prompt_of(custom_id(c)) for c in components if custom_id(c).startswith(("gm|", "gms|"))}
        if not prompts:
            del self.watched[message.id]  # answered, or its game is over: it asks nothing any more
            return
        self.watched[message.id] = (seat, len(message.history))  # looked at again when it changes
        prompt = sorted(prompts)[0]
        sheet = prompt.rpartition(".")[0]
        if prompt in seat.answered or (sheet and (sheet in seat.done or seat.sheets[sheet] >= SHEET_CLICKS)):
            return
        if not sheet and self.rng.random() < self.kind.skip:  # a forum player who lets this deadline answer
            seat.answered.add(prompt)
            return
        seat.busy = True
        first = not sheet or seat.sheets[sheet] == 0
        task = asyncio.ensure_future(self.answer(seat, message, game_id, prompt, sheet, first))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def answer(self, seat: Seat, message: Message, game_id: int, prompt: str, sheet: str, first: bool) -> None:
        try:
            await self.sleep(self.think() if first else self.think(SHEET_STEP))
            if self.stopping or message.deleted:
                return
            now = {prompt_of(custom_id(c)) for c in answering(message, game_id) if custom_id(c).startswith(("gm|",
                                                                                                          "gms|"))}
            if prompt not in now:  # it changed meanwhile (a deadline answered it): look again
                return
            await self.turn()
            seat.answered.add(prompt)
            if sheet:
                seat.sheets[sheet] += 1
            call = await self.choose(seat, message, game_id, sheet)
            if call is not None and not await self.settle(call, game_id):
                seat.answered.discard(prompt)  # no answer came (a process down, Discord out): try again later
                self.watched[message.id] = (seat, -1)
        except (AssertionError, LookupError) as error:  # the message changed under the click
            self.ledger.outcomes[f"click not made: {type(error).__name__}"] += 1
        finally:
            seat.busy = False
            self.changed.set()

    async def choose(self, seat: Seat, message: Message, game_id: int, sheet: str = "") -> InteractionRecord | None:
        """Click one of the message's enabled choices, as a player who does not think hard about it would."""
        components = answering(message, game_id)
        buttons = [c for c in components if c.get("type") == 2]
        values = {custom_id(b).rsplit("|", 1)[1]: b for b in buttons}
        rng = self.rng
        if DONE in values:
            edits = [b for v, b in values.items() if v.startswith(EDIT)]
            if edits and seat.sheets[sheet] <= 2 * self.kind.edits and rng.random() < 0.5:
                button = rng.choice(edits)
            else:
                button = values[DONE]
                seat.done.add(sheet)
            return await self.standin.click(seat.user, custom_id=custom_id(button), message=message)
        plain = [b for v, b in values.items() if not v.startswith("~")]
        selects = [c for c in components if c.get("type") == 3]
        if selects and (not plain or rng.random() < 0.5):
            menu = rng.choice(selects)
            options = [str(o["value"]) for o in menu.get("options") or []]
            low = int(menu.get("min_values", 1))
            high = min(len(options), int(menu.get("max_values", 1)))
            picked = rng.sample(options, rng.randint(min(low, high), high)) if options else []
            return await self.standin.select(seat.user, picked, custom_id=custom_id(menu), message=message)
        if plain:
            return await self.standin.click(seat.user, custom_id=custom_id(rng.choice(plain)), message=message)
        if buttons:  # only Back, Cancel or None are left
            return await self.standin.click(seat.user, custom_id=custom_id(rng.choice(buttons)), message=message)
        return None

    async def settle(self, call: InteractionRecord, game_id: int) -> bool:
        """What the player was told about the click: False when nothing (no answer, or one Discord refused)."""
        ledger = self.ledger
        try:
            await call.wait_response(timeout=ANSWER_SECONDS)
        except AssertionError:
            ledger.outcomes["unanswered"] += 1
            return False
        first = call.callbacks[0]
        if first["status"] >= 400:
            ledger.outcomes["too late" if first["code"] == 10062 else f"refused by Discord ({first['code']})"] += 1
            return False
        kind = first["type"]
        if kind == 7:
            ledger.taken[call.id] = game_id
            ledger.outcomes["taken"] += 1
        elif kind == 6:
            ledger.deferred[call.id] = (game_id, call)
            ledger.outcomes["deferred"] += 1
        elif kind in (4, 5):
            text = await self.filled(call) if kind == 5 else self.answer_text(call)
            taken = text.startswith("✅")
            if taken:
                ledger.taken[call.id] = game_id
            ledger.outcomes["taken" if taken else "refused"] += 1
        else:
            ledger.outcomes[f"answered with type {kind}"] += 1
        return True
