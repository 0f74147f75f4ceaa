"""Paced, ordered sending to one destination (a channel or a member's DMs).

Items queue in order; consecutive text lines are packed into as few messages as fit 2000
characters (and folded into the prompt that follows them: bot/discord/packing.py, with the items' kinds); a
sliding window keeps every destination at most 5 messages in any 5 s (Discord's per-channel limit) while letting short
bursts go out at once. A status edit is an item of the same ordered stream, so it never runs
ahead of the texts queued before it; a newer edit of the same status replaces one still waiting. A
settling edit (a game's status message) waits a moment for newer ones while what was queued after it
goes on, so one edit shows a burst of clicks.

Durable items carry the ids of their delivery rows (see bot/storage.py, migration 004). Before a
message with such rows is sent, the journal records which rows it holds (its batch, also the
message's nonce); after Discord accepted it, the journal marks them sent. A restart re-sends a
claimed batch as the same message with the same nonce, which Discord does not create twice.

A send that fails for a while (a 5xx, a time-out, a broken connection: bot/discord/failures.py) is
tried again with backoff, in order: the destination's queue waits for it, its rows stay waiting (a
restart sends them), and a claimed message is tried again with its nonce, which Discord does not create
twice. So is a claim the database could not save (it is restarting): nothing was sent yet. Only a
permanent answer (403, 404, another 4xx) drops a message's rows. Whatever else fails in a round (another of
the journal's writes meeting the database away, a defect: logged once) ends nothing either: what was left of
the round is sent again, first, in its order.

A message may go through a cheaper way than `send` (`follow_up`: an interaction's follow-up, outside
Discord's global rate limit, bot/discord/replies.py). A follow-up carries no nonce: its rows are claimed
with a negative batch that says when (`follow_up_batch`) and with the interaction carrying it; the ordinary
send of a negative batch (after an error or a restart) first looks for that interaction's follow-up made since
the claim (bot/discord/outboxes.py). So nothing new goes to its destination until its rows are saved as sent.

A claim is refused for rows sent or claimed by another message already (bot/storage/program.py `claimable`): a
process that took back, from one that died, rows it had queued before losing them to that one held them twice
(it now forgets the older copies: bot/discord/shards.py), and only the copy that claims them first sends them. A
message holding such rows among its own leaves them out and claims the rest afresh, under a batch of their own
(with the other's batch, its nonce, Discord would return that message and nothing new would show). A claim whose
saving met the database away is made again with the same batch, which holds; so is one made while the process's
liveness lock is lost (PostgreSQL: `NotAliveNow`), in order, once the lock is back. Rows another process
adopted meanwhile (its lock came back too late) are that process's to send: what is queued here after them waits
until they are sent (`Behind`), so the destination shows them in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from bot import metrics
from bot.discord.budget import going_by
from bot.discord.claiming import LIMIT, BehindOthers, ClaimUnsaved, Journal, claim_chunk, content_of
from bot.discord.failures import TELL_AFTER_FAILURES, backoff, transient
from bot.discord.packing import Item, Message, Status, Text, next_chunks
from bot.discord.replies import FollowUp
from bot.storage import database_away, log_failure
from bot.waiting import stop_task, wait_at_most, wait_while_running

log = logging.getLogger(__name__)

MESSAGES_PER_WINDOW = 5
WINDOW_SECONDS = 5.0
BEHIND_POLL_SECONDS = 0.2
BEHIND_POLL_MOST_SECONDS = 2.0
BEHIND_MOST_SECONDS = 600.0
"""Rows another bot process took (`Behind`) are looked for every 0.2 s, then less and less often, up to every 2 s;
what follows them waits 10 minutes at most, as a step's rows wait for another process alive (bot/discord/shards.py
STUCK_SECONDS)."""
SETTLE_SHARE = 0.3
"""The share of a window a settling status edit waits for newer ones (1.5 s against Discord): a game's
status changes at every click, and one edit then shows a burst of them."""


Sender = Callable[[str, dict[str, Any]], Awaitable[Any]]
Router = Callable[[], Awaitable[FollowUp | None]]
FailureHandler = Callable[[BaseException], Awaitable[None]]
StuckHandler = Callable[[Item, BaseException], Awaitable[None]]


class TryAgain(Exception):
    """A send failed for now (transient): what is to be sent again, first, after a pause."""

    def __init__(self, items: list[Item], error: BaseException) -> None:
        super().__init__(str(error))
        self.items = items
        self.error = error


class Behind(TryAgain):
    """A message's claim found rows another bot process has still to send (`BehindOthers`): what is to be sent, first,
    once they are sent (`rows`)."""

    def __init__(self, items: list[Item], error: BehindOthers) -> None:
        super().__init__(items, error)
        self.rows = error.rows


class Outbox:
    def __init__(
        self,
        send: Sender,
        on_failure: FailureHandler | None = None,
        window: float = WINDOW_SECONDS,
        *,
        journal: Journal | None = None,
        on_idle: Callable[[Outbox], None] | None = None,
        follow_up: Router | None = None,
        on_stuck: StuckHandler | None = None,
        turn: Callable[[], Awaitable[None]] | None = None,
        linger: bool = False,
        go_by: Callable[[list[Item]], float | None] | None = None,
    ) -> None:
        self._send = send
        self._go_by = go_by or (lambda items: None)
        """By when a message of these items should go when the REST budget is short (bot/discord/patience.py)."""
        self._linger = linger
        """Lines with nothing queued after them wait as a settling edit does for a message to fold into (a
        member's DMs: a deadline's "the bot acted for you" and the next prompt, planned by the next step), unless
        they would go as a follow-up (not counted: then at once)."""
        self._turn = turn
        """Awaited before each send: the clicks being answered go first (bot/discord/priority.py)."""
        self._follow_up = follow_up
        """Asked before each new message: a sender that does not count against Discord's global rate
        limit, or None when there is none for this destination now."""
        self._on_failure = on_failure
        """Called with a permanent failure (403, 404…) of a message; its rows are dropped."""
        self._on_stuck = on_stuck
        """Called once when the same item has failed TELL_AFTER_FAILURES times in a row (still retried)."""
        self._failures = 0
        """Transient failures in a row of the item at the head of the queue."""
        self._told = False
        """An unexpected failure of these was logged (`_run`): the next ones in a row are not."""
        self._window = window
        self._journal = journal
        self._on_idle = on_idle
        """Called once nothing was queued for a whole window (nothing left to pace): the owner may
        forget this outbox, and a new one starts with an empty window."""
        self._sent_at: deque[float] = deque(maxlen=MESSAGES_PER_WINDOW)
        self._sending = asyncio.Lock()  # the queue and send_now take turns at the window
        self._queue: list[Item] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self._follow_up_unsaved = False
        """The last message was a follow-up, perhaps not saved as sent yet. It has no nonce: a restart finds
        it only by its words among the messages since its claim, so no new message goes before it is saved."""
        self._last_sent = 0
        """The id (a Discord snowflake) of the last message sent here: a follow-up claimed next is newer."""

    # --- queueing -------------------------------------------------------------------------------
    def put(self, item: Item) -> None:
        """Queue a line, a message or a status edit. An older edit of the same status still waiting is
        dropped (the newer one shows at least as much), its rows marked done with the newer one. A
        settling edit waits a while (SETTLE_SHARE of the window, counted from the oldest edit it
        replaces) for newer ones, while what is queued after it goes on: the update renders the
        status as it is when sent, so the last edit shows everything."""
        if isinstance(item, Text) and not item.text:
            return
        item.queued = item.queued or time.monotonic()
        if isinstance(item, Text) and self._linger:
            item.due = asyncio.get_running_loop().time() + self._window * SETTLE_SHARE
        if isinstance(item, Status):
            carried: list[int] = []
            kept: list[Item] = []
            due = asyncio.get_running_loop().time() + self._window * SETTLE_SHARE if item.settle else 0.0
            for queued in self._queue:
                if isinstance(queued, Status) and queued.key == item.key:
                    carried += queued.rows
                    due = min(due, queued.due)
                    item.queued = min(item.queued, queued.queued)
                else:
                    kept.append(queued)
            self._queue = kept
            item.rows[:0] = carried
            item.due = due
        self._put(item)

    def put_text(self, text: str, *, rows: list[int] | None = None, tag: Any = None) -> None:
        self.put(Text(text, rows or [], tag))

    def put_next(self, text: str) -> None:
        """A line that belongs to the status edit being made (a channel's rule, announced once its change is
        applied): it goes before everything queued after that edit, where `put_text` would go after it."""
        if text:
            self._queue.insert(0, Text(text, [], None, queued=time.monotonic()))
            self._put_woken()

    def put_message(self, message: Message) -> None:
        self.put(message)

    def put_status(
        self, update: Callable[[], Awaitable[None]], *, key: Any = None, rows: list[int] | None = None, tag: Any = None,
        settle: bool = False,
    ) -> None:
        self.put(Status(update, key, list(rows or []), tag, settle))

    def drop(self, match: Callable[[Any], bool]) -> list[int]:
        """Forget queued items whose tag matches (a rollback undid the steps that queued them);
        returns their rows. Untagged items and messages already claimed (they may have reached
        Discord) are kept."""
        kept: list[Item] = []
        dropped: list[int] = []
        for item in self._queue:
            claimed = isinstance(item, Message) and item.batch is not None
            if item.tag is not None and not claimed and match(item.tag):
                dropped += item.rows
            else:
                kept.append(item)
        self._queue = kept
        return dropped

    def forget_rows(self, rows: set[int]) -> int:
        """Forget queued items all of whose rows are among these (another copy of them is queued: rows this process
        took back); how many it forgot. An item holding others too is kept (its claim leaves out those sent)."""
        kept = [item for item in self._queue if not item.rows or not rows.issuperset(item.rows)]
        forgotten = len(self._queue) - len(kept)
        self._queue = kept
        return forgotten

    @property
    def pending(self) -> int:
        return len(self._queue)

    def _put(self, item: Item) -> None:
        self._queue.append(item)
        self._put_woken()

    def _put_woken(self) -> None:
        self._idle.clear()
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def drained(self) -> None:
        await wait_while_running(self._idle, self._task)

    async def close(self) -> None:
        await stop_task(self._task)

    # --- pacing -----------------------------------------------------------------------------------
    async def send_now(self, send: Callable[[], Awaitable[Any]]) -> Any:
        """Send outside the queue (a reply that must know at once whether it arrived, like the
        join test DM), still counted in, and waiting for room in, the window."""
        await self._follow_up_saved()
        async with self._sending:
            await self._wait_for_room()
            try:
                return await send()
            finally:
                self._mark_sent()

    async def _wait_for_room(self) -> None:
        if len(self._sent_at) == MESSAGES_PER_WINDOW:
            wait = self._sent_at[0] + self._window - asyncio.get_running_loop().time()
            if wait > 0:
                await asyncio.sleep(wait)

    def _mark_sent(self) -> None:
        """Counted when the send has finished: Discord has created the message by then, so the
        next one starting a window later also arrives a window later."""
        self._sent_at.append(asyncio.get_running_loop().time())

    # --- the sending loop -------------------------------------------------------------------------
    def _next_chunks(self) -> tuple[list[list[Text | Message]], Status | None]:
        return next_chunks(self._queue, asyncio.get_running_loop().time(), LIMIT)

    def _settling_for(self) -> float | None:
        """Seconds until the first settling edit or lingering line is due, when nothing else is queued; else None."""
        now = asyncio.get_running_loop().time()
        dues = [item.due - now for item in self._queue if not isinstance(item, Message)]
        if not self._queue or len(dues) < len(self._queue) or min(dues) <= 0:
            return None
        return min(dues)

    async def _lingering_for(self) -> float | None:
        """`_settling_for`, but lines that would go as a follow-up of their member's click a moment ago linger no more
        (`FollowUp.fresh`): due now. An older click's follow-up waits to fold, as a counted message does."""
        wait = self._settling_for()
        lines = [item for item in self._queue if isinstance(item, Text)]
        follow_up = await self._follow_up() if wait is not None and lines and self._follow_up is not None else None
        if follow_up is None or not follow_up.fresh():
            return wait
        for line in lines:
            line.due = 0.0
        return None

    async def _run(self) -> None:
        while True:
            while self._queue:
                self._wake.clear()
                wait = await self._lingering_for()
                if wait is not None:
                    await wait_at_most(self._wake, wait)  # woken early by more to send
                    continue
                chunks, status = self._next_chunks()
                sent = 0
                try:
                    for index, chunk in enumerate(chunks):
                        if self._turn is not None:
                            await self._turn()
                        await self._send_chunk(chunk, later=[*chunks[index + 1 :], *([[status]] if status else [])])
                        sent += 1
                    if status is not None:
                        if self._turn is not None:
                            await self._turn()
                        await self._run_status(status)
                except Behind as behind:
                    self._put_back(behind.items)
                    await self._wait_behind(behind.rows)
                    continue
                except TryAgain as again:
                    await self._wait_to_try_again(again)
                    continue
                except Exception as error:  # a write outside a send's own retry, or a defect: never the end of it
                    if not self._told:  # once while it lasts; what was left of the round goes again, first
                        log_failure(log, error, "sending to a destination failed; trying again")
                    self._told = True
                    rest = [item for chunk in chunks[sent:] for item in chunk] + ([status] if status else [])
                    await self._wait_to_try_again(TryAgain(rest, error))
                    continue
                self._failures, self._told = 0, False
            self._idle.set()
            if self._on_idle is None:
                return
            self._wake.clear()
            # linger one window: more may come, and the window's count still matters
            if not await wait_at_most(self._wake, self._window) and not self._queue:
                self._on_idle(self)
                return

    async def _wait_to_try_again(self, again: TryAgain) -> None:
        """Put back what failed (and what was to follow it) at the head of the queue, in order, and wait."""
        self._failures += 1
        metrics.delivery_retried()
        self._put_back(again.items)
        log.warning("sending failed for now (%s); trying again in %.0f s", again.error, backoff(self._failures))
        if self._failures == TELL_AFTER_FAILURES and self._on_stuck is not None and again.items:
            with contextlib.suppress(Exception):
                await self._on_stuck(again.items[0], again.error)
        await asyncio.sleep(backoff(self._failures))

    async def _wait_behind(self, rows: set[int]) -> None:
        """Wait until another bot process has sent these rows, which came before what is queued here (looked at
        every BEHIND_POLL_SECONDS, less and less often): up to BEHIND_MOST_SECONDS, after which this process's lines
        go on (one unable to send for that long must not stall the destination)."""
        assert self._journal is not None
        log.warning("%d rows queued here are another bot process's to send now; what follows them waits", len(rows))
        loop = asyncio.get_running_loop()
        started, pause = loop.time(), BEHIND_POLL_SECONDS
        while rows:
            if loop.time() - started > BEHIND_MOST_SECONDS:
                log.warning("another bot process has not sent %d rows in %.0f s; sending what follows them",
                            len(rows), BEHIND_MOST_SECONDS)
                return
            await asyncio.sleep(pause)
            pause = min(pause * 1.5, BEHIND_POLL_MOST_SECONDS)
            try:
                rows = await self._journal.others_have(sorted(rows))
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if not database_away(error):  # a defect: not a reason to stall the destination
                    log_failure(log, error, "looking for another bot process's rows failed; sending what follows")
                    return

    def _put_back(self, items: list[Item]) -> None:
        """Items at the head of the queue, in order (a status edit whose newer one waits gives it its rows)."""
        for item in reversed(items):
            if isinstance(item, Status) and item.key is not None:
                newer = next((i for i in self._queue if isinstance(i, Status) and i.key == item.key), None)
                if newer is not None:  # a newer edit of the same thing shows at least as much
                    newer.rows[:0] = item.rows
                    continue
            self._queue.insert(0, item)

    async def _send_chunk(self, chunk: list[Text | Message], later: list[list[Item]]) -> None:
        """Send one message; a transient failure raises TryAgain with it (as claimed) and everything
        `later` (the rest of this round), to be sent again in order."""
        message = chunk[-1] if isinstance(chunk[-1], Message) else None
        if message is not None and message.wanted is not None and not message.wanted():
            if message.rows and self._journal is not None:  # (the database away: `_run` sends it all again)
                await self._journal.dropped(message.rows)
            metrics.delivery_dropped("unwanted")
            chunk = chunk[:-1]
            message = None
            if not chunk:
                return
        await self._follow_up_saved()
        rows = [row for item in chunk for row in item.rows]
        content = content_of(chunk)
        batch: int | None = None
        try:
            batch = message.batch if message is not None and message.batch is not None else None
            retried = message.claim if message is not None else None
            # a claimed message goes exactly as claimed; one whose claim may be saved, the ordinary way
            follow_up = (await self._follow_up()
                         if batch is None and retried is None and self._follow_up is not None else None)
            send = self._send if follow_up is None else follow_up.send
            if batch is None and rows and self._journal is not None:
                try:
                    owned = await claim_chunk(self._journal, chunk, retried, follow_up, self._last_sent)
                except BehindOthers as behind:  # after them: this and the rest of the round, once they are sent
                    rest = [item for items in later for item in items]
                    raise Behind([*(behind.chunk or []), *rest], behind) from None
                except ClaimUnsaved as unsaved:  # the database, not Discord: nothing was sent; all of it again later
                    again = self._as_claimed(unsaved.chunk, content_of(unsaved.chunk), None, claim=unsaved.batch)
                    error = unsaved.error
                    raise TryAgain([again, *[item for items in later for item in items]], error) from error
                if owned is None:
                    metrics.delivery_dropped("taken")
                    log.warning("%d rows are another bot process's or another queued copy's to send; not sent here",
                                len(rows))
                    return
                if owned[0] is not chunk:  # some of its rows were another copy's: the rest goes on its own
                    message = owned[0][-1] if isinstance(owned[0][-1], Message) else None
                    rows = [row for item in owned[0] for row in item.rows]
                    content = content_of(owned[0])
                chunk, batch = owned
            extra: dict[str, Any] = {}
            if message is not None:
                built = message.build()
                extra = dict(await built if inspect.isawaitable(built) else built)
            if batch is not None:
                extra["nonce"] = batch
            async with self._sending:
                await self._wait_for_room()
                try:
                    with going_by(self._go_by(list(chunk))):
                        sent = await send(content, extra)
                finally:
                    self._mark_sent()
            if isinstance(made := getattr(sent, "id", None), int):
                self._last_sent = made
            if rows and self._journal is not None:
                await self._journal.done(rows, sent, list(chunk))
                self._follow_up_unsaved = batch is not None and batch < 0
            if message is not None and message.on_sent is not None:
                await message.on_sent(sent)
        except TryAgain:
            raise
        except Exception as error:
            if transient(error) or database_away(error):  # (the look for a follow-up's copy reads the database)
                again = self._as_claimed(chunk, content, batch)
                raise TryAgain([again, *[item for items in later for item in items]], error) from error
            log.warning("sending failed: %s", error)
            metrics.delivery_dropped("refused")
            if message is not None and message.on_refused is not None:
                try:
                    await message.on_refused(error)
                except Exception:
                    log.exception("what stands in for a refused message failed")
            if rows and self._journal is not None:
                with contextlib.suppress(Exception):
                    await self._journal.dropped(rows)
            if self._on_failure is not None:
                try:  # (not the message again: it was refused)
                    await self._on_failure(error)
                except Exception as failure:
                    log_failure(log, failure, "what follows a refused message failed")

    @staticmethod
    def _as_claimed(chunk: list[Text | Message], content: str, batch: int | None, claim: int | None = None) -> Message:
        """What a chunk that failed for now is sent as next time: the same content, the same rows, and
        (when it was claimed) the same nonce, so a message Discord made after all is not made twice; (when its
        claim's saving failed, `claim`) claimed again with the same batch."""
        message = chunk[-1] if isinstance(chunk[-1], Message) else None
        return Message(
            content=content, build=message.build if message is not None else dict,
            on_sent=message.on_sent if message is not None else None,
            rows=[row for item in chunk for row in item.rows], tag=chunk[-1].tag, batch=batch,
            on_refused=message.on_refused if message is not None else None, claim=claim,
            queued=min(item.queued for item in chunk),
        )

    async def _follow_up_saved(self) -> None:
        if self._follow_up_unsaved and self._journal is not None:
            await self._journal.saved()
        self._follow_up_unsaved = False

    async def _run_status(self, status: Status) -> None:
        await self._follow_up_saved()  # its first update is a new message
        async with self._sending:
            await self._wait_for_room()  # counted too: the first status update is a new message
            try:
                with going_by(self._go_by([status])):
                    await status.update()
            except Exception as error:
                if transient(error) or database_away(error):  # Discord or the database: tried again later
                    raise TryAgain([status], error) from error
                log_failure(log, error, "status update failed")  # a defect: dropped (a newer one shows it all)
            finally:
                self._mark_sent()
        if status.rows and self._journal is not None:
            try:
                await self._journal.done(status.rows, None, [status])
            except Exception:
                log.exception("could not mark a status edit done")
